"""``Scorer`` against the reference scorer of tests/reference_scorer.py (plain predicates, the principles
enumerated): on every complete hand of both corpora and on random legal hands of every shape, under
every shipped rule set. They must agree on the total, the total with flowers and, where the principles
admit one answer, the count of every fan; where they admit several equally correct choices (account
once, RULINGS 5; readings of equal total), the scorer's must be one of them.

The random part is bounded in the default run; ``HYPOTHESIS_PROFILE=long`` runs it long. How many hands
were compared is printed at the end of the run (``reference scorer: compared ...``)."""
from __future__ import annotations

from functools import cache

import conftest
import fanrules
import pytest
from fanrules.analysis.readings import readings
from fanrules.core.hand import Hand, HandError
from fanrules.ruleset import load_ruleset, shipped_rulesets
from fanrules.ruleset.combination import ALL_PRINCIPLES
from fanrules.scoring import Scorer
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_scorer import ReferenceScorer, plain_predicate
from test_properties import PROFILE, legal_hands

pytestmark = pytest.mark.slow  # every complete corpus hand and random hands, each enumerated every way

#: Random hands per run: a few seconds by default; the long profile takes minutes (about 7 on 2 busy cores).
EXAMPLES = {"default_fanrules": 300, "long": 20_000}[PROFILE]


@cache
def scorers(name: str) -> tuple[Scorer, ReferenceScorer]:
    ruleset = load_ruleset(name)
    return Scorer(ruleset), ReferenceScorer(ruleset)


def disagreement(hand: Hand, scorer: Scorer, reference: ReferenceScorer) -> str | None:
    """Why the scorer's result is not one the reference accepts, or None when it is."""
    result = scorer.score(hand)
    total, bonus, accepted = reference.best(hand)
    counts = tuple(sorted((c.fan.number, c.count) for c in result.fans))
    if (result.total, result.total_with_flowers) != (total, total + bonus) or counts not in accepted:
        return (f"{hand}: Scorer gives {result.total} (with flowers {result.total_with_flowers}) {counts}; "
                f"the reference {total} (with flowers {total + bonus}), accepting {sorted(accepted)}")
    return None


def compared(source: str, n: int = 1) -> None:
    conftest.REFERENCE_COMPARED[source] = conftest.REFERENCE_COMPARED.get(source, 0) + n


@pytest.mark.parametrize("corpus", conftest.CORPORA)
def test_scorer_agrees_with_the_reference_on_every_complete_corpus_hand(corpus: str) -> None:
    scorer, reference = scorers("mcr")
    failures, n = [], 0
    for case in conftest.corpus_cases(corpus):
        try:
            hand = fanrules.hand_from_record(case)
        except HandError:
            continue  # invalid: nothing to score
        if not readings(hand):
            continue  # not a win: nothing to score
        n += 1
        if (why := disagreement(hand, scorer, reference)) is not None:
            failures.append(f"{case['id']}: {why}")
    compared(f"{corpus} hands", n)
    assert n > 100
    assert not failures, f"{len(failures)} of {n} hands disagree:\n" + "\n".join(failures[:10])


def _referenced(name: str) -> bool:
    """Whether the reference (MCR's principles, a total that is the sum, every shape) can check a rule set."""
    rs = load_ruleset(name)
    return (rs.principles == ALL_PRINCIPLES and rs.shapes is None and rs.cap is None and rs.win_requires is None
            and not any(f.multiplier or f.alone for f in rs.fans))


#: The shipped rule sets the reference checks (zung-jung combines its fans otherwise: tests/test_variants_data.py).
REFERENCED = [name for name in shipped_rulesets() if _referenced(name)]


@settings(max_examples=EXAMPLES, deadline=None)
@given(legal_hands(), st.sampled_from(REFERENCED))
def test_scorer_agrees_with_the_reference_on_random_hands(hand: Hand, name: str) -> None:
    compared(f"random hands ({PROFILE} profile)")
    scorer, reference = scorers(name)
    why = disagreement(hand, scorer, reference)
    assert why is None, f"rule set {name}: {why}"


# --- the reference itself -------------------------------------------------------------------------


@pytest.mark.parametrize("text, context, total, accepted", [
    pytest.param("555666777p5556s7s", {"self_drawn": True}, 48,
                 {((23, 1), (31, 1), (56, 1), (63, 1), (70, 1), (75, 1))},
                 id="principles take the highest: 48 from the chows, not 47 from the pungs"),
    pytest.param("123m789m123s789s2p2p", {}, 8,
                 {((62, 1), (63, 1), (70, 2), (72, 1), (79, 1)), ((62, 1), (63, 1), (70, 1), (72, 2), (79, 1))},
                 id="principles account once: four chows carry three two-chow fans, either pair of fans"),
])
def test_the_reference_scores_the_worked_examples_of_the_spec(text: str, context: dict[str, bool], total: int,
                                                                accepted: set[tuple[tuple[int, int], ...]]) -> None:
    _, reference = scorers("mcr")
    got_total, bonus, got = reference.best(fanrules.parse_hand(text, **context))
    assert (got_total, bonus, got) == (total, 0, accepted)


def test_plain_predicates_are_loops_run_in_every_order() -> None:
    text = "each a, b in chows where tile(a) == tile(b) and all(t in tiles: t in simples)"
    plain = plain_predicate(text)
    assert plain.binds_sets and plain.level == "reading"
    assert "all(" in plain.source and "tile_mask" not in plain.source  # the tile condition stays a loop
    assert "found = set()" in plain.source  # both orders of a and b are tried
    engine = fanrules.dsl.compile_predicate(text, use_cache=False)[0]
    assert engine is not None and "tile_mask" in engine.source and "found = []" in engine.source  # a mask test there


def test_a_scorer_under_other_rules_is_caught() -> None:
    """The comparison can fail: the mcr scorer against the reference of a variant that scores a
    concealed kong beside a melded one differently (rules/mil)."""
    hand = fanrules.parse_hand("[1111m][2222p,1]345s678s9m9m", self_drawn=True)
    mcr_scorer, _ = scorers("mcr")
    _, mil_reference = scorers("mil")
    assert disagreement(hand, mcr_scorer, mil_reference) is not None
    assert disagreement(hand, *scorers("mil")) is None
