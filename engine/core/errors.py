"""The errors of fanrules, one family: every error the library raises on purpose is a FanrulesError.

A hand that cannot be scored raises a HandError (a ValueError too), whose ``kind`` is the JSON
contract's error kind; a rule set that cannot be loaded raises a RuleSetError with every Diagnostic
found (``fanrules.dsl`` calls it DiagnosticError); a fan asked for by a name or number that the rule set
lacks raises UnknownFanError; the command line reports a bad argument or input file with CliError."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import ClassVar

from .text import closest, printable


class ErrorKind(StrEnum):
    """The ``error.kind`` of the JSON contract: a hand not scored, or scored below the minimum."""

    INVALID = "invalid"
    NOT_A_WIN = "not_a_win"
    UNDER_MINIMUM = "under_minimum"


class Outcome(StrEnum):
    """What became of a hand, one model everywhere: ``Result.outcome`` (``win`` or ``under_minimum``) and
    ``HandError.outcome`` (``invalid`` or ``not_a_win``), so that a ``Result | HandError`` (a wait's
    score) answers ``.outcome`` without an ``isinstance``. The values other than ``win`` are the JSON
    contract's ``error.kind``."""

    WIN = "win"
    UNDER_MINIMUM = "under_minimum"
    NOT_A_WIN = "not_a_win"
    INVALID = "invalid"


class FanrulesError(Exception):
    """The base of every error fanrules raises on purpose."""


class HandError(FanrulesError, ValueError):
    """A hand that cannot be scored, with its one-line ``message``. Raised as one of its subclasses,
    one per ``kind``: InvalidHandError or NotAWinError."""

    kind: ClassVar[ErrorKind] = ErrorKind.INVALID

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    @property
    def outcome(self) -> Outcome:
        """``Outcome.INVALID`` or ``Outcome.NOT_A_WIN``: the ``kind`` as the one outcome model says it."""
        return Outcome(self.kind.value)


class InvalidHandError(HandError):
    """Not a hand: an unknown tile, a fifth copy, a wrong count, a set that is not a set, a bad context."""

    kind = ErrorKind.INVALID


class NotAWinError(HandError):
    """A valid hand whose tiles form no winning shape."""

    kind = ErrorKind.NOT_A_WIN


#: A diagnostic shows at most this many characters of its source line.
MAX_SOURCE_CHARS = 300


@dataclass(frozen=True, slots=True, kw_only=True)
class Diagnostic:
    """A problem at ``file:line:column`` (1-based), with a stable ``code``, a message and a hint."""

    file: str
    line: int
    column: int
    code: str
    message: str
    hint: str = ""
    source_line: str = ""
    severity: str = "error"

    def format(self) -> str:
        """``path:line:col: CODE message``, the source line, a caret under the column, and the hint."""
        out = [f"{printable(self.file)}:{self.line}:{self.column}: {self.code} {printable(self.message)}"]
        if self.source_line:
            source = self.source_line.rstrip("\n")
            shown = printable(source[:MAX_SOURCE_CHARS]) + (" ..." if len(source) > MAX_SOURCE_CHARS else "")
            out.append("    " + shown)
            if self.column <= MAX_SOURCE_CHARS:
                out.append("    " + " " * len(printable(source[: self.column - 1])) + "^")
        if self.hint:
            out.append(f"    hint: {printable(self.hint)}")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.format()


class RuleSetError(FanrulesError):
    """A rule set or predicate that could not be loaded, with every diagnostic found (sorted by place);
    its text is the diagnostics, formatted. Also raised (as UnknownFanError) for a fan the rule set lacks."""

    def __init__(self, diagnostics: list[Diagnostic], message: str | None = None) -> None:
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.file, d.line, d.column, d.code))
        super().__init__(message if message is not None else "\n".join(d.format() for d in self.diagnostics))

    def __str__(self) -> str:
        return str(self.args[0])


class UnknownFanError(RuleSetError, KeyError):
    """No fan of a rule set has this number or name; ``suggestion`` is the closest number or name, if
    any (a KeyError too, as a failed lookup)."""

    def __init__(self, ref: int | str, ruleset: str, names: list[str]) -> None:
        numbers = sorted(int(n) for n in names if n.isdigit())
        words = [n for n in names if not n.isdigit()]
        self.ref = ref
        self.ruleset = ruleset
        if str(ref).strip().isdigit():  # a number: no look-alike number is meant, the range is said
            self.suggestions: list[str] = []
            hint = f": its fans are numbered {numbers[0]} to {numbers[-1]}" if numbers else ""
        else:  # a name: suggested among the names only
            close = closest(str(ref).casefold(), [n.casefold() for n in words], cutoff=0.5)
            #: Every name as close as the closest (a typo may be one edit from two names).
            self.suggestions = [n for c in close for n in words if n.casefold() == c][: len(close)]
            hint = f": did you mean {' or '.join(map(repr, self.suggestions))}?" if self.suggestions else ""
        self.suggestion = self.suggestions[0] if self.suggestions else None
        super().__init__([], f"no fan {ref!r} in rule set {ruleset}{hint}")


class ExitCode(IntEnum):
    """The exit status of every ``fanrules`` command (README, "Exit codes"), so that a script can tell
    a refused input from a mistyped command line, a broken rule set or a file it could not read."""

    OK = 0
    #: Some input was refused (a bad hand, a bad line of a file), or a check or replay found problems.
    REFUSED = 1
    #: The command line itself is wrong: an unknown option, a bad option value; the command's usage is shown.
    USAGE = 2
    #: The rule set could not be found or loaded.
    RULES = 3
    #: A file or folder could not be read or written (the system's reason, the path and a hint).
    IO = 4
    #: Ctrl-C: stopped, what was complete kept (128 + SIGINT, as shells report it).
    INTERRUPTED = 130


class CliError(FanrulesError):
    """A one-line error of the command line, shown on stderr with its exit ``code``: by default an input
    refused (REFUSED); a bad option value is USAGE (the command's usage is shown), a file that cannot be
    read or written IO. Defined here, with the family, so that ``fanrules`` exports it without importing
    the tools."""

    def __init__(self, message: str, code: ExitCode = ExitCode.REFUSED) -> None:
        super().__init__(message)
        self.code = code
