"""Syntax trees of predicates as plain JSON data, for the on-disk cache.

Reading one back is validation, not trust: only the node types of dsl/ast.py, each with exactly its
own fields; operators and quantifier words from the grammar's own lists; tiles and numbers as whole
numbers; positions as pairs of numbers; a bounded depth and size. Anything else is refused with
ValueError. The tree then goes through the checker and the compiler like a freshly parsed one."""
from __future__ import annotations

from typing import Any

from . import ast

#: The node types a tree may hold, by name.
NODES: dict[str, type[ast.Node]] = {
    cls.__name__: cls for cls in (ast.IntLit, ast.TileLit, ast.Name, ast.Call, ast.Quantifier, ast.TupleLit, ast.Neg,
                                  ast.Arith, ast.Compare, ast.Not, ast.BoolOp, ast.EachRule, ast.HandRule)
}
#: The words the grammar allows where the compiler writes a word of the tree into Python.
WORDS: dict[tuple[str, str], frozenset[str]] = {
    ("Arith", "op"): frozenset({"+", "-", "*"}),
    ("BoolOp", "op"): frozenset({"and", "or"}),
    ("Compare", "ops"): frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "not in"}),
    ("Quantifier", "word"): frozenset({"all", "any", "count", "min", "max"}),
}
MAX_DEPTH = 100
MAX_NODES = 5_000


def to_json(node: Any) -> Any:
    """A tree as JSON data: a node is an object with its type under "node" and its fields."""
    if isinstance(node, ast.Pos):
        return [node.line, node.column]
    if isinstance(node, ast.Node):
        return {"node": type(node).__name__, **{name: to_json(getattr(node, name)) for name in _fields(type(node))}}
    if isinstance(node, tuple):
        return [to_json(v) for v in node]
    return node


def from_json(data: Any) -> ast.Node:
    """The tree that ``data`` describes; ValueError when it is not a well-formed predicate tree."""
    reader = _Reader()
    node = reader.node(data, 0)
    if not isinstance(node, (ast.EachRule, ast.HandRule)):
        raise ValueError("the tree is not a rule")
    return node


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    """The fields of a node class, in order (worked out once per class)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(name for klass in reversed(cls.__mro__) for name in getattr(klass, "__slots__", ()))
    return found


class _Reader:
    def __init__(self) -> None:
        self.count = 0

    def node(self, data: Any, depth: int) -> ast.Node:
        self.count += 1
        if depth > MAX_DEPTH or self.count > MAX_NODES:
            raise ValueError("the tree is too large")
        if not isinstance(data, dict) or data.get("node") not in NODES:
            raise ValueError("not a node")
        cls = NODES[data["node"]]
        fields = _fields(cls)
        if set(data) != {"node", *fields}:
            raise ValueError(f"{cls.__name__} with the wrong fields")
        return cls(*(self.field(cls.__name__, name, data[name], depth) for name in fields))

    def field(self, kind: str, name: str, value: Any, depth: int) -> Any:
        if name in ("pos", "var_pos") or (name == "op_pos" and kind == "Arith"):
            return _pos(value)
        if name in ("op_pos", "name_pos"):
            return tuple(_pos(v) for v in _list(value))
        if name in ("args", "items", "operands"):
            return tuple(self.node(v, depth + 1) for v in _list(value))
        if name in ("source", "cond", "expr", "left", "right", "operand"):
            return self.node(value, depth + 1)
        if name == "body":
            return None if value is None else self.node(value, depth + 1)
        if name in ("value", "tile"):
            if type(value) is not int or (name == "tile" and not 0 <= value < 34):
                raise ValueError(f"{kind}.{name} is not a valid number")
            return value
        words = WORDS.get((kind, name))
        if name in ("ops", "names"):
            items = tuple(_word(v, words) for v in _list(value))
            return items
        return _word(value, words)


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    return value


def _pos(value: Any) -> ast.Pos:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int and v > 0 for v in value)):
        raise ValueError("not a position")
    return ast.Pos(value[0], value[1])


def _word(value: Any, allowed: frozenset[str] | None) -> str:
    if not isinstance(value, str) or len(value) > 100 or (allowed is not None and value not in allowed):
        raise ValueError("not an allowed word")
    if allowed is None and not value.isidentifier() and not _is_tile_text(value):
        raise ValueError("not a name")
    return value


def _is_tile_text(value: str) -> bool:
    return len(value) <= 3 and value.isalnum()
