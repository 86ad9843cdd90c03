"""What a table holds and its two forms outside memory: the whole state as JSON (``Table.to_json``,
``Table.from_json``: what a server keeps between requests or an app saves, so that a restored table plays
on exactly as the saved one would) and the replayable log (``Table.log``: a header, then the events).
The state holds everything, the wall included; what a player may see of it is ``observe``'s business."""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from ..core.deprecation import warn_renamed
from ..core.jsonio import meld_to_record
from ..core.tiles import TileLike, parse_tile, tile_code
from ..ruleset import resolve, shipped_rulesets
from .actions import Action, Phase
from .claims import ClaimWindow
from .procedure import Procedure
from .seat import RELATIVE, SEAT_COUNT, Seat
from .wall import Opening
from .winning import GameRules, Win, rules_hash

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

    # --- what the state says of the walls and the turn order -----------------------------------------
    def left(self, player: int) -> int:
        """Tiles ``player`` may still draw before the exhaustive draw."""
        i = self.wall_index[player]
        return self.backs[i] - self.fronts[i] - self.proc.tiles_left

    @property
    def wall_left(self) -> int:
        """Tiles left to draw before the exhaustive draw (0 at the end), in the wall the next draw comes
        from: the one wall, or (walls per seat) the wall of the player to draw, else of the next after the
        player whose turn it is or who discarded, else (a kong to rob) of the kong's declarer. What an
        Observation's ``wall_left`` says."""
        return max(self._left_to_draw(), 0)

    @property
    def remaining(self) -> int:
        """Deprecated: ``wall_left``."""
        warn_renamed("Table.remaining", "Table.wall_left")
        return self._left_to_draw()

    def _left_to_draw(self) -> int:
        if len(self.fronts) == 1:
            return self.backs[0] - self.fronts[0] - self.proc.tiles_left
        w = self.window
        if self.phase in (Phase.DRAW, Phase.FLOWERS):
            player = self.current
        elif w is not None:
            player = w.discarder if w.kong is not None else self.next_of(w.discarder)
        else:
            player = self.next_of(self.current)
        return self.left(player)

    def undrawn(self) -> list[int]:
        """The tiles still in the walls."""
        return [t for f, b in zip(self.fronts, self.backs) for t in self.wall[f:b]]

    def next_of(self, player: int, k: int = 1) -> int:
        """The player ``k`` turns after ``player`` in turn order (east, south, west, north)."""
        if k == 1:
            return self._after[player]
        return self.order[(self.order.index(player) + k) % SEAT_COUNT]

    def relative(self, claimer: int, discarder: int) -> str:
        """Where ``discarder`` sits seen from ``claimer``: ``right``, ``across`` or ``left``."""
        return RELATIVE[(self.order.index(discarder) - self.order.index(claimer)) % SEAT_COUNT]

    def visible(self, tile: TileLike) -> int:
        """Copies of ``tile`` (its number or code) every player sees: in the discard pools and in declared
        sets face up."""
        if isinstance(tile, str):
            tile = parse_tile(tile)
        return sum(s.discards.count(tile) + s.exposed_count(tile) for s in self.seats)

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


# --- the log ---------------------------------------------------------------------------------------------

LOG_FORMAT = 1


def fanrules_version() -> str:
    try:
        return metadata.version("fanrules")
    except metadata.PackageNotFoundError:
        return "unknown"


@lru_cache(maxsize=1)
def shipped_names() -> tuple[str, ...]:
    """The names of the shipped rule sets (the only ones a saved table state may name)."""
    return tuple(shipped_rulesets())


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
