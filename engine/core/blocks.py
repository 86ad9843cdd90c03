"""The parts of a reading: set kinds, shapes, blocks (sets and pairs) and readings, with the code of
every value a block can take."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from functools import cache, lru_cache
from typing import NamedTuple

from .tiles import TILE_CODES, Tile, compact


class Kind(IntEnum):
    """What a block of a reading is; ``NO_SET`` is the kind of the block ``NO_SET``, which stands for
    no block (the ``win_set`` of a reading whose winning tile completes a knitted part or a special
    shape). The predicate language names them in lower case (``kind(win_set) == no_set``)."""

    CHOW = 0
    PUNG = 1
    KONG = 2
    PAIR = 3
    NO_SET = 4


#: The kinds of the blocks of a reading (every kind but NO_SET), by value.
KINDS = (Kind.CHOW, Kind.PUNG, Kind.KONG, Kind.PAIR)


class Shape(StrEnum):
    """The winning shapes of docs/principles.md, section 1."""

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONOURS_AND_KNITTED = "honours_and_knitted"
    KNITTED_STRAIGHT = "knitted_straight"


@dataclass(frozen=True, slots=True)
class Block:
    """A set or pair of a reading. ``tile`` is its lowest tile. ``concealed`` follows docs/principles.md
    section 3 (a pung completed by a discard is not); ``melded`` marks a set claimed from a player."""

    kind: Kind
    tile: Tile
    concealed: bool
    melded: bool = False
    declared: bool = False
    #: Its tiles and its ``block_code``, worked out once (blocks are shared between readings, see
    #: analysis/splits.py's ``block_table``).
    tiles: tuple[Tile, ...] = field(init=False, repr=False, compare=False)
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        tiles, code = _derived(self.kind, self.tile, self.concealed, self.melded, self.declared)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "code", code)

    def __str__(self) -> str:
        return _text(self.kind, self.tile, self.declared)

    def __repr__(self) -> str:
        if self.kind is Kind.NO_SET:
            return "<no set>"
        how = "melded" if self.melded else "concealed" if self.concealed else "completed by a discard"
        return f"<{self.kind.name.lower()} {self} {how}>"


def _derived(kind: Kind, tile: Tile, concealed: bool, melded: bool, declared: bool) -> tuple[tuple[Tile, ...], int]:
    """A block's tiles and code, from its fields (for ``__post_init__`` and ``make_block``)."""
    if kind is Kind.NO_SET:  # no tiles, and a code no real block has
        return (), -1
    t = tile
    tiles = (t, t + 1, t + 2) if kind is Kind.CHOW else (t,) * (3 if kind is Kind.PUNG else 4 if kind is Kind.KONG else 2)
    return tiles, block_code(kind, tile, concealed, melded, declared)


_new = object.__new__
#: Each field's slot, set directly (the frozen class's ``__setattr__`` refuses; its ``__init__`` sets
#: each through ``object.__setattr__``, by name).
_SLOTS = tuple(Block.__dict__[name].__set__ for name in ("kind", "tile", "concealed", "melded", "declared", "tiles", "code"))


def make_block(kind: Kind, tile: Tile, concealed: bool, melded: bool = False, declared: bool = False) -> Block:
    """``Block(kind, tile, concealed, melded, declared)``, made without the dataclass's ``__init__`` and
    ``__post_init__`` (each field set by name through ``object.__setattr__``): every block of a first
    pass over the corpus is made here (docs/architecture.md, speed)."""
    block = _new(Block)
    tiles, code = _derived(kind, tile, concealed, melded, declared)
    set_kind, set_tile, set_concealed, set_melded, set_declared, set_tiles, set_code = _SLOTS
    set_kind(block, kind)
    set_tile(block, tile)
    set_concealed(block, concealed)
    set_melded(block, melded)
    set_declared(block, declared)
    set_tiles(block, tiles)
    set_code(block, code)
    return block


@cache
def _text(kind: Kind, tile: Tile, declared: bool) -> str:
    """A block in hand notation (``123m``, ``[EEE]`` when declared), worked out once per value."""
    if kind is Kind.NO_SET:
        return "no set"
    t = tile
    body = compact((t, t + 1, t + 2) if kind is Kind.CHOW else (t,) * (3 if kind is Kind.PUNG else 4 if kind is Kind.KONG else 2))
    return f"[{body}]" if declared else body


def block_code(kind: int, tile: Tile, concealed: bool, melded: bool, declared: bool) -> int:
    """A number for each value a block can take (its kind, tile and flags), so that a condition on a
    block alone can be worked out once for every block (see dsl/compiler.py)."""
    return (((tile * 4 + kind) * 2 + concealed) * 2 + melded) * 2 + declared


#: The block that stands for no block: its kind is NO_SET, it has no tiles, and its tile (-1) reads as
#: an honour's (rank 0), like no real set's.
NO_SET = Block(kind=Kind.NO_SET, tile=-1, concealed=False)


@lru_cache(maxsize=1)
def every_block() -> tuple[Block, ...]:
    """A block of every value a reading can hold: chows from the 1 to the 7 of a suit, pungs, kongs and
    pairs of every tile, with every combination of flags, and NO_SET (what ``win_set`` is when the
    winning tile completes no set)."""
    return tuple(
        Block(kind=kind, tile=tile, concealed=concealed, melded=melded, declared=declared)
        for kind in KINDS
        for tile in range(34)
        if kind is not Kind.CHOW or (tile < 27 and tile % 9 < 7)
        for concealed in (False, True) for melded in (False, True) for declared in (False, True)
    ) + (NO_SET,)


class Reading(NamedTuple):
    """One way to read a complete hand. ``sets`` are its chows, pungs and kongs, ``pairs`` its pairs,
    ``knitted`` the tiles of a knitted pattern (knitted shapes). ``win_block`` indexes ``sets + pairs``:
    the block the winning tile completes, or None when it completes the knitted part or a special shape.

    Immutable, equal only to an equal Reading. A named tuple rather than a frozen dataclass: every hand
    scored makes one or more, and a frozen dataclass sets each field through ``object.__setattr__``
    (a tuple's fields are filled in C; with the one-reading path of analysis/readings.py, see
    docs/benchmarks.md)."""

    shape: Shape
    sets: tuple[Block, ...]
    pairs: tuple[Block, ...]
    knitted: tuple[Tile, ...] = ()
    win_block: int | None = None

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The reading's sets, then its pairs: what a counted fan's instances index."""
        return self.sets + self.pairs

    def __eq__(self, other: object) -> bool:
        return type(other) is Reading and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self)

    def __str__(self) -> str:
        parts = [str(b) for b in self.blocks]
        if self.knitted:
            parts.insert(0, "{" + "".join(TILE_CODES[t] for t in self.knitted) + "}")
        # No block: the winning tile completes the thirteen orphans, or the knitted part of a knitted shape
        win = str(self.blocks[self.win_block]) if self.win_block is not None else \
            "the thirteen orphans" if self.shape is Shape.THIRTEEN_ORPHANS else "the knitted part"
        return f"{self.shape.value}: {' '.join(parts)} (winning tile completes {win})"
