"""Facts about a hand and its readings, computed once and read by compiled predicates."""
from __future__ import annotations

from functools import lru_cache
from itertools import compress

from ..analysis.waits import waits
from ..core.blocks import NO_SET, Kind, Reading
from ..core.hand import Hand


@lru_cache(maxsize=4096)
def _unique_wait(concealed: tuple[int, ...], melds: int) -> bool:
    """Whether 13 tiles (with ``melds`` declared sets) wait on one tile kind only. Cached: scoring
    every wait of a hand asks it again."""
    return len(waits(concealed, melds)) == 1


class Facts:
    """What predicates read. The facts of the tiles and the context are set once per hand; those of a
    reading are set by ``read``, for each reading in turn, on the same object (so the hand's facts are
    never copied). ``unique_wait`` is computed when a predicate first asks."""

    __slots__ = (
        "hand", "tiles", "counts", "held", "suits", "kinds", "win_tile", "_unique_wait", "self_drawn", "last_copy",
        "kong_related", "last_tile", "seat_wind", "prevalent_wind", "flowers",
        "reading", "shape", "sets", "chows", "pungs", "kongs", "pairs", "sets_and_pairs", "knitted", "win_set",
        "fans_counted",
    )

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.tiles = hand.all_tiles
        counts = [0] * 34
        for t in self.tiles:
            counts[t] += 1
        self.counts = counts
        held = counts.copy()
        held[hand.win_tile] -= 1
        self.held = held
        self.suits = tuple(compress((0, 1, 2), (any(counts[:9]), any(counts[9:18]), any(counts[18:27]))))
        self.kinds = tuple(compress(range(34), counts))
        self.win_tile = hand.win_tile
        self._unique_wait: bool | None = None
        ctx = hand.context
        self.self_drawn = ctx.self_drawn
        self.last_copy = ctx.last_copy
        self.kong_related = ctx.kong_related
        self.last_tile = ctx.last_tile
        self.seat_wind = ctx.seat_wind
        self.prevalent_wind = ctx.prevalent_wind
        self.flowers = ctx.flowers

    def read(self, reading: Reading) -> Facts:
        """These facts, now of ``reading`` (a reading of this hand)."""
        self.reading = reading
        self.shape = reading.shape.value
        sets = reading.sets
        self.sets = sets
        chows, pungs, kongs = [], [], []
        for s in sets:
            if s.kind is Kind.CHOW:
                chows.append(s)
            else:
                pungs.append(s)
                if s.kind is Kind.KONG:
                    kongs.append(s)
        self.chows, self.pungs, self.kongs = tuple(chows), tuple(pungs), tuple(kongs)
        self.pairs = reading.pairs
        self.sets_and_pairs = sets + reading.pairs
        self.knitted = reading.knitted
        self.win_set = NO_SET if reading.win_block is None else self.sets_and_pairs[reading.win_block]
        self.fans_counted = 0
        return self

    @property
    def unique_wait(self) -> bool:
        """Whether the 13 tiles before the win wait on one kind only; computed when first asked."""
        if self._unique_wait is None:
            self._unique_wait = _unique_wait(self.hand.concealed, len(self.hand.melds))
        return self._unique_wait
