"""``fanrules serve`` on uvicorn: the socket bound here (any address, IPv4 or IPv6, port 0 for a free
one, a backlog long enough for a burst of clients), the application of app.py served on it.

A server bound to an address other than loopback answers only the host names it is given
(``--allow-host``), or every name with ``--public``: the Host check never turns itself off."""
from __future__ import annotations

import asyncio
import logging
import math
import socket
import sys
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import IO, Any

import uvicorn

from ..core.errors import CliError, ExitCode
from ..core.text import printable
from ..ruleset import RuleSet
from .api import Diff
from .app import TIMEOUT, make_app
from .guard import LOOPBACK_NAMES
from .limits import ConnectionLimits, most_connections, protocol_for
from .table_routes import MAX_MESSAGE

#: Connections waiting to be accepted: 100 clients at once are queued, not reset.
BACKLOG = 1024
class LineToStderr(logging.Handler):
    """uvicorn's own messages (a request it cannot parse, a failure to bind) as one escaped line each
    on the standard error of the moment, without tracebacks."""

    def emit(self, record: logging.LogRecord) -> None:
        sys.stderr.write(printable(f"fanrules serve: {record.getMessage()}") + "\n")


def quiet_uvicorn() -> None:
    """uvicorn's loggers at WARNING, written by LineToStderr only."""
    logger = logging.getLogger("uvicorn")
    logger.handlers = [LineToStderr()]
    logger.setLevel(logging.WARNING)
    logger.propagate = False


class LimitedServer(uvicorn.Server):
    """uvicorn's server with the event loop's errors written by ``limits.notes``, one line an interval."""

    def __init__(self, config: uvicorn.Config, limits: ConnectionLimits) -> None:
        super().__init__(config)
        self.limits = limits

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        asyncio.get_running_loop().set_exception_handler(self.limits.notes.loop_error)
        await super().startup(sockets)


class PlaygroundServer:
    """A bound socket and the uvicorn server for it: ``serve_forever()`` runs it (Ctrl-C stops it),
    ``running()`` runs it in a thread for the length of a ``with``."""

    def __init__(self, app: Any, host: str, port: int, timeout: float = TIMEOUT) -> None:
        try:
            self.socket = listening_socket(host.strip("[]"), port)
        except OSError as err:  # the command line says it in one sentence with a hint (address in use: another port)
            raise OSError(err.errno, err.strerror or str(err), f"{host} port {port}") from None
        except OverflowError as err:
            raise CliError(f"cannot listen on {host} port {port}: {err}") from None
        self.server_address: tuple[str, int] = self.socket.getsockname()[:2]
        quiet_uvicorn()
        self.limits = ConnectionLimits(most_connections(), timeout)
        config = uvicorn.Config(app, log_config=None, access_log=False, lifespan="off", proxy_headers=False,
                                server_header=False, timeout_keep_alive=max(1, math.ceil(timeout)), backlog=BACKLOG, ws="websockets-sansio",
                                ws_max_size=MAX_MESSAGE, http=protocol_for(self.limits))
        self.uvicorn = LimitedServer(config, self.limits)
        self.serving, self.stopped = threading.Event(), threading.Event()

    @property
    def url(self) -> str:
        host, port = self.server_address
        return f"http://{f'[{host}]' if ':' in host else host}:{port}/"

    def serve_forever(self) -> None:
        self.serving.set()
        try:
            self.uvicorn.run(sockets=[self.socket])
        finally:
            self.serving.clear()
            self.stopped.set()

    def shutdown(self) -> None:
        """Stop serving, and wait until ``serve_forever`` (in another thread) has returned, as the
        standard library's servers do: the socket may then be closed."""
        self.uvicorn.should_exit = True
        if self.serving.is_set():
            self.stopped.wait(10)

    def server_close(self) -> None:
        self.socket.close()

    @contextmanager
    def running(self) -> Iterator[PlaygroundServer]:
        """The server answering in a thread until the ``with`` ends (tests, the load test)."""
        thread = threading.Thread(target=self.serve_forever, daemon=True)
        thread.start()
        try:
            while not self.uvicorn.started and thread.is_alive():
                threading.Event().wait(0.01)
            yield self
        finally:
            self.shutdown()
            thread.join(10)
            self.server_close()


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket listening on ``host:port`` (an IPv6 address for ``::1``). It is made with the TCP
    protocol number, so that asyncio turns Nagle's algorithm off on each connection (a response's
    head and body are two writes: with Nagle, a kept-open connection waits for a delayed ACK each time),
    and with TCP_NODELAY, which the connections it accepts inherit."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except BaseException:
        sock.close()
        raise
    return sock


def allowed_hosts(host: str, allow: Iterable[str] = (), public: bool = False) -> list[str] | None:
    """The host names a server bound to ``host`` answers besides the loopback ones (None: all, with
    ``public``); CliError for an address other than loopback with neither ``allow`` nor ``public``."""
    if public:
        return None
    names = list(allow)
    if host.strip("[]").lower() not in LOOPBACK_NAMES and not names:
        raise CliError(f"--host {host} lets other machines connect: name the host they use with --allow-host NAME, "
                       "or answer every name with --public", ExitCode.USAGE)
    return names


def make_server(ruleset: RuleSet, host: str = "127.0.0.1", port: int = 8419, quiet: bool = False,
                timeout: float = TIMEOUT, allow: Iterable[str] = (), public: bool = False,
                log: IO[str] | None = None, diff: Diff | None = None) -> PlaygroundServer:
    """A server for ``ruleset`` bound to ``host:port`` (port 0: any free port), answering the loopback
    names and ``allow`` (every name with ``public``), logging each request to ``log`` (standard error
    unless ``quiet``), answering ``POST /api/diff`` with ``diff`` when given; call ``serve_forever()`` to run it."""
    app = make_app(ruleset, allowed_hosts(host, allow, public), None if quiet else (log or sys.stderr), timeout, diff)
    return PlaygroundServer(app, host, port, timeout)
