"""Scoring throughput over the public corpus's complete hands, and rule-set load/compile time.

Run: python bench/bench_scoring.py   (plain perf_counter timing, median of several runs)."""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import fanrules
from fanrules.hand import HandError
from fanrules.ruleset import _build, resolve

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "public.jsonl"


def median_time(fn, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    hands = []
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        try:
            hand = fanrules.hand_from_record(json.loads(line))
        except HandError:
            continue
        if fanrules.readings(hand):
            hands.append(hand)
    path = resolve("mcr")
    load = median_time(lambda: _build(path), runs=5)
    scorer = fanrules.scorer("mcr")
    score = median_time(lambda: [scorer.score(h) for h in hands], runs=5)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "fanrules", "score", "[CCC,1]FFFPPP999s5m5m", "--self-drawn"], check=True, capture_output=True)
    cli = time.perf_counter() - start
    rows = [
        ("load + check + compile mcr (81 fans)", f"{load * 1000:.1f} ms"),
        (f"score {len(hands)} complete hands, one process", f"{len(hands) / score:,.0f} hands/s"),
        ("CLI start-up + one score", f"{cli * 1000:.0f} ms"),
    ]
    width = max(len(r[0]) for r in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
