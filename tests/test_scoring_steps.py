"""Each scoring principle of engine/scoring/tally.py on its own: what it leaves out, and why."""
from __future__ import annotations

import fanrules
from fanrules.scoring.principles import Principle
from fanrules.scoring.scorer import take_the_highest
from fanrules.scoring.tally import (Step, Tally, account_once, non_identical, non_repeat_by_count, non_repeat_within,
                                    non_split, score_fan)

RULES = fanrules.Scorer.of().ruleset
FAN = {f.number: f for f in RULES.fans}
SHORT_STRAIGHT, PURE_STRAIGHT, ALL_CHOWS, CONCEALED = FAN[71], FAN[28], FAN[63], FAN[62]


def bits(*sets: int) -> int:
    return sum(1 << i for i in sets)


def principles(tally: Tally) -> list[Principle]:
    return [entry[2] for entry in tally.dropped]


def test_account_once_joins_sets_and_never_closes_a_loop() -> None:
    tally = Tally(None)  # type: ignore[arg-type]  # no facts read by these steps
    assert account_once(SHORT_STRAIGHT, (0, 1), bits(0, 1), tally)
    assert account_once(SHORT_STRAIGHT, (1, 2), bits(1, 2), tally)
    assert tally.joined == [bits(0, 1, 2)]
    assert not account_once(SHORT_STRAIGHT, (0, 2), bits(0, 2), tally)  # 0 and 2 are joined through 1 already
    assert account_once(SHORT_STRAIGHT, (2, 3), bits(2, 3), tally)  # a new set joins once
    assert principles(tally) == [Principle.ACCOUNT_ONCE]


def test_non_split_keeps_a_counted_combination_whole() -> None:
    tally = Tally(None)  # type: ignore[arg-type]
    tally.joined = [bits(0, 1, 2)]  # a pure straight counted on sets 0, 1, 2
    assert non_split(SHORT_STRAIGHT, (0, 1), bits(0, 1), tally)
    assert not non_split(SHORT_STRAIGHT, (2, 3), bits(2, 3), tally)
    assert tally.dropped == [(SHORT_STRAIGHT, 1, Principle.ACCOUNT_ONCE, None, (0, 1))]


def test_non_identical_forbids_a_set_twice_in_one_fan() -> None:
    tally = Tally(None)  # type: ignore[arg-type]
    assert not non_identical(SHORT_STRAIGHT, (0, 1), set(), tally)
    assert non_identical(SHORT_STRAIGHT, (1, 2), {0, 1}, tally)
    assert principles(tally) == [Principle.IDENTICAL]


def test_non_repeat_by_count_leaves_out_as_many_as_the_quota_holds() -> None:
    tally = Tally(None)  # type: ignore[arg-type]
    tally.quota = {SHORT_STRAIGHT.number: [PURE_STRAIGHT, PURE_STRAIGHT]}
    assert non_repeat_by_count(SHORT_STRAIGHT, 3, tally) == 2
    assert non_repeat_by_count(SHORT_STRAIGHT, 1, tally) == 0  # the quota is spent
    assert [(e[2], e[3]) for e in tally.dropped] == [(Principle.EXCLUDED_COUNT, PURE_STRAIGHT)] * 2


def test_non_repeat_within_a_counted_fans_own_sets() -> None:
    tally = Tally(None)  # type: ignore[arg-type]
    tally.scoped = {SHORT_STRAIGHT.number: [(frozenset({0, 1, 2}), PURE_STRAIGHT)]}
    assert non_repeat_within(SHORT_STRAIGHT, (0, 2), tally)
    assert not non_repeat_within(SHORT_STRAIGHT, (2, 3), tally)
    assert tally.dropped == [(SHORT_STRAIGHT, 1, Principle.OWN_SETS, PURE_STRAIGHT, (0, 2))]


def test_non_repeat_drops_a_fan_excluded_by_a_counted_one() -> None:
    tally = Tally(None)  # type: ignore[arg-type]
    tally.excluded = {CONCEALED.number}
    score_fan(Step(CONCEALED), [()], tally, ())
    score_fan(Step(ALL_CHOWS), [()], tally, ())
    assert tally.dropped == [(CONCEALED, 1, Principle.EXCLUDED, None, ())]
    assert [c.fan for c in tally.counted] == [ALL_CHOWS] and tally.total == ALL_CHOWS.points


def test_take_the_highest_prefers_the_total_then_the_lower_fan_numbers() -> None:
    low, high = Tally(None), Tally(None)  # type: ignore[arg-type]
    low.total, high.total = 8, 10
    assert take_the_highest(high, low) and not take_the_highest(low, high)
    edge, single = Tally(None), Tally(None)  # type: ignore[arg-type]
    edge.total = single.total = 9
    score_fan(Step(FAN[77]), [()], edge, ())  # edge wait, number 77
    score_fan(Step(FAN[79]), [()], single, ())  # single wait, number 79
    edge.total = single.total = 9
    assert take_the_highest(edge, single) and not take_the_highest(single, edge)


def test_a_result_is_immutable_and_built_by_its_constructor() -> None:
    import copy

    from dataclasses import FrozenInstanceError, fields

    import pytest

    from fanrules.scoring.result import Result

    scorer = fanrules.Scorer.of()
    result = scorer.score("[CCC,1]FFFPPP999s5m5m", self_drawn=True)
    assert type(result) is Result and result.total == 114
    for name in [f.name for f in fields(Result)] + ["not_counted", "anything"]:
        with pytest.raises(FrozenInstanceError):
            setattr(result, name, None)
        with pytest.raises(AttributeError):
            delattr(result, name)
    assert result.total == 114 and result.not_counted  # still whole; the explanation worked out once, then kept
    assert result.not_counted is result.not_counted
    again = Result(result.hand, result.ruleset, result.minimum, result.fans, result.total, result.total_with_flowers, result.reading)
    assert again == result and again.not_counted == () and again.bonus_toward_minimum is False
    assert copy.copy(result) == result and copy.copy(result) is not result  # rebuilt by the constructor (__reduce__)
