"""Typed views of a section, built from its declaration: each key with a ``field`` fills that attribute
of the view its object builds, so that a key is declared once and read by name in the engine.

The view classes belong to the layers that read the sections (``fanrules.game``, ``fanrules.settlement``,
above this one); they pass them by class name, and the attributes the declaration does not fill (the
rule set's own minimum, ...) as ``extra``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .declare import Data, Key
from .sections import broken_rules


def view_of(spec: Key, data: Data, views: Mapping[str, type], **extra: Any) -> Any:
    """The view of a section (``spec.view``) holding ``data``, with ``extra`` attributes besides."""
    if spec.view is None:
        raise ValueError("the declaration builds no view")
    return views[spec.view](**_fields(spec, data, views), **extra)


def section_problems(name: str, spec: Key, data: Data) -> list[str]:
    """What makes a complete section inconsistent, each as ``<name>.<what>``: the guard of views built
    from sections that did not come through the loader (which reports these where they are written)."""
    return [f"{name}.{text}" for _, text in broken_rules(spec, data)]


def _value(spec: Key, value: Any, views: Mapping[str, type], name: str) -> Any:
    if spec.view is not None:
        named = {spec.named: name} if spec.named else {}
        return views[spec.view](**named, **_fields(spec, value, views))
    if spec.type == "object" and spec.values is not None:
        return {key: _value(spec.values, item, views, key) for key, item in value.items()}
    if spec.type == "array":
        return tuple(item if spec.items is None else _value(spec.items, item, views, name) for item in value)
    return value if spec.convert is None else spec.convert(value)


def _fields(spec: Key, data: Data, views: Mapping[str, type]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, sub in (spec.keys or {}).items():
        value = data.get(name, sub.default)
        if sub.field is not None:
            out[sub.field] = _value(sub, value, views, name)
        elif sub.keys is not None and sub.view is None:
            out.update(_fields(sub, value, views))  # a grouping key: its keys fill the enclosing view
    return out
