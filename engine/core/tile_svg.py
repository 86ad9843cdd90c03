"""Tile pictures drawn by fanrules: one SVG symbol per tile kind (34), and the HTML that places them.

Every tile is drawn on a 48 x 64 face: dots and bamboo as shapes, characters and honours as a large
glyph, with a small corner index (the digit or the notation letter) so that the picture reads even
without a Chinese font and at 24 pixels wide. Each placed tile carries its code as text (``title``,
``aria-label`` and a hidden span): the text fallback. In core, so that the objects of every layer can
draw themselves in a notebook (``_repr_svg_``, pictures.py) with the tiles of the book and the playground."""
from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .tiles import RANK_OF, SUIT_NAMES, SUIT_OF, TILE_CODES, Tile

W, H = 48, 64
BLUE, GREEN, RED, INK = "#1d4f9a", "#17754a", "#c4262e", "#1c1c1c"
CJK_FONT = "'Noto Serif CJK SC','Noto Sans CJK SC','WenQuanYi Micro Hei','WenQuanYi Zen Hei','PingFang SC','Microsoft YaHei',serif"
NUMERALS = "一二三四五六七八九"
HONOUR_GLYPHS = {"E": ("東", INK), "S": ("南", INK), "W": ("西", INK), "N": ("北", INK), "C": ("中", RED), "F": ("發", GREEN)}
HONOUR_NAMES = {"E": "east wind", "S": "south wind", "W": "west wind", "N": "north wind",
                "C": "red dragon", "F": "green dragon", "P": "white dragon"}

#: Centres, radius and colour of the circles of 1..9 dots.
DOTS: dict[int, Sequence[tuple[float, float, float, str]]] = {
    1: [(24, 32, 15, RED)],
    2: [(24, 18, 9, GREEN), (24, 46, 9, BLUE)],
    3: [(12, 14, 7.5, BLUE), (24, 32, 7.5, RED), (36, 50, 7.5, GREEN)],
    4: [(14, 18, 8, BLUE), (34, 18, 8, GREEN), (14, 46, 8, GREEN), (34, 46, 8, BLUE)],
    5: [(13, 15, 7, BLUE), (35, 15, 7, GREEN), (24, 32, 7, RED), (13, 49, 7, GREEN), (35, 49, 7, BLUE)],
    6: [(15, 13, 7, GREEN), (33, 13, 7, GREEN), *((x, y, 7, RED) for y in (34, 51) for x in (15, 33))],
    7: [(11, 10, 6, GREEN), (24, 17, 6, GREEN), (37, 24, 6, GREEN), *((x, y, 6.5, RED) for y in (39, 54) for x in (15, 33))],
    8: [(x, y, 6, BLUE) for y in (11, 25, 39, 53) for x in (15, 33)],
    9: [(x, y, 6.5, (BLUE, RED, GREEN)[i]) for i, y in enumerate((13, 32, 51)) for x in (11, 24, 37)],
}

#: Centres and colour of the sticks of 2..9 bamboo (1 bamboo is a bird).
STICKS: dict[int, Sequence[tuple[float, float, str]]] = {
    2: [(24, 19, GREEN), (24, 45, GREEN)],
    3: [(24, 19, GREEN), (14, 45, GREEN), (34, 45, GREEN)],
    4: [(x, y, GREEN) for y in (19, 45) for x in (14, 34)],
    5: [*((x, y, GREEN) for y in (19, 45) for x in (11, 37)), (24, 32, RED)],
    6: [(x, y, GREEN) for y in (19, 45) for x in (11, 24, 37)],
    7: [(24, 12, RED), *((x, y, GREEN) for y in (32, 52) for x in (11, 24, 37))],
    8: [(x, y, GREEN) for y in (19, 45) for x in (9, 19, 29, 39)],
    9: [(x, y, RED if x == 24 else GREEN) for y in (12, 32, 52) for x in (11, 24, 37)],
}


def _face() -> str:
    """The tile body: a green back peeking out below an ivory face."""
    return (f'<rect x="1" y="3" width="{W - 2}" height="{H - 3}" rx="6" fill="#2e8a6a"/>'
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 5}" rx="6" fill="#fbf7ea" stroke="#a99f8a" stroke-width="1"/>')


def _index(text: str, colour: str) -> str:
    return (f'<text x="5" y="12" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="10" '
            f'fill="{colour}">{text}</text>')


def _glyph(text: str, x: float, y: float, size: float, colour: str) -> str:
    return (f'<text x="{x}" y="{y}" text-anchor="middle" font-family="{CJK_FONT}" font-weight="700" '
            f'font-size="{size}" fill="{colour}">{text}</text>')


def _dot(x: float, y: float, r: float, colour: str) -> str:
    return (f'<circle cx="{x}" cy="{y}" r="{r}" fill="{colour}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.62:.2f}" fill="#fbf7ea"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.34:.2f}" fill="{colour}"/>')


def _stick(x: float, y: float, colour: str) -> str:
    return (f'<rect x="{x - 3}" y="{y - 8.5}" width="6" height="17" rx="3" fill="{colour}"/>'
            f'<rect x="{x - 3.5}" y="{y - 1}" width="7" height="2" rx="1" fill="{colour}" stroke="#fbf7ea" stroke-width="0.8"/>'
            f'<line x1="{x}" y1="{y - 6}" x2="{x}" y2="{y + 6}" stroke="#fbf7ea" stroke-width="0.8"/>')


def _bird() -> str:
    """1 bamboo: a small bird standing on a stick."""
    return (f'<path d="M14 40 C10 28 16 18 26 18 C33 18 37 23 37 29 C37 37 30 42 22 42 Z" fill="{GREEN}"/>'
            f'<path d="M14 40 L6 50 L12 50 L9 57 L20 44 Z" fill="{BLUE}"/>'
            f'<circle cx="33" cy="17" r="6" fill="{GREEN}"/><circle cx="34.5" cy="16" r="1.6" fill="#fbf7ea"/>'
            f'<path d="M38.5 16 L44 18.5 L38.5 20 Z" fill="{RED}"/><path d="M31 11 L33 5 L36 11 Z" fill="{RED}"/>'
            f'<path d="M20 28 C24 25 29 26 31 31" stroke="#fbf7ea" stroke-width="1.5" fill="none"/>'
            f'<line x1="22" y1="42" x2="22" y2="56" stroke="{RED}" stroke-width="2"/>'
            f'<line x1="14" y1="57" x2="34" y2="57" stroke="{INK}" stroke-width="2" stroke-linecap="round"/>')


def tile_drawing(tile: Tile) -> str:
    """The SVG shapes of one tile kind on the 48 x 64 face."""
    suit, rank, code = SUIT_OF[tile], RANK_OF[tile], TILE_CODES[tile]
    parts = [_face()]
    if suit == 0:
        parts += [_glyph(NUMERALS[rank - 1], 24, 29, 22, BLUE), _glyph("萬", 24, 55, 22, RED), _index(str(rank), BLUE)]
    elif suit == 1:
        parts += [_dot(*d) for d in DOTS[rank]]
    elif suit == 2:
        parts += [_bird()] if rank == 1 else [_stick(*s) for s in STICKS[rank]]
    elif code == "P":
        parts += [f'<rect x="9" y="10" width="30" height="42" rx="2" fill="none" stroke="{BLUE}" stroke-width="3"/>',
                  f'<rect x="14" y="15" width="20" height="32" fill="none" stroke="{BLUE}" stroke-width="1.5"/>',
                  _index("P", BLUE)]
    else:
        glyph, colour = HONOUR_GLYPHS[code]
        parts += [_glyph(glyph, 25, 47, 28, colour), _index(code, colour)]
    return "".join(parts)


def tile_name(tile: Tile) -> str:
    """An English name: ``3 dots``, ``east wind``."""
    code = TILE_CODES[tile]
    return HONOUR_NAMES[code] if SUIT_OF[tile] == 3 else f"{RANK_OF[tile]} {SUIT_NAMES[SUIT_OF[tile]]}"


def back_drawing() -> str:
    """A tile lying face down (the outer tiles of a concealed kong)."""
    return (f'<rect x="1" y="3" width="{W - 2}" height="{H - 3}" rx="6" fill="#fbf7ea" stroke="#a99f8a"/>'
            f'<rect x="1" y="1" width="{W - 2}" height="{H - 5}" rx="6" fill="#2e8a6a" stroke="#236b52"/>'
            f'<rect x="7" y="7" width="{W - 14}" height="{H - 17}" rx="3" fill="none" stroke="#5fb394" stroke-width="1.5"/>')


def sprite() -> str:
    """A hidden inline SVG defining the symbol ``t-<code>`` of every tile kind, and ``t-back``."""
    symbols = "".join(f'<symbol id="t-{code}" viewBox="0 0 {W} {H}">{tile_drawing(t)}</symbol>' for t, code in enumerate(TILE_CODES))
    symbols += f'<symbol id="t-back" viewBox="0 0 {W} {H}">{back_drawing()}</symbol>'
    return f'<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true" width="0" height="0">{symbols}</svg>'


def tile_html(tile: Tile, extra: str = "", face_down: bool = False) -> str:
    """A placed tile: the picture (its back when ``face_down``) with its code as text fallback."""
    code = TILE_CODES[tile]
    label = escape(f"{tile_name(tile)} ({code}{', face down' if face_down else ''})")
    cls = f"tile {extra}".strip()
    return (f'<span class="{cls}" data-tile="{code}" title="{label}"><svg viewBox="0 0 {W} {H}" role="img" '
            f'aria-label="{label}"><use href="#t-{"back" if face_down else code}"/></svg><span class="code">{code}</span></span>')
