"""A saved table state read back: the table is set again from its seed (or scripted wall), winds and
rules, and its events are played on it, so that only a state some game reaches is accepted (a fifth
copy, a wrong hand size, a bound out of the wall or a planted event are not)."""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from ..core.tiles import TILE_INDEX, tile_of_code
from .actions import Action
from .procedure import GameError
from .state import STATE_FORMAT, shipped_names
from .winning import GameRules, as_game_rules, rules_hash


class Replayable(Protocol):
    """What a restore needs of a table: its actions and bars played again, and its state saved."""

    @property
    def over(self) -> bool: ...

    def step(self, action: Action) -> object: ...

    def bar(self, player: int) -> object: ...

    def to_json(self) -> dict[str, Any]: ...


T = TypeVar("T", bound="Replayable")


def rules_of_state(data: object, rules: GameRules | str | None) -> GameRules:
    """The rules a saved state is played under: ``rules``, or the shipped rule set it names (by name
    only); ValueError when it is not a table state or was saved under other rules."""
    if not isinstance(data, dict) or data.get("type") != "table" or data.get("format") != STATE_FORMAT:
        raise GameError(f"not a table state of format {STATE_FORMAT}")
    if rules is None and data.get("rules") not in shipped_names():
        raise GameError(f"a table state names a shipped rule set ({', '.join(shipped_names())}), not {str(data.get('rules'))[:80]!r}")
    game = as_game_rules(rules if rules is not None else str(data["rules"]))
    if data.get("rules_hash") != rules_hash(game):
        raise GameError(f"the table was saved under other rules than {game.name} (rules hash differs)")
    return game


def replayed(data: dict[str, Any], make: Callable[[int | str, list[int], int, list[int] | None], T]) -> T:
    """The table ``make`` sets from ``data``'s seed (or scripted wall) and winds, with its actions (the
    answers of an open claim window among them) and bars played again; ValueError when the state is
    not the one they reach."""
    try:
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, (int, str)) or not isinstance(data["events"], list):
            raise GameError("the seed is a whole number or a string, the events a list")
        wall = [tile_of_code(t) for t in data["wall"]] if data["scripted"] is True else None
        table = make(seed, [TILE_INDEX[w] for w in data["seat_winds"]], TILE_INDEX[data["prevalent_wind"]], wall)
        for event in data["events"]:
            if not isinstance(event, dict) or table.over:
                break
            if event.get("type") == "action":
                table.step(Action.from_json(event))
            elif event.get("type") == "bar":
                table.bar(event.get("player", -1))
        same = table.to_json() == json.loads(json.dumps(data))
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as err:
        raise GameError(f"a bad table state: {err!r}"[:300]) from None
    if not same:
        raise GameError("a bad table state: it is not the table its seed, winds and events make under these rules")
    return table
