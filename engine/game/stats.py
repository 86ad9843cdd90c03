"""Totals over simulated games: the wins, draws and fans of a rule set, each seat's and each player's
results (points per hand as the rule set's settlement pays them, win rate, deal-in rate, average win),
and the 95% interval of each player's points per hand, per unit (a game, or a wall played four times)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..settlement import draw_changes, settle
from .paired import Moments
from .seat import SEAT_COUNT
from .table import Table

#: A game's quantities compared between two rule sets: wins (``self_drawn``, ``on_discard``),
#: exhaustive ``draws``, the ``points`` of the wins, and ``fan N`` the wins scoring fan number N.
Quantities = dict[str, float]


@dataclass
class Totals:
    """One seat's or one player's results: hands played, points won or paid, wins (self-drawn among
    them), wins given on a discard (deal-ins) and the points of its wins."""

    hands: int = 0
    points: int = 0
    wins: int = 0
    self_drawn: int = 0
    deal_ins: int = 0
    won_points: int = 0

    def merge(self, other: Totals) -> None:
        self.hands += other.hands
        self.points += other.points
        self.wins += other.wins
        self.self_drawn += other.self_drawn
        self.deal_ins += other.deal_ins
        self.won_points += other.won_points

    def rate(self, count: int) -> float:
        return count / self.hands if self.hands else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "points_per_hand": round(self.rate(self.points), 4),
                "win_rate": round(self.rate(self.wins), 4), "deal_in_rate": round(self.rate(self.deal_ins), 4),
                "average_win": round(self.won_points / self.wins, 2) if self.wins else 0.0,
                "wins": self.wins, "self_drawn": self.self_drawn, "deal_ins": self.deal_ins, "points": self.points}


def _totals() -> list[Totals]:
    return [Totals() for _ in range(SEAT_COUNT)]


@dataclass
class Stats:
    """Totals over simulated games. ``fans`` counts, per fan number, the wins it scored in (``names``:
    its Chinese and English names, for the report); ``points`` sums the totals of the wins. ``by_seat``
    and ``by_player`` (the four players named, in order: ``players``) total each one's results;
    ``strength`` holds, per player name, the Moments of its points per hand over the units."""

    rules: str
    games: int = 0
    wins: int = 0
    self_drawn: int = 0
    draws: int = 0
    points: int = 0
    fans: Counter[int] = field(default_factory=Counter)
    names: dict[int, tuple[str, str]] = field(default_factory=dict)
    players: tuple[str, ...] = ()
    by_seat: list[Totals] = field(default_factory=_totals)
    by_player: list[Totals] = field(default_factory=_totals)
    strength: dict[str, Moments] = field(default_factory=dict)
    head_to_head: Moments = field(default_factory=Moments)
    #: The wins counted by their total: the histogram of ``simulate --plot``.
    totals: Counter[int] = field(default_factory=Counter)

    def add(self, table: Table, order: tuple[int, ...] = tuple(range(SEAT_COUNT)),
            *, paid: Sequence[int] | None = None) -> tuple[Quantities, list[int]]:
        """Count a finished table, whose seat p held player ``order[p]``: its quantities, and each
        seat's points as the settlement pays them (or, given, as ``paid`` says: a judge's penalty)."""
        self.games += 1
        if not table.wins:
            self.draws += 1
        ruleset = table.rules.ruleset
        changes = [0] * SEAT_COUNT
        if not table.wins:
            changes = list(draw_changes([p for p, seat in enumerate(table.seats) if seat.waits()], ruleset))
        counts: Quantities = {"wins": float(len(table.wins)), "draws": float(not table.wins)}
        for win in table.wins:
            self.wins += 1
            self.self_drawn += win.discarder is None
            self.points += win.result.total
            self.totals[win.result.total] += 1
            counts["self_drawn"] = counts.get("self_drawn", 0.0) + (win.discarder is None)
            counts["on_discard"] = counts.get("on_discard", 0.0) + (win.discarder is not None)
            counts["points"] = counts.get("points", 0.0) + win.result.total
            for p, change in enumerate(settle(win.result, win.player, discarder=win.discarder, rules=ruleset)):
                changes[p] += change
            for who in (self.by_seat[win.player], self.by_player[order[win.player]]):
                who.wins += 1
                who.self_drawn += win.discarder is None
                who.won_points += win.result.total
            if win.discarder is not None:
                self.by_seat[win.discarder].deal_ins += 1
                self.by_player[order[win.discarder]].deal_ins += 1
            for counted in win.result.fans:
                f = counted.fan
                self.fans[f.number] += 1
                counts[f"fan {f.number}"] = counts.get(f"fan {f.number}", 0.0) + 1
                if f.number not in self.names:
                    self.names[f.number] = (f.name_zh, f.name_en)
        if paid is not None:
            changes = list(paid)
        for p in range(SEAT_COUNT):
            for who in (self.by_seat[p], self.by_player[order[p]]):
                who.hands += 1
                who.points += changes[p]
        return counts, changes

    def unit(self, points: list[int], hands: list[int]) -> None:
        """One unit's points and hands per player (in the order named): per name, its points per hand."""
        per_hand = []
        for name in dict.fromkeys(self.players):
            mine = [i for i, n in enumerate(self.players) if n == name]
            played = sum(hands[i] for i in mine)
            if played:
                per_hand.append(sum(points[i] for i in mine) / played)
                self.strength.setdefault(name, Moments()).add(per_hand[-1])
        if len(per_hand) == 2:
            self.head_to_head.add(per_hand[0] - per_hand[1])

    def merge(self, other: Stats) -> None:
        """Add the totals of another part of the same simulation (a chunk played elsewhere)."""
        self.games += other.games
        self.wins += other.wins
        self.self_drawn += other.self_drawn
        self.draws += other.draws
        self.points += other.points
        self.fans.update(other.fans)
        self.totals.update(other.totals)
        for number, names in other.names.items():
            self.names.setdefault(number, names)
        self.players = self.players or other.players
        for mine, theirs in zip(self.by_seat + self.by_player, other.by_seat + other.by_player):
            mine.merge(theirs)
        for name, m in other.strength.items():
            self.strength.setdefault(name, Moments()).merge(m)
        self.head_to_head.merge(other.head_to_head)

    def label(self, number: int) -> str:
        """How the report names fan ``number``: ``number name_zh name_en``."""
        return " ".join((str(number), *self.names[number]))

    @property
    def average_points(self) -> float:
        """Each player's average points per game."""
        return self.points / self.wins if self.wins else 0.0

    def margin(self) -> tuple[str, str, Moments] | None:
        """With exactly two player names: the first, the second, and the Moments of the first's points
        per hand less the second's (per unit: paired by the wall when the games are duplicate)."""
        distinct = list(dict.fromkeys(self.players))
        return None if len(distinct) != 2 else (distinct[0], distinct[1], self.head_to_head)

    def to_json(self) -> dict[str, Any]:
        """The statistics as ``fanrules simulate --json`` prints them."""
        out = {"rules": self.rules, "games": self.games, "wins": self.wins, "self_drawn": self.self_drawn,
               "on_discard": self.wins - self.self_drawn, "exhaustive_draws": self.draws,
               "average_points": round(self.average_points, 2),
               "fans": {self.label(n): self.fans[n] for n in sorted(self.fans)},
               "fans_by_number": {str(n): self.fans[n] for n in sorted(self.fans)}}
        if self.players:
            out["by_seat"] = [t.to_json() for t in self.by_seat]
            out["by_player"] = [{"player": n, **t.to_json()} for n, t in zip(self.players, self.by_player)]
            out["points_per_hand"] = {n: m.to_json() for n, m in self.strength.items()}
            margin = self.margin()
            if margin is not None:
                out["margin"] = {"of": margin[0], "over": margin[1], **margin[2].to_json()}
        return out
