"""Sections of a rule set beyond its fans (``procedure:``, ``settlement:``): how a section is checked
with located diagnostics, how a variant's section merges over its parent's, and which of its
declaration's consistency rules the merged section breaks.

A section is plain data (mappings, lists, numbers, text). Its shape is a tree of ``Key``s (``declare.py``)
registered in ``section_keys.SECTIONS``; the loader checks every value against it, and a variant's mapping
merges key by key over the parent's (lists and scalars replace). The layers that use a section (the
game, settlement) read the merged data through typed views built from the same declaration (``views.py``)."""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..core.text import close_matches
from .declare import TYPE_WORDS, Data, Key, Rule, shown, type_ok
from .model import Where
from .rulefile import FileContext
from .section_keys import DEFAULTS, SECTIONS
from .yamlpos import YList, YMap

#: ``error(position, code, message, hint)``, as the loader's file context reports.
Report = Callable[[tuple[int, int], str, str, str], None]


def _in_range(value: float, spec: Key) -> bool:
    return (spec.minimum is None or value >= spec.minimum) and (spec.maximum is None or value <= spec.maximum)


def check_value(value: Any, spec: Key, path: str, pos: tuple[int, int], report: Report, partial: bool = False) -> bool:
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
    if spec.type in ("integer", "number") and not _in_range(value, spec):
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


def _check_object(value: dict[str, Any], spec: Key, path: str, pos: tuple[int, int], report: Report, partial: bool) -> bool:
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
    for key in () if partial else spec.required_keys:
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


def origins_of(value: Any, path: str, where: Callable[[tuple[int, int]], Where], pos: tuple[int, int]) -> dict[str, Where]:
    """Where each value of a section was written, by dotted path (for ``rules show``)."""
    out = {path: where(pos)}
    if isinstance(value, YMap):
        for key, item in value.items():
            out.update(origins_of(item, f"{path}.{key}", where, value.value_pos.get(key, pos)))
    return out


def broken_rules(spec: Key, data: Data) -> list[tuple[Rule, str]]:
    """The consistency rules of a complete section that its data breaks, each with what is wrong."""
    found = [(rule, rule.check(data)) for rule in spec.rules]
    return [(rule, text) for rule, text in found if text is not None]


#: Where each key of the sections was last written, by dotted path: (rank, file, position); a higher
#: rank is a more derived rule file of the chain.
Places = dict[str, tuple[int, FileContext, tuple[int, int]]]


def collect_sections(data: YMap, ctx: FileContext, fields: dict[str, Any], origins: dict[str, Where], rank: int) -> None:
    """Check this file's sections (``procedure:``, ...) and merge each over the parent's; note where
    each key was written, and which sections are broken (their rules are not checked)."""
    sections = dict(fields.get("sections", {}))
    places: Places = dict(fields.get("section_places", {}))
    broken: set[str] = set(fields.get("broken_sections", ()))
    for name, spec in SECTIONS.items():
        if name not in data or not isinstance(data[name], dict):
            continue  # absent, or not a mapping (reported by check_keys)
        pos = data.value_pos[name]
        under = sections[name] if name in sections else copy.deepcopy(DEFAULTS.get(name))  # a root's: the documented defaults
        if check_value(data[name], spec, name, pos, ctx.error, partial=under is not None):
            sections[name] = merge(under, data[name]) if under is not None else plain(data[name])
            written = origins_of(data[name], name, ctx.where, pos)
            origins.update(written)
            places.update((path, (rank, ctx, (where.line, where.column))) for path, where in written.items())
        else:
            broken.add(name)
    fields.update(sections=sections, section_places=places, broken_sections=broken)


def report_rules(fields: dict[str, Any]) -> None:
    """Report (R024) each consistency rule that a complete, well-formed section breaks, at the place of
    its key written by the most derived file (a variant's change is reported in the variant)."""
    places: Places = fields.get("section_places", {})
    for name, data in fields.get("sections", {}).items():
        if name in fields.get("broken_sections", ()):
            continue
        for rule, text in broken_rules(SECTIONS[name], data):
            paths = [f"{name}.{path}" for path in (rule.at, *rule.reads)]
            known = [places[path] for path in paths if path in places]
            if not known:
                continue  # a section built without a file
            _, ctx, pos = max(known, key=lambda place: place[0])  # the first of the best rank: ``at`` if it is one
            ctx.error(pos, "R024", f"{name}.{text}", rule.says)
