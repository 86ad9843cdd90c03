"""Game logs as JSON lines (docs/game.md): a header, then the table's events; and their replay on a fresh
table, which checks every event and every score and says where a log and the rules part ways."""
from __future__ import annotations

import io
import json
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import IO, Any

from ..core.jsonio import MAX_LINE_CHARS
from ..core.tiles import TILE_INDEX, WIND_CODES, tile_of_code
from ..ruleset import shipped_rulesets
from .actions import Action, IllegalAction
from .procedure import GameError
from .seat import ready_seats
from .state import LOG_FORMAT as LOG_FORMAT
from .state import encode as encode
from .state import fanrules_version as fanrules_version
from .state import header as header
from .state import log_lines as log_lines
from .table import Table
from .winning import GameRules, game_rules, rules_hash

#: The header fields replay reads and the types they must have (a scripted game's ``wall`` and the
#: winds are checked as tiles when the table is set). ``rules_path`` is only ever shown, never opened.
HEADER_TYPES: dict[str, tuple[type, ...]] = {
    "rules": (str,), "rules_hash": (str,), "rules_path": (str,), "seed": (int, str), "seat_winds": (list,),
    "prevalent_wind": (str,), "wall": (list,), "game": (int, str), "format": (int,), "fanrules": (str,),
    "record": (dict,),
}


def check_header(head: dict[str, Any]) -> None:
    """ValueError (one line, no value quoted) for a header field of the wrong type: a log is data
    someone hands you, and its header must not reach the table or the loader as anything else."""
    for key, types in HEADER_TYPES.items():
        if key in head and (isinstance(head[key], bool) or not isinstance(head[key], types)):
            words = " or ".join({int: "a whole number", str: "text", list: "a list", dict: "a mapping"}[t] for t in types)
            raise GameError(f"a bad log header: '{key}' must be {words}")


def header_rules(head: dict[str, Any], chosen: str | None) -> GameRules:
    """The rules a game is replayed under: the rule set the user names (``chosen``), else the shipped
    rule set of the header's name. Nothing the header says is ever opened as a path."""
    if chosen is not None:
        return game_rules(chosen)
    name = head.get("rules", "mcr")
    if name not in shipped_rulesets(aliases=True):
        raise GameError("the log's rule set is not a shipped one: name it with --rules")
    return game_rules(name)


@dataclass
class Replay:
    """What replaying one game found: how many events matched, the first divergence (index into the
    game's events, what the log says, what the table did), and for each win whose result changed
    under the replaying rules the two results."""

    game: Any
    events: int = 0
    divergence: str | None = None
    score_changes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the replay reached the log's recorded outcome."""
        return self.divergence is None and not self.score_changes


def table_from_header(head: dict[str, Any], rules: GameRules) -> Table:
    """A fresh table set as a log's header says (seed, winds, and the wall of a scripted game)."""
    check_header(head)
    try:
        winds = [TILE_INDEX[w] for w in head.get("seat_winds", WIND_CODES)]
        prevalent = TILE_INDEX[head.get("prevalent_wind", WIND_CODES[0])]
        wall = [tile_of_code(t) for t in head["wall"]] if "wall" in head else None
    except (KeyError, ValueError, TypeError) as err:
        raise GameError(f"a bad log header: {err}") from None
    return Table(rules, head.get("seed", 0), seat_winds=winds, prevalent_wind=prevalent, wall=wall)


def replay_game(head: dict[str, Any], events: Iterable[dict[str, Any]], rules: GameRules) -> Replay:
    """Replay one game's events under ``rules``: each action is stepped on a fresh table and every
    event the table logs is compared with the log's. Under the log's own rules any difference is a
    divergence; under other rules a win with another result is a score change and replay goes on."""
    game = _GameReplay(head, rules)
    for ev in events:
        game.feed(ev)
    return game.finish()


class _GameReplay:
    """One game replayed as its events come, keeping the table and only the logged events the table
    has not logged as far yet (none, while the log agrees), so that memory does not grow with the
    log. Stepping stops at the first refused action or when the table is over; the comparison stops
    at its first difference; a refused action is the divergence reported before a difference."""

    def __init__(self, head: dict[str, Any], rules: GameRules) -> None:
        self.report = Replay(head.get("game"))
        self.same_rules = head.get("rules_hash") == rules_hash(rules)
        self.seen = 0
        self.pending: deque[tuple[int, dict[str, Any]]] = deque()
        self.step_error: str | None = None
        self.compare_error: str | None = None
        #: Where the table parts from a ``recorded`` event (an imported record's outcome, fans, score).
        self.record_error: str | None = None
        self.table: Table | None = None
        try:
            self.table = table_from_header(head, rules)
        except ValueError as err:
            self.report.divergence = str(err)
        self.stepping = self.table is not None

    def feed(self, logged: dict[str, Any]) -> None:
        if "reason" in logged:  # a player's explanation (simulate --explain): not the table's to log
            logged = {k: v for k, v in logged.items() if k != "reason"}
        if logged.get("type") == "recorded":
            if self.table is not None and self.step_error is self.compare_error is self.record_error is None:
                self.record_error = recorded_difference(self.table, logged)
                self.stepping = self.stepping and self.record_error is None
            return
        i, self.seen = self.seen, self.seen + 1
        if self.table is None:
            return
        if self.stepping and logged.get("type") == "bar":
            try:
                self.table.bar(logged.get("player", -1))
            except ValueError as err:
                self.step_error, self.stepping = f"event {i}: {err}", False
        if self.stepping and logged.get("type") == "action":
            try:
                self.table.step(Action.from_json(logged))
            except IllegalAction as err:
                self.step_error = f"event {i}{_line(logged)}: {err}"
                self.stepping = False
            if self.table.over:
                self.stepping = False
        if self.compare_error is None:
            self.pending.append((i, logged))
            self._compare()

    def _compare(self) -> None:
        """Compare the pending events the table has logged as far; once stepping is over the rest too."""
        assert self.table is not None
        mine = self.table.events
        while self.pending and self.compare_error is None:
            i, logged = self.pending[0]
            if i >= len(mine):
                if self.stepping:
                    return
                self.compare_error = f"event {i}{_line(logged)}: the log goes on ({_short(logged)}) but the table stopped"
            elif (logged if "line" not in logged else {k: v for k, v in logged.items() if k != "line"}) == mine[i]:
                self.report.events += 1
            elif not self.same_rules and logged.get("type") == "win" == mine[i].get("type") and \
                    logged.get("record") == mine[i].get("record"):
                self.report.events += 1
                self.report.score_changes.append({"event": i, "player": logged.get("player"), "record": logged.get("record"),
                                                  "logged": logged.get("result"), "replayed": mine[i].get("result")})
            else:
                self.compare_error = f"event {i}{_line(logged)}: the log has {_short(logged)}, the table {_short(mine[i])}"
            self.pending.popleft()
        if self.compare_error is not None:
            self.pending.clear()

    def finish(self) -> Replay:
        if self.table is None:
            return self.report
        self.stepping = False
        self._compare()
        mine = self.table.events
        if self.compare_error is None and len(mine) > self.seen:
            self.compare_error = f"event {self.seen}: the log ends but the table logged {_short(mine[self.seen])}"
        self.report.divergence = self.step_error or self.record_error or self.compare_error
        return self.report


def _short(event: dict[str, Any]) -> str:
    return json.dumps(event, ensure_ascii=False)[:200]


def _line(event: dict[str, Any]) -> str:
    """Where an imported event stands in its record file."""
    return f" (record line {event['line']})" if "line" in event else ""


def recorded_difference(table: Table, recorded: dict[str, Any]) -> str | None:
    """How the table differs from a ``recorded`` event of an imported record, or None: a claim the
    record gives to ``claimer`` (a win or a set), or the hand's outcome (a win's fan total, with flowers
    as the recording calculator counts them, and the score changes)."""
    from ..settlement import draw_changes, settle

    where = f"record line {recorded.get('line')}"
    if "claimer" in recorded:
        claimer = recorded["claimer"]
        got = [w.player for w in table.wins] if table.over else [] if table.window is not None else [table.current]
        return None if claimer in got else f"{where}: the record gives the claim to player {claimer}, the table to {got or 'nobody yet'}"
    outcome = recorded.get("outcome")
    if not table.over:
        return f"{where}: the record's hand ends here ({outcome}), the table's goes on (waiting for player {table.to_act()[0]})"
    if outcome != ("win" if table.wins else "draw"):
        return f"{where}: the record's hand ends in a {outcome}, the table's in a {'win' if table.wins else 'draw'}"
    rules = table.rules.ruleset
    if table.wins:
        win = table.wins[0]
        fans = win.result.total_with_flowers
        if recorded.get("fan") != fans:
            names = " ".join(f"{f['name_zh']}*{f['count']}" for f in win.result.to_json()["fans"])
            return f"{where}: the record's fan total is {recorded.get('fan')} ({recorded.get('fans')}), the table's {fans} ({names})"
        changes = list(settle(win.result, win.player, discarder=win.discarder, rules=rules))
    else:
        changes = list(draw_changes(ready_seats(table.seats), rules))
    if "score" in recorded and recorded["score"] != changes:
        return f"record line {recorded.get('score_line')}: the record's score is {recorded['score']}, the table's {changes}"
    return None


def log_objects(stream: IO[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """The numbered JSON objects of a log, read a line at a time, none longer than the line limit of
    batch (a longer line, /dev/zero say, is refused as soon as the limit is read). ValueError on a
    line that is too long or not a JSON object; blank lines are skipped."""
    for number, line in enumerate(iter(partial(stream.readline, MAX_LINE_CHARS + 1), ""), 1):
        if len(line) > MAX_LINE_CHARS and not line.endswith("\n"):
            raise GameError(f"line {number} is longer than {MAX_LINE_CHARS:,} characters")
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            raise GameError(f"line {number} is not valid JSON: {err.msg} at column {err.colno}") from None
        if not isinstance(obj, dict):
            raise GameError(f"line {number} is not a JSON object")
        yield number, obj


def replay_log(stream: IO[str], rules_of: Callable[[dict[str, Any]], GameRules]) -> Iterator[tuple[GameRules, Replay]]:
    """Replay each game of a log as it is read (``rules_of`` gives the rules to replay a header's game
    under): memory holds one game's table, never the log. ValueError as log_objects, or on events
    before any header."""
    game: _GameReplay | None = None
    rules: GameRules | None = None
    for number, obj in log_objects(stream):
        if obj.get("type") == "header":
            if game is not None and rules is not None:
                yield rules, game.finish()
            rules = rules_of(obj)
            game = _GameReplay(obj, rules)
        elif game is None:
            raise GameError(f"line {number}: an event before any header")
        else:
            game.feed(obj)
    if game is not None and rules is not None:
        yield rules, game.finish()


def read_games(lines: Iterable[str]) -> Iterable[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """The games of a log held in memory: each header with the events after it. ValueError on a line
    that is not a JSON object, or events before any header."""
    head: dict[str, Any] | None = None
    events: list[dict[str, Any]] = []
    for number, obj in log_objects(io.StringIO("".join(line if line.endswith("\n") else line + "\n" for line in lines))):
        if obj.get("type") == "header":
            if head is not None:
                yield head, events
            head, events = obj, []
        elif head is None:
            raise GameError(f"line {number}: an event before any header")
        else:
            events.append(obj)
    if head is not None:
        yield head, events
