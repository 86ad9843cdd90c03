"""The table page's routes: ``/table`` (the page), ``POST /api/tables`` (sit down at a new table),
``GET /api/tables/{id}`` (what the page sees), ``GET /api/tables/{id}/log`` (the game log of the hands
played, which ``fanrules replay`` verifies) and the WebSocket ``/ws/tables/{id}``, over which the page
sends the person's actions and asks for hints and the next hand, and gets what it may see back.

Every engine step runs in the application's engine thread (Playground.run), one at a time."""
from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from html import escape
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from ..core.errors import FanrulesError
from ..game import GameRules, ProcedureError
from ..game.winning import as_game_rules
from ..ruleset import RuleSet
from ..ruleset.files import shipped_rulesets
from .page_words import catalogue_script
from .payload import error_json
from .responses import WebError, json_response, read_json, static_text
from .table_play import PersonTable, TableQuota, Tables
from .tiles import page_sprite

#: Runs engine work in the application's engine thread.
Run = Callable[[Callable[[], Any]], Awaitable[Any]]

#: The largest WebSocket message read from the page, in bytes: an action is a few dozen.
MAX_MESSAGE = 4096
#: The keys of a new table's request.
TABLE_KEYS = ("rules", "session", "seed")


class TableRoutes:
    """The table routes of one application and the tables it holds: ``served`` the rule set served,
    ``ruleset_named`` its rule sets by name, ``run`` its engine thread, ``timeout`` its body timeout."""

    def __init__(self, served: RuleSet, ruleset_named: Callable[[str], RuleSet], run: Run, timeout: float) -> None:
        self.served, self.ruleset_named, self.run, self.timeout = served, ruleset_named, run, timeout
        self.tables = Tables()
        self.rules: dict[str, GameRules] = {}

    def page(self) -> bytes:
        names = sorted({self.served.name, *shipped_rulesets()})
        options = "".join(f'<option{" selected" if n == self.served.name else ""}>{escape(n)}</option>' for n in names)
        return static_text("table.html").replace("{sprite}", page_sprite()).replace("{words}", catalogue_script()).replace("{rulesets}", options).encode("utf-8")

    def game_rules(self, name: Any) -> GameRules:
        if not isinstance(name, str):
            raise WebError(422, "invalid", f"rules must be the name of a rule set, not {name!r}")
        if name not in self.rules:
            self.rules[name] = as_game_rules(self.ruleset_named(name))
        return self.rules[name]

    def new_table(self, body: Any, client: str = "") -> PersonTable:
        """A table for a request ``{"rules": NAME, "session": true|false, "seed": N}`` (all optional)."""
        if not isinstance(body, dict):
            raise WebError(422, "invalid", "a new table takes a JSON object: {\"rules\": \"mcr\", \"session\": false}")
        for key in body:
            if key not in TABLE_KEYS:
                raise WebError(422, "invalid", f"unknown key {key!r} (a new table takes {', '.join(TABLE_KEYS)})")
        rules = self.game_rules(body.get("rules", self.served.name))
        session, seed = body.get("session", False), body.get("seed")
        if not isinstance(session, bool):
            raise WebError(422, "invalid", f"session must be true or false, not {session!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 32):
            raise WebError(422, "invalid", f"seed must be a whole number from 0 to {2 ** 32 - 1}, not {seed!r}")
        if rules.procedure.several_wins != "first_in_turn":  # the page shows and pays one win a hand
            raise ProcedureError(f"rule set {rules.name}: the table records one winner a hand; its procedure lets several win")
        try:
            return self.tables.add(lambda: PersonTable(rules, seed, session), client)
        except TableQuota as err:
            raise WebError(429, "busy", str(err)) from None
        except FanrulesError as err:
            raise WebError(503, "busy", str(err)) from None

    def table(self, key: str) -> PersonTable:
        found = self.tables.get(key)
        if found is None:
            raise WebError(404, "not_found", "no such table: it was never made, or left unused and closed")
        return found

    async def create(self, request: Request) -> Response:
        body = await read_json(request, self.timeout)
        client = request.client.host if request.client else ""
        table = await self.run(lambda: self.new_table(body, client))
        return json_response(201, table.view())

    async def show(self, request: Request) -> Response:
        table = self.table(request.path_params["id"])
        return json_response(200, await self.run(table.view))

    async def log(self, request: Request) -> Response:
        table = self.table(request.path_params["id"])
        text = "".join(line + "\n" for line in table.logs)
        return Response(text.encode("utf-8"), media_type="application/x-ndjson; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="fanrules-table-{table.id}.jsonl"'})

    async def socket(self, websocket: WebSocket) -> None:
        table = self.tables.get(websocket.path_params["id"])
        if table is None:
            await websocket.close(code=1008)
            return
        await websocket.accept()
        await websocket.send_text(json.dumps({"view": await self.run(table.view)}))
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            answer = error_json("invalid", "a message is JSON text") if text is None else \
                await self.run(lambda text=text: self.answer(table, text))  # type: ignore[misc]
            await websocket.send_text(json.dumps(answer))  # ASCII: a lone surrogate echoed in an error stays sendable

    def answer(self, table: PersonTable, text: str) -> dict[str, Any]:
        """The reply to one message of the page: ``{"act": ACTION}``, ``{"hint": true}`` or ``{"next": true}``."""
        if len(text) > MAX_MESSAGE:
            return error_json("too_large", f"a message is at most {MAX_MESSAGE} characters")
        try:
            message = json.loads(text)
        except (ValueError, RecursionError) as err:
            return error_json("invalid", f"a message is JSON: {err}")
        if not isinstance(message, dict) or len(message) != 1 or next(iter(message)) not in ("act", "hint", "next"):
            return error_json("invalid", "a message is {\"act\": ACTION}, {\"hint\": true} or {\"next\": true}")
        try:
            if "hint" in message:
                return {"hint": table.hint()}
            if "next" in message:
                table.next_hand()
            else:
                table.act(message["act"])
        except FanrulesError as err:  # an illegal action or a hint out of turn: why, in one line (a hint's without the view)
            return {**error_json("illegal", str(err)), **({} if "hint" in message else {"view": table.view()})}
        return {"view": table.view()}


def table_routes(routes: TableRoutes, guarded: Callable[[Any], Any]) -> list[BaseRoute]:
    """The routes of the table page; ``guarded`` wraps each HTTP handler (errors in the one shape)."""
    page = routes.page()

    async def show_page(request: Request) -> Response:
        return Response(page, media_type="text/html; charset=utf-8")

    return [Route("/table", guarded(show_page), methods=["GET"]),
            Route("/api/tables", guarded(routes.create), methods=["POST"]),
            Route("/api/tables/{id}", guarded(routes.show), methods=["GET"]),
            Route("/api/tables/{id}/log", guarded(routes.log), methods=["GET"]),
            WebSocketRoute("/ws/tables/{id}", routes.socket)]


__all__ = ["TableRoutes", "table_routes"]
