"""Places and ranking points within a table (ties share the points of the places they cover), and the
order of players over several sessions with the rule set's tie-breaks."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..ruleset import RulesLike
from .terms import RankingTerms, Settlement, SettlementError, terms


@dataclass(frozen=True)
class Standing:
    """One player's standing at a table: ``place`` 1..4 (tied players share the best place they cover),
    ``points`` (start + changes), ``change`` (points won or lost) and exact ``ranking_points``."""

    player: int
    name: str
    place: int
    points: int
    change: int
    ranking_points: Fraction

    def to_json(self) -> dict[str, Any]:
        """For apps: ranking points as exact text ("4", "7/4")."""
        return {"player": self.player, "name": self.name, "place": self.place, "points": self.points,
                "change": self.change, "ranking_points": str(self.ranking_points)}


def ranking_points(scores: Sequence[int], ranking: RankingTerms) -> tuple[list[int], list[Fraction]]:
    """(place, ranking points) of each score, in the order given. Players with equal scores cover
    consecutive places; each gets the best of those places and an equal share of their points, or
    (ties ``by_seat``) the one given first takes the better place."""
    if len(scores) != len(ranking.points):
        raise SettlementError(f"ranking needs {len(ranking.points)} scores (one per place), got {len(scores)}")
    places = [0] * len(scores)
    shares = [Fraction(0)] * len(scores)
    ordered = sorted(range(len(scores)), key=lambda i: -scores[i])
    start = 0
    while start < len(ordered):
        end = start
        while ranking.ties == "share" and end + 1 < len(ordered) and scores[ordered[end + 1]] == scores[ordered[start]]:
            end += 1
        share = Fraction(sum(ranking.points[start:end + 1]), end - start + 1)
        for i in ordered[start:end + 1]:
            places[i], shares[i] = start + 1, share
        start = end + 1
    return places, shares


def standings(totals: Sequence[int], start: int, names: Sequence[str], rules: RulesLike | Settlement = "mcr") -> tuple[Standing, ...]:
    """The standings of a table with these running ``totals``, best first (ties by player index)."""
    places, shares = ranking_points(totals, terms(rules).ranking)
    rows = [Standing(i, names[i], places[i], totals[i], totals[i] - start, shares[i]) for i in range(len(totals))]
    return tuple(sorted(rows, key=lambda s: (s.place, s.player)))


@dataclass(frozen=True)
class CompetitionRow:
    """A player over several sessions: their place, total ranking points, total change and each
    session's ranking points."""

    name: str
    place: int
    ranking_points: Fraction
    match_points: int
    sessions: tuple[Fraction, ...]


def _breaks(row: CompetitionRow, tie_breaks: Sequence[str]) -> tuple[Any, ...]:
    keys: list[Any] = []
    for rule in tie_breaks:
        if rule == "match_points":
            keys.append(row.match_points)
        elif rule == "best_ranking":
            keys.append(max(row.sessions, default=Fraction(0)))
        else:  # high_rankings: more of the highest scores, then of the next, ...
            keys.append(tuple(sorted(row.sessions, reverse=True)))
    return tuple(keys)


def competition(sessions: Iterable[Sequence[Standing]], rules: RulesLike | Settlement = "mcr") -> tuple[CompetitionRow, ...]:
    """Players (by name) over several sessions: ordered by total ranking points, then by the rule set's
    ``ranking.tie_breaks`` in turn; players level on all of them share a place."""
    tie_breaks = terms(rules).ranking.tie_breaks
    played: dict[str, list[Standing]] = {}
    for table in sessions:
        for standing in table:
            played.setdefault(standing.name, []).append(standing)
    rows = [CompetitionRow(name, 0, sum((s.ranking_points for s in st), Fraction(0)), sum(s.change for s in st),
                           tuple(s.ranking_points for s in st)) for name, st in played.items()]
    key: Mapping[str, tuple[Any, ...]] = {r.name: (r.ranking_points, *_breaks(r, tie_breaks)) for r in rows}
    rows.sort(key=lambda r: key[r.name], reverse=True)
    out: list[CompetitionRow] = []
    for i, row in enumerate(rows):
        place = out[-1].place if out and key[out[-1].name] == key[row.name] else i + 1
        out.append(CompetitionRow(row.name, place, row.ranking_points, row.match_points, row.sessions))
    return tuple(out)
