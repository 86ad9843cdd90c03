"""What one player sees at the table: their own tiles, and of the others only what is on the table
(discards, declared sets with concealed kongs face down, flowers, how many tiles they hold)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.hand import Meld
from ..core.jsonio import meld_to_record
from ..core.tiles import NAMED_TILES, named_tiles, tile_code
from .actions import Action, Phase
from .table import Table


@dataclass(frozen=True, kw_only=True)
class Observation:
    """The table from ``player``'s chair. Per-player tuples are indexed by player number; every tile
    is a NamedTile (a number that prints as its code)."""

    player: int
    seat_winds: tuple[int, ...]
    prevalent_wind: int
    dealer: int
    phase: Phase
    hand: tuple[int, ...]
    drawn: int | None
    #: Each player's declared sets; another player's concealed kong shows no tiles.
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    flowers: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    wall_left: int
    last_discard: tuple[int, int] | None
    kong_tile: int | None
    legal: tuple[Action, ...]

    def to_json(self) -> dict[str, Any]:
        """The observation as plain JSON (tiles by code): what the HTTP API and a bot are given."""
        return {
            "player": self.player, "phase": self.phase, "dealer": self.dealer,
            "seat_winds": [tile_code(w) for w in self.seat_winds], "prevalent_wind": tile_code(self.prevalent_wind),
            "hand": [tile_code(t) for t in self.hand], "drawn": None if self.drawn is None else tile_code(self.drawn),
            "melds": [[meld_to_record(m) for m in ms] for ms in self.melds],
            "discards": [[tile_code(t) for t in d] for d in self.discards], "flowers": list(self.flowers),
            "hand_sizes": list(self.hand_sizes), "wall_left": self.wall_left,
            "last_discard": None if self.last_discard is None else [self.last_discard[0], tile_code(self.last_discard[1])],
            "kong_tile": None if self.kong_tile is None else tile_code(self.kong_tile),
            "legal": [a.to_json() for a in self.legal],
        }


def observe(table: Table, player: int) -> Observation:
    """``player``'s observation of ``table`` now, with the actions open to them."""
    s0, s1, s2, s3 = seats = table.seats
    own = seats[player]
    own_turn = table.phase == Phase.TURN and table.current == player
    drawn = own.drawn if own_turn and table.may_self_win else None
    last, kong = table.last_discard, table.kong_tile
    # the per-seat tuples written out for the four seats; every tile a NamedTile (it prints as its code)
    return Observation(
        player=player, seat_winds=named_tiles(table.seat_winds), prevalent_wind=NAMED_TILES[table.prevalent_wind],
        dealer=table.dealer, phase=table.phase, hand=named_tiles(own.tiles()),
        drawn=None if drawn is None else NAMED_TILES[drawn],
        melds=(s0.shown_melds()[player != 0], s1.shown_melds()[player != 1], s2.shown_melds()[player != 2],
               s3.shown_melds()[player != 3]),
        discards=(named_tiles(s0.discards), named_tiles(s1.discards), named_tiles(s2.discards),
                  named_tiles(s3.discards)),
        flowers=(len(s0.flowers), len(s1.flowers), len(s2.flowers), len(s3.flowers)),
        hand_sizes=(len(s0.tiles()), len(s1.tiles()), len(s2.tiles()), len(s3.tiles())),
        wall_left=table.wall_left,
        last_discard=None if last is None else (last[0], NAMED_TILES[last[1]]),
        kong_tile=None if kong is None else NAMED_TILES[kong], legal=tuple(table.legal(player)),
    )
