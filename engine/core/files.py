"""Writes that lose nothing: every command that writes a file writes it through ``replaced``.

The new content goes to a temporary file beside the target and is renamed over it only when the
command has finished, so a run that fails (a bad argument found late, a full disk, Ctrl-C, a crash)
leaves the old file byte-identical. An output that is one of the command's inputs (standard input
included) is refused before anything is opened: the rename would keep the input safe, but the user
surely meant another name. An output that is not a regular file (a terminal, a pipe, ``/dev/null``)
cannot be renamed over and is written in place."""
from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from typing import IO, Any

from .errors import CliError, ExitCode

#: An input a command reads: a path, or an open descriptor (0 for standard input).
Input = str | int


def _regular(st: os.stat_result | None) -> bool:
    return st is not None and stat.S_ISREG(st.st_mode)


def _stat(source: Input) -> os.stat_result | None:
    try:
        return os.fstat(source) if isinstance(source, int) else os.stat(source)
    except (OSError, ValueError):
        return None


def check_output(path: str, inputs: Iterable[Input] = (0,), what: str = "the output") -> None:
    """Refuse (CliError) an empty output name, and an output that is the same regular file (device and
    inode) as one of ``inputs``."""
    if not path:
        raise CliError(f"{what} is an empty file name", ExitCode.USAGE)
    target = _stat(path)
    if not _regular(target):
        return
    assert target is not None
    for source in inputs:
        st = _stat(source)
        if _regular(st) and st is not None and (st.st_dev, st.st_ino) == (target.st_dev, target.st_ino):
            read = " (standard input)" if source == 0 else ""
            raise CliError(f"{what} {path} is the input file{read}: refused, so that the input is not lost", ExitCode.REFUSED)


def temporary_beside(path: str) -> tuple[int, str]:
    """A new file next to ``path`` (same folder, so a rename is atomic), opened for writing, never
    following a symlink planted under its name: its descriptor and name."""
    import secrets  # here: a command that writes no file does not import it (with random, hmac, base64) at start-up

    folder, base = os.path.split(path)
    for _ in range(100):
        name = os.path.join(folder, f".{base}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666), name
        except FileExistsError:
            continue
    raise CliError(f"cannot make a temporary file beside {path}", ExitCode.IO)


@contextmanager
def replaced(path: str, mode: str = "wb", inputs: Iterable[Input] = (0,), what: str = "the output") -> Iterator[IO[Any]]:
    """A file object (``mode`` "wb" or "w", UTF-8) whose content replaces ``path`` when the ``with``
    block ends normally; on an exception the target is untouched. A symlink at ``path`` is followed
    (the file it names is replaced, the link kept); the file keeps its permissions."""
    check_output(path, inputs, what)
    real = os.path.realpath(path)
    old = _stat(real)
    encoding = None if "b" in mode else "utf-8"
    if old is not None and not _regular(old):  # a device or a pipe: nothing to keep, nothing to rename
        with open(path, mode, encoding=encoding) as f:
            yield f
        return
    fd, temp = temporary_beside(real)
    try:
        if old is not None:
            os.fchmod(fd, stat.S_IMODE(old.st_mode))
        with os.fdopen(fd, mode, encoding=encoding) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, real)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise
