"""Compile a checked predicate into a Python function over a reading's facts.

The compiler writes Python source from the checked AST and compiles it once. No rule text ever
reaches that source: names become the registry's own templates or numbered variables (``v0``, ``v1``),
numbers are written from parsed ints, tiles as their index, and every other value (tile groups, tuples
of literals) is passed in the function's namespace. So the generated code is a fixed vocabulary of
templates put together by the grammar, whatever a rule author wrote. (That code is also run once at
compile time, to tabulate a condition that reads nothing but its tile, or its set, over every value.)
The expressions are written by dsl/expressions.py, the rules around them here."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import ast
from .builtins import REGISTRY, Level
from .checker import Checked
from .code import Code, Piece, Ref, join
from .compiled import NAMESPACE, Compiled, Guard, Record, build
from .cost import MAX_COUNT
from .expressions import ExpressionCompiler, slots_used
from .guards import attribute as _attribute
from .guards import guard as _guard
from .loops import apart as _apart
from .loops import differs as _differs
from .loops import loops as _loops
from .loops import pairwise as _pairwise
from .loops import shared as _shared
from .loops import spread as _spread
from .masks import tests as _mask_tests
from .symmetry import conjuncts as _conjuncts
from .symmetry import symmetric as _symmetric

#: The builtins that read no more of a set than its tile.
TILE_VIEWS = frozenset({"tile", "suit", "rank"})

#: The code of ``tile`` of a set ``x``, as views are written.
TILE_VIEW = "(" + str(REGISTRY["tile"].code).format("x") + ")"


@dataclass
class EachTests:
    """The conjuncts of an each rule's condition, filed: by depth (the deepest name they read) the
    tests run there (``stages``) and those on one view of that name equal to code not reading it
    (``candidates``: (the test's place, the view, the other side), to look items up by), the tests that
    read no name (``guards``), and for the masks the tests of one name (``own``), of two (``pairs``)
    and of the first three (``triples``), and the views in which two names must differ (``differs``)."""

    stages: list[list[str]]
    candidates: list[list[tuple[int, str, str]]]
    guards: list[str]
    own: list[list[str]]
    pairs: dict[tuple[int, int], list[str]]
    triples: list[str]
    differs: list[tuple[str, int, int]]


class Compiler(ExpressionCompiler):
    """Writes the code of one checked predicate: its rule (a yes/no question, a count, or the loops of
    an each rule with their guards, and the body a fused memo runs), around the expressions that
    ExpressionCompiler writes."""

    def rule(self) -> Record:
        rule = self.checked.rule
        value, body = "", list[Code]()
        if isinstance(rule, ast.EachRule):
            (lines, body), arity = self.each(rule), len(rule.names)
        else:
            assert isinstance(rule, ast.HandRule)
            value = self.expr(rule.expr)
            if self.checked.result == "int":
                lines = ["def run(f):", f"    n = {value}", f"    return [EMPTY] * min(n, {MAX_COUNT}) if n > 0 else []"]
            else:
                lines = ["def run(f):", f"    return [EMPTY] if {value} else []"]
            arity = 0
        return Record(source="\n".join(lines) + "\n", constants=tuple(self.constants.items()), level=self.checked.level,
                      is_each=isinstance(rule, ast.EachRule), arity=arity, binds_sets=self.checked.result == "each[set]", guards=self.guards(rule),
                      expression=value, counts=self.checked.result == "int", keyed=self.keyed_attr,
                      cost=self.checked.cost, keyed_body=join("\n", body).parts, views=self.view_codes)

    def keyed(self, rule: ast.EachRule) -> str:
        """The collection of an each rule over sets that reads its items only as ``tile``, ``suit`` or
        ``rank`` of them and reads nothing else of the hand (its instances then depend on its items'
        tiles alone); else ""."""
        attr = _attribute(rule.source)
        if self.type_of(rule.source) != "list[set]" or attr is None:
            return ""
        bound = set(self.checked.each_slots)
        slots = self.checked.slots
        stack: list[ast.Node] = [rule.cond]
        while stack:
            node = stack.pop()
            if isinstance(node, ast.Call) and node.name in TILE_VIEWS and len(node.args) == 1 \
                    and isinstance(node.args[0], ast.Name) and slots.get(id(node.args[0])) in bound:
                continue
            if isinstance(node, ast.Name) and id(node) in slots:
                if slots[id(node)] in bound:
                    return ""  # an item used otherwise than through its tile
            elif isinstance(node, (ast.Name, ast.Call)) and REGISTRY[node.name].level is not Level.PURE:
                return ""
            stack.extend(ast.children(node))
        return attr

    def guards(self, rule: ast.Node) -> tuple[Guard, ...]:
        """Necessary conditions of simple forms: ``flag``, ``not flag``, ``name == constant``,
        ``size(collection) >= n``, and the size an each rule needs of its collection."""
        out: list[Guard] = []
        if isinstance(rule, ast.EachRule):
            attr = _attribute(rule.source)
            if attr:
                out.append(Guard(attr=attr, length=True, op=">=", value=len(rule.names)))
            conjuncts = [c for c in _conjuncts(rule.cond) if not slots_used(c, self.checked.slots)]
        else:
            assert isinstance(rule, ast.HandRule)
            conjuncts = _conjuncts(rule.expr)
        for c in conjuncts:
            guard = _guard(c, self.type_of(c))
            if guard is not None:
                out.append(guard)
        return tuple(out)

    def each(self, rule: ast.EachRule) -> tuple[list[str], list[Code]]:
        """Nested loops over distinct items; each conjunct of the condition is tested as soon as the
        names it uses are bound, so most candidate groups are dropped after one or two items. A view of
        a bound item (``rank(a)``: a pure builtin of the item alone) is worked out once, when the item is
        bound, not in every inner step. Returns the function's lines and, for a keyed rule, the lines of
        its body as a fused memo runs it (see ``keyed_body``)."""
        slots = self.checked.each_slots
        k = len(slots)
        self.views = {slot: {} for slot in slots}
        tests = self.file_tests(rule, slots)
        keyed = self.keyed_attr = self.keyed(rule)  # only a keyed rule's body looks items (sets) up
        views, self.views = self.views, None
        source = self.expr(rule.source)
        # The facts' collections are tuples already; a constant group is a frozenset.
        items = source if self.type_of(rule.source) == "list[set]" or not source.startswith("K") else f"tuple({source})"
        lines = ["def run(f):", f"    items = {items}", "    n = len(items)", f"    if n < {k}:", "        return []"]
        if tests.guards:
            lines += [f"    if not ({' and '.join(tests.guards)}):", "        return []"]
        # When the condition reads the same whatever the order of the names, each group is tried
        # once, in index order; otherwise every order is tried and groups are collected as sets.
        ordered = k == 1 or _symmetric(rule)
        read: dict[int, dict[str, tuple[str, Piece]]] = {slot: dict(by_slot) for slot, by_slot in views.items()}
        lines += ["    " + line.text() for line in _loops(slots, tests.stages, read, ordered, by_index=False)]
        if not ordered:
            picked = ", ".join(f"items[g[{d}]]" for d in range(k))
            lines.append(f"    return [({picked},) for g in sorted(found)]")
        else:
            lines.append("    return found")
        if not keyed:
            return lines, []
        return lines, self.keyed_body(slots, tests, views, ordered)

    def file_tests(self, rule: ast.EachRule, slots: list[int]) -> EachTests:
        """The conjuncts of an each rule's condition, each filed by the deepest name it reads (see EachTests)."""
        k, views = len(slots), self.views
        assert views is not None, "each sets the views first"
        tests = EachTests([[] for _ in range(k)], [[] for _ in range(k)], [], [[] for _ in range(k)], {}, [], [])
        for conjunct in (part for c in _conjuncts(rule.cond) for part in _pairwise(c)):
            used = [slots.index(s) for s in slots_used(conjunct, self.checked.slots) if s in slots]
            if not used:
                tests.guards.append(self.expr(conjunct))
                continue
            depth = max(used)
            code, join = self.part(conjunct, slots[depth])
            tests.stages[depth].append(code)
            _file_test(code, used, depth, tests.own, tests.pairs, tests.triples)
            if join is not None:
                tests.candidates[depth].append((len(tests.stages[depth]) - 1, *join))
            tests.differs += _differs(conjunct, self.checked.slots, views, lambda call: self.call(call, ["x"]))
        return tests

    def keyed_body(self, slots: list[int], tests: EachTests, views: dict[int, dict[str, tuple[str, str]]], ordered: bool) -> list[Code]:
        """The body of a keyed each rule in a fused memo (dsl/code.py): views come from lists of the
        collection's items (``Ref("view", j)`` for ``self.view_codes[j]``), worked out once for all the
        rules of the collection; a depth looks its items up by the test on the view with the most values
        (``Ref("index", j)``); the instances go to ``Ref("found")``."""
        k = len(slots)
        joins = [max(c, key=lambda j: _spread(j[1])) if c else None for c in tests.candidates]
        # A view that the condition makes equal for all the names: only a group of k items with one
        # value of it can match (the fused memo bounds the largest group before trying any).
        links = [(view, slots[depth], other) for depth, c in enumerate(tests.candidates) for _, view, other in c]
        shared = _shared(slots, [(view, a, b) for view, a, other in links for b in slots
                                 if b != a and views[b].get(view, ("", ""))[0] == other]) if k > 1 else []
        self.view_codes = tuple(dict.fromkeys(view for by_slot in views.values() for view in by_slot))
        listed = {view: Ref("view", j) for j, view in enumerate(self.view_codes)}
        indexed: list[tuple[int, Piece, str] | None] = [
            None if j is None else (j[0], Ref("index", self.view_codes.index(j[1])), j[2]) for j in joins]
        read: dict[int, dict[str, tuple[str, Piece]]] = {
            s: {v: (name, Code(listed[v], f"[i{slots.index(s)}]")) for v, (name, _) in by_slot.items()} for s, by_slot in views.items()}
        body = _loops(slots, tests.stages, read, ordered, by_index=True, joins=indexed)
        guards: list[Piece] = list(tests.guards)
        shared = [view for view in shared if any(j is not None and j[1] == view for j in joins)]  # an index made anyway
        if shared:
            guards.append(Code(Ref("size", self.view_codes.index(max(shared, key=_spread))), f" >= {k}"))
        # A view in which every two names must differ: only a collection with as many values of it can match.
        guards += [Code(Ref("values", self.view_codes.index(view)), f" >= {k}") for view in _apart(tests.differs, slots)[:1] if k > 1]
        guards += self.masks(slots, tests.own, tests.pairs, tests.triples, views)
        body.append(Code("if found:"))
        if not ordered:  # (sorted only when something was found)
            picked = ", ".join(f"items[g[{d}]]" for d in range(k))
            body.append(Code(f"    found = [({picked},) for g in sorted(set(found))]"))
        body.append(Code("    ", Ref("found")))
        # All of it under the guards, so that a rule they skip costs them alone.
        if guards:
            body = [Code("if ", join(" and ", guards), ":")] + ["    " + line for line in body]
        return body

    def masks(self, slots: list[int], own: list[list[str]], pairs: dict[tuple[int, int], list[str]], triples: list[str],
              views: dict[int, dict[str, tuple[str, str]]]) -> list[Code]:
        """The tests of a keyed body on the bits of its collection's tiles (dsl/masks.py), their tables
        worked out (or taken from ``known``) in turn, as ``table`` does."""
        def table(make: Callable[[], frozenset[int] | None]) -> frozenset[int] | None:
            found = next(self.known) if self.known is not None else make()
            self.tables.append(found)
            return found
        j = self.view_codes.index(TILE_VIEW) if TILE_VIEW in self.view_codes else len(self.view_codes)
        out = _mask_tests(slots, own, pairs, triples, views, {**NAMESPACE, **self.constants}, table, self.constant, j)
        if out and TILE_VIEW not in self.view_codes:
            self.view_codes += (TILE_VIEW,)
        return out

    def part(self, node: ast.Node, slot: int) -> tuple[str, tuple[str, str] | None]:
        """The code of a part of an each rule's condition tested when ``slot`` is bound, and, when it is
        ``view(slot) == other`` with ``other`` not reading that item, (the view, the code of ``other``):
        a fused memo then looks the item up by that view's value instead of trying every item."""
        if not (isinstance(node, ast.Compare) and node.ops == ("==",)):
            return self.expr(node), None
        codes = [self.expr(operand) for operand in node.operands]
        by_name = {name: view for view, (name, _) in self.views[slot].items()} if self.views is not None else {}
        for side in (0, 1):
            if codes[side] in by_name and slot not in slots_used(node.operands[1 - side], self.checked.slots):
                return f"({codes[0]} == {codes[1]})", (by_name[codes[side]], codes[1 - side])
        return f"({codes[0]} == {codes[1]})", None


def _file_test(code: str, used: list[int], depth: int, own: list[list[str]], pairs: dict[tuple[int, int], list[str]],
               triples: list[str]) -> None:
    """File an each rule's test by the names it reads (``used``, by depth; ``depth`` the deepest), for
    the masks: one name alone, two names, or the first three."""
    if len(used) == 1:
        own[depth].append(code)
    elif len(used) == 2:
        pairs.setdefault((min(used), depth), []).append(code)
    elif sorted(set(used)) == [0, 1, 2]:
        triples.append(code)


def generate(checked: Checked) -> Record:
    """The generated source and metadata of a predicate that passed the check."""
    return Compiler(checked).rule()


def generate_tabled(checked: Checked, known: list[frozenset[int] | None] | None = None) -> tuple[Record, list[frozenset[int] | None]]:
    """``generate``, given the tables of an earlier compilation (``known``) or working them out, and
    the tables used (to give as ``known`` next time)."""
    compiler = Compiler(checked, known)
    record = compiler.rule()
    if compiler.known is not None and next(compiler.known, None) is not None:
        raise ValueError("more tables than the predicate uses")
    return record, compiler.tables


def compile_checked(checked: Checked, label: str = "<predicate>") -> Compiled:
    """The compiled function of a predicate that passed the check; ``label`` names it in tracebacks
    and profiles (it is a file name for the code object, never source)."""
    return build(generate(checked), label)
