"""Pictures for notebooks: the ``_repr_svg_`` and ``_repr_html_`` of hands, results, waits and analyses
draw their tiles with the book's tile drawings (tile_svg.py) as one standalone SVG, groups of tiles side
by side (a set, a declared set, the winning tile), a group that matters outlined, and lines of text
below. Each object imports this module only when a notebook asks for its picture."""
from __future__ import annotations

from collections.abc import Sequence
from html import escape

from .tile_svg import H, W, back_drawing, tile_drawing
from .tiles import TILE_CODES, Tile

#: The height a tile is drawn at, in pixels (the drawings are W x H); the gap between groups; a text line.
TILE_HEIGHT = 42
GAP = 10
LINE = 18
MARK = "#d9822b"

#: One tile of a picture: the tile and whether it lies face down.
Placed = tuple[Tile, bool]


class Group:
    """Tiles drawn together (a set, the concealed tiles, the winning tile); ``marked`` outlines them."""

    __slots__ = ("marked", "tiles")

    def __init__(self, tiles: Sequence[Tile | Placed], marked: bool = False) -> None:
        self.tiles: list[Placed] = [t if isinstance(t, tuple) else (t, False) for t in tiles]
        self.marked = marked


def svg(groups: Sequence[Group], lines: Sequence[str] = (), label: str = "") -> str:
    """One SVG: the groups in a row, then ``lines`` of text; ``label`` its accessible name (the hand's
    notation, so that the picture reads as text too)."""
    scale = TILE_HEIGHT / H
    tile_width = W * scale
    used = sorted({t for g in groups for t, down in g.tiles if not down})
    backs = any(down for g in groups for _, down in g.tiles)
    defs = "".join(f'<symbol id="pt-{TILE_CODES[t]}" viewBox="0 0 {W} {H}">{tile_drawing(t)}</symbol>' for t in used)
    if backs:
        defs += f'<symbol id="pt-back" viewBox="0 0 {W} {H}">{back_drawing()}</symbol>'
    body: list[str] = []
    x = 4.0
    for group in groups:
        start = x
        for tile, down in group.tiles:
            ref = "back" if down else TILE_CODES[tile]
            body.append(f'<use href="#pt-{ref}" x="{x:.1f}" y="4" width="{tile_width:.1f}" height="{TILE_HEIGHT}"><title>{TILE_CODES[tile]}</title></use>')
            x += tile_width + 1
        if group.marked:
            body.append(f'<rect x="{start - 2:.1f}" y="2" width="{x - start + 3:.1f}" height="{TILE_HEIGHT + 4}" rx="4" fill="none" '
                        f'stroke="{MARK}" stroke-width="2.5"/>')
        x += GAP
    width = max(x, 8 + 7 * max((len(line) for line in lines), default=0))
    top = TILE_HEIGHT + 8
    for i, line in enumerate(lines):
        body.append(f'<text x="4" y="{top + LINE * (i + 1) - 4}" font-family="sans-serif" font-size="13">{escape(line)}</text>')
    height = top + LINE * len(lines) + 4
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" viewBox="0 0 {width:.0f} {height}" '
            f'role="img" aria-label="{escape(label)}"><defs>{defs}</defs>{"".join(body)}</svg>')


def html(picture: str, rows: Sequence[Sequence[str]] = (), caption: str = "") -> str:
    """A picture (SVG) above a table of text ``rows`` (each cell HTML already escaped by the caller, or
    an SVG of its own), with ``caption`` as plain text."""
    table = ""
    if rows:
        cells = "".join("<tr>" + "".join(f'<td style="padding:2px 8px;text-align:left;white-space:nowrap">{c}</td>' for c in row) + "</tr>" for row in rows)
        table = f'<table style="border-collapse:collapse">{cells}</table>'
    head = f"<div><code>{escape(caption)}</code></div>" if caption else ""
    return f'<div class="fanrules">{head}{picture}{table}</div>'


def hand_groups(concealed: Sequence[Tile], melds: Sequence[tuple[str, Sequence[Tile]]], win_tile: Tile | None = None) -> list[Group]:
    """The groups of a hand, in the notation's order: each declared set (its kind and tiles; a concealed
    kong with its outer tiles face down), the concealed tiles and the winning tile, outlined. (Kinds and
    tiles, not Melds: hand.py imports this module, which imports nothing of it.)"""
    groups = []
    for kind, tiles in melds:
        down = kind == "concealed_kong"
        groups.append(Group([(t, down and i in (0, 3)) for i, t in enumerate(tiles)]))
    if concealed:
        groups.append(Group(concealed))
    if win_tile is not None:
        groups.append(Group([win_tile], marked=True))
    return groups

