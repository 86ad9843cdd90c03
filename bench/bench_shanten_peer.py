"""Shanten of unseen hands beside the C++ calculator of the Botzone judge (``MahjongGB.MahjongShanten``,
from the ``pymahjonggb`` package, a bench-only peer): first pass and warm, and the string API's cost.

Run: pip install pymahjonggb && python bench/bench_shanten_peer.py [--hands N] [--runs R]

Hands are 13 tiles dealt from a shuffled wall (seeded, a different seed for each run), no declared set.
"First pass" is a fresh process that has seen none of the hands: it converts them for both calculators,
asks each once about a hand outside the set (so imports and the loading of shipped tables on first use
are counted once, outside the timing, as for the C++ library's own import), then times one pass of the
C++ calculator, one of ``fanrules.analysis.shanten.shanten`` (tile numbers), then a second pass of each
("warm": fanrules' memos now hold the hands' parts) and a pass of ``fanrules.shanten`` on hand strings
(parse, then shanten of every shape). Each figure is the median over ``--runs`` processes; the ratios
(fanrules' rate over the C++ one, the string API's over the tile-number API's) are the figures to read.
Times are the process's CPU time, so that the other work of a shared machine is not counted."""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

#: Botzone's names of the 34 kinds in fanrules' order: characters (W), dots (B), bamboo (T), the winds
#: (F1-F4: east, south, west, north), the red, green and white dragons (J1-J3).
PEER_NAMES = [f"{s}{r}" for s in "WBT" for r in range(1, 10)] + [f"F{i}" for i in range(1, 5)] + ["J1", "J2", "J3"]
SUITS = "mps"


def deal(seed: int, n: int) -> list[list[int]]:
    """``n`` hands of 13 tiles dealt from a wall shuffled with ``seed``."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    for _ in range(n):
        rng.shuffle(wall)
        out.append(sorted(wall[:13]))
    return out


def hand_string(tiles: list[int]) -> str:
    """A hand string of tile numbers (suits as digits then m/p/s, honours by their letters)."""
    parts = []
    for s, suit in enumerate(SUITS):
        ranks = "".join(str(t - 9 * s + 1) for t in tiles if 9 * s <= t < 9 * s + 9)
        if ranks:
            parts.append(ranks + suit)
    parts.append("".join("ESWNCFP"[t - 27] for t in tiles if t >= 27))
    return "".join(parts)


def timed_rate(work: Callable[[], object], n: int) -> float:
    """Hands per CPU second of the process (a shared machine's other work is not counted)."""
    start = time.process_time()
    work()
    return n / (time.process_time() - start)


def child(seed: int, n: int) -> dict[str, float]:
    """One fresh process's rates (hands per second)."""
    import fanrules
    from fanrules.analysis.shanten import shanten
    from MahjongGB import MahjongShanten

    hands = deal(seed, n)
    theirs = [tuple(PEER_NAMES[t] for t in h) for h in hands]
    strings = [hand_string(h) for h in hands]
    outside = deal(seed + 10_000, 1)[0]
    MahjongShanten(pack=(), hand=tuple(PEER_NAMES[t] for t in outside))
    shanten(outside)
    fanrules.shanten(hand_string(outside))

    def peer() -> None:
        for h in theirs:
            MahjongShanten(pack=(), hand=h)

    def ours() -> None:
        for h in hands:
            shanten(h)

    def ours_strings() -> None:
        for s in strings:
            fanrules.shanten(s)

    rates = {"peer first": timed_rate(peer, n), "fanrules first": timed_rate(ours, n)}
    rates["peer warm"] = timed_rate(peer, n)
    rates["fanrules warm"] = timed_rate(ours, n)
    rates["fanrules strings warm"] = timed_rate(ours_strings, n)
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(json.dumps(child(args.child, args.hands)))
        return 0
    try:
        import MahjongGB  # noqa: F401 - only to say it is missing before the runs
    except ImportError:
        sys.exit("the C++ calculator is not installed: pip install pymahjonggb")
    runs = [json.loads(subprocess.run([sys.executable, __file__, "--child", str(seed), "--hands", str(args.hands)],
                                      check=True, capture_output=True, text=True).stdout) for seed in range(args.runs)]
    rate = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    for key, value in rate.items():
        print(f"{key:24s} {value:10.0f} hands/s")
    print(f"shanten first pass, fanrules / C++: {statistics.median(r['fanrules first'] / r['peer first'] for r in runs):.2f}")
    print(f"shanten warm, fanrules / C++:       {statistics.median(r['fanrules warm'] / r['peer warm'] for r in runs):.2f}")
    print(f"string API / tile-number API, warm: "
          f"{statistics.median(r['fanrules strings warm'] / r['fanrules warm'] for r in runs):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
