"""Diagnostics: one type for every problem found in a rule file or a predicate (core/errors.py holds
it, with the error that carries them), the codes of the language, and where a predicate sits in its file."""
from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import Diagnostic as Diagnostic  # the one diagnostic type, also importable from here
from ..core.errors import RuleSetError

CODES: dict[str, str] = {
    "P000": "The predicate is empty (or only a comment).",
    "P001": "A character that is not part of the language, such as = alone, & or [.",
    "P002": "A word or symbol in the wrong place, often an operator missing between two values.",
    "P003": "An unknown tile such as 10p or 8z, or a capitalised word that is not an honour tile.",
    "P004": "A '(' is never closed.",
    "P005": "A value is missing: after an operator, at the end, or before a ')' or ','.",
    "P006": "A ')' closes nothing.",
    "P007": "A keyword is missing: 'in' or 'where' in an each rule, '(', 'in' or ':' in a quantifier, 'in' after 'not'.",
    "P008": "The predicate is longer than the limit.",
    "P009": "Parentheses or operations (calls, quantifiers, not, -, +) nest deeper than the limit.",
    "P101": "An unknown name: a misspelt builtin, or an item name that nothing binds.",
    "P102": "An unknown function.",
    "P103": "A function gets the wrong number of arguments.",
    "P104": "A function gets the wrong kind of argument.",
    "P105": "A comparison or 'in' between different kinds of things, such as a set and a number.",
    "P106": "Arithmetic (+ - *) on something that is not a number.",
    "P107": "'and', 'or' or 'not' on something that is not yes/no.",
    "P108": "'in' or 'not in' without a collection on its right.",
    "P109": "An each rule or a quantifier goes over something that is not a collection.",
    "P110": "A quantifier's part after ':' is missing or of the wrong kind.",
    "P111": "A function without parentheses, or a word that takes no arguments with parentheses.",
    "P112": "A name bound twice, or a builtin used as a name.",
    "P113": "The predicate (or the condition after 'where') is neither yes/no nor a count.",
    "P114": "Quantifiers or an each rule that could take too long on one reading.",
    "P115": "A collection in parentheses that is empty, mixes kinds of things or holds collections.",
    "P116": "'<', '<=', '>' or '>=' on something that is not a number.",
    "P117": "An each rule binds more than four names.",
    "P118": "'==' or '!=' between two sets or two collections.",
    "P119": "A count predicate whose value could be larger than a fan can apply in one hand.",
    "P120": "A count predicate whose value is always negative.",
}
"""Every diagnostic code of the predicate language and what it means. P0xx: the text does not read as a
predicate (parser); P1xx: it reads but does not make sense (checker)."""


#: The rule-set error of the language: raised with every diagnostic of a predicate or rule set that
#: could not be loaded (the same class as ``fanrules.RuleSetError``).
DiagnosticError = RuleSetError


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

    def position(self, line: int | None, column: int | None) -> tuple[int, int]:
        """Where diagnostics report predicate ``line``/``column``: in the file when its lines are
        known, else in the predicate. A position the parser does not know is the start."""
        line, column = line or 1, column or 1
        return self.locate(line, column) if self.file_lines else (line, column)

    def diagnostic(self, line: int | None, column: int | None, code: str, message: str, hint: str = "", text: str = "") -> Diagnostic:
        """A Diagnostic at a predicate position, with the file's source line (or the predicate's)."""
        fl, fc = self.position(line, column)
        if self.file_lines and 0 < fl <= len(self.file_lines):
            source = self.file_lines[fl - 1]
        else:
            lines, at = text.split("\n"), line or 1
            source = lines[at - 1] if 0 < at <= len(lines) else ""
        return Diagnostic(file=self.file, line=fl, column=fc, code=code, message=message, hint=hint, source_line=source)


#: The origin of a predicate given on its own, not read from a file.
NO_ORIGIN = Origin()
