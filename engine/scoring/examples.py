"""Run the examples embedded in fan files."""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import HandError
from ..core.hand import Hand
from ..core.notation import parse_hand
from ..ruleset import Example, Fan, RuleSet
from .scorer import RefusedWin, Scorer


@dataclass(frozen=True, kw_only=True)
class ExampleOutcome:
    """One example run: its test id (``mcr/<fan name>[1]``), whether it passed and why not."""

    test_id: str
    fan: Fan
    example: Example
    passed: bool
    message: str
    #: What scoring found (None when the hand could not be scored): the fan's count and the total.
    count: int | None = None
    total: int | None = None
    #: Whether the example was passed over: a parent's example that this rule set's own win condition refuses.
    skipped: bool = False


def example_hand(example: Example) -> Hand:
    """The Hand of an example (raises HandError)."""
    return parse_hand(example.hand, **example.context)


def run_examples(ruleset: RuleSet, pattern: str | None = None) -> list[ExampleOutcome]:
    """Score every embedded example; ``pattern`` filters on the test id, fan number or names."""
    scorer = Scorer(ruleset)
    out: list[ExampleOutcome] = []
    for fan in ruleset.fans:
        for i, example in enumerate(fan.examples, 1):
            test_id = f"{ruleset.name}/{fan.name_zh}[{i}]"
            if pattern and not any(fnmatch.fnmatch(s.casefold(), f"*{pattern.casefold()}*") for s in (test_id, fan.name_en, str(fan.number))):
                continue
            out.append(_run(scorer, fan, example, test_id))
    return out


def _run(scorer: Scorer, fan: Fan, example: Example, test_id: str) -> ExampleOutcome:
    try:
        result = scorer.score(example_hand(example))
    except RefusedWin as err:
        return _refused(scorer, fan, example, test_id, err)
    except HandError as err:
        return ExampleOutcome(test_id=test_id, fan=fan, example=example, passed=False, message=f"{err.kind}: {err}")
    got = next((c.count for c in result.fans if c.fan.number == fan.number), 0)
    problems = []
    if got != example.count:
        problems.append(f"{fan.name_zh} counts {got}, expected {example.count}")
    if example.total is not None and result.total != example.total:
        problems.append(f"total {result.total}, expected {example.total}")
    if example.win is not None and result.is_win != example.win:
        problems.append(f"{'a legal win' if result.is_win else 'under the minimum'}, expected {'a legal win' if example.win else 'under the minimum'}")
    if problems:
        fans = ", ".join(f"{c.fan.name_zh}x{c.count}" if c.count > 1 else c.fan.name_zh for c in result.fans)
        return ExampleOutcome(test_id=test_id, fan=fan, example=example, passed=False, message="; ".join(problems) + f" (scored: {fans})",
                              count=got, total=result.total)
    return ExampleOutcome(test_id=test_id, fan=fan, example=example, passed=True, message="", count=got, total=result.total)


def _refused(scorer: Scorer, fan: Fan, example: Example, test_id: str, err: RefusedWin) -> ExampleOutcome:
    """An example that the rule set's own win condition refuses: a parent's example is passed over (its
    hand need not win here); the rule set's own passes only as a near miss (count 0, not a legal win)."""
    own = Path(example.where.file).parent.parent == Path(scorer.ruleset.path).parent
    if not own:
        return ExampleOutcome(test_id=test_id, fan=fan, example=example, passed=True, message=f"skipped: {err}", skipped=True)
    near_miss = example.count == 0 and example.win is not True and example.total is None
    return ExampleOutcome(test_id=test_id, fan=fan, example=example, passed=near_miss, message="" if near_miss else f"{err.kind}: {err}", count=0)
