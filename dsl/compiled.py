"""Compiled predicates: a generated function with what the scorer needs to know about it.

A compiled predicate is rebuilt from a ``Record`` (plain data: the generated source, its constants and
its metadata), so that it can be kept in the on-disk cache and loaded without parsing anything."""
from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..core.tiles import RANK_OF, SUIT_OF
from .builtins import Level

#: What generated code may read besides its own constants.
NAMESPACE: dict[str, Any] = {"SUIT_OF": SUIT_OF, "RANK_OF": RANK_OF, "EMPTY": (), "CODE": operator.attrgetter("code")}

COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


@dataclass(frozen=True, kw_only=True)
class Guard:
    """A necessary condition read off a predicate's text: ``facts.attr`` (or its length) compared
    with a constant. A scorer may skip a predicate whose guard fails without running it. An ``implied``
    guard is not written in the predicate but follows from it (``count(k in kongs: ...) >= 2`` needs
    two kongs), so a fused hand rule tests it first."""

    attr: str
    length: bool
    op: str
    value: Any
    implied: bool = False


@dataclass(frozen=True, kw_only=True)
class Record:
    """Everything needed to rebuild a compiled predicate: the generated source (written by the
    compiler from its templates, never containing rule text), the values its ``K`` names stand for (each named by its value),
    the predicate's level, its form, and its guards. A hand rule also keeps its ``expression`` (a yes/no
    question, or a count when ``counts``), so that several can be fused into one function. ``keyed``
    names the collection of an each rule that reads its items only through their tiles (``tile``,
    ``suit``, ``rank``) and reads no other fact: its instances depend only on that collection's items,
    and a scorer may remember them by those items (dsl/fused.py). Such a rule's ``keyed_body`` is its loops
    as a fused memo runs them, as parts (dsl/code.py): text, and references that the memo names, to the
    lists of its items' ``views`` (code on an item ``x``, from the builtins' templates; ``("view", 0)``
    for ``views[0]``) and their indices, bits and counts, and to where its instances, ``found``, go."""

    source: str
    constants: tuple[tuple[str, Any], ...]
    level: Level
    is_each: bool
    arity: int
    binds_sets: bool
    guards: tuple[Guard, ...]
    expression: str = ""
    counts: bool = False
    keyed: str = ""
    cost: int = 0
    keyed_body: tuple[str | tuple[str, int], ...] = ()
    views: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Compiled:
    """A compiled predicate. ``instances(facts)`` gives one tuple per instance of the fan: the items
    bound by an ``each`` rule (sets or tiles), or an empty tuple per count of a hand rule. ``source``
    is the generated Python, for people debugging the compiler.

    The function is compiled when first asked for: a scorer runs most predicates inside its fused
    functions (dsl/fused.py) and never calls their own, and compiling them all was a tenth of the time
    a scorer took to build."""

    level: Level
    is_each: bool
    arity: int
    source: str = field(repr=False)  # kilobytes of generated code: shown only when asked for
    binds_sets: bool = False
    guards: tuple[Guard, ...] = ()
    record: Record | None = field(default=None, repr=False)
    label: str = field(default="<predicate>", repr=False)

    @cached_property
    def instances(self) -> Callable[[Any], list[tuple[Any, ...]]]:
        namespace: dict[str, Any] = {**NAMESPACE, **dict(self.record.constants if self.record is not None else ())}
        exec(compile(self.source, self.label, "exec"), namespace)  # generated source only: see dsl/compiler.py
        run: Callable[[Any], list[tuple[Any, ...]]] = namespace["run"]
        return run


def build(record: Record, label: str = "<predicate>") -> Compiled:
    """The compiled predicate of a record; ``label`` names its code in tracebacks and profiles."""
    return Compiled(level=record.level, is_each=record.is_each, arity=record.arity, source=record.source,
                    binds_sets=record.binds_sets, guards=record.guards, record=record, label=label)
