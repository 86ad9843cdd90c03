"""How long ``fanrules simulate`` takes to start playing, and that this does not grow with ``--games``
or ``--jobs``: a billion games on a million workers must start as fast as one game on one.

Run: python bench/bench_simulate_start.py [RUNS]   (default 5). Each run starts the command in a fresh
process, notes when the first game's table is made (in whichever process plays it) and stops it there.
Printed: the median wall time and the parent's CPU time to that moment for each argument set, and their
ratio to ``python -c pass`` started the same way. Wall time depends on what else the machine runs; CPU
time much less so."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

#: Started as ``python -c``: makes the first game's table announce itself on stderr, with the seconds
#: since the process began, then stops the whole process group (the parent and its workers).
PROBE = """
import importlib, os, resource, signal, sys, time
t0 = float(os.environ["BENCH_T0"])
def cpu():
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime
fork = os.fork
def noted_fork():
    os.environ.setdefault("BENCH_PARENT_CPU", repr(cpu()))
    return fork()
os.fork = noted_fork
simulate = importlib.import_module("fanrules.game.simulate")
make_table = simulate.Table
def first_table(*args, **kwargs):
    spent = cpu() + float(os.environ.get("BENCH_PARENT_CPU", "0"))
    os.write(2, f"FIRST {time.time() - t0:.4f} {spent:.4f}\\n".encode())
    os.killpg(0, signal.SIGKILL)
    return make_table(*args, **kwargs)
simulate.Table = first_table
from fanrules.tools.cli import main
sys.argv = ["fanrules", "simulate", *sys.argv[1:]]
main()
"""

CASES = {
    "--games 1 --jobs 1": ["--games", "1", "--jobs", "1"],
    "--games 10**9 --jobs 1": ["--games", str(10**9), "--jobs", "1"],
    "--games 10**9 --jobs 10**6": ["--games", str(10**9), "--jobs", str(10**6)],
}


def first_game(args: list[str]) -> tuple[float, float]:
    """Seconds from the start of the process to its first game's table: wall, and CPU time (the
    parent's up to its first fork, plus that of the process that made the table)."""
    env = dict(os.environ, BENCH_T0=repr(time.time()))
    done = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, capture_output=True, text=True,
                          timeout=120, start_new_session=True)
    for line in done.stderr.splitlines():
        if line.startswith("FIRST "):
            wall, cpu = line.split()[1:]
            return float(wall), float(cpu)
    raise SystemExit(f"no game started for {args}: {done.stderr[-500:]}")


def bare_python() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    python = statistics.median(bare_python() for _ in range(runs))
    print(f"python -c pass: {python:.3f} s (median of {runs})")
    print(f"{'arguments':30} {'wall s':>8} {'CPU s':>8} {'wall / python':>14}")
    for label, args in CASES.items():
        times = [first_game(args) for _ in range(runs)]
        wall = statistics.median(t[0] for t in times)
        cpu = statistics.median(t[1] for t in times)
        print(f"{label:30} {wall:8.3f} {cpu:8.3f} {wall / python:14.1f}")


if __name__ == "__main__":
    main()
