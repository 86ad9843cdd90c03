"""A Botzone bot program run as a subprocess, asked one request at a time in Botzone's "simple
interaction" (wiki.botzone.org.cn, page Bot: a line with the turn number n, then the 2n-1 earlier
requests and responses and the new request, one a line, then a data line; the first line of output is
the response). A bot that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its response is kept
running and is given only each new request, one line (the keep-running mode). With ``json`` the bot
reads Botzone's JSON form instead (one line ``{"requests": [...], "responses": [...]}``, answered
``{"response": ...}``; kept running, each new request as a JSON string). Each answer must come within
``time_limit`` seconds and ``output_limit`` bytes, else the bot has failed the turn; what the bot wrote
on its standard error (the end of it, ``STDERR_KEPT`` bytes, escaped) goes with the failure, so that a
crashing bot's traceback reaches the judge's log."""
from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Sequence

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
#: The bytes kept of a bot's standard error, its last ones: room for a Python traceback.
STDERR_KEPT = 4096


class BotFailure(Exception):
    """A turn the bot failed: ``reason`` (``late``, ``too_long``, ``no_answer``), what it printed and the
    end of what it wrote on its standard error."""

    def __init__(self, reason: str, message: str, output: str = "", stderr: str = "") -> None:
        super().__init__(message)
        self.reason, self.message, self.output, self.stderr = reason, message, output, stderr


def escaped(text: str) -> str:
    """``text`` with every character that is not printable (but the line breaks) written as ``\\xNN`` or
    ``\\uNNNN``: a bot's output shown to a person cannot move their terminal's cursor or colours."""
    return "".join(c if c.isprintable() or c == "\n" else (f"\\x{ord(c):02x}" if ord(c) < 256 else f"\\u{ord(c):04x}")
                   for c in text)


class _Tail:
    """Reads a bot's standard error in a thread of its own, keeping only its last ``limit`` bytes (so a
    bot that writes without end costs no memory, and never blocks on a full pipe). Once ``stopped``, it
    reads what is left in the pipe (at most ``limit`` bytes more) and lets go of it."""

    def __init__(self, fd: int, limit: int = STDERR_KEPT) -> None:
        self.fd, self.limit = fd, limit
        self.data = b""
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        after_stop = 0
        try:
            while after_stop <= self.limit:
                if not select.select([self.fd], [], [], 0.05)[0]:
                    if self.stopped.is_set():
                        break
                    continue
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    break
                after_stop += len(chunk) if self.stopped.is_set() else 0
                self.data = (self.data + chunk)[-self.limit:]
        except (OSError, ValueError):
            pass
        finally:
            os.close(self.fd)

    def text(self) -> str:
        """What was kept, escaped (waiting a moment for the reader to finish, once stopped)."""
        self.thread.join(1.0)
        return escaped(self.data.decode("utf-8", "replace"))


class _Pump:
    """Reads a bot's output in a thread of its own into ``lines`` (None at its end). Holds at most
    ``limit`` bytes not yet taken by the judge, asked or not: past that (or a line longer than the limit)
    it stops reading and sets ``overflow``. Only this thread reads or closes the pipe, so ending the bot
    never waits on a read; ``stop`` makes it let go of a pipe a stray process keeps open."""

    def __init__(self, fd: int, limit: int) -> None:
        self.fd, self.limit = fd, limit
        self.lines: queue.Queue[tuple[str, int] | None] = queue.Queue()
        self.pending = 0
        self.lock = threading.Lock()
        self.overflow = ""
        self.overflowed = threading.Event()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def take(self, size: int) -> None:
        """The judge has taken a line of ``size`` bytes off the queue: they no longer count."""
        with self.lock:
            self.pending -= size

    def _put(self, raw: bytes) -> bool:
        with self.lock:
            self.pending += len(raw)
            over = self.pending > self.limit or len(raw) > self.limit
        if over:
            self.overflow = raw[:200].decode("utf-8", "replace")
            self.overflowed.set()
            return False
        self.lines.put((raw.decode("utf-8", "replace"), len(raw)))
        return True

    def _run(self) -> None:
        buffer = b""
        try:
            while not self.stopped.is_set():
                if not select.select([self.fd], [], [], 0.05)[0]:
                    continue
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    break
                buffer += chunk
                *whole, buffer = buffer.split(b"\n")
                if not all(self._put(line + b"\n") for line in whole) or (len(buffer) > self.limit and not self._put(buffer)):
                    break
            if buffer and not self.overflowed.is_set() and not self.stopped.is_set():
                self._put(buffer)
        except (OSError, ValueError):
            pass
        finally:
            os.close(self.fd)
            self.lines.put(None)


def _end_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the bot's whole process group (its own session: every child it started, unless one left it)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    if process.poll() is None:
        process.kill()
    process.wait()


class BotProcess:
    """One bot program (``command``: a command line, split as a shell would, or a list of words), run in a
    session of its own so that the judge can end it and every process it started."""

    def __init__(self, command: str | Sequence[str], time_limit: float = 6.0, output_limit: int = 65536, json: bool = False) -> None:
        self.command = shlex.split(command) if isinstance(command, str) else list(command)
        self.time_limit, self.output_limit, self.json = time_limit, output_limit, json
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.process: subprocess.Popen[bytes] | None = None
        self.pump: _Pump | None = None
        self.tail: _Tail | None = None
        self.keep_running = False

    def _start(self) -> None:
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        start_new_session=True)
        assert self.process.stdout is not None and self.process.stderr is not None
        fd = os.dup(self.process.stdout.fileno())
        self.process.stdout.close()  # the pump owns its own copy of the pipe
        self.pump = _Pump(fd, self.output_limit)
        err = os.dup(self.process.stderr.fileno())
        self.process.stderr.close()  # and the tail its copy of the standard error
        self.tail = _Tail(err)

    def _failed(self, failure: BotFailure) -> BotFailure:
        """``failure`` once the bot is ended, with the end of its standard error."""
        tail = self.tail
        self.close()
        if tail is not None:
            failure.stderr = tail.text()
        return failure

    def ask(self, request: str) -> str:
        """The bot's response to ``request`` (BotFailure when it is late, too long or missing)."""
        self.requests.append(request)
        if self.pump is not None and self.pump.overflowed.is_set():  # wrote past the limit while others were asked
            raise self._failed(BotFailure("too_long", f"more than {self.output_limit} bytes of output", self.pump.overflow))
        if self.keep_running and self.process is not None and self.process.poll() is None:
            text = (json.dumps(request) if self.json else request) + "\n"
        else:
            self.close()
            self._start()
            if self.json:
                text = json.dumps({"requests": self.requests, "responses": self.responses}) + "\n"
            else:
                history = [line for pair in zip(self.requests, self.responses) for line in pair]
                text = "\n".join([str(len(self.requests)), *history, request, ""]) + "\n"
        deadline = time.monotonic() + self.time_limit
        self._write(text.encode("utf-8"), deadline)
        try:
            response = self._read(deadline)
        except BotFailure as failure:
            raise self._failed(failure) from None
        if not self.keep_running:
            self.close()  # simple interaction: the answer given, the bot and all it started end
        self.responses.append(response)
        return response

    def _write(self, data: bytes, deadline: float) -> None:
        """Give the bot its input, never waiting past ``deadline`` on a bot that does not read it."""
        assert self.process is not None and self.process.stdin is not None
        fd = self.process.stdin.fileno()
        try:
            while data and select.select([], [fd], [], max(deadline - time.monotonic(), 0))[1]:
                data = data[os.write(fd, data[:select.PIPE_BUF]):]
        except (OSError, ValueError):
            pass  # a bot that has quit: its missing answer says so

    def _read(self, deadline: float) -> str:
        assert self.pump is not None and self.process is not None
        pump, response, used = self.pump, None, 0
        self.keep_running = False
        while True:
            try:
                item = pump.lines.get(timeout=min(max(deadline - time.monotonic(), 0), 0.05))
            except queue.Empty:
                if response is not None and self.process.poll() is not None:
                    return response  # answered and ended; what it started ends with it
                if time.monotonic() < deadline:
                    continue
                if response is not None:
                    return response  # answered, and still running without asking to be kept: fine
                raise BotFailure("late", f"no answer within {self.time_limit:g} s", response or "") from None
            if item is None:
                if pump.overflowed.is_set():
                    raise BotFailure("too_long", f"more than {self.output_limit} bytes of output", pump.overflow)
                if response is None:
                    raise BotFailure("no_answer", "the bot ended without an answer")
                return response
            line, size = item
            pump.take(size)
            used += size
            if used > self.output_limit:
                raise BotFailure("too_long", f"more than {self.output_limit} bytes of output", line[:200])
            text = line.rstrip("\r\n")
            if response is None:
                response = self._response_of(text)
            elif text == KEEP_RUNNING:
                self.keep_running = True
                return response

    def _response_of(self, line: str) -> str:
        """The response a bot's first line of output gives (in the JSON form, its ``response``)."""
        if not self.json:
            return line
        try:
            data = json.loads(line)
        except ValueError:
            return line  # not JSON: the judge finds the response malformed
        answer = data.get("response") if isinstance(data, dict) else None
        return answer if isinstance(answer, str) else line

    def close(self) -> None:
        """End the bot's process group if it is running; the pump lets go of its pipe by itself."""
        process, self.process = self.process, None
        pump, self.pump = self.pump, None
        tail, self.tail = self.tail, None
        if process is None:
            return
        _end_group(process)
        for reader in (pump, tail):
            if reader is not None:
                reader.stopped.set()
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
