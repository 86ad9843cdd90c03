"""The fan predicate language: parse, check and compile predicates written in rule files."""
from __future__ import annotations

from .builtins import REGISTRY, Builtin
from .checker import Checked, check
from .compiler import Compiled, compile_checked
from .diagnostics import CODES, Diagnostic, DiagnosticError, Origin
from .parser import parse


def compile_predicate(text: str, origin: Origin = Origin()) -> tuple[Compiled | None, list[Diagnostic]]:
    """Parse, check and compile a predicate. Returns the compiled predicate (None on any error) and
    every diagnostic found."""
    node, diagnostics = parse(text, origin)
    if node is None:
        return None, diagnostics
    checked, diagnostics = check(node, origin, text)
    if diagnostics:
        return None, diagnostics
    return compile_checked(checked, f"<predicate {origin.file}:{origin.line}>"), []


__all__ = [
    "CODES", "REGISTRY", "Builtin", "Checked", "Compiled", "Diagnostic", "DiagnosticError", "Origin",
    "check", "compile_checked", "compile_predicate", "parse",
]
