"""Who sits where in each hand of a session: the prevalent wind, the dealer and each player's seat wind,
all read from the rule set's ``settlement.session``."""
from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import RulesLike
from .terms import WINDS, Settlement, SettlementError, terms


@dataclass(frozen=True)
class Seating:
    """One hand's seating: the prevalent wind, the dealer (player index 0..3) and each player's seat
    wind by player index (the dealer's is E)."""

    prevalent_wind: str
    dealer: int
    seat_winds: tuple[str, str, str, str]

    @classmethod
    def of(cls, rules: RulesLike | Settlement, hand_number: int) -> Seating:
        """The seating of hand ``hand_number`` (0 .. length-1) of a session under ``rules``.

        Players are numbered by their place in the first round (0 opened East, 1 South, 2 West, 3 North).
        In round ``hand_number // hands_per_round`` each player sits at the place ``session.seats`` gives;
        the place ``session.dealers`` names for the hand deals, and seat winds run E, S, W, N
        counter-clockwise from the dealer."""
        return seating(rules, hand_number)


def seating(rules: RulesLike | Settlement, hand_number: int) -> Seating:
    """The seating of hand ``hand_number`` (0 .. length-1) of a session under ``rules``.

    Players are numbered by their place in the first round (0 opened East, 1 South, 2 West, 3 North).
    In round ``hand_number // hands_per_round`` each player sits at the place ``session.seats`` gives;
    the place ``session.dealers`` names for the hand deals, and seat winds run E, S, W, N
    counter-clockwise from the dealer."""
    session = terms(rules).session
    if isinstance(hand_number, bool) or not isinstance(hand_number, int) or not 0 <= hand_number < session.length:
        raise SettlementError(f"hand number must be 0..{session.length - 1} (a session has {session.length} hands), not {hand_number!r}")
    round_index, in_round = divmod(hand_number, session.hands_per_round)
    places = [WINDS.index(w) for w in session.seats[round_index]]
    dealer_place = WINDS.index(session.dealers[in_round])
    winds = tuple(WINDS[(place - dealer_place) % 4] for place in places)
    return Seating(session.rounds[round_index], places.index(dealer_place), winds)  # type: ignore[arg-type]  # one wind per seat: four


__all__ = ["Seating", "seating"]
