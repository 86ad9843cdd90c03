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

from collections.abc import Sequence
from itertools import permutations

from ..core.blocks import Shape
from ..core.hand import HandError
from .parts import COMBINED, FULL_CAPS, MAX_SETS, MEMO_LIMIT, PARTS, Counts, Part, Table, combine, knitted_rest, part

#: The knitted class (ranks 1-4-7, 2-5-8, 3-6-9) of each suit, for the six knitted patterns.
KNIT_CLASSES = tuple(permutations(range(3)))
#: The parts of a hand: characters, dots, bamboo, honours.
HONOUR_PART = 3
_SPAN = ((0, 9), (9, 18), (18, 27), (27, 34))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
#: Caps of each part, or None where every kind may be held four times.
Caps = tuple[Counts | None, Counts | None, Counts | None, Counts | None]
NO_CAPS: Caps = (None, None, None, None)


def check_tiles(concealed: Sequence[int], melds: int, sizes: tuple[int, ...] = (13, 14)) -> list[int]:
    """The 34 counts of ``concealed``; HandError unless they are tiles 0..33, at most four of a kind,
    and as many as ``sizes`` allow with ``melds`` declared sets."""
    if not isinstance(melds, int) or not 0 <= melds <= MAX_SETS:
        raise HandError(f"the number of declared sets must be 0 to 4, not {melds!r}")
    counts = [0] * 34
    try:
        for t in concealed:
            counts[t] += 1
        low = min(concealed, default=0)
    except (TypeError, IndexError):
        low = -1
    if low < 0:
        bad = next(t for t in concealed if not isinstance(t, int) or not 0 <= t < 34)
        raise HandError(f"a tile is a number from 0 to 33, not {bad!r}")
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
    if caps is NO_CAPS:  # the common case, looked up in the memo directly
        get = PARTS.get
        a, b, c, d = groups
        return groups, [get((a, None, False)) or part(a), get((b, None, False)) or part(b),
                        get((c, None, False)) or part(c), get((d, None, True)) or part(d, None, True)]
    return groups, [part(groups[0], caps[0]), part(groups[1], caps[1]), part(groups[2], caps[2]),
                    part(groups[3], caps[3], True)]


def standard_kept(parts: Sequence[Part], sets: int) -> int:
    """The most tiles four sets and a pair (less the declared sets) keep."""
    return combine(combine(parts[0].table, parts[1].table), combine(parts[2].table, parts[3].table))[sets * 2 + 1]


def _seven_pairs_kept(parts: Sequence[Part]) -> int:
    a, b, c, d = parts
    pairs = min(7, a.pairs + b.pairs + c.pairs + d.pairs)
    return 2 * pairs + min(7 - pairs, a.odd + b.odd + c.odd + d.odd)


def _orphans_kept(parts: Sequence[Part]) -> int:
    a, b, c, d = parts
    return a.orphans + b.orphans + c.orphans + d.orphans + (a.orphan_pair or b.orphan_pair or c.orphan_pair or d.orphan_pair)


def knitted_held(parts: Sequence[Part]) -> list[int]:
    """For each knitted pattern (in KNIT_CLASSES order), the distinct tiles of it the hand holds."""
    a, b, c = parts[0].knit, parts[1].knit, parts[2].knit
    return [a[x] + b[y] + c[z] for x, y, z in KNIT_CLASSES]


def _honours_knitted_kept(parts: Sequence[Part], knitted: list[int]) -> int:
    return min(14, parts[HONOUR_PART].kinds + max(knitted))


def knitted_straight(groups: Sequence[Counts], parts: Sequence[Part], caps: Caps, melds: int, knitted: list[int],
                     beat: int | None = None) -> int:
    """The shanten of the knitted straight shape: each pattern, plus a set and a pair (only a pair
    beside a declared set) from the rest. Patterns that cannot go below ``beat`` are skipped, so the
    result is exact when below ``beat`` and otherwise ``beat`` or more."""
    base = 13 - 3 * melds
    room = 3 * (1 - melds) + 2
    tiles = parts[0].tiles + parts[1].tiles + parts[2].tiles + parts[3].tiles
    best = base + 1
    honours = parts[HONOUR_PART]
    for held, classes in zip(knitted, KNIT_CLASSES):
        if beat is not None and base - held - min(room, tiles - held) >= beat:
            continue
        rest = (knitted_rest(groups[0], caps[0], classes[0]), knitted_rest(groups[1], caps[1], classes[1]),
                knitted_rest(groups[2], caps[2], classes[2]), honours)
        best = min(best, base - held - standard_kept(rest, 1 - melds))
    return best


def by_shape(groups: Sequence[Counts], parts: Sequence[Part], melds: int, caps: Caps = NO_CAPS) -> dict[Shape, int]:
    """The shanten of each shape the declared sets allow."""
    out = {Shape.STANDARD: 13 - 3 * melds - standard_kept(parts, MAX_SETS - melds)}
    knitted = knitted_held(parts)
    if melds == 0:
        out[Shape.SEVEN_PAIRS] = 13 - _seven_pairs_kept(parts)
        out[Shape.THIRTEEN_ORPHANS] = 13 - _orphans_kept(parts)
        out[Shape.HONOURS_AND_KNITTED] = 13 - _honours_knitted_kept(parts, knitted)
    if melds <= 1:
        out[Shape.KNITTED_STRAIGHT] = knitted_straight(groups, parts, caps, melds, knitted)
    return out


def overall(groups: Sequence[Counts], parts: Sequence[Part], melds: int, caps: Caps = NO_CAPS) -> int:
    """The least shanten over the shapes; the knitted straight is tried only where it could beat it."""
    a, b, c, d = parts
    get = COMBINED.get
    ab_tables, cd_tables = (a.table, b.table), (c.table, d.table)
    ab = get(ab_tables) or combine(*ab_tables)
    cd = get(cd_tables) or combine(*cd_tables)
    best = 13 - 3 * melds - (get((ab, cd)) or combine(ab, cd))[(MAX_SETS - melds) * 2 + 1]
    if melds > 1 or best < 0:
        return best
    knitted = knitted_held(parts)
    if melds == 0:
        best = min(best, 13 - _seven_pairs_kept(parts), 13 - _orphans_kept(parts),
                   13 - _honours_knitted_kept(parts, knitted))
    if best > 0 and max(knitted) + min(5, a.tiles + b.tiles + c.tiles + d.tiles) > 13 - 3 * melds - best:
        best = min(best, knitted_straight(groups, parts, caps, melds, knitted, best))
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


_USEFUL: dict[tuple[Counts, Counts | None, Table, int], tuple[int, ...]] = {}


def _standard_useful(held: Counts, caps: Counts | None, rest: Table, index: int, honours: bool) -> tuple[int, ...]:
    """The ranks of one part whose drawing lets four sets and a pair keep one tile more, the other
    parts' combined use table being ``rest`` (remembered: few parts and rests recur)."""
    key = (held, caps, rest, index)
    found = _USEFUL.get(key)
    if found is None:
        if len(_USEFUL) >= MEMO_LIMIT:
            _USEFUL.clear()
        limit = caps or FULL_CAPS
        now = combine(part(held, caps, honours).table, rest)[index]
        found = tuple(r for r in range(len(held)) if held[r] < limit[r]
                      and combine(part(held[:r] + (held[r] + 1,) + held[r + 1:], caps, honours).table, rest)[index] > now)
        _USEFUL[key] = found
    return found


def _special_useful(counts: list[int], parts: Sequence[Part], knitted: list[int], shapes: dict[Shape, int],
                    best: int) -> set[int]:
    """The tiles that lower seven pairs, thirteen orphans or honours and knitted tiles, for those of
    them at the least shanten ``best`` (no declared set: every cap is 4)."""
    out: set[int] = set()
    if shapes[Shape.SEVEN_PAIRS] == best:
        pairs = sum(p.pairs for p in parts)
        odd = [t for t in range(34) if counts[t] % 2]
        out.update(odd)
        if pairs + len(odd) < 7:  # a pair of a new kind helps
            out.update(t for t in range(34) if counts[t] in (0, 2))
    if shapes[Shape.THIRTEEN_ORPHANS] == best:
        paired = any(counts[t] >= 2 for t in ORPHANS)
        out.update(t for t in ORPHANS if not counts[t] or not paired)
    if shapes[Shape.HONOURS_AND_KNITTED] == best:
        out.update(t for t in range(27, 34) if not counts[t])
        most = max(knitted)
        for held, classes in zip(knitted, KNIT_CLASSES):
            if held == most:
                out.update(s * 9 + r for s in range(3) for r in range(classes[s], 9, 3) if not counts[s * 9 + r])
    return out


def useful_kinds(counts: list[int], melds: int, caps: Caps = NO_CAPS) -> list[int]:
    """The tile kinds whose drawing lowers the shanten of 13 tiles (less 3 per declared set) given as
    34 counts: for each shape at the least shanten, the tiles that lower that shape."""
    groups, parts = hand_parts(counts, caps)
    shapes = {Shape.STANDARD: 13 - 3 * melds - standard_kept(parts, MAX_SETS - melds)}
    knitted = knitted_held(parts)
    if melds == 0:
        shapes[Shape.SEVEN_PAIRS] = 13 - _seven_pairs_kept(parts)
        shapes[Shape.THIRTEEN_ORPHANS] = 13 - _orphans_kept(parts)
        shapes[Shape.HONOURS_AND_KNITTED] = 13 - _honours_knitted_kept(parts, knitted)
    best = min(shapes.values())
    if melds <= 1:
        shapes[Shape.KNITTED_STRAIGHT] = knitted_straight(groups, parts, caps, melds, knitted, best + 1)
        best = min(best, shapes[Shape.KNITTED_STRAIGHT])
    out: set[int] = set()
    if shapes[Shape.STANDARD] == best:
        tables = [p.table for p in parts]
        ab, cd = combine(tables[0], tables[1]), combine(tables[2], tables[3])
        rests = (combine(tables[1], cd), combine(tables[0], cd), combine(ab, tables[3]), combine(ab, tables[2]))
        index = (MAX_SETS - melds) * 2 + 1
        for g, (lo, _) in enumerate(_SPAN):
            out.update(lo + r for r in _standard_useful(groups[g], caps[g], rests[g], index, g == HONOUR_PART))
    if melds == 0:
        out |= _special_useful(counts, parts, knitted, shapes, best)
    if shapes.get(Shape.KNITTED_STRAIGHT) == best:
        for t in range(34):
            limit = (caps[min(t // 9, 3)] or FULL_CAPS)[t - _SPAN[min(t // 9, 3)][0]]
            if t not in out and counts[t] < limit:
                counts[t] += 1
                grown_groups, grown = hand_parts(counts, caps)
                if knitted_straight(grown_groups, grown, caps, melds, knitted_held(grown), best) < best:
                    out.add(t)
                counts[t] -= 1
    return sorted(out)


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
