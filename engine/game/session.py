"""A whole session played at one table: each hand seated as the rule set's ``settlement:`` says (prevalent
wind, dealer, seat winds), played to its end, and paid through ``fanrules.settlement.Session``."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.tiles import WIND_CODES
from ..settlement import Session
from .procedure import ProcedureError
from .seat import ready_seats
from .simulate import PlayerFactory, game_seed, play, players_of
from .table import Table
from .winning import GameRules, as_game_rules


@dataclass
class PlayedSession:
    """The hands of a session (their tables, in order) and the settlement's record of it."""

    session: Session
    tables: list[Table]

    def to_json(self) -> dict[str, Any]:
        """The played session as JSON: the session's entries and standings, and each hand's log."""
        return {"rules": self.tables[0].rules.name if self.tables else None, **self.session.to_json()}


def ready_players(table: Table) -> list[int]:
    """The players whose concealed tiles wait on some tile at an exhaustive draw."""
    return ready_seats(table.seats)


def play_session(rules: GameRules | str = "mcr", seed: int = 0, players: str | PlayerFactory = "greedy",
                 names: Sequence[str] = WIND_CODES,
                 on_table: Callable[[int, Table], Any] | None = None) -> PlayedSession:
    """Play every hand of a session (hand ``n`` on the wall of ``game_seed(seed, n)``), seated and paid
    by the settlement section. ``on_table(n, table)`` is called after each hand (to write its log)."""
    game = as_game_rules(rules)
    if game.procedure.several_wins != "first_in_turn":
        raise ProcedureError(f"rule set {game.name}: a session records one winner a hand; its procedure lets several win")
    factory = players_of(players) if isinstance(players, str) else players
    session = Session(game.ruleset, names=names)
    tables: list[Table] = []
    for n in range(session.length):
        seat = session.seating
        table = Table(game, game_seed(seed, n), seat_winds=seat.seat_winds, prevalent_wind=seat.prevalent_wind)
        play(table, factory(game, game_seed(seed, n)))
        if table.wins:
            win = table.wins[0]
            session.win(win.player, win.result, win.discarder)
        else:
            session.draw(ready_players(table))
        tables.append(table)
        if on_table is not None:
            on_table(n, table)
    return PlayedSession(session, tables)


__all__ = ["play_session", "PlayedSession", "ready_players"]
