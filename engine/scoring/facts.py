"""Facts about a hand and its readings, computed once and read by compiled predicates."""
from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from itertools import compress
from operator import attrgetter

from ..analysis.waits import waits_on_one_kind
from ..core.blocks import NO_SET, Block, Kind, Reading, Shape
from ..core.hand import Hand


@lru_cache(maxsize=4096)
def _unique_wait(concealed: tuple[int, ...], melds: int) -> bool:
    """Whether 13 tiles (with ``melds`` declared sets) wait on one tile kind only. Cached: scoring
    every wait of a hand asks it again."""
    return waits_on_one_kind(concealed, melds)


_KINDS = range(34)
_BIT = tuple(1 << t for t in range(34))
#: The context's facts, in the order ``__init__`` unpacks them.
_CONTEXT = attrgetter("self_drawn", "last_copy", "kong_related", "last_tile", "seat_wind", "prevalent_wind", "flowers",
                      "flower_replacement", "first_turn", "discard_after_kong", "discarder", "seat_flowers")
#: The suits held, by a number with a bit for each suit held.
_SUITS = tuple(tuple(s for s in range(3) if bits >> s & 1) for bits in range(8))
#: Each shape's value (an enum's ``.value`` is a Python-level property).
_VALUES = {shape: shape.value for shape in Shape}
_CHOW, _KONG = Kind.CHOW, Kind.KONG


class Facts:
    """What predicates read. The facts of the tiles and the context are set once per hand; those of a
    reading are set by ``read``, for each reading in turn, on the same object (so the hand's facts are
    never copied). ``unique_wait`` is computed when a predicate first asks."""

    __slots__ = (
        "hand", "tiles", "counts", "_held", "suits", "kinds", "tile_mask", "win_tile", "_unique_wait", "self_drawn", "last_copy",
        "kong_related", "last_tile", "seat_wind", "prevalent_wind", "flowers", "flower_replacement", "first_turn",
        "discard_after_kong", "discarder", "seat_flowers", "reading", "shape", "sets", "chows", "pungs", "kongs", "pairs", "sets_and_pairs", "knitted", "win_set",
        "fans_counted",
    )

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        tiles = hand.concealed  # then the declared sets' tiles and the winning tile, as Hand.all_tiles, inline
        for m in hand.melds:
            tiles += m.tiles
        self.tiles = tiles = (*tiles, hand.win_tile)
        # The suits by bisection, the split of the sets and the shape's value from a dict: this stage runs
        # for every reading of every hand, so it does no more than a lookup where it can.
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        self.counts = counts
        self._held: list[int] | None = None
        self.kinds = kinds = tuple(compress(_KINDS, counts))
        #: The kinds held as the bits of a number (bit t: tile t), for quantifiers over the tiles that the
        #: compiler writes as one mask test (dsl/compiler.py, ``c_Quantifier``).
        self.tile_mask = sum(map(_BIT.__getitem__, kinds))
        # The suits held, from where the sorted kinds cross 9, 18 and 27: three bisections in C, where
        # slicing the counts and asking any() of each cost twice as much.
        a = bisect_left(kinds, 9)
        b = bisect_left(kinds, 18, a)
        self.suits = _SUITS[(a > 0) | (b > a) << 1 | (bisect_left(kinds, 27, b) > b) << 2]
        self.win_tile = hand.win_tile
        self._unique_wait: bool | None = None
        # The context's facts read all at once.
        (self.self_drawn, self.last_copy, self.kong_related, self.last_tile, self.seat_wind, self.prevalent_wind,
         self.flowers, self.flower_replacement, self.first_turn, self.discard_after_kong, self.discarder,
         self.seat_flowers) = _CONTEXT(hand.context)

    def read(self, reading: Reading) -> Facts:
        """These facts, now of ``reading`` (a reading of this hand)."""
        self.reading = reading
        shape, sets, pairs, self.knitted, win_block = reading
        self.shape = _VALUES[shape]
        self.sets = sets
        # The chows, the pungs (kongs among them) and the kongs, by a loop inline: a function picking them
        # with comprehensions cost twice as much (each comprehension is a call). A
        # hand holds a kong when it has more than 14 tiles.
        chows: list[Block] = []
        pungs: list[Block] = []
        for s in sets:
            if s.kind is _CHOW:
                chows.append(s)
            else:
                pungs.append(s)
        self.chows, self.pungs = tuple(chows), tuple(pungs)
        self.kongs = tuple([s for s in pungs if s.kind is _KONG]) if len(self.tiles) > 14 else ()
        self.pairs = pairs
        self.sets_and_pairs = both = sets + pairs
        self.win_set = NO_SET if win_block is None else both[win_block]
        self.fans_counted = 0
        return self

    @property
    def held(self) -> list[int]:
        """The counts before the winning tile; worked out when first asked (few predicates read it)."""
        held = self._held
        if held is None:
            held = self._held = list(self.counts)
            held[self.win_tile] -= 1
        return held

    @property
    def unique_wait(self) -> bool:
        """Whether the 13 tiles before the win wait on one kind only; computed when first asked."""
        if self._unique_wait is None:
            self._unique_wait = _unique_wait(self.hand.concealed, len(self.hand.melds))
        return self._unique_wait


__all__ = ["Facts"]
