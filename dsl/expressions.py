"""The expressions of a checked predicate as Python source: literals, names, builtin calls,
quantifiers (a condition on one tile or set tabulated over every value once, at compile time),
arithmetic, comparisons and boolean operators; dsl/compiler.py writes the rules around them. As
there, no rule text reaches the source: builtins are the registry's templates, variables numbered
names, numbers written from parsed ints, and other values passed in the namespace."""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from ..core.blocks import every_block
from . import ast
from .builtins import REGISTRY, Const, Level
from .checker import Checked
from .compiled import NAMESPACE

#: The facts whose items are tile kinds that a quantifier may read as ``Facts.tile_mask``, and its bits.
MASKED = frozenset({"f.tiles", "f.kinds"})
MASK_ALL = (1 << 34) - 1


class ExpressionCompiler:
    """Writes the code of a checked predicate's expressions, gathering the values its names stand for
    (``constants``) and the tables of its quantifiers (``tables``). ``known`` gives the tables worked out
    by an earlier compilation of the same tree (in the order ``tables`` lists them), so that they need
    not be worked out again; they are data (sets of numbers), never code. The views and the keyed
    collection of an each rule are set by the rule's compiler (dsl/compiler.py) as it writes its loops."""

    def __init__(self, checked: Checked, known: list[frozenset[int] | None] | None = None) -> None:
        self.checked = checked
        self.constants: dict[str, Any] = {}
        self.known = None if known is None else iter(known)
        self.tables: list[frozenset[int] | None] = []
        #: While an each rule's condition is written: by slot, the views of its item met so far, each
        #: as {its code on an item ``x``: (the name it is kept in, its code on the item)}.
        self.views: dict[int, dict[str, tuple[str, str]]] | None = None
        #: A keyed rule's views, in the order its body names them (VIEW0, VIEW1...).
        self.view_codes: tuple[str, ...] = ()
        #: The collection of an each rule that is keyed (see ``keyed``), set as its loops are written.
        self.keyed_attr = ""

    def type_of(self, node: ast.Node) -> str | None:
        return self.checked.types.get(id(node))

    def constant(self, value: Any) -> str:
        """A namespace name that holds ``value``: named by the value itself (``constant_name``), so that
        the code of many predicates shares one namespace as it is written (dsl/fused.py), no name renamed."""
        name = constant_name(value)
        self.constants[name] = value
        return name

    def expr(self, node: ast.Node) -> str:
        compile_node: Callable[[ast.Node], str] = getattr(self, "c_" + type(node).__name__)
        return compile_node(node)

    def c_IntLit(self, node: ast.IntLit) -> str:
        return str(int(node.value))

    def c_TileLit(self, node: ast.TileLit) -> str:
        return str(int(node.tile))

    def c_Name(self, node: ast.Name) -> str:
        slot = self.checked.slots.get(id(node))
        if slot is not None:
            return f"v{int(slot)}"
        code = REGISTRY[node.name].code
        if isinstance(code, Const):
            return self.constant(code.value)
        assert isinstance(code, str)
        return code

    def c_Call(self, node: ast.Call) -> str:
        if self.views is not None and len(node.args) == 1 and REGISTRY[node.name].level is Level.PURE:
            slot = self.checked.slots.get(id(node.args[0]))
            if slot in self.views and isinstance(node.args[0], ast.Name):  # a view of an item an each rule binds
                by_slot = self.views[slot]
                view = self.call(node, ["x"])
                if view not in by_slot:
                    by_slot[view] = (f"a{int(slot)}_{len(by_slot)}", self.call(node, [f"v{int(slot)}"]))
                return by_slot[view][0]
        return self.call(node, [self.expr(a) for a in node.args])

    def call(self, node: ast.Call, args: list[str]) -> str:
        """The code of a builtin's call on arguments written ``args``."""
        code = REGISTRY[node.name].code
        if isinstance(code, dict):
            code = code[self.type_of(node.args[0]) or "tile"]
        if callable(code) and not isinstance(code, str):
            return code(args)
        assert isinstance(code, str)
        return "(" + code.format(*args) + ")"

    def c_Quantifier(self, node: ast.Quantifier) -> str:
        var = f"v{int(self.checked.slots[id(node)])}"
        source = self.expr(node.source)
        if self.type_of(node.source) == "set":
            source = f"{source}.tiles"
        found = self.table(node)
        if found is not None:
            table, sets = found
            if source in MASKED and node.word in ("all", "any"):
                # Over the hand's tiles (or kinds) only which kinds are held matters: one test of the
                # facts' tile_mask against the table's bits (all: no kind outside it; any: one inside).
                bits = sum(1 << t for t in self.constants[table])
                if node.word == "all":
                    return f"(not (f.tile_mask & {self.constant(MASK_ALL & ~bits)}))"
                return f"((f.tile_mask & {self.constant(bits)}) != 0)"
            if sets:
                source = f"map(CODE, {source})"
            if node.word == "all":
                return f"{table}.issuperset({source})"
            if node.word == "any":
                return f"(not {table}.isdisjoint({source}))"
            return f"sum(map({table}.__contains__, {source}))"
        body = self.expr(node.body) if node.body is not None else None
        if node.word == "all":
            return f"all({body} for {var} in {source})"
        if node.word == "any":
            return f"any({body} for {var} in {source})"
        if node.word == "count":
            return f"len({source})" if body is None else f"sum(1 for {var} in {source} if {body})"
        return f"{node.word}(({body} for {var} in {source}), default=0)"

    def table(self, node: ast.Quantifier) -> tuple[str, bool] | None:
        """The items for which the condition of ``all``/``any``/``count`` holds, as a constant set,
        when the condition reads nothing but its item (and pure builtins): worked out here once, by
        running the condition's own generated code on every tile kind (or every block value, by its
        ``code``), so that the quantifier becomes a set operation: ``all(t in tiles: rank(t) in (7, 8,
        9))`` is ``K.issuperset(tiles)``. Returns the constant's name and whether items are sets."""
        source_type = self.type_of(node.source)
        if node.word not in ("all", "any", "count") or node.body is None or source_type not in ("list[tile]", "set", "list[set]"):
            return None
        slots = self.checked.slots
        nodes = walk(node.body)
        own = {slots[id(node)]} | {slots[id(q)] for q in nodes if isinstance(q, ast.Quantifier) and id(q) in slots}
        for n in nodes:
            if isinstance(n, ast.Name) and id(n) in slots:
                if slots[id(n)] not in own:
                    return None
            elif isinstance(n, (ast.Name, ast.Call)) and REGISTRY[n.name].level is not Level.PURE:
                return None
        sets = source_type == "list[set]"
        table = next(self.known) if self.known is not None else self.tabulate(node, sets)
        self.tables.append(table)
        return None if table is None else (self.constant(table), sets)

    def tabulate(self, node: ast.Quantifier, sets: bool) -> frozenset[int] | None:
        """The table of ``node`` (see ``table``), or None if its condition fails on a value no hand holds."""
        before, tables = dict(self.constants), len(self.tables)
        code = f"lambda v{int(self.checked.slots[id(node)])}: {self.expr(node.body)}"  # type: ignore[arg-type]  # a tabled quantifier has a body
        test = eval(compile(code, "<table>", "eval"), {**NAMESPACE, **self.constants})  # generated code only: see above
        self.constants, self.tables = before, self.tables[:tables]
        try:
            return frozenset(b.code for b in every_block() if test(b)) if sets else frozenset(t for t in range(34) if test(t))
        except (IndexError, KeyError, TypeError):  # a value no hand holds; left to run as written
            return None

    def c_TupleLit(self, node: ast.TupleLit) -> str:
        if all(literal(i) for i in node.items):
            values = [literal_value(i) for i in node.items]
            return self.constant(frozenset(values))
        return "(" + ", ".join(self.expr(i) for i in node.items) + ",)"

    def c_Neg(self, node: ast.Neg) -> str:
        return f"(-{self.expr(node.operand)})"

    def c_Arith(self, node: ast.Arith) -> str:
        return f"({self.expr(node.left)} {node.op} {self.expr(node.right)})"

    def c_Compare(self, node: ast.Compare) -> str:
        parts = [self.expr(node.operands[0])]
        for op, right in zip(node.ops, node.operands[1:]):
            code = self.expr(right)
            if op in ("in", "not in") and self.type_of(right) == "set":
                code = f"{code}.tiles"
            parts += [op, code]
        return "(" + " ".join(parts) + ")"

    def c_Not(self, node: ast.Not) -> str:
        return f"(not {self.expr(node.operand)})"

    def c_BoolOp(self, node: ast.BoolOp) -> str:
        return "(" + f" {node.op} ".join(self.expr(o) for o in node.operands) + ")"


def constant_name(value: Any) -> str:
    """The name of a constant of generated code: ``K`` and a hash of the value's type and contents (its
    items sorted when it is a set), the same in every process, so that two names are the same only for
    equal values of one type."""
    digest = hashlib.sha256(_canonical(value).encode()).hexdigest()[:12]
    return f"K{digest}"


def _canonical(value: Any) -> str:
    """The text a constant is named by (``constant_name``)."""
    if isinstance(value, (frozenset, set)):
        inner = ", ".join(sorted(_canonical(item) for item in value))
    elif isinstance(value, tuple):
        inner = ", ".join(_canonical(item) for item in value)
    else:
        inner = repr(value)
    return f"{type(value).__qualname__}({inner})"


def literal_value(node: ast.Node) -> object:
    """The value of a node for which ``_literal`` holds."""
    if isinstance(node, ast.IntLit):
        return node.value
    if isinstance(node, ast.TileLit):
        return node.tile
    assert isinstance(node, ast.Name)
    code = REGISTRY[node.name].code
    assert isinstance(code, Const)
    return code.value


def literal(node: ast.Node) -> bool:
    if isinstance(node, (ast.IntLit, ast.TileLit)):
        return True
    return isinstance(node, ast.Name) and node.name in REGISTRY and isinstance(REGISTRY[node.name].code, Const)


def walk(node: ast.Node) -> list[ast.Node]:
    """A node and all the nodes below it."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        out.append(n)
        stack.extend(ast.children(n))
    return out


def slots_used(node: ast.Node, slots: dict[int, int]) -> set[int]:
    """The variable slots a node reads."""
    return {slots[id(n)] for n in walk(node) if isinstance(n, ast.Name) and id(n) in slots}
