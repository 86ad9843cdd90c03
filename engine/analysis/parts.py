"""What the shanten needs of each part of a hand (a number suit, or the honours), worked out once per
pattern of counts and remembered.

The central value is a part's *use table*: for m sets (0..4) and p pairs (0..1), the most tiles of the
part that a target of at most m sets and p pairs, drawn inside the part, can keep. A target may hold a
kind at most as often as its cap (4, less the copies in declared sets). The tiles to draw for a target
are the ones it does not keep, so the use tables of the parts, combined, give the exact distance to a
complete hand (see shanten.py)."""
from __future__ import annotations

import json
import sys
from typing import NamedTuple

from ..core.memo import ArgsMemo, Memo
from .runs import shipped_table, work_out

#: A use table: ``table[m * 2 + p]`` for m sets (0..4) and p pairs (0..1); never smaller for more.
Table = tuple[int, ...]
#: The counts of one part: 9 ranks of a number suit, or the 7 honours.
Counts = tuple[int, ...]

MAX_SETS = 4
#: The most sets beside a knitted straight's nine tiles.
KNITTED_REST_SETS = 1
FULL_CAPS = (4,) * 9
#: How many entries each memo below keeps before it starts afresh: memory stays flat on any input.
MEMO_LIMIT = 1 << 13


class Part(NamedTuple):
    """What the shanten of every shape needs of one part: its use table, its number of tiles, the pairs
    it holds for seven pairs (a kind held four times holds two) and its kinds held an odd number of
    times, its kinds held, its terminal or honour kinds held and whether one is held twice, and for a
    number suit the distinct ranks held of each knitted class (ranks 1-4-7, 2-5-8, 3-6-9) and their most."""

    table: Table
    tiles: int
    pairs: int
    odd: int
    kinds: int
    orphans: int
    orphan_pair: bool
    knit: tuple[int, int, int]
    #: The most of ``knit`` (a bound on the knitted shapes that every shanten looks at).
    knit_most: int


def _suit_table(held: Counts, caps: Counts, most_sets: int = MAX_SETS) -> Table:
    """The use table of a number suit (or a run of ranks), by dynamic programming over the ranks: the
    state is the chows started one and two ranks before (they cover this rank), under which the best
    tiles kept for each number of sets and pairs placed so far. Only blocks that keep a held tile are
    placed: one that keeps none adds nothing that an unplaced one (the table's "at most") does not.
    With ``most_sets`` below MAX_SETS the entries for more sets only repeat those for ``most_sets``."""
    states: States = {(0, 0): {(0, 0): 0}}
    last = len(held) - 2  # chows start before the last two ranks
    for i in range(len(held)):
        reach = min(max(held[i], held[i + 1], held[i + 2]), most_sets) if i < last else 0
        states = _place_rank(states, held[i], caps[i], reach, most_sets)
    best: dict[tuple[int, int], int] = {}
    for inner in states.values():
        for key, kept in inner.items():
            if best.get(key, -1) < kept:
                best[key] = kept
    return _closed(best)


#: The states of ``_suit_table``: (chows started one rank before, two ranks before) -> (sets, pair) ->
#: the most tiles kept.
States = dict[tuple[int, int], dict[tuple[int, int], int]]


def _place_rank(states: States, h: int, cap: int, reach: int, most_sets: int) -> States:
    """The states after one rank of ``h`` tiles held (at most ``cap`` usable): up to ``reach`` chows
    started there, a pung or not, a pair or not, over every state before it."""
    pungs = (0, 1) if h and cap >= 3 else (0,)
    nxt: States = {}
    for (a, b), inner in states.items():
        for chows in range(reach + 1):
            n0 = a + b + chows
            if n0 > cap:
                break
            bucket = nxt.setdefault((chows, a), {})
            for (sets, pair), kept in inner.items():
                for pung in pungs:
                    s1, n1 = sets + chows + pung, n0 + 3 * pung
                    if s1 > most_sets or n1 > cap:
                        break
                    value = kept + min(n1, h)
                    if bucket.get((s1, pair), -1) < value:
                        bucket[s1, pair] = value
                    if h and not pair and n1 + 2 <= cap:
                        value = kept + min(n1 + 2, h)
                        if bucket.get((s1, 1), -1) < value:
                            bucket[s1, 1] = value
    return {key: inner for key, inner in nxt.items() if inner}


EMPTY_TABLE: Table = (0,) * (2 * MAX_SETS + 2)


def _run_table(run: Counts) -> Table:
    """The use table of a run of ranks (held ranks at most two apart), remembered by its counts alone
    (``_RUNS``): with every cap 4 the use does not depend on where the run lies in the suit (a chow
    covering some of its ranks can always be placed, and no rank outside it is wanted more than four times)."""
    padded = (0, 0) + run + (0, 0)
    return _suit_table(padded, (4,) * len(padded))


def _known_run_table(run: Counts) -> Table:
    """The use table of a run: shipped (runs.py) for every run a hand can hold, else worked out."""
    return shipped_table(run) or _run_table(run)


_RUNS: Memo[Counts, Table] = Memo(_known_run_table, MEMO_LIMIT)


def _split_suit_table(held: Counts) -> Table:
    """The use table of a number suit with every cap 4: its runs of held ranks, combined (no chow
    covers tiles three or more ranks apart, so runs split by two empty ranks are independent)."""
    table: Table | None = None
    start = prev = -9
    for r in range(10):
        if r < 9 and not held[r]:
            continue
        if r == 9 or r - prev >= 3:
            if start >= 0:
                run = _RUNS[held[start:prev + 1]]
                # the first run's table is the suit's so far: combined with the empty table it stays the same
                table = run if table is None else combine(table, run)
            start = r
        prev = r
    return EMPTY_TABLE if table is None else table


def _honour_table(held: Counts, caps: Counts) -> Table:
    """The use table of the honours: each kind a pung, a pair or nothing."""
    states = {(0, 0): 0}
    for h, cap in zip(held, caps):
        if not h:
            continue
        nxt = dict(states)
        for (sets, pair), kept in states.items():
            if sets < MAX_SETS and cap >= 3:
                key, value = (sets + 1, pair), kept + min(h, 3)
                if nxt.get(key, -1) < value:
                    nxt[key] = value
            if not pair and cap >= 2:
                key, value = (sets, 1), kept + min(h, 2)
                if nxt.get(key, -1) < value:
                    nxt[key] = value
        states = nxt
    return _closed(states)


#: The honours' table with every cap 4, by their sorted counts.
_HONOURS: Memo[Counts, Table] = Memo(lambda held: _honour_table(held, FULL_CAPS[:7]), MEMO_LIMIT)


def _closed(best: dict[tuple[int, int], int]) -> Table:
    """The table of "at most m sets and p pairs" from the best of exactly so many."""
    out = [0] * (2 * MAX_SETS + 2)
    for m in range(MAX_SETS + 1):
        for p in (0, 1):
            value = best.get((m, p), 0)
            if m:
                value = max(value, out[(m - 1) * 2 + p])
            if p:
                value = max(value, out[m * 2])
            out[m * 2 + p] = value
    return tuple(out)


def part(held: Counts, caps: Counts | None = None, honours: bool = False) -> Part:
    """The remembered Part of the counts of a number suit (9 ranks) or the honours (7 kinds); ``caps``
    (default 4 each) is how many of each kind a complete hand may hold."""
    if caps is None:
        return HONOUR_PARTS[held] if honours else SUIT_PARTS[held]
    return PARTS[held, caps, honours]


def _part(held: Counts, caps: Counts | None, honours: bool) -> Part:
    """``part``'s work, on a miss of ``PARTS``."""
    if honours:
        # with every cap 4 the order of the honours does not matter: few sorted counts recur
        table = _HONOURS[tuple(sorted(held))] if caps is None else _honour_table(held, caps)
    else:
        table = _split_suit_table(held) if caps is None else _suit_table(held, caps)
    return _with_table(held, table, honours)


def _with_table(held: Counts, table: Table, honours: bool) -> Part:
    """The Part of the counts of a part whose use table is ``table`` (by lookups and counts in C: it is
    the work of every new part)."""
    ones, threes, fives = held.count(1), held.count(3), held.count(5)
    pairs = held.count(2) + threes + 2 * (held.count(4) + fives)  # a kind held four times is two pairs
    odd = ones + threes + fives
    kinds = len(held) - held.count(0)
    if honours:
        return Part(table, sum(held), pairs, odd, kinds, kinds, kinds > ones, (0, 0, 0), 0)
    a, b = held[0], held[8]
    knit = ((a > 0) + (held[3] > 0) + (held[6] > 0), (held[1] > 0) + (held[4] > 0) + (held[7] > 0),
            (held[2] > 0) + (held[5] > 0) + (b > 0))
    return Part(table, sum(held), pairs, odd, kinds, (a > 0) + (b > 0), a >= 2 or b >= 2, knit, max(knit))


#: The Part of (counts, caps, honours).
PARTS: ArgsMemo[tuple[Counts, Counts | None, bool], Part] = ArgsMemo(_part, MEMO_LIMIT)
#: The Part of a number suit's counts, and of the honours' counts, with every cap 4 (nearly every
#: hand): keyed by the counts alone, a lookup hashes them once and makes no key of its own.
SUIT_PARTS: Memo[Counts, Part] = Memo(lambda held: _with_table(held, _split_suit_table(held), False), MEMO_LIMIT)
HONOUR_PARTS: Memo[Counts, Part] = Memo(lambda held: _with_table(held, _HONOURS[tuple(sorted(held))], True), MEMO_LIMIT)


def combine(a: Table, b: Table) -> Table:
    """The use table of two parts together: the best split of the sets and the pair between them."""
    return COMBINED[a, b]


def _combine(a: Table, b: Table) -> Table:
    """``combine``'s work, on a miss of ``COMBINED``: entry m * 2 + p is the best split of m sets and p
    pairs between the two tables, each split written out (a miss of this memo is part of every new
    hand's work, where loops over the splits cost several times as much)."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = b
    return (a0 + b0, max(a0 + b1, a1 + b0), max(a0 + b2, a2 + b0), max(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
            max(a0 + b4, a2 + b2, a4 + b0), max(a0 + b5, a1 + b4, a2 + b3, a3 + b2, a4 + b1, a5 + b0),
            max(a0 + b6, a2 + b4, a4 + b2, a6 + b0),
            max(a0 + b7, a1 + b6, a2 + b5, a3 + b4, a4 + b3, a5 + b2, a6 + b1, a7 + b0),
            max(a0 + b8, a2 + b6, a4 + b4, a6 + b2, a8 + b0),
            max(a0 + b9, a1 + b8, a2 + b7, a3 + b6, a4 + b5, a5 + b4, a6 + b3, a7 + b2, a8 + b1, a9 + b0))


#: The combined use table of two tables.
COMBINED: ArgsMemo[tuple[Table, Table], Table] = ArgsMemo(_combine, MEMO_LIMIT)


def knitted_rest(held: Counts, caps: Counts | None, knit_class: int) -> tuple[Counts, Counts, Part]:
    """A number suit's counts, caps and Part once a knitted pattern takes one of each of its ranks of
    ``knit_class`` held (ranks c, c+3, c+6 from 0); the pattern's tiles lower the caps by one. Beside a
    knitted straight the rest of a hand is at most one set and a pair, so the Part's table is exact up
    to one set only (the more sets' entries repeat it): the dynamic programming then places a few
    blocks instead of four sets, and the Part is kept apart from ``PARTS``."""
    return KNIT_RESTS[held, caps, knit_class]


def _knitted_rest(held: Counts, caps: Counts | None, knit_class: int) -> tuple[Counts, Counts, Part]:
    mask = _CLASS_MASKS[knit_class]
    rest = tuple([h - (m and h > 0) for h, m in zip(held, mask)])
    if caps is None:
        # A target of one set and a pair holds a kind three times at most, so caps of 3 bind none of
        # them: the table of the rest with every cap 4 (from the shipped runs) serves, cut to one set.
        whole = SUIT_PARTS[rest]
        full = whole.table
        kept = 2 * KNITTED_REST_SETS + 2
        # the rest's counts are the whole suit's Part's, only its table cut: no counting again
        table = full[:kept] + full[kept - 2:kept] * (MAX_SETS - KNITTED_REST_SETS)
        return rest, _CLASS_CAPS[knit_class], Part(table, whole.tiles, whole.pairs, whole.odd, whole.kinds, whole.orphans,
                                                   whole.orphan_pair, whole.knit, whole.knit_most)
    rest_caps = tuple([x - m for x, m in zip(caps, mask)])
    return rest, rest_caps, _with_table(rest, _suit_table(rest, rest_caps, KNITTED_REST_SETS), False)


#: For each knitted class, 1 on its ranks; and the caps of a suit once a knitted pattern takes them.
_CLASS_MASKS = tuple(tuple(int(r % 3 == c) for r in range(9)) for c in range(3))
_CLASS_CAPS = tuple(tuple(4 - m for m in mask) for mask in _CLASS_MASKS)
#: The knitted rest of (counts, caps, knitted class). Each holds a part of its own (its caps are not a
#: suit's), which no other memo shares: it keeps fewer than they do.
KNIT_RESTS: ArgsMemo[tuple[Counts, Counts | None, int], tuple[Counts, Counts, Part]] = ArgsMemo(_knitted_rest, MEMO_LIMIT >> 2)


if __name__ == "__main__":  # pragma: no cover - writes the shipped run tables (runs.py)
    sys.stdout.write(json.dumps(work_out(_run_table), separators=(",", ":")) + "\n")


__all__ = ["combine", "COMBINED", "Counts", "EMPTY_TABLE", "FULL_CAPS", "HONOUR_PARTS", "KNIT_RESTS", "knitted_rest",
           "KNITTED_REST_SETS", "MAX_SETS", "MEMO_LIMIT", "Part", "part", "PARTS", "States", "SUIT_PARTS", "Table"]
