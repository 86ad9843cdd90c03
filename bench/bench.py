"""The benchmark table of the README: scoring, waits, batch throughput, CLI start-up and memory.

Run: python bench/bench.py   (plain perf_counter timing, median of several runs; writes the table to
stdout in Markdown). Needs ../shared/corpus/public.jsonl beside the repository."""
from __future__ import annotations

import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import CORPUS, calibration, complete_hands, forget, median_seconds

import fanrules
from fanrules.scoring.facts import _unique_wait as unique_wait_cache
from fanrules.ruleset.loader import _build
from fanrules.ruleset import resolve
from fanrules.scoring.scored_waits import score_waits

BATCH_COPIES = 10


def cli_startup(cache: bool = True) -> float:
    """Median wall time of ``python -m fanrules score`` on one hand, with the predicate cache warm or off."""
    cmd = [sys.executable, "-m", "fanrules", "score", "[CCC,1]FFFPPP999s5m5m", "--self-drawn"]
    env = dict(os.environ) if cache else {**os.environ, "FANRULES_NO_CACHE": "1"}
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    return median_seconds(lambda: subprocess.run(cmd, check=True, capture_output=True, env=env), runs=7)


def batch_rate(path: str, lines: int, jobs: int) -> float:
    """Lines per second of ``fanrules batch --jobs N`` on a file, start-up included."""
    cmd = [sys.executable, "-m", "fanrules", "batch", "--quiet", "--jobs", str(jobs), "--input", path, "--output", os.devnull]
    return lines / median_seconds(lambda: subprocess.run(cmd, check=True), runs=3)


def main() -> int:
    if not CORPUS.is_file():
        print(f"corpus not found: {CORPUS}", file=sys.stderr)
        return 1
    hands = complete_hands()
    scorer = fanrules.scorer("mcr")
    for hand in hands:  # warm the per-suit memos, as in a long batch
        scorer.score(hand)

    def score_all() -> None:
        unique_wait_cache.cache_clear()  # per hand: a new hand in a batch would not find it
        for h in hands:
            scorer.score(h)

    def score_all_first_sight() -> None:
        forget(scorer)
        score_all()

    score_s = median_seconds(score_all)
    first_sight_s = median_seconds(score_all_first_sight)
    score_all()  # the memos warm again for what follows
    thirteen = [(h.concealed, h.melds, h.context) for h in hands]
    waits_s = median_seconds(lambda: [score_waits(c, m, ctx, scorer) for c, m, ctx in thirteen], runs=3)
    load_s = median_seconds(lambda: _build(resolve("mcr")))
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    text = CORPUS.read_text(encoding="utf-8")
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        f.write(text * BATCH_COPIES)
    lines = text.count("\n") * BATCH_COPIES
    cores = os.cpu_count() or 1
    try:
        batch_1 = batch_rate(f.name, lines, 1)
        batch_n = batch_rate(f.name, lines, cores)
    finally:
        Path(f.name).unlink()
    child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    startup, startup_cold = cli_startup(), cli_startup(cache=False)
    rows = [
        (f"scoring, {len(hands)} complete corpus hands, one process", f"{len(hands) / score_s:,.0f} hands/s"),
        ("the same, every memo forgotten before each pass (per-suit splits, shared blocks, remembered each rules)",
         f"{len(hands) / first_sight_s:,.0f} hands/s"),
        ("waits with fans (13-tile hands, every winning tile scored twice)", f"{len(hands) / waits_s:,.0f} hands/s"),
        ("load mcr (81 fans) in a running process", f"{load_s * 1000:.0f} ms"),
        (f"batch --jobs 1, {lines} lines", f"{batch_1:,.0f} lines/s"),
        (f"batch --jobs {cores}, {lines} lines", f"{batch_n:,.0f} lines/s"),
        ("CLI start-up + one score (python -m fanrules score)", f"{startup * 1000:.0f} ms"),
        ("the same with the predicate cache off (parser loaded, 81 predicates compiled)", f"{startup_cold * 1000:.0f} ms"),
        ("peak memory: this process / largest batch process", f"{peak_mb:.0f} MB / {child_mb:.0f} MB"),
    ]
    print(f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, {cores} cores, Python {platform.python_version()}"
          f" ({platform.processor() or platform.platform()}); median of several runs. A plain loop of three million"
          f" additions took {calibration():.3f} s during this run; compare it between runs to see how fast the machine was.\n")
    print("| what | result |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
