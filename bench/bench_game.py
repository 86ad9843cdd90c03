"""Games per second on one core: whole hands played by four players of one kind (random, greedy,
shanten-only, expert) under mcr (144 tiles, flowers), from the deal to a win or the exhaustive draw;
the last line gives how many times longer a game of four experts takes than one of four greedy players
(issue 34 asks at most 3, by CPU time).

Run as ``python bench/bench_game.py [GAMES] [WARM]`` (defaults 200 and 100 per player kind). Each kind
first plays WARM games on other seeds (rule set loaded; the memos of waits, shanten parts and scoring
warm, as in a long simulation), then GAMES seeded games in one process, timed by the wall clock
(time.perf_counter) and by the process's CPU time (time.process_time: what one core gives when the
machine is shared); it prints games/s both ways, steps/s and how many games ended in a win.

``--against COMMIT`` then plays the kinds of ``--kinds`` (greedy by default; ``--kinds greedy,expert``)
again in fresh processes, this tree and COMMIT (a copy of its ``engine``, ``dsl`` and ``rules`` from
``git archive``, put first on ``PYTHONPATH``) alternated ``--runs`` times, and prints for each kind the
median of the paired ratios of games per CPU second: the players' speed against that commit measured
in one run.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from fanrules.game import Table, game_rules, play
from fanrules.game.simulate import game_seed, players_of

ROOT = Path(__file__).resolve().parent.parent


def measure(kind: str, games: int, warm: int) -> tuple[float, float, int, int]:
    """(wall seconds, CPU seconds, steps, wins) of ``games`` games of ``kind`` players, after ``warm`` games."""
    rules = game_rules("mcr")
    factory = players_of(kind)
    for i in range(warm):
        play(Table(rules, game_seed(99, i)), factory(rules, game_seed(99, i)))
    steps = wins = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        table = play(Table(rules, game_seed(1, i)), factory(rules, game_seed(1, i)))
        steps += sum(1 for e in table.events if e["type"] == "action")
        wins += bool(table.wins)
    return time.perf_counter() - start, time.process_time() - cpu, steps, wins


def export(commit: str, into: Path) -> Path:
    """A copy of ``commit``'s package importable as ``fanrules`` from ``into`` (engine as fanrules, with
    dsl and rules inside it, as pyproject's package-dir maps them)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "engine", "dsl", "rules"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    (into / "engine").rename(into / "fanrules")
    (into / "dsl").rename(into / "fanrules" / "dsl")
    (into / "rules").rename(into / "fanrules" / "rules")
    return into


def child_rate(kind: str, games: int, warm: int, path: Path | None) -> float:
    """Games per CPU second of ``kind`` players in a fresh process (on ``path``'s copy, else this tree's)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), *filter(None, [env.get("PYTHONPATH")])])
    out = subprocess.run([sys.executable, __file__, "--child", kind, str(games), str(warm)],
                         check=True, capture_output=True, text=True, env=env).stdout
    return float(json.loads(out)["rate"])


def against(commit: str, games: int, warm: int, runs: int, kinds: list[str]) -> None:
    """Each of ``kinds``, this tree against ``commit``, alternated in fresh processes."""
    with tempfile.TemporaryDirectory() as tmp:
        path = export(commit, Path(tmp))
        for kind in kinds:
            ours, theirs = [], []
            for _ in range(runs):
                theirs.append(child_rate(kind, games, warm, path))
                ours.append(child_rate(kind, games, warm, None))
            ratio = statistics.median(a / b for a, b in zip(ours, theirs))
            print(f"\n{kind}, {runs} alternated pairs of fresh processes: this tree {statistics.median(ours):.1f} / "
                  f"{commit} {statistics.median(theirs):.1f} games per CPU second = {ratio:.2f}x (median of the pairs' ratios)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=200)
    parser.add_argument("warm", nargs="?", type=int, default=100)
    parser.add_argument("--against", metavar="COMMIT", help="also the greedy players' speed-up over COMMIT")
    parser.add_argument("--runs", type=int, default=3, help="alternated pairs of processes for --against")
    parser.add_argument("--kinds", default="greedy", help="player kinds compared by --against, comma separated")
    parser.add_argument("--only-against", action="store_true", help="skip the table of every kind: --against alone")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    games, warm = args.games, args.warm
    if args.child:
        _, cpu, _, _ = measure(args.child, games, warm)
        print(json.dumps({"rate": games / cpu}))
        return 0
    if args.only_against and args.against:
        against(args.against, games, warm, args.runs, args.kinds.split(","))
        return 0
    print(f"mcr, {games} games per player kind after {warm} warm-up games, one process\n")
    print(f"{'players':<8} {'wall s':>7} {'games/s':>8} {'CPU s':>7} {'games/CPU s':>12} {'steps/CPU s':>12} {'wins':>5}")
    per_game: dict[str, float] = {}
    for kind in ("random", "greedy", "shanten", "expert"):
        wall, cpu, steps, wins = measure(kind, games, warm)
        per_game[kind] = cpu / games
        print(f"{kind:<8} {wall:>7.2f} {games / wall:>8.1f} {cpu:>7.2f} {games / cpu:>12.1f} {steps / cpu:>12,.0f} {wins:>5}")
    print(f"\na game of four experts takes {per_game['expert'] / per_game['greedy']:.2f}x the CPU time of one of four greedy players")
    if args.against:
        against(args.against, games, warm, args.runs, args.kinds.split(","))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
