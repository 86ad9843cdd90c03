"""A whole 16-hand session played at one table: seats, dealers and prevalent winds as the settlement
section seats them, each hand's outcome paid into the session, points conserved."""
from __future__ import annotations

from collections import Counter

from fanrules.core.tiles import TILE_INDEX
from fanrules.game import play_session
from fanrules.settlement import Seating


def test_a_sixteen_hand_session_moves_seats_and_dealers_as_the_rules_say() -> None:
    played = play_session("mcr", seed=3, players="random")
    tables, session = played.tables, played.session
    assert len(tables) == 16 and session.finished and len(session.entries) == 16
    for n, table in enumerate(tables):
        seat = Seating.of("mcr", n)
        assert table.seat_winds == tuple(TILE_INDEX[w] for w in seat.seat_winds)
        assert table.prevalent_wind == TILE_INDEX[seat.prevalent_wind] and table.dealer == seat.dealer
        assert table.events[0]["dealer"] == seat.dealer
        entry = session.entries[n]
        assert entry.seating == seat
        if table.wins:
            win = table.wins[0]
            assert entry.kind == ("self_draw" if win.discarder is None else "win")
            assert win.record["seat_wind"] == seat.seat_winds[win.player]
            assert win.record["round_wind"] == seat.prevalent_wind
        else:
            assert entry.kind == "draw"
    assert [t.prevalent_wind for t in tables] == [TILE_INDEX[w] for w in "EEEESSSSWWWWNNNN"]
    assert Counter(t.dealer for t in tables) == {0: 4, 1: 4, 2: 4, 3: 4}  # everyone deals once a round
    assert sum(session.totals) == 4 * session.terms.session.start  # what one pays another receives


def test_a_session_of_greedy_players_is_reproducible() -> None:
    first = play_session("mcr", seed=8)
    again = play_session("mcr", seed=8)
    assert [t.events for t in first.tables] == [t.events for t in again.tables]
    assert first.session.totals == again.session.totals and any(t.wins for t in first.tables)
