"""The rule book's pages for a rule set's sections beyond its fans (``procedure``, ``settlement``):
every value with what its key means (from the section's key table), and for a variant the values it
changes from its parent, highlighted."""
from __future__ import annotations

import json
from html import escape
from typing import Any

from ..ruleset import RuleSet
from ..ruleset.declare import Key
from ..ruleset.section_keys import SECTIONS

_MISSING = object()


def _child_spec(spec: Key | None, key: str) -> Key | None:
    if spec is None:
        return None
    if spec.keys is not None and key in spec.keys:
        return spec.keys[key]
    return spec.values


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return f'<span class="val text">{escape(value)}</span>'
    return f'<code class="val">{escape(json.dumps(value))}</code>'


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def value_html(value: Any, spec: Key | None, parent: Any = _MISSING) -> str:
    """A section value as nested lists: a plain value beside its key, a mapping or list below it, each
    key with what it means. A value that differs from ``parent`` (the parent rule set's value at the
    same place) is marked, with the parent's value struck through."""
    if isinstance(value, dict):
        rows = []
        for key in value:
            sub = _child_spec(spec, key)
            before = parent.get(key, None) if isinstance(parent, dict) else _MISSING if parent is _MISSING else None
            meaning = f'<span class="meaning">{escape(sub.description)}</span>' if sub and sub.description else ""
            inner = value_html(value[key], sub, before)
            if _is_scalar(value[key]):
                rows.append(f'<li class="kv"><code class="key">{escape(str(key))}</code> {inner}{meaning}</li>')
            else:
                rows.append(f'<li><code class="key">{escape(str(key))}</code>{meaning}{inner}</li>')
        shown = f'<ul class="section-values">{"".join(rows)}</ul>'
    elif isinstance(value, list):
        items = "".join(f"<li>{value_html(v, spec.items if spec else None)}</li>" for v in value)
        shown = f'<ul class="section-list">{items}</ul>'
    else:
        shown = _scalar(value)
    if parent is _MISSING or parent == value or isinstance(value, dict):
        return shown
    was = "not set" if parent is None else _scalar(parent) if _is_scalar(parent) else "another list"
    return f'<span class="changed-value">{shown} <span class="was">(parent: <del>{was}</del>)</span></span>'


def section_html(ruleset: RuleSet, name: str, parent: RuleSet | None) -> str:
    """The page body of section ``name``."""
    spec = SECTIONS.get(name)
    intro = f'<p class="lead">{escape(spec.description)}</p>' if spec and spec.description else ""
    before: Any = parent.sections.get(name) if parent is not None else _MISSING
    note = ""
    if parent is not None:
        same = before == ruleset.sections[name]
        note = (f'<p>Inherited unchanged from <code>{escape(parent.name)}</code>.</p>' if same else
                f'<div class="changed-note">Values that differ from <code>{escape(parent.name)}</code> are highlighted.</div>')
    return f"<h1>{escape(name.capitalize())}</h1>{intro}{note}{value_html(ruleset.sections[name], spec, before)}"
