"""Seating in a session, from the rule set's settlement.session: the prevalent wind, the dealer and each
player's seat wind for every hand (the contract the game layer builds on)."""
from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path

import pytest

import fanrules
from fanrules.settlement import Seating, SettlementError


def test_the_first_hand_is_dealt_by_the_player_who_opened_east() -> None:
    assert Seating.of("mcr", 0) == Seating("E", 0, ("E", "S", "W", "N"))


def test_the_dealer_passes_counter_clockwise_after_every_hand() -> None:
    # hand 1 (东风南): the player at the South place deals; the East-place player is now North
    assert Seating.of("mcr", 1) == Seating("E", 1, ("N", "E", "S", "W"))
    assert [Seating.of("mcr", h).dealer for h in range(4)] == [0, 1, 2, 3]


def test_seats_change_between_rounds_as_the_score_sheet_table_says() -> None:
    # summerinsects' 每圈座位: the East opener sits E, S, N, W in the four rounds; each round's first
    # hand is dealt from the East place, so the seat winds are the places
    assert [Seating.of("mcr", 4 * r).seat_winds for r in range(4)] == [
        ("E", "S", "W", "N"), ("S", "E", "N", "W"), ("N", "W", "E", "S"), ("W", "N", "S", "E")]
    assert [Seating.of("mcr", 4 * r).prevalent_wind for r in range(4)] == ["E", "S", "W", "N"]


def test_every_hand_has_one_player_per_seat_wind_and_each_player_deals_once_a_round() -> None:
    for h in range(16):
        s = Seating.of("mcr", h)
        assert sorted(s.seat_winds) == sorted("ESWN")
        assert s.seat_winds[s.dealer] == "E"
    for r in range(4):
        assert sorted(Seating.of("mcr", 4 * r + k).dealer for k in range(4)) == [0, 1, 2, 3]
    assert Counter(Seating.of("mcr", h).dealer for h in range(16)) == {0: 4, 1: 4, 2: 4, 3: 4}


# Below the first hand, past the sixteenth, a number as text, and a bool (an int to Python, not a hand number).
@pytest.mark.parametrize("bad", [-1, 16, "3", True])
def test_a_hand_outside_the_session_is_refused(bad: object) -> None:
    with pytest.raises(SettlementError, match=r"hand number must be 0\.\.15"):
        Seating.of("mcr", bad)  # type: ignore[arg-type]


def test_seating_is_data_a_variant_keeps_its_seats_and_plays_eight_hands(tmp_path: Path) -> None:
    (tmp_path / "ruleset.yaml").write_text(textwrap.dedent("""\
        name: short
        extends: mcr
        settlement:
          session:
            length: 8
            hands_per_round: 4
            rounds: [E, S]
            seats: [[E, S, W, N], [E, S, W, N]]
        """), encoding="utf-8")
    rules = fanrules.load_ruleset(tmp_path)
    assert Seating.of(rules, 4) == Seating("S", 0, ("E", "S", "W", "N"))
    with pytest.raises(SettlementError, match="0..7"):
        Seating.of(rules, 8)


def test_inconsistent_session_data_is_reported_with_its_key(tmp_path: Path) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: bad\nextends: mcr\nsettlement:\n  session:\n    seats: [[E, E, W, N]]\n",
                                           encoding="utf-8")
    with pytest.raises(fanrules.RuleSetError) as caught:  # refused where it is written, when the rule set loads
        fanrules.load_ruleset(tmp_path)
    found = {(d.line, d.column, d.code, d.message) for d in caught.value.diagnostics}
    assert (5, 12, "R024", "settlement.session.seats gives 1 rounds of seats; 16 hands need 4") in found
    assert (5, 12, "R024", "settlement.session.seats[0] must place the four players at E, S, W and N once each, "
                           "not ['E', 'E', 'W', 'N']") in found


def test_the_facade_exports_seating() -> None:
    assert fanrules.Seating.of("mcr", 5) == Seating.of("mcr", 5) and "Seating" in fanrules.__all__
    assert {"settle", "Session", "Standing", "competition", "SettlementError"} <= set(fanrules.__all__)
    assert issubclass(fanrules.SettlementError, fanrules.FanrulesError) and issubclass(fanrules.SettlementError, ValueError)
