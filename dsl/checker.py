"""The check pass: names, arity, types and cost of a predicate, with messages that say what to do."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.text import close_matches
from . import ast
from .builtins import REGISTRY, Builtin, Level
from .cost import MAX_COST, MAX_COUNT, predicate_cost, size_bound, value_range
from .diagnostics import NO_ORIGIN, Diagnostic, Origin

MAX_EACH_NAMES = 4

TYPE_WORDS = {
    "bool": "a yes/no value", "int": "a number", "tile": "a tile", "set": "a set", "suit": "a suit",
    "kind": "a set kind", "shape": "a shape", "seat": "a seat (left, opposite, right or nobody)", "list[tile]": "a collection of tiles",
    "list[set]": "a collection of sets", "list[int]": "a collection of numbers", "list[suit]": "a collection of suits",
    "list[kind]": "a collection of set kinds", "list[shape]": "a collection of shapes",
    "T": "a value", "list[T]": "a collection",
}

#: A comparison that turns a value of each type into a yes/no question, for hints.
COMPARE_EXAMPLES = {
    "int": "size(chows) == 4", "tile": "win_tile == 5m", "set": "kind(win_set) == pung", "suit": "suit(win_tile) == dots",
    "kind": "kind(win_set) == chow", "shape": "shape == seven_pairs", "seat": "discarder == left",
}


def describe(t: str) -> str:
    return TYPE_WORDS.get(t, t)


def compare_example(t: str) -> str:
    return COMPARE_EXAMPLES.get(t, "size(chows) == 4")


def wants(b: Builtin) -> str:
    """What a function takes, in words."""
    if b.params[-1] == "...":
        return "two or more values of one type"
    return ", ".join(" or ".join(describe(w) for w in p.split("|")) for p in b.params)


def element_type(t: str) -> str | None:
    """What iterating a value of type ``t`` gives: a collection's items, or the tiles of a set."""
    if t.startswith("list["):
        return t[5:-1]
    if t == "set":
        return "tile"
    return None


@dataclass(kw_only=True)
class Checked:
    """The result of checking: a type per node, a slot per variable, the predicate's level and the
    shape of its result (``each`` rules bind ``each_types``)."""

    rule: ast.Node
    types: dict[int, str] = field(default_factory=dict)
    slots: dict[int, int] = field(default_factory=dict)
    n_slots: int = 0
    each_slots: list[int] = field(default_factory=list)
    level: Level = Level.PURE
    result: str = "bool"
    cost: int = 0


class Checker:
    def __init__(self, origin: Origin, text: str) -> None:
        self.origin = origin
        self.text = text
        self.diagnostics: list[Diagnostic] = []
        self.scope: dict[str, tuple[str, int]] = {}
        self.out: Checked | None = None

    # -- helpers ---------------------------------------------------------------------------------
    def error(self, pos: ast.Pos, code: str, message: str, hint: str = "") -> None:
        self.diagnostics.append(self.origin.diagnostic(pos.line, pos.column, code, message, hint, self.text))

    def level(self, lvl: Level) -> None:
        assert self.out is not None
        if lvl > self.out.level:
            self.out.level = lvl

    def free_name(self) -> str:
        """A one-letter name not bound yet, to suggest."""
        # The letters written out: the module ``string`` (its Template compiles a pattern as it is imported)
        # would be imported by every start-up for them.
        return next((n for n in "abcdefghijklmnopqrstuvwxyz" if n not in self.scope), "another name")

    def suggest(self, name: str, candidates: list[str], bindable: bool = True) -> str:
        close = close_matches(name, candidates, cutoff=0.6)
        if close:
            return f"did you mean '{close[0]}'?"
        if bindable and len(name) <= 2:
            return f"bind '{name}' first: each {name} in sets where ..., or all({name} in sets: ...)"
        return "see docs/dsl.md for the builtins"

    def bind(self, name: str, pos: ast.Pos, typ: str) -> int | None:
        assert self.out is not None
        if name in self.scope:
            self.error(pos, "P112", f"'{name}' already names another item in this rule", f"give each item its own name, e.g. {self.free_name()}")
            return None
        if name in REGISTRY:
            self.error(pos, "P112", f"'{name}' is a builtin and cannot name an item", f"choose a name that is not a builtin, e.g. {self.free_name()}")
        slot = self.out.n_slots
        self.out.n_slots += 1
        self.scope[name] = (typ, slot)
        return slot

    # -- entry -----------------------------------------------------------------------------------
    def check(self, rule: ast.Node) -> Checked:
        self.out = Checked(rule=rule)
        if isinstance(rule, ast.EachRule):
            self.check_each(rule)
        else:
            assert isinstance(rule, ast.HandRule)
            t = self.expr(rule.expr)
            if t not in (None, "bool", "int"):
                self.error(rule.expr.pos, "P113", f"a predicate must be a yes/no question or a count, not {describe(t)}",
                           f"compare it with something, e.g. {compare_example(t)}")
            self.out.result = t or "bool"
            self.cost(rule.expr, 1)
            if t == "int":
                self.count_bound(rule.expr)
        return self.out

    def check_each(self, rule: ast.EachRule) -> None:
        assert self.out is not None
        if len(rule.names) > MAX_EACH_NAMES:
            self.error(rule.name_pos[MAX_EACH_NAMES], "P117", f"an each rule binds at most {MAX_EACH_NAMES} names",
                       "a fan combines at most four sets; remove the extra names")
        src = self.expr(rule.source)
        elem = element_type(src) if src else None
        if src and (elem is None or src == "set"):
            self.error(rule.source.pos, "P109", f"each needs a collection after 'in', not {describe(src)}",
                       "use sets, chows, pungs, kongs, pairs, tiles or tile_kinds" + (
                           f"; for the tiles of one set write all(t in {_label(rule.source, 's')}: ...) or any(...)" if src == "set" else ""))
            elem = None
        for name, pos in zip(rule.names, rule.name_pos):
            slot = self.bind(name, pos, elem or "?")
            self.out.each_slots.append(-1 if slot is None else slot)
        t = self.expr(rule.cond)
        if t not in (None, "bool"):
            self.error(rule.cond.pos, "P113", f"the condition after 'where' must be yes/no, not {describe(t)}",
                       f"compare it with something, e.g. {compare_example(t)}")
        self.out.result = f"each[{elem}]"
        size = size_bound(rule.source)
        combos = 1
        for i in range(len(rule.names)):
            combos *= max(size - i, 1)
        if combos > MAX_COST:
            self.error(rule.source.pos, "P114", f"this each rule could try {combos} groups of items per reading (the limit is {MAX_COST})",
                       "bind fewer names, or go over a smaller collection such as sets or chows")
        else:
            self.cost(rule.cond, combos)

    # -- cost ----------------------------------------------------------------------------------------
    def cost(self, node: ast.Node, outer: int) -> None:
        """Reject quantifiers that could run their conditions too often, one nested in another or all
        of them together; the error points at the quantifier that crosses the limit."""
        measured = predicate_cost(node, outer)
        assert self.out is not None
        self.out.cost = measured.total
        over = measured.first_over
        if over is None:
            return
        runs, q, alone = over
        if alone:
            self.error(q.pos, "P114", f"{q.word}() here could run its condition {runs} times per reading (the limit is {MAX_COST})",
                       "nest fewer quantifiers, or go over smaller collections such as sets instead of tiles or tile_kinds")
        else:
            self.error(q.pos, "P114", f"with this {q.word}() the conditions of the predicate could run {runs} times per reading in all (the limit is {MAX_COST})",
                       "fewer quantifiers, or smaller collections such as sets instead of tiles or tile_kinds")

    def count_bound(self, expr: ast.Node) -> None:
        """A count predicate's value is the number of times the fan applies: it must stay small."""
        bound = value_range(expr)
        if bound is None or bound[1] > MAX_COUNT:
            most = "has no upper bound" if bound is None else f"could be {bound[1]}" if len(str(bound[1])) < 30 else "could be a huge number"
            self.error(expr.pos, "P119", f"this count {most}; a fan applies at most {MAX_COUNT} times in a hand",
                       "count items of the hand, e.g. count(p in pungs: ...) or size(kongs)")
        elif bound[1] < 0:  # a fan applies a number of times: one that is always below 0 was read as 0, silently
            self.error(expr.pos, "P120", f"this count is always negative (at most {bound[1]}); a fan applies 0 or more times",
                       "count items of the hand, e.g. count(p in pungs: ...) or size(kongs)")

    # -- expressions -----------------------------------------------------------------------------
    def expr(self, node: ast.Node) -> str | None:
        t = self._expr(node)
        if t is not None:
            assert self.out is not None
            self.out.types[id(node)] = t
        return t

    def _expr(self, node: ast.Node) -> str | None:
        if isinstance(node, ast.IntLit):
            return "int"
        if isinstance(node, ast.TileLit):
            return "tile"
        if isinstance(node, ast.Name):
            return self.name(node)
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Quantifier):
            return self.quantifier(node)
        if isinstance(node, ast.TupleLit):
            return self.tuple_lit(node)
        if isinstance(node, ast.Neg):
            return self.neg(node)
        if isinstance(node, ast.Arith):
            return self.arith(node)
        if isinstance(node, ast.Compare):
            return self.compare(node)
        if isinstance(node, ast.Not):
            return self.not_(node)
        if isinstance(node, ast.BoolOp):
            return self.bool_op(node)
        raise TypeError(f"unexpected node {node!r}")  # pragma: no cover - the parser makes no other nodes

    def neg(self, node: ast.Neg) -> str | None:
        t = self.expr(node.operand)
        if t not in (None, "int"):
            self.error(node.pos, "P106", f"'-' needs a number, not {describe(t)}", "use rank(...) or size(...) to get a number")
            return None
        return "int" if t else None

    def not_(self, node: ast.Not) -> str:
        t = self.expr(node.operand)
        if t not in (None, "bool"):
            self.error(node.operand.pos, "P107", f"'not' needs a yes/no value, not {describe(t)}",
                       f"compare the value with something first, e.g. not {compare_example(t)}")
        return "bool"

    def bool_op(self, node: ast.BoolOp) -> str:
        for operand in node.operands:
            t = self.expr(operand)
            if t not in (None, "bool"):
                self.error(operand.pos, "P107", f"'{node.op}' needs yes/no values on both sides, not {describe(t)}",
                           f"compare the value with something, e.g. {compare_example(t)}")
        return "bool"

    def name(self, node: ast.Name) -> str | None:
        if node.name in self.scope:
            typ, slot = self.scope[node.name]
            assert self.out is not None
            self.out.slots[id(node)] = slot
            return None if typ == "?" else typ
        b = REGISTRY.get(node.name)
        if b is None:
            self.error(node.pos, "P101", f"unknown name '{node.name}'",
                       self.suggest(node.name, list(REGISTRY) + list(self.scope)))
            return None
        if not b.constant:
            self.error(node.pos, "P111", f"'{node.name}' is a function and needs arguments in parentheses",
                       f"give it {wants(b)} in parentheses, e.g. {b.example}")
            return None
        self.level(b.level)
        return b.result

    def call(self, node: ast.Call) -> str | None:
        b = REGISTRY.get(node.name)
        arg_types = [self.expr(a) for a in node.args]
        if b is None:
            if node.name in self.scope:
                self.error(node.pos, "P111", f"'{node.name}' names {describe(self.scope[node.name][0])}, not a function", "use it without parentheses")
            else:
                self.error(node.pos, "P102", f"unknown function '{node.name}'",
                           self.suggest(node.name, [n for n, x in REGISTRY.items() if not x.constant], bindable=False))
            return None
        if b.constant:
            self.error(node.pos, "P111", f"'{node.name}' takes no arguments", f"write it without parentheses, e.g. {b.example}")
            return None
        self.level(b.level)
        variadic = b.params[-1] == "..."
        fixed = b.params[:-1] if variadic else b.params
        if (variadic and len(node.args) < len(fixed)) or (not variadic and len(node.args) != len(fixed)):
            want = f"at least {len(fixed)}" if variadic else str(len(fixed))
            self.error(node.pos, "P103", f"{node.name}() takes {want} argument{'s' if want != '1' else ''}, got {len(node.args)}",
                       f"{node.name}() takes {wants(b)}, e.g. {b.example}")
            return b.result
        self.args(node, b, fixed, arg_types)
        return b.result

    def args(self, node: ast.Call, b: Builtin, fixed: tuple[str, ...], arg_types: list[str | None]) -> None:
        """The diagnostics of a call's arguments of the wrong type (one type for all the ``T`` ones)."""
        generic: str | None = None
        for i, (arg, t) in enumerate(zip(node.args, arg_types)):
            want = fixed[min(i, len(fixed) - 1)]
            if t is None:
                continue
            if want == "T":
                if generic is None:
                    generic = t
                elif t != generic:
                    self.error(arg.pos, "P104", f"{node.name}() compares {describe(generic)} with {describe(t)}",
                               "give it values of one type")
            elif want == "list[T]":
                if not t.startswith("list["):
                    self.error(arg.pos, "P104", f"{node.name}() needs a collection, not {describe(t)}", self.arg_hint(arg, want, b))
            elif t not in want.split("|"):
                self.error(arg.pos, "P104", f"argument {i + 1} of {node.name}() must be {' or '.join(describe(w) for w in want.split('|'))}, not {describe(t)}",
                           self.arg_hint(arg, want, b))

    def arg_hint(self, arg: ast.Node, want: str, b: Builtin) -> str:
        """The example of a function, after a "did you mean" when a builtin of the right type is spelt alike."""
        hint = f"e.g. {b.example}"
        if isinstance(arg, ast.Name) and arg.name in REGISTRY:
            fits = [n for n, x in REGISTRY.items() if x.constant and (x.result.startswith("list[") if want == "list[T]" else x.result in want.split("|"))]
            close = close_matches(arg.name, fits, cutoff=0.6)
            if close:
                return f"did you mean '{close[0]}'? {hint}"
        return hint

    def quantifier(self, node: ast.Quantifier) -> str | None:
        src = self.expr(node.source)
        elem = element_type(src) if src else None
        if src and elem is None:
            self.error(node.source.pos, "P109", f"{node.word}() needs a collection or a set after 'in', not {describe(src)}",
                       "use sets, chows, pungs, pairs, tiles, tile_kinds, a group such as honours, or (a, b, c)")
        slot = self.bind(node.var, node.var_pos, elem or "?")
        assert self.out is not None
        if slot is not None:
            self.out.slots[id(node)] = slot
        body_t = self.expr(node.body) if node.body is not None else None
        if slot is not None:
            del self.scope[node.var]
        if node.word in ("min", "max"):
            if node.body is None:
                self.error(node.pos, "P110", f"{node.word}() needs a number after ':'", f"e.g. {node.word}(p in pairs: rank(p))")
            elif body_t not in (None, "int"):
                self.error(node.body.pos, "P110", f"{node.word}() needs a number after ':', not {describe(body_t)}",
                           f"e.g. {node.word}(p in pairs: rank(p))")
            return "int"
        if node.body is None and node.word != "count":
            self.error(node.pos, "P110", f"{node.word}() needs a condition after ':'", f"e.g. {node.word}(t in tiles: t in honours)")
        elif node.body is not None and body_t not in (None, "bool"):
            self.error(node.body.pos, "P110", f"the condition of {node.word}() must be yes/no, not {describe(body_t)}",
                       f"compare the value with something, e.g. {node.word}(p in pungs: rank(p) == 1)")
        return "int" if node.word == "count" else "bool"

    def tuple_lit(self, node: ast.TupleLit) -> str | None:
        types = [self.expr(i) for i in node.items]
        known = [t for t in types if t is not None]
        if not node.items:
            self.error(node.pos, "P115", "an empty collection", "list at least one item, e.g. (1, 9)")
            return None
        if any(t != known[0] for t in known):
            bad = next(i for i, t in zip(node.items, types) if t is not None and t != known[0])
            assert self.out is not None
            self.error(bad.pos, "P115", f"a collection mixes {describe(known[0])} with {describe(self.out.types[id(bad)])}",
                       "list items of one kind, e.g. (1, 9) or (1m, 9m)")
            return None
        if known and known[0].startswith("list["):
            self.error(node.pos, "P115", "a collection of collections is not supported", "list the items themselves, e.g. (1, 2, 3) rather than ((1, 2), 3)")
            return None
        return f"list[{known[0]}]" if known else None

    def arith(self, node: ast.Arith) -> str | None:
        lt, rt = self.expr(node.left), self.expr(node.right)
        for side, t in ((node.left, lt), (node.right, rt)):
            if t not in (None, "int"):
                self.error(side.pos, "P106", f"'{node.op}' needs numbers, not {describe(t)}",
                           "use rank(...) or size(...) to get a number")
                return None
        return "int" if lt and rt else None

    def compare(self, node: ast.Compare) -> str:
        types = [self.expr(o) for o in node.operands]
        for i, op in enumerate(node.ops):
            lt, rt = types[i], types[i + 1]
            left, right = node.operands[i], node.operands[i + 1]
            if lt is None or rt is None:
                continue
            if op in ("in", "not in"):
                elem = element_type(rt)
                if elem is None:
                    self.error(right.pos, "P108", f"'{op}' needs a collection on its right, not {describe(rt)}",
                               "e.g. t in honours, rank(a) in (1, 9)")
                elif elem != lt:
                    self.error(node.op_pos[i], "P105", f"cannot look for {describe(lt)} in {describe(rt)}",
                               f"the left side must be {describe(elem)} to look for it in {describe(rt)}")
            elif lt != rt:
                self.error(node.op_pos[i], "P105", f"cannot compare {describe(lt)} with {describe(rt)}",
                           _compare_hint(left, lt, right, rt))
            elif op in ("<", "<=", ">", ">=") and lt != "int":
                self.error(node.op_pos[i], "P116", f"'{op}' orders numbers, not {describe(lt)}",
                           f"compare numbers such as ranks: rank({_label(left, 'a')}) {op} rank({_label(right, 'b')})")
            elif lt == "set":
                self.error(node.op_pos[i], "P118", f"'{op}' cannot compare two sets",
                           f"compare what they are made of: tile({_label(left, 'a')}) {op} tile({_label(right, 'b')}), or their kinds or suits")
            elif lt.startswith("list["):
                self.error(node.op_pos[i], "P118", f"'{op}' cannot compare two collections",
                           f"compare their sizes, size({_label(left, 'xs')}) {op} size({_label(right, 'ys')}), or test their items with all(...) or any(...)")
        return "bool"


def _label(node: ast.Node, default: str) -> str:
    """A short text for a node in a hint: its name or tile, or ``default``."""
    if isinstance(node, ast.Name):
        return node.name
    return node.text if isinstance(node, ast.TileLit) else default


def _compare_hint(left: ast.Node, lt: str, right: ast.Node, rt: str) -> str:
    for node, t in ((left, lt), (right, rt)):
        if t == "set":
            s = _label(node, "s")
            return f"use tile({s}), rank({s}), suit({s}) or kind({s}) to get something comparable"
    for node, t in ((left, lt), (right, rt)):
        if t == "tile" and "int" in (lt, rt):
            return f"use rank({_label(node, 't')}) to get the number of a tile"
    return "both sides must be of one type"


def check(rule: ast.Node, origin: Origin = NO_ORIGIN, text: str = "") -> tuple[Checked, list[Diagnostic]]:
    """Check a parsed predicate; returns what the compiler needs and the diagnostics."""
    checker = Checker(origin, text)
    checked = checker.check(rule)
    return checked, checker.diagnostics
