"""Compile a checked predicate into Python closures over a reading's facts. No rule text is ever
executed as Python: every node becomes a closure built from a fixed set of templates."""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable

from . import ast
from .builtins import REGISTRY
from .checker import Checked

Fn = Callable[[Any, list], Any]

COMPARE_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


@dataclass(frozen=True)
class Compiled:
    """A compiled predicate. ``instances(facts)`` gives one tuple per instance of the fan: the items
    bound by an ``each`` rule (sets or tiles), or an empty tuple per count of a hand rule."""

    level: str
    is_each: bool
    arity: int
    _run: Callable[[Any], list[tuple]]

    def instances(self, facts: Any) -> list[tuple]:
        return self._run(facts)


class Compiler:
    def __init__(self, checked: Checked) -> None:
        self.checked = checked

    def type_of(self, node: ast.Node) -> str | None:
        return self.checked.types.get(id(node))

    def rule(self) -> Compiled:
        rule = self.checked.rule
        n_slots = self.checked.n_slots
        if isinstance(rule, ast.EachRule):
            return self.each(rule, n_slots)
        assert isinstance(rule, ast.HandRule)
        fn = self.expr(rule.expr)
        empty: tuple = ()

        def run_hand(f: Any) -> list[tuple]:
            value = fn(f, [None] * n_slots)
            n = int(value) if value is not True else 1
            return [empty] * n if n > 0 else []

        return Compiled(self.checked.level, False, 0, run_hand)

    def each(self, rule: ast.EachRule, n_slots: int) -> Compiled:
        """Find instances by backtracking: the conjuncts of the condition are checked as soon as the
        names they use are bound, so most candidate groups are dropped after one or two items."""
        source = self.expr(rule.source)
        slots = self.checked.each_slots
        k = len(slots)
        stages: list[list[Fn]] = [[] for _ in range(k)]
        guards: list[Fn] = []
        for conjunct in _conjuncts(rule.cond):
            used = [slots.index(s) for s in _slots_used(conjunct, self.checked.slots) if s in slots]
            (stages[max(used)] if used else guards).append(self.expr(conjunct))
        checks = [_all_of(stage) for stage in stages]
        guard = _all_of(guards)

        def run_each(f: Any) -> list[tuple]:
            items = tuple(source(f, []))
            n = len(items)
            if n < k:
                return []
            env: list = [None] * n_slots
            if not guard(f, env):
                return []
            found: dict[tuple[int, ...], None] = {}
            chosen: list[int] = []

            def search(depth: int) -> None:
                slot, check = slots[depth], checks[depth]
                for i in range(n):
                    if i in chosen:
                        continue
                    env[slot] = items[i]
                    if not check(f, env):
                        continue
                    chosen.append(i)
                    if depth + 1 == k:
                        found[tuple(sorted(chosen))] = None
                    else:
                        search(depth + 1)
                    chosen.pop()

            search(0)
            return [tuple(items[i] for i in combo) for combo in sorted(found)]

        return Compiled(self.checked.level, True, k, run_each)

    # -- expressions -----------------------------------------------------------------------------
    def expr(self, node: ast.Node) -> Fn:
        method = getattr(self, "c_" + type(node).__name__)
        return method(node)

    def c_IntLit(self, node: ast.IntLit) -> Fn:
        value = node.value
        return lambda f, env: value

    def c_TileLit(self, node: ast.TileLit) -> Fn:
        value = node.tile
        return lambda f, env: value

    def c_Name(self, node: ast.Name) -> Fn:
        slot = self.checked.slots.get(id(node))
        if slot is not None:
            return lambda f, env: env[slot]
        impl = REGISTRY[node.name].impl
        return lambda f, env: impl(f)

    def c_Call(self, node: ast.Call) -> Fn:
        impl = REGISTRY[node.name].impl
        args = [self.expr(a) for a in node.args]
        if len(node.args) == 1 and id(node.args[0]) in self.checked.slots:
            slot = self.checked.slots[id(node.args[0])]
            return lambda f, env: impl(f, env[slot])
        if len(args) == 1:
            (a,) = args
            return lambda f, env: impl(f, a(f, env))
        return lambda f, env: impl(f, *[a(f, env) for a in args])

    def c_Quantifier(self, node: ast.Quantifier) -> Fn:
        source = self.expr(node.source)
        set_source = self.type_of(node.source) == "set"
        slot = self.checked.slots[id(node)]
        body = self.expr(node.body) if node.body is not None else (lambda f, env: True)

        def items(f: Any, env: list) -> Any:
            src = source(f, env)
            return src.tiles if set_source else src

        word = node.word
        if word == "all":
            def q_all(f: Any, env: list) -> bool:
                for x in items(f, env):
                    env[slot] = x
                    if not body(f, env):
                        return False
                return True
            return q_all
        if word == "any":
            def q_any(f: Any, env: list) -> bool:
                for x in items(f, env):
                    env[slot] = x
                    if body(f, env):
                        return True
                return False
            return q_any
        if word == "count":
            def q_count(f: Any, env: list) -> int:
                n = 0
                for x in items(f, env):
                    env[slot] = x
                    if body(f, env):
                        n += 1
                return n
            return q_count
        pick = min if word == "min" else max

        def q_extreme(f: Any, env: list) -> int:
            values = []
            for x in items(f, env):
                env[slot] = x
                values.append(body(f, env))
            return pick(values) if values else 0
        return q_extreme

    def c_TupleLit(self, node: ast.TupleLit) -> Fn:
        parts = [self.expr(i) for i in node.items]
        if all(isinstance(i, (ast.IntLit, ast.TileLit)) or (isinstance(i, ast.Name) and REGISTRY.get(i.name) and REGISTRY[i.name].level == "pure") for i in node.items):
            value = tuple(p(None, []) for p in parts)
            return lambda f, env: value
        return lambda f, env: tuple(p(f, env) for p in parts)

    def c_Neg(self, node: ast.Neg) -> Fn:
        operand = self.expr(node.operand)
        return lambda f, env: -operand(f, env)

    def c_Arith(self, node: ast.Arith) -> Fn:
        left, right = self.expr(node.left), self.expr(node.right)
        op = {"+": operator.add, "-": operator.sub, "*": operator.mul}[node.op]
        return lambda f, env: op(left(f, env), right(f, env))

    def c_Compare(self, node: ast.Compare) -> Fn:
        operands = [self.expr(o) for o in node.operands]
        ops: list[Callable[[Any, Any], bool]] = []
        for i, op in enumerate(node.ops):
            if op in ("in", "not in"):
                if self.type_of(node.operands[i + 1]) == "set":
                    ops.append((lambda x, s: x in s.tiles) if op == "in" else (lambda x, s: x not in s.tiles))
                else:
                    ops.append((lambda x, c: x in c) if op == "in" else (lambda x, c: x not in c))
            else:
                ops.append(COMPARE_OPS[op])
        if len(ops) == 1:
            (a, b), (op1,) = operands, ops
            return lambda f, env: op1(a(f, env), b(f, env))

        def chain(f: Any, env: list) -> bool:
            left = operands[0](f, env)
            for op_fn, right_fn in zip(ops, operands[1:]):
                right = right_fn(f, env)
                if not op_fn(left, right):
                    return False
                left = right
            return True
        return chain

    def c_Not(self, node: ast.Not) -> Fn:
        operand = self.expr(node.operand)
        return lambda f, env: not operand(f, env)

    def c_BoolOp(self, node: ast.BoolOp) -> Fn:
        parts = [self.expr(o) for o in node.operands]
        if node.op == "and":
            def all_of(f: Any, env: list) -> bool:
                for p in parts:
                    if not p(f, env):
                        return False
                return True
            return all_of

        def any_of(f: Any, env: list) -> bool:
            for p in parts:
                if p(f, env):
                    return True
            return False
        return any_of


def _conjuncts(node: ast.Node) -> list[ast.Node]:
    if isinstance(node, ast.BoolOp) and node.op == "and":
        return [c for operand in node.operands for c in _conjuncts(operand)]
    return [node]


def _slots_used(node: ast.Node, slots: dict[int, int]) -> set[int]:
    """The variable slots a node reads."""
    out: set[int] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Name) and id(n) in slots:
            out.add(slots[id(n)])
        stack.extend(ast.children(n))
    return out


def _all_of(parts: list[Fn]) -> Fn:
    if not parts:
        return lambda f, env: True
    if len(parts) == 1:
        return parts[0]

    def check(f: Any, env: list) -> bool:
        for p in parts:
            if not p(f, env):
                return False
        return True
    return check


def compile_checked(checked: Checked) -> Compiled:
    """Closures for a predicate that passed the check."""
    return Compiler(checked).rule()
