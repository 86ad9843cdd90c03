"""Deprecated names: each old name of the public API stays one minor version after its new one came,
as an alias that gives the new one with a DeprecationWarning naming it (docs/python.md, stability)."""
from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any


def warn_renamed(old: str, new: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated in favour of ``new``."""
    warnings.warn(f"{old} is deprecated: use {new} (the old name goes in the next minor version)", DeprecationWarning,
                  stacklevel=stacklevel)


def module_aliases(module: str, renamed: Mapping[str, tuple[str, Callable[[], Any]]]) -> Callable[[str], Any]:
    """A module's ``__getattr__`` for its old names: ``renamed[old]`` is the new name and how to get it."""
    def getattr_(name: str) -> Any:
        found = renamed.get(name)
        if found is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new, get = found
        warn_renamed(f"{module}.{name}", f"{module}.{new}")
        return get()
    return getattr_


__all__ = ["module_aliases", "warn_renamed"]
