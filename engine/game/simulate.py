"""Playing games with players, and statistics over many seeded games (``fanrules simulate``)."""
from __future__ import annotations

import multiprocessing
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .log import log_lines
from .observation import observe
from .seat import SEAT_COUNT
from .table import Table
from .winning import GameRules, game_rules

#: Makes the four players of one game from the rules and the game's seed.
PlayerFactory = Callable[[GameRules, int], Sequence[Callable[..., Any]]]


def play(table: Table, players: Sequence[Callable[..., Any]], max_steps: int = 10_000) -> Table:
    """Play ``table`` to its end, asking each player in turn (a player is given its Observation); a
    step with one legal action (a draw, the only flower) is taken without asking."""
    for _ in range(max_steps):
        if table.over:
            return table
        player = table.to_act()[0]
        legal = table.legal_actions(player)
        table.step(legal[0] if len(legal) == 1 else players[player](observe(table, player)))
    raise RuntimeError(f"the game did not end within {max_steps} steps")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``."""
    return seed * 1_000_003 + index


def players_of(kind: str) -> PlayerFactory:
    """The factory of a built-in player kind (``random`` or ``greedy``), seeded per game and player."""
    from .players import PLAYERS
    if kind not in PLAYERS:
        raise ValueError(f"unknown player {kind!r}: use one of {', '.join(PLAYERS)}")
    make = PLAYERS[kind]
    return lambda rules, seed: [make(rules, f"{seed}/{p}") for p in range(SEAT_COUNT)]


@dataclass
class Stats:
    """Totals over simulated games. ``fans`` counts, per fan number, the wins it scored in (``names``:
    its Chinese and English names, for the report); ``points`` sums the totals of the wins."""

    rules: str
    games: int = 0
    wins: int = 0
    self_drawn: int = 0
    draws: int = 0
    points: int = 0
    fans: Counter[int] = field(default_factory=Counter)
    names: dict[int, tuple[str, str]] = field(default_factory=dict)

    def add(self, table: Table) -> None:
        self.games += 1
        if not table.wins:
            self.draws += 1
        for win in table.wins:
            self.wins += 1
            self.self_drawn += win.discarder is None
            self.points += win.result.total
            for counted in win.result.fans:
                f = counted.fan
                self.fans[f.number] += 1
                if f.number not in self.names:
                    self.names[f.number] = (f.name_zh, f.name_en)

    def merge(self, other: Stats) -> None:
        self.games += other.games
        self.wins += other.wins
        self.self_drawn += other.self_drawn
        self.draws += other.draws
        self.points += other.points
        self.fans.update(other.fans)
        for number, names in other.names.items():
            self.names.setdefault(number, names)

    def label(self, number: int) -> str:
        """How the report names fan ``number``: ``number name_zh name_en``."""
        return " ".join((str(number), *self.names[number]))

    @property
    def average_points(self) -> float:
        return self.points / self.wins if self.wins else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules, "games": self.games, "wins": self.wins, "self_drawn": self.self_drawn,
                "on_discard": self.wins - self.self_drawn, "exhaustive_draws": self.draws,
                "average_points": round(self.average_points, 2),
                "fans": {self.label(n): self.fans[n] for n in sorted(self.fans)}}


def run_games(rules: str, seed: int, indices: Sequence[int], kind: str, keep_logs: bool) -> tuple[Stats, list[str]]:
    """Play the games ``indices`` of a simulation; their statistics, and their log lines if asked."""
    gr = game_rules(rules)
    factory = players_of(kind)
    stats = Stats(gr.name)
    lines: list[str] = []
    for i in indices:
        s = game_seed(seed, i)
        table = play(Table(gr, s), factory(gr, s))
        stats.add(table)
        if keep_logs:
            lines.extend(log_lines(table, extra={"game": i}))
    return stats, lines


def _run_chunk(args: tuple[str, int, list[int], str, bool]) -> tuple[Stats, list[str]]:
    return run_games(*args)


def simulate(rules: str, games: int, seed: int = 0, kind: str = "greedy", jobs: int = 1,
             log: Callable[[str], Any] | None = None, chunk: int = 50) -> Stats:
    """Play ``games`` games (game i seeded ``game_seed(seed, i)``) and total them; ``log`` is given each
    log line, games in order, whatever ``jobs`` is, so that the same seed writes the same bytes."""
    game_rules(rules)  # a bad rule set fails here, before any worker starts
    players_of(kind)
    chunks = [list(range(start, min(start + chunk, games))) for start in range(0, games, chunk)]
    tasks = [(str(rules), seed, c, kind, log is not None) for c in chunks]
    stats = Stats(game_rules(rules).name)
    if jobs <= 1 or len(chunks) <= 1:
        results = map(_run_chunk, tasks)
        for part, lines in results:
            _collect(stats, part, lines, log)
        return stats
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for part, lines in pool.imap(_run_chunk, tasks):
            _collect(stats, part, lines, log)
    return stats


def _collect(stats: Stats, part: Stats, lines: list[str], log: Callable[[str], Any] | None) -> None:
    stats.merge(part)
    if log is not None:
        for line in lines:
            log(line)
