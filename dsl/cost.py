"""What a predicate may cost: how often its conditions can run on one reading, summed over the whole
predicate, and the largest value a count can take. Both are worked out from the syntax alone, before
anything runs, so that a rule file cannot make scoring slow or build a huge list."""
from __future__ import annotations

from . import ast
from .builtins import REGISTRY

#: Upper bound on how many times the conditions of one predicate may run on one reading, summed over
#: every quantifier (and every group an each rule tries).
MAX_COST = 20_000
#: A fan counted by a count predicate applies at most this many times in one hand: as many as there
#: are tile kinds, more than any collection a hand can hold (a hand holds at most 18 tiles).
MAX_COUNT = 34
#: The values each number-valued builtin can take. ``fans_counted`` is taken as at most MAX_COUNT: a
#: reading counts far fewer fans, and a count is capped at MAX_COUNT when it runs in any case.
NUMBER_RANGES: dict[str, tuple[int, int]] = {
    "flowers": (0, 8), "seat_flowers": (0, 2), "copies": (0, 4), "held": (0, 4), "rank": (0, 9), "fans_counted": (0, MAX_COUNT),
}


def size_bound(node: ast.Node) -> int:
    """How many items a collection (or the tiles of a set) can hold at most."""
    if isinstance(node, ast.Name) and node.name in REGISTRY:
        return REGISTRY[node.name].max_size or 1
    if isinstance(node, ast.TupleLit):
        return len(node.items)
    if isinstance(node, ast.Name):  # a bound set: its tiles
        return 4
    return 34


class Cost:
    """The runs of a predicate's conditions, in the order they are written. ``first_over`` is the first
    quantifier that goes over the limit: by itself (``alone``), or because the runs before it already
    add up to nearly the limit."""

    def __init__(self, base: int) -> None:
        self.total = base
        self.first_over: tuple[int, ast.Quantifier, bool] | None = None

    def walk(self, node: ast.Node, outer: int) -> None:
        if self.first_over is not None:
            return
        if isinstance(node, ast.Quantifier):
            self.walk(node.source, outer)
            inner = outer * size_bound(node.source)
            self.total += inner
            if inner > MAX_COST or self.total > MAX_COST:
                self.first_over = (inner if inner > MAX_COST else self.total, node, inner > MAX_COST)
                return
            if node.body is not None:
                self.walk(node.body, inner)
            return
        for child in ast.children(node):
            self.walk(child, outer)


def predicate_cost(node: ast.Node, outer: int = 1) -> Cost:
    """The cost of ``node`` evaluated ``outer`` times per reading."""
    cost = Cost(outer)
    cost.walk(node, outer)
    return cost


def value_range(node: ast.Node, names: dict[str, tuple[int, int]] | None = None) -> tuple[int, int] | None:
    """The smallest and largest value a number-valued expression can take (None: not bounded).
    ``names`` holds the range of each number a quantifier binds."""
    names = names or {}
    if isinstance(node, ast.IntLit):
        return node.value, node.value
    if isinstance(node, ast.Name):
        return names.get(node.name) or NUMBER_RANGES.get(node.name)
    if isinstance(node, ast.Call):
        if node.name == "size" and node.args:
            return 0, size_bound(node.args[0])
        return NUMBER_RANGES.get(node.name)
    if isinstance(node, ast.Quantifier):
        return _quantifier_range(node, names)
    if isinstance(node, ast.Neg):
        inner = value_range(node.operand, names)
        return None if inner is None else (-inner[1], -inner[0])
    if isinstance(node, ast.Arith):
        return _arith_range(node, names)
    return None


def _quantifier_range(node: ast.Quantifier, names: dict[str, tuple[int, int]]) -> tuple[int, int] | None:
    """value_range of a quantifier: a count, or the body's range over a tuple's items (or unbounded items)."""
    if node.word == "count":
        return 0, size_bound(node.source)
    items = [value_range(i, names) for i in node.source.items] if isinstance(node.source, ast.TupleLit) else []
    if items and all(items):
        names = {**names, node.var: (min(i[0] for i in items if i), max(i[1] for i in items if i))}
    body = value_range(node.body, names) if node.body is not None else None
    return None if body is None else (min(body[0], 0), max(body[1], 0))  # an empty collection gives 0


def _arith_range(node: ast.Arith, names: dict[str, tuple[int, int]]) -> tuple[int, int] | None:
    """value_range of ``+``, ``-`` or ``*`` from its operands' ranges."""
    left, right = value_range(node.left, names), value_range(node.right, names)
    if left is None or right is None:
        return None
    if node.op == "+":
        return left[0] + right[0], left[1] + right[1]
    if node.op == "-":
        return left[0] - right[1], left[1] - right[0]
    products = [a * b for a in left for b in right]
    return min(products), max(products)
