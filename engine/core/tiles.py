"""The 34 tile kinds as small ints, in the canonical order of docs/notation.md, the eight flowers after them,
and the winds in seat order: the one place these numbers and codes are written."""
from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from .errors import InvalidHandError

Tile = int

SUIT_LETTERS = "mps"
HONOUR_CODES = ("E", "S", "W", "N", "C", "F", "P")
TILE_CODES: tuple[str, ...] = tuple(
    f"{rank}{letter}" for letter in SUIT_LETTERS for rank in range(1, 10)
) + HONOUR_CODES
TILE_INDEX: dict[str, Tile] = {code: i for i, code in enumerate(TILE_CODES)}
ALL_TILES: tuple[Tile, ...] = tuple(range(34))

#: Suit numbers: 0 characters, 1 dots, 2 bamboo, 3 honours.
CHARACTERS, DOTS, BAMBOO, HONOURS_SUIT = 0, 1, 2, 3
SUIT_NAMES = ("characters", "dots", "bamboo", "honours")

#: How many tile kinds there are (tiles 0..33); the first honour tile (east); four copies of each.
KINDS_COUNT = 34
FIRST_HONOUR = 27
COPIES = 4

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WINDS = frozenset(range(27, 31))
#: The winds in seat order (east deals, then south, west, north): as tiles and as their letters.
WIND_TILES: tuple[Tile, ...] = (EAST, SOUTH, WEST, NORTH)
WIND_CODES: tuple[str, ...] = ("E", "S", "W", "N")
DRAGONS = frozenset(range(31, 34))
HONOURS = WINDS | DRAGONS
TERMINALS = frozenset(t for t in range(27) if t % 9 in (0, 8))
SIMPLES = frozenset(t for t in range(27) if t % 9 not in (0, 8))
SUITED = frozenset(range(27))

SUIT_OF: tuple[int, ...] = tuple(min(t // 9, 3) for t in ALL_TILES)
RANK_OF: tuple[int, ...] = tuple(t % 9 + 1 if t < 27 else 0 for t in ALL_TILES)

#: `1z`..`7z` of the hand notation, in the Chinese order east south west north red green white.
Z_CODES = {f"{i + 1}z": code for i, code in enumerate(HONOUR_CODES)}


#: The flowers of a 144-tile set are tiles 34..41 (codes ``1f``..``8f``: spring, summer, autumn,
#: winter, plum, orchid, bamboo, chrysanthemum); hands never hold them, the table does.
FLOWER_BASE = KINDS_COUNT
FLOWER_CODES: tuple[str, ...] = tuple(f"{i}f" for i in range(1, 9))


def is_flower(tile: int) -> bool:
    """Whether a table tile is a flower (34..41)."""
    return tile >= FLOWER_BASE


def tile_code(tile: int) -> str:
    """The code of a tile or flower: ``5m``, ``C``, ``3f``."""
    return FLOWER_CODES[tile - FLOWER_BASE] if tile >= FLOWER_BASE else TILE_CODES[tile]


def tile_of_code(text: str) -> int:
    """The tile of a code (flowers ``1f``..``8f`` included); ValueError for anything else."""
    if text in TILE_INDEX:
        return TILE_INDEX[text]
    if text in FLOWER_CODES:
        return FLOWER_BASE + FLOWER_CODES.index(text)
    raise ValueError(f"unknown tile code {text!r} (expected 1m..9m, 1p..9p, 1s..9s, E S W N C F P or 1f..8f)")


#: A tile as every public function takes it: its number (0..41, a NamedTile included) or its code.
TileLike = int | str
"""A tile as every public function takes it: its number (0..41, a NamedTile included) or its code."""


def parse_tile(tile: TileLike) -> NamedTile:
    """A tile given by its number or its code (``11``, ``"3p"``, ``"E"``, ``"2f"``) as a NamedTile;
    InvalidHandError (a ValueError) for anything else."""
    return named(tile)


class NamedTile(int):
    """A tile (or flower) as the public API returns it: the same int (it compares, hashes and indexes
    as its number, and JSON writes the number) that prints as its code: ``repr(NamedTile(11))`` is
    ``3p``. The 42 of them are made once (``named``); the engine's own loops use plain ints."""

    __slots__ = ()

    def __repr__(self) -> str:
        return tile_code(self)

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        return tile_code(self) if not spec else int.__format__(self, spec)

    @property
    def code(self) -> str:
        """The tile's code: ``5m``, ``C``, ``3f``."""
        return tile_code(self)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return named, (int(self),)


#: Every tile and flower as a NamedTile, by number.
NAMED_TILES: tuple[NamedTile, ...] = tuple(NamedTile(t) for t in range(KINDS_COUNT + len(FLOWER_CODES)))


def named(tile: object) -> NamedTile:
    """The NamedTile of a tile number or code (``11`` or ``"3p"``): the one parser of a tile every public
    function uses. InvalidHandError (a ValueError) for anything else."""
    if isinstance(tile, str):
        if tile in TILE_INDEX:
            return NAMED_TILES[TILE_INDEX[tile]]
        if tile in FLOWER_CODES:
            return NAMED_TILES[FLOWER_BASE + FLOWER_CODES.index(tile)]
    elif not isinstance(tile, bool) and isinstance(tile, int) and 0 <= tile < len(NAMED_TILES):
        return NAMED_TILES[tile]
    raise InvalidHandError(f"not a tile: {tile!r} (a number 0..41 or a code 1m..9m, 1p..9p, 1s..9s, E S W N C F P, 1f..8f)")


def tile_numbers(tiles: Iterable[TileLike]) -> tuple[int, ...]:
    """Tiles given as numbers or codes (mixed), as numbers; a sequence of numbers only is returned as it
    came (one check, no copy per tile), so the engine's own calls pay nothing."""
    given = tiles if isinstance(tiles, tuple) else tuple(tiles)
    if str not in set(map(type, given)):
        return cast("tuple[int, ...]", given)  # every element an int
    return tuple([named(t) for t in given])


def named_tiles(tiles: Iterable[int]) -> tuple[NamedTile, ...]:
    """The tiles as NamedTiles, in order."""
    table = NAMED_TILES
    return tuple([table[t] for t in tiles])


def code(tile: Tile) -> str:
    """The notation code of a tile, e.g. ``3m`` or ``C``."""
    return TILE_CODES[tile]


def codes(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Tiles as space-separated codes."""
    return " ".join(TILE_CODES[t] for t in tiles)


def counts_of(tiles: list[Tile] | tuple[Tile, ...]) -> list[int]:
    """A 34-long list of how many of each tile kind."""
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts


def compact(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Tiles in compact notation: ``123m44pEE``."""
    out: list[str] = []
    pending: list[str] = []
    suit = -1  # the suit of the pending digits
    for t in tiles:
        s = SUIT_OF[t]
        if s == 3:
            if pending:
                out.append("".join(pending) + "mps"[suit])
                pending = []
            out.append(TILE_CODES[t])
            suit = -1
            continue
        if pending and s != suit:
            out.append("".join(pending) + "mps"[suit])
            pending = []
        suit = s
        pending.append(TILE_CODES[t][0])
    if pending:
        out.append("".join(pending) + "mps"[suit])
    return "".join(out)


__all__ = ["ALL_TILES", "BAMBOO", "CHARACTERS", "code", "codes", "compact", "COPIES", "counts_of", "DOTS", "DRAGONS", "EAST",
           "FIRST_HONOUR", "FLOWER_BASE", "FLOWER_CODES", "HONOUR_CODES", "HONOURS", "HONOURS_SUIT", "is_flower", "KINDS_COUNT",
           "named", "NAMED_TILES", "named_tiles", "NamedTile", "NORTH", "parse_tile", "RANK_OF", "SIMPLES", "SOUTH",
           "SUIT_LETTERS", "SUIT_NAMES", "SUIT_OF", "SUITED", "TERMINALS", "Tile", "tile_code", "TILE_CODES", "TILE_INDEX",
           "tile_numbers", "tile_of_code", "TileLike", "WEST", "WIND_CODES", "WIND_TILES", "WINDS", "Z_CODES"]
