"""Sections of a rule set beyond its fans (``procedure:``, ``settlement:``): their key tables, how a
section is checked with located diagnostics, and how a variant's section merges over its parent's.

A section is plain data (mappings, lists, numbers, text). Its shape is a tree of ``Field``s registered in
``SECTIONS``; the loader checks every value against it, and a variant's mapping merges key by key over
the parent's (lists and scalars replace). The layers that use a section (the game, settlement) read the
merged data through their own typed views. The tables themselves are in ``section_keys``."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.text import close_matches
from .yamlpos import YList, YMap

#: ``error(position, code, message, hint)``, as the loader's file context reports.
Report = Callable[[tuple[int, int], str, str, str], None]


@dataclass(frozen=True, kw_only=True)
class Field:
    """One value of a section: its type (``string``, ``integer``, ``number``, ``boolean``, ``array`` or
    ``object``), what it means, and its constraints. An object lists its ``keys``, or gives ``values``
    for mappings whose keys are free (``key_enum`` may still limit them); an array gives its ``items``."""

    type: str
    description: str
    enum: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    keys: Mapping[str, Field] | None = None
    values: Field | None = None
    key_enum: tuple[str, ...] = ()
    items: Field | None = None
    required: tuple[str, ...] = field(default=())


#: How each value type is named in a diagnostic ("'minimum' must be a whole number, not ...").
TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
              "array": "a list", "object": "a mapping", "ref": "a fan name or number"}


def type_ok(value: Any, typ: str) -> bool:
    """Whether a YAML value has one of the types of the key tables (``ref``: a fan's name or number)."""
    if typ == "string":
        return isinstance(value, str)
    if typ == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if typ == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if typ == "boolean":
        return isinstance(value, bool)
    if typ == "array":
        return isinstance(value, list)
    if typ == "object":
        return isinstance(value, dict)
    if typ == "ref":
        return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))
    raise ValueError(f"unknown field type {typ!r}")


def shown(value: Any) -> str:
    """A value as a diagnostic names it: ``the number 3``, ``the text 'x'``, ``a list``."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"[:60]
    return "a list" if isinstance(value, list) else "a mapping" if isinstance(value, dict) else "nothing"


def check_value(value: Any, spec: Field, path: str, pos: tuple[int, int], report: Report, partial: bool = False) -> bool:
    """Check ``value`` (read at ``pos``) against ``spec``; report each problem with its position, keep
    going, and answer whether it was all well formed. ``path`` names the value (``settlement.base``).
    ``partial``: the value merges over a parent's, so required keys may come from the parent."""
    if not type_ok(value, spec.type):
        report(pos, "R020", f"'{path}' must be {TYPE_WORDS[spec.type]}, not {shown(value)}", spec.description)
        return False
    ok = True
    if spec.enum and value not in spec.enum:
        close = close_matches(str(value), [str(e) for e in spec.enum], cutoff=0.6)
        report(pos, "R021", f"'{path}' must be one of {', '.join(map(str, spec.enum))}, not {shown(value)}",
               f"did you mean '{close[0]}'?" if close else spec.description)
        ok = False
    if spec.type in ("integer", "number"):
        if spec.minimum is not None and value < spec.minimum or spec.maximum is not None and value > spec.maximum:
            low = "" if spec.minimum is None else f"at least {spec.minimum}"
            high = "" if spec.maximum is None else f"at most {spec.maximum}"
            report(pos, "R021", f"'{path}' must be {' and '.join(w for w in (low, high) if w)}, not {value}", spec.description)
            ok = False
    if spec.type == "array" and spec.items is not None:
        item_pos = getattr(value, "item_pos", [])
        for i, item in enumerate(value):
            ok &= check_value(item, spec.items, f"{path}[{i}]", item_pos[i] if i < len(item_pos) else pos, report)
    if spec.type == "object":
        ok &= _check_object(value, spec, path, pos, report, partial)
    return ok


def _check_object(value: dict[str, Any], spec: Field, path: str, pos: tuple[int, int], report: Report, partial: bool) -> bool:
    ok = True
    key_pos = getattr(value, "key_pos", {})
    value_pos = getattr(value, "value_pos", {})
    allowed = list(spec.keys or ()) or list(spec.key_enum)
    for key, item in value.items():
        where = key_pos.get(key, pos)
        name = f"{path}.{key}"
        if not isinstance(key, str):
            report(where, "R022", f"'{path}' has a key that is not text: {key!r}", "write keys as words")
            ok = False
            continue
        sub = spec.keys.get(key) if spec.keys is not None else spec.values
        if sub is None or (spec.key_enum and key not in spec.key_enum):
            close = close_matches(key, allowed, cutoff=0.6)
            hint = f"did you mean '{close[0]}'?" if close else (f"allowed keys: {', '.join(allowed)}" if allowed else "")
            report(where, "R022", f"unknown key '{key}' in '{path}'", hint)
            ok = False
            continue
        ok &= check_value(item, sub, name, value_pos.get(key, where), report, partial)
    for key in () if partial else spec.required:
        if key not in value:
            described = spec.keys[key].description if spec.keys and key in spec.keys else ""
            report(pos, "R023", f"missing key '{key}' in '{path}'", described)
            ok = False
    return ok


def merge(parent: Any, child: Any) -> Any:
    """A variant's value over its parent's: mappings merge key by key, anything else replaces."""
    if isinstance(parent, dict) and isinstance(child, dict):
        out = dict(parent)
        for key, value in child.items():
            out[key] = merge(parent.get(key), value) if key in parent else plain(value)
        return out
    return plain(child)


def plain(value: Any) -> Any:
    """Position-keeping YAML values as plain dicts and lists."""
    if isinstance(value, (dict, YMap)):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, YList)):
        return [plain(v) for v in value]
    return value


def origins(value: Any, path: str, where: Callable[[tuple[int, int]], Any], pos: tuple[int, int]) -> dict[str, Any]:
    """Where each value of a section was written, by dotted path (for ``rules show``)."""
    out = {path: where(pos)}
    if isinstance(value, YMap):
        for key, item in value.items():
            out.update(origins(item, f"{path}.{key}", where, value.value_pos.get(key, pos)))
    return out
