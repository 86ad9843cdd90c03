"""The tile pictures of the book and the playground: drawn in core (core/tile_svg.py), where the
notebook pictures of hands and results (core/pictures.py) use them too. The live pages add the eight
flowers (``page_sprite``): a table deals them, and a player sets them aside in sight of all."""
from __future__ import annotations

from ..core.tile_svg import CJK_FONT, H, W, back_drawing, sprite, tile_drawing, tile_html, tile_name

#: The flowers 1f..8f: the seasons, then the plants; each is drawn as its character and its number.
FLOWER_GLYPHS = "春夏秋冬梅兰竹菊"
FLOWER_COLOURS = ("#17754a", "#c4262e", "#b86b0c", "#1d4f9a") * 2


def flower_drawing(number: int) -> str:
    """The face of flower ``number`` (1..8): a tile with its character and its number in a corner."""
    colour = FLOWER_COLOURS[number - 1]
    return (f'<rect x="1" y="1" width="{W - 2}" height="{H - 2}" rx="6" fill="#fffdf5" stroke="#a99f8a" stroke-width="1.5"/>'
            f'<circle cx="24" cy="36" r="15" fill="none" stroke="{colour}" stroke-width="1.5" stroke-dasharray="3 2"/>'
            f'<text x="24" y="45" font-size="24" text-anchor="middle" fill="{colour}" font-family="{CJK_FONT}">'
            f'{FLOWER_GLYPHS[number - 1]}</text>'
            f'<text x="6" y="14" font-size="11" font-weight="700" fill="{colour}" font-family="sans-serif">{number}</text>')


def page_sprite() -> str:
    """The sprite of the live pages: every tile kind, the back, and the eight flowers ``t-1f``..``t-8f``."""
    flowers = "".join(f'<symbol id="t-{n}f" viewBox="0 0 {W} {H}">{flower_drawing(n)}</symbol>' for n in range(1, 9))
    return sprite().replace("</svg>", flowers + "</svg>")


__all__ = ["H", "W", "back_drawing", "flower_drawing", "page_sprite", "sprite", "tile_drawing", "tile_html", "tile_name"]
