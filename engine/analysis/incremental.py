"""Shanten of a hand that changes by one tile (a draw, a discard), without a fresh computation.

A player weighs every discard of its 14 tiles turn after turn, and each differs from the hand in one
part only (a number suit or the honours). ``Tracked`` keeps a hand's per-part counts and summaries
(parts.py) and the combined use tables of every three parts; the shanten after removing or adding a
tile then looks up the one changed part and combines its table once with the other three's. The answer
is the same as ``shanten.shanten`` of the changed tiles (the combination of use tables is associative
and commutative; tests/test_incremental.py checks it on random hands and changes)."""
from __future__ import annotations

from collections.abc import Sequence

from .parts import COMBINED, HONOUR_PARTS, SUIT_PARTS, Counts, Part, Table
from .shanten import check_tiles, finish_overall

#: The part of each tile kind (0..2 the suits, 3 the honours) and its rank or kind inside it.
PART_OF = tuple(t // 9 for t in range(34))
RANK_OF = tuple(t - 9 * (t // 9) for t in range(34))
_HONOURS = 3


class Tracked:
    """A hand of concealed tiles beside ``melds`` declared sets, kept as its four parts' counts and
    summaries, so that a one-tile change costs one part's lookup (see the module's docstring).

    No declared set lowers a cap here (caps 4 for every kind), as ``shanten.shanten`` assumes."""

    __slots__ = ("groups", "melds", "others", "parts")

    def __init__(self, groups: list[Counts], parts: list[Part], melds: int) -> None:
        self.groups = groups
        self.parts = parts
        self.melds = melds
        self.others: list[Table | None] = [None, None, None, None]

    @classmethod
    def of(cls, tiles: Sequence[int], melds: int = 0) -> Tracked:
        """The tracked hand of ``tiles`` (0..33, 13 or 14 less 3 per declared set; checked as
        ``shanten.shanten`` checks them)."""
        return cls.of_counts(check_tiles(tiles, melds), melds)

    @classmethod
    def of_counts(cls, counts: Sequence[int], melds: int) -> Tracked:
        """The tracked hand of 34 counts (not checked: the caller's counts are a hand's)."""
        groups = [tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34])]
        suits = SUIT_PARTS
        return cls(groups, [suits[groups[0]], suits[groups[1]], suits[groups[2]], HONOUR_PARTS[groups[3]]], melds)

    def shanten(self) -> int:
        """The shanten of the hand (ready 0, complete -1)."""
        a, b, c, d = self.parts
        memo = COMBINED
        whole = memo[memo[a.table, b.table], memo[c.table, d.table]]
        return finish_overall(whole, self.groups, self.parts, self.melds)

    def _other(self, g: int) -> Table:
        """The combined use table of the three parts other than ``g``, made once per hand."""
        found = self.others[g]
        if found is None:
            memo = COMBINED
            t = [p.table for p in self.parts]
            rest = [t[i] for i in range(4) if i != g]
            found = self.others[g] = memo[memo[rest[0], rest[1]], rest[2]]
        return found

    def _changed(self, tile: int, delta: int) -> tuple[int, Counts, Part]:
        g = PART_OF[tile]
        r = RANK_OF[tile]
        held = self.groups[g]
        group = held[:r] + (held[r] + delta,) + held[r + 1:]
        return g, group, (HONOUR_PARTS if g == _HONOURS else SUIT_PARTS)[group]

    def _shanten_with(self, g: int, group: Counts, part: Part) -> int:
        groups = list(self.groups)
        parts = list(self.parts)
        groups[g], parts[g] = group, part
        whole = COMBINED[part.table, self._other(g)]
        return finish_overall(whole, groups, parts, self.melds)

    def without(self, tile: int) -> int:
        """The shanten of the hand less one ``tile`` (which it must hold): a player asks it of every
        discard, so ``_changed`` and ``_shanten_with`` are written out here."""
        g = PART_OF[tile]
        r = RANK_OF[tile]
        held = self.groups[g]
        group = held[:r] + (held[r] - 1,) + held[r + 1:]
        part = (HONOUR_PARTS if g == _HONOURS else SUIT_PARTS)[group]
        groups = self.groups.copy()
        parts = self.parts.copy()
        groups[g], parts[g] = group, part
        other = self.others[g]
        if other is None:
            other = self._other(g)
        return finish_overall(COMBINED[part.table, other], groups, parts, self.melds)

    def with_tile(self, tile: int) -> int:
        """The shanten of the hand with one more ``tile`` (of which it must hold fewer than four)."""
        return self._shanten_with(*self._changed(tile, 1))

    def discard(self, tile: int) -> Tracked:
        """The tracked hand less one ``tile``."""
        return self._moved(tile, -1)

    def draw(self, tile: int) -> Tracked:
        """The tracked hand with one more ``tile``."""
        return self._moved(tile, 1)

    def _moved(self, tile: int, delta: int) -> Tracked:
        g, group, part = self._changed(tile, delta)
        groups = list(self.groups)
        parts = list(self.parts)
        groups[g], parts[g] = group, part
        return Tracked(groups, parts, self.melds)

    def declared(self, used: Sequence[int]) -> Tracked:
        """The tracked hand less ``used`` (the tiles of it a claimed set takes) beside one more declared
        set: one part looked up per tile taken."""
        hand = self
        for tile in used:
            hand = hand._moved(tile, -1)
        return Tracked(hand.groups, hand.parts, self.melds + 1)

    def counts(self) -> list[int]:
        """The hand's 34 counts."""
        return [n for group in self.groups for n in group]


__all__ = ["Tracked"]
