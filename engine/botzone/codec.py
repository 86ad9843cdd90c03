"""Botzone's tile codes both ways: ``W1..W9`` characters (万), ``B1..B9`` dots (饼), ``T1..T9`` bamboo
(条), ``F1..F4`` the winds east south west north (风), ``J1..J3`` the dragons red green white (箭:
中 发 白), ``H1..H8`` the flowers spring..chrysanthemum (花). The letters and orders are those of
PyMahjongGB's binding (ailab-pku/PyMahjongGB MahjongGB/mahjong.cpp, ``MahjongInit``: W characters,
B dots, T bamboo, F honours 1-4, J honours 5-7) and of its README's tile code table (H1~H8 flowers);
Botzone's judge (ailab-pku/Chinese-Standard-Mahjong judge/main.cpp) deals the same codes."""
from __future__ import annotations

from ..core.tiles import BAMBOO, CHARACTERS, DOTS, FIRST_HONOUR, FLOWER_BASE, FLOWER_CODES

#: The letter of each suit (characters, dots, bamboo) and of the honour and flower groups.
SUIT_LETTER = {CHARACTERS: "W", DOTS: "B", BAMBOO: "T"}
WIND_LETTER, DRAGON_LETTER, FLOWER_LETTER = "F", "J", "H"
_DRAGON_BASE = FIRST_HONOUR + 4


def _code_of(tile: int) -> str:
    if tile >= FLOWER_BASE:
        return f"{FLOWER_LETTER}{tile - FLOWER_BASE + 1}"
    if tile >= _DRAGON_BASE:
        return f"{DRAGON_LETTER}{tile - _DRAGON_BASE + 1}"
    if tile >= FIRST_HONOUR:
        return f"{WIND_LETTER}{tile - FIRST_HONOUR + 1}"
    return f"{SUIT_LETTER[tile // 9]}{tile % 9 + 1}"


BOTZONE_CODES: tuple[str, ...] = tuple(_code_of(t) for t in range(FLOWER_BASE + len(FLOWER_CODES)))
"""Every Botzone code of the 34 kinds and the eight flowers, by fanrules tile."""
_TILE_OF: dict[str, int] = {c: t for t, c in enumerate(BOTZONE_CODES)}


def to_botzone(tile: int) -> str:
    """The Botzone code of a fanrules tile (0..33, or 34..41 for the flowers)."""
    if not isinstance(tile, int) or not 0 <= tile < len(BOTZONE_CODES):
        raise ValueError(f"no Botzone code for tile {tile!r}")
    return BOTZONE_CODES[tile]


def from_botzone(code: str) -> int:
    """The fanrules tile of a Botzone code; ValueError for anything else."""
    tile = _TILE_OF.get(code) if isinstance(code, str) else None
    if tile is None:
        raise ValueError(f"unknown Botzone tile code {code!r} (expected W1..W9, B1..B9, T1..T9, F1..F4, J1..J3 or H1..H8)")
    return tile
