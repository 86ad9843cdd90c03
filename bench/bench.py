"""The benchmark table of the README: scoring, waits, batch throughput, CLI start-up and memory.

Run: python bench/bench.py   (plain perf_counter timing, median of several runs; writes the table to
stdout in Markdown). Reads the corpus copy tests/data/public.jsonl.

Every rate of scoring is "warm": the memos hold the patterns of the hands (one suit's tiles, shared
blocks, remembered each rules), as in a long batch, but not the per-hand unique-wait answers. Beside it:
- the first pass: a fresh process reads the complete hands (their JSONL records) and scores them once,
  every memo empty, as a process meeting hands it has never seen; then, in the same process, warm
  passes, so that the fraction first/warm compares two moments of the same machine; once as the
  library runs, once with start-up's objects frozen out of the collector's sight (gc.freeze), as
  ``fanrules batch`` runs: the full collection a first pass brings on otherwise walks them all;
- batch: ``fanrules batch`` on a file of 20,000 lines (the corpus's complete hands, repeated), whole
  process, start-up included, as a fraction of scoring the same hands in process (warm), and the
  rate with one worker per core against one job; beside it, what no batch avoids (its start-up, and
  decoding each line's JSON) and the fraction the batch would reach if nothing else cost anything.
Every timed command runs with its modules' bytecode written (common.INSTALLED), as after ``pip install``."""
from __future__ import annotations

import gc
import json
import os
import platform
import shutil
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from itertools import repeat
from pathlib import Path

from common import CORPUS, INSTALLED, calibration, clear_memos, complete_hands, complete_lines, median_seconds

import fanrules
from fanrules.core.jsonio import hand_from_record, hand_to_record
from fanrules.ruleset import resolve
from fanrules.scoring.scored_waits import score_waits
from fanrules.tools.batch import parse_line

BATCH_LINES = 20_000
#: The module whose memo of unique waits is emptied between passes: a new hand would not find its answer.
UNIQUE_WAIT = "fanrules.scoring.facts"
Row = tuple[str, str]


def cli_startup(cache: bool = True, rules: str = "mcr") -> float:
    """Median wall time of ``python -m fanrules score`` on one hand, with the caches warm or off, under
    ``rules`` (a shipped name loads from its document; a folder of a user's from its YAML)."""
    cmd = [sys.executable, "-m", "fanrules", "score", "[CCC,1]FFFPPP999s5m5m", "--self-drawn", "--rules", rules]
    env = INSTALLED if cache else {**INSTALLED, "FANRULES_NO_CACHE": "1"}
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    return median_seconds(lambda: subprocess.run(cmd, check=True, capture_output=True, env=env), runs=7)


def batch_rate(path: str, lines: int, jobs: int, runs: int = 3, brief: bool = False) -> tuple[float, float]:
    """Lines per second of ``fanrules batch --jobs N`` (``--brief``) on a file, start-up included, and the
    CPU seconds of all its processes (medians): on a busy machine the CPU time says what the wall time cannot."""
    cmd = [sys.executable, "-m", "fanrules", "batch", "--quiet", "--jobs", str(jobs), "--input", path, "--output", os.devnull]
    cmd += ["--brief"] if brief else []
    subprocess.run(cmd, check=True, env=INSTALLED)  # its modules' bytecode written, as by an install
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, check=True, env=INSTALLED)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return lines / statistics.median(walls), statistics.median(cpus)


def empty_batch() -> float:
    """Median wall time of ``fanrules batch --jobs 1`` on an empty file: the start-up every batch pays."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        pass
    try:
        cmd = [sys.executable, "-m", "fanrules", "batch", "--quiet", "--jobs", "1", "--input", f.name, "--output", os.devnull]
        subprocess.run(cmd, check=True, env=INSTALLED)
        return median_seconds(lambda: subprocess.run(cmd, check=True, env=INSTALLED), runs=7)
    finally:
        Path(f.name).unlink()


def first_pass(path: str, frozen: bool = False) -> None:
    """In a fresh process: the seconds of the first pass over the hands recorded in ``path``, and the
    median of warm passes after it (printed as JSON); with ``frozen``, start-up's objects (the hands
    and the loaded rule set among them) moved out of the collector's sight first, as ``fanrules batch``
    does (gc.freeze)."""
    with open(path, encoding="utf-8") as f:
        hands = [hand_from_record(json.loads(line)) for line in f]
    scorer = fanrules.Scorer.of("mcr")
    if frozen:
        gc.freeze()
    collections = [0, 0, 0]

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections[info["generation"]] += 1
    gc.callbacks.append(count)
    start = time.perf_counter()
    for hand in hands:
        scorer.score(hand)
    first = time.perf_counter() - start
    gc.callbacks.remove(count)

    def warm() -> None:
        clear_memos(UNIQUE_WAIT)
        for hand in hands:
            scorer.score(hand)
    print(json.dumps({"hands": len(hands), "first": first, "warm": median_seconds(warm), "collections": collections}))


#: Fresh processes of the first pass: each gives its own fraction first/warm, and the row their median.
FIRST_PASS_RUNS = 7


def first_pass_rates(hands: list[fanrules.Hand], frozen: bool = False) -> tuple[float, float, str]:
    """Hands per second of the first pass in a fresh process and of warm passes in it (medians over
    FIRST_PASS_RUNS processes), and the fraction first/warm as the median of each process's own (two
    moments of one process: a machine that slows between processes moves both of its passes), with
    the lowest and highest and the garbage collections during each run's first pass (young/middle/full);
    with ``frozen``, start-up's objects frozen first (see first_pass)."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        f.writelines(json.dumps(hand_to_record(h)) + "\n" for h in hands)
    try:
        reports = [json.loads(subprocess.run([sys.executable, __file__, "--first-pass", f.name, *(["--frozen"] if frozen else [])], check=True,
                                             capture_output=True, text=True).stdout) for _ in range(FIRST_PASS_RUNS)]
    finally:
        Path(f.name).unlink()
    n = len(hands)
    fractions = sorted(r["warm"] / r["first"] for r in reports)
    collected = ", ".join(sorted({"/".join(map(str, r["collections"])) for r in reports}))
    return (n / statistics.median(r["first"] for r in reports), n / statistics.median(r["warm"] for r in reports),
            f"{statistics.median(fractions):.2f} ({fractions[0]:.2f} to {fractions[-1]:.2f}; collections {collected})")


def first_load(spec: str, runs: int = 5) -> float:
    """Median seconds of the first ``load_ruleset(spec)`` in a fresh process (the package imported
    before the clock starts): what a command pays to have its rule set."""
    probe = ("import sys, time\nfrom fanrules.ruleset import load_ruleset\n"
             "start = time.perf_counter()\nload_ruleset(sys.argv[1])\nprint(time.perf_counter() - start)\n")
    subprocess.run([sys.executable, "-c", probe, spec], check=True, capture_output=True, env=INSTALLED)
    return statistics.median(float(subprocess.run([sys.executable, "-c", probe, spec], check=True, capture_output=True,
                                                  text=True, env=INSTALLED).stdout) for _ in range(runs))


def scoring_rows(hands: list[fanrules.Hand], scorer: fanrules.Scorer) -> list[Row]:
    """Warm scoring, the first pass (plain and frozen) and waits with fans."""
    def score_all() -> None:
        clear_memos(UNIQUE_WAIT)  # per hand: a new hand in a batch would not find it
        for h in hands:
            scorer.score(h)

    score_s = median_seconds(score_all)
    first_rate, first_warm_rate, first_fraction = first_pass_rates(hands)
    frozen_rate, frozen_warm_rate, frozen_fraction = first_pass_rates(hands, frozen=True)
    thirteen = [(h.concealed, h.melds, h.context) for h in hands]
    waits_s = median_seconds(lambda: [score_waits(c, m, ctx, scorer) for c, m, ctx in thirteen], runs=3)
    return [
        (f"scoring, {len(hands)} complete corpus hands, one process", f"{len(hands) / score_s:,.0f} hands/s"),
        (f"first pass over the same hands in a fresh process, memos empty / warm passes in that process: rates (medians of"
         f" {FIRST_PASS_RUNS} processes), then the median of each process's fraction (lowest to highest; collections"
         " during each first pass, young/middle/full)",
         f"{first_rate:,.0f} / {first_warm_rate:,.0f} hands/s; {first_fraction}"),
        ("the same with start-up's objects frozen first (gc.freeze, as fanrules batch does)",
         f"{frozen_rate:,.0f} / {frozen_warm_rate:,.0f} hands/s; {frozen_fraction}"),
        ("waits with fans (13-tile hands, every winning tile scored twice)", f"{len(hands) / waits_s:,.0f} hands/s"),
    ]


def load_row() -> Row:
    """The first load of mcr in a fresh process: shipped, and a user's copy read from its YAML."""
    shipped_s = first_load("mcr")
    with tempfile.TemporaryDirectory() as folder:  # a user's copy of mcr: read from YAML (the YAML cache warm)
        shutil.copytree(Path(resolve("mcr")).parent, Path(folder) / "mine")
        yaml_s = first_load(str(Path(folder) / "mine"))
    return ("first load of mcr (81 fans) in a fresh process: shipped / a user's copy from its YAML (the YAML cache warm)",
            f"{shipped_s * 1000:.1f} ms / {yaml_s * 1000:.0f} ms")


def batch_rows(scorer: fanrules.Scorer) -> list[Row]:
    """``fanrules batch`` on a file of BATCH_LINES lines against scoring its hands in process."""
    corpus_lines = [line if line.endswith("\n") else line + "\n" for line, _ in complete_lines()]
    batch_lines = [corpus_lines[i % len(corpus_lines)] for i in range(BATCH_LINES)]
    batch_hands = [hand_from_record(json.loads(line)) for line in batch_lines]

    def score_batch_hands() -> None:
        clear_memos(UNIQUE_WAIT)
        for h in batch_hands:
            scorer.score(h)
    in_process_s = median_seconds(score_batch_hands, runs=3)
    in_process = BATCH_LINES / in_process_s
    # What no batch can avoid: its start-up, and decoding each line's JSON. Each decoded record is dropped
    # at once, as the batch drops it (records kept alive would make the garbage collector walk them all).
    json_s = median_seconds(lambda: deque(map(parse_line, batch_lines, repeat(1)), maxlen=0), runs=3)
    start_s = empty_batch()
    ceiling = in_process_s / (in_process_s + json_s + start_s)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        f.writelines(batch_lines)
    cores = os.cpu_count() or 1
    try:
        batch_1, cpu_1 = batch_rate(f.name, BATCH_LINES, 1)
        brief_1, _ = batch_rate(f.name, BATCH_LINES, 1, brief=True)
        batch_n, cpu_n = batch_rate(f.name, BATCH_LINES, cores)
    finally:
        Path(f.name).unlink()
    return [
        (f"in-process scoring of the {BATCH_LINES} hands of the batch file (warm)", f"{in_process:,.0f} hands/s"),
        (f"batch --jobs 1, {BATCH_LINES} lines (whole process) / in-process scoring",
         f"{batch_1:,.0f} lines/s = {batch_1 / in_process:.2f}"),
        ("  of which unavoidable: start-up (an empty batch) / decoding the lines' JSON in process",
         f"{start_s * 1000:.0f} ms / {json_s * 1000:.0f} ms: with nothing else, batch / in-process = {ceiling:.2f} at most"),
        ("batch --brief --jobs 1 (answers without their explanation) / in-process scoring",
         f"{brief_1:,.0f} lines/s = {brief_1 / in_process:.2f}"),
        (f"batch --jobs {cores}, {BATCH_LINES} lines / --jobs 1", f"{batch_n:,.0f} lines/s = {batch_n / batch_1:.2f}x"),
        (f"CPU seconds of the batch, all processes: --jobs 1 / --jobs {cores} (at best {cores} x --jobs 1 / this, on idle cores)",
         f"{cpu_1:.2f} s / {cpu_n:.2f} s (at best {cores * cpu_1 / cpu_n:.2f}x)"),
    ]


def startup_rows() -> list[Row]:
    """The command line's start-up with one score: shipped, a user's copy through the caches, caches off."""
    startup = cli_startup()
    with tempfile.TemporaryDirectory() as folder:  # a user's copy of mcr: read from YAML (and the caches)
        mine = str(Path(folder) / "mine")
        shutil.copytree(Path(resolve("mcr")).parent, mine)
        startup_user, startup_cold = cli_startup(rules=mine), cli_startup(cache=False, rules=mine)
    return [
        ("CLI start-up + one score (python -m fanrules score)", f"{startup * 1000:.0f} ms"),
        ("the same with a copy of mcr in a folder of a user's (read from YAML through the caches)", f"{startup_user * 1000:.0f} ms"),
        ("the same with the caches off (YAML read, parser loaded, 81 predicates compiled)", f"{startup_cold * 1000:.0f} ms"),
    ]


def main() -> int:
    if len(sys.argv) in (3, 4) and sys.argv[1] == "--first-pass":
        first_pass(sys.argv[2], frozen=sys.argv[3:] == ["--frozen"])
        return 0
    if not CORPUS.is_file():
        print(f"corpus not found: {CORPUS}", file=sys.stderr)
        return 1
    hands = complete_hands()
    scorer = fanrules.Scorer.of("mcr")
    for hand in hands:  # warm the per-suit memos, as in a long batch
        scorer.score(hand)
    rows = scoring_rows(hands, scorer) + [load_row()]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rows += batch_rows(scorer)
    child_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    rows += startup_rows() + [("peak memory: this process / largest batch process", f"{peak_mb:.0f} MB / {child_mb:.0f} MB")]
    print(f"Measured {time.strftime('%Y-%m-%d')} on {platform.machine()}, {os.cpu_count() or 1} cores, Python {platform.python_version()}"
          f" ({platform.processor() or platform.platform()}); median of several runs. A plain loop of three million"
          f" additions took {calibration():.3f} s during this run; compare it between runs to see how fast the machine was.\n")
    print("| what | result |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
