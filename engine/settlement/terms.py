"""The typed view of a rule set's ``settlement:`` section (keys: fanrules.ruleset.settlement_keys)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.errors import FanrulesError
from ..ruleset import RuleSet, load_ruleset

WINDS = ("E", "S", "W", "N")


class SettlementError(FanrulesError, ValueError):
    """A settlement that cannot be made (a bad player, a win under the minimum, a rule set without a
    ``settlement:`` section, a sheet line that cannot be recorded, ...): one line for people."""


@dataclass(frozen=True)
class Pay:
    """What one loser pays the winner: ``base`` times the base plus ``points`` times the hand's points."""

    base: int
    points: int

    def amount(self, base: int, points: int) -> int:
        return self.base * base + self.points * points


@dataclass(frozen=True)
class Penalty:
    """A penalty kind: the offender pays ``points`` to each other player (``to`` each_other) or to no one
    (``nobody``); ``ends_hand`` says whether the hand is over."""

    kind: str
    points: int
    to: str
    ends_hand: bool


@dataclass(frozen=True)
class SessionTerms:
    """A session: ``length`` hands, ``start`` points each, ``rounds`` (a prevalent wind each) of
    ``hands_per_round`` hands, each player's place in each round, and the place that deals each hand of a round."""

    length: int
    start: int
    hands_per_round: int
    rounds: tuple[str, ...]
    seats: tuple[tuple[str, str, str, str], ...]
    dealers: tuple[str, ...]


@dataclass(frozen=True)
class RankingTerms:
    """Ranking points of the places (``points[0]`` for first), how ties share them, and the tie-breaks
    between players level on ranking points over several sessions."""

    points: tuple[int, ...]
    ties: str
    tie_breaks: tuple[str, ...]


@dataclass(frozen=True)
class Settlement:
    """A rule set's settlement terms, typed; ``flower_value`` is the value of the rule set's bonus fan
    (a flower's points), 0 when it has none."""

    ruleset: str
    minimum: int
    base: int
    discarder: Pay
    discard_others: Pay
    self_draw_others: Pay
    flowers_toward_minimum: bool
    flowers_toward_payment: bool
    flower_value: int
    penalties: dict[str, Penalty]
    draw_not_ready_pays_each_ready: int
    session: SessionTerms
    ranking: RankingTerms
    sources: tuple[str, ...]

    def penalty(self, kind: str) -> Penalty:
        """The penalty of ``kind`` (``false_win`` or ``false-win``)."""
        found = self.penalties.get(kind.replace("-", "_"))
        if found is None:
            known = ", ".join(self.penalties) or "none"
            raise SettlementError(f"rule set {self.ruleset} has no penalty '{kind}' (its penalties: {known})")
        return found


def _pay(data: dict[str, Any]) -> Pay:
    return Pay(data["base"], data["points"])


def _session(data: dict[str, Any], name: str) -> SessionTerms:
    terms = SessionTerms(data["length"], data["start"], data["hands_per_round"], tuple(data["rounds"]),
                         tuple(tuple(row) for row in data["seats"]), tuple(data["dealers"]))
    rounds = -(-terms.length // terms.hands_per_round)
    where = f"rule set {name}: settlement.session"
    if len(terms.rounds) < rounds:
        raise SettlementError(f"{where}.rounds names {len(terms.rounds)} prevalent winds; {terms.length} hands need {rounds}")
    if len(terms.seats) < rounds:
        raise SettlementError(f"{where}.seats gives {len(terms.seats)} rounds of seats; {terms.length} hands need {rounds}")
    for i, row in enumerate(terms.seats):
        if sorted(row, key=WINDS.index) != list(WINDS):
            raise SettlementError(f"{where}.seats[{i}] must place the four players at E, S, W and N once each, not {list(row)}")
    if len(terms.dealers) != terms.hands_per_round:
        raise SettlementError(f"{where}.dealers names {len(terms.dealers)} dealers; a round has {terms.hands_per_round} hands")
    return terms


def settlement_of(ruleset: RuleSet) -> Settlement:
    """The typed settlement terms of a loaded rule set."""
    data = ruleset.sections.get("settlement")
    if data is None:
        raise SettlementError(f"rule set {ruleset.name} has no settlement: section (docs/settlement.md)")
    bonus = [fan.value for fan in ruleset.fans if fan.bonus]
    ranking = data["ranking"]
    if len(ranking["points"]) != 4:
        raise SettlementError(f"rule set {ruleset.name}: settlement.ranking.points names {len(ranking['points'])} places; "
                              "a table has 4 players")
    return Settlement(
        ruleset=ruleset.name, minimum=ruleset.minimum, base=data["base"],
        discarder=_pay(data["discard"]["discarder"]), discard_others=_pay(data["discard"]["others"]),
        self_draw_others=_pay(data["self_draw"]["others"]),
        flowers_toward_minimum=data["flowers"]["toward_minimum"], flowers_toward_payment=data["flowers"]["toward_payment"],
        flower_value=bonus[0] if bonus else 0,
        penalties={kind: Penalty(kind, p["points"], p["to"], p.get("ends_hand", False)) for kind, p in data["penalties"].items()},
        draw_not_ready_pays_each_ready=data["draw"]["not_ready_pays_each_ready"],
        session=_session(data["session"], ruleset.name),
        ranking=RankingTerms(tuple(ranking["points"]), ranking["ties"], tuple(ranking.get("tie_breaks", ()))),
        sources=tuple(data.get("sources", ())),
    )


@lru_cache(maxsize=16)
def _terms_of(rules: str) -> Settlement:
    return settlement_of(load_ruleset(rules))


def terms(rules: RuleSet | Settlement | str | Path = "mcr") -> Settlement:
    """The settlement terms of a rule set: loaded (a RuleSet), by shipped name or path, or already typed."""
    if isinstance(rules, Settlement):
        return rules
    if isinstance(rules, RuleSet):
        return settlement_of(rules)
    return _terms_of(str(rules))
