"""Decisions reviewed per CPU second: ``fanrules review`` of one seat, its decisions weighed beside the
expert's (shanten, live useful copies, points in reach, danger), on logs of seeded simulated games.

Run as ``python bench/bench_review.py [GAMES]`` (default 20): simulate GAMES games of an expert against
three greedy players under mcr (seed 11) into a temporary log (in another process, so that this one's
memos start empty), then review seat 0 (the expert: every
decision agrees, so each is weighed once) and seat 1 (a greedy seat: each disagreement weighs two
choices), each twice in one process (the first review of seat 0 starts with the players' memos empty, each
second pass finds what the first remembered), and
print the decisions per CPU second (time.process_time: what one core gives when the machine is shared)
with the wall-clock rate beside it."""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fanrules.game.log import header_rules
from fanrules.game.review import review_games
from fanrules.game.roster import maker


def review(log: Path, seat: int) -> tuple[int, int, float, float]:
    """(decisions, agreed, CPU seconds, wall seconds) of one review of ``seat``."""
    make = maker("expert")
    cpu, wall = time.process_time(), time.perf_counter()
    decisions = agreed = 0
    with open(log, encoding="utf-8") as f:
        for game in review_games(f, lambda head: header_rules(head, None), seat, lambda rules, g: make(rules, f"review/{g}")):
            decisions += len(game.decisions)
            agreed += sum(d.agrees for d in game.decisions)
    return decisions, agreed, time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "games.jsonl"
        subprocess.run([sys.executable, "-m", "fanrules", "simulate", "--quiet", "--jobs", "1", "--games", str(games), "--seed", "11",
                        "--players", "expert,greedy,greedy,greedy", "--log", str(log)], check=True, stdout=subprocess.DEVNULL)
        print(f"{games} mcr games, an expert in seat 0 and greedy players in seats 1 to 3 (seed 11), reviewed by the expert")
        for seat in (0, 1):
            for memo in ("first pass", "again"):
                decisions, agreed, cpu, wall = review(log, seat)
                print(f"seat {seat} ({memo}): {decisions} decisions ({agreed} agreed), {decisions / cpu:,.0f} decisions per "
                      f"CPU second ({decisions / wall:,.0f} per wall-clock second)")


if __name__ == "__main__":
    main()
