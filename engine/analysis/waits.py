"""The waits of a 13-tile hand: which tiles complete it, for every winning shape."""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache
from operator import eq
from typing import cast

from ..core.memo import Memo
from ..core.tiles import Tile, TileLike, parse_tile, tile_numbers
from .readings import KNITTED_PATTERNS, ORPHANS, by_suit
from .splits import PATTERNS, suit_splits
from .suits import CLASSES, MOST, ONE, RANKS, TWO, complete, table


@lru_cache(maxsize=PATTERNS)
def _suit_state(counts: tuple[int, ...]) -> tuple[bool, bool]:
    """Whether one suit's counts split into sets only, and whether into sets and one pair."""
    state = complete(counts)
    if state is not None:
        return state
    n = sum(counts)
    if n % 3 == 0:
        return bool(suit_splits(counts)), False
    if n % 3 == 2:
        return False, any(c >= 2 and suit_splits(counts[:i] + (c - 2,) + counts[i + 1:]) for i, c in enumerate(counts))
    return False, False


#: A suit, or one honour, that is not all sets, as (pair, to_sets, to_pair): whether it is sets and a
#: pair, and the tiles that would make it sets only or sets and a pair.
_Part = tuple[bool, tuple[Tile, ...], tuple[Tile, ...]]
#: What the waits need of the tiles of one suit, or of the honours, as (parts, knit, odd, orphans,
#: singles): the parts that are not all sets, one after another in one tuple (``_Parts``), and counts
#: for ruling out the special shapes cheaply
#: (``knit``: the most ranks held of one knitted rank class; ``odd``: kinds held an odd number of times;
#: ``orphans``: every tile a terminal or honour; ``singles``: no kind held twice).
#: Plain tuples of numbers, read by index or unpacked: the garbage collector stops tracking a tuple whose
#: items it does not track (never a named tuple), so the groups a first pass remembers leave its sight.
#: The parts of a group in one tuple, three items a part (a suit's one part is its group's ``_Part``
#: itself), where a tuple held each part: a tuple fewer for each group of a suit a first pass remembers
#: (and for its miss to make), and ``_standard_waits`` adds the four groups' parts where a comprehension
#: gathered them (no comprehension's call).
_Parts = tuple[bool | tuple[Tile, ...], ...]
_Group = tuple[_Parts, int, int, bool, bool]
#: The part of a suit of sets and a tile too many: it waits on nothing.
_NO_WAIT: _Part = (False, (), ())
#: Pattern masks: a bit at each rank's lowest bit, the middle ranks (2 to 8), the ranks' high bits (2 and
#: 4: held twice or more).
_LOW, _MIDDLE, _HIGH = 0o111111111, 0o077777770, 0o666666666
#: The most ranks held of one knitted rank class (1-4-7, 2-5-8, 3-6-9), by the three classes' counts as
#: two bits each, three apart: the product of ``held`` (a bit at 3r for each rank r held) and 0o1001001
#: sums a class's three bits at bit 18, 21 or 24; one lookup for three bit counts and a max (each miss
#: of a group needs it, so it is a product and a subscript, not a loop over the ranks).
_MOST_KNIT = tuple(max(i & 3, i >> 3 & 3, i >> 6 & 3) for i in range(0o334))
#: By the class of a rank (suits.CLASSES: only the ranks of one class can be the pair or complete):
#: the pairs of the ranks of each class in a pattern, with the mask of a rank held twice or more; the
#: tiles of the ranks of each class in a pattern, with their rank and the mask of a rank held.
_PAIRS = tuple(tuple((TWO[r], 6 << 3 * r) for r in ranks) for ranks in CLASSES)
_TILES = tuple(tuple((r, ONE[r], 7 << 3 * r) for r in ranks) for ranks in CLASSES)
#: For tiles of sum n over 3 (the index), one short of sets and a pair: each rank's pair and the mask of
#: it held twice or more, and the tiles of the class that, that pair out, would complete the rest
#: (those of 2r - n over 3).
_SHORT = tuple(tuple((TWO[r], 6 << 3 * r, tuple(ONE[t] for t in CLASSES[(2 * r - n) % 3])) for r in RANKS) for n in range(3))


def _group_of(tiles: tuple[Tile, ...]) -> _Group:
    """The group of the sorted tiles of one suit, or of the honours. A suit's is worked out from its
    pattern number, by bit masks and lookups in the table of sets (suits.py), where counting the ranks,
    sorting the kinds and remembering each suit's state cost more."""
    if tiles and tiles[0] >= 27:
        return _honour_group(tiles)
    base = tiles[0] // 9 * 9 if tiles else 0
    if len(tiles) >= MOST and any(map(eq, tiles, tiles[MOST - 1 :])):  # operator.eq, in C
        return _searched(tiles, base)  # a rank held MOST times: more, with a tile added, than the table knows
    key = 0
    for t in tiles:
        key += ONE[t]
    held = (key | key >> 1 | key >> 2) & _LOW  # a bit at each rank held
    knit = _MOST_KNIT[held * 0o1001001 >> 18 & 0o333]  # each class's ranks held, summed by one product
    odd, orphans, singles = (key & _LOW).bit_count(), not key & _MIDDLE, not key & _HIGH
    sets, n = table(), len(tiles) % 3
    if n == 0:
        if key in sets:
            return (), knit, odd, orphans, singles
        part = _NO_WAIT
    elif n == 2:
        part = _pair_part(key, sum(tiles) % 3, base, sets)
    else:
        part = _short_part(key, sum(tiles) % 3, base, sets)
    return part, knit, odd, orphans, singles


def _honour_group(tiles: tuple[Tile, ...]) -> _Group:
    """The group of the honours: each kind held twice is a pair, once a single (a pung waits on nothing)."""
    parts: list[bool | tuple[Tile, ...]] = []
    odd, singles = 0, True
    for t in dict.fromkeys(tiles):  # the kinds held, in order
        c = tiles.count(t)
        if c != 3:
            parts += (c == 2, (t,) * (c == 2), (t,) * (c == 1))
        odd += c & 1
        singles = singles and c == 1
    return tuple(parts), 0, odd, True, singles


def _pair_part(key: int, total: int, base: Tile, sets: frozenset[int]) -> _Part:
    """The part of a suit of sets and a pair, or one tile short of sets only (pattern ``key``, its tiles
    summing to ``total`` over 3): whether it is sets and a pair (a rank held twice, by a mask, first, and
    the rest sets), and the tiles that would make it sets only. The pair and the tile are of the one
    class they can be of (suits.CLASSES)."""
    pair = False
    for two, paired in _PAIRS[2 * total % 3]:
        if key & paired and key - two in sets:
            pair = True
            break
    waits = 0
    for _, one, _ in _TILES[-total % 3]:
        if key + one in sets:
            waits |= one
    return pair, _tiles[base << 27 | waits], ()


def _short_part(key: int, total: int, base: Tile, sets: frozenset[int]) -> _Part:
    """The part of a suit one tile short of sets and a pair: the tiles that make it so. A tile of rank t
    makes sets and a pair of rank p when, the pair out, the rest is sets: with one tile of p held, the
    tile is its second; with a pair held (p), the tile joins the sets. The ranks tried are those of the
    one class each can be of (suits.CLASSES): the single that the tile pairs, of the tiles' sum over 3;
    the tile that joins the sets, of 2p less it."""
    waits = 0
    for _, one, held_p in _TILES[total]:
        if key & held_p and key - one in sets:
            waits |= one
    for two, paired, ones in _SHORT[total]:
        if key & paired:
            rest = key - two
            for one in ones:
                if rest + one in sets:
                    waits |= one
    return False, (), _tiles[base << 27 | waits]


#: The group of the sorted tiles of a part, by the tiles (``_group_of``'s): a Memo, which keeps no tuple
#: of the arguments per pattern (see readings.py's ``_part_readings``).
_group: Memo[tuple[Tile, ...], _Group] = Memo(_group_of, PATTERNS)


def _tiles_of(code: int) -> tuple[Tile, ...]:
    """The tiles of a suit's pattern of one tile of some ranks (suits.ONE): ``code`` is the pattern with
    the suit's first tile above its 27 bits."""
    base = code >> 27
    return tuple([base + r for r in RANKS if code & ONE[r]])


#: The tiles that complete a part, by ``_tiles_of``'s code, shared by the groups that wait on them (many
#: groups wait on the same tiles).
_tiles: Memo[int, tuple[Tile, ...]] = Memo(_tiles_of, PATTERNS)


def _searched(tiles: tuple[Tile, ...], base: int) -> _Group:
    """The group of a suit that holds a rank more often than the table knows, by searching splits."""
    held = [0] * 9
    for t in tiles:
        held[t - base] += 1
    has = [c > 0 for c in held]
    knit = max(has[0] + has[3] + has[6], has[1] + has[4] + has[7], has[2] + has[5] + has[8])
    odd = sum(c % 2 for c in held)
    orphans = not any(held[1:8])
    singles = max(held) <= 1
    only_sets, pair = _suit_state(tuple(held))
    if only_sets:
        return (), knit, odd, orphans, singles
    after = [_suit_state(tuple(held[:r] + [held[r] + 1] + held[r + 1 :])) for r in range(9)]
    to_sets = tuple(base + r for r, (done, _) in enumerate(after) if done)
    to_pair = tuple(base + r for r, (_, done) in enumerate(after) if done)
    return (pair, to_sets, to_pair), knit, odd, orphans, singles


def _groups(concealed: tuple[Tile, ...] | list[Tile]) -> tuple[_Group, ...]:
    """The groups of the three suits and the honours."""
    m, p, s, h = by_suit(tuple(sorted(concealed)))
    return _group[m], _group[p], _group[s], _group[h]


def _standard_waits(groups: tuple[_Group, ...]) -> tuple[Tile, ...]:
    """The tiles that complete four sets and a pair: with one unfinished part, those that make it
    sets and a pair; with two, those that make one sets only while the other is sets and a pair."""
    m, p, s, h = groups
    parts = m[0] + p[0] + s[0] + h[0]  # one unfinished part: that part itself, nothing made
    if len(parts) == 3:
        return cast("tuple[Tile, ...]", parts[2])
    if len(parts) == 6:
        p_pair, p_sets, _, q_pair, q_sets, _ = cast("tuple[bool, tuple[Tile, ...], object, bool, tuple[Tile, ...], object]", parts)
        return (p_sets if q_pair else ()) + (q_sets if p_pair else ())
    return ()


def _pair_and_sets(counts: list[int]) -> bool:
    """Whether the counts split into one pair and sets: every suit splits into sets, but one that
    splits into sets and the pair."""
    pair = False
    for s in range(3):
        only_sets, with_pair = _suit_state(tuple(counts[s * 9 : s * 9 + 9]))
        if only_sets:
            continue
        if with_pair and not pair:
            pair = True
            continue
        return False
    for t in range(27, 34):
        c = counts[t]
        if c == 0 or c == 3:
            continue
        if c == 2 and not pair:
            pair = True
            continue
        return False
    return pair


def _special_waits(concealed: tuple[Tile, ...] | list[Tile], groups: tuple[_Group, ...], melds: int) -> set[Tile]:
    """The tiles that complete 13 tiles (with ``melds`` declared sets, at most one) into a knitted
    straight, seven pairs, thirteen orphans or honours and knitted tiles. Each shape is tried only when
    the groups show the tiles could be one short of it, which is rare."""
    m, p, s, h = groups  # each (parts, knit, odd, orphans, singles)
    knitted = m[1] + p[1] + s[1] >= 8
    pairs = melds == 0 and m[2] + p[2] + s[2] + h[2] == 1
    orphans = melds == 0 and m[3] and p[3] and s[3] and h[3]
    singles = melds == 0 and m[4] and p[4] and s[4] and h[4]
    out: set[Tile] = set()
    if not (knitted or pairs or orphans or singles):
        return out
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    if knitted:
        out |= _knitted_straight_waits(counts)
    if pairs:
        out.add(next(t for t in range(34) if counts[t] % 2))
    if orphans:
        out |= _thirteen_orphans_waits(counts)
    if singles:
        out |= _honours_and_knitted_waits(counts)
    return out


def _knitted_straight_waits(counts: list[int]) -> set[Tile]:
    """For each knitted pattern held but for one tile, that tile when the rest is sets and a pair; for
    each pattern held whole, the tiles that make the rest sets and a pair."""
    out: set[Tile] = set()
    for knit in KNITTED_PATTERNS:
        present = [t for t in knit if counts[t]]
        if len(present) < 8:
            continue
        for t in present:
            counts[t] -= 1
        if len(present) == 9:
            out.update(_standard_waits(_groups([t for t in range(34) for _ in range(counts[t])])))
        elif _pair_and_sets(counts):
            out.update(t for t in knit if t not in present)
        for t in present:
            counts[t] += 1
    return out


def _thirteen_orphans_waits(counts: list[int]) -> set[Tile]:
    """For 13 terminals and honours: all of them when each is held once, the missing one when all but
    one are held."""
    if sum(counts) != 13:
        return set()
    missing = {t for t in ORPHANS if not counts[t]}
    return set(ORPHANS) if not missing else missing if len(missing) == 1 else set()


def _honours_and_knitted_waits(counts: list[int]) -> set[Tile]:
    """When no kind is held twice and the suited tiles fit knitted patterns: the honours and the tiles
    of those patterns not held."""
    if any(c > 1 for c in counts):
        return set()
    suited = {t for t in range(27) if counts[t]}
    fitting = [pattern for pattern in KNITTED_PATTERNS if suited.issubset(pattern)]
    if not fitting:
        return set()
    return {t for t in (*range(27, 34), *(t for pattern in fitting for t in pattern)) if not counts[t]}


def winning_tiles(concealed: Sequence[TileLike], melds: int = 0, limit: int = 34, near: TileLike | None = None) -> tuple[Tile, ...]:
    """The tile kinds that complete 13 tiles (``concealed`` plus ``melds`` declared sets), in any shape,
    kinds whose four copies the hand holds included (docs/principles.md ruling 3); at most ``limit`` of them, in tile
    order, or with ``near`` nearest to that tile first (its suit first, then by distance).

    Each suit's (and the honours') waits are looked up once; the special shapes are tried only when
    cheap prechecks allow. Tiles by number or code."""
    concealed = tile_numbers(concealed)
    if isinstance(near, str):
        near = parse_tile(near)
    groups = _groups(concealed)
    found = set(_standard_waits(groups))
    if melds <= 1:
        found |= _special_waits(concealed, groups, melds)
    if near is None:
        return tuple(sorted(found)[:limit])
    side = near // 9
    return tuple(sorted(found, key=lambda t: (t // 9 != side, abs(t - near), t))[:limit])


def waits_on_one_kind(concealed: tuple[Tile, ...], melds: int = 0) -> bool:
    """Whether 13 sorted tiles (``concealed`` plus ``melds`` declared sets) wait on one tile kind only:
    ``len(winning_tiles(concealed, melds)) == 1``, without sorting and listing the waits. Scoring asks it of
    about half the hands, and needs only whether a second kind exists: no sorting or listing, and no
    special shapes tried once the standard ones wait on more than one kind."""
    a = bisect_left(concealed, 9)
    b = bisect_left(concealed, 18, a)
    c = bisect_left(concealed, 27, b)
    groups = (_group[concealed[:a]], _group[concealed[a:b]], _group[concealed[b:c]], _group[concealed[c:]])
    found = _standard_waits(groups)  # distinct tiles: each part is of its own suit or honour
    if len(found) > 1 or melds > 1:
        return len(found) == 1
    special = _special_waits(concealed, groups, melds)
    return len(special.union(found)) == 1 if special else len(found) == 1
