"""Instructions per hand of the fused fans of a reading alone (``Scorer.reading_evaluate``, dsl/fused.py),
counted by callgrind: a first pass with its memos empty, then a warm pass.

Run:
    python bench/callgrind_fused.py

The facts of every reading of the 600 first complete hands of tests/data/public.jsonl are built
beforehand (and their unique-wait test answered), so that both passes count the fused function and the
keyed rules it runs on a miss (the cold pass minus the warm one) and nothing else. Each pass runs inside
its own iterator of ``itertools`` (``starmap``, ``filterfalse``), which valgrind is told to count
(``--toggle-collect``), as in bench/callgrind_scoring.py.
"""
from __future__ import annotations

import sys
from collections import deque
from itertools import filterfalse, starmap

from common import callgrind, complete_hands

HANDS = 600


def passes() -> None:
    """The two counted passes."""
    import fanrules
    from fanrules.analysis.readings import readings
    from fanrules.scoring.facts import Facts

    evaluate = fanrules.Scorer.of().reading_evaluate
    per_hand = []
    for hand in complete_hands()[:HANDS]:
        facts = []
        for reading in readings(hand):
            f = Facts(hand).read(reading)
            _ = f.unique_wait
            facts.append(f)
        per_hand.append(facts)

    def work(facts: list[Facts]) -> None:
        for f in facts:
            evaluate(f)
    for facts in per_hand:  # tables and code paths warmed, then the memos emptied
        work(facts)
    for memo in evaluate.memos:  # type: ignore[attr-defined]
        memo.clear()
    deque(starmap(work, ((facts,) for facts in per_hand)), maxlen=0)
    deque(filterfalse(lambda facts: work(facts) and False, per_hand), maxlen=0)  # type: ignore[func-returns-value]


def main() -> None:
    if sys.argv[1:] == ["--passes"]:
        passes()
        return
    _, found = callgrind(__file__, ["--passes"], ["starmap_next", "filterfalse_next"])
    cold, warm = found["starmap_next"], found["filterfalse_next"]
    print(f"reading_evaluate, instructions per hand ({HANDS} corpus hands): memos empty {cold / HANDS:,.0f}; warm {warm / HANDS:,.0f}")


if __name__ == "__main__":
    main()
