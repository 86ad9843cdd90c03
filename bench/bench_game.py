"""Games per second on one core: whole hands played by four random or four shanten-greedy players
under mcr (144 tiles, flowers), from the deal to a win or the exhaustive draw.

Run as ``python bench/bench_game.py [GAMES]`` (default 200 per player kind). Each kind plays a few
warm-up games first (rule set loaded, scorer and wait memos warm), then GAMES seeded games timed with
time.perf_counter in one process; it prints games/s, steps/s and how the games ended.
"""
from __future__ import annotations

import sys
import time

from fanrules.game import Table, game_rules, play
from fanrules.game.simulate import game_seed, players_of


def measure(kind: str, games: int) -> tuple[float, int, int]:
    """(seconds, steps, wins) of ``games`` games of ``kind`` players."""
    rules = game_rules("mcr")
    factory = players_of(kind)
    for i in range(5):
        play(Table(rules, game_seed(99, i)), factory(rules, game_seed(99, i)))
    steps = wins = 0
    start = time.perf_counter()
    for i in range(games):
        table = play(Table(rules, game_seed(1, i)), factory(rules, game_seed(1, i)))
        steps += sum(1 for e in table.events if e["type"] == "action")
        wins += bool(table.wins)
    return time.perf_counter() - start, steps, wins


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"mcr, {games} games per player kind, one process\n")
    print(f"{'players':<8} {'seconds':>8} {'games/s':>8} {'steps/s':>9} {'wins':>6}")
    for kind in ("random", "greedy"):
        seconds, steps, wins = measure(kind, games)
        print(f"{kind:<8} {seconds:>8.2f} {games / seconds:>8.1f} {steps / seconds:>9,.0f} {wins:>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
