"""Instructions per hand of scoring, counted by callgrind (deterministic, unlike wall time on a
shared machine), warm or cold, in total or stage by stage.

Run:
    python bench/callgrind_scoring.py             # the table: instructions per hand by stage, warm and cold
    python bench/callgrind_scoring.py --time      # no valgrind: the wall time of each pass

The 600 first complete hands of tests/data/public.jsonl are scored once to warm every memo, then
worked through once per stage (``readings``: the readings of each hand; ``facts``: + the facts of the
hand and of each reading; ``hand``: + the fused fans of the hand; ``reading``: + the fused fans of each
reading, with the unique-wait test they ask; ``score``: the whole of ``Scorer.score``, + the principles,
choosing the reading, the result). The stages are cumulative, so a stage's own cost is its count minus
the previous one's. The cold run (``--cold``, a second valgrind run) empties every memo before each
pass instead, as in a process that has seen none of the hands.

Each pass runs inside its own iterator of ``itertools`` (``starmap``, ``filterfalse``, ``takewhile``,
``dropwhile``, ``accumulate``), which the engine never uses, and valgrind is told to count only inside
their ``*_next`` functions (``--toggle-collect``); ``callgrind_annotate --inclusive=yes`` then gives the
instructions of each pass, exactly and whatever the load of the machine.

``--first-pass`` counts instead, over every complete hand of the corpus, a first pass with every memo
empty (as in a fresh process) and then a warm pass: the instructions per hand of each and their
ratio, the steady twin of bench/bench.py's first pass / warm row; once with the garbage collector on,
once with it off.
"""
from __future__ import annotations

import argparse
import gc
import time
from collections import deque
from collections.abc import Callable, Iterable
from itertools import accumulate, dropwhile, filterfalse, starmap, takewhile

from common import calibration, callgrind, clear_memos, complete_hands, forget

import fanrules
from fanrules.analysis.readings import readings
from fanrules.core.hand import Hand
from fanrules.scoring import Scorer
from fanrules.scoring.facts import Facts

HANDS = 600
STAGES = ("readings", "facts", "hand", "reading", "score")


def stage_work(scorer: Scorer, stage: str) -> Callable[[Hand], object]:
    """The work of one hand up to the end of ``stage``."""
    if stage == "score":
        return scorer.score
    hand_evaluate, reading_evaluate = scorer.hand_evaluate, scorer.reading_evaluate
    upto = STAGES.index(stage)

    def work(hand: Hand) -> object:
        found = readings(hand)
        if upto >= 1:
            facts = Facts(hand)
            if upto >= 2:
                hand_evaluate(facts)
            for r in found:
                facts.read(r)
                if upto >= 3:
                    reading_evaluate(facts)
        return found
    return work


#: The iterator that runs each stage's pass, and the C function of it that callgrind counts.
DRIVERS: dict[str, tuple[Callable[[Callable[[Hand], object], list[Hand]], Iterable[object]], str]] = {
    "readings": (lambda work, hands: starmap(work, ((h,) for h in hands)), "starmap_next"),
    "facts": (lambda work, hands: filterfalse(lambda h: work(h) and False, hands), "filterfalse_next"),
    "hand": (lambda work, hands: takewhile(lambda h: work(h) or True, hands), "takewhile_next"),
    "reading": (lambda work, hands: dropwhile(lambda h: work(h) or True, hands), "dropwhile_next"),
    "score": (lambda work, hands: accumulate(hands, lambda _, h: work(h), initial=None), "accumulate_next"),
}


def passes(cold: bool) -> dict[str, float]:
    """Every stage's pass, each after a warm-up (or, when ``cold``, after emptying every memo); the
    wall time of each."""
    hands = complete_hands()[:HANDS]
    scorer = fanrules.Scorer.of()
    seconds = {}
    for stage in STAGES:
        for hand in hands:  # warm: predicate tables, memos of readings and waits
            scorer.score(hand)
        if cold:
            forget(scorer)
        else:
            clear_memos("fanrules.scoring.facts")  # remembered per hand: a new hand would not find it
        drive = DRIVERS[stage][0]
        start = time.perf_counter()
        deque(drive(stage_work(scorer, stage), hands), maxlen=0)
        seconds[stage] = time.perf_counter() - start
    return seconds


def first_then_warm(collector: bool = True) -> None:
    """The passes of ``--first-pass``: every complete hand of the corpus, first with every memo empty
    (starmap), then warm (filterfalse); without ``collector``, with the garbage collector off."""
    hands = complete_hands()
    if not collector:
        gc.disable()
    scorer = fanrules.Scorer.of()
    forget(scorer)
    deque(starmap(scorer.score, ((h,) for h in hands)), maxlen=0)
    clear_memos("fanrules.scoring.facts")
    deque(filterfalse(lambda h: scorer.score(h) and False, hands), maxlen=0)
    print(len(hands))


def first_pass_table() -> None:
    """Instructions per hand of a first pass over the corpus and of a warm pass after it: with the garbage
    collector as it runs (what a process pays), and with it off (the engine's own work: where a full
    collection falls moves the first figure by up to 10,000 a hand from one change to the next)."""
    for collector in (True, False):
        stdout, found = callgrind(__file__, ["--first-then-warm"] + ([] if collector else ["--no-gc"]),
                                  ["starmap_next", "filterfalse_next"])
        hands = int(stdout.split()[-1])
        first, warm = found["starmap_next"], found["filterfalse_next"]
        print(f"{hands} complete corpus hands, instructions per hand (callgrind, {time.strftime('%Y-%m-%d %H:%M')},"
              f" garbage collector {'on' if collector else 'off'}): first pass, memos empty {first / hands:,.0f};"
              f" warm {warm / hands:,.0f}; warm/first (the first pass's rate as a fraction of the warm one) {warm / first:.2f}")


def instructions(cold: bool) -> dict[str, int]:
    """The instructions valgrind counts in each stage's pass."""
    _, counts = callgrind(__file__, ["--passes"] + (["--cold"] if cold else []), [name for _, name in DRIVERS.values()])
    found = {stage: counts[name] for stage, (_, name) in DRIVERS.items()}
    return found


def table() -> None:
    """Instructions per hand by stage, warm and cold, as Markdown."""
    counts = {False: instructions(False), True: instructions(True)}
    print(f"Instructions per hand (callgrind, {HANDS} corpus hands; {time.strftime('%Y-%m-%d %H:%M')}; calibration"
          f" loop {calibration():.3f} s)\n")
    print("| stage | warm | cold (memos empty) |\n|---|---|---|")
    before = {False: 0, True: 0}
    for stage in STAGES:
        cells = []
        for cold in (False, True):
            cells.append(f"{(counts[cold][stage] - before[cold]) / HANDS:,.0f}")
            before[cold] = counts[cold][stage]
        print(f"| {stage} | {cells[0]} | {cells[1]} |")
    print(f"| total | {before[False] / HANDS:,.0f} | {before[True] / HANDS:,.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", action="store_true", help="no valgrind: print the wall time of each pass")
    parser.add_argument("--first-pass", action="store_true", help="count a first pass over the corpus and a warm one")
    parser.add_argument("--passes", action="store_true", help=argparse.SUPPRESS)  # the runs valgrind counts
    parser.add_argument("--first-then-warm", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--cold", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-gc", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.passes:
        passes(args.cold)
    elif args.first_then_warm:
        first_then_warm(collector=not args.no_gc)
    elif args.first_pass:
        first_pass_table()
    elif args.time:
        for cold in (False, True):
            seconds = passes(cold)
            print(f"{'cold' if cold else 'warm'}: " + ", ".join(f"{stage} {s:.3f} s" for stage, s in seconds.items()))
    else:
        table()


if __name__ == "__main__":
    main()
