"""Games per second on one core: whole hands played by four players of one kind (random, greedy,
shanten-only, expert) under mcr (144 tiles, flowers), from the deal to a win or the exhaustive draw;
the last line gives how many times longer a game of four experts takes than one of four greedy players
(issue 34 asks at most 3, by CPU time).

Run as ``python bench/bench_game.py [GAMES] [WARM]`` (defaults 200 and 100 per player kind). Each kind
first plays WARM games on other seeds (rule set loaded; the memos of waits, shanten parts and scoring
warm, as in a long simulation), then GAMES seeded games in one process, timed by the wall clock
(time.perf_counter) and by the process's CPU time (time.process_time: what one core gives when the
machine is shared); it prints games/s both ways, steps/s and how many games ended in a win.
"""
from __future__ import annotations

import sys
import time

from fanrules.game import Table, game_rules, play
from fanrules.game.simulate import game_seed, players_of


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


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    warm = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    print(f"mcr, {games} games per player kind after {warm} warm-up games, one process\n")
    print(f"{'players':<8} {'wall s':>7} {'games/s':>8} {'CPU s':>7} {'games/CPU s':>12} {'steps/CPU s':>12} {'wins':>5}")
    per_game: dict[str, float] = {}
    for kind in ("random", "greedy", "shanten", "expert"):
        wall, cpu, steps, wins = measure(kind, games, warm)
        per_game[kind] = cpu / games
        print(f"{kind:<8} {wall:>7.2f} {games / wall:>8.1f} {cpu:>7.2f} {games / cpu:>12.1f} {steps / cpu:>12,.0f} {wins:>5}")
    print(f"\na game of four experts takes {per_game['expert'] / per_game['greedy']:.2f}x the CPU time of one of four greedy players")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
