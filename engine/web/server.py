"""``fanrules serve``: the playground page, its JSON API and the rule book (under /book/) on the
standard library's HTTP server.

One ThreadingHTTPServer bound to localhost: small JSON bodies (at most ``MAX_BODY`` bytes), a socket
timeout per request, every error answered as JSON with a 4xx status and the command line's message,
never a traceback."""
from __future__ import annotations

import json
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

from ..core.context import FACTS
from ..ruleset import RuleSet
from ..scoring import Scorer
from . import api
from .book import book_files
from .payload import error_json
from .tiles import sprite

#: The largest request body read, in bytes: a hand with its context takes a few hundred.
MAX_BODY = 16 * 1024
#: Seconds a connection may stay silent before it is closed.
TIMEOUT = 10
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]", "::1"})
STATIC = {"/static/style.css": ("style.css", "text/css; charset=utf-8"),
          "/static/playground.js": ("playground.js", "text/javascript; charset=utf-8")}
#: The content type of each kind of file of the rule book, served under /book/.
BOOK_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
           "Content-Security-Policy": "default-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'none'"}


def _static(name: str) -> str:
    return resources.files("fanrules.web").joinpath("static", name).read_text(encoding="utf-8")


def playground_page(ruleset: RuleSet) -> str:
    """The playground's HTML with the tile pictures and the rule set's name filled in."""
    from html import escape

    flags = "".join(f'<label><input type="checkbox" class="flag" id="{f.name}"> {f.name.replace("_", " ")}</label>'
                    for f in FACTS if f.kind == "flag")
    return (_static("playground.html").replace("{sprite}", sprite()).replace("{rules}", escape(ruleset.name))
            .replace("{flags}", flags)
            .replace("{title}", escape(ruleset.title)).replace("{minimum}", str(ruleset.minimum)))


class PlaygroundServer(ThreadingHTTPServer):
    """The HTTP server with the rule set's scorer and the page made once."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], ruleset: RuleSet, quiet: bool = False, timeout: float = TIMEOUT) -> None:
        self.scorer = Scorer(ruleset)
        self.request_timeout = timeout
        #: One request scores at a time: the scorer's memos are shared, and scoring holds the GIL anyway.
        self.scoring = threading.Lock()
        self.page = playground_page(ruleset).encode("utf-8")
        self.assets = {path: (_static(name).encode("utf-8"), kind) for path, (name, kind) in STATIC.items()}
        for name, data in book_files(ruleset).items():
            self.assets[f"/book/{name}"] = (data, BOOK_TYPES[name[name.rindex("."):]])
        self.assets["/book/"] = self.assets["/book/index.html"]
        self.quiet = quiet
        super().__init__(address, Handler)


class Handler(BaseHTTPRequestHandler):
    server: PlaygroundServer
    protocol_version = "HTTP/1.1"
    server_version = "fanrules"

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.request_timeout)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for key, value in HEADERS.items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, payload: dict[str, Any]) -> None:
        self._send(status, json.dumps(payload, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")

    def _error(self, status: int, kind: str, message: str) -> None:
        self._json(status, error_json(kind, message))

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Errors found by the HTTP parser itself (a malformed request line, an unknown method, too many
        headers) are answered in JSON too; the connection is then closed."""
        self.close_connection = True
        if not self.request_version.startswith("HTTP/1."):
            self.request_version = "HTTP/1.0"  # an unreadable request line still gets a status line and headers
        phrase = HTTPStatus(code).phrase if code in HTTPStatus._value2member_map_ else "error"
        self._error(code, "invalid", message or phrase.lower())

    def _host_ok(self) -> bool:
        """On a loopback address, only requests naming a loopback host (no DNS rebinding)."""
        if self.server.server_address[0] not in ("127.0.0.1", "::1"):
            return True
        host = (self.headers.get("Host") or "").strip()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return name.lower() in LOOPBACK_NAMES

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if not self._host_ok():
            self._error(HTTPStatus.FORBIDDEN, "forbidden", "this server only answers requests to localhost")
        elif path in ("/", "/index.html"):
            self._send(HTTPStatus.OK, self.server.page, "text/html; charset=utf-8")
        elif path in self.server.assets:
            body, kind = self.server.assets[path]
            self._send(HTTPStatus.OK, body, kind)
        elif path in api.ENDPOINTS:
            self._error(HTTPStatus.METHOD_NOT_ALLOWED, "method", f"{path} takes POST with a JSON body")
        else:
            self._error(HTTPStatus.NOT_FOUND, "not_found", f"no page {path}; the API is POST {', '.join(api.ENDPOINTS)}")

    do_HEAD = do_GET

    def do_POST(self) -> None:
        path = self.path.split("?", 1)[0]
        if not self._host_ok():
            self._error(HTTPStatus.FORBIDDEN, "forbidden", "this server only answers requests to localhost")
            return
        if path not in api.ENDPOINTS:
            self._error(HTTPStatus.NOT_FOUND, "not_found", f"no endpoint {path}; the API is POST {', '.join(api.ENDPOINTS)}")
            return
        body = self._read_body()
        if body is None:
            return
        try:
            with self.server.scoring:
                status, payload = api.answer(path, body, self.server.scorer)
        except Exception as err:  # noqa: BLE001 - a bug must still answer JSON, never a traceback
            sys.stderr.write(f"fanrules serve: {path}: {type(err).__name__}: {err}\n")
            status, payload = HTTPStatus.INTERNAL_SERVER_ERROR, error_json("internal", "the server failed on this request")
        self._json(status, payload)

    def _read_body(self) -> Any:
        """The decoded JSON body, or None after answering why it cannot be read."""
        length_text = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked" or length_text is None:
            self.close_connection = True
            self._error(HTTPStatus.LENGTH_REQUIRED, "invalid", "the request needs a Content-Length header")
            return None
        try:
            length = int(length_text)
        except ValueError:
            length = -1
        if length < 0:
            self.close_connection = True
            self._error(HTTPStatus.BAD_REQUEST, "invalid", f"Content-Length must be a whole number, not {length_text!r}")
            return None
        if length > MAX_BODY:
            self.close_connection = True
            self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "invalid",
                        f"the request body is {length} bytes; at most {MAX_BODY} are accepted")
            return None
        try:
            raw = self.rfile.read(length)
        except TimeoutError:
            self.close_connection = True
            self._error(HTTPStatus.REQUEST_TIMEOUT, "invalid",
                        f"the request body did not arrive within {self.server.request_timeout:g} s")
            return None
        if len(raw) < length:
            self.close_connection = True
            self._error(HTTPStatus.BAD_REQUEST, "invalid", f"the request body ended after {len(raw)} of {length} bytes")
            return None
        try:
            return json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            self._error(HTTPStatus.BAD_REQUEST, "invalid", "the request body is not UTF-8 text")
        except json.JSONDecodeError as err:
            self._error(HTTPStatus.BAD_REQUEST, "invalid", f"the request body is not valid JSON: {err.msg} at line {err.lineno} column {err.colno}")
        except RecursionError:
            self._error(HTTPStatus.BAD_REQUEST, "invalid", "the request body nests too deeply")
        return None


def make_server(ruleset: RuleSet, host: str = "127.0.0.1", port: int = 8419, quiet: bool = False,
                timeout: float = TIMEOUT) -> PlaygroundServer:
    """A playground server for ``ruleset`` bound to ``host:port`` (port 0: any free port), closing a
    connection silent for ``timeout`` seconds; call ``serve_forever()`` to run it."""
    return PlaygroundServer((host, port), ruleset, quiet, timeout)
