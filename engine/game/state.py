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

from ..core.jsonio import hand_from_record, meld_to_record, melds_of
from ..core.tiles import NAMED_TILES, TILE_INDEX, tile_code, tile_of_code
from ..ruleset import resolve, shipped_rulesets
from .actions import Action, Phase, Source
from .claims import ClaimTable, ClaimWindow, open_window
from .procedure import Procedure
from .seat import SEAT_COUNT, Seat
from .wall import Opening, wall_bounds
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
        """The table ``to_json`` saved, under ``rules`` (default: the shipped rule set it names), to play
        on exactly as it would have. ValueError when the data is not a table's state or was saved under
        other rules."""
        if not isinstance(data, dict) or data.get("type") != "table" or data.get("format") != STATE_FORMAT:
            raise ValueError(f"not a table state of format {STATE_FORMAT}")
        game = as_game_rules(rules if rules is not None else str(data["rules"]))
        if data.get("rules_hash") != rules_hash(game):
            raise ValueError(f"the table was saved under other rules than {game.name} (rules hash differs)")
        table = cls.__new__(cls)
        try:
            table._restore(data, game)
        except (KeyError, TypeError, IndexError) as err:
            raise ValueError(f"a bad table state: {err!r}") from None
        return table

    def _restore(self, data: dict[str, Any], game: GameRules) -> None:
        self.rules, self.proc, self.seed = game, game.procedure, data["seed"]
        self.seat_winds = tuple(TILE_INDEX[w] for w in data["seat_winds"])
        self.prevalent_wind = TILE_INDEX[data["prevalent_wind"]]
        self.order = tuple(sorted(range(SEAT_COUNT), key=lambda p: self.seat_winds[p]))
        self._after = after_of(self.order)
        self.dealer = self.order[0]
        self.wall = [tile_of_code(t) for t in data["wall"]]
        self.scripted = bool(data["scripted"])
        throws, side, counted = data["opening"]
        self.opening = Opening(tuple(throws), side, counted)
        fronts, backs = wall_bounds(self.proc, len(self.wall))
        if len(data["fronts"]) != len(fronts) or len(data["backs"]) != len(backs):
            raise ValueError("the table's walls do not match its rules' procedure.wall")
        self.fronts, self.backs = [int(f) for f in data["fronts"]], [int(b) for b in data["backs"]]
        self.wall_index = [0 if len(fronts) == 1 else self.order.index(p) for p in range(SEAT_COUNT)]
        self.seats = [seat_from_json(s) for s in data["seats"]]
        self.may_self_win, self.initial = bool(data["may_self_win"]), [int(p) for p in data["initial"]]
        self.barred = {int(p) for p in data["barred"]}
        self.events = json.loads(json.dumps(data["events"]))
        self.wins = [_win(e, game) for e in self.events if e.get("type") == "win"]
        self._legal, self._turn_win, self._steps = None, None, int(data["steps"])
        self.window = None
        w = data["window"]
        if w is not None:
            # The window opens again as it opened: on the discarder's turn, the tile just given up.
            self.phase, self.current = Phase.TURN, int(w["discarder"])
            self.window = open_window(cast(ClaimTable, self), self.current, tile_of_code(w["tile"]), w["kong"])
            if self.window is None:
                raise ValueError("the saved claim window has no one to answer it under these rules")
            for answer in w["answers"]:
                self.window.answer(Action.from_json(answer))
        self.phase, self.current = Phase(data["phase"]), int(data["current"])

    def log(self, extra: dict[str, Any] | None = None) -> list[str]:
        """The replayable log of the hand so far: a header line, then one line an event (docs/game.md)."""
        return log_lines(self, extra)


def after_of(order: tuple[int, ...]) -> tuple[int, ...]:
    """The player after each player, by the turn ``order``."""
    return tuple(order[(order.index(p) + 1) % SEAT_COUNT] for p in range(SEAT_COUNT))


def seat_to_json(seat: Seat) -> dict[str, Any]:
    return {"tiles": [tile_code(t) for t in seat.tiles()], "melds": [meld_to_record(m) for m in seat.melds],
            "discards": [tile_code(t) for t in seat.discards], "flowers": [tile_code(t) for t in seat.flowers],
            "drawn": None if seat.drawn is None else tile_code(seat.drawn), "source": seat.source,
            "wall_last": seat.wall_last, "draw_from": seat.draw_from}


def seat_from_json(data: dict[str, Any]) -> Seat:
    seat = Seat(melds=list(melds_of(data["melds"])), discards=[tile_of_code(t) for t in data["discards"]],
                flowers=[tile_of_code(t) for t in data["flowers"]],
                drawn=None if data["drawn"] is None else tile_of_code(data["drawn"]), source=Source(data["source"]),
                wall_last=bool(data["wall_last"]), draw_from=Source(data["draw_from"]))
    for t in data["tiles"]:
        seat.take(tile_of_code(t))
    return seat


def _win(event: dict[str, Any], game: GameRules) -> Win:
    hand = hand_from_record(event["record"])
    return Win(event["player"], NAMED_TILES[hand.win_tile], event["from"], hand, game.scorer.score(hand))


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
