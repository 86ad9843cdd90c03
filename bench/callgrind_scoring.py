"""Instructions per hand of warm scoring, counted by callgrind (deterministic, unlike wall time on a
shared machine).

Run:
    valgrind --tool=callgrind --toggle-collect=starmap_next --callgrind-out-file=/tmp/cg.out \\
        python bench/callgrind_scoring.py
    callgrind_annotate /tmp/cg.out | head      # "PROGRAM TOTALS" / 600 = instructions per hand

The 600 first complete hands of ../shared/corpus/public.jsonl are scored once to warm every cache,
then scored again inside ``itertools.starmap``: the only ``starmap`` of the run (the engine uses none),
so ``--toggle-collect=starmap_next`` counts exactly the warm scoring. Without valgrind it prints the
hand count and the wall time of the warm pass."""
from __future__ import annotations

import time
from collections import deque
from itertools import starmap

from common import complete_hands

import fanrules

HANDS = 600


def main() -> None:
    hands = complete_hands()[:HANDS]
    scorer = fanrules.scorer()
    for hand in hands:  # warm: predicate tables, memos of readings and waits
        scorer.score(hand)
    start = time.perf_counter()
    deque(starmap(scorer.score, ((hand,) for hand in hands)), maxlen=0)  # the counted pass
    print(f"{len(hands)} hands scored warm in {time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
