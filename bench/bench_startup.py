"""How long ``fanrules score HAND`` takes as a whole process, beside ``python -c pass`` and
``python -c "import fanrules"`` started the same way: judges and scripts start fanrules thousands of times.

Run: python bench/bench_startup.py [--runs N] [--hand HAND] [--rules NAME]

The three commands are started in turn, ``--runs`` times (paired: a slow moment of a shared machine
touches all three), after one start of each outside the timing (so Python's bytecode cache and the
predicate and YAML caches in the user's cache folder are written, as on any machine after the first
start). Bytecode writing is left on (``PYTHONDONTWRITEBYTECODE`` is removed from the children's
environment): an installed package has its bytecode. Printed: the median wall and CPU time (user and
system of the child) of each command, and the medians of the paired ratios to ``python -c pass``."""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time


def started(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall and CPU seconds of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--hand", default="123m456p789s111z22z")
    parser.add_argument("--rules", default="mcr")
    args = parser.parse_args(argv)
    script = shutil.which("fanrules") or sys.exit("the fanrules command is not on PATH: pip install -e .")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    commands = {"python -c pass": [sys.executable, "-c", "pass"],
                "python -c 'import fanrules'": [sys.executable, "-c", "import fanrules"],
                "fanrules score HAND": [script, "score", args.hand, "--rules", args.rules]}
    for command in commands.values():
        started(command, env)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            times[name].append(started(command, env))
    base = times["python -c pass"]
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        wall_ratio = statistics.median(w / b for (w, _), (b, _) in zip(runs, base))
        cpu_ratio = statistics.median(c / max(b, 1e-3) for (_, c), (_, b) in zip(runs, base))
        print(f"{name:30s} wall {wall * 1000:7.1f} ms ({wall_ratio:5.1f}x pass)   cpu {cpu * 1000:7.1f} ms ({cpu_ratio:5.1f}x pass)")
    ratio = statistics.median(c / max(b, 1e-3) for (_, c), (_, b) in zip(times["fanrules score HAND"], base))
    print(f"target (issue 38): fanrules score HAND <= {TARGET:.0f}x python -c pass in CPU time: {ratio:.2f}x, {'met' if ratio <= TARGET else 'not met'}"
          f" ({'an editable install: its python -c pass imports the editable finder too' if _editable() else 'a regular install'})")
    return 0


#: Issue 38's target for a whole ``fanrules score HAND`` process, in multiples of ``python -c pass``.
TARGET = 4.0


def _editable() -> bool:
    """Whether fanrules is installed editable (its finder is imported by every start of this Python,
    ``python -c pass`` included, so that the ratio reads lower than with a regular install)."""
    import fanrules

    return "site-packages" not in (fanrules.__file__ or "")


if __name__ == "__main__":
    sys.exit(main())
