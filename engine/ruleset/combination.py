"""What a rule set says about how a hand wins and how its fans combine (ruleset.yaml ``cap``,
``principles``, ``shapes``, ``win_requires``): read and checked with the file's located diagnostics, a
variant's key over its parent's. The scorer applies them (engine/scoring/combine.py)."""
from __future__ import annotations

from typing import Any, Protocol

from ..core.blocks import Shape
from ..dsl import Compiled, compile_predicate
from .declare import listed
from .model import Where
from .origins import predicate_origin
from .yamlpos import YList, YMap

#: The scoring principles a rule set may choose (``principles:``), each with what turning it off means.
#: Every MCR edition keeps all five (the default).
PRINCIPLES: dict[str, str] = {
    "non_repeat": "不重复: a fan that a counted fan excludes (its 'excludes') is not counted. Off: every exclusion "
                  "is ignored, and each fan whose predicate holds counts.",
    "non_identical": "不得相同: two instances of one fan may not share a set. Off: instances of a fan may share sets.",
    "non_split": "不拆移: the sets a counted combination joined are not split off again to make a smaller one. "
                 "Off: a smaller combination within counted sets counts too.",
    "account_once": "套算一次: a set joins another set for a fan once. Off: a set may join several sets for fans.",
    "take_the_highest": "以高分为原则: of the readings of a hand, the one scoring most is taken. Off: the first "
                        "reading that wins is scored (the order of docs/analysis.md).",
}
ALL_PRINCIPLES = tuple(PRINCIPLES)
#: The hand shapes a rule set may let win (``shapes:``); every shape by default.
SHAPES = tuple(shape.value for shape in Shape)


class FileContext(Protocol):
    """What the loader's file context offers: located errors, and the file's path and lines."""

    path: str
    lines: list[str]

    def error(self, pos: tuple[int, int], code: str, message: str, hint: str = "") -> None: ...

    def where(self, pos: tuple[int, int]) -> Where: ...


def collect_combination(data: YMap, ctx: FileContext, fields: dict[str, Any], origins: dict[str, Where]) -> None:
    """This file's ``cap``, ``principles``, ``shapes`` and ``win_requires`` over the parent's in ``fields``
    (types are checked by the key table; values here)."""
    if isinstance(data.get("cap"), int) and not isinstance(data["cap"], bool):
        if data["cap"] < 1:
            ctx.error(data.value_pos["cap"], "R005", "cap must be at least 1", "a total above the cap scores the cap")
        else:
            fields["cap"] = data["cap"]
    for key, allowed in (("principles", ALL_PRINCIPLES), ("shapes", SHAPES)):
        chosen = _names(data, ctx, key, allowed)
        if chosen is not None:
            fields[key] = chosen
    if isinstance(data.get("win_requires"), str):
        origin, text = predicate_origin(ctx.path, ctx.lines, data, "win_requires")
        fields["win_requires"] = (text or data["win_requires"], origin)
    for key in ("cap", "principles", "shapes", "win_requires"):
        if key in data and key in fields:
            origins[key] = ctx.where(data.value_pos[key])


def _names(data: YMap, ctx: FileContext, key: str, allowed: tuple[str, ...]) -> tuple[str, ...] | None:
    """A list of names among ``allowed`` (each other one reported), in the order of ``allowed``."""
    value = data.get(key)
    if not isinstance(value, YList):
        return None
    ok = True
    for pos, item in zip(value.item_pos, value):
        if item not in allowed:
            ctx.error(pos, "R005", f"unknown {key[:-1]} {item!r} in '{key}'", f"one of: {listed(allowed)}")
            ok = False
    return tuple(name for name in allowed if name in value) if ok else None


def compile_win_requires(fields: dict[str, Any], sink: list[Any]) -> tuple[Compiled | None, str]:
    """The rule set's ``win_requires`` compiled (its diagnostics to ``sink``), and its text."""
    if "win_requires" not in fields:
        return None, ""
    text, origin = fields["win_requires"]
    compiled, diags = compile_predicate(text, origin)
    sink.extend(diags)
    return compiled, text.strip()
