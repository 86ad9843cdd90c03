"""Every example embedded in the shipped rule sets, one test id per example (``mcr/清一色[1]``)."""
from __future__ import annotations

import pytest

from fanrules.ruleset.lint import lint
from fanrules.scoring.examples import run_examples
from fanrules.ruleset import load_ruleset, shipped_rulesets

OUTCOMES = [o for name in shipped_rulesets() for o in run_examples(load_ruleset(name))]


@pytest.mark.parametrize("outcome", OUTCOMES, ids=[o.test_id for o in OUTCOMES])
def test_example(outcome) -> None:
    assert outcome.passed, f"{outcome.example.where}: {outcome.message}"


@pytest.mark.parametrize("name", shipped_rulesets())
def test_shipped_rule_set_is_clean(name: str) -> None:
    assert [d.format() for d in lint(load_ruleset(name))] == []


def test_mcr_has_81_fans_each_with_a_hit_and_a_near_miss() -> None:
    ruleset = load_ruleset("mcr")
    assert [f.number for f in ruleset.fans] == list(range(1, 82))
    for fan in ruleset.fans:
        assert fan.predicate.strip() and fan.value > 0
        assert any(e.count > 0 for e in fan.examples) and any(e.count == 0 for e in fan.examples), fan
