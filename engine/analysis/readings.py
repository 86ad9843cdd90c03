"""Every winning reading of a complete hand."""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from functools import cache, partial
from itertools import permutations, product
from operator import eq
from typing import cast

from ..core.blocks import Block, Kind, Reading, Shape, make_block
from ..core.hand import Hand, MeldKind
from ..core.memo import Memo
from ..core.tiles import HONOURS, TERMINALS, Tile
from .splits import PATTERNS, PartReading, PartSets, block_table, sets_of, suit_sets, suit_splits
from .splits import prepare as prepare_splits
from .suits import CLASSES, MOST, ONE, RANKS, TWO, table


def by_suit(tiles: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], ...]:
    """Sorted tiles cut into the three suits and the honours."""
    a = bisect_left(tiles, 9)
    b = bisect_left(tiles, 18, a)
    c = bisect_left(tiles, 27, b)
    return tiles[:a], tiles[a:b], tiles[b:c], tiles[c:]


#: What the readings need of one part (a suit, or the honours): (paired, options, pair, only): ``paired``
#: 1 when its readings hold the pair (all of them or none do), else 0; its readings, or None when it has
#: one reading with one split (the common case); and then that reading's pair and split as (chows,
#: pungs) (``only``, else None), so that most hands are read without ``product``. A plain tuple, unpacked:
#: reading a named tuple's fields by name goes through Python's generic attribute lookup. No readings
#: kept beside ``only``: two tuples fewer a part a first pass remembers (the product of several readings
#: makes them), and the honours' Part made whole: fewer young collections in a first pass.
Part = tuple[int, "tuple[PartReading, ...] | None", "Tile | None", "PartSets | None"]


def _part(options: tuple[PartReading, ...]) -> Part | None:
    """The Part of these readings; None when there is none."""
    if not options:
        return None
    pair, splits = options[0]
    if len(options) > 1 or len(splits) > 1:
        return (int(pair is not None), options, pair, None)
    return (int(pair is not None), None, pair, splits[0])


#: Each rank, its pair in a pattern, and the mask of its count held twice or more; by the rank's class
#: (suits.CLASSES: the pair of tiles whose sum is n over 3 is of class 2n over 3).
_PAIRED = tuple(tuple((r, TWO[r], 6 << 3 * r) for r in ranks) for ranks in CLASSES)


def _read_part(tiles: tuple[Tile, ...]) -> Part | None:
    """The ways to read the sorted tiles of one suit, or of the honours, as sets and at most one pair,
    pairs ascending. None when there is none. A suit's from its pattern number: sets only when it is in the
    table (suits.py), sets and a pair of rank r when it is less a pair of r; its splits from ``table_splits``,
    remembered by the pattern's number alone, the same for every suit (a shape met in one suit is not
    worked out again in another)."""
    n = len(tiles) % 3
    if n == 1:  # sets and at most a pair hold 0 or 2 tiles over 3
        return None
    if tiles and tiles[0] >= 27:
        return _honours(tiles)
    suit = tiles[0] // 9 if tiles else 0
    # A rank held more often than the table knows; told by operator.eq, not int.__eq__ (a slot wrapper,
    # called through a generic path).
    if len(tiles) > MOST and any(map(eq, tiles, tiles[MOST:])):
        return _searched(tiles, suit)
    key, sets = 0, table()
    for t in tiles:
        key += ONE[t]
    if n == 0:  # sets only: one reading, ``_part``'s work inline (no call for the common miss)
        if key not in sets:
            return None
        splits = suit_sets(suit << 27 | key)
        return (0, ((None, splits),), None, None) if len(splits) > 1 else (0, None, None, splits[0])
    found: list[PartReading] | None = None
    pair, splits = 0, ()
    # Held twice or more, by a mask, before a lookup; only the ranks of the pair's class (suits.CLASSES),
    # where the tiles' sum says the pair can be. The one pair (the common case) kept as itself and its
    # Part made inline, its readings listed only from a second (``_part``'s work inline).
    for r, two, paired in _PAIRED[2 * sum(tiles) % 3]:
        if key & paired and key - two in sets:
            if splits:
                found = found or [(pair, splits)]
                found.append((suit * 9 + r, suit_sets(suit << 27 | key - two)))
            else:
                pair, splits = suit * 9 + r, suit_sets(suit << 27 | key - two)
    if found:
        return (1, tuple(found), found[0][0], None)
    if not splits:
        return None
    return (1, None, pair, splits[0]) if len(splits) == 1 else (1, ((pair, splits),), pair, None)


#: The readings of the sorted tiles of a part, by the tiles (``_read_part``'s). A Memo: a first pass over
#: the corpus leaves no tuple of the arguments per pattern, nor one of ``suit_sets``'s, so that no full
#: collection falls in it; a hit is a subscript, not a call.
_part_readings: Memo[tuple[Tile, ...], Part | None] = Memo(_read_part, PATTERNS)


def _honours(tiles: tuple[Tile, ...]) -> Part | None:
    """The reading of the sorted honours: pungs and at most one pair, or None."""
    pair, pungs, blocks = None, [], block_table()[3]
    for t in dict.fromkeys(tiles):
        c = tiles.count(t)
        if c == 3:
            pungs.append(blocks[t - 27])
            continue
        if c % 3 != 2 or c > 5 or pair is not None:
            return None
        pair = t
        if c == 5:
            pungs.append(blocks[t - 27])
    return (int(pair is not None), None, pair, ((), tuple(pungs)))


def _searched(tiles: tuple[Tile, ...], suit: int) -> Part | None:
    """The readings of a suit that holds a rank more often than the table knows, by searching splits."""
    held = [0] * 9
    for t in tiles:
        held[t - suit * 9] += 1
    if len(tiles) % 3 == 0:
        splits = suit_splits(tuple(held))
        return _part(((None, sets_of(block_table()[suit], splits)),)) if splits else None
    out = []
    for r in RANKS:
        if held[r] >= 2 and (splits := suit_splits(tuple(held[:r] + [held[r] - 2] + held[r + 1 :]))):
            out.append((suit * 9 + r, sets_of(block_table()[suit], splits)))
    return _part(tuple(out))


def _sets_and_pair(tiles: tuple[Tile, ...]) -> list[tuple[Tile, tuple[Block, ...], tuple[Block, ...]]]:
    """Every reading of sorted tiles as sets and one pair, as (pair, chows, pungs), each by tile: the
    pair lies in the one suit (or honour) whose count leaves 2 over 3; pairs ascending, then the splits
    suit by suit."""
    a = bisect_left(tiles, 9)
    b = bisect_left(tiles, 18, a)
    c = bisect_left(tiles, 27, b)
    # Each part looked up only while those before it have readings (as many tests as before): a part after
    # one without readings is never worked out, which spares a first pass many misses.
    if (m := _part_readings[tiles[:a]]) is None or (p := _part_readings[tiles[a:b]]) is None \
            or (s := _part_readings[tiles[b:c]]) is None or (h := _part_readings[tiles[c:]]) is None:
        return []
    m_paired, _, m_pair, mo = m
    p_paired, _, p_pair, po = p
    s_paired, _, s_pair, so = s
    h_paired, _, h_pair, ho = h
    if m_paired + p_paired + s_paired + h_paired != 1:
        return []
    if mo and po and so and ho:  # one reading, the common case: no product (see Reading)
        pair = m_pair if m_paired else p_pair if p_paired else s_pair if s_paired else h_pair
        return [(pair, mo[0] + po[0] + so[0], mo[1] + po[1] + so[1] + ho[1])]  # type: ignore[list-item]  # concatenated tuples of blocks, no copy to retype
    parts = (m, p, s, h)
    k = next(i for i, part in enumerate(parts) if part[0])
    # Every reading of part k has its pair; a part of one reading with one split has its split alone.
    pk = parts[k]
    paired = cast("tuple[tuple[Tile, tuple[PartSets, ...]], ...]", pk[1] or ((pk[2], (pk[3],)),))
    # The splits of each part, part k's set for each of its readings in turn, in loops: where a
    # comprehension over a product of a generator of them was (each a call more).
    rows = cast("list[tuple[PartSets, ...]]", [part[1][0][1] if part[1] else (part[3],) for part in parts])
    out = []
    for pair, splits in paired:
        rows[k] = splits
        for (mc, mp), (pc, pp), (sc, sp), (_, hp) in product(*rows):
            out.append((pair, mc + pc + sc, mp + pp + sp + hp))
    return out


# --- the shapes -----------------------------------------------------------------------------------

KNITTED_PATTERNS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(sorted(s * 9 + r - 1 for s, start in zip(order, (1, 2, 3)) for r in (start, start + 3, start + 6)))
    for order in permutations(range(3))
)
ORPHANS = tuple(sorted(TERMINALS | HONOURS))


#: The concealed pair of each tile, as the ``pairs`` of a reading.
_PAIRS = tuple((make_block(Kind.PAIR, t, True),) for t in range(34))


@cache
def _meld_blocks(kind: MeldKind, tile: Tile) -> tuple[Block, Block, Block, Block]:
    """The blocks of a declared set of this kind and lowest tile, one per slot (a hand declares four sets
    at most): a memo of two arguments, looked up once per declared set. Made directly where a cache of six
    arguments was asked, which no other caller shared (see ``block_table``)."""
    if kind is MeldKind.CHOW or kind is MeldKind.PUNG:
        block_kind, concealed = Kind.CHOW if kind is MeldKind.CHOW else Kind.PUNG, False
    else:
        block_kind, concealed = Kind.KONG, kind is MeldKind.CONCEALED_KONG
    return tuple([make_block(block_kind, tile, concealed, not concealed, True) for _ in range(4)])  # type: ignore[return-value]  # four items, built by a list in C


def prepare() -> None:
    """Make the tables of every hand's readings now, not in the first hands that need them: suits.py's
    and splits.py's (``splits.prepare``), and the blocks of every declared set (a first pass over the
    corpus met all 123 kinds and tiles, 492 blocks), so that a first pass does not pay for them, nor its
    collector walk them (bench/bench.py --first-pass; docs/benchmarks.md)."""
    prepare_splits()
    for kind in MeldKind:
        for tile in range(34):
            if kind is not MeldKind.CHOW or (tile < 27 and tile % 9 < 7):
                _meld_blocks(kind, tile)


#: A Reading from its five fields (shape, sets, pairs, knitted, win_block), without the named tuple's
#: Python-level constructor: readings are made for every hand scored.
_reading: Callable[[tuple[Shape, tuple[Block, ...], tuple[Block, ...], tuple[Tile, ...], int | None]], Reading] = \
    partial(tuple.__new__, Reading)
_STANDARD, _KNITTED_STRAIGHT = Shape.STANDARD, Shape.KNITTED_STRAIGHT


def _placements(
    shape: Shape,
    fixed: tuple[Block, ...],
    chows: tuple[Block, ...],
    pungs: tuple[Block, ...],
    pair: Tile,
    win: Tile,
    self_drawn: bool,
    knitted: tuple[Tile, ...] = (),
) -> list[Reading]:
    """Readings for each distinct block the winning tile can complete (the knitted part, a chow, the
    pung, the pair, in this order); of equal chows, the first. A pung it completes on a discard is not
    concealed. Sets are the declared ones, then the chows and the pungs by tile."""
    sets = fixed + chows + pungs
    pairs = _PAIRS[pair]
    out = [_reading((shape, sets, pairs, knitted, None))] if knitted and win in knitted else []
    base, last = len(fixed), -1
    for i, chow in enumerate(chows):
        t = chow.tile
        if 0 <= win - t <= 2 and t != last:
            last = t
            out.append(_reading((shape, sets, pairs, knitted, base + i)))
    base += len(chows)
    for i, pung in enumerate(pungs):
        if pung.tile == win:
            won = sets if self_drawn else sets[: base + i] + (block_table()[5][win],) + sets[base + i + 1 :]
            out.append(_reading((shape, won, pairs, knitted, base + i)))
    if pair == win:
        out.append(_reading((shape, sets, pairs, knitted, base + len(pungs))))
    return out


def _knitted_straight(hand: Hand, tiles: tuple[Tile, ...], held: set[Tile], fixed: tuple[Block, ...]) -> list[Reading]:
    """Knitted straight readings, for at most one declared set and nine different number tiles."""
    out: list[Reading] = []
    for knit in KNITTED_PATTERNS:
        if not held.issuperset(knit):
            continue
        rest = list(tiles)
        for t in knit:
            rest.remove(t)
        for pair, chows, pungs in _sets_and_pair(tuple(rest)):
            out.extend(
                _placements(_KNITTED_STRAIGHT, fixed, chows, pungs, pair, hand.win_tile, hand.context.self_drawn, knit)
            )
    return out


def _seven_pairs(hand: Hand, tiles: tuple[Tile, ...]) -> list[Reading]:
    """The seven pairs reading, for a hand without declared sets: the pairs every other tile, a tile's
    second ``block_table``' (a third, of more tiles than a hand holds, made), where the kinds were sorted and
    counted and each pair asked of a cache of six arguments; the pung completed by a discard from
    ``block_table`` too (a lookup, not a call)."""
    firsts = tiles[::2]
    if firsts != tiles[1::2]:  # the sorted tiles pair up: every kind held an even number of times
        return []
    seconds, pairs, last, copy = block_table()[4], [], -1, 0
    for t in firsts:
        copy = copy + 1 if t == last else 0
        pairs.append(_PAIRS[t][0] if not copy else seconds[t] if copy == 1 else make_block(Kind.PAIR, t, True))
        last = t
    return [Reading(Shape.SEVEN_PAIRS, (), tuple(pairs), (), firsts.index(hand.win_tile))]


def _thirteen_orphans(tiles: tuple[Tile, ...], held: set[Tile]) -> list[Reading]:
    """The thirteen orphans reading, for a hand without declared sets."""
    if not held.issuperset(ORPHANS) or sum(t in ORPHANS for t in tiles) != 14:
        return []
    pair = next(t for t in ORPHANS if tiles.count(t) == 2)
    return [Reading(shape=Shape.THIRTEEN_ORPHANS, sets=(), pairs=_PAIRS[pair], knitted=ORPHANS, win_block=None)]


def _honours_and_knitted(tiles: tuple[Tile, ...]) -> list[Reading]:
    """The honours and knitted tiles reading, for different tiles without declared sets: the suited
    ones must fit one knitted pattern."""
    suited = tuple(t for t in tiles if t < 27)
    if not any(all(t in pattern for t in suited) for pattern in KNITTED_PATTERNS):
        return []
    return [Reading(Shape.HONOURS_AND_KNITTED, (), (), suited, None)]


def readings(hand: Hand) -> list[Reading]:
    """Every distinct reading of a complete hand; empty when the tiles form no winning shape. The
    special shapes are tried only when the declared sets and the number of different kinds allow."""
    tiles = tuple(sorted((*hand.concealed, hand.win_tile)))
    melds = hand.melds
    fixed = tuple([_meld_blocks(m.kind, m.tiles[0])[i] for i, m in enumerate(melds)]) if melds else ()
    found = _sets_and_pair(tiles)
    if len(found) == 1:  # most hands
        pair, chows, pungs = found[0]
        out = _placements(_STANDARD, fixed, chows, pungs, pair, hand.win_tile, hand.context.self_drawn)
    else:
        out = []
        for pair, chows, pungs in found:
            out.extend(_placements(_STANDARD, fixed, chows, pungs, pair, hand.win_tile, hand.context.self_drawn))
    if len(melds) > 1:
        return out
    held = set(tiles)
    if not melds:
        if 2 * len(held) <= len(tiles):
            out += _seven_pairs(hand, tiles)
        if len(held) >= 13:
            out += _thirteen_orphans(tiles, held)
        if len(held) == len(tiles):
            out += _honours_and_knitted(tiles)
    # Nine different number tiles, counted in C.
    if len(held) >= 9 and len(set(tiles[: bisect_left(tiles, 27)])) >= 9:
        out += _knitted_straight(hand, tiles, held, fixed)
    return out
