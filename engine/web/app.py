"""``fanrules serve`` as an ASGI application (Starlette): the playground page, its JSON API with its
contract (/openapi.json, /docs), the rule book under /book/, behind the Guard middleware.

Engine work (scoring, analysis, loading a rule set) runs in a worker thread, one job at a time: the
scorer's memos are shared and scoring holds the GIL anyway, and the event loop stays free to read
and write other connections. Every answer that is not a page is JSON; every error has one shape."""
from __future__ import annotations

import json
import sys
from collections.abc import Awaitable, Callable, Iterable
from html import escape
from importlib import resources
from typing import IO, Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.context import FACTS, NOT_TAKEN
from ..core.errors import HandError, RuleSetError, UnknownFanError
from ..core.text import printable
from ..ruleset import RuleSet, load_ruleset
from ..ruleset.files import shipped_rulesets
from ..scoring import Scorer
from . import api
from .book import book_files
from .contract import openapi
from .guard import Guard
from .payload import error_json
from .tiles import sprite

#: The largest request body read, in bytes: a hand with its context takes a few hundred.
MAX_BODY = 16 * 1024
#: Seconds a request body may take to arrive.
TIMEOUT = 10.0
STATIC = {"/static/style.css": ("style.css", "text/css; charset=utf-8"),
          "/static/playground.js": ("playground.js", "text/javascript; charset=utf-8")}
#: The content type of each kind of file of the rule book, served under /book/.
BOOK_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}


class WebError(Exception):
    """A request answered with an error: its HTTP status, kind and message."""

    def __init__(self, status: int, kind: str, message: str) -> None:
        super().__init__(message)
        self.status, self.kind, self.message = status, kind, message


def static_text(name: str) -> str:
    return resources.files("fanrules.web").joinpath("static", name).read_text(encoding="utf-8")


def playground_page(ruleset: RuleSet) -> str:
    """The playground's HTML with the tile pictures and the rule set's name filled in."""
    flags = "".join(f'<label><input type="checkbox" class="flag" id="{f.name}"> {f.name.replace("_", " ")}</label>'
                    for f in FACTS if f.kind == "flag")
    return (static_text("playground.html").replace("{sprite}", sprite()).replace("{rules}", escape(ruleset.name))
            .replace("{flags}", flags)
            .replace("{not_waits}", " ".join(NOT_TAKEN["waits"][0])).replace("{not_analyze}", " ".join(NOT_TAKEN["analyze"][0]))
            .replace("{title}", escape(ruleset.title)).replace("{minimum}", str(ruleset.minimum)))


def docs_page(contract: dict[str, Any]) -> str:
    """``/docs``: the contract for people, one line per endpoint, without scripts from elsewhere."""
    rows = "".join(f"<tr><td><code>{method.upper()} {escape(path)}</code></td><td>{escape(op['summary'])}</td></tr>"
                   for path, ops in contract["paths"].items() for method, op in ops.items())
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(contract["info"]["title"])}</title>'
            f'<link rel="stylesheet" href="/static/style.css"></head><body><main><h1>{escape(contract["info"]["title"])}</h1>'
            f'<p>{escape(contract["info"]["description"])} The contract: <a href="/openapi.json">/openapi.json</a>.</p>'
            f'<table>{rows}</table></main></body></html>')


def json_response(status: int, payload: Any) -> Response:
    return Response(json.dumps(payload, ensure_ascii=False).encode("utf-8"), status, media_type="application/json; charset=utf-8")


async def read_json(request: Request, timeout: float) -> Any:
    """The decoded JSON body (chunked or not), at most MAX_BODY bytes arriving within ``timeout``
    seconds; WebError for anything else. A lone surrogate (``"\\ud800"``: not a character) and an
    integer too long to convert are refused here, as malformed bodies."""
    chunks: list[bytes] = []
    size = 0
    try:
        with anyio.fail_after(timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise WebError(413, "too_large", f"the request body is over {MAX_BODY} bytes; at most {MAX_BODY} are accepted")
                chunks.append(chunk)
    except ClientDisconnect:  # the answer goes nowhere; nothing to log either
        raise WebError(400, "invalid", "the client closed the connection before the body ended") from None
    except TimeoutError:
        raise WebError(408, "invalid", f"the request body did not arrive within {timeout:g} s") from None
    raw = b"".join(chunks)
    try:
        body = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
        json.dumps(body, ensure_ascii=False).encode("utf-8")
    except UnicodeDecodeError:
        raise WebError(400, "invalid", "the request body is not UTF-8 text") from None
    except UnicodeEncodeError:
        raise WebError(400, "invalid", "the request body holds a lone surrogate escape (such as \\ud800), which is not a character") from None
    except json.JSONDecodeError as err:
        raise WebError(400, "invalid", f"the request body is not valid JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    except ValueError as err:  # an integer of more digits than Python converts
        raise WebError(400, "invalid", f"the request body is not valid JSON: {printable(err)}") from None
    except RecursionError:
        raise WebError(400, "invalid", "the request body nests too deeply") from None
    return body


def _no_constant(word: str) -> float:
    """NaN and Infinity are not JSON."""
    raise ValueError(f"{word} is not a JSON value")


Handler = Callable[[Request], Awaitable[Response]]


class Playground:
    """The state of one server: the rule set served with its scorer, the pages made once, the shipped
    rule sets loaded on demand, and the limiter that runs engine work one job at a time."""

    def __init__(self, ruleset: RuleSet, timeout: float = TIMEOUT) -> None:
        self.ruleset = ruleset
        self.scorer = Scorer(ruleset)
        self.timeout = timeout
        self.engine = anyio.CapacityLimiter(1)
        self.rulesets: dict[str, RuleSet] = {ruleset.name: ruleset}
        self.contract = openapi(ruleset.name)
        self.assets: dict[str, tuple[bytes, str]] = {
            "/": (playground_page(ruleset).encode("utf-8"), "text/html; charset=utf-8"),
            "/openapi.json": (json.dumps(self.contract, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8"),
            "/docs": (docs_page(self.contract).encode("utf-8"), "text/html; charset=utf-8"),
            **{path: (static_text(name).encode("utf-8"), kind) for path, (name, kind) in STATIC.items()}}
        self.assets["/index.html"] = self.assets["/"]
        for name, data in book_files(ruleset).items():
            self.assets[f"/book/{name}"] = (data, BOOK_TYPES[name[name.rindex("."):]])
        self.assets["/book/"] = self.assets["/book/index.html"]

    async def run(self, work: Callable[[], Any]) -> Any:
        """``work()`` in the engine's worker thread."""
        return await anyio.to_thread.run_sync(work, limiter=self.engine)

    def ruleset_named(self, name: str) -> RuleSet:
        """The rule set served, or a shipped one by name (loaded once)."""
        if name not in self.rulesets:
            if name not in shipped_rulesets():
                raise WebError(404, "not_found", f"no rule set {name!r}; known: {', '.join(sorted({self.ruleset.name, *shipped_rulesets()}))}")
            self.rulesets[name] = load_ruleset(name)
        return self.rulesets[name]

    async def api(self, request: Request) -> Response:
        body = await read_json(request, self.timeout)
        status, payload = await self.run(lambda: api.answer(request.url.path, body, self.scorer))
        return json_response(status, payload)

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
            return json_response(err.status, error_json(err.kind, err.message))
        except (HandError, RuleSetError) as err:
            return json_response(422, error_json("invalid", printable(err)))
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
             extra: Iterable[Route] = ()) -> Starlette:
    """The application serving ``ruleset``: ``hosts`` the host names answered besides the loopback
    ones (None: every name, ``--public``), ``log`` where each request is written, ``timeout`` the
    seconds a body may take, ``extra`` more routes (the table's)."""
    state = Playground(ruleset, timeout)
    routes = [Route(path, guarded(state.api), methods=["POST"]) for path in api.ENDPOINTS]
    routes += [Route("/api/rules", guarded(state.rules), methods=["GET"]),
               Route("/api/rules/{name}", guarded(state.rules_one), methods=["GET"]),
               Route("/api/rules/{name}/fans/{fan}", guarded(state.rules_one), methods=["GET"]),
               Route("/api/rules/{name}/sections/{section}", guarded(state.rules_one), methods=["GET"]),
               *extra,
               Route("/{rest:path}", guarded(state.asset), methods=["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error})
    app.state.playground = state
    app.add_middleware(Guard, hosts=hosts, max_body=MAX_BODY, log=log)
    return app


__all__ = ["MAX_BODY", "TIMEOUT", "make_app"]
