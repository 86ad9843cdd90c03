"""The 34 tile kinds as small ints, in the canonical order of NOTATION.md."""
from __future__ import annotations

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

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WINDS = frozenset(range(27, 31))
DRAGONS = frozenset(range(31, 34))
HONOURS = WINDS | DRAGONS
TERMINALS = frozenset(t for t in range(27) if t % 9 in (0, 8))
SIMPLES = frozenset(t for t in range(27) if t % 9 not in (0, 8))
SUITED = frozenset(range(27))

SUIT_OF: tuple[int, ...] = tuple(min(t // 9, 3) for t in ALL_TILES)
RANK_OF: tuple[int, ...] = tuple(t % 9 + 1 if t < 27 else 0 for t in ALL_TILES)

#: `1z`..`7z` of the hand notation, in the Chinese order east south west north red green white.
Z_CODES = {f"{i + 1}z": code for i, code in enumerate(HONOUR_CODES)}


def tile_of(suit: int, rank: int) -> Tile:
    """The tile of a number suit (0..2) and rank (1..9)."""
    return suit * 9 + rank - 1


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
