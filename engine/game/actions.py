"""Actions a player takes at the table and their JSON form in logs; the phases of a hand; where a
drawn tile comes from. Each word is a ``StrEnum`` member: a str, so logs and observations carry the
plain word."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..core.errors import FanrulesError
from ..core.tiles import FIRST_HONOUR, KINDS_COUNT, NAMED_TILES, NamedTile, named, tile_code, tile_of_code


class ActionKind(StrEnum):
    """Every kind of action: ``kong`` is melded on a discard, ``added_kong`` a pung upgraded with a
    drawn tile; ``flower`` sets a flower aside."""

    DRAW = "draw"
    DISCARD = "discard"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    CONCEALED_KONG = "concealed_kong"
    ADDED_KONG = "added_kong"
    FLOWER = "flower"
    WIN = "win"
    PASS = "pass"


class Phase(StrEnum):
    """Where a hand is: the deal, initial flowers, a draw, a player's turn, the claims on a discard,
    the chance to rob a kong, over."""

    DEAL = "deal"
    FLOWERS = "flowers"
    DRAW = "draw"
    TURN = "turn"
    CLAIMS = "claims"
    ROB = "rob"
    OVER = "over"


class Source(StrEnum):
    """Where a player's tile came from: the wall's front, a kong's or a flower's replacement, the deal."""

    WALL = "wall"
    KONG = "kong"
    FLOWER = "flower"
    DEAL = "deal"


KINDS: tuple[ActionKind, ...] = tuple(ActionKind)
"""Every kind of action, in the order of ``ActionKind``."""
#: The actions that claim a discard, with the claim kind the priority list names.
CLAIM_KIND = {ActionKind.WIN: "win", ActionKind.KONG: "pung", ActionKind.PUNG: "pung", ActionKind.CHOW: "chow"}


class IllegalAction(FanrulesError, ValueError):
    """An action the table does not allow now; the table is left as it was."""


def _named_tile(tile: object) -> NamedTile:
    """A tile number or code as its NamedTile; IllegalAction for anything else."""
    if type(tile) is int and 0 <= tile < len(NAMED_TILES):
        return NAMED_TILES[tile]
    try:
        return named(tile)
    except ValueError as err:
        raise IllegalAction(str(err)) from None


def action_kind(word: object) -> ActionKind:
    """The kind an action's word names; IllegalAction for any other word."""
    if word not in KINDS:
        raise IllegalAction(f"unknown action {word!r}: use one of {', '.join(KINDS)}")
    return ActionKind(str(word))


@dataclass(frozen=True, order=True)
class Action:
    """``player`` does ``kind`` (a kind's word is taken too); ``tile`` is the tile discarded, claimed,
    konged or set aside; a chow gives its three ``tiles`` (``tile`` is the claimed one). Tiles are
    kept as NamedTiles (numbers that print as their codes); a tile's code is taken too (``"3p"``)."""

    player: int
    kind: ActionKind
    tile: int | None = None
    tiles: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if type(self.kind) is not ActionKind:
            object.__setattr__(self, "kind", action_kind(self.kind))
        tile = self.tile
        if tile is not None and type(tile) is not NamedTile:
            object.__setattr__(self, "tile", _named_tile(tile))
        if self.tiles and type(self.tiles[0]) is not NamedTile:
            object.__setattr__(self, "tiles", tuple([_named_tile(t) for t in self.tiles]))

    def __repr__(self) -> str:
        shown = [f"player={self.player}", f"kind={self.kind.value}"]
        if self.tile is not None:
            shown.append(f"tile={tile_code(self.tile)}")
        if self.tiles:
            shown.append(f"tiles=({', '.join(tile_code(t) for t in self.tiles)})")
        return f"Action({', '.join(shown)})"

    def to_json(self) -> dict[str, Any]:
        """The action as the log and the HTTP API write it: its kind, player and tiles by code."""
        out: dict[str, Any] = {"player": self.player, "action": self.kind}
        if self.tile is not None:
            out["tile"] = tile_code(self.tile)
        if self.tiles:
            out["tiles"] = [tile_code(t) for t in self.tiles]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """The action of a log event (``player``, ``action``, optional ``tile`` and ``tiles``)."""
        player, kind = data.get("player"), data.get("action")
        if not isinstance(player, int) or not 0 <= player <= 3:
            raise IllegalAction(f"an action needs a player 0..3, not {player!r}")
        if not isinstance(kind, str):
            raise IllegalAction(f"an action needs a kind, not {kind!r}")
        tile = data.get("tile")
        tiles = data.get("tiles", [])
        try:
            held = None if tile is None or kind == ActionKind.DRAW else tile_of_code(tile)
            chow = tuple(tile_of_code(t) for t in tiles)
        except (ValueError, TypeError) as err:
            raise IllegalAction(str(err)) from None
        return cls(player, action_kind(kind), held, chow)

    def __str__(self) -> str:
        what = " ".join(tile_code(t) for t in self.tiles) if self.tiles else (tile_code(self.tile) if self.tile is not None else "")
        return f"player {self.player} {self.kind}{' ' + what if what else ''}"


#: Each player's draw, pass, and discard of each tile kind, made once: actions are frozen values, a turn lists
#: every discard, and a player that answers with the listed object is found in the list by identity.
DRAW_OF = tuple(Action(p, ActionKind.DRAW) for p in range(4))
PASS_OF = tuple(Action(p, ActionKind.PASS) for p in range(4))
DISCARD_OF = tuple(tuple(Action(p, ActionKind.DISCARD, t) for t in range(KINDS_COUNT)) for p in range(4))
#: Each player's win, and pung and kong of each tile kind on a discard, made once as the discards are (a
#: claim window lists them at most discards).
WIN_OF = tuple(Action(p, ActionKind.WIN) for p in range(4))
PUNG_OF = tuple(tuple(Action(p, ActionKind.PUNG, t) for t in range(KINDS_COUNT)) for p in range(4))
KONG_OF = tuple(tuple(Action(p, ActionKind.KONG, t) for t in range(KINDS_COUNT)) for p in range(4))


def _chows_on(player: int, tile: int) -> tuple[tuple[int, int, Action], ...]:
    """(the two other tiles, the chow) for each chow ``player`` may make with ``tile``, lowest first."""
    out = []
    for low in (tile - 2, tile - 1, tile):
        if low >= 0 and low // 9 == tile // 9 and low % 9 <= 6:
            a, b = (u for u in (low, low + 1, low + 2) if u != tile)
            out.append((a, b, Action(player, ActionKind.CHOW, tile, (low, low + 1, low + 2))))
    return tuple(out)


#: Each player's chows on each suited tile (``_chows_on``).
CHOWS_ON = tuple(tuple(_chows_on(p, t) for t in range(FIRST_HONOUR)) for p in range(4))


def action_event(action: Action) -> dict[str, Any]:
    """The log event of ``action``, a new dict (the table adds to it): for a draw or a discard made
    once above, a copy of its event made once (``to_json`` per step was a fiftieth of a greedy game)."""
    made = _EVENTS.get(id(action))
    return made.copy() if made is not None else {"type": "action", **action.to_json()}


#: The events of the actions made once, by their identity: they live as long as the module, so no
#: other action ever has their id.
_EVENTS = {id(a): {"type": "action", **a.to_json()} for a in (*DRAW_OF, *(a for row in DISCARD_OF for a in row))}
