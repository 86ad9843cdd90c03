"""Playing games with players, and statistics over many seeded games (``fanrules simulate``): a
study (``run_study``) plays each game (or, duplicate, each wall four times with the players rotated) under the rules
and, when asked, under a second rule set on the same seeds, pairing the two per unit."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..core.errors import Diagnostic, RuleSetError
from ..core.memo import Memo
from ..ruleset import load_ruleset
from ..ruleset.files import resolve
from ..study import Checkpoint, Executor, RuleBundle, bundle_of, folder_of
from ..study.checkpoint import Resume
from ..study.executor import CHUNKS_PER_WORKER, Local
from .actions import Phase
from .log import log_lines
from .observation import observe
from .paired import Paired
from .players import Player
from .roster import PlayerFactory, players_of, roster, seated
from .seat import SEAT_COUNT
from .stats import Quantities, Stats, Totals
from .table import Table
from .winning import GameRules, RulesLike, as_game_rules, game_rules, rules_hash

__all__ = ["CHUNKS_PER_WORKER", "PlayerFactory", "Stats", "Study", "Totals", "game_seed", "play", "players_of", "run_study", "simulate"]
_R = TypeVar("_R")

#: Games a worker plays per task: small, so that Ctrl-C loses little and the totals come often.
CHUNK_GAMES = 10


def play(table: Table, players: Sequence[Player], max_steps: int = 10_000, explain: bool = False) -> Table:
    """Play ``table`` to its end, asking each player in turn (a player is given its Observation); a
    step with one legal action (a draw, the only flower) is taken without asking. With ``explain``,
    the action event of each choice gets the ``reason`` its player gave (a player with a str
    ``reason`` attribute, as the expert)."""
    step, legal_actions, to_act = table.step, table.legal, table.to_act
    for _ in range(max_steps):
        if table.phase == Phase.OVER:
            return table
        player = to_act()[0]
        legal = legal_actions(player)
        if len(legal) == 1:
            step(legal[0])
            continue
        chooser = players[player]
        events = step(chooser(observe(table, player)))
        reason = getattr(chooser, "reason", None) if explain else None
        if isinstance(reason, str) and reason:
            events[0]["reason"] = reason
    raise RuntimeError(f"the game did not end within {max_steps} steps")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``."""
    return seed * 1_000_003 + index


def shipped(rules: RulesLike, remote: bool = True) -> RuleBundle:
    """The rule set ``rules`` (shipped name, folder or ruleset.yaml, a RuleSet or what holds one) as the
    bytes its workers load it from. For ``remote`` workers it is loaded here from those bytes too, so
    that a rule set that cannot travel fails before any worker starts; local workers, forked from this
    process, are given the rule set loaded here and read no file at all. A RuleSet changed in Python
    (``RuleSet.replace``) is not what its files say: its bundle's digest carries its rules hash, and
    it plays on local workers only."""
    loaded = as_game_rules(rules)  # its errors name the files the user gave
    origin = loaded.ruleset.path
    if isinstance(rules, (str, Path)):
        return _bundled(bundle_of(resolve(rules).parent, origin), loaded, remote)
    bundle = bundle_of(Path(origin).parent, origin)
    if loaded.ruleset != game_rules(origin).ruleset:
        if remote:
            message = "a rule set changed in Python is not what its files say, and remote workers are sent files: write the change in a rule-set folder (docs/variants.md)"
            raise RuleSetError([Diagnostic(file=origin, line=1, column=1, code="R013", message=message)])
        bundle = replace(bundle, digest=f"{bundle.digest}+{rules_hash(loaded)}")
    return _bundled(bundle, loaded, remote)


def _bundled(bundle: RuleBundle, loaded: GameRules, remote: bool) -> RuleBundle:
    """``bundle`` made ready for its workers: local ones are given ``loaded``; for remote ones it is
    loaded from its bytes here, so that a rule set that cannot travel fails before any starts."""
    origin = loaded.ruleset.path
    if not remote:
        _received[bundle] = loaded
        return bundle
    try:
        _load(bundle)  # from the bytes, as a remote worker will (never the memo of a local run)
    except RuleSetError:
        message = "the rule set does not load from a copy of its folder, which workers are sent: does it extend one by a path outside it?"
        raise RuleSetError([Diagnostic(file=origin, line=1, column=1, code="R013", message=message)]) from None
    return bundle


def _load(bundle: RuleBundle) -> GameRules:
    """The rule set of ``bundle``, loaded from its bytes, under the path the study was given."""
    return GameRules.of(replace(load_ruleset(folder_of(bundle)), path=bundle.origin))


_received: Memo[RuleBundle, GameRules] = Memo(_load, 8)


def _rules(rules: str | Path | RuleBundle) -> GameRules:
    return _received[rules] if isinstance(rules, RuleBundle) else game_rules(rules)


def run_games(rules: str | RuleBundle, seed: int, indices: Iterable[int], kind: str, keep_logs: bool) -> tuple[Stats, list[str]]:
    """Play the games ``indices`` of a simulation; their statistics, and their log lines if asked."""
    gr = _rules(rules)
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
    logged) before it, ``study`` (from ``run_study``) all that was measured of them."""

    def __init__(self, stats: Stats, study: Study | None = None) -> None:
        super().__init__(f"interrupted after {stats.games} games")
        self.stats = stats
        self.study = study


def _dispatch(worker: Callable[..., tuple[_R, list[str]]], shared: Any, tasks: Iterator[tuple[Any, ...]], run: Executor,
              alone: bool, collect: Callable[[_R, list[str]], None], checkpoint: Checkpoint[_R] | None = None) -> None:
    """Run ``worker(shared, *task)`` on each task with ``run`` (in this process when ``alone``: one
    chunk), and ``collect`` the results in the order of the tasks; with a ``checkpoint``, the chunks
    found there are read, not run, and each chunk run is saved there."""
    executor = Local(1) if alone else run
    if checkpoint is None:
        executor.run(worker, shared, tasks, collect)
        return
    resume = Resume(checkpoint, collect)
    executor.run(worker, shared, resume.tasks(tasks), resume.collect)
    resume.finish()


class _Totals(Protocol):
    def merge(self, part: Any, /) -> None: ...


_T = TypeVar("_T", bound=_Totals)


def _collector(whole: _T, progress: Callable[[_T], Any] | None, log: Callable[[str], Any] | None) -> Callable[[_T, list[str]], None]:
    """What takes each chunk's result as it comes, in order: merged into ``whole``, ``progress`` given the
    totals so far, the chunk's log lines given to ``log``."""
    def collect(part: _T, lines: list[str]) -> None:
        whole.merge(part)
        if progress is not None:
            progress(whole)
        if log is not None:
            for line in lines:
                log(line)
    return collect


def simulate(rules: RulesLike, games: int, *, seed: int = 0, kind: str = "expert", jobs: int = 1,
             log: Callable[[str], Any] | None = None, chunk: int = CHUNK_GAMES,
             progress: Callable[[Stats], Any] | None = None, executor: Executor | None = None) -> Stats:
    """Play ``games`` games (game i seeded ``game_seed(seed, i)``) and total them; ``log`` is given each
    log line, games in order, whatever ``jobs`` is, so that the same seed writes the same bytes. Chunks
    of games are made as they are handed out, CHUNKS_PER_WORKER per worker in flight, so that memory
    does not grow with ``games``; Ctrl-C raises Interrupted with the totals of the chunks done.
    ``progress`` is given the totals so far after each chunk (the command's progress line); the chunks
    run on ``executor`` (default: ``jobs`` local processes)."""
    run = executor or Local(jobs)
    bundle = shipped(rules, not isinstance(run, Local))  # a bad rule set fails here, before any worker starts
    players_of(kind)
    tasks = ((seed, range(start, min(start + chunk, games)), kind, log is not None) for start in range(0, games, chunk))
    stats = Stats(_rules(bundle).name)
    try:
        _dispatch(run_games, bundle, tasks, run, games <= chunk, _collector(stats, progress, log))
    except KeyboardInterrupt:
        raise Interrupted(stats) from None
    return stats


@dataclass
class Study:
    """What a study measured: the statistics under the rules, under ``against`` (None without), the
    paired differences per unit (rules minus against), and each unit's quantities under each rule set
    (``units``, in the order played: the figures and their intervals, game/figures.py)."""

    stats: Stats
    other: Stats | None = None
    paired: Paired = field(default_factory=Paired)
    units: list[list[Quantities]] = field(default_factory=list)

    def merge(self, part: Study) -> None:
        """Add the totals, paired differences and units of another part of the same study."""
        self.stats.merge(part.stats)
        if self.other is not None and part.other is not None:
            self.other.merge(part.other)
        self.paired.merge(part.paired)
        self.units.extend(part.units)


def _add(into: Quantities, counts: Quantities) -> None:
    for key, value in counts.items():
        into[key] = into.get(key, 0.0) + value


#: The quantities of a unit kept only for its figures (game/figures.py), not paired as counts.
UNIT_ONLY = ("hands", "turns")


def _per_player(names: Sequence[str], points: list[int], hands: list[int]) -> Quantities:
    """A unit's points and hands of each player name (``points NAME``, ``hands NAME``)."""
    out: Quantities = {}
    for i, name in enumerate(names):
        _add(out, {f"points {name}": float(points[i]), f"hands {name}": float(hands[i])})
    return out


def study_chunk(rules: str | RuleBundle, against: str | RuleBundle | None, seed: int, indices: Iterable[int], players: str,
              duplicate: bool, keep_logs: bool, explain: bool) -> tuple[Study, list[str]]:
    """Play the units ``indices`` of a study (a game, or a wall four times with the players rotated)
    under ``rules`` and, when given, ``against``; what they measured, and the log lines of the games
    under ``rules`` if asked."""
    names = roster(players)
    sides = [_rules(rules)] + ([_rules(against)] if against is not None else [])
    part = Study(Stats(sides[0].name, players=names), Stats(sides[1].name, players=names) if against is not None else None)
    rotations = range(SEAT_COUNT) if duplicate else range(1)
    factories = [players_of(players, r) for r in rotations]
    lines: list[str] = []
    for i in indices:
        s = game_seed(seed, i)
        measured: list[Quantities] = []
        for side, stats in zip(sides, (part.stats, part.other)):
            assert stats is not None
            counts: Quantities = {}
            points, hands = [0] * SEAT_COUNT, [0] * SEAT_COUNT
            for r, factory in zip(rotations, factories):
                order = seated(r)
                table = play(Table(side, s), factory(side, s), explain=explain and side is sides[0])
                got, changes = stats.add(table, order)
                _add(counts, {**got, "hands": 1.0, "turns": float(sum(len(seat.discards) for seat in table.seats))})
                for p in range(SEAT_COUNT):
                    points[order[p]] += changes[p]
                    hands[order[p]] += 1
                if keep_logs and side is sides[0]:
                    lines.extend(log_lines(table, extra={"game": i, **({"rotation": r} if duplicate else {})}))
            stats.unit(points, hands)
            measured.append({**counts, **_per_player(names, points, hands)})
        part.units.append(measured)
        if against is not None:
            part.paired.add(*({k: v for k, v in m.items() if k not in UNIT_ONLY and not k.startswith(("points ", "hands "))}
                              for m in measured))
    return part, lines


def _study_chunk(shared: tuple[RuleBundle, RuleBundle | None], *task: Any) -> tuple[Study, list[str]]:
    """A worker's chunk of a study: the rule sets come as bytes (``shared``), the rest as the task."""
    return study_chunk(shared[0], shared[1], *task)


def run_study(rules: RulesLike, games: int, *, seed: int = 0, players: str = "expert", jobs: int = 1, against: RulesLike | None = None,
          duplicate: bool = False, log: Callable[[str], Any] | None = None, explain: bool = False,
          chunk: int = CHUNK_GAMES, progress: Callable[[Study], Any] | None = None, executor: Executor | None = None,
          checkpoint: str | None = None, on_checkpoint: Callable[[Checkpoint[Study]], Any] | None = None) -> Study:
    """Play ``games`` units (a game each, or with ``duplicate`` a wall played four times with the
    players rotated one seat each time: four games) under ``rules`` and, when given, under ``against``
    on the same seeds, and total them as ``simulate`` does (logs in order whatever ``jobs``; Ctrl-C
    raises Interrupted with what the chunks done measured); ``progress`` is given the study so far
    after each chunk. The chunks run on ``executor`` (default: ``jobs`` local processes), each worker
    loading the rule sets from their bytes; with ``checkpoint`` (a folder), finished chunks are kept
    there and a rerun of the same study reuses them (``on_checkpoint`` is given the Checkpoint at the
    end, to report how many), while another study's folder is refused (CheckpointError)."""
    names = roster(players)
    run = executor or Local(jobs)
    remote = not isinstance(run, Local)
    shared = (shipped(rules, remote), None if against is None else shipped(against, remote))
    players_of(players)
    per = max(1, chunk // SEAT_COUNT) if duplicate else chunk
    tasks = ((seed, range(start, min(start + per, games)), players, duplicate, log is not None, explain)
             for start in range(0, games, per))
    whole = Study(Stats(_rules(shared[0]).name, players=names),
                  None if shared[1] is None else Stats(_rules(shared[1]).name, players=names))
    saved = None if checkpoint is None else Checkpoint(checkpoint, {
        "command": "simulate", "games": games, "seed": seed, "players": players, "duplicate": duplicate, "chunk": per,
        "log": log is not None, "explain": explain, "rules": shared[0].digest,
        "against": None if shared[1] is None else shared[1].digest}, Study)
    try:
        _dispatch(_study_chunk, shared, tasks, run, games <= per, _collector(whole, progress, log), saved)
    except KeyboardInterrupt:
        raise Interrupted(whole.stats, whole) from None
    if saved is not None and on_checkpoint is not None:
        on_checkpoint(saved)
    return whole
