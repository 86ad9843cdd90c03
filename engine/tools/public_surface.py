"""The public surface of fanrules: every name the public modules export (their ``__all__``) with its
signature, and every public method and property of the exported classes. docs/python.md says what the
promise of semantic versioning covers: these. tests/test_api_freeze.py compares the list with the
committed ``docs/public_api.txt``, so that a change to the surface is made on purpose;
``python -m fanrules.tools.public_surface --write`` writes the list anew."""
from __future__ import annotations

import enum
import inspect
import sys
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

#: The modules whose ``__all__`` is the public API (docs/python.md); the others are the package's own.
PUBLIC_MODULES = ("fanrules", "fanrules.analysis", "fanrules.env", "fanrules.game", "fanrules.ruleset", "fanrules.settlement")
#: Where the committed list is, from the project's root.
SURFACE_FILE = "docs/public_api.txt"


def _signature(obj: Any) -> str:
    try:
        return str(inspect.signature(obj))
    except (TypeError, ValueError):  # a builtin or a class without one
        return ""


def _members(cls: type) -> Iterator[tuple[str, Any]]:
    """The public methods and properties of a class, its own and those it inherits from fanrules' classes
    (enum members and plain fields left out): a member moved to a base class stays on the surface."""
    seen: dict[str, Any] = {}
    for owner in reversed(cls.__mro__):
        if owner is cls or owner.__module__.startswith("fanrules."):
            seen.update(vars(owner))
    for name, value in seen.items():
        if name.startswith("_") or (isinstance(cls, enum.EnumMeta) and name in cls.__members__):
            continue
        if isinstance(value, (property, classmethod, staticmethod)) or inspect.isfunction(value):
            yield name, value


def _exported() -> Iterator[tuple[str, str, Any]]:
    for module_name in PUBLIC_MODULES:
        module = import_module(module_name)
        for name in sorted(getattr(module, "__all__", ())):
            yield module_name, name, getattr(module, name)


def surface_lines() -> list[str]:
    """One line per public name: ``module.name kind signature``, then a line per member of a class."""
    lines = []
    for module, name, obj in _exported():
        if inspect.isclass(obj):
            lines.append(f"{module}.{name} class{_signature(obj)}")
            for member, value in _members(obj):
                kind = "property" if isinstance(value, property) else "method"
                shown = "" if kind == "property" else _signature(value.__func__ if isinstance(value, (classmethod, staticmethod)) else value)
                lines.append(f"{module}.{name}.{member} {kind}{shown}")
        elif callable(obj):
            lines.append(f"{module}.{name} function{_signature(obj)}")
        else:
            lines.append(f"{module}.{name} {type(obj).__name__}")
    return lines


def undocumented() -> list[str]:
    """The public functions, classes, methods and properties without a docstring of their own."""
    missing = []
    for module, name, obj in _exported():
        doc = (obj.__doc__ or "").strip() if inspect.isclass(obj) or inspect.isfunction(obj) else "-"
        if not doc or (inspect.isclass(obj) and doc.startswith(f"{obj.__name__}(")):  # none, or a dataclass's made-up one
            missing.append(f"{module}.{name}")
        if inspect.isclass(obj):
            for member, value in _members(obj):
                target = value.__func__ if isinstance(value, (classmethod, staticmethod)) else value
                if not (target.__doc__ or "").strip():
                    missing.append(f"{module}.{name}.{member}")
    return sorted(set(missing))


def main(argv: list[str] | None = None) -> int:
    """Print the surface, or with ``--write`` write it to SURFACE_FILE (from the current folder)."""
    args = sys.argv[1:] if argv is None else argv
    text = "\n".join(surface_lines()) + "\n"
    if args == ["--write"]:
        target = Path(SURFACE_FILE)
        temporary = target.with_suffix(".tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(target)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
