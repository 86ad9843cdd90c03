"""Peak memory while scoring many random hands: every memo of the engine is bounded, so it levels off.

Run: python bench/bench_memory.py [HANDS]   (default 1,000,000; prints the peak resident memory every
tenth of the way). Random standard hands of four random sets and a pair are far more varied than
real play, so they fill the memos faster than a real batch would."""
from __future__ import annotations

import random
import resource
import sys
import time

import fanrules
from fanrules.core.hand import Context, Hand, HandError, validate


def random_hand(rng: random.Random) -> Hand:
    """A valid complete hand: four random chows or pungs and a pair, won on one of its tiles."""
    while True:
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                suit, rank = rng.randrange(3), rng.randrange(7)
                tiles += [suit * 9 + rank + i for i in range(3)]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        rng.shuffle(tiles)
        win = tiles.pop()
        try:
            return validate(Hand(tuple(tiles), (), win, Context(self_drawn=rng.random() < 0.3)))
        except HandError:  # a fifth copy
            continue


def main() -> int:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    rng = random.Random(5)
    scorer = fanrules.Scorer.of("mcr")
    start = time.perf_counter()
    print("hands      peak MB   seconds")
    for done in range(1, total + 1):
        scorer.score(random_hand(rng))
        if done % max(1, total // 10) == 0:
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"{done:>9,}  {peak:8.0f}  {time.perf_counter() - start:8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
