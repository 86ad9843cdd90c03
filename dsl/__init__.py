"""The fan predicate language: parse, check and compile predicates written in rule files.

The parser, the checker and the code generator are imported on first use: a rule set whose predicates
are all in the on-disk cache (dsl/cache.py) loads without them."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .builtins import REGISTRY, Builtin, Level
from .cache import code_hash, predicate_cache, save_predicate_cache
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
    every diagnostic found. A predicate compiled before (same text, same language) is not parsed again:
    its cached tree is checked and compiled, and runs only if the code matches what was cached (a shipped
    rule set, unedited, comes with its compiled records in the package: ruleset/documents.py)."""
    from .checker import check
    from .compiler import generate_tabled

    label = f"<predicate {origin.file}:{origin.line}>"
    cache = predicate_cache() if use_cache else None
    known = cache.verified.get(text) if cache is not None else None
    if known is not None:
        return build(known, label), []
    cached = cache.tree(text) if cache is not None else None
    if cached is not None and cache is not None:
        try:
            checked, diagnostics = check(cached[0], origin, text)
            record = None if diagnostics else generate_tabled(checked, cached[1])[0]
        except Exception:  # noqa: BLE001 - a damaged tree: compile the text instead
            record = None
        if record is not None and code_hash(record) == cached[2]:
            cache.verified[text] = record
            return build(record, label), []
        cache.drop(text)
    from .parser import parse

    node, diagnostics = parse(text, origin)
    if node is None:
        return None, diagnostics
    checked, diagnostics = check(node, origin, text)
    if diagnostics:
        return None, diagnostics
    record, tables = generate_tabled(checked)
    if cache is not None:
        cache.put(text, node, record, tables)
    return build(record, label), []


__all__ = [
    "CODES", "REGISTRY", "Builtin", "Checked", "Compiled", "Diagnostic", "DiagnosticError", "Guard", "Level", "Origin", "Record",
    "build", "check", "compile_checked", "compile_predicate", "parse", "predicate_cache", "save_predicate_cache",
]
