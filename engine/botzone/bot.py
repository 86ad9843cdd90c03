"""``fanrules bot``: a fanrules player speaking Botzone's protocol on standard input and output, in
either of Botzone's input forms (wiki.botzone.org.cn, page Bot): simple interaction (a line with the
turn number n, then the 2n-1 earlier requests and responses and the new request) or one line of JSON
(``{"requests": [...], "responses": [...]}``, answered ``{"response": ...}``). After each answer it asks
to be kept running (``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<``) and then reads one request a line; a
judge that does not keep it simply starts it again with the whole history."""
from __future__ import annotations

import json
from collections.abc import Callable
from importlib import import_module
from typing import IO

from ..game import Player
from ..game.players import PLAYERS
from ..game.winning import GameRules
from .botside import BotSide
from .process import KEEP_RUNNING


def make_player(name: str, rules: GameRules, seed: int | str = 0) -> Player:
    """A built-in player by name (``greedy``, ``random``) or ``module:Name``: a class or factory called
    with the rules (and the seed, if it takes one)."""
    if name in PLAYERS:
        return PLAYERS[name](rules, seed)
    module, _, attr = name.partition(":")
    if not attr:
        raise ValueError(f"unknown player {name!r}: use one of {', '.join(PLAYERS)} or module:Name")
    factory: Callable[..., Player] = getattr(import_module(module), attr)
    try:
        return factory(rules, seed)
    except TypeError:
        return factory(rules)


def _line(stream: IO[str]) -> str | None:
    """The next non-blank line, or None at the end of the input."""
    while True:
        line = stream.readline()
        if not line:
            return None
        if line.strip():
            return line.strip()


def serve(side: BotSide, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer Botzone's requests until the input ends."""
    first = _line(stdin)
    if first is None:
        return
    if first.startswith("{"):
        data = json.loads(first)
        requests, responses = data.get("requests", []), data.get("responses", [])
        for request, response in zip(requests, responses):
            side.feed(request, response)
        stdout.write(json.dumps({"response": side.respond(requests[len(responses)])}) + "\n")
    else:
        n = int(first)
        history = [_line(stdin) or "" for _ in range(2 * n - 2)]
        for request, response in zip(history[::2], history[1::2]):
            side.feed(request, response)
        stdout.write(side.respond(_line(stdin) or "") + "\n")
    while True:
        stdout.write(KEEP_RUNNING + "\n")
        stdout.flush()
        request = _line(stdin)
        if request is None:
            return
        if request.startswith('"'):  # kept running in the JSON form: each request a JSON string
            request = json.loads(request)
        stdout.write(side.respond(request) + "\n")
