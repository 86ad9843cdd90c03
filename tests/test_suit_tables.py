"""The shipped table of complete suit patterns (engine/analysis/suits.json): the same as worked out
from the sets, and the same answers as searching for splits; the readings and waits that use it search
when a rank is held more often than it knows. The shipped use tables of runs (runs.json): the same as
the dynamic programming of parts.py, and a knitted straight's rest cut to one set the same as capped."""
from __future__ import annotations

import json
from importlib.resources import files
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from fanrules.analysis.parts import KNITTED_REST_SETS, _run_table, _suit_table, knitted_rest
from fanrules.analysis.readings import _part_readings, _searched
from fanrules.analysis.runs import MOST_TILES, NO_RUN, _length, number, runs, shipped_table
from fanrules.analysis.splits import suit_splits, table_splits
from fanrules.analysis.suits import MOST, complete, decode, encode, pattern, table, work_out
from fanrules.analysis.waits import _group, _group_of


def splits(counts: tuple[int, ...]) -> bool:
    """Whether the counts split into chows and pungs, by plain search (independent of the engine)."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return True
    rest = list(counts)
    if rest[first] >= 3:
        rest[first] -= 3
        if splits(tuple(rest)):
            return True
        rest[first] += 3
    if first <= 6 and rest[first + 1] and rest[first + 2]:
        rest[first] -= 1
        rest[first + 1] -= 1
        rest[first + 2] -= 1
        return splits(tuple(rest))
    return False


def test_shipped_file_is_what_work_out_gives() -> None:
    shipped = json.loads(files("fanrules.analysis").joinpath("suits.json").read_text(encoding="utf-8"))
    assert shipped == {"sets": encode(work_out())}
    assert list(decode(shipped["sets"])) == work_out()
    assert table() == frozenset(work_out())


def test_every_pattern_of_up_to_seven_tiles() -> None:
    # Exhaustive where it is cheap: every count vector of at most seven tiles (11,440 of them).
    vectors = (tuple(ranks.count(r) for r in range(9)) for n in range(8) for ranks in combinations_with_replacement(range(9), n))
    for counts in vectors:
        if max(counts) > MOST:
            continue
        n = sum(counts)
        paired = n % 3 == 2 and any(c >= 2 and splits(counts[:r] + (c - 2,) + counts[r + 1:]) for r, c in enumerate(counts))
        assert complete(counts) == (n % 3 == 0 and splits(counts), paired), counts


@st.composite
def _suits(draw: st.DrawFn, most: int = 4) -> list[int]:
    """Nine counts of at most ``most`` each and 14 in all, drawn rank by rank within what is left (a
    filter on the sum threw many draws away)."""
    counts: list[int] = []
    for _ in range(9):
        counts.append(draw(st.integers(0, min(most, 14 - sum(counts)))))
    return counts


@pytest.mark.slow  # the table against a search, for every larger pattern
@settings(max_examples=400, deadline=None)
@given(_suits(MOST))
def test_larger_patterns_agree_with_search(counts: list[int]) -> None:
    c = tuple(counts)
    n = sum(c)
    paired = n % 3 == 2 and any(x >= 2 and splits(c[:r] + (x - 2,) + c[r + 1:]) for r, x in enumerate(c))
    assert complete(c) == (n % 3 == 0 and splits(c), paired)


def test_more_than_the_tables_know_is_left_to_search() -> None:
    assert complete((6, 0, 0, 0, 0, 0, 0, 0, 0)) is None
    assert pattern((1, 0, 0, 0, 0, 0, 0, 0, 1)) == 1 + (1 << 24)


def test_splits_from_the_table_are_the_searched_ones() -> None:
    # The readings split a suit the table knows by lookups (splits.table_splits), the same as the search.
    for key in table():
        counts = tuple(key >> 3 * r & 7 for r in range(9))
        assert table_splits(key) == suit_splits(counts), counts


def test_a_rank_held_more_often_than_the_table_knows_is_searched() -> None:
    part = _part_readings[(0,) * 6 + (1, 2, 3)]  # six 1m and 234m: two pungs of 1m and a chow
    assert part is not None and part[2] is None and part[3] is not None
    chows, pungs = part[3]
    assert [b.tile for b in chows] == [1] and [b.tile for b in pungs] == [0, 0]
    part = _part_readings[(9,) * 8 + (10, 11, 12)]  # eight 1p and 234p: the pair, two pungs and a chow
    assert part is not None and part[2] == 9 and len(part[3][1]) == 2
    group = _group[(18,) * 5 + (19, 20, 21)]  # five 1s and 234s: a sixth 1s makes sets only
    assert group[0] == (True, (18,), ())  # (parts, ...): its one part


@pytest.mark.slow  # every suit of up to eight tiles searched
def test_pairs_and_waits_of_every_suit_of_up_to_eight_tiles() -> None:
    # The misses try the pair and the completing tile among the ranks of one class over 3 alone
    # (suits.CLASSES): every suit of at most eight tiles read and waited on as by searching.
    for n in range(1, 9):
        for ranks in combinations_with_replacement(range(9), n):
            counts = tuple(ranks.count(r) for r in range(9))
            if max(counts) > 4:
                continue
            tiles = tuple(r + 9 for r in ranks)  # the pins: tiles 9 to 17
            if n % 3 == 2:
                assert _part_readings[tiles] == _searched(tiles, 1), ranks
            if complete(counts)[0]:
                continue
            pair, to_sets, to_pair = _group_of(tiles)[0]
            after = [complete(counts[:r] + (counts[r] + 1,) + counts[r + 1:]) for r in range(9)]
            if n % 3 == 2:
                assert pair == complete(counts)[1], ranks
                assert to_sets == tuple(r + 9 for r in range(9) if after[r] and after[r][0]), ranks
            elif n % 3 == 1:
                assert to_pair == tuple(r + 9 for r in range(9) if after[r] and after[r][1]), ranks


# The shipped use tables of runs (engine/analysis/runs.json): the same as the dynamic programming.

@pytest.mark.slow  # the whole suite runs it; the fast loop stays under three minutes
def test_every_shipped_run_of_up_to_six_ranks_is_worked_out_the_same() -> None:
    for length in range(1, 7):
        for run in runs(length):
            assert shipped_table(run) == _run_table(run), run


def _still_needed(left: int, after_zero: bool) -> int:
    """The fewest tiles ``left`` more ranks of a run can hold: the last one held, no two empty in a row."""
    return left // 2 + 1 if after_zero else (left + 1) // 2


@st.composite
def _runs(draw: st.DrawFn) -> list[int]:
    """A run of 7 to 9 ranks (first and last held, no two empty ranks in a row, at most MOST_TILES tiles),
    drawn rank by rank within what the rest still needs (a filter threw most draws away, which
    hypothesis's health check refuses on some seeds)."""
    length = draw(st.integers(7, 9))
    counts: list[int] = []
    budget = MOST_TILES
    for i in range(length):
        left = length - i - 1
        low = 1 if i in (0, length - 1) or (counts and counts[-1] == 0) else 0
        high = 4
        while high > low and high + _still_needed(left, high == 0) > budget:
            high -= 1
        if low == 0 and _still_needed(left, True) > budget:
            low = 1
        counts.append(draw(st.integers(low, high)))
        budget -= counts[-1]
    return counts


@settings(max_examples=150, deadline=None)
@given(_runs())
def test_longer_shipped_runs_are_worked_out_the_same(counts: list[int]) -> None:
    assert counts[0] and counts[-1] and sum(counts) <= MOST_TILES and all(a or b for a, b in zip(counts, counts[1:]))
    assert shipped_table(tuple(counts)) == _run_table(tuple(counts))


def test_the_file_knows_exactly_the_runs() -> None:
    for length in range(1, 8):
        known = {i for i, at in enumerate(_length(length)) if at != NO_RUN}
        assert known == {number(run) for run in runs(length)}
    assert shipped_table((1,) * 15) is None and shipped_table((5,)) is None


@settings(max_examples=300, deadline=None)
@given(_suits(), st.integers(0, 2))
def test_a_knitted_rest_is_the_capped_suit_up_to_one_set(counts: list[int], knit_class: int) -> None:
    rest, caps, rest_part = knitted_rest(tuple(counts), None, knit_class)
    assert rest_part.table == _suit_table(rest, caps, KNITTED_REST_SETS)
    assert rest_part.table[:4] == _suit_table(rest, caps)[:4]
