"""The one way keys of rule files are declared: a ``Key`` per key (its type, range or allowed values,
default, what it means and, in a section, the attribute of the typed view it fills), and the ``Rule``s
that tie a section's keys together.

Everything else is derived from these declarations: the loader's located checks (``sections.py``,
``loader.py``), the typed views the engine reads (``views.py``), the JSON Schemas and the docs' key
tables (``fanrules.tools.schema_files``)."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

#: A section's merged data, as the loader holds it: plain mappings, lists and scalars.
Data = Mapping[str, Any]


@dataclass(frozen=True)
class Rule:
    """A consistency rule between keys of a section, beyond each key's own type and range.

    ``check`` reads the complete section and answers None or what is wrong, as text that goes after
    ``<section>.`` (``"tiles: 136 tiles need 17 stacks a side, not 18"``); ``says`` states the
    rule (the diagnostic's hint and the docs' line). The loader reports it (R024) at ``at``, a key path
    within the section, or at the one of ``reads`` that the most derived rule file wrote, so that a
    variant's change is reported in the variant."""

    at: str
    check: Callable[[Data], str | None]
    reads: tuple[str, ...] = ()
    says: str = ""


@dataclass(frozen=True, kw_only=True)
class Key:
    """One key of a rule file, or one value of a section.

    ``type``: ``string``, ``integer``, ``number``, ``boolean``, ``array``, ``object`` or ``ref`` (a fan's
    name or number). ``required``: the key must be written (a variant's section may inherit it);
    ``default``: its value when it is not. ``enum``, ``minimum``, ``maximum``: the values allowed.
    An object lists its ``keys``, or gives ``values`` for a mapping whose keys are free (``key_enum``
    may still limit them); an array gives its ``items``, or ``items_of``, the name of a shared schema
    definition (``ref``, ``source``, ``exclusion``, ``example``) that the loader checks by its own code.

    The typed view: ``field`` is the attribute of the enclosing view the key fills (``convert`` turns
    each plain value into the view's); an object with ``view`` builds an instance of that class (by name,
    given by the layer that reads it), an object with neither lends its keys to the enclosing view,
    and ``named`` is the view's attribute that receives a free key. ``rules``: see ``Rule``."""

    type: str
    description: str
    required: bool = False
    default: Any = None
    enum: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    keys: Mapping[str, Key] | None = None
    values: Key | None = None
    key_enum: tuple[str, ...] = ()
    items: Key | None = None
    items_of: str | None = None
    field: str | None = None
    convert: Callable[[Any], Any] | None = None
    view: str | None = None
    named: str | None = None
    rules: tuple[Rule, ...] = ()

    @property
    def required_keys(self) -> tuple[str, ...]:
        """The keys of an object that must be written."""
        return tuple(name for name, key in (self.keys or {}).items() if key.required)


def need(type: str, description: str, **more: Any) -> Key:
    """A key that must be written (in a variant's section: inherited or written)."""
    return Key(type=type, description=description, required=True, **more)


def leaves(key: Key, path: str = "") -> Iterator[tuple[str, Key]]:
    """Every key below an object with fixed keys, by dotted path, depth first in declaration order;
    an object of fixed keys is not itself listed."""
    for name, sub in (key.keys or {}).items():
        where = f"{path}.{name}" if path else name
        if sub.keys is not None:
            yield from leaves(sub, where)
        elif sub.values is not None and sub.values.keys is not None:
            yield from leaves(sub.values, f"{where}.KIND")
        else:
            yield where, sub


#: How each value type is named in a diagnostic ("'minimum' must be a whole number, not ...").
TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
              "array": "a list", "object": "a mapping", "ref": "a fan name or number"}


def type_ok(value: Any, typ: str) -> bool:
    """Whether a YAML value has one of the declared types (``ref``: a fan's name or number)."""
    is_int = isinstance(value, int) and not isinstance(value, bool)
    checks: dict[str, bool] = {
        "string": isinstance(value, str), "integer": is_int, "boolean": isinstance(value, bool),
        "number": is_int or isinstance(value, float), "array": isinstance(value, list),
        "object": isinstance(value, dict), "ref": isinstance(value, str) or is_int,
    }
    if typ not in checks:
        raise ValueError(f"unknown key type {typ!r}")
    return checks[typ]


def shown(value: Any) -> str:
    """A value as a diagnostic names it: ``the number 3``, ``the text 'x'``, ``a list``."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {value!r}"[:60]
    return "a list" if isinstance(value, list) else "a mapping" if isinstance(value, dict) else "nothing"


def listed(words: tuple[str, ...]) -> str:
    """Words as a sentence lists them: ``E, S, W and N``."""
    return f"{', '.join(words[:-1])} and {words[-1]}" if len(words) > 1 else "".join(words)
