"""Splitting one number suit into sets: the splits of a suit's pattern, from suits.py's table or by
search, and the shared blocks they are read as (the readings' tables, readings.py)."""
from __future__ import annotations

from functools import lru_cache

from ..core.blocks import Block, Kind, make_block
from ..core.tiles import Tile
from .suits import RANKS, complete, table

#: How many patterns (of one suit, or of the honours) each memo below keeps (the most recently used, or
#: for a Memo, those since it last started afresh): enough for the hands of a long batch to find theirs,
#: few enough for memory to stay flat.
PATTERNS = 1 << 15

#: The bits of a pattern (three a rank), below those of the suit in ``suit_sets``'s number.
PATTERN = (1 << 27) - 1


#: A split of one suit into sets: the ranks (0 to 8) of its chows and of its pungs, ascending.
Split = tuple[tuple[int, ...], tuple[int, ...]]


def _ordered(splits: set[Split]) -> tuple[Split, ...]:
    """Splits in a fixed order: as their (kind, rank) pairs sort, kind 0 chow, 1 pung."""
    return tuple(sorted(splits, key=lambda s: ([(0, r) for r in s[0]] + [(1, r) for r in s[1]])))


@lru_cache(maxsize=PATTERNS)
def suit_splits(counts: tuple[int, ...]) -> tuple[Split, ...]:
    """Every way to split the counts of one number suit (9 ranks) into pungs and chows, by search (for
    counts of any size; see ``table_splits`` for those the table knows)."""
    state = complete(counts)
    if state is not None and not state[0]:  # not sets only: no split (one lookup, see suits.py)
        return ()
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return (((), ()),)
    out: set[Split] = set()
    rest = list(counts)
    if counts[first] >= 3:
        rest[first] -= 3
        out.update((chows, (first, *pungs)) for chows, pungs in suit_splits(tuple(rest)))
        rest[first] += 3
    if first + 2 < len(counts) and counts[first + 1] and counts[first + 2]:
        rest[first] -= 1
        rest[first + 1] -= 1
        rest[first + 2] -= 1
        out.update(((first, *chows), pungs) for chows, pungs in suit_splits(tuple(rest)))
    return _ordered(out)


@lru_cache(maxsize=PATTERNS)
def table_splits(key: int) -> tuple[Split, ...]:
    """The splits of a pattern of sets only (one of the table's, see suits.py), as ``suit_splits`` gives
    them: the lowest rank held is a chow's or a pung's, each a number subtracted and a lookup in the table
    (the rest, when one, is sets only), where ``suit_splits`` searches every way and remembers each rest.
    The rank goes first in the rest's chows or pungs (no lower rank is held, nor a second pung of it):
    no sorting (a first pass over unseen hands meets many such patterns)."""
    if not key:
        return (((), ()),)
    r = ((key & -key).bit_length() - 1) // 3  # the lowest rank held
    sets = table()
    out: list[Split] = []
    rest = key - (73 << 3 * r)  # a chow: a tile of ranks r, r + 1 and r + 2
    if rest in sets:
        for chows, pungs in table_splits(rest):
            out.append(((r, *chows), pungs))
    rest = key - (3 << 3 * r)
    if rest in sets:
        for chows, pungs in table_splits(rest):
            out.append((chows, (r, *pungs)))
    return _ordered(set(out)) if len(out) > 1 else tuple(out)


#: The sets of one split of a part (a suit, or the honours) as shared concealed blocks, by tile: (chows,
#: pungs). Plain tuples, as PartReading: a part of one reading with one split shares its split as its
#: Part's ``only``, and the product of splits unpacks them.
PartSets = tuple[tuple[Block, ...], tuple[Block, ...]]
#: One way to read a part: (pair, splits): its pair (None when it holds sets only) and every split of the rest.
PartReading = tuple["Tile | None", tuple[PartSets, ...]]


def sets_of(blocks: tuple[Block, ...], splits: tuple[Split, ...]) -> tuple[PartSets, ...]:
    """The blocks of splits of the suit whose concealed blocks are ``blocks`` (``block_table``'); equal
    chows are told apart by their slot. Loops, not comprehensions (each a function call)."""
    out = []
    for chow_ranks, pung_ranks in splits:
        chows: list[Block] = []
        for r in chow_ranks:
            chows.append(blocks[4 * r + len(chows)])
        pungs: list[Block] = []
        for r in pung_ranks:
            pungs.append(blocks[28 + r])
        out.append((tuple(chows), tuple(pungs)))
    return tuple(out)


@lru_cache(maxsize=1)
def block_table() -> tuple[tuple[Block, ...], ...]:
    """The blocks of the readings, made at once when first asked (equal blocks of one reading must be
    distinct objects, the scorer tells them apart by identity: one per slot): each number suit's concealed
    chows by ``4 * rank + slot`` (slots 0 to 3), then its pungs by ``28 + rank``; the honours' concealed
    pungs by ``tile - 27``; each tile's second concealed pair (readings.py's ``_PAIRS`` the first); each tile's pung
    completed by a discard. A tuple's index where a cache of six arguments was asked (a first pass over
    the corpus made 109 of the first 118 there, each a miss paid in full)."""
    suits = tuple(tuple([make_block(Kind.CHOW, base + r, True) for r in range(7) for _ in range(4)]
                        + [make_block(Kind.PUNG, base + r, True) for r in RANKS]) for base in (0, 9, 18))
    return (*suits, tuple([make_block(Kind.PUNG, t, True) for t in range(27, 34)]),
            tuple([make_block(Kind.PAIR, t, True) for t in range(34)]), tuple([make_block(Kind.PUNG, t, False) for t in range(34)]))


def prepare() -> None:
    """Make the tables of every hand's splits now (suits.py's, ``block_table``), not in the first hand
    (readings.py's ``prepare`` calls it)."""
    table()
    block_table()


@lru_cache(maxsize=PATTERNS)
def suit_sets(code: int) -> tuple[PartSets, ...]:
    """The splits of a pattern of sets only of one number suit, as blocks; ``code`` is the pattern with
    the suit above its 27 bits: one number, which the memo keeps as its key where it kept a tuple of the
    two arguments (an object the garbage collector counts)."""
    return sets_of(block_table()[code >> 27], table_splits(code & PATTERN))
