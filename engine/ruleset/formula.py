"""Payments by formula (settlement ``formula:`` and ``pieces:``): a small arithmetic over the hand's
total and the win's facts, read by its own walker over Python's expression tree (never run as code):
whole numbers, the names below, ``+``, ``-``, ``*``, ``//``, parentheses, ``min(...)`` and ``max(...)``."""
from __future__ import annotations

import ast
from collections.abc import Mapping

from ..core.errors import FanrulesError

#: The names a formula reads: the hand's points as paid (``total``), the base (``settlement.base``),
#: the flower points, and the win's facts (1 when a flag holds, else 0; ``seat_flowers`` a count).
NAMES = ("total", "base", "flowers", "self_drawn", "kong_related", "last_tile", "last_copy", "first_turn",
         "discard_after_kong", "seat_flowers")
#: The longest formula read, in characters, and the most nodes of its tree.
MAX_TEXT, MAX_NODES = 200, 60
_OPS = {ast.Add: int.__add__, ast.Sub: int.__sub__, ast.Mult: int.__mul__, ast.FloorDiv: int.__floordiv__}


class FormulaError(FanrulesError, ValueError):
    """A formula that cannot be read: one line saying why."""


def parse(text: str, known: tuple[str, ...] = NAMES) -> ast.expr:
    """The checked tree of ``text`` (FormulaError when it is not a formula over ``known``)."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise FormulaError(f"a formula is text of at most {MAX_TEXT} characters")
    try:
        tree = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise FormulaError(f"cannot read {text!r} as a formula") from None
    nodes = list(ast.walk(tree))
    if len(nodes) > MAX_NODES:
        raise FormulaError(f"the formula {text!r} is longer than {MAX_NODES} parts")
    called = {id(node.func) for node in nodes if isinstance(node, ast.Call)}
    for node in nodes:
        if id(node) not in called:  # a call's own name is checked with the call
            _check(node, text, known)
    return tree


def _check(node: ast.AST, text: str, known: tuple[str, ...]) -> None:
    if isinstance(node, ast.Name):
        if node.id not in known:
            raise FormulaError(f"unknown name {node.id!r} in {text!r}; a formula reads {', '.join(known)}")
    elif isinstance(node, ast.Constant):
        if type(node.value) is not int or not 0 <= node.value <= 1_000_000:
            raise FormulaError(f"{node.value!r} in {text!r}: a formula's numbers are whole numbers 0..1000000")
    elif isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in ("min", "max") or node.keywords or len(node.args) < 2:
            raise FormulaError(f"{text!r}: a formula calls only min(a, b, ...) and max(a, b, ...)")
    elif isinstance(node, ast.BinOp):
        if type(node.op) not in _OPS:
            raise FormulaError(f"{text!r}: a formula adds, subtracts, multiplies and divides (//) only")
    elif isinstance(node, ast.UnaryOp):
        if not isinstance(node.op, ast.USub):
            raise FormulaError(f"{text!r}: the only sign is -")
    elif not isinstance(node, (ast.Load, ast.operator, ast.unaryop)):
        raise FormulaError(f"{text!r}: {type(node).__name__} is not part of a formula")


def evaluate(tree: ast.expr, values: Mapping[str, int]) -> int:
    """The value of a checked tree with ``values`` for its names (a division by 0 gives 0)."""
    if isinstance(tree, ast.Constant):
        return tree.value if type(tree.value) is int else 0
    if isinstance(tree, ast.Name):
        return int(values.get(tree.id, 0))
    if isinstance(tree, ast.UnaryOp):
        return -evaluate(tree.operand, values)
    if isinstance(tree, ast.BinOp):
        left, right = evaluate(tree.left, values), evaluate(tree.right, values)
        if isinstance(tree.op, ast.FloorDiv) and right == 0:
            return 0
        return int(_OPS[type(tree.op)](left, right))
    if isinstance(tree, ast.Call):
        args = [evaluate(a, values) for a in tree.args]
        return min(args) if tree.func.id == "min" else max(args)  # type: ignore[attr-defined]  # checked: a Name
    raise FormulaError(f"not a formula: {type(tree).__name__}")


def pieces_problem(pieces: Mapping[str, str]) -> str | None:
    """What is wrong with a settlement's pieces (each a formula over NAMES and the pieces before it), or None."""
    known: tuple[str, ...] = NAMES
    for name, text in pieces.items():
        if not name.isidentifier() or name in NAMES:
            return f"pieces: {name!r} must be a word of letters and _ that is not one of {', '.join(NAMES)}"
        try:
            parse(text, known)
        except FormulaError as err:
            return f"pieces.{name}: {err}"
        known = (*known, name)
    return None


def worked_values(pieces: Mapping[str, str], values: Mapping[str, int]) -> dict[str, int]:
    """``values`` with each piece worked out in turn."""
    out = dict(values)
    for name, text in pieces.items():
        out[name] = evaluate(parse(text, (*NAMES, *out)), out)
    return out
