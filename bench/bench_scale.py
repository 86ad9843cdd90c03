"""Games per second against worker count, on the local backend and on a local Ray cluster, and what a
chunk costs beyond its games (docs/scale.md).

Run: python bench/bench_scale.py [--games 200] [--players greedy] [--workers 1,2] [--no-ray]

Each figure is one study (``fanrules.game.run_study``) of ``--games`` games, timed with perf_counter, the
rule set loaded and (for Ray) the cluster started before the clock starts. The overhead of a chunk is
the time a study of one-game chunks takes beyond the same study in chunks of CHUNK_GAMES games, divided
by the number of chunks it adds: scheduling, sending the rule set's reference, the results' pickles."""
from __future__ import annotations

import argparse
import os
import time
from typing import Any

from fanrules.game import game_rules, run_study
from fanrules.game.simulate import CHUNK_GAMES
from fanrules.study import Executor
from fanrules.study.executor import Local


def timed(games: int, players: str, run: Executor, chunk: int = CHUNK_GAMES) -> float:
    """Seconds for one study of ``games`` games on ``run`` in chunks of ``chunk`` games."""
    start = time.perf_counter()
    run_study("mcr", games, seed=11, players=players, chunk=chunk, executor=run)
    return time.perf_counter() - start


def overhead(games: int, players: str, run: Executor) -> float:
    """Seconds a chunk costs beyond its games on ``run`` (one worker's worth of chunks)."""
    small, large = timed(games, players, run, 1), timed(games, players, run, CHUNK_GAMES)
    extra = games - -(-games // CHUNK_GAMES)
    return max(0.0, small - large) * run.workers / extra


def rows(name: str, make: Any, workers: list[int], games: int, players: str) -> list[str]:
    out = []
    for n in workers:
        run = make(n)
        seconds = timed(games, players, run)
        rate = games / seconds
        out.append(f"| {name} | {n} | {games} | {seconds:.1f} | {rate:.1f} | {rate / n:.1f} | "
                   f"{overhead(min(games, 60), players, run) * 1000:.1f} |")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="greedy")
    parser.add_argument("--workers", default=",".join(str(n) for n in range(1, (os.cpu_count() or 1) + 1)))
    parser.add_argument("--no-ray", action="store_true", help="the local backend only")
    args = parser.parse_args()
    workers = [int(n) for n in args.workers.split(",")]
    game_rules("mcr")
    lines = ["| backend | workers | games | seconds | games/s | games/s per worker | overhead per chunk (ms) |",
             "|---|---|---|---|---|---|---|"]
    lines += rows("local", Local, workers, args.games, args.players)
    if not args.no_ray:
        import ray

        def on_ray(n: int) -> Executor:
            from fanrules.study.executor import Ray
            if ray.is_initialized():
                ray.shutdown()
            ray.init(num_cpus=n, include_dashboard=False, logging_level="ERROR")
            run = Ray(n, None)
            timed(2 * n, args.players, run, 1)  # the workers started and the rule set loaded in each
            return run
        lines += rows("ray", on_ray, workers, args.games, args.players)
        ray.shutdown()
    print(f"{args.players} players, {os.cpu_count()} CPUs\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
