"""``fanrules bot``: a fanrules player speaking Botzone's protocol on standard input and output, in
either of Botzone's input forms (wiki.botzone.org.cn, page Bot): simple interaction (a line with the
turn number n, then the 2n-1 earlier requests and responses and the new request) or one line of JSON
(``{"requests": [...], "responses": [...]}``, answered ``{"response": ...}``). After each answer it asks
to be kept running (``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<``) and then reads one request a line; a
judge that does not keep it simply starts it again with the whole history."""
from __future__ import annotations

import json
from typing import IO

from ..game import Player
from ..game.roster import maker
from ..game.winning import GameRules
from .botside import BotSide, ProtocolError
from .process import KEEP_RUNNING


def make_player(name: str, rules: GameRules, seed: int | str = 0) -> Player:
    """The player ``name`` names as ``--players`` does (game/roster.py): a built-in one, or ``module:Name``
    (a class or factory called with the rules, and the seed if it takes one); RosterError, a ValueError,
    for any other."""
    made: Player = maker(name)(rules, seed)
    return made


def _line(stream: IO[str]) -> str | None:
    """The next non-blank line, or None at the end of the input."""
    while True:
        line = stream.readline()
        if not line:
            return None
        if line.strip():
            return line.strip()


#: The most turns a simple-interaction input may say it holds: a hand takes a few hundred.
MAX_TURNS = 10_000


def _strings(data: dict[str, object], key: str) -> list[str]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ProtocolError(f"{key!r} must be a list of strings")
    return value


def _decoded(text: str, refusal: str) -> object:
    """``text`` read as JSON; ProtocolError(``refusal``) when it is not."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError(refusal) from None


def _first_json(side: BotSide, line: str) -> str:
    """The answer to Botzone's JSON form: the history fed, the last request answered."""
    data = _decoded(line, "the first line is not JSON")
    if not isinstance(data, dict):
        raise ProtocolError('the JSON input is an object {"requests": [...], "responses": [...]}')
    requests, responses = _strings(data, "requests"), _strings(data, "responses")
    if len(requests) != len(responses) + 1:
        raise ProtocolError(f"the JSON input holds one request more than responses, not {len(requests)} and {len(responses)}")
    for request, response in zip(requests, responses):
        side.feed(request, response)
    return json.dumps({"response": side.respond(requests[-1])})


def _first_simple(side: BotSide, stdin: IO[str], first: str) -> str | None:
    """The answer to simple interaction (None when the input ends first)."""
    if not first.isascii() or not first.isdigit() or not 1 <= int(first) <= MAX_TURNS:
        raise ProtocolError(f"the first line is the turn number 1..{MAX_TURNS}, not {first[:40]!r}")
    lines: list[str] = []
    for _ in range(2 * int(first) - 1):
        line = _line(stdin)
        if line is None:
            return None
        lines.append(line)
    for request, response in zip(lines[:-1:2], lines[1:-1:2]):
        side.feed(request, response)
    return side.respond(lines[-1])


def serve(side: BotSide, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer Botzone's requests until the input ends; ProtocolError for input out of the protocol."""
    first = _line(stdin)
    if first is None:
        return
    answer = _first_json(side, first) if first.startswith("{") else _first_simple(side, stdin, first)
    if answer is None:
        return
    stdout.write(answer + "\n")
    while True:
        stdout.write(KEEP_RUNNING + "\n")
        stdout.flush()
        request = _line(stdin)
        if request is None:
            return
        if request.startswith('"'):  # kept running in the JSON form: each request a JSON string
            decoded = _decoded(request, "a request in the JSON form is a JSON string")
            if not isinstance(decoded, str):
                raise ProtocolError("a request in the JSON form is a JSON string")
            request = decoded
        stdout.write(side.respond(request) + "\n")
