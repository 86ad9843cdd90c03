"""fanrules beside the riichi ``mahjong`` library, the best-known pure-Python hand calculator, and beside
the C++ calculator of the Botzone judge (``pymahjonggb``, module ``MahjongGB``), on the same hands:
rates cold and warm, and their ratios.

Run: pip install -e ".[bench]" && python bench/bench_peers.py [--runs N] [--callgrind]

Both libraries score the corpus's complete standard-shape hands (four sets and a pair), converted
tile for tile: the same concealed tiles, declared sets (chow, pung, melded or concealed kong), winning
tile, self-drawn flag and winds. The riichi library scores a sister game (its hands are judged by
other patterns), so only the rates compare, not the scores. The C++ calculator scores MCR itself: it is
given each hand as its callers state it (``fanrules.botzone.calculator.record_args``, the arguments of
``MahjongFanCalculator``), and timed the same ways. "Cold" is a first pass, in a process that
has seen none of the hands; "warm" is a pass over hands whose patterns the memos hold. Passes of the
libraries alternate, and each figure is the median of ``--runs`` passes, so a slow moment of the
machine touches all; the ratios are the figures to read. The peers are imported here only (the ``bench``
extra), never by fanrules; without ``pymahjonggb`` (built from its source) its column is left out.

"Cold" is measured in a fresh process for each pass of each library: it reads the hands from a JSONL
file of their records (so no memo of fanrules was ever filled: the filter for standard shapes ran in
this process), builds the scorer or calculator, scores one hand outside the timing (so imports done on
first use are not counted) and times the pass over the others. "Warm" is measured here, on hands
scored before, forgetting fanrules' remembered unique-wait answers (one per hand, never found by a
new hand) before each pass; the riichi library's memo holds 128 hands, too few to find them again;
the C++ keeps nothing from one hand to the next.
The calibration loop printed beside the figures says how busy the machine was.

``--callgrind`` (valgrind) counts instructions instead, the same for a busy machine as for an idle
one: in one process, the riichi library's first pass and a warm pass, then fanrules' pass with every
memo emptied and a warm pass, each in its own ``itertools`` iterator that valgrind counts alone (as in
bench/callgrind_scoring.py); the C++ calculator is not counted there."""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from collections import deque
from itertools import dropwhile, filterfalse, starmap, takewhile

from common import CORPUS, calibration, callgrind, clear_memos, complete_hands, forget

import fanrules
from fanrules.analysis.readings import readings
from fanrules.core.blocks import Shape
from fanrules.core.hand import Hand, MeldKind
from fanrules.botzone.calculator import record_args
from fanrules.core.jsonio import hand_from_record, hand_to_record

try:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld as RiichiMeld
except ImportError:  # pragma: no cover - an optional peer
    sys.exit('the riichi mahjong library is not installed: pip install ".[bench]"')
try:
    from MahjongGB import MahjongFanCalculator
except ImportError:  # pragma: no cover - an optional peer, built from its source
    MahjongFanCalculator = None

#: fanrules tiles 0..26 are the three suits as in the riichi library; its honours run E S W N, then the
#: white, green and red dragons, where fanrules has E S W N C (red) F (green) P (white).
HONOUR_TO_RIICHI = {27: 27, 28: 28, 29: 29, 30: 30, 31: 33, 32: 32, 33: 31}
MELD_TYPE = {MeldKind.CHOW: RiichiMeld.CHI, MeldKind.PUNG: RiichiMeld.PON, MeldKind.KONG: RiichiMeld.KAN,
             MeldKind.CONCEALED_KONG: RiichiMeld.KAN}

PeerHand = tuple[list[int], int, list[RiichiMeld], HandConfig]


def standard_hands(paths: list[Path]) -> list[Hand]:
    """The corpus hands that read as four sets and a pair."""
    return [h for path in paths for h in complete_hands(path) if any(r.shape is Shape.STANDARD for r in readings(h))]


def to_peer(hand: Hand) -> PeerHand:
    """The same hand in the riichi library's terms: 136-tile indices (each copy its own), melds, config."""
    copies: dict[int, int] = {}

    def tile136(tile: int) -> int:
        kind = HONOUR_TO_RIICHI.get(tile, tile)
        n = copies.get(kind, 0)
        copies[kind] = n + 1
        return kind * 4 + n

    melds = []
    tiles = []
    for meld in hand.melds:
        meld_tiles = [tile136(t) for t in meld.tiles]
        tiles += meld_tiles
        melds.append(RiichiMeld(meld_type=MELD_TYPE[meld.kind], tiles=meld_tiles, opened=meld.kind is not MeldKind.CONCEALED_KONG))
    tiles += [tile136(t) for t in hand.concealed]
    win = tile136(hand.win_tile)
    tiles.append(win)
    ctx = hand.context
    config = HandConfig(is_tsumo=ctx.self_drawn, player_wind=HONOUR_TO_RIICHI[ctx.seat_wind],
                        round_wind=HONOUR_TO_RIICHI[ctx.prevalent_wind])
    return tiles, win, melds, config


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def cold_pass(library: str, path: str) -> None:
    """In a fresh process: one library's first pass over the hands recorded in ``path``, but the first
    hand (scored before the timing); prints the seconds and the hands timed."""
    with open(path, encoding="utf-8") as f:
        hands = [hand_from_record(json.loads(line)) for line in f]
    if library == "fanrules":
        scorer = fanrules.Scorer.of("mcr")
        score: Callable[[Any], object] = scorer.score
        work: list[Any] = hands
    elif library == "cpp":
        work = [record_args(hand_to_record(h)) for h in hands]

        def score(args: tuple[Any, ...]) -> object:
            return MahjongFanCalculator(*args)
    else:
        calculator = HandCalculator()
        work = [to_peer(h) for h in hands]

        def score(peer: PeerHand) -> object:
            tiles, win, melds, config = peer
            return calculator.estimate_hand_value(tiles, win, melds=melds, config=config)
    score(work[0])
    start = time.perf_counter()
    for hand in work[1:]:
        score(hand)
    print(json.dumps({"seconds": time.perf_counter() - start, "hands": len(work) - 1}))


def fresh_rate(library: str, path: str) -> float:
    """Hands per second of a cold pass in a fresh process."""
    done = subprocess.run([sys.executable, __file__, "--cold-pass", library, path], check=True, capture_output=True, text=True)
    report = json.loads(done.stdout)
    return report["hands"] / report["seconds"]


#: The passes counted by --callgrind, each by the C function of the iterator that runs it.
COUNTED = (("cold riichi", "dropwhile_next"), ("warm riichi", "starmap_next"),
           ("cold fanrules", "filterfalse_next"), ("warm fanrules", "takewhile_next"))


def counted_passes(paths: list[Path]) -> None:
    """The passes that ``--callgrind`` counts; prints the number of hands."""
    hands = standard_hands(paths)
    peers = [to_peer(h) for h in hands]
    scorer = fanrules.Scorer.of("mcr")
    calculator = HandCalculator()

    def theirs(tiles: list[int], win: int, melds: list[RiichiMeld], config: HandConfig) -> object:
        return calculator.estimate_hand_value(tiles, win, melds=melds, config=config)
    deque(dropwhile(lambda p: theirs(*p) or True, peers), maxlen=0)
    deque(starmap(theirs, peers), maxlen=0)
    forget(scorer)
    deque(filterfalse(lambda h: scorer.score(h) and False, hands), maxlen=0)
    clear_memos("fanrules.scoring.facts")
    deque(takewhile(lambda h: scorer.score(h) or True, hands), maxlen=0)
    print(len(hands))


def callgrind_table() -> None:
    """Instructions per hand of each library, cold and warm, and the ratios."""
    stdout, found = callgrind(__file__, ["--counted"], [name for _, name in COUNTED])
    n = int(stdout.split()[-1])
    per_hand = {label: found[name] / n for label, name in COUNTED}
    print(f"Instructions per hand (callgrind, {time.strftime('%Y-%m-%d %H:%M')}, {n} standard-shape corpus hands; fewer is"
          " faster, so the ratio is riichi / fanrules):\n")
    print("| pass | fanrules | riichi mahjong | ratio |\n|---|---|---|---|")
    for kind in ("cold", "warm"):
        ours, theirs = per_hand[f"{kind} fanrules"], per_hand[f"{kind} riichi"]
        print(f"| {kind} | {ours:,.0f} | {theirs:,.0f} | {theirs / ours:.2f}x |")


def rates(hands: list[Hand], runs: int) -> dict[tuple[str, str], float]:
    """Hands per second of each library (fanrules, riichi, and the C++ when installed), cold (each
    pass in a fresh process) and warm (every library has scored every hand once), medians of ``runs``."""
    peer_hands = [to_peer(h) for h in hands]
    scorer = fanrules.Scorer.of("mcr")
    calculator = HandCalculator()

    def ours() -> None:
        clear_memos("fanrules.scoring.facts")
        for hand in hands:
            scorer.score(hand)

    def theirs() -> None:
        for tiles, win, melds, config in peer_hands:
            calculator.estimate_hand_value(tiles, win, melds=melds, config=config)

    cpp_args = [record_args(hand_to_record(h)) for h in hands]

    def cpp() -> None:
        for args in cpp_args:
            MahjongFanCalculator(*args)

    peers = {"riichi": theirs, **({"cpp": cpp} if MahjongFanCalculator is not None else {})}
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        f.writelines(json.dumps(hand_to_record(h)) + "\n" for h in hands)
    try:
        cold: dict[str, list[float]] = {"fanrules": [], **{name: [] for name in peers}}
        for _ in range(runs):
            for library, found in cold.items():
                found.append(fresh_rate(library, f.name))
    finally:
        Path(f.name).unlink()
    for work in (*peers.values(), ours):  # warm: every library has scored every hand once
        work()
    warm: dict[str, list[float]] = {name: [] for name in cold}
    for _ in range(runs):
        for name, work in {"fanrules": ours, **peers}.items():
            warm[name].append(timed(work))
    n = len(hands)
    return {(kind, name): statistics.median(cold[name]) if kind == "cold" else n / statistics.median(warm[name])
            for kind in ("cold", "warm") for name in cold}


def print_rates(rate: dict[tuple[str, str], float], n: int, runs: int) -> None:
    """The Markdown table of ``rates``: each library's cold and warm rates and fanrules' ratios to each."""
    peers = [name for kind, name in rate if kind == "cold" and name != "fanrules"]
    print(f"Measured {time.strftime('%Y-%m-%d %H:%M')} on {platform.machine()}, Python {platform.python_version()}; "
          f"{n} standard-shape corpus hands; median of {runs} passes (cold: each in a fresh process); "
          f"calibration loop {calibration():.3f} s.\n")
    if MahjongFanCalculator is None:
        print("(the C++ calculator is not installed: pip install pymahjonggb)\n")
    names = {"riichi": "riichi mahjong", "cpp": "C++ (MahjongGB)"}
    print("| pass | fanrules | " + " | ".join(names[p] for p in peers) + " | " + " | ".join(f"fanrules / {names[p]}" for p in peers) + " |")
    print("|---" * (2 + 2 * len(peers)) + "|")
    for kind in ("cold", "warm"):
        ours_rate = rate[kind, "fanrules"]
        print(f"| {kind} | {ours_rate:,.0f} hands/s | " + " | ".join(f"{rate[kind, p]:,.0f} hands/s" for p in peers) + " | "
              + " | ".join(f"{ours_rate / rate[kind, p]:.2f}x" for p in peers) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="passes of each kind; the median is reported")
    parser.add_argument("--callgrind", action="store_true", help="count instructions with valgrind instead of timing")
    parser.add_argument("--cold-pass", nargs=2, metavar=("LIBRARY", "FILE"), help=argparse.SUPPRESS)
    parser.add_argument("--counted", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.cold_pass:
        cold_pass(*args.cold_pass)
        return 0
    paths = [CORPUS, CORPUS.with_name("rulebook.jsonl")]
    if not CORPUS.is_file():
        print(f"corpus not found: {CORPUS}", file=sys.stderr)
        return 1
    if args.counted:
        counted_passes(paths)
        return 0
    if args.callgrind:
        callgrind_table()
        return 0
    hands = standard_hands(paths)
    print_rates(rates(hands, args.runs), len(hands), args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
