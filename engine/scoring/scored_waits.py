"""Waits with fans: which tiles complete a 13-tile hand, and what each win would score."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from ..analysis.waits import winning_tiles
from ..core.context import Context
from ..core.errors import HandError, InvalidHandError
from ..core.hand import Hand, Meld, validate
from ..core.inputs import HandInput, to_waiting
from ..core.tiles import NAMED_TILES, TILE_CODES, Tile
from .result import Result
from .scorer import Scorer


@dataclass(frozen=True)
class WaitScore:
    """A winning tile and the result of winning on it on a discard and by self-draw (a Result, or the
    HandError that says why that win cannot happen, e.g. a fifth copy)."""

    tile: Tile
    discard: Result | HandError
    self_drawn: Result | HandError

    @property
    def code(self) -> str:
        """The winning tile's code, e.g. ``9m``."""
        return TILE_CODES[self.tile]

    @property
    def reaches_minimum(self) -> bool:
        """Whether winning on the tile reaches the minimum one way or the other (on a discard or self-drawn)."""
        return any(isinstance(r, Result) and r.is_win for r in (self.discard, self.self_drawn))

    def outcome_text(self, label: str, discard: bool = True) -> str:
        """One way of winning as text: the total (under the minimum said), or why it cannot be."""
        r = self.discard if discard else self.self_drawn
        if isinstance(r, HandError):
            return f"{label}: {r.kind} ({r})"
        return f"{label}: {r.total}" + ("" if r.is_win else " (under minimum)")

    def _repr_svg_(self) -> str:
        """The hand that wins on the tile (the tile outlined) with both outcomes: what a notebook shows."""
        lines = [self.outcome_text("on a discard"), self.outcome_text("self-drawn", discard=False)]
        scored = next((r for r in (self.discard, self.self_drawn) if isinstance(r, Result)), None)
        if scored is not None:
            return scored.hand._repr_svg_(lines)
        from ..core.pictures import Group, svg

        return svg([Group([self.tile], marked=True)], lines, self.code)

    def _repr_html_(self) -> str:
        """The picture with the winning tile's code above it (for notebooks that show HTML)."""
        from ..core.pictures import html

        return html(self._repr_svg_(), caption=f"wins on {self.code}")

    def to_json(self) -> dict[str, Any]:
        """The wait as ``fanrules waits --json`` writes it: the tile, and each way of winning's result or error."""
        out: dict[str, Any] = {"tile": TILE_CODES[self.tile]}
        for key, r in (("discard", self.discard), ("self_drawn", self.self_drawn)):
            if isinstance(r, HandError):
                out[key] = {"error": {"kind": r.kind, "message": str(r)}}
            else:
                out[key] = r.to_json()
                out[key]["legal"] = r.is_win
        return out

    def __repr__(self) -> str:
        def shown(r: Result | HandError) -> str:
            return r.kind if isinstance(r, HandError) else str(r.total)
        return f"WaitScore({self.code}, discard={shown(self.discard)}, self_drawn={shown(self.self_drawn)})"


def score_waits(concealed: tuple[Tile, ...], melds: tuple[Meld, ...], context: Context, scorer: Scorer) -> list[WaitScore]:
    """Every tile kind that completes the 13 tiles, scored for both ways of winning. Tiles that no hand
    can hold (a fifth copy) raise InvalidHandError: they wait on nothing."""
    held = Counter(concealed) + Counter(t for m in melds for t in m.tiles)
    over = [TILE_CODES[t] for t in sorted(held) if held[t] > 4]
    if over:
        raise InvalidHandError(f"fifth copy of {', '.join(over)}: a tile exists only four times")
    out = []
    for tile in winning_tiles(concealed, len(melds)):
        results: list[Result | HandError] = []
        for self_drawn in (False, True):
            ctx = replace(context, self_drawn=self_drawn, kong_related=False, last_copy=False, flower_replacement=False)
            try:
                results.append(scorer.score(validate(Hand(concealed=concealed, melds=melds, win_tile=tile, context=ctx))))
            except HandError as err:
                results.append(err)
        out.append(WaitScore(NAMED_TILES[tile], results[0], results[1]))
    return out


def scored_waits(hand: HandInput, scorer: Scorer, **context: Any) -> list[WaitScore]:
    """The scored waits of a 13-tile hand string, record or Hand (see ``to_waiting``)."""
    return score_waits(*to_waiting(hand, **context), scorer)
