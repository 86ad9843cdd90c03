"""Diagnostics: one type for every problem found in a rule file or a predicate."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
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
        out = [f"{self.file}:{self.line}:{self.column}: {self.code} {self.message}"]
        if self.source_line:
            out.append("    " + self.source_line.rstrip("\n"))
            out.append("    " + " " * (self.column - 1) + "^")
        if self.hint:
            out.append(f"    hint: {self.hint}")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.format()


class DiagnosticError(Exception):
    """Raised with every diagnostic of a rule set or predicate that could not be loaded."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = sorted(diagnostics, key=lambda d: (d.file, d.line, d.column, d.code))
        super().__init__("\n".join(d.format() for d in self.diagnostics))


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a predicate's text sits in its file, to map predicate positions to file positions.
    ``line`` and ``column`` (1-based) locate the predicate's first character; a ``block`` predicate
    (YAML ``|``) keeps the file's indentation ``column - 1`` on every following line too."""

    file: str = "<predicate>"
    line: int = 1
    column: int = 1
    file_lines: tuple[str, ...] = ()
    block: bool = False

    def locate(self, line: int, column: int) -> tuple[int, int]:
        """File line and column of predicate ``line``/``column`` (1-based)."""
        if line == 1 or self.block:
            return self.line + line - 1, self.column + column - 1
        return self.line + line - 1, column

    def diagnostic(self, line: int, column: int, code: str, message: str, hint: str = "", text: str = "") -> Diagnostic:
        """A Diagnostic at a predicate position, with the file's source line (or the predicate's)."""
        fl, fc = self.locate(line, column)
        if self.file_lines and 0 < fl <= len(self.file_lines):
            source = self.file_lines[fl - 1]
        else:
            lines = text.split("\n")
            source = lines[line - 1] if 0 < line <= len(lines) else ""
            fl, fc = (fl, fc) if self.file_lines else (line, column)
        return Diagnostic(self.file, fl, fc, code, message, hint, source)
