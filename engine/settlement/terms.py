"""The typed view of a rule set's ``settlement:`` section, built from its declaration
(``fanrules.ruleset.settlement_keys``: each key names the attribute it fills)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..core.errors import FanrulesError
from ..core.tiles import WIND_CODES
from ..ruleset import RuleSet, RulesLike, load_ruleset, ruleset_of
from ..ruleset.formula import NAMES, evaluate, parse, worked_values
from ..ruleset.settlement_keys import SETTLEMENT
from ..ruleset.views import section_problems, view_of

#: The winds by their letters, in seat order (players 0..3 open at them).
WINDS = WIND_CODES


class SettlementError(FanrulesError, ValueError):
    """A settlement that cannot be made (a bad player, a win under the minimum, a rule set without a
    ``settlement:`` section, a sheet line that cannot be recorded, ...): one line for people."""


@dataclass(frozen=True)
class Pay:
    """What one loser pays the winner: ``base`` times the base plus ``points`` times the hand's points,
    or its ``formula`` over the hand's total, the base, the flowers, the win's facts and the pieces."""

    base: int
    points: int
    formula: str = ""

    def amount(self, base: int, points: int, values: Mapping[str, int] | None = None) -> int:
        """What this pay amounts to for a hand of ``points`` under a ``base``: the pay's base and points
        multiplied by them and added, or the value of its formula."""
        if not self.formula:
            return self.base * base + self.points * points
        return evaluate(parse(self.formula, tuple(values or NAMES)), values or {"total": points, "base": base})


@dataclass(frozen=True)
class Penalty:
    """A penalty kind: the offender pays ``points`` to each other player (``to`` each_other) or to no one
    (``nobody``); ``ends_hand`` says whether the hand is over, ``bars_win`` whether the offender plays on
    without the right to win it (停和)."""

    kind: str
    points: int
    to: str
    ends_hand: bool
    bars_win: bool


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


@dataclass(frozen=True, kw_only=True)
class Settlement:
    """A rule set's settlement terms, typed; ``flower_value`` is the value of the rule set's bonus fan
    (a flower's points), 0 when it has none; ``table_flowers`` whether its table plays with flowers (its
    procedure's ``tiles.flowers``; true without a procedure), for a win with flowers is refused without them."""

    ruleset: str
    minimum: int
    base: int
    discarder: Pay
    discard_others: Pay
    self_draw_others: Pay
    flowers_toward_minimum: bool
    flowers_toward_payment: bool
    flower_value: int
    table_flowers: bool
    penalties: dict[str, Penalty]
    draw_not_ready_pays_each_ready: int
    session: SessionTerms
    ranking: RankingTerms
    sources: tuple[str, ...]
    #: Named formulas the payments' formulas read (``pieces:``).
    pieces: dict[str, str] = field(default_factory=dict)

    def values(self, points: int, flower_points: int, facts: Mapping[str, int] | None = None) -> dict[str, int]:
        """What a payment's formula reads: the hand's points as paid, the base, the flowers, the win's facts, the pieces."""
        return worked_values(self.pieces, {"total": points, "base": self.base, "flowers": flower_points, **(facts or {})})

    def penalty(self, kind: str) -> Penalty:
        """The penalty of ``kind`` (``false_win`` or ``false-win``)."""
        found = self.penalties.get(kind.replace("-", "_"))
        if found is None:
            known = ", ".join(self.penalties) or "none"
            raise SettlementError(f"rule set {self.ruleset} has no penalty '{kind}' (its penalties: {known})")
        return found


def settlement_of(ruleset: RuleSet) -> Settlement:
    """The typed settlement terms of a loaded rule set. A section the session cannot be played by is
    reported where it is written when the rule set loads; the check here guards one built in Python."""
    data = ruleset.sections.get("settlement")
    if data is None:
        raise SettlementError(f"rule set {ruleset.name} has no settlement: section (docs/settlement.md)")
    problems = section_problems("settlement", SETTLEMENT, data)
    if problems:
        raise SettlementError(f"rule set {ruleset.name}: {problems[0]}")
    bonus = [fan.points for fan in ruleset.fans if fan.bonus]
    views = {cls.__name__: cls for cls in (Settlement, Pay, Penalty, SessionTerms, RankingTerms)}
    tiles = ruleset.sections.get("procedure", {}).get("tiles", {})
    terms: Settlement = view_of(SETTLEMENT, data, views, ruleset=ruleset.name, minimum=ruleset.minimum,
                                flower_value=bonus[0] if bonus else 0, table_flowers=tiles.get("flowers", 1) > 0)
    return terms


@lru_cache(maxsize=16)
def _terms_of(rules: str) -> Settlement:
    return settlement_of(load_ruleset(rules))


def terms(rules: RulesLike | Settlement = "mcr") -> Settlement:
    """The settlement terms of a rule set: loaded (a RuleSet, or what holds one), by shipped name or
    path, or already typed."""
    if isinstance(rules, Settlement):
        return rules
    if isinstance(rules, (str, Path)):
        return _terms_of(str(rules))
    return settlement_of(ruleset_of(rules))


__all__ = ["Pay", "Penalty", "RankingTerms", "SessionTerms", "Settlement", "settlement_of", "SettlementError", "terms", "WINDS"]
