"""The errors of fanrules, one family: every error the library raises on purpose is a FanrulesError.

A hand that cannot be scored raises a HandError (a ValueError too), whose ``kind`` is the JSON
contract's error kind; a rule set that cannot be loaded raises a RuleSetError with every Diagnostic
found (``fanrules.dsl`` calls it DiagnosticError); a fan asked for by a name or number that the rule set
lacks raises UnknownFanError; the command line reports a bad argument or input file with CliError."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from .text import close_matches, printable


class ErrorKind(StrEnum):
    """The ``error.kind`` of the JSON contract: a hand not scored, or scored below the minimum."""

    INVALID = "invalid"
    NOT_A_WIN = "not_a_win"
    UNDER_MINIMUM = "under_minimum"


class FanrulesError(Exception):
    """The base of every error fanrules raises on purpose."""


class HandError(FanrulesError, ValueError):
    """A hand that cannot be scored, with its one-line ``message``. Raised as one of its subclasses,
    one per ``kind``: InvalidHandError or NotAWinError."""

    kind: ClassVar[ErrorKind] = ErrorKind.INVALID

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


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
        close = close_matches(str(ref).casefold(), [n.casefold() for n in names], cutoff=0.6)
        self.ref = ref
        self.ruleset = ruleset
        self.suggestion = next((n for n in names if close and n.casefold() == close[0]), None)
        hint = f": did you mean {self.suggestion!r}?" if self.suggestion else ""
        super().__init__([], f"no fan {ref!r} in rule set {ruleset}{hint}")


class CliError(FanrulesError):
    """A one-line error of the command line (a bad argument or input file), shown on stderr with exit
    status 2. Defined here, with the family, so that ``fanrules`` exports it without importing the tools."""
