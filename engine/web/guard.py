"""The ASGI middleware in front of every route: which requests the server answers at all, the
security headers of every answer, and the request log.

It holds on every bind address: the Host header must name an allowed host (the loopback names, and
those given with ``--allow-host``; with ``--public`` any), so a page on another site cannot reach the
server through DNS rebinding; a request that changes state (any method but GET and HEAD, and every
WebSocket) from a browser must come from the server's own origin; a POST must say it sends JSON (a
cross-site form can send only form types and text/plain without asking first); a body longer than the
limit is refused by its Content-Length before it is read; a request with two Content-Length headers is
refused. The log escapes what it prints (``printable``): a path cannot write to the operator's terminal."""
from __future__ import annotations

import json
import time
from collections.abc import Iterable
from typing import IO, Any
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..core.text import printable
from .payload import error_json

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]", "::1"})
HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
           "Content-Security-Policy": "default-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
                                      "frame-ancestors 'none'; form-action 'self'"}
RAW_HEADERS = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in HEADERS.items()]
SAFE_METHODS = frozenset({"GET", "HEAD"})


def host_name(host: str) -> str:
    """The name of a Host header without its port, lower-case (``[::1]:8419`` -> ``[::1]``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1]
    return host.rsplit(":", 1)[0]


class Guard:
    """The middleware: ``hosts`` the names the Host header may give (None: any, for ``--public``),
    ``max_body`` the largest Content-Length accepted, ``log`` where each request is written (or None)."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] | None, max_body: int, log: IO[str] | None = None) -> None:
        self.app = app
        self.hosts = None if hosts is None else LOOPBACK_NAMES | {host_name(h) for h in hosts}
        self.max_body = max_body
        self.log = log

    def refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        """The status, kind and message of a request the server does not answer, or None."""
        headers: dict[str, list[str]] = {}
        for key, value in scope["headers"]:
            headers.setdefault(key.decode("latin-1").lower(), []).append(value.decode("latin-1"))
        host = (headers.get("host") or [""])[0]
        if self.hosts is not None and host_name(host) not in self.hosts:
            return 403, "forbidden", (f"this server answers requests to {', '.join(sorted(self.hosts))}, not to {host!r} "
                                      "(start it with --allow-host NAME, or --public)")
        method = scope.get("method", "GET")
        origin = headers["origin"][0] if "origin" in headers else None
        if origin is not None and (scope["type"] == "websocket" or method not in SAFE_METHODS):
            parts = urlsplit(origin) if origin != "null" else None
            if parts is None or parts.scheme not in ("http", "https") or parts.netloc.lower() != host.strip().lower():
                return 403, "forbidden", f"a request from the page of another site ({origin!r}) is refused"
        if scope["type"] != "http":
            return None
        lengths = headers.get("content-length", [])
        if len(lengths) > 1:
            return 400, "invalid", "the request has more than one Content-Length header"
        if lengths and lengths[0].isdigit() and int(lengths[0]) > self.max_body:
            return 413, "too_large", f"the request body is {lengths[0]} bytes; at most {self.max_body} are accepted"
        if method == "POST":
            kind = (headers.get("content-type") or [""])[0].split(";", 1)[0].strip().lower()
            if kind != "application/json":
                return 415, "media_type", f"a POST sends JSON: Content-Type must be application/json, not {kind or 'missing'!r}"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = [0]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                message = {**message, "headers": [*message.get("headers", []), *RAW_HEADERS]}
            elif message["type"] == "websocket.accept":
                status[0] = 101
            elif message["type"] == "websocket.close" and not status[0]:
                status[0] = 403
            await send(message)

        refused = self.refusal(scope)
        if refused is None:
            await self.app(scope, receive, sending)
        elif scope["type"] == "websocket":
            await sending({"type": "websocket.close", "code": 1008})
        else:
            code, kind, message = refused
            await send_json(sending, code, error_json(kind, message), close=True)
        self.write_log(scope, status[0], time.perf_counter() - started)

    def write_log(self, scope: Scope, status: int, seconds: float) -> None:
        if self.log is None:
            return
        client = scope.get("client") or ("-", 0)
        query = scope.get("query_string", b"").decode("latin-1")
        path = scope.get("path", "") + (f"?{query}" if query else "")
        self.log.write(printable(f"{client[0]} {scope.get('method', 'WS')} {path} {status} {seconds * 1000:.1f}ms") + "\n")
        self.log.flush()


async def send_json(send: Send, status: int, payload: dict[str, Any], close: bool = False) -> None:
    """Answer ``payload`` as JSON with ``status`` (``close``: and close the connection after it)."""
    body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    headers = [(b"content-type", b"application/json; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})

