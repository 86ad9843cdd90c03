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
ready (no fifth copy can be drawn), although ``waits`` lists such a tile for scoring (docs/principles.md ruling 3).
tests/test_shanten.py checks all of this against a brute-force search over draws and discards."""
from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from ..core.blocks import Shape
from ..core.errors import InvalidHandError
from ..core.memo import ArgsMemo
from ..core.tiles import TileLike, tile_numbers
from .parts import COMBINED, FULL_CAPS, HONOUR_PARTS, KNIT_RESTS, MAX_SETS, MEMO_LIMIT, SUIT_PARTS, Counts, Part, Table, combine, part

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
        raise InvalidHandError(f"the number of declared sets must be 0 to 4, not {melds!r}")
    counts = [0] * 34
    try:
        for t in concealed:
            counts[t] += 1
        low = min(concealed, default=0)
    except (TypeError, IndexError):
        low = -1
    if low < 0:
        bad = next(t for t in concealed if not isinstance(t, int) or not 0 <= t < 34)
        raise InvalidHandError(f"a tile is a number from 0 to 33, not {bad!r}")
    n = len(concealed)
    if n + 3 * melds not in sizes:
        wanted = " or ".join(str(size - 3 * melds) for size in sizes)
        raise InvalidHandError(f"wrong number of tiles: {n} concealed tiles with {melds} declared set(s), expected {wanted}")
    if max(counts) > 4:
        raise InvalidHandError("fifth copy of a tile: a tile exists only four times")
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
    if caps is NO_CAPS:  # the common case, looked up in the memos directly
        suits = SUIT_PARTS
        return groups, [suits[groups[0]], suits[groups[1]], suits[groups[2]], HONOUR_PARTS[groups[3]]]
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
    return min((value for value, _, _ in _knitted_patterns(groups, parts, caps, melds, knitted, beat)),
               default=14 - 3 * melds)


KnittedRest = tuple[tuple[Counts, Counts | None, Part], ...]


def _knitted_patterns(groups: Sequence[Counts], parts: Sequence[Part], caps: Caps, melds: int, knitted: list[int],
                      beat: int | None) -> list[tuple[int, KnittedRest, tuple[int, ...]]]:
    """For each knitted pattern that could go below ``beat``: its shanten, the counts, caps and Part
    of each part of the rest of the hand, and its knitted class of each suit."""
    base = 13 - 3 * melds
    index = (1 - melds) * 2 + 1
    memo, rests = COMBINED, KNIT_RESTS  # looked up directly: every shanten of a hand of few sets comes here
    honour_table = parts[HONOUR_PART].table
    room = memo[memo[parts[0].table, parts[1].table], memo[parts[2].table, honour_table]][index]
    out: list[tuple[int, KnittedRest, tuple[int, ...]]] = []
    honours = (groups[HONOUR_PART], caps[HONOUR_PART], parts[HONOUR_PART])
    g0, g1, g2 = groups[0], groups[1], groups[2]
    c0, c1, c2 = caps[0], caps[1], caps[2]
    for held, classes in zip(knitted, KNIT_CLASSES):
        if beat is not None and base - held - room >= beat:
            continue
        r0, r1, r2 = rests[g0, c0, classes[0]], rests[g1, c1, classes[1]], rests[g2, c2, classes[2]]
        kept = memo[memo[r0[2].table, r1[2].table], memo[r2[2].table, honour_table]][index]
        out.append((base - held - kept, (r0, r1, r2, honours), classes))
    return out


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
    """The least shanten over the shapes; the knitted shapes are tried only where bounds say they could
    beat it (the rest of a knitted straight keeps no more than the whole hand's one set and pair)."""
    a, b, c, d = parts
    memo = COMBINED
    return finish_overall(memo[memo[a.table, b.table], memo[c.table, d.table]], groups, parts, melds, caps)


def finish_overall(whole: Table, groups: Sequence[Counts], parts: Sequence[Part], melds: int, caps: Caps = NO_CAPS) -> int:
    """``overall`` given ``whole``, the combined use table of the four parts (however it was combined:
    incremental.py combines a changed part with the other three's)."""
    a, b, c, d = parts
    best = 13 - 3 * melds - whole[(MAX_SETS - melds) * 2 + 1]
    if melds > 1 or best < 0:
        return best
    if melds == 0:
        pairs = min(7, a.pairs + b.pairs + c.pairs + d.pairs)
        best = min(best, 13 - 2 * pairs - min(7 - pairs, a.odd + b.odd + c.odd + d.odd),
                   13 - a.orphans - b.orphans - c.orphans - d.orphans
                   - (a.orphan_pair or b.orphan_pair or c.orphan_pair or d.orphan_pair))
    knit_most = a.knit_most + b.knit_most + c.knit_most  # at least the most of any one pattern
    if melds == 0 and 13 - min(14, d.kinds + knit_most) < best:
        best = min(best, 13 - _honours_knitted_kept(parts, knitted_held(parts)))
    if best > 0 and 13 - 3 * melds - knit_most - whole[(1 - melds) * 2 + 1] < best:
        best = min(best, knitted_straight(groups, parts, caps, melds, knitted_held(parts), best))
    return best


def shanten(concealed: Sequence[TileLike], melds: int = 0) -> int:
    """The shanten of ``concealed`` (tiles 0..33 or their codes; 13 or 14 tiles less 3 per declared set) beside
    ``melds`` declared sets: the least over the five shapes (the special ones only when the declared
    sets allow: knitted straight with at most one, the others with none). Ready 0, complete -1."""
    groups, parts = hand_parts(check_tiles(tile_numbers(concealed), melds))
    return overall(groups, parts, melds)


def shanten_by_shape(concealed: Sequence[TileLike], melds: int = 0) -> dict[Shape, int]:
    """The shanten of each shape; shapes the declared sets rule out are left out of the dict (with
    declared sets only STANDARD, and KNITTED_STRAIGHT for one set)."""
    groups, parts = hand_parts(check_tiles(tile_numbers(concealed), melds))
    return by_shape(groups, parts, melds)


def _standard_useful(held: Counts, caps: Counts | None, rest: Table, index: int) -> tuple[int, ...]:
    """The ranks of one part whose drawing lets four sets and a pair keep one tile more, the other
    parts' combined use table being ``rest`` (remembered in ``_USEFUL``: few parts and rests recur)."""
    honours = len(held) == 7  # the honours part has 7 kinds, a number suit 9 ranks
    limit = caps or FULL_CAPS
    now = combine(part(held, caps, honours).table, rest)[index]
    return tuple(r for r in range(len(held)) if held[r] < limit[r]
                 and combine(part(held[:r] + (held[r] + 1,) + held[r + 1:], caps, honours).table, rest)[index] > now)


_USEFUL: ArgsMemo[tuple[Counts, Counts | None, Table, int], tuple[int, ...]] = ArgsMemo(_standard_useful, MEMO_LIMIT)


def _rest_useful(rest: Sequence[tuple[Counts, Counts | None, Part]], sets: int) -> list[int]:
    """The tiles whose drawing lets ``sets`` sets and a pair keep one tile more of parts ``rest``."""
    memo = COMBINED
    t0, t1, t2, t3 = rest[0][2].table, rest[1][2].table, rest[2][2].table, rest[3][2].table
    ab = memo[t0, t1]
    cd = memo[t2, t3]
    rests = (memo[t1, cd], memo[t0, cd], memo[ab, t3], memo[ab, t2])
    index = sets * 2 + 1
    useful = _USEFUL
    out: list[int] = []
    for g in range(4):
        held, caps, _ = rest[g]
        found = useful[held, caps, rests[g], index]
        if found:
            lo = _SPAN[g][0]
            out.extend([lo + r for r in found])
    return out


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
    if shapes.get(Shape.HONOURS_AND_KNITTED) == best:
        out.update(t for t in range(27, 34) if not counts[t])
        most = max(knitted)
        for held, classes in zip(knitted, KNIT_CLASSES):
            if held == most:
                out.update(s * 9 + r for s in range(3) for r in range(classes[s], 9, 3) if not counts[s * 9 + r])
    return out


def useful_kinds(counts: list[int], melds: int, caps: Caps = NO_CAPS) -> list[int]:
    """The tile kinds whose drawing lowers the shanten of 13 tiles (less 3 per declared set) given as
    34 counts."""
    return shanten_and_useful(counts, melds, caps)[1]


def shanten_and_useful(counts: list[int], melds: int, caps: Caps = NO_CAPS) -> tuple[int, list[int]]:
    """The shanten of 13 tiles (less 3 per declared set) given as 34 counts, and the tile kinds whose
    drawing lowers it: for each shape at the least shanten, the tiles that lower that shape. The
    knitted shapes are looked at only when the bounds of ``overall`` say they could be the least."""
    groups, parts = hand_parts(counts, caps)
    a, b, c, d = parts
    whole = combine(combine(a.table, b.table), combine(c.table, d.table))
    shapes = {Shape.STANDARD: 13 - 3 * melds - whole[(MAX_SETS - melds) * 2 + 1]}
    knit_most = a.knit_most + b.knit_most + c.knit_most
    knitted: list[int] = []
    if melds == 0:
        shapes[Shape.SEVEN_PAIRS] = 13 - _seven_pairs_kept(parts)
        shapes[Shape.THIRTEEN_ORPHANS] = 13 - _orphans_kept(parts)
        if 13 - min(14, d.kinds + knit_most) <= min(shapes.values()):
            knitted = knitted_held(parts)
            shapes[Shape.HONOURS_AND_KNITTED] = 13 - _honours_knitted_kept(parts, knitted)
    best = min(shapes.values())
    patterns: list[tuple[int, KnittedRest, tuple[int, ...]]] = []
    if melds <= 1 and 13 - 3 * melds - knit_most - whole[(1 - melds) * 2 + 1] <= best:
        knitted = knitted or knitted_held(parts)
        patterns = _knitted_patterns(groups, parts, caps, melds, knitted, best + 1)
        best = min([best] + [value for value, _, _ in patterns])
    out: set[int] = set()
    if shapes[Shape.STANDARD] == best:
        out.update(_rest_useful(list(zip(groups, caps, parts)), MAX_SETS - melds))
    if melds == 0:
        out |= _special_useful(counts, parts, knitted, shapes, best)
    for value, rest, classes in patterns:
        if value == best:
            # a tile of the pattern not held completes more of it; any other lets the rest keep more
            out.update(s * 9 + r for s in range(3) for r in range(classes[s], 9, 3) if not counts[s * 9 + r])
            out.update(_rest_useful(rest, 1 - melds))
    return best, sorted(out)


def useful_tiles(concealed: Sequence[TileLike], melds: int = 0, visible: Sequence[TileLike] = ()) -> list[tuple[int, int]]:
    """For 13 tiles (less 3 per declared set): each tile kind that lowers the shanten, in tile order,
    with how many of its copies are unseen (4 less those in ``concealed`` and in ``visible``: other
    players' discards and melds, and the hand's own declared sets if the caller counts them). A kind
    with no copy left is still listed, with 0."""
    counts = check_tiles(tile_numbers(concealed), melds, (13,))
    seen = list(counts)
    for t in tile_numbers(visible):
        if not isinstance(t, int) or not 0 <= t < 34:
            raise InvalidHandError(f"a visible tile is a number from 0 to 33, not {t!r}")
        seen[t] += 1
    return [(t, max(0, 4 - seen[t])) for t in useful_kinds(counts, melds)]


__all__ = ["by_shape", "Caps", "check_tiles", "finish_overall", "hand_parts", "HONOUR_PART", "KNIT_CLASSES", "knitted_held",
           "knitted_straight", "KnittedRest", "NO_CAPS", "ORPHANS", "overall", "shanten", "shanten_and_useful",
           "shanten_by_shape", "split_caps", "standard_kept", "useful_kinds", "useful_tiles"]
