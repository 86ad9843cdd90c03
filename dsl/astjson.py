"""Syntax trees of predicates as plain JSON data, for the on-disk cache.

Reading one back is validation, not trust: only the node types of dsl/ast.py, each with exactly its
own fields; operators and quantifier words from the grammar's own lists; tiles and numbers as whole
numbers; positions as pairs of numbers; a bounded depth and size. Anything else is refused with
ValueError. The tree then goes through the checker and the compiler like a freshly parsed one."""
from __future__ import annotations

from collections.abc import Callable
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
    try:
        node = reader.node(data, 0)
    except KeyError:
        raise ValueError("a node without one of its fields") from None
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
        if type(data) is not dict or data.get("node") not in NODES:
            raise ValueError("not a node")
        cls = NODES[data["node"]]
        readers = _readers(cls)
        if len(data) != len(readers) + 1:  # "node" and each field once (a missing one: KeyError)
            raise ValueError(f"{cls.__name__} with the wrong fields")
        return cls(*[read(self, data[name], depth) for name, read in readers])


#: How each field of a node class is read, worked out once per class, not told from its name at each
#: field of each node: every start-up reads the cached predicates' trees.
_READERS: dict[type, tuple[tuple[str, Callable[[_Reader, Any, int], Any]], ...]] = {}


def _readers(cls: type) -> tuple[tuple[str, Callable[[_Reader, Any, int], Any]], ...]:
    found = _READERS.get(cls)
    if found is None:
        found = _READERS[cls] = tuple((name, _reader(cls.__name__, name)) for name in _fields(cls))
    return found


def _reader(kind: str, name: str) -> Callable[[_Reader, Any, int], Any]:
    """How the field ``name`` of a node of type ``kind`` is read."""
    if name in ("pos", "var_pos") or (name == "op_pos" and kind == "Arith"):
        return lambda reader, value, depth: _pos(value)
    if name in ("op_pos", "name_pos"):
        return lambda reader, value, depth: tuple(_pos(v) for v in _list(value))
    if name in ("args", "items", "operands"):
        return lambda reader, value, depth: tuple(reader.node(v, depth + 1) for v in _list(value))
    if name in ("source", "cond", "expr", "left", "right", "operand"):
        return lambda reader, value, depth: reader.node(value, depth + 1)
    if name == "body":
        return lambda reader, value, depth: None if value is None else reader.node(value, depth + 1)
    if name in ("value", "tile"):
        return lambda reader, value, depth: _number(kind, name, value)
    words = WORDS.get((kind, name))
    if name in ("ops", "names"):
        return lambda reader, value, depth: tuple(_word(v, words) for v in _list(value))
    return lambda reader, value, depth: _word(value, words)


def _number(kind: str, name: str, value: Any) -> int:
    if type(value) is not int or (name == "tile" and not 0 <= value < 34):
        raise ValueError(f"{kind}.{name} is not a valid number")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    return value


def _pos(value: Any) -> ast.Pos:
    if not (type(value) is list and len(value) == 2 and type(value[0]) is int and type(value[1]) is int and value[0] > 0 and value[1] > 0):
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
