"""Families of fans with a cap (ruleset.yaml ``families:``): read and checked with the file's located
diagnostics, merged over the parent's by family name, then resolved to fan numbers."""
from __future__ import annotations

from typing import Any, Protocol

from .declare import Key
from .model import Family
from .refs import norm, ref_hint
from .schema import FAMILY_KEYS
from .yamlpos import YMap


class FileContext(Protocol):
    """What the loader's file context offers: located errors and key checks."""

    def error(self, pos: tuple[int, int], code: str, message: str, hint: str = "") -> None: ...

    def check_keys(self, data: YMap, keys: dict[str, Key], what: str, required: tuple[str, ...] = ()) -> bool: ...


def collect_families(data: YMap, ctx: FileContext, fields: dict[str, Any]) -> None:
    """This file's families, checked for their keys, over the parent's in ``fields["families"]``."""
    families = dict(fields.get("families", {}))
    own = data.get("families")
    if isinstance(own, YMap):
        for name, item in own.items():
            if not isinstance(item, YMap):
                ctx.error(own.value_pos[name], "R005", f"family '{name}' must be a mapping with 'fans' and 'cap'")
            elif ctx.check_keys(item, FAMILY_KEYS, f"family '{name}'"):
                if item["cap"] < 1:
                    ctx.error(item.value_pos["cap"], "R005", "cap must be at least 1")
                else:
                    families[str(name)] = (item, ctx)
    fields["families"] = families


def resolve_families(fields: dict[str, Any], by_ref: dict[str, int]) -> tuple[Family, ...]:
    """The families with their fans as numbers; a fan disabled on the way is left out, an unknown one
    is an error (R006) on its entry."""
    out = []
    disabled = fields.get("disabled", set())
    for name, (item, ctx) in fields.get("families", {}).items():
        numbers = []
        for pos, ref in zip(item["fans"].item_pos, item["fans"]):
            number = by_ref.get(norm(ref))
            if number is not None:
                numbers.append(number)
            elif norm(ref) not in disabled:
                ctx.error(pos, "R006", f"unknown fan {ref!r} in family '{name}'", ref_hint(ref, by_ref))
        out.append(Family(name=name, fans=frozenset(numbers), cap=item["cap"], sources=tuple(item.get("sources", ()))))
    return tuple(out)
