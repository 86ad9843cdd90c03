"""What one player has at the table: concealed tiles (as counts), declared sets, discards, flowers, and
where their last tile came from."""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain, repeat

from ..analysis.waits import winning_tiles
from ..core.context import wind_tile
from ..core.errors import InvalidHandError
from ..core.hand import Meld, MeldKind
from ..core.tiles import EAST, FLOWER_BASE, FLOWER_CODES, NORTH, WIND_TILES, Tile, tile_code
from .actions import Source
from .procedure import GameError

#: Players at a table: one a seat wind.
SEAT_COUNT = len(WIND_TILES)
#: Relative seat of a discarder seen by the claimer, by turn offset (discarder - claimer) mod SEAT_COUNT.
RELATIVE = {1: "right", 2: "across", 3: "left"}
#: The same, as the win context's ``discarder`` says it (core/context.py).
DISCARDER = {"right": "right", "across": "opposite", "left": "left"}
#: A wind as a table takes it: its letter (``"E"``) or its tile.
Wind = Tile | str
#: Entries of a seat's counts: the tile kinds, then the flowers.
TABLE_TILES = FLOWER_BASE + len(FLOWER_CODES)


@dataclass
class Seat:
    """One player's tiles. ``counts`` has an entry per tile kind, then per flower; ``drawn`` is the
    tile last received from the wall (or the deal), for a self-drawn win; ``source`` says how it came
    and ``wall_last`` whether it was the wall's last; ``draw_from`` is where this player's next draw
    comes from."""

    counts: list[int] = field(default_factory=lambda: [0] * TABLE_TILES)
    melds: list[Meld] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    flowers: list[int] = field(default_factory=list)
    drawn: int | None = None
    source: Source = Source.DEAL
    wall_last: bool = False
    draw_from: Source = Source.WALL
    _waits: tuple[tuple[int, ...], frozenset[int]] | None = None
    _tiles: tuple[int, ...] | None = None
    _shown: tuple[tuple[Meld, ...], tuple[Meld, ...]] | None = None

    def concealed(self) -> list[int]:
        """The concealed tiles in order (flowers included)."""
        return list(self.tiles())

    def tiles(self) -> tuple[int, ...]:
        """The concealed tiles in order, as a tuple made once per change."""
        if self._tiles is None:
            self._tiles = tuple(chain.from_iterable(repeat(t, n) for t, n in enumerate(self.counts) if n))
        return self._tiles

    def size(self) -> int:
        return len(self.tiles())

    def take(self, tile: int) -> None:
        self.counts[tile] += 1
        held = self._tiles
        if held is not None:  # kept in order by an insertion: remaking it from the counts is a loop in Python
            i = bisect_right(held, tile)
            self._tiles = held[:i] + (tile,) + held[i:]

    def give(self, tile: int, n: int = 1) -> None:
        self.counts[tile] -= n
        held = self._tiles
        if held is not None:
            i = bisect_left(held, tile)
            self._tiles = held[:i] + held[i + n:]

    def declare(self, meld: Meld, index: int | None = None) -> None:
        """Add a declared set (or replace set ``index``: a pung upgraded to a kong)."""
        if index is None:
            self.melds.append(meld)
        else:
            self.melds[index] = meld
        self._shown = None

    def shown_melds(self) -> tuple[tuple[Meld, ...], tuple[Meld, ...]]:
        """The declared sets as the player sees them, and as the others do (concealed kongs face down:
        no tiles)."""
        if self._shown is None:
            hidden = tuple(Meld(m.kind, ()) if m.kind is MeldKind.CONCEALED_KONG else m for m in self.melds)
            self._shown = (tuple(self.melds), hidden)
        return self._shown

    def held_flowers(self) -> list[int]:
        return [t for t in range(FLOWER_BASE, TABLE_TILES) if self.counts[t]]

    def waits(self, without: int | None = None) -> frozenset[int]:
        """The tiles that complete the concealed tiles (less ``without``) with the declared sets."""
        known = self._waits
        if without is None and known is not None and known[0] is self._tiles:  # as a rule: asked again
            return known[1]
        key = self.tiles()
        if without is not None:
            i = key.index(without)
            key = key[:i] + key[i + 1:]
        if key and key[-1] >= FLOWER_BASE:
            key = tuple(t for t in key if t < FLOWER_BASE)
        if self._waits is None or self._waits[0] != key:
            self._waits = (key, frozenset(winning_tiles(key, len(self.melds))))
        return self._waits[1]

    def exposed_count(self, tile: int) -> int:
        """Copies of ``tile`` in this player's sets that others see (a concealed kong is face down)."""
        return sum(m.tiles.count(tile) for m in self.melds if m.kind is not MeldKind.CONCEALED_KONG)

    def pung_of(self, tile: int) -> int | None:
        """The index of this player's pung of ``tile``, if any."""
        for i, m in enumerate(self.melds):
            if m.kind is MeldKind.PUNG and m.tiles[0] == tile:
                return i
        return None


def ready_seats(seats: Sequence[Seat]) -> list[int]:
    """The players whose concealed tiles wait on some tile (at an exhaustive draw: who is ready)."""
    return [p for p, seat in enumerate(seats) if seat.waits()]


def own_flowers(flowers: Sequence[int], seat_wind: int) -> int:
    """How many of ``flowers`` (table tiles 34..41) are the seat's own (正花): of seat wind E the first
    season and the first plant (1f, 5f), of S the second ones (2f, 6f), and so on."""
    i = seat_wind - EAST
    return sum(1 for f in flowers if f - FLOWER_BASE in (i, i + 4))


def first_go_round(seats: Sequence[Seat], player: int, self_drawn: bool) -> bool:
    """Whether a win now comes in the first go-round, before any claim or kong: the dealer's dealt
    hand or a player's first draw (they have not discarded yet), or a discard among the first four."""
    if any(seat.melds for seat in seats):
        return False
    if self_drawn:
        return not seats[player].discards
    return sum(len(seat.discards) for seat in seats) <= SEAT_COUNT


def wind_tiles(seat_winds: Sequence[Wind], prevalent_wind: Wind) -> tuple[tuple[Tile, ...], Tile]:
    """The seat winds and the prevalent wind as tiles; ValueError unless the seat winds are the four
    winds once each and the prevalent wind is a wind."""
    try:
        seats = tuple(wind_tile(w, "a seat wind") for w in seat_winds)
        prevalent = wind_tile(prevalent_wind, "the prevalent wind")
    except InvalidHandError as err:
        raise GameError(f"{err} (a letter or its tile, {EAST}..{NORTH})") from None
    if sorted(seats) != list(WIND_TILES):
        raise GameError(f"the seat winds must be E, S, W and N once each, not {', '.join(map(tile_code, seats))}")
    return seats, prevalent
