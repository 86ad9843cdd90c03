"""Score sheets: a session written as text lines (``E wins 24 from S``, ``S self-draws 1112345678999m5m``,
``draw``, ``N false-win``) or as JSONL objects, read into a Session. A line that cannot be recorded is
reported as ``file:line: message``. The formats: docs/settlement.md."""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..core import HandError, hand_from_record
from ..core.text import printable
from ..ruleset import RulesLike
from .session import Session
from .terms import WINDS, SettlementError

#: Context words of a text line that scores a hand string, and the keyword each sets.
FLAGS = {"last-copy": "last_copy", "kong": "kong_related", "last-tile": "last_tile"}
#: The keys of a JSONL event besides ``event``, by event.
EVENT_KEYS = {"win": {"winner", "discarder", "points", "hand", "flowers", "last_copy", "kong_related", "last_tile"},
              "draw": {"ready"}, "penalty": {"player", "kind"}}
#: A number on a sheet (points 0..10000, flowers 0..8, a player 0..3) has at most this many digits: a
#: longer one is refused before it is converted (Python refuses over 4,300 digits with a ValueError),
#: a shorter one out of its range is refused with that range.
MAX_DIGITS = 20


class SheetError(SettlementError):
    """A sheet line that cannot be recorded: ``source:line: message``."""

    def __init__(self, source: str, line: int, message: str) -> None:
        super().__init__(f"{source}:{line}: {message}")
        self.source, self.line, self.message = source, line, message


def _player(token: Any, names: Sequence[str]) -> int:
    """A player by name, by opening seat (E, S, W, N) or by index 0..3."""
    if isinstance(token, str):
        if token in names:
            return names.index(token)
        if token in WINDS:
            return WINDS.index(token)
        raise SettlementError(f"unknown player {token!r}: use {', '.join(names)}" + ("" if tuple(names) == WINDS else " or E, S, W, N"))
    if isinstance(token, int) and not isinstance(token, bool) and 0 <= token <= 3:
        return token
    raise SettlementError(f"a player is a name, a seat (E, S, W, N) or an index 0..3, not {token!r}")


def _names(value: Any) -> tuple[str, ...]:
    """Four player names; a name is one printable word (names are printed in every table and error)."""
    if not isinstance(value, list) or len(value) != 4 or len(set(value)) != 4 or not all(
            isinstance(v, str) and v and v.split() == [v] and printable(v) == v for v in value):
        raise SettlementError(f"players must be four different one-word names without control characters, not {value!r}")
    return tuple(value)


def _number(word: str) -> int | None:
    """The number a text word writes (ASCII digits, at most MAX_DIGITS), or None when it is no number
    (then it is a hand string). ``²`` or ``٣`` pass ``str.isdigit`` but are refused here."""
    if not word.isdigit():
        return None
    if not word.isascii():
        raise SettlementError(f"write numbers with the digits 0-9, not {word!r}")
    if len(word) > MAX_DIGITS:
        raise SettlementError(f"a number of {len(word)} digits: points and flowers have at most {MAX_DIGITS}")
    return int(word)


def _json_int(text: str) -> int:
    """A JSON integer of at most MAX_DIGITS digits (``json.loads``'s ``parse_int``)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise SettlementError(f"a number of {len(text.lstrip('-'))} digits: numbers on a sheet have at most {MAX_DIGITS}")
    return int(text)


def _text_event(session: Session, words: list[str]) -> None:
    names = session.names
    if words == ["draw"] or words[:2] == ["draw", "ready"]:
        session.draw([_player(w, names) for w in words[2:]])
        return
    if len(words) == 2 and words[1] not in ("wins", "self-draws"):
        session.penalty(_player(words[0], names), words[1])
        return
    if len(words) < 3 or words[1] not in ("wins", "self-draws"):
        raise SettlementError("expected 'X wins POINTS|HAND from Y', 'X self-draws POINTS|HAND', 'draw [ready X ...]' or 'X PENALTY'")
    winner, what, rest = _player(words[0], names), words[2], words[3:]
    discarder = None
    if words[1] == "wins":
        if len(rest) < 2 or rest[0] != "from":
            raise SettlementError(f"'{words[0]} wins {what}' needs 'from' and the discarder (or write 'self-draws')")
        discarder, rest = _player(rest[1], names), rest[2:]
    flowers: int | None = None
    context: dict[str, bool] = {}
    while rest:
        word = rest.pop(0)
        if word == "flowers" and rest and (count := _number(rest[0])) is not None:
            rest.pop(0)
            flowers = count
        elif word in FLAGS:
            context[FLAGS[word]] = True
        else:
            raise SettlementError(f"unexpected {word!r}: after the hand come 'flowers N' and {', '.join(FLAGS)}")
    points = _number(what)
    hand: int | str = what if points is None else points
    if isinstance(hand, int) and context:
        raise SettlementError(f"{', '.join(k for k, v in FLAGS.items() if v in context)} only apply to a hand string, not to points")
    if isinstance(hand, str) and not any(c in "mpsz[ESWNCFP" for c in hand):  # no tile in it: points mistyped
        raise SettlementError(f"expected POINTS (a whole number) or a HAND string after '{words[1]}', not {hand!r}")
    session.win(winner, hand, discarder, flowers, **context)


def _json_event(session: Session, record: Any) -> None:
    if not isinstance(record, dict):
        raise SettlementError("each line must be a JSON object")
    kind = record.get("event")
    if kind not in EVENT_KEYS:
        raise SettlementError(f"'event' must be one of {', '.join(EVENT_KEYS)}, not {kind!r}")
    unknown = sorted(set(record) - EVENT_KEYS[kind] - {"event"})
    if unknown:
        raise SettlementError(f"unknown key(s) {', '.join(map(repr, unknown))} for a {kind}: use {', '.join(sorted(EVENT_KEYS[kind]))}")
    names = session.names
    if kind == "draw":
        ready = record.get("ready", [])
        if not isinstance(ready, list):
            raise SettlementError("'ready' must be a list of players")
        session.draw([_player(p, names) for p in ready])
    elif kind == "penalty":
        if not isinstance(record.get("kind"), str):
            raise SettlementError("a penalty needs 'kind', a penalty of the rule set (false_win, ...)")
        session.penalty(_player(record.get("player"), names), record["kind"])
    else:
        if ("points" in record) == ("hand" in record):
            raise SettlementError("a win needs either 'points' (a number) or 'hand' (a hand string or a JSONL hand object)")
        discarder = None if record.get("discarder") is None else _player(record["discarder"], names)
        context = {k: record[k] for k in FLAGS.values() if k in record}
        if not all(isinstance(v, bool) for v in context.values()):
            raise SettlementError(f"{', '.join(context)} must be true or false")
        hand = record["points"] if "points" in record else record["hand"]
        if isinstance(hand, dict):
            hand = hand_from_record(hand)
        elif isinstance(hand, bool) or not isinstance(hand, (int, str)):
            raise SettlementError(f"'{'points' if 'points' in record else 'hand'}' must be a number, a hand string or a hand object")
        session.win(_player(record.get("winner"), names), hand, discarder, record.get("flowers"), **context)


def read_sheet(text: str, rules: RulesLike = "mcr", *, source: str = "<sheet>") -> Session:
    """The Session a score sheet records (text lines, or JSONL when its first entry is an object).
    A first entry ``players: A B C D`` (JSON: ``{"players": [...]}``) names the players."""
    lines = [(n, line.split("#", 1)[0].strip()) for n, line in enumerate(text.splitlines(), 1)]
    lines = [(n, line) for n, line in lines if line]
    session = Session(rules)
    is_json = bool(lines) and lines[0][1].startswith("{")
    for i, (number, line) in enumerate(lines):
        try:
            if is_json:
                try:
                    record = json.loads(line, parse_int=_json_int)
                except json.JSONDecodeError as err:
                    raise SettlementError(f"not valid JSON: {err.msg}") from None
                except RecursionError:
                    raise SettlementError("not valid JSON: nested too deeply") from None
                if i == 0 and isinstance(record, dict) and set(record) == {"players"}:
                    session = Session(rules, names=_names(record["players"]))
                else:
                    _json_event(session, record)
            elif line.startswith("players:"):
                if i:
                    raise SettlementError("'players:' must come first, before any hand")
                session = Session(rules, names=_names(line.removeprefix("players:").split()))
            else:
                _text_event(session, line.split())
        except (SettlementError, HandError) as err:
            raise SheetError(source, number, str(err)) from None
    return session
