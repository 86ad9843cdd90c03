"""fanrules beside the riichi ``mahjong`` library, the best-known pure-Python hand calculator, on the same
hands in the same process: rates cold and warm, and their ratios.

Run: pip install ".[bench]" && python bench/bench_peers.py [--runs N]

Both libraries score the corpus's complete standard-shape hands (four sets and a pair), converted
tile for tile: the same concealed tiles, declared sets (chow, pung, melded or concealed kong), winning
tile, self-drawn flag and winds. The riichi library scores a sister game (its hands are judged by
other patterns), so only the rates compare, not the scores. "Cold" is a pass with every memo of both
libraries emptied first, as in a process that has seen none of the hands; "warm" is a pass over hands
whose patterns the memos hold. Passes of the two libraries alternate, and each figure is the median
of ``--runs`` passes, so a slow moment of the machine touches both; the ratios are the figures to read.
The riichi library is imported here only (a ``bench`` extra), never by fanrules or its tests."""
from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from common import CORPUS, calibration, complete_hands, forget

import fanrules
from fanrules.analysis.readings import readings
from fanrules.core.blocks import Shape
from fanrules.core.hand import Hand, MeldKind

try:
    from mahjong.hand_calculating import divider
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld as RiichiMeld
except ImportError:  # pragma: no cover - an optional peer
    sys.exit('the riichi mahjong library is not installed: pip install ".[bench]"')

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


def forget_peer() -> None:
    """Empty the riichi library's memo (its hand divider keeps the last 128 hands)."""
    for value in vars(divider.HandDivider).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()


def timed(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="passes of each kind; the median is reported")
    args = parser.parse_args(argv)
    paths = [CORPUS, CORPUS.with_name("rulebook.jsonl")]
    if not CORPUS.is_file():
        print(f"corpus not found: {CORPUS}", file=sys.stderr)
        return 1
    hands = standard_hands(paths)
    peer_hands = [to_peer(h) for h in hands]
    scorer = fanrules.scorer("mcr")
    calculator = HandCalculator()

    def ours() -> None:
        for hand in hands:
            scorer.score(hand)

    def theirs() -> None:
        for tiles, win, melds, config in peer_hands:
            calculator.estimate_hand_value(tiles, win, melds=melds, config=config)

    theirs()  # both libraries load and compile what they need before any pass is timed
    ours()
    cold_ours, cold_theirs, warm_ours, warm_theirs = [], [], [], []
    for _ in range(args.runs):
        forget(scorer)
        cold_ours.append(timed(ours))
        warm_ours.append(timed(ours))
        forget_peer()
        cold_theirs.append(timed(theirs))
        warm_theirs.append(timed(theirs))
    n = len(hands)
    rate = {name: n / statistics.median(times) for name, times in
            (("cold fanrules", cold_ours), ("cold riichi", cold_theirs), ("warm fanrules", warm_ours), ("warm riichi", warm_theirs))}
    print(f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, Python {platform.python_version()}; "
          f"{n} standard-shape corpus hands; median of {args.runs} passes; calibration loop {calibration():.3f} s.\n")
    print("| pass | fanrules | riichi mahjong | ratio |\n|---|---|---|---|")
    for kind in ("cold", "warm"):
        ours_rate, theirs_rate = rate[f"{kind} fanrules"], rate[f"{kind} riichi"]
        print(f"| {kind} | {ours_rate:,.0f} hands/s | {theirs_rate:,.0f} hands/s | {ours_rate / theirs_rate:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
