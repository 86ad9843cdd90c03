"""Shanten of a hand that changes by one tile (a draw, a discard), without a fresh computation.

A player weighs every discard of its 14 tiles turn after turn, and each differs from the hand in one
part only (a number suit or the honours). ``Tracked`` keeps a hand's per-part counts and summaries
(parts.py) and the combined use tables of every three parts; the shanten after removing or adding a
tile then looks up the one changed part and combines its table once with the other three's. The answer
is the same as ``shanten.shanten`` of the changed tiles (the combination of use tables is associative
and commutative; tests/test_incremental.py checks it on random hands and changes)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.memo import ArgsMemo, Memo
from .parts import COMBINED, HONOUR_PARTS, MAX_SETS, MEMO_LIMIT, SUIT_PARTS, Counts, Part, Table
from .shanten import ORPHANS, check_tiles, finish_overall

#: What three parts of a hand hold together (``Tracked._other``).
Others = tuple[Table, int, int, int, bool, int, int]
#: The part of each tile kind (0..2 the suits, 3 the honours) and its rank or kind inside it.
PART_OF = tuple(t // 9 for t in range(34))
RANK_OF = tuple(t - 9 * (t // 9) for t in range(34))
_HONOURS = 3
#: The memo of the parts of each part of a hand (three suits, then the honours).
_PARTS = (SUIT_PARTS, SUIT_PARTS, SUIT_PARTS, HONOUR_PARTS)
#: The parts other than each part.
_OTHER_THREE = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))


def _raised(held: Counts) -> tuple[tuple[int, Table], ...]:
    """Each rank (or honour) of a part that it holds fewer than four of, with the part's use table
    with one more of it."""
    parts = HONOUR_PARTS if len(held) == 7 else SUIT_PARTS
    return tuple((r, parts[held[:r] + (held[r] + 1,) + held[r + 1:]].table) for r in range(len(held)) if held[r] < 4)


#: How many parts' raised tables are kept: each holds up to nine tables, which it keeps alive after the
#: parts' own memo has let them go, so it keeps fewer parts than that memo (a miss is nine lookups there).
RAISED_LIMIT = 1 << 11
#: ``_raised`` of a part's counts.
_RAISED: Memo[Counts, tuple[tuple[int, Table], ...]] = Memo(_raised, RAISED_LIMIT)


def _useful_ranks(held: Counts, rest: Table, index: int) -> tuple[int, ...]:
    """The ranks of a part (every cap 4) whose drawing lets entry ``index`` (sets and a pair) of its
    use table combined with the other parts' ``rest`` keep one tile more (``shanten``'s standard
    useful tiles, from the raised tables of ``_RAISED``)."""
    memo = COMBINED
    now = memo[(HONOUR_PARTS if len(held) == 7 else SUIT_PARTS)[held].table, rest][index]
    return tuple([r for r, table in _RAISED[held] if memo[table, rest][index] > now])


_USEFUL_RANKS: ArgsMemo[tuple[Counts, Table, int], tuple[int, ...]] = ArgsMemo(_useful_ranks, MEMO_LIMIT)


class Tracked:
    """A hand of concealed tiles beside ``melds`` declared sets, kept as its four parts' counts and
    summaries, so that a one-tile change costs one part's lookup (see the module's docstring).

    No declared set lowers a cap here (caps 4 for every kind), as ``shanten.shanten`` assumes."""

    __slots__ = ("groups", "known", "melds", "others", "parts")

    def __init__(self, groups: list[Counts], parts: list[Part], melds: int) -> None:
        self.groups = groups
        self.parts = parts
        self.melds = melds
        self.others: list[Others | None] = [None, None, None, None]
        #: The hand's shanten, once worked out.
        self.known: int | None = None

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
        """The shanten of the hand (ready 0, complete -1), worked out once."""
        known = self.known
        if known is None:
            a, b, c, d = self.parts
            memo = COMBINED
            whole = memo[memo[a.table, b.table], memo[c.table, d.table]]
            known = self.known = finish_overall(whole, self.groups, self.parts, self.melds)
        return known

    def _other(self, g: int) -> Others:
        """What the three parts other than ``g`` hold together, made once per hand: their combined use
        table and the sums ``finish_overall`` reads of them (pairs, odd kinds, terminal or honour
        kinds, whether one is held twice, the most of each suit's knitted classes) and the honours'
        kinds held."""
        found = self.others[g]
        if found is None:
            parts = self.parts
            i, j, k = _OTHER_THREE[g]
            a, b, c = parts[i], parts[j], parts[k]
            memo = COMBINED
            found = self.others[g] = (memo[memo[a.table, b.table], c.table], a.pairs + b.pairs + c.pairs, a.odd + b.odd + c.odd,
                                      a.orphans + b.orphans + c.orphans, a.orphan_pair or b.orphan_pair or c.orphan_pair,
                                      a.knit_most + b.knit_most + c.knit_most, parts[_HONOURS].kinds)
        return found

    def _changed(self, tile: int, delta: int) -> tuple[int, Counts, Part]:
        g = PART_OF[tile]
        r = RANK_OF[tile]
        held = self.groups[g]
        group = held[:r] + (held[r] + delta,) + held[r + 1:]
        return g, group, _PARTS[g][group]

    def _shanten_with(self, g: int, group: Counts, part: Part) -> int:
        """The shanten with part ``g`` changed to ``group`` (its Part ``part``): ``finish_overall``'s
        standard shape, seven pairs and thirteen orphans from the other parts' sums; where its bounds
        say a knitted shape could be the least, ``finish_overall`` itself on the changed parts."""
        rest = self.others[g] or self._other(g)
        whole = COMBINED[part.table, rest[0]]
        melds = self.melds
        best = 13 - 3 * melds - whole[(MAX_SETS - melds) * 2 + 1]
        if melds > 1 or best < 0:
            return best
        _, pairs, odd, orphans, orphan_pair, knit_most, honour_kinds = rest
        knit_most += part.knit_most
        if melds == 0:
            pairs = min(7, pairs + part.pairs)
            best = min(best, 13 - 2 * pairs - min(7 - pairs, odd + part.odd),
                       13 - orphans - part.orphans - (orphan_pair or part.orphan_pair))
            knitted = 13 - min(14, (part.kinds if g == _HONOURS else honour_kinds) + knit_most) < best
        else:
            knitted = False
        if knitted or (best > 0 and 13 - 3 * melds - knit_most - whole[(1 - melds) * 2 + 1] < best):
            groups = self.groups.copy()
            parts = self.parts.copy()
            groups[g], parts[g] = group, part
            return finish_overall(whole, groups, parts, melds)
        return best

    def without(self, tile: int) -> int:
        """The shanten of the hand less one ``tile`` (which it must hold): a player asks it of every
        discard, so ``_changed`` is written out here."""
        g = PART_OF[tile]
        r = RANK_OF[tile]
        held = self.groups[g]
        group = held[:r] + (held[r] - 1,) + held[r + 1:]
        return self._shanten_with(g, group, _PARTS[g][group])

    def each_without(self, order: Iterable[int]) -> list[int]:
        """The shanten of the hand less each tile of ``order`` (tiles it holds): a player that weighs
        every discard asks them all; ``without`` written out for each."""
        groups = self.groups
        out = []
        for t in order:
            g = PART_OF[t]
            r = RANK_OF[t]
            held = groups[g]
            group = held[:r] + (held[r] - 1,) + held[r + 1:]
            out.append(self._shanten_with(g, group, _PARTS[g][group]))
        return out

    def least_discard(self, order: Iterable[int], stop_ready: bool) -> tuple[int, int, list[int]]:
        """(the least shanten of a discard, the first of ``order`` that leaves it, every one that leaves
        the hand ready) over the discards of ``order`` (tiles the hand holds, each kind once). No
        discard goes below the hand's own shanten: the first that reaches it ends the search, when
        that is not ready, or with ``stop_ready``. ``without`` written out for each discard."""
        target = max(self.shanten(), 0)
        groups = self.groups
        best, choice = 99, -1
        ready: list[int] = []
        for t in order:
            g = PART_OF[t]
            r = RANK_OF[t]
            held = groups[g]
            group = held[:r] + (held[r] - 1,) + held[r + 1:]
            s = self._shanten_with(g, group, _PARTS[g][group])
            if s == 0:
                ready.append(t)
            if s < best:
                best, choice = s, t
                if s == target and (target > 0 or stop_ready):
                    break
        return best, choice, ready

    def with_tile(self, tile: int) -> int:
        """The shanten of the hand with one more ``tile`` (of which it must hold fewer than four)."""
        return self._shanten_with(*self._changed(tile, 1))

    def discard(self, tile: int) -> Tracked:
        """The tracked hand less one ``tile``."""
        return self._moved(tile, -1)

    def draw(self, tile: int) -> Tracked:
        """The tracked hand with one more ``tile``, its shanten worked out as ``with_tile`` does (from
        what the other parts hold together, which the new hand keeps for its changes of that part)."""
        g, group, part = self._changed(tile, 1)
        known = self._shanten_with(g, group, part)
        groups = self.groups.copy()
        parts = self.parts.copy()
        groups[g], parts[g] = group, part
        drawn = Tracked(groups, parts, self.melds)
        drawn.others[g] = self.others[g]
        drawn.known = known
        return drawn

    def _moved(self, tile: int, delta: int) -> Tracked:
        """The hand with ``delta`` more ``tile``: what the other parts than the changed one hold
        together is theirs still (kept when made). ``_changed`` written out: a player moves its hand
        twice a turn."""
        g = PART_OF[tile]
        r = RANK_OF[tile]
        groups = self.groups.copy()
        parts = self.parts.copy()
        held = groups[g]
        group = groups[g] = held[:r] + (held[r] + delta,) + held[r + 1:]
        parts[g] = _PARTS[g][group]
        moved = Tracked(groups, parts, self.melds)
        moved.others[g] = self.others[g]
        return moved

    def declared(self, used: Sequence[int]) -> Tracked:
        """The tracked hand less ``used`` (the tiles of it a claimed set takes) beside one more declared
        set: one part looked up per tile taken."""
        groups = self.groups.copy()
        parts = self.parts.copy()
        for tile in used:  # the counts first, then one lookup per part changed (a set takes one part's)
            g = PART_OF[tile]
            r = RANK_OF[tile]
            held = groups[g]
            groups[g] = held[:r] + (held[r] - 1,) + held[r + 1:]
        changed = {PART_OF[tile] for tile in used}
        for g in changed:
            parts[g] = _PARTS[g][groups[g]]
        out = Tracked(groups, parts, self.melds + 1)
        if len(changed) == 1:  # what the other parts hold together does not depend on the sets
            out.others[g] = self.others[g]
        return out

    def useful(self) -> tuple[int, list[int]] | None:
        """For 13 tiles (less 3 per declared set): their shanten and the kinds whose drawing lowers it,
        as ``shanten.shanten_and_useful`` gives them (for each shape at the least, the tiles that lower
        it), when the bounds say neither knitted shape can be at the least; None otherwise (the caller
        asks ``shanten_and_useful``)."""
        a, b, c, d = self.parts
        memo = COMBINED
        ab, cd = memo[a.table, b.table], memo[c.table, d.table]
        whole = memo[ab, cd]
        melds = self.melds
        best = standard = 13 - 3 * melds - whole[(MAX_SETS - melds) * 2 + 1]
        seven = orphans = 99
        if melds <= 1:
            knit_most = a.knit_most + b.knit_most + c.knit_most
            if melds == 0:
                pairs = min(7, a.pairs + b.pairs + c.pairs + d.pairs)
                seven = 13 - 2 * pairs - min(7 - pairs, a.odd + b.odd + c.odd + d.odd)
                orphans = 13 - a.orphans - b.orphans - c.orphans - d.orphans - \
                    (a.orphan_pair or b.orphan_pair or c.orphan_pair or d.orphan_pair)
                best = min(standard, seven, orphans)
                if 13 - min(14, d.kinds + knit_most) <= best:
                    return None
            if 13 - 3 * melds - knit_most - whole[(1 - melds) * 2 + 1] <= best:
                return None
        out: list[int] = []
        if standard == best:
            index = (MAX_SETS - melds) * 2 + 1
            rests = (memo[b.table, cd], memo[a.table, cd], memo[ab, d.table], memo[ab, c.table])
            groups = self.groups
            ranks = _USEFUL_RANKS
            for g in range(4):
                found = ranks[groups[g], rests[g], index]
                if found:
                    lo = 9 * g
                    out.extend([lo + r for r in found])
        if seven == best or orphans == best:
            counts = self.counts()
            more = set(out)
            if seven == best:  # an odd kind makes a pair; with too few pairs and odd kinds, any new kind helps
                odd = [t for t in range(34) if counts[t] % 2]
                more.update(odd)
                if a.pairs + b.pairs + c.pairs + d.pairs + len(odd) < 7:
                    more.update(t for t in range(34) if counts[t] in (0, 2))
            if orphans == best:
                paired = any(counts[t] >= 2 for t in ORPHANS)
                more.update(t for t in ORPHANS if not counts[t] or not paired)
            out = sorted(more)
        return best, out

    def counts(self) -> list[int]:
        """The hand's 34 counts."""
        return [n for group in self.groups for n in group]


__all__ = ["Tracked"]
