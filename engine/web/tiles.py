"""The tile pictures of the book and the playground: drawn in core (core/tile_svg.py), where the
notebook pictures of hands and results (core/pictures.py) use them too."""
from __future__ import annotations

from ..core.tile_svg import H, W, back_drawing, sprite, tile_drawing, tile_html, tile_name

__all__ = ["H", "W", "back_drawing", "sprite", "tile_drawing", "tile_html", "tile_name"]
