"""What a table holds and its two forms outside memory: the whole state as JSON (``Table.to_json``,
``Table.from_json``: what a server keeps between requests or an app saves, so that a restored table plays
on exactly as the saved one would) and the replayable log (``Table.log``: a header, then the events).
The state holds everything, the wall included; what a player may see of it is ``observe``'s business."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any, Self, cast

from ..core.jsonio import meld_to_record
from ..core.tiles import TILE_INDEX, tile_code, tile_of_code
from ..ruleset import resolve, shipped_rulesets
from .actions import Action, Phase
from .claims import ClaimWindow
from .procedure import Procedure
from .seat import SEAT_COUNT, Seat
from .wall import Opening
from .winning import GameRules, Win, as_game_rules, rules_hash

STATE_FORMAT = 1


class TableState:
    """The state of a table (``game.table.Table`` plays it), saved and restored whole."""

    rules: GameRules
    proc: Procedure
    seed: int | str
    seat_winds: tuple[int, ...]
    prevalent_wind: int
    order: tuple[int, ...]
    #: The player after each in turn order (``next_of``).
    _after: tuple[int, ...]
    dealer: int
    wall: list[int]
    scripted: bool
    opening: Opening
    fronts: list[int]
    backs: list[int]
    wall_index: list[int]
    seats: list[Seat]
    phase: Phase
    current: int
    may_self_win: bool
    window: ClaimWindow | None
    initial: list[int]
    wins: list[Win]
    events: list[dict[str, Any]]
    _legal: tuple[int, int, list[Action]] | None
    _turn_win: Win | None
    _steps: int
    barred: set[int]

    def to_json(self) -> dict[str, Any]:
        """The whole state (the wall and every hand included) as plain JSON, for a server or an app."""
        w = self.window
        return {
            "type": "table", "format": STATE_FORMAT, "rules": self.rules.name, "rules_hash": rules_hash(self.rules),
            "seed": self.seed, "seat_winds": [tile_code(t) for t in self.seat_winds],
            "prevalent_wind": tile_code(self.prevalent_wind), "wall": [tile_code(t) for t in self.wall],
            "scripted": self.scripted, "opening": [list(self.opening.throws), self.opening.side, self.opening.counted],
            "fronts": list(self.fronts), "backs": list(self.backs), "seats": [seat_to_json(s) for s in self.seats],
            "phase": self.phase, "current": self.current, "may_self_win": self.may_self_win,
            "window": None if w is None else {"discarder": w.discarder, "tile": tile_code(w.tile), "kong": w.kong,
                                              "answers": [a.to_json() for a in w.responses.values()]},
            "initial": list(self.initial), "steps": self._steps, "barred": sorted(self.barred),
            "events": json.loads(json.dumps(self.events)),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], rules: GameRules | str | None = None) -> Self:
        """The table ``to_json`` saved, under ``rules`` (default: the shipped rule set it names, by name
        only), to play on exactly as it would have. The table is set again from its seed (or its wall),
        winds and rules and its events are played on it; the state must be the one they reach, so that
        a state no game can reach (a fifth copy, a wrong hand size, a bound out of the wall, a planted
        event) is refused. ValueError when the data is not such a table's state or was saved under
        other rules."""
        if not isinstance(data, dict) or data.get("type") != "table" or data.get("format") != STATE_FORMAT:
            raise ValueError(f"not a table state of format {STATE_FORMAT}")
        if rules is None and data.get("rules") not in shipped_rulesets():
            raise ValueError(f"a table state names a shipped rule set ({', '.join(shipped_rulesets())}), not {str(data.get('rules'))[:80]!r}")
        game = as_game_rules(rules if rules is not None else str(data["rules"]))
        if data.get("rules_hash") != rules_hash(game):
            raise ValueError(f"the table was saved under other rules than {game.name} (rules hash differs)")
        try:
            table = _replayed(data, game)
            same = table.to_json() == json.loads(json.dumps(data))
        except (KeyError, TypeError, IndexError, ValueError, AttributeError) as err:
            raise ValueError(f"a bad table state: {err!r}"[:300]) from None
        if not same:
            raise ValueError("a bad table state: it is not the table its seed, winds and events make under these rules")
        return cast(Self, table)

    def log(self, extra: dict[str, Any] | None = None) -> list[str]:
        """The replayable log of the hand so far: a header line, then one line an event (docs/game.md)."""
        return log_lines(self, extra)


def _replayed(data: dict[str, Any], game: GameRules) -> TableState:
    """The table ``data``'s seed (or scripted wall), winds and events make under ``game``: its actions
    (the answers of an open claim window among them) and bars played again."""
    from .table import Table

    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, (int, str)) or not isinstance(data["events"], list):
        raise ValueError("the seed is a whole number or a string, the events a list")
    wall = [tile_of_code(t) for t in data["wall"]] if data["scripted"] is True else None
    table = Table(game, seed, [TILE_INDEX[w] for w in data["seat_winds"]], TILE_INDEX[data["prevalent_wind"]], wall)
    for event in data["events"]:
        if not isinstance(event, dict) or table.over:
            break
        if event.get("type") == "action":
            table.step(Action.from_json(event))
        elif event.get("type") == "bar":
            table.bar(event.get("player", -1))
    return table


def after_of(order: tuple[int, ...]) -> tuple[int, ...]:
    """The player after each player, by the turn ``order``."""
    return tuple(order[(order.index(p) + 1) % SEAT_COUNT] for p in range(SEAT_COUNT))


def seat_to_json(seat: Seat) -> dict[str, Any]:
    return {"tiles": [tile_code(t) for t in seat.tiles()], "melds": [meld_to_record(m) for m in seat.melds],
            "discards": [tile_code(t) for t in seat.discards], "flowers": [tile_code(t) for t in seat.flowers],
            "drawn": None if seat.drawn is None else tile_code(seat.drawn), "source": seat.source,
            "wall_last": seat.wall_last, "draw_from": seat.draw_from}


# --- the log ---------------------------------------------------------------------------------------------

LOG_FORMAT = 1


def fanrules_version() -> str:
    try:
        return metadata.version("fanrules")
    except metadata.PackageNotFoundError:
        return "unknown"


@lru_cache(maxsize=1)
def _shipped_paths() -> frozenset[str]:
    return frozenset(str(resolve(name).resolve()) for name in shipped_rulesets())


def header(table: TableState) -> dict[str, Any]:
    """The first line of a table's log: what is needed to set the same table again (the wall itself
    when it was given rather than shuffled from the seed)."""
    out: dict[str, Any] = {
        "type": "header", "format": LOG_FORMAT, "fanrules": fanrules_version(), "rules": table.rules.name,
        "rules_hash": rules_hash(table.rules), "seed": table.seed,
        "seat_winds": [tile_code(w) for w in table.seat_winds], "prevalent_wind": tile_code(table.prevalent_wind),
    }
    if str(Path(table.rules.ruleset.path).resolve()) not in _shipped_paths():
        out["rules_path"] = table.rules.ruleset.path
    if table.scripted:
        out["wall"] = [tile_code(t) for t in table.wall]
    return out


def log_lines(table: TableState, extra: dict[str, Any] | None = None) -> list[str]:
    """The log of a table: its header (with ``extra`` fields, e.g. a game number) and its events."""
    head = {**header(table), **(extra or {})}
    return [encode(head)] + [encode(e) for e in table.events]


def encode(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
