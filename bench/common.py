"""What the benchmark scripts share: the corpus hands and median timing."""
from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import import_module
from collections.abc import Callable
from pathlib import Path

from fanrules.core.hand import Hand, HandError
from fanrules.core.jsonio import hand_from_record
from fanrules.analysis.readings import prepare as prepare_readings
from fanrules.analysis.readings import readings
from fanrules.core.memo import Memo
from fanrules.scoring import Scorer

#: The public corpus, as the repository keeps a copy of it (tests/data/SOURCE.md).
CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "public.jsonl"
RUNS = 5


def complete_hands(path: Path = CORPUS) -> list[Hand]:
    """Every valid hand of a corpus file that has at least one reading."""
    return [hand for _, hand in complete_lines(path)]


def complete_lines(path: Path = CORPUS) -> list[tuple[str, Hand]]:
    """The lines of a corpus file whose hands are valid and have at least one reading, with the hands."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                hand = hand_from_record(json.loads(line))
            except HandError:
                continue
            if readings(hand):
                out.append((line, hand))
    return out


def median_seconds(work: Callable[[], object], runs: int = RUNS) -> float:
    """The median wall time of ``runs`` calls of ``work``."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def forget(scorer: Scorer) -> None:
    """Empty every memo of the engine: the per-pattern ones of readings, splits and waits, and the
    scorer's remembered each rules; as in a process that has seen none of these hands, its scorer just
    built (the tables a scorer makes when it is built are made again: ``readings.prepare``)."""
    for module in ("fanrules.analysis.readings", "fanrules.analysis.splits", "fanrules.analysis.waits", "fanrules.scoring.facts"):
        clear_memos(module)
    prepare_readings()
    for evaluate in (scorer.hand_evaluate, scorer.reading_evaluate):
        for memo in evaluate.memos:  # type: ignore[attr-defined]
            memo.clear()


def clear_memos(module: str) -> None:
    """Empty every memo found among a module's names (``lru_cache`` functions and ``Memo``s): the
    benchmarks read the module's public face only, whatever its memos are called."""
    for value in vars(import_module(module)).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()
        elif isinstance(value, Memo):
            value.clear()


def calibration() -> float:
    """Seconds for a plain loop of three million additions: how fast the machine is right now."""
    def loop() -> None:
        total = 0
        for i in range(3_000_000):
            total += i
    return median_seconds(loop, runs=3)


#: The environment of a command timed as a user runs it: pip writes the bytecode of every module when it
#: installs a package, so an installed fanrules never compiles its sources at start. An editable install on a
#: machine whose environment sets PYTHONDONTWRITEBYTECODE (this one does) would compile all of them at every
#: start (about 0.07 s of the batch's 0.3 s); the timed commands keep their bytecode in a folder of their own.
INSTALLED = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
             "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) / "fanrules-bench-pycache")}

#: The environment of counted runs: a fixed hash seed, since the order of sets and dicts (and so a few
#: percent of the instructions) otherwise changes from run to run.
STEADY = {**os.environ, "PYTHONHASHSEED": "0"}


def callgrind(script: str, args: list[str], functions: list[str]) -> tuple[str, dict[str, int]]:
    """Run ``python script args`` under callgrind, counting only inside ``functions`` (each the C
    function of an iterator that runs one pass: ``--toggle-collect``); its standard output and the
    instructions counted in each function (``callgrind_annotate --inclusive=yes``)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        cmd = ["valgrind", "--tool=callgrind", *(f"--toggle-collect={name}" for name in functions),
               f"--callgrind-out-file={out}", sys.executable, script, *args]
        stdout = subprocess.run(cmd, check=True, capture_output=True, text=True, env=STEADY).stdout
        annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", str(out)], check=True, capture_output=True,
                                   text=True).stdout
    counts = {}
    for name in functions:
        line = re.search(rf"^\s*([\d,]+) .*[:\s]{name}\b", annotated, re.MULTILINE)
        assert line, f"no count for {name} in callgrind's output"
        counts[name] = int(line.group(1).replace(",", ""))
    return stdout, counts
