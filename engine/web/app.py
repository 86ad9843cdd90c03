"""``fanrules serve`` as an ASGI application (Starlette): the playground page, its JSON API with its
contract (/openapi.json, /docs), the rule book under /book/, behind the Guard middleware.

Engine work (scoring, loading a rule set, the table) runs in a worker thread, one job at a time, and
the event loop stays free to read and write other connections. The expensive endpoints (analysis, a
diff of rule sets) run in a second worker of their own, so that a cheap request never queues behind
them; at most HEAVY_QUEUE of them wait or run at once, and the next is answered 503 with Retry-After. Every answer that is not a page is JSON; every error has one shape."""
from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable, Iterable
from html import escape
from typing import IO, Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..core.context import FACTS, NOT_TAKEN
from ..core.errors import FanrulesError, HandError, UnknownFanError
from ..core.text import printable
from ..ruleset import RuleSet, load_ruleset
from ..ruleset.files import shipped_rulesets
from ..scoring import Scorer
from . import api
from .book import book_files
from .contract import openapi
from .guard import Guard
from .page_words import catalogue_script
from .payload import error_json
from .responses import MAX_BODY, TIMEOUT, WebError, json_response, read_json, static_text
from .table_routes import TableRoutes, table_routes
from .tiles import page_sprite

STATIC = {"/static/style.css": ("style.css", "text/css; charset=utf-8"),
          "/static/common.js": ("common.js", "text/javascript; charset=utf-8"),
          "/static/playground.js": ("playground.js", "text/javascript; charset=utf-8"),
          "/static/table.js": ("table.js", "text/javascript; charset=utf-8"),
          "/static/table_end.js": ("table_end.js", "text/javascript; charset=utf-8")}
#: The content type of each kind of file of the rule book, served under /book/.
BOOK_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}


def playground_page(ruleset: RuleSet) -> str:
    """The playground's HTML with the tile pictures and the rule set's name filled in."""
    flags = "".join(f'<label><input type="checkbox" class="flag" id="{f.name}"> <span data-i18n="{f.name.replace("_", " ")}">'
                    f'{f.name.replace("_", " ")}</span></label>'
                    for f in FACTS if f.kind == "flag")
    return (static_text("playground.html").replace("{sprite}", page_sprite()).replace("{words}", catalogue_script()).replace("{rules}", escape(ruleset.name))
            .replace("{flags}", flags)
            .replace("{not_waits}", " ".join(NOT_TAKEN["waits"][0])).replace("{not_analyze}", " ".join(NOT_TAKEN["analyze"][0]))
            .replace("{title_zh}", escape(ruleset.title_zh)).replace("{title}", escape(ruleset.title)).replace("{minimum}", str(ruleset.minimum)))


def docs_page(contract: dict[str, Any]) -> str:
    """``/docs``: the contract for people, one line per endpoint, without scripts from elsewhere."""
    rows = "".join(f"<tr><td><code>{method.upper()} {escape(path)}</code></td><td>{escape(op['summary'])}</td></tr>"
                   for path, ops in contract["paths"].items() for method, op in ops.items())
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(contract["info"]["title"])}</title>'
            f'<link rel="stylesheet" href="/static/style.css"></head><body><main><h1>{escape(contract["info"]["title"])}</h1>'
            f'<p>{escape(contract["info"]["description"])} The contract: <a href="/openapi.json">/openapi.json</a>.</p>'
            f'<table>{rows}</table></main></body></html>')


Handler = Callable[[Request], Awaitable[Response]]
#: The endpoints whose work may take seconds: run in their own worker, their queue bounded.
HEAVY = frozenset({"/api/analyze", "/api/diff"})
#: The most requests of HEAVY endpoints waiting or running at once.
HEAVY_QUEUE = 4


class Playground:
    """The state of one server: the rule set served with its scorer, the pages made once, the shipped
    rule sets loaded on demand, and the limiter that runs engine work one job at a time."""

    def __init__(self, ruleset: RuleSet, timeout: float = TIMEOUT, diff: api.Diff | None = None) -> None:
        self.ruleset = ruleset
        self.diff = diff
        self.scorer = Scorer(ruleset)
        self.timeout = timeout
        self.engine = anyio.CapacityLimiter(1)
        self.heavy = anyio.CapacityLimiter(1)
        self.heavy_queued = 0
        self.rulesets: dict[str, RuleSet] = {ruleset.name: ruleset}
        self.contract = openapi(ruleset.name, diff is not None)
        self.assets: dict[str, tuple[bytes, str]] = {
            "/": (playground_page(ruleset).encode("utf-8"), "text/html; charset=utf-8"),
            "/openapi.json": (json.dumps(self.contract, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8"),
            "/docs": (docs_page(self.contract).encode("utf-8"), "text/html; charset=utf-8"),
            **{path: (static_text(name).encode("utf-8"), kind) for path, (name, kind) in STATIC.items()}}
        self.assets["/index.html"] = self.assets["/"]
        for name, data in book_files(ruleset).items():
            self.assets[f"/book/{name}"] = (data, BOOK_TYPES[name[name.rindex("."):]])
        self.assets["/book/"] = self.assets["/book/index.html"]
        for name, data in book_files(ruleset, "zh").items():  # the playground's Chinese links
            self.assets[f"/book/zh/{name}"] = (data, BOOK_TYPES[name[name.rindex("."):]])
        self.assets["/book/zh/"] = self.assets["/book/zh/index.html"]

    async def run(self, work: Callable[[], Any]) -> Any:
        """``work()`` in the engine's worker thread."""
        return await anyio.to_thread.run_sync(work, limiter=self.engine)

    async def run_heavy(self, work: Callable[[], Any]) -> Any:
        """``work()`` in the worker of the expensive endpoints; WebError 503 when HEAVY_QUEUE wait already."""
        if self.heavy_queued >= HEAVY_QUEUE:
            raise WebError(503, "busy", f"{HEAVY_QUEUE} expensive requests are waiting already: try again in a second",
                           {"Retry-After": "1"})
        self.heavy_queued += 1
        try:
            return await anyio.to_thread.run_sync(work, limiter=self.heavy)
        finally:
            self.heavy_queued -= 1

    def ruleset_named(self, name: str) -> RuleSet:
        """The rule set served, or a shipped one by name (loaded once)."""
        if name not in self.rulesets:
            if name not in shipped_rulesets():
                raise WebError(404, "not_found", f"no rule set {name!r}; known: {', '.join(sorted({self.ruleset.name, *shipped_rulesets()}))}")
            self.rulesets[name] = load_ruleset(name)
        return self.rulesets[name]

    async def api(self, request: Request) -> Response:
        body = await read_json(request, self.timeout)
        run = self.run_heavy if request.url.path in HEAVY else self.run
        status, payload = await run(lambda: api.answer(request.url.path, body, self.scorer))
        return json_response(status, payload)

    async def compare(self, request: Request) -> Response:
        """``POST /api/diff``: ``fanrules diff --json`` of the posted cases."""
        body = await read_json(request, self.timeout)
        diff = self.diff
        assert diff is not None  # the route exists only with it

        def work() -> dict[str, Any]:
            first, second, cases = api.diff_request(body, self.ruleset.name)
            return diff(self.ruleset_named(first), self.ruleset_named(second), cases)
        try:
            return json_response(200, await self.run_heavy(work))
        except HandError as err:
            return json_response(422, error_json(err.kind, str(err), body))

    async def asset(self, request: Request) -> Response:
        found = self.assets.get(request.url.path)
        if request.url.path in api.ENDPOINTS:
            raise WebError(405, "method", f"{request.url.path} takes POST with a JSON body")
        if found is None:
            raise WebError(404, "not_found", f"no page {request.url.path}; the API is POST {', '.join(api.ENDPOINTS)} (see /openapi.json)")
        if request.method not in ("GET", "HEAD"):
            raise WebError(405, "method", f"{request.url.path} takes GET")
        return Response(found[0], media_type=found[1])

    async def rules(self, request: Request) -> Response:
        return json_response(200, {"served": self.ruleset.name, "shipped": shipped_rulesets()})

    async def rules_one(self, request: Request) -> Response:
        params = request.path_params
        ruleset = await self.run(lambda: self.ruleset_named(params["name"]))
        if "fan" in params:
            try:
                return json_response(200, api.fan_json(api.find_fan(ruleset, params["fan"])))
            except UnknownFanError as err:
                raise WebError(404, "not_found", str(err)) from None
        if "section" in params:
            if params["section"] not in ruleset.sections:
                raise WebError(404, "not_found", f"rule set {ruleset.name} has no section {params['section']!r}; "
                                                 f"it has {', '.join(sorted(ruleset.sections)) or 'none'}")
            return json_response(200, {params["section"]: ruleset.sections[params["section"]]})
        return json_response(200, api.ruleset_json(ruleset))


def guarded(handler: Handler) -> Handler:
    """``handler`` with every error answered in the one error shape: a WebError with its status, a
    bug with 500 and one line in the log, never a traceback."""
    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except WebError as err:
            return json_response(err.status, error_json(err.kind, err.message), err.headers)
        except FanrulesError as err:  # a rule set that cannot be loaded or played, a hand: the request cannot be done
            return json_response(422, error_json(err.kind if isinstance(err, HandError) else "invalid", printable(err)))
        except Exception as err:  # noqa: BLE001 - a bug must still answer JSON, never a traceback
            print(printable(f"fanrules serve: {request.url.path}: {type(err).__name__}: {err}"), flush=True, file=sys.stderr)
            return json_response(500, error_json("internal", "the server failed on this request"))
    return run


async def http_error(request: Request, exc: Exception) -> Response:
    """404 and 405 of the router, in the one error shape."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    path = request.url.path
    if status == 405:
        return json_response(405, error_json("method", f"{path} takes {'POST with a JSON body' if path in api.ENDPOINTS else 'GET'}"))
    return json_response(status, error_json("not_found", f"no page {path}; the API is POST {', '.join(api.ENDPOINTS)} (see /openapi.json)"))


def make_app(ruleset: RuleSet, hosts: Iterable[str] | None = (), log: IO[str] | None = None, timeout: float = TIMEOUT,
             diff: api.Diff | None = None) -> Starlette:
    """The application serving ``ruleset``: ``hosts`` the host names answered besides the loopback
    ones (None: every name, ``--public``), ``log`` where each request is written, ``timeout`` the
    seconds a body may take, ``diff`` the comparison of rule sets that ``POST /api/diff`` answers with
    (the command line's, which this layer may not import: without it there is no such endpoint)."""
    state = Playground(ruleset, timeout, diff)
    tables = TableRoutes(ruleset, state.ruleset_named, state.run, timeout)
    routes: list[BaseRoute] = [Route(path, guarded(state.api), methods=["POST"]) for path in api.ENDPOINTS]
    routes += [Route("/api/rules", guarded(state.rules), methods=["GET"]),
               Route("/api/rules/{name}", guarded(state.rules_one), methods=["GET"]),
               Route("/api/rules/{name}/fans/{fan}", guarded(state.rules_one), methods=["GET"]),
               Route("/api/rules/{name}/sections/{section}", guarded(state.rules_one), methods=["GET"]),
               *([Route("/api/diff", guarded(state.compare), methods=["POST"])] if diff is not None else []),
               *table_routes(tables, guarded),
               Route("/{rest:path}", guarded(state.asset), methods=["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error})
    app.state.playground, app.state.tables = state, tables
    app.add_middleware(Guard, hosts=hosts, max_body=MAX_BODY, log=log)
    return app


__all__ = ["MAX_BODY", "TIMEOUT", "make_app"]
