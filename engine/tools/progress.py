"""The progress line of the commands that can run for long (batch, simulate, diff, book, replay): on
stderr when it is a terminal, rewritten in place, ended with a newline; none with ``--quiet`` or when
stderr is a pipe or a file, so that logs and scripts get only the results."""
from __future__ import annotations

import sys
from typing import IO


def progress_stream(quiet: bool) -> IO[str] | None:
    """stderr, if progress should be shown on it."""
    err = sys.stderr
    return err if err is not None and not quiet and err.isatty() else None


class Progress:
    """``fanrules COMMAND: N WHAT`` on one line of a terminal (nothing without one)."""

    def __init__(self, command: str, what: str, stream: IO[str] | None) -> None:
        self.command, self.what, self.stream = command, what, stream
        self.shown = False

    def show(self, count: int, of: int | None = None) -> None:
        if self.stream is not None:
            whole = f" of {of}" if of is not None else ""
            self.stream.write(f"\rfanrules {self.command}: {count}{whole} {self.what}")
            self.stream.flush()
            self.shown = True

    def done(self) -> None:
        if self.stream is not None and self.shown:
            self.stream.write("\n")
            self.stream.flush()
