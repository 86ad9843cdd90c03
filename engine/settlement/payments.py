"""Who pays whom after a hand: a win (on a discard or self-drawn), a penalty and an exhaustive draw,
each as the four players' point changes by player index, in exact integers."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..ruleset import RulesLike
from ..ruleset.formula import NAMES
from ..scoring import Result
from .terms import Settlement, SettlementError, terms

Changes = tuple[int, int, int, int]
"""Four players' point changes, by player index (0..3)."""


def player_index(player: object, what: str = "player") -> int:
    """A player index 0..3, or a one-line error naming ``what`` it was meant to be."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player <= 3:
        raise SettlementError(f"the {what} must be a player index 0..3, not {player!r}")
    return player


def hand_points(result_or_total: Result | int, settlement: Settlement, flowers: int | None = None) -> tuple[int, int]:
    """(points without flowers, flower points) of a scored hand, or of a total and a count of flowers.
    Flowers are refused under a rule set whose table has none: they could not have been drawn there."""
    if isinstance(result_or_total, Result):
        if flowers is not None:
            raise SettlementError("a scored hand carries its own flowers: give them to the hand, not to the settlement")
        _check_flowers(result_or_total.hand.context.flowers, settlement)
        return result_or_total.total, result_or_total.total_with_flowers - result_or_total.total
    if isinstance(result_or_total, bool) or not isinstance(result_or_total, int) or not 0 <= result_or_total <= 10000:
        raise SettlementError(f"a hand's points must be a whole number 0..10000 or a scored hand, not {result_or_total!r}")
    count = 0 if flowers is None else flowers
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 8:
        raise SettlementError(f"flowers must be a number 0..8, not {count!r}")
    _check_flowers(count, settlement)
    return result_or_total, count * settlement.flower_value


def _check_flowers(count: int, settlement: Settlement) -> None:
    if count and not settlement.table_flowers:
        raise SettlementError(f"rule set {settlement.ruleset} plays without flowers (procedure tiles.flowers 0): "
                              f"a win cannot have {count} flower{'s' if count > 1 else ''}")


def win_changes(points: int, flower_points: int, winner: int, discarder: int | None, settlement: Settlement,
                facts: Mapping[str, int] | None = None) -> Changes:
    """The changes of a legal win worth ``points`` (+ ``flower_points``); self-drawn when ``discarder`` is None;
    ``facts``: the win's facts a payment's formula reads (formula.NAMES)."""
    counted = points + (flower_points if settlement.flowers_toward_minimum else 0)
    if counted < settlement.minimum:
        flowers = "" if settlement.flowers_toward_minimum or not flower_points else " (flowers do not count toward it)"
        raise SettlementError(f"a win needs at least {settlement.minimum} points{flowers}; this hand has {counted}: "
                              "record it as a false win")
    paid = points + (flower_points if settlement.flowers_toward_payment else 0)
    values = settlement.values(paid, flower_points, facts) if settlement.pieces or facts is not None else None
    changes = [0, 0, 0, 0]
    for player in range(4):
        if player == winner:
            continue
        if discarder is None:
            owed = settlement.self_draw_others.amount(settlement.base, paid, values)
        elif player == discarder:
            owed = settlement.discarder.amount(settlement.base, paid, values)
        else:
            owed = settlement.discard_others.amount(settlement.base, paid, values)
        changes[player] -= owed
        changes[winner] += owed
    return tuple(changes)  # type: ignore[return-value]  # one change per player: four


def settle(result_or_total: Result | int, winner: int, *, discarder: int | None = None,
           rules: RulesLike | Settlement = "mcr", flowers: int | None = None) -> Changes:
    """The four players' point changes (by player index 0..3) after ``winner`` wins a hand.

    ``result_or_total``: the scored hand (a Result; its flowers are in it), or its points without
    flowers, with ``flowers`` the number of flowers (each worth the rule set's bonus-fan value).
    ``discarder``: the player who discarded the winning tile; None for a self-drawn win. A hand under
    the minimum is not a win (SettlementError: record a false win)."""
    settlement = terms(rules)
    winner = player_index(winner, "winner")
    if discarder is not None and player_index(discarder, "discarder") == winner:
        raise SettlementError("the winner cannot be the discarder: give discarder=None for a self-drawn win")
    if isinstance(result_or_total, Result) and result_or_total.hand.context.self_drawn != (discarder is None):
        scored = "self-drawn" if result_or_total.hand.context.self_drawn else "on a discard"
        raise SettlementError(f"the hand was scored as won {scored}: "
                              + ("give no discarder" if discarder is not None else "give the discarder"))
    points, flower_points = hand_points(result_or_total, settlement, flowers)
    facts = win_facts(result_or_total.hand.context) if isinstance(result_or_total, Result) else None
    return win_changes(points, flower_points, winner, discarder, settlement, facts)


def win_facts(context: Any) -> dict[str, int]:
    """The win's facts a payment's formula reads (formula.NAMES), as whole numbers."""
    return {name: int(getattr(context, name)) for name in NAMES if hasattr(context, name) and name != "flowers"}


def penalty_changes(offender: int, kind: str, rules: RulesLike | Settlement = "mcr") -> Changes:
    """The changes of a penalty of ``kind`` (``false_win``, ``not_ready``, ...) against ``offender``."""
    settlement = terms(rules)
    offender = player_index(offender, "offender")
    penalty = settlement.penalty(kind)
    changes = [0, 0, 0, 0]
    for player in range(4):
        if player != offender and penalty.to == "each_other":
            changes[player] += penalty.points
            changes[offender] -= penalty.points
    if penalty.to == "nobody":
        changes[offender] -= penalty.points
    return tuple(changes)  # type: ignore[return-value]  # one change per player: four


def draw_changes(ready: Iterable[int] = (), rules: RulesLike | Settlement = "mcr") -> Changes:
    """The changes of an exhaustive draw: each player who is not ready pays each player in ``ready``
    the rule set's ``draw.not_ready_pays_each_ready``."""
    settlement = terms(rules)
    ready_set = {player_index(p, "ready player") for p in ready}
    each = settlement.draw_not_ready_pays_each_ready
    changes = [0, 0, 0, 0]
    for payer in set(range(4)) - ready_set:
        for receiver in ready_set:
            changes[payer] -= each
            changes[receiver] += each
    return tuple(changes)  # type: ignore[return-value]  # one change per player: four
