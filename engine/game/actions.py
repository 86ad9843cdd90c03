"""Actions a player takes at the table, and their JSON form in logs."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import FanrulesError
from ..core.tiles import tile_code, tile_of_code

#: Every kind of action: draw, discard, chow, pung, kong (melded, on a discard), concealed_kong,
#: added_kong (a pung upgraded with a drawn tile), flower (set a flower aside), win, pass.
KINDS = ("draw", "discard", "chow", "pung", "kong", "concealed_kong", "added_kong", "flower", "win", "pass")
#: The actions that claim a discard, with the claim kind the priority list names.
CLAIM_KIND = {"win": "win", "kong": "pung", "pung": "pung", "chow": "chow"}


class IllegalAction(FanrulesError, ValueError):
    """An action the table does not allow now; the table is left as it was."""


@dataclass(frozen=True, order=True)
class Action:
    """``player`` does ``kind``; ``tile`` is the tile discarded, claimed, konged or set aside; a chow
    gives its three ``tiles`` (``tile`` is the claimed one)."""

    player: int
    kind: str
    tile: int | None = None
    tiles: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise IllegalAction(f"unknown action {self.kind!r}: use one of {', '.join(KINDS)}")

    def to_json(self) -> dict[str, Any]:
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
            return cls(player, kind, None if tile is None or kind == "draw" else tile_of_code(tile),
                       tuple(tile_of_code(t) for t in tiles))
        except (ValueError, TypeError) as err:
            raise IllegalAction(str(err)) from None

    def __str__(self) -> str:
        what = " ".join(tile_code(t) for t in self.tiles) if self.tiles else (tile_code(self.tile) if self.tile is not None else "")
        return f"player {self.player} {self.kind}{' ' + what if what else ''}"
