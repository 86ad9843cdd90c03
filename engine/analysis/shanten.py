"""Shanten and useful tiles, exact, for the five winning shapes.

The shanten of a hand is how many tiles it is from ready (ready 0, complete -1). Here it is defined by
what can be drawn: the fewest tiles that must be drawn (each followed by a discard) to turn the
concealed tiles, beside the declared sets, into a complete hand that no kind holds more than four
times; less one. Every shape is a target of blocks, and the tiles to draw for a target are the ones
of the target the hand does not hold, so the shanten of a shape is ``14 - 3 * melds - 1 - kept``, where
``kept`` is the most tiles of the hand one target of that shape keeps:

- standard: four sets and a pair, less the declared sets; ``kept`` comes from the per-part use
  tables of parts.py (a part is a number suit or the honours), combined exactly;
- seven pairs (a kind held four times is two pairs), thirteen orphans, honours and knitted tiles:
  counted directly from each part's summary;
- knitted straight (at most one declared set): each of the six knitted patterns, plus a set and a
  pair (or a pair beside the declared set) from the rest, again by use tables.

A hand that waits only on a tile whose four copies it already holds is therefore one from ready, not
ready (no fifth copy can be drawn), although ``waits`` lists such a tile for scoring (RULINGS 3).
tests/test_shanten.py checks all of this against a brute-force search over draws and discards."""
from __future__ import annotations

from itertools import permutations
from typing import Sequence

from ..core.blocks import Shape
from ..core.hand import HandError
from .parts import FULL_CAPS, MAX_SETS, Counts, Part, combine, part

#: The knitted class (ranks 1-4-7, 2-5-8, 3-6-9) of each suit, for the six knitted patterns.
KNIT_CLASSES = tuple(permutations(range(3)))
#: The parts of a hand: characters, dots, bamboo, honours.
HONOUR_PART = 3
_SPAN = ((0, 9), (9, 18), (18, 27), (27, 34))
#: Caps of each part, or None where every kind may be held four times.
Caps = tuple[Counts | None, Counts | None, Counts | None, Counts | None]
NO_CAPS: Caps = (None, None, None, None)


def check_tiles(concealed: Sequence[int], melds: int, sizes: tuple[int, ...] = (13, 14)) -> list[int]:
    """The 34 counts of ``concealed``; HandError unless they are tiles 0..33, at most four of a kind,
    and as many as ``sizes`` allow with ``melds`` declared sets."""
    if not isinstance(melds, int) or not 0 <= melds <= MAX_SETS:
        raise HandError(f"the number of declared sets must be 0 to 4, not {melds!r}")
    counts = [0] * 34
    for t in concealed:
        if not isinstance(t, int) or not 0 <= t < 34:
            raise HandError(f"a tile is a number from 0 to 33, not {t!r}")
        counts[t] += 1
    n = len(concealed)
    allowed = [size - 3 * melds for size in sizes]
    if n not in allowed:
        wanted = " or ".join(str(a) for a in allowed)
        raise HandError(f"wrong number of tiles: {n} concealed tiles with {melds} declared set(s), expected {wanted}")
    if max(counts) > 4:
        raise HandError("fifth copy of a tile: a tile exists only four times")
    return counts


def split_caps(declared: Sequence[int]) -> Caps:
    """The caps of each part from the 34 counts of the tiles in declared sets."""
    out = []
    for lo, hi in _SPAN:
        used = declared[lo:hi]
        out.append(tuple(4 - u for u in used) if any(used) else None)
    return (out[0], out[1], out[2], out[3])


def hand_parts(counts: Sequence[int], caps: Caps = NO_CAPS) -> tuple[list[Counts], list[Part]]:
    """The counts and the Part of each of the four parts of a hand."""
    groups = [tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34])]
    return groups, [part(groups[0], caps[0]), part(groups[1], caps[1]), part(groups[2], caps[2]),
                    part(groups[3], caps[3], True)]


def standard_kept(parts: Sequence[Part], sets: int) -> int:
    """The most tiles four sets and a pair (less the declared sets) keep."""
    return combine(combine(parts[0].table, parts[1].table), combine(parts[2].table, parts[3].table))[sets * 2 + 1]


def _seven_pairs_kept(parts: Sequence[Part]) -> int:
    pairs = min(7, parts[0].pairs + parts[1].pairs + parts[2].pairs + parts[3].pairs)
    return 2 * pairs + min(7 - pairs, parts[0].odd + parts[1].odd + parts[2].odd + parts[3].odd)


def _orphans_kept(parts: Sequence[Part]) -> int:
    pair = parts[0].orphan_pair or parts[1].orphan_pair or parts[2].orphan_pair or parts[3].orphan_pair
    return parts[0].orphans + parts[1].orphans + parts[2].orphans + parts[3].orphans + pair


def _knitted(parts: Sequence[Part], classes: tuple[int, ...]) -> int:
    """The distinct tiles of one knitted pattern the hand holds."""
    return parts[0].knit[classes[0]] + parts[1].knit[classes[1]] + parts[2].knit[classes[2]]


def _honours_knitted_kept(parts: Sequence[Part]) -> int:
    return min(14, parts[HONOUR_PART].kinds + max(_knitted(parts, c) for c in KNIT_CLASSES))


def _knitted_rest(groups: Sequence[Counts], caps: Caps, classes: tuple[int, ...], melds: int) -> int:
    """The most tiles a set and a pair (none when a set is declared) keep beside one knitted pattern:
    the pattern takes one of each of its tiles from the hand and from the caps."""
    rest: list[Part] = []
    for s in range(3):
        held, limit, c = groups[s], caps[s] or FULL_CAPS, classes[s]
        held2 = tuple(h - 1 if r % 3 == c and h else h for r, h in enumerate(held))
        limit2 = tuple(x - 1 if r % 3 == c else x for r, x in enumerate(limit))
        rest.append(part(held2, limit2))
    rest.append(part(groups[3], caps[3], True))
    return standard_kept(rest, 1 - melds)


def _knitted_straight(groups: Sequence[Counts], parts: Sequence[Part], caps: Caps, melds: int, beat: int | None) -> int:
    """The shanten of the knitted straight shape; patterns that cannot go below ``beat`` are skipped
    (the result is then ``beat`` or more)."""
    base = 13 - 3 * melds
    tiles = sum(p.tiles for p in parts)
    best = base + 1
    for classes in KNIT_CLASSES:
        knitted = _knitted(parts, classes)
        if beat is not None and base - knitted - min(3 * (1 - melds) + 2, tiles - knitted) >= beat:
            continue
        best = min(best, base - knitted - _knitted_rest(groups, caps, classes, melds))
    return best


def by_shape(groups: Sequence[Counts], parts: Sequence[Part], melds: int, caps: Caps = NO_CAPS) -> dict[Shape, int]:
    """The shanten of each shape the declared sets allow."""
    base = 13 - 3 * melds
    out = {Shape.STANDARD: base - standard_kept(parts, MAX_SETS - melds)}
    if melds == 0:
        out[Shape.SEVEN_PAIRS] = 13 - _seven_pairs_kept(parts)
        out[Shape.THIRTEEN_ORPHANS] = 13 - _orphans_kept(parts)
        out[Shape.HONOURS_AND_KNITTED] = 13 - _honours_knitted_kept(parts)
    if melds <= 1:
        out[Shape.KNITTED_STRAIGHT] = _knitted_straight(groups, parts, caps, melds, None)
    return out


def overall(groups: Sequence[Counts], parts: Sequence[Part], melds: int, caps: Caps = NO_CAPS) -> int:
    """The least shanten over the shapes; the rarer shapes are tried only when they could beat it."""
    best = 13 - 3 * melds - standard_kept(parts, MAX_SETS - melds)
    if melds == 0:
        best = min(best, 13 - _seven_pairs_kept(parts), 13 - _orphans_kept(parts), 13 - _honours_knitted_kept(parts))
    if melds <= 1 and best > 0:
        best = min(best, _knitted_straight(groups, parts, caps, melds, best))
    return best


def shanten(concealed: Sequence[int], melds: int = 0) -> int:
    """The shanten of ``concealed`` (tiles 0..33; 13 or 14 tiles less 3 per declared set) beside
    ``melds`` declared sets: the least over the five shapes (the special ones only when the declared
    sets allow: knitted straight with at most one, the others with none). Ready 0, complete -1."""
    groups, parts = hand_parts(check_tiles(concealed, melds))
    return overall(groups, parts, melds)


def shanten_by_shape(concealed: Sequence[int], melds: int = 0) -> dict[Shape, int]:
    """The shanten of each shape; shapes the declared sets rule out are left out of the dict (with
    declared sets only STANDARD, and KNITTED_STRAIGHT for one set)."""
    groups, parts = hand_parts(check_tiles(concealed, melds))
    return by_shape(groups, parts, melds)


def useful_kinds(counts: list[int], melds: int, caps: Caps = NO_CAPS) -> list[int]:
    """The tile kinds whose drawing lowers the shanten of 13 tiles (less 3 per declared set) given as
    34 counts. Only the part of the drawn tile changes, so only its Part is looked up again."""
    groups, parts = hand_parts(counts, caps)
    base = overall(groups, parts, melds, caps)
    out = []
    for g, (lo, hi) in enumerate(_SPAN):
        limit = caps[g] or FULL_CAPS
        held = groups[g]
        for r in range(hi - lo):
            if held[r] >= limit[r]:
                continue
            grown = held[:r] + (held[r] + 1,) + held[r + 1:]
            new_groups = list(groups)
            new_groups[g] = grown
            new_parts = list(parts)
            new_parts[g] = part(grown, caps[g], g == HONOUR_PART)
            if overall(new_groups, new_parts, melds, caps) < base:
                out.append(lo + r)
    return out


def useful_tiles(concealed: Sequence[int], melds: int = 0, visible: Sequence[int] = ()) -> list[tuple[int, int]]:
    """For 13 tiles (less 3 per declared set): each tile kind that lowers the shanten, in tile order,
    with how many of its copies are unseen (4 less those in ``concealed`` and in ``visible``: other
    players' discards and melds, and the hand's own declared sets if the caller counts them). A kind
    with no copy left is still listed, with 0."""
    counts = check_tiles(concealed, melds, (13,))
    seen = list(counts)
    for t in visible:
        if not isinstance(t, int) or not 0 <= t < 34:
            raise HandError(f"a visible tile is a number from 0 to 33, not {t!r}")
        seen[t] += 1
    return [(t, max(0, 4 - seen[t])) for t in useful_kinds(counts, melds)]
