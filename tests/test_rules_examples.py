"""Every example embedded in the shipped rule sets, one test per example, with the id ``fanrules test``
prints (``mcr/清一色[1]``): each is a rule author's hit or near miss for that fan. The ids are read
when the tests are collected; each example is scored inside its own test, so an example (or a rule set)
that makes scoring crash fails that test alone, never the collection."""
from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from fanrules.ruleset import load_ruleset, shipped_rulesets
from fanrules.ruleset.lint import lint
from fanrules.scoring import Scorer
from fanrules.scoring.examples import _run as run_example


def example_params(names: list[str] | None = None) -> list[Any]:
    """(rule set, fan number, example number) of every embedded example of the shipped rule sets (or of
    ``names``), with its test id; a rule set that does not load becomes one case that fails with the
    loader's error."""
    params = []
    for name in shipped_rulesets() if names is None else names:
        try:
            ruleset = load_ruleset(name)
        except Exception as err:  # noqa: BLE001 - any failure to load is reported by the test, not at collection
            params.append(pytest.param(name, 0, 0, id=f"{name} (does not load: {type(err).__name__})"))
            continue
        params += [pytest.param(name, fan.number, i, id=f"{name}/{fan.name_zh}[{i}]")
                   for fan in ruleset.fans for i in range(1, len(fan.examples) + 1)]
    return params


@cache
def scorer(name: str) -> Scorer:
    return Scorer(load_ruleset(name))


def check_example(name: str, number: int, index: int) -> None:
    """Score one embedded example and fail with its file position when it does not hold (with the check
    ``fanrules test`` runs, so that both hold an example to the same thing)."""
    ruleset = load_ruleset(name)  # raises here if the rule set does not load
    fan = next(f for f in ruleset.fans if f.number == number)
    outcome = run_example(scorer(name), fan, fan.examples[index - 1], f"{name}/{fan.name_zh}[{index}]")
    assert outcome.passed, f"{outcome.example.where}: {outcome.message}"


@pytest.mark.parametrize("name, number, index", example_params())
def test_example(name: str, number: int, index: int) -> None:
    check_example(name, number, index)


@pytest.mark.parametrize("name", [pytest.param(name, id=f"{name}: shipped rule set") for name in shipped_rulesets()])
def test_shipped_rule_set_is_clean(name: str) -> None:
    assert [d.format() for d in lint(load_ruleset(name))] == []


def test_mcr_has_81_fans_each_with_a_hit_and_a_near_miss() -> None:
    ruleset = load_ruleset("mcr")
    assert [f.number for f in ruleset.fans] == list(range(1, 82))
    for fan in ruleset.fans:
        assert fan.predicate.strip() and fan.points > 0
        assert any(e.count > 0 for e in fan.examples) and any(e.count == 0 for e in fan.examples), fan


def test_a_crash_while_scoring_fails_its_example_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Collection reads the ids without scoring: a scorer that crashes leaves them all collected."""
    def crash(self: Scorer, hand: object) -> None:
        raise RuntimeError("scoring crashed")

    monkeypatch.setattr(Scorer, "score", crash)
    params = example_params()
    assert len(params) > 81 * 2 and all("does not load" not in str(p.id) for p in params)
    with pytest.raises(RuntimeError, match="scoring crashed"):
        test_example("mcr", 1, 1)
