"""Botzone's game records read into fanrules game logs (``fanrules import botzone``; docs/game.md "Real
records"). A record is the text Botzone publishes of its Chinese Standard Mahjong games: ``Match ID``,
``Wind N`` (the prevalent wind, 0..3 = E S W N), four ``Player N Deal`` lines of 13 tiles, then one line an
action (``Player N Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu TILE``, a claim followed by the claims it
beat, ``Ignore Player M Peng TILE``), and the end: ``Fan F NAMES`` with ``Score S0 S1 S2 S3``, or ``Huang``
with its score. Player N sits in wind N (0 = East deals) and draws from their own wall.

The table is set from the record (``Table.from_deal``) and every action is stepped on it: the log holds
the table's events, each action marked with the ``line`` of the record it came from, and a last
``recorded`` event with the record's outcome, fan total and score, which replay compares with its own.
Stepping stops at the first action the table refuses; that action is still written, so replay reports it."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import FanrulesError
from ..core.tiles import FIRST_HONOUR, SUIT_LETTERS, WIND_TILES
from .actions import Action, ActionKind, IllegalAction, Phase
from .state import encode
from .table import Table
from .winning import GameRules, as_game_rules

#: Botzone's tile names: W characters, B dots, T bamboo (as our m, p, s), F1..F4 the winds E S W N,
#: J1..J3 the dragons red, green, white (our C F P).
BOTZONE_TILES: dict[str, int] = {
    **{f"{letter}{rank}": 9 * SUIT_LETTERS.index(ours) + rank - 1 for letter, ours in zip("WBT", SUIT_LETTERS) for rank in range(1, 10)},
    **{f"F{k + 1}": wind for k, wind in enumerate(WIND_TILES)},
    **{f"J{k + 1}": FIRST_HONOUR + len(WIND_TILES) + k for k in range(3)},
}
#: The record's claim words and the actions they are.
#: The most action lines a game may hold: a hand draws fewer than 144 tiles, each drawn tile makes at
#: most a draw, a discard and a claim (a kong: a replacement draw), so more is not a hand.
MAX_ACTS = 4 * 144
#: The longest line read, in characters (a claim with three ``Ignore`` parts takes about 80).
MAX_LINE = 1000
#: The player and wind numbers, read exactly.
SEAT_NUMBERS = {"0": 0, "1": 1, "2": 2, "3": 3}
CLAIMS = {"chi": ActionKind.CHOW, "peng": ActionKind.PUNG, "gang": ActionKind.KONG, "hu": ActionKind.WIN}
PLAYER_ACTS = ("draw", "play", "angang", "bugang", *CLAIMS)


class RecordError(FanrulesError, ValueError):
    """A record line that is not Botzone's format: ``line`` is its number in the file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass(frozen=True)
class Act:
    """One ``Player N WORD TILE`` of a record (a claim's ``Ignore`` parts are Acts of their own)."""

    line: int
    player: int
    word: str
    tile: int


@dataclass
class Record:
    """One game of a record file."""

    match: str
    line: int
    wind: int = 0
    hands: list[list[int]] = field(default_factory=lambda: [[] for _ in range(4)])
    #: Each action line: the act, and the acts it beat (``Ignore``).
    acts: list[tuple[Act, list[Act]]] = field(default_factory=list)
    #: ``recorded`` event: outcome, fan total and names, score, and their lines.
    end: dict[str, Any] = field(default_factory=dict)


def _tile(word: str, line: int) -> int:
    if word not in BOTZONE_TILES:
        raise RecordError(line, f"unknown tile {word!r} (W1..W9, B1..B9, T1..T9, F1..F4, J1..J3)")
    return BOTZONE_TILES[word]


def _act(words: list[str], line: int) -> Act:
    if len(words) != 4 or words[0] != "Player" or words[1] not in SEAT_NUMBERS or words[2].lower() not in PLAYER_ACTS:
        raise RecordError(line, f"expected 'Player N ACTION TILE' (N 0..3), not {' '.join(words)[:60]!r}")
    return Act(line, SEAT_NUMBERS[words[1]], words[2].lower(), _tile(words[3], line))


def read_records(lines: Iterable[str]) -> Iterator[Record]:
    """The games of a record file, in order; RecordError at the first line out of the format."""
    game: Record | None = None
    for number, text in enumerate(lines, 1):
        if len(text) > MAX_LINE:
            raise RecordError(number, f"a line of more than {MAX_LINE} characters is not a line of Botzone's record format")
        words = text.split()
        if not words:
            continue
        if words[0] == "Match":
            if game is not None:
                yield game
            game = Record(" ".join(words[1:2]), number)
        elif game is None:
            raise RecordError(number, "a game must start with 'Match ID'")
        else:
            _read_line(game, words, number)
    if game is not None:
        yield game


def _read_line(game: Record, words: list[str], number: int) -> None:
    """One line of a game after its ``Match``."""
    if words[0] == "Wind" and len(words) == 2 and words[1] in SEAT_NUMBERS:
        game.wind = SEAT_NUMBERS[words[1]]
    elif words[0] == "Player" and len(words) == 16 and words[2] == "Deal" and words[1] in SEAT_NUMBERS:
        game.hands[SEAT_NUMBERS[words[1]]] = [_tile(w, number) for w in words[3:]]
    elif words[0] == "Player":
        if len(game.acts) >= MAX_ACTS:
            raise RecordError(number, f"game {game.match[:40]!r} holds more than {MAX_ACTS} actions, more than one hand can")
        parts = " ".join(words).split(" Ignore ")
        game.acts.append((_act(parts[0].split(), number), [_act(p.split(), number) for p in parts[1:]]))
    elif words[0] == "Fan" and len(words) >= 2 and words[1].isdigit():
        game.end.update(outcome="win", line=number, fan=int(words[1]), fans=" ".join(words[2:]))
    elif words[0] == "Huang" and len(words) == 1:
        game.end.update(outcome="draw", line=number)
    elif words[0] == "Score" and len(words) == 5:
        try:
            game.end.update(score=[int(w) for w in words[1:]], score_line=number)
        except ValueError:
            raise RecordError(number, "a score is four whole numbers") from None
    else:
        raise RecordError(number, f"not a line of Botzone's record format: {' '.join(words)[:60]!r}")


def record_table(record: Record, rules: GameRules) -> Table:
    """The table that deals the record's hands and gives its draws as they came (a draw after a kong
    is the kong's replacement)."""
    draws: list[tuple[int, int, str]] = []
    after_kong: set[int] = set()
    for act, _ in record.acts:
        if act.word == "draw":
            draws.append((act.player, act.tile, "kong" if act.player in after_kong else "wall"))
            after_kong.discard(act.player)
        elif act.word in ("gang", "angang", "bugang"):
            after_kong.add(act.player)
    for p, hand in enumerate(record.hands):
        if len(hand) != 13:
            raise RecordError(record.line, f"game {record.match}: player {p} has no 'Player {p} Deal' line of 13 tiles")
    return Table.from_deal(rules, record.hands, draws, seat_winds=WIND_TILES, prevalent_wind=WIND_TILES[record.wind])


def _action(act: Act, table: Table) -> Action:
    """The table's action for a record's act (a chow's tile is the middle of its three)."""
    match act.word:
        case "draw":
            return Action(act.player, ActionKind.DRAW)
        case "play":
            return Action(act.player, ActionKind.DISCARD, act.tile)
        case "angang":
            return Action(act.player, ActionKind.CONCEALED_KONG, act.tile)
        case "bugang":
            return Action(act.player, ActionKind.ADDED_KONG, act.tile)
        case "chi":
            w = table.window
            return Action(act.player, ActionKind.CHOW, w.tile if w is not None else act.tile,
                          (act.tile - 1, act.tile, act.tile + 1))
        case "hu" | "peng" | "gang":
            tile = None if act.word == "hu" else act.tile
            return Action(act.player, CLAIMS[act.word], tile)
    raise RecordError(act.line, f"unknown action {act.word!r}")


class _Driver:
    """Steps a record's acts on its table, noting each action event's record line."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.lines: dict[int, int] = {}
        #: The action the table refused, as a log event: the last one written.
        self.refused: dict[str, Any] | None = None
        #: ``recorded`` claims, by the number of table events before them.
        self.claims: list[tuple[int, dict[str, Any]]] = []

    def step(self, action: Action, line: int) -> None:
        start = len(self.table.events)
        try:
            self.table.step(action)
        except IllegalAction:
            self.refused = {"type": "action", **action.to_json(), "line": line}
            raise
        self.lines[start] = line

    def answer(self, claims: dict[int, tuple[Action, int]], line: int) -> None:
        """Every answer the open window waits for: the record's claims, the others pass; a claim of a
        player the window did not ask is stepped too (and refused)."""
        while self.table.window is not None:
            q = self.table.window.to_answer()[0]
            action, at = claims.pop(q, (Action(q, ActionKind.PASS), line))
            self.step(action, at)
        for action, at in claims.values():
            self.step(action, at)


def record_log(record: Record, rules: GameRules | str = "botzone") -> list[str]:
    """The fanrules game log of one record (header, events with their record lines, ``recorded``)."""
    game = as_game_rules(rules)
    table = record_table(record, game)
    driver = _Driver(table)
    acts = list(record.acts)
    i = 0
    try:
        while i < len(acts):
            act = acts[i][0]
            i += 1
            if act.word == "hu" and table.phase == Phase.TURN and table.current == act.player:
                # A self-drawn win: Botzone's data names the last discard as its tile, not the drawn one.
                driver.step(Action(act.player, ActionKind.WIN), act.line)
                continue
            driver.step(_action(act, table), act.line)
            if table.window is not None:
                claims: dict[int, tuple[Action, int]] = {}
                won: dict[str, Any] | None = None
                if i < len(acts) and acts[i][0].word in CLAIMS and acts[i][0].player != act.player:
                    claim, beaten = acts[i]
                    i += 1
                    claims = {a.player: (_action(a, table), claim.line) for a in (claim, *beaten)}
                    won = {"type": "recorded", "line": claim.line, "claimer": claim.player}
                driver.answer(claims, act.line)
                if won is not None:  # replay checks that the table gave the claim to the record's claimer
                    driver.claims.append((len(table.events), won))
    except IllegalAction:
        pass  # written below as the driver's refused action: replay reports it with its line
    lines = table.log({"game": record.match, "record": {"format": "botzone", "match": record.match, "line": record.line}})
    events = [dict(e, line=driver.lines[n]) if n in driver.lines else e for n, e in enumerate(table.events)]
    for at, claim in reversed(driver.claims):
        events.insert(at, claim)
    lines[1:] = [encode(e) for e in events]
    if driver.refused is not None:
        lines.append(encode(driver.refused))
    if record.end:
        lines.append(encode({"type": "recorded", **record.end}))
    return lines


def record_logs(lines: Iterable[str], rules: GameRules | str = "botzone") -> Iterator[list[str]]:
    """The game log of each record in a file's lines."""
    for record in read_records(lines):
        yield record_log(record, rules)

