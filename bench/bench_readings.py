"""Throughput of readings() and waits() over the complete hands of the public corpus.

Run as ``python bench/bench_readings.py``. Each measurement is the median of 5 runs over every hand
(time.perf_counter); the split cache of readings is warm after the first run, as in a long batch.
"""
from __future__ import annotations

import sys

from common import CORPUS, RUNS, complete_hands, median_seconds

from fanrules.analysis.readings import readings
from fanrules.analysis.waits import winning_tiles

def main() -> int:
    if not CORPUS.is_file():
        print(f"corpus not found: {CORPUS}", file=sys.stderr)
        return 1
    hands = complete_hands(CORPUS)
    thirteen = [(h.concealed, len(h.melds)) for h in hands]
    rows = [
        ("readings()", median_seconds(lambda: [readings(h) for h in hands])),
        ("waits()", median_seconds(lambda: [winning_tiles(c, m) for c, m in thirteen])),
    ]
    print(f"{len(hands)} complete hands from {CORPUS.name}, median of {RUNS} runs\n")
    print(f"{'function':<12} {'hands':>7} {'median s':>10} {'hands/s':>10}")
    for name, seconds in rows:
        print(f"{name:<12} {len(hands):>7} {seconds:>10.4f} {len(hands) / seconds:>10,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
