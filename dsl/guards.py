"""Guards: necessary conditions of simple forms read off a predicate (a flag, ``not flag``, ``name ==
constant``, ``size(collection) >= n``, and the size a ``count(...) >= n`` needs), so that a scorer
may skip a predicate whose guard fails without running it (dsl/fused.py)."""
from __future__ import annotations

from typing import Any

from . import ast
from .builtins import REGISTRY, Const
from .compiled import COMPARE, Guard

FLIPPED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def attribute(node: ast.Node) -> str | None:
    """The facts attribute a builtin name reads directly (``chows`` -> ``chows``), if any."""
    if isinstance(node, ast.Name) and node.name in REGISTRY:
        code = REGISTRY[node.name].code
        if isinstance(code, str) and code.startswith("f.") and code[2:].isidentifier():
            return code[2:]
    return None


def _constant(node: ast.Node) -> tuple[bool, Any]:
    if isinstance(node, ast.IntLit):
        return True, node.value
    if isinstance(node, ast.TileLit):
        return True, node.tile
    if isinstance(node, ast.Name) and node.name in REGISTRY:
        code = REGISTRY[node.name].code
        if isinstance(code, Const):
            return True, code.value
    return False, None


def _measured(node: ast.Node) -> tuple[str, bool] | None:
    """(attribute, is a length) for ``name`` or ``size(name)``."""
    if isinstance(node, ast.Call) and node.name == "size" and len(node.args) == 1:
        attr = attribute(node.args[0])
        return (attr, True) if attr else None
    attr = attribute(node)
    return (attr, False) if attr else None


#: The least count that ``count(...) op n`` allows, by operator.
LEAST = {">=": lambda n: n, ">": lambda n: n + 1, "==": lambda n: n}


def _implied(node: ast.Node) -> Guard | None:
    """``size(collection) >= n`` when ``node`` is ``count(x in collection: ...) >= n`` (or ``> n - 1``,
    ``== n``) with n at least 1: the collection needs n items."""
    if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and node.ops[0] in LEAST):
        return None
    counted, (is_constant, value) = node.operands[0], _constant(node.operands[1])
    if not (isinstance(counted, ast.Quantifier) and counted.word == "count" and is_constant and isinstance(value, int)):
        return None
    attr, least = attribute(counted.source), LEAST[node.ops[0]](value)
    return Guard(attr=attr, length=True, op=">=", value=least, implied=True) if attr and least >= 1 else None


def guard(node: ast.Node, typ: str | None) -> Guard | None:
    if typ != "bool":
        return None
    implied = _implied(node)
    if implied is not None:
        return implied
    if isinstance(node, ast.Not):
        attr = attribute(node.operand)
        return Guard(attr=attr, length=False, op="==", value=False) if attr else None
    attr = attribute(node)
    if attr:
        return Guard(attr=attr, length=False, op="==", value=True)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and node.ops[0] in COMPARE:
        left, right = node.operands
        op = node.ops[0]
        if _constant(left)[0]:
            left, right, op = right, left, FLIPPED[op]
        measured, (is_constant, value) = _measured(left), _constant(right)
        if measured and is_constant:
            return Guard(attr=measured[0], length=measured[1], op=op, value=value)
    return None
