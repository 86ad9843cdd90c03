"""Throughput of hand analysis: shanten, discard advice without and with the points in reach.

Run as ``python bench/bench_analysis.py``. Hands are dealt from a shuffled wall (seeded): shanten on
20,000 hands of 14 tiles, first with every memo empty ("cold") then the median of 5 passes ("warm");
discard advice (shanten and useful tiles after each discard, no scoring) on 2,000 hands of 14 tiles;
the full analysis with points in reach on 14-tile hands one from ready (shanten 1), 100 of them, then
100 others (the memos of suit patterns then hold what the first hundred taught them). Times by
time.perf_counter; the last line gives the analysis with points by the process's CPU time as well.
"""
from __future__ import annotations

import random
import sys
import time

import fanrules
from common import RUNS, median_seconds
from fanrules.analysis.advice import HandTiles, advise
from fanrules.analysis.parts import COMBINED, HONOUR_PARTS, KNIT_RESTS, PARTS, SUIT_PARTS
from fanrules.analysis.shanten import shanten
from fanrules.scoring.reach import analyze_tiles


def deal(rng: random.Random, n: int) -> list[list[int]]:
    """``n`` hands of 14 tiles from a shuffled wall of 136."""
    return [[x // 4 for x in rng.sample(range(136), 14)] for _ in range(n)]


def one_from_ready(rng: random.Random, n: int) -> list[list[int]]:
    """``n`` hands of 14 tiles whose shanten is 1: four random sets and a pair with two tiles changed."""
    sets = [(t, t + 1, t + 2) for t in range(27) if t % 9 < 7] + [(t, t, t) for t in range(34)]
    out: list[list[int]] = []
    while len(out) < n:
        tiles = [t for _ in range(4) for t in rng.choice(sets)] + [rng.randrange(34)] * 2
        for _ in range(2):
            tiles[rng.randrange(14)] = rng.randrange(34)
        if max(tiles.count(t) for t in tiles) <= 4 and shanten(tiles) == 1:
            out.append(tiles)
    return out


def rate(label: str, n: int, seconds: float) -> None:
    print(f"{label:<52} {n:>7} {seconds:>9.3f} {n / seconds:>10,.0f}")


def plain_loop() -> float:
    """Seconds for three million additions: compare between runs to see how busy the machine was."""
    start = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i
    return time.perf_counter() - start


def main() -> int:
    print(f"a plain loop of three million additions: {plain_loop():.3f} s")
    rng = random.Random(2026)
    hands = deal(rng, 20_000)
    print(f"{'measure':<52} {'hands':>7} {'seconds':>9} {'hands/s':>10}")
    for memo in (PARTS, SUIT_PARTS, HONOUR_PARTS, COMBINED, KNIT_RESTS):
        memo.clear()
    start = time.perf_counter()
    for h in hands:
        shanten(h)
    rate("shanten, 14 tiles, memos empty (cold)", len(hands), time.perf_counter() - start)
    rate(f"shanten, 14 tiles, warm (median of {RUNS})", len(hands), median_seconds(lambda: [shanten(h) for h in hands]))
    advice_hands = [HandTiles(tuple(sorted(h))) for h in hands[:2000]]
    start = time.perf_counter()
    for h in advice_hands:
        advise(h)
    rate("discard advice, 14 tiles, first pass", len(advice_hands), time.perf_counter() - start)
    rate(f"discard advice, 14 tiles, warm (median of {RUNS})", len(advice_hands),
         median_seconds(lambda: [advise(h) for h in advice_hands]))
    scorer = fanrules.Scorer.of("mcr")
    cpu_rates = []
    for label in ("first 100", "next 100"):
        near = [HandTiles(tuple(sorted(h))) for h in one_from_ready(rng, 100)]
        start, cpu = time.perf_counter(), time.process_time()
        for h in near:
            analyze_tiles(h, scorer)
        rate(f"analysis with points in reach, one from ready, {label}", len(near), time.perf_counter() - start)
        cpu_rates.append(len(near) / (time.process_time() - cpu))
    print(f"analysis with points in reach, hands per CPU second: first 100 {cpu_rates[0]:,.0f}, next 100 "
          f"{cpu_rates[1]:,.0f} (issue 38's target: 200)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
