"""Settlement speed: settle() on totals, whole 16-hand sessions from totals, and the 16-hand score
sheet of the tests (two of its hands are hand strings, scored): ``python bench/bench_settlement.py``."""
from __future__ import annotations

import random
from pathlib import Path

from common import median_seconds

import fanrules
from fanrules.settlement import Session, terms
from fanrules.settlement.sheet import read_sheet

SHEET = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "settlement" / "session16.txt"


def main() -> None:
    rng = random.Random(17)
    rules = terms("mcr")
    wins = [(rng.randint(8, 100), rng.randrange(4), rng.choice([None, 0, 1, 2, 3]), rng.randint(0, 8)) for _ in range(100_000)]
    wins = [(p, w, None if d == w else d, f) for p, w, d, f in wins]

    def settle_all() -> None:
        for points, winner, discarder, flowers in wins:
            fanrules.settle(points, winner, discarder=discarder, rules=rules, flowers=flowers)

    seconds = median_seconds(settle_all)
    print(f"settle() on totals: {len(wins) / seconds:,.0f} per second ({seconds * 1e6 / len(wins):.1f} us each)")

    ruleset = fanrules.load_ruleset("mcr")

    def sessions() -> None:
        for i in range(1000):
            session = Session(ruleset)
            for points, winner, discarder, flowers in wins[16 * i:16 * i + 16]:
                session.win(winner, points, discarder, flowers)
            session.standings()

    seconds = median_seconds(sessions)
    print(f"16-hand sessions from totals, with standings: {1000 / seconds:,.0f} per second")
    text = SHEET.read_text(encoding="utf-8")
    seconds = median_seconds(lambda: read_sheet(text, ruleset))
    print(f"the 16-hand sheet of the tests (2 hand strings scored): {seconds * 1000:.1f} ms")


if __name__ == "__main__":
    main()
