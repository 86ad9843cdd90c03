"""Playing games with players, and statistics over many seeded games (``fanrules simulate``)."""
from __future__ import annotations

import multiprocessing
import signal
from collections import Counter, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing.pool import AsyncResult
from typing import Any

from .log import log_lines
from .observation import observe
from .seat import SEAT_COUNT
from .table import Table
from .winning import GameRules, game_rules

#: Games a worker plays per task: small, so that Ctrl-C loses little and the totals come often.
CHUNK_GAMES = 10
#: Tasks handed to each worker ahead of the results read: memory holds these, whatever ``--games``.
CHUNKS_PER_WORKER = 2

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
    its Chinese and English names, for the report); ``points`` sums the totals of the wins, ``totals``
    counts the wins by total (the histogram of ``simulate --plot``)."""

    rules: str
    games: int = 0
    wins: int = 0
    self_drawn: int = 0
    draws: int = 0
    points: int = 0
    fans: Counter[int] = field(default_factory=Counter)
    names: dict[int, tuple[str, str]] = field(default_factory=dict)
    totals: Counter[int] = field(default_factory=Counter)

    def add(self, table: Table) -> None:
        self.games += 1
        if not table.wins:
            self.draws += 1
        for win in table.wins:
            self.wins += 1
            self.self_drawn += win.discarder is None
            self.points += win.result.total
            self.totals[win.result.total] += 1
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
        self.totals.update(other.totals)
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


def run_games(rules: str, seed: int, indices: Iterable[int], kind: str, keep_logs: bool) -> tuple[Stats, list[str]]:
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


class Interrupted(Exception):
    """A simulation stopped by Ctrl-C (SIGINT); ``stats`` totals the games played to the end (and
    logged) before it."""

    def __init__(self, stats: Stats) -> None:
        super().__init__(f"interrupted after {stats.games} games")
        self.stats = stats


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps the totals so far."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def simulate(rules: str, games: int, seed: int = 0, kind: str = "greedy", jobs: int = 1,
             log: Callable[[str], Any] | None = None, chunk: int = CHUNK_GAMES,
             progress: Callable[[Stats], Any] | None = None) -> Stats:
    """Play ``games`` games (game i seeded ``game_seed(seed, i)``) and total them; ``log`` is given each
    log line, games in order, whatever ``jobs`` is, so that the same seed writes the same bytes. Chunks
    of games are made as they are handed out, CHUNKS_PER_WORKER per worker in flight, so that memory
    does not grow with ``games``; Ctrl-C raises Interrupted with the totals of the chunks done.
    ``progress`` is given the totals so far after each chunk (the command's progress line)."""
    game_rules(rules)  # a bad rule set fails here, before any worker starts
    players_of(kind)
    tasks = ((str(rules), seed, range(start, min(start + chunk, games)), kind, log is not None)
             for start in range(0, games, chunk))
    stats = Stats(game_rules(rules).name)
    try:
        if jobs <= 1 or games <= chunk:
            for task in tasks:
                _collect(stats, *run_games(*task), log, progress)
            return stats
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_ignore_sigint) as pool:
            pending: deque[AsyncResult[tuple[Stats, list[str]]]] = deque()
            for task in tasks:
                pending.append(pool.apply_async(run_games, task))
                if len(pending) >= CHUNKS_PER_WORKER * jobs:
                    _collect(stats, *pending.popleft().get(), log, progress)
            while pending:
                _collect(stats, *pending.popleft().get(), log, progress)
    except KeyboardInterrupt:
        raise Interrupted(stats) from None
    return stats


def _collect(stats: Stats, part: Stats, lines: list[str], log: Callable[[str], Any] | None,
             progress: Callable[[Stats], Any] | None) -> None:
    stats.merge(part)
    if progress is not None:
        progress(stats)
    if log is not None:
        for line in lines:
            log(line)
