"""The typed syntax tree of predicates: immutable records that carry their source positions."""
from __future__ import annotations

from typing import Any, ClassVar, dataclass_transform


@dataclass_transform(frozen_default=True)
class _Fields(type):
    """The type of the records of the tree: what ``@dataclass(frozen=True, slots=True)`` made of them,
    made once for all of them (making a frozen dataclass with slots generates and compiles its methods,
    a cost every start-up paid for each of these classes). A class's
    annotated names are its slots, after those of its bases (``_fields``, in order); its records are
    built from them by position or name, compare and hash as the tuple of their fields (records of
    one class only), and cannot be changed. Type checkers see them as frozen dataclasses."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> _Fields:
        kinds = {field: str(kind) for field, kind in namespace.get("__annotations__", {}).items() if not str(kind).startswith("ClassVar")}
        namespace["__slots__"] = own = tuple(kinds)
        cls = super().__new__(mcs, name, bases, namespace)
        cls._fields = tuple(field for base in bases for field in getattr(base, "_fields", ())) + own  # type: ignore[attr-defined]  # a ClassVar of _Record, set on each class made
        # The fields of its own that hold nodes (a node, maybe None, or a tuple of them), for children().
        cls._children = tuple((field, kind.startswith("tuple[")) for field, kind in kinds.items() if "Node" in kind)  # type: ignore[attr-defined]  # as _fields
        return cls


class _Record(metaclass=_Fields):
    _fields: ClassVar[tuple[str, ...]]
    _children: ClassVar[tuple[tuple[str, bool], ...]]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        if len(args) > len(fields) or len(args) + len(kwargs) != len(fields):
            raise TypeError(f"{type(self).__name__} takes the fields {', '.join(fields)}")
        for field, value in zip(fields, args):
            object.__setattr__(self, field, value)
        for field in fields[len(args):]:
            if field not in kwargs:
                raise TypeError(f"{type(self).__name__} needs its field {field!r}")
            object.__setattr__(self, field, kwargs[field])

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, field) for field in self._fields])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{field}={getattr(self, field)!r}' for field in self._fields)})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return type(self), self._values()


class Pos(_Record):
    """1-based line and column of a node in the predicate text."""

    line: int
    column: int


class Node(_Record):
    pos: Pos


class IntLit(Node):
    value: int


class TileLit(Node):
    tile: int
    text: str


class Name(Node):
    """A bound variable or a builtin used without parentheses (a constant such as ``chows``)."""

    name: str


class Call(Node):
    name: str
    args: tuple[Node, ...]


class Quantifier(Node):
    """``all|any|count|min|max(var in source: body)``; ``body`` is None for ``count(x in xs)``."""

    word: str
    var: str
    var_pos: Pos
    source: Node
    body: Node | None


class TupleLit(Node):
    items: tuple[Node, ...]


class Neg(Node):
    operand: Node


class Arith(Node):
    op: str
    left: Node
    right: Node
    op_pos: Pos


class Compare(Node):
    """A chain ``a op b op c``: ``ops[i]`` sits between ``operands[i]`` and ``operands[i + 1]``."""

    operands: tuple[Node, ...]
    ops: tuple[str, ...]
    op_pos: tuple[Pos, ...]


class Not(Node):
    operand: Node


class BoolOp(Node):
    op: str
    operands: tuple[Node, ...]


class EachRule(Node):
    """``each a, b in source where cond``: one fan instance per distinct group of items that fits."""

    names: tuple[str, ...]
    name_pos: tuple[Pos, ...]
    source: Node
    cond: Node


class HandRule(Node):
    """A yes/no question (the fan counts once) or a count (the fan counts that many times)."""

    expr: Node


def children(node: Node) -> list[Node]:
    """The direct child nodes of a node, in field order (from the fields its class says hold nodes,
    not by testing each field: every start-up walks the cached predicates' trees)."""
    out: list[Node] = []
    for name, many in node._children:
        value = getattr(node, name)
        if many:
            out.extend(value)
        elif value is not None:
            out.append(value)
    return out
