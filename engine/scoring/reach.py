"""Points in reach: the best total a hand can still score by the fewest draws, the fans that make it,
and whether the rule set's minimum can be reached at all; with the shanten, useful tiles and discard
advice of fanrules.analysis, the whole analysis of a hand.

Every completion is scored by the Scorer, so what a fan is worth comes from the rule set alone. A
ready hand (shanten 0) is scored on each of its waits; a hand one from ready (shanten 1) on every
complete hand it can reach with two draws (a useful draw, a discard that leaves it ready, a winning
tile), each winning tile being the last one drawn. A hand two from ready is searched the same way with
three draws only when the caller gives it time, and given up (reach None) when the time runs out:
its completions are many. Hands farther from ready are not scored: their reach is None."""
from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..analysis.advice import DiscardAdvice, HandTiles, ShantenReport, Useful, advise, shanten_report, unseen, useful
from ..analysis.shanten import hand_parts, overall, useful_kinds
from ..analysis.waits import winning_tiles
from ..core.context import Context
from ..core.hand import Hand, HandError, Meld, validate
from ..core.tiles import TILE_CODES, Tile
from .result import CountedFan, Result
from .scored_waits import WaitScore, score_waits
from .scorer import Scorer

#: The complete hands already scored in one analysis: (concealed tiles, winning tile) -> Result or None.
Scored = dict[tuple[tuple[Tile, ...], Tile], "Result | None"]


@dataclass(frozen=True)
class Reach:
    """The best a hand can score by the fewest draws: ``best`` is the highest-scoring complete hand's
    Result (None when no legal completion can be drawn); ``minimum`` the rule set's."""

    best: Result | None
    minimum: int

    @property
    def total(self) -> int | None:
        """The best total in reach; None when no complete hand is reachable."""
        return None if self.best is None else self.best.total

    @property
    def fans(self) -> tuple[CountedFan, ...]:
        """The fans of the best hand in reach; empty when none is reachable."""
        return () if self.best is None else self.best.fans

    @property
    def reaches_minimum(self) -> bool:
        """Whether some reachable completion scores the minimum or more."""
        return self.best is not None and self.best.is_win


def _score(concealed: tuple[Tile, ...], melds: tuple[Meld, ...], win: Tile, context: Context, scorer: Scorer,
           scored: Scored) -> Result | None:
    key = (concealed, win)
    if key not in scored:
        try:
            scored[key] = scorer.score(validate(Hand(concealed, melds, win, context)))
        except HandError:
            scored[key] = None
    return scored[key]


def _better(best: Result | None, result: Result | None) -> Result | None:
    return result if result is not None and (best is None or result.total > best.total) else best


class _Search:
    """One search of completions: the hand's melds and caps, the win context, the scorer, the unseen
    copies (changed while a drawn tile is held, then put back), the complete hands already scored, and
    the time past which a search of hands two from ready gives up (perf_counter seconds)."""

    def __init__(self, melds: tuple[Meld, ...], context: Context, scorer: Scorer, left: Sequence[int],
                 scored: Scored, deadline: float | None) -> None:
        self.melds, self.context, self.scorer, self.scored = melds, context, scorer, scored
        self.caps = HandTiles((), melds).caps
        self.left = list(left)
        self.deadline = deadline

    def distance(self, counts: list[int]) -> int:
        groups, parts = hand_parts(counts, self.caps)
        return overall(groups, parts, len(self.melds), self.caps)

    def ready(self, counts: list[int]) -> Result | None:
        """The best win of a ready hand on a tile still unseen."""
        hand = tuple(x for x in range(34) for _ in range(counts[x]))
        best = None
        for w in winning_tiles(hand, len(self.melds)):
            if self.left[w] > 0:
                best = _better(best, _score(hand, self.melds, w, self.context, self.scorer, self.scored))
        return best

    def closer(self, counts: list[int], distance: int) -> Result | None:
        """The best of every useful draw followed by every discard that leaves the hand one closer."""
        best = None
        for t in useful_kinds(counts, len(self.melds), self.caps):
            if self.left[t] <= 0:
                continue
            counts[t] += 1
            self.left[t] -= 1
            for y in range(34):
                if not counts[y] or y == t:
                    continue
                if self.deadline is not None and time.perf_counter() > self.deadline:
                    raise TimeoutError
                counts[y] -= 1
                if self.distance(counts) == distance - 1:
                    best = _better(best, self.ready(counts) if distance == 1 else self.closer(counts, 1))
                counts[y] += 1
            counts[t] -= 1
            self.left[t] += 1
        return best


def reach(concealed: Sequence[Tile], melds: tuple[Meld, ...], context: Context, scorer: Scorer,
          left: Sequence[int], scored: Scored | None = None, two_seconds: float = 0.0) -> Reach | None:
    """The best total 13 tiles (less 3 per declared set) reach, winning as ``context`` says, with
    draws limited to the unseen copies ``left``. A hand two from ready is searched only when
    ``two_seconds`` is positive, and given up after that many seconds; None for a hand not searched
    (two from ready without the time or out of it, or farther)."""
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    deadline = time.perf_counter() + two_seconds if two_seconds > 0 else None
    search = _Search(melds, context, scorer, left, {} if scored is None else scored, deadline)
    distance = search.distance(counts)
    if distance > 2 or (distance == 2 and deadline is None):
        return None
    try:
        best = search.ready(counts) if distance == 0 else search.closer(counts, distance)
    except TimeoutError:
        return None
    return Reach(best, scorer.ruleset.minimum)


@dataclass(frozen=True)
class DiscardPath:
    """A discard of a 14-tile hand with its advice and the points in reach after it."""

    advice: DiscardAdvice
    reach: Reach | None

    @property
    def total(self) -> int | None:
        """The best total in reach after this discard; None when none was searched or none is reachable."""
        return None if self.reach is None else self.reach.total

    def to_json(self) -> dict[str, Any]:
        """The discard as ``fanrules analyze --json`` writes it: the tile, shanten, useful tiles and the best in reach."""
        a, r = self.advice, self.reach
        return {
            "discard": TILE_CODES[a.discard], "shanten": a.shanten, "useful": [u.to_json() for u in a.useful],
            "best_total": None if r is None else r.total, "best_fans": [c.fan.name_en for c in (r.fans if r else ())],
        }


@dataclass(frozen=True)
class Analysis:
    """The analysis of a hand of 13 or 14 tiles. For 13 tiles: ``useful``, ``waits`` (a ready hand's
    winning tiles scored both ways, as ``fanrules waits``) and ``reach``; for 14: ``discards``, the
    best first."""

    tiles: HandTiles
    report: ShantenReport
    context: Context
    useful: tuple[Useful, ...] = ()
    waits: tuple[WaitScore, ...] = ()
    reach: Reach | None = None
    discards: tuple[DiscardPath, ...] = ()
    #: Whether the points in reach were asked for.
    points: bool = True

    @property
    def shanten(self) -> int:
        """The shanten of the hand: ready 0, complete -1."""
        return self.report.shanten

    @property
    def best_total(self) -> int | None:
        """The best total in reach: for 14 tiles over every discard, for 13 tiles of the hand (a ready
        hand's waits included); None when no points were searched or none is reachable."""
        totals = [d.total for d in self.discards] if self.discards else [self.reach.total if self.reach is not None else None]
        totals += [r.total for w in self.waits for r in (w.discard, w.self_drawn) if isinstance(r, Result)]
        found = [t for t in totals if t is not None]
        return max(found) if found else None

    def _repr_svg_(self) -> str:
        """The tiles drawn, with the shanten, the useful tiles or the best discards, the waits and the
        points in reach: what a notebook shows (core/pictures.py)."""
        from ..core.pictures import hand_groups, svg

        tiles, shanten = self.tiles, self.shanten
        lines = [f"shanten {shanten}" + (" (ready)" if shanten == 0 else " (complete)" if shanten < 0 else "")]
        if self.useful:
            lines.append("useful: " + " ".join(f"{TILE_CODES[u.tile]}({u.remaining})" for u in self.useful))
        if self.waits:
            lines.append("waits: " + "  ".join(w.outcome_text(w.code) for w in self.waits))
        if self.discards:
            lines.append("discard first: " + ", ".join(TILE_CODES[d.advice.discard] for d in self.discards[:3]))
        if self.reach is not None and self.reach.best is not None:
            lines.append(f"best in reach: {self.reach.best.total}")
        groups = hand_groups(tiles.concealed, [(m.kind.value, m.tiles) for m in tiles.melds])
        return svg(groups, lines, " ".join(TILE_CODES[t] for t in tiles.concealed))

    def _repr_html_(self) -> str:
        """The picture with the shanten above it (for notebooks that show HTML)."""
        from ..core.pictures import html

        return html(self._repr_svg_(), caption=f"shanten {self.shanten}")

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``fanrules analyze --json`` (docs/analysis.md)."""
        out = self.report.to_json()
        if self.tiles.size == 14:
            out["discards"] = [d.to_json() for d in self.discards]
        else:
            out["useful"] = [u.to_json() for u in self.useful]
        return out


def analyze_tiles(tiles: HandTiles, scorer: Scorer, context: Context | None = None, visible: Sequence[Tile] = (),
                  points: bool = True, two_seconds: float = 0.0) -> Analysis:
    """The whole analysis of a hand; ``points`` False leaves the points in reach out (no scoring);
    ``two_seconds`` above 0 searches hands two from ready too, that long at most per hand or path."""
    context = replace(context or Context(), last_copy=False, kong_related=False)
    report = shanten_report(tiles)
    left = unseen(tiles, visible)
    scored: Scored = {}
    if tiles.size == 13:
        ready = report.shanten == 0
        table = tuple(score_waits(tiles.concealed, tiles.melds, context, scorer)) if ready and points else ()
        in_reach = reach(tiles.concealed, tiles.melds, context, scorer, left, scored, two_seconds) if points else None
        return Analysis(tiles, report, context, useful(tiles, visible), table, in_reach, points=points)
    paths = []
    for advice in advise(tiles, visible):
        in_reach = None
        if points and (advice.shanten <= 1 or (advice.shanten == 2 and two_seconds > 0)):
            rest = list(tiles.concealed)
            rest.remove(advice.discard)
            in_reach = reach(rest, tiles.melds, context, scorer, left, scored, two_seconds)
        paths.append(DiscardPath(advice, in_reach))
    return Analysis(tiles, report, context, discards=tuple(paths), points=points)


__all__ = ["Analysis", "analyze_tiles", "DiscardPath", "Reach", "reach", "Scored"]
