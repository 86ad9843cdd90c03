"""What uvicorn does not bound by itself: the time a request's head may take to arrive, the number of
connections open at once, and the event loop's own complaints.

uvicorn closes a kept-open connection that stays silent (``timeout_keep_alive``), but a connection that
sends half a head and then waits is kept for ever; and its ``limit_concurrency`` counts such
connections too, so it would answer the honest client 503 while the half-open ones hold every place.
Here each connection has ``head_timeout`` seconds for each request's head (from its first byte, or
from the connection's start); past ``most`` open connections the oldest one still sending a head is
closed to make room, and when none is, the new one is closed at once. The refusals, and the loop's
errors (``accept`` failing with too many open files), are one line on standard error per interval,
never a traceback each."""
from __future__ import annotations

import asyncio
import resource
import sys
import time
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ..core.text import printable

#: Seconds between two lines about refused connections or the loop's errors.
NOTE_INTERVAL = 10.0
#: The most connections open at once, at most: the file limit lowers it.
MOST_CONNECTIONS = 4096
#: Files kept free of connections for the server's own use (its rule sets, caches, logs).
RESERVED_FILES = 128


def most_connections(most: int = MOST_CONNECTIONS) -> int:
    """The cap on open connections: ``most``, or fewer when the process may not open that many files."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return most
    return max(8, min(most, soft - RESERVED_FILES))


class Notes:
    """One line on standard error per ``interval`` for a kind of trouble, with how often it happened."""

    def __init__(self, interval: float = NOTE_INTERVAL) -> None:
        self.interval = interval
        self.counts: dict[str, int] = {}
        self.last: dict[str, float] = {}

    def note(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1
        now = time.monotonic()
        if now - self.last.get(what, -self.interval) >= self.interval:
            sys.stderr.write(printable(f"fanrules serve: {what} ({self.counts[what]} time(s) since the last note)") + "\n")
            sys.stderr.flush()
            self.last[what], self.counts[what] = now, 0

    def loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The event loop's exception handler: one line, no traceback."""
        error = context.get("exception")
        self.note(f"{context.get('message', 'event loop error')}" + (f": {type(error).__name__}: {error}" if error else ""))


class ConnectionLimits:
    """The limits one server's connections share: ``most`` open at once, ``head_timeout`` seconds
    for a request's head; ``waiting`` the connections sending a head, oldest first."""

    def __init__(self, most: int, head_timeout: float, notes: Notes | None = None) -> None:
        self.most, self.head_timeout = most, head_timeout
        self.notes = notes or Notes()
        self.waiting: dict[LimitedProtocol, None] = {}


class LimitedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a time limit for each request's head and a cap on connections.
    ``limits`` is set on the subclass made for each server (``protocol_for``)."""

    limits: ConnectionLimits
    head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        limits = self.limits
        if len(self.connections) > limits.most:
            if limits.waiting:  # the oldest connection still sending its head makes room
                next(iter(limits.waiting)).drop()
                limits.notes.note(f"more than {limits.most} connections open: the oldest still sending a head closed")
            else:
                limits.notes.note(f"more than {limits.most} connections open: a new one refused")
                transport.abort()
                return
        self.await_head()

    def await_head(self) -> None:
        if self.head_timer is None:
            self.head_timer = self.loop.call_later(self.limits.head_timeout, self.drop)
            self.limits.waiting[self] = None

    def head_done(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None
        self.limits.waiting.pop(self, None)

    def drop(self) -> None:
        """Close the connection now (its head is late, or its place is wanted)."""
        self.head_done()
        if not self.transport.is_closing():
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.cycle is None or self.cycle.response_complete:  # between requests: these bytes begin a head
            self.await_head()
        super().data_received(data)

    def on_headers_complete(self) -> None:
        self.head_done()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self.head_done()
        super().connection_lost(exc)


def protocol_for(limits: ConnectionLimits) -> type[LimitedProtocol]:
    """The protocol class of one server, sharing ``limits`` among its connections."""
    return type("ServerProtocol", (LimitedProtocol,), {"limits": limits})


__all__ = ["ConnectionLimits", "LimitedProtocol", "Notes", "most_connections", "protocol_for"]
