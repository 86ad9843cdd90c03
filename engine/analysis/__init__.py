"""Hand analysis on tiles alone: every reading of a complete hand, and the winning tiles of a 13-tile hand
(``fanrules.waits`` scores them)."""
from __future__ import annotations

from collections.abc import Sequence

from ..core.deprecation import warn_renamed
from ..core.tiles import Tile, TileLike
from .readings import readings
from .waits import winning_tiles


def waits(concealed: Sequence[TileLike], melds: int = 0, limit: int = 34, near: TileLike | None = None) -> tuple[Tile, ...]:
    """Deprecated: ``winning_tiles`` (``fanrules.waits`` is the scored waits of a hand)."""
    warn_renamed("fanrules.analysis.waits", "fanrules.analysis.winning_tiles")
    return winning_tiles(concealed, melds, limit, near)


__all__ = ["readings", "waits", "winning_tiles"]
