"""A Botzone bot program run as a subprocess, asked one request at a time in Botzone's "simple
interaction" (wiki.botzone.org.cn, page Bot: a line with the turn number n, then the 2n-1 earlier
requests and responses and the new request, one a line, then a data line; the first line of output is
the response). A bot that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its response is kept
running and is given only each new request, one line (the keep-running mode). With ``json`` the bot
reads Botzone's JSON form instead (one line ``{"requests": [...], "responses": [...]}``, answered
``{"response": ...}``; kept running, each new request as a JSON string). Each answer must come within
``time_limit`` seconds and ``output_limit`` bytes, else the bot has failed the turn."""
from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import IO

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


class BotFailure(Exception):
    """A turn the bot failed: ``reason`` (``late``, ``too_long``, ``no_answer``) and what it printed."""

    def __init__(self, reason: str, message: str, output: str = "") -> None:
        super().__init__(message)
        self.reason, self.message, self.output = reason, message, output


def _pump(stream: IO[str], lines: queue.Queue[str | None], limit: int) -> None:
    """Copy a bot's output lines to ``lines`` (each cut at ``limit`` + 1 characters); None at its end."""
    try:
        while True:
            line = stream.readline(limit + 1)
            if not line:
                break
            lines.put(line)
            while len(line) > limit and not line.endswith("\n"):  # the rest of a line too long: dropped
                line = stream.readline(limit + 1)
                if not line:
                    break
    except (OSError, ValueError):
        pass
    lines.put(None)


class BotProcess:
    """One bot program (``command``: a command line, split as a shell would, or a list of words)."""

    def __init__(self, command: str | Sequence[str], time_limit: float = 6.0, output_limit: int = 65536, json: bool = False) -> None:
        self.command = shlex.split(command) if isinstance(command, str) else list(command)
        self.time_limit, self.output_limit, self.json = time_limit, output_limit, json
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.keep_running = False

    def _start(self) -> None:
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True, encoding="utf-8", errors="replace", bufsize=1)
        self.lines = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=_pump, args=(self.process.stdout, self.lines, self.output_limit), daemon=True).start()

    def ask(self, request: str) -> str:
        """The bot's response to ``request`` (BotFailure when it is late, too long or missing)."""
        self.requests.append(request)
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
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write(text)
            self.process.stdin.flush()
        except OSError:
            pass  # a bot that has quit: its missing answer says so
        response = self._read()
        self.responses.append(response)
        return response

    def _read(self) -> str:
        deadline = time.monotonic() + self.time_limit
        response: str | None = None
        used = 0
        self.keep_running = False
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                if response is not None and not self.keep_running:
                    return response  # answered, and still running without asking to be kept: fine
                raise BotFailure("late", f"no answer within {self.time_limit:g} s", response or "") from None
            if line is None:
                if response is None:
                    raise BotFailure("no_answer", "the bot ended without an answer")
                return response
            used += len(line.encode("utf-8"))
            if used > self.output_limit or len(line) > self.output_limit:
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
        """End the bot's process (the judge's own child) if it is running."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
