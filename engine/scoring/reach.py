"""Points in reach: the best total a hand can still score by the fewest draws, the fans that make it,
and whether the rule set's minimum can be reached at all; with the shanten, useful tiles and discard
advice of fanrules.analysis, the whole analysis of a hand.

Every completion is scored by the Scorer, so what a fan is worth comes from the rule set alone. A
ready hand (shanten 0) is scored on each of its waits; a hand one from ready (shanten 1) on every
complete hand it can reach with two draws (a useful draw, a discard that leaves it ready, a winning
tile), each winning tile being the last one drawn. Hands two or more from ready are not scored (their
completions are too many to score in the time an assistant can wait): their reach is None."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..analysis.advice import DiscardAdvice, HandTiles, ShantenReport, Useful, advise, shanten_report, unseen, useful
from ..analysis.shanten import hand_parts, overall, useful_kinds
from ..analysis.waits import waits
from ..core.hand import Context, Hand, HandError, Meld, validate
from ..core.tiles import TILE_CODES, Tile
from .scored_waits import WaitScore, score_waits
from .scorer import CountedFan, Result, Scorer

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
        return None if self.best is None else self.best.total

    @property
    def fans(self) -> tuple[CountedFan, ...]:
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


def reach(concealed: Sequence[Tile], melds: tuple[Meld, ...], context: Context, scorer: Scorer,
          left: Sequence[int], scored: Scored | None = None) -> Reach | None:
    """The best total 13 tiles (less 3 per declared set) reach, winning as ``context`` says, with
    draws limited to the unseen copies ``left``; None when the hand is two or more from ready."""
    scored = {} if scored is None else scored
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    caps = HandTiles(tuple(concealed), melds).caps
    groups, parts = hand_parts(counts, caps)
    distance = overall(groups, parts, len(melds), caps)
    best: Result | None = None
    if distance == 0:
        hand = tuple(sorted(concealed))
        for w in waits(hand, len(melds)):
            if left[w] > 0:
                best = _better(best, _score(hand, melds, w, context, scorer, scored))
    elif distance == 1:
        for t in useful_kinds(counts, len(melds), caps):
            if left[t] <= 0:
                continue
            counts[t] += 1
            for y in range(34):
                if not counts[y] or y == t:
                    continue
                counts[y] -= 1
                ready_groups, ready_parts = hand_parts(counts, caps)
                if overall(ready_groups, ready_parts, len(melds), caps) == 0:
                    hand = tuple(x for x in range(34) for _ in range(counts[x]))
                    for w in waits(hand, len(melds)):
                        if left[w] - (w == t) > 0:
                            best = _better(best, _score(hand, melds, w, context, scorer, scored))
                counts[y] += 1
            counts[t] -= 1
    else:
        return None
    return Reach(best, scorer.ruleset.minimum)


@dataclass(frozen=True)
class DiscardPath:
    """A discard of a 14-tile hand with its advice and the points in reach after it."""

    advice: DiscardAdvice
    reach: Reach | None

    def to_json(self) -> dict[str, Any]:
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
        return self.report.shanten

    def to_json(self) -> dict[str, Any]:
        """The JSON of ``fanrules analyze --json`` (docs/analysis.md)."""
        out = self.report.to_json()
        if self.tiles.size == 14:
            out["discards"] = [d.to_json() for d in self.discards]
        else:
            out["useful"] = [u.to_json() for u in self.useful]
        return out


def analyze_tiles(tiles: HandTiles, scorer: Scorer, context: Context | None = None, visible: Sequence[Tile] = (),
                  points: bool = True) -> Analysis:
    """The whole analysis of a hand; ``points`` False leaves the points in reach out (no scoring)."""
    context = replace(context or Context(), last_copy=False, kong_related=False)
    report = shanten_report(tiles)
    left = unseen(tiles, visible)
    scored: Scored = {}
    if tiles.size == 13:
        ready = report.shanten == 0
        table = tuple(score_waits(tiles.concealed, tiles.melds, context, scorer)) if ready and points else ()
        in_reach = reach(tiles.concealed, tiles.melds, context, scorer, left, scored) if points else None
        return Analysis(tiles, report, context, useful(tiles, visible), table, in_reach, points=points)
    paths = []
    for advice in advise(tiles, visible):
        in_reach = None
        if points and advice.shanten <= 1:
            rest = list(tiles.concealed)
            rest.remove(advice.discard)
            in_reach = reach(rest, tiles.melds, context, scorer, left, scored)
        paths.append(DiscardPath(advice, in_reach))
    return Analysis(tiles, report, context, discards=tuple(paths), points=points)
