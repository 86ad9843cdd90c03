"""The typed syntax tree of predicates: frozen dataclasses that carry their source positions."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pos:
    """1-based line and column of a node in the predicate text."""

    line: int
    column: int


@dataclass(frozen=True, slots=True)
class Node:
    pos: Pos


@dataclass(frozen=True, slots=True)
class IntLit(Node):
    value: int


@dataclass(frozen=True, slots=True)
class TileLit(Node):
    tile: int
    text: str


@dataclass(frozen=True, slots=True)
class Name(Node):
    """A bound variable or a builtin used without parentheses (a constant such as ``chows``)."""

    name: str


@dataclass(frozen=True, slots=True)
class Call(Node):
    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Quantifier(Node):
    """``all|any|count|min|max(var in source: body)``; ``body`` is None for ``count(x in xs)``."""

    word: str
    var: str
    var_pos: Pos
    source: Node
    body: Node | None


@dataclass(frozen=True, slots=True)
class TupleLit(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Neg(Node):
    operand: Node


@dataclass(frozen=True, slots=True)
class Arith(Node):
    op: str
    left: Node
    right: Node
    op_pos: Pos


@dataclass(frozen=True, slots=True)
class Compare(Node):
    """A chain ``a op b op c``: ``ops[i]`` sits between ``operands[i]`` and ``operands[i + 1]``."""

    operands: tuple[Node, ...]
    ops: tuple[str, ...]
    op_pos: tuple[Pos, ...]


@dataclass(frozen=True, slots=True)
class Not(Node):
    operand: Node


@dataclass(frozen=True, slots=True)
class BoolOp(Node):
    op: str
    operands: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class EachRule(Node):
    """``each a, b in source where cond``: one fan instance per distinct group of items that fits."""

    names: tuple[str, ...]
    name_pos: tuple[Pos, ...]
    source: Node
    cond: Node


@dataclass(frozen=True, slots=True)
class HandRule(Node):
    """A yes/no question (the fan counts once) or a count (the fan counts that many times)."""

    expr: Node


def children(node: Node) -> list[Node]:
    """The direct child nodes of a node, in field order."""
    out: list[Node] = []
    for name in node.__slots__:  # type: ignore[attr-defined]
        value = getattr(node, name)
        if isinstance(value, Node):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(v for v in value if isinstance(v, Node))
    return out
