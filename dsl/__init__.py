"""The fan predicate language: parse, check and compile predicates written in rule files.

The parser, the checker and the code generator are imported on first use: a rule set whose predicates
are all in the on-disk cache (dsl/cache.py) loads without them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .builtins import REGISTRY, Builtin, Level
from .cache import predicate_cache
from .compiled import Compiled, Guard, Record, build
from .diagnostics import CODES, NO_ORIGIN, Diagnostic, DiagnosticError, Origin

if TYPE_CHECKING:
    from .checker import Checked, check
    from .compiler import compile_checked
    from .parser import parse

_LAZY = {"parse": "parser", "check": "checker", "Checked": "checker", "compile_checked": "compiler"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def compile_predicate(text: str, origin: Origin = NO_ORIGIN, use_cache: bool = True) -> tuple[Compiled | None, list[Diagnostic]]:
    """Parse, check and compile a predicate. Returns the compiled predicate (None on any error) and
    every diagnostic found. A predicate compiled before (same text, same language) comes from the cache."""
    label = f"<predicate {origin.file}:{origin.line}>"
    cache = predicate_cache() if use_cache else None
    record = cache.get(text) if cache is not None else None
    if record is None:
        from .checker import check
        from .compiler import generate
        from .parser import parse

        node, diagnostics = parse(text, origin)
        if node is None:
            return None, diagnostics
        checked, diagnostics = check(node, origin, text)
        if diagnostics:
            return None, diagnostics
        record = generate(checked)
        if cache is not None:
            cache.put(text, record)
    return build(record, label), []


__all__ = [
    "CODES", "REGISTRY", "Builtin", "Checked", "Compiled", "Diagnostic", "DiagnosticError", "Guard", "Level", "Origin", "Record",
    "build", "check", "compile_checked", "compile_predicate", "parse", "predicate_cache",
]
