"""Fuse many compiled predicates into one function, so that a scorer asks once per reading (or hand)
which of them apply, without a call and a loop step per predicate.

The fused source is put together from the predicates' own generated code (never rule text): each rule
is called when its collection is large enough, and each hand rule's expression is written inline (its
constants are named by their values, dsl/expressions.py, so the predicates share one namespace). Each rules that read their collection only through its tiles (``keyed``) are
asked together, and what they found is remembered by the collection's items (see KeyedMemo)."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from .builtins import REGISTRY
from .code import render
from .compiled import NAMESPACE, Compiled, Guard, Record
from .cost import MAX_COUNT
from .loops import kinds_and_tiles
from .masks import TILES
from .prefused import run_shipped

#: The code of ``tile`` of a set ``x``, as views are written: compiler.TILE_VIEW, made here from the
#: builtins as there, so that a scorer of shipped (compiled) rules does not import the compiler and checker.
TILE_VIEW = "(" + str(REGISTRY["tile"].code).format("x") + ")"
TILE = re.compile(r"\bx\.tile\b")
#: The letter of the name of a memo's view that a reference of a keyed body (dsl/code.py) is given, by its kind.
LETTERS = {"view": "L", "index": "X", "size": "G", "bits": "B", "excess": "E"}


#: Collections remembered per memo (chows of four sets come in about 13,000 patterns of tiles); past
#: it the memory starts afresh, so it stays small whatever the input.
MEMO_LIMIT = 1 << 15


class _MissPlan:
    """What the lines of one memo's ``MISS`` function are written from (KeyedMemo.miss_source): the views
    its rules read, named ``{m}_{j}`` in the order first read, and how each is held: listed while the
    items are looped over (``eager`` ones indexed there too), as bits, counted in groups (``sized``,
    for SIZE and VALUES), as the number of items sharing a tile (``excess``), or listed later from
    the tiles (``deferred``), or indexed only when a rule past its guards needs it (``lazy``). Its
    tables are put in the fused function's ``namespace`` as it is made."""

    def __init__(self, rules: list[tuple[int, int, Record]], m: int, namespace: dict[str, Any]) -> None:
        self.rules, self.m = rules, m
        views: dict[str, str] = {}
        indexed: set[str] = set()
        sized: set[str] = set()
        bits: set[str] = set()
        excess: set[str] = set()
        kinds = {"index": indexed, "size": sized, "bits": bits, "excess": excess, "values": sized}
        #: The references of each rule's body (dsl/code.py), in their order.
        self.refs = [[part for part in record.keyed_body if not isinstance(part, str)] for _, _, record in rules]
        for (_, _, record), refs in zip(rules, self.refs):
            for view in record.views:
                views.setdefault(view, f"{m}_{len(views)}")
            for kind, j in refs:
                if kind in kinds:
                    kinds[kind].add(record.views[j])
        self.views, self.bits, self.excess, self.sized = views, bits, excess, sized
        self.least = min((int(names) for _, names, _ in rules), default=0)
        self.order = order = list(views).index
        self.valued = valued = {view: table for view in sized if view not in bits and (table := value_bits(view)) is not None}
        self.eager = sorted((sized - bits) - set(valued), key=order)
        # The bits of the tiles and of the valued views in one number, from one table by tile, taken
        # apart after the loop, the tile read once an item (a number per view cost an update more per item).
        self.tile = tile = views[TILE_VIEW] if TILE_VIEW in bits and valued else None
        if tile is not None:
            combined, offset = [1 << t for t in range(TILES)], TILES
            for view in sorted(valued, key=order):
                width = max(valued[view]).bit_length()
                combined = [c | v << offset for c, v in zip(combined, valued[view])]
                namespace[f"VM{views[view]}"] = ((1 << width) - 1) << offset
                offset += width
            namespace[f"BC{m}"], namespace["TILE_BITS"] = tuple(combined), (1 << TILES) - 1
        else:
            for view, table in valued.items():
                namespace[f"VB{views[view]}"] = table
        # The lists of the views that the loop over the items needs for no bits and no eager index are made,
        # all in one loop over the tiles, by the first rule past its guards that reads one: most misses run
        # few rules, often on the tiles alone, so a view worked out for every miss is mostly wasted.
        self.deferred = [view for view in views if view != TILE_VIEW and view not in self.eager and view not in bits | excess
                         and not re.search(r"\bx\b", TILE.sub("t", view))] if TILE_VIEW in views else []
        self.lazy = {views[view] for view in indexed - set(self.eager)}

    def setup_lines(self) -> list[str]:
        """The lines before the rules: the views listed, and the bits and sizes worked out."""
        views, order, valued, tile = self.views, self.order, self.valued, self.tile
        lines = views_source(views, self.eager, sorted(self.bits | self.excess, key=order),
                             [] if tile else sorted(valued, key=order), None if tile is None else f"BC{self.m}", self.deferred)
        lines += [f"    L{views[self.deferred[0]]} = None"] if self.deferred else []
        if tile is not None:
            lines += [f"    G{views[view]} = n + 1 - (B{tile} & VM{views[view]}).bit_count()" for view in sorted(valued, key=order)]
            lines.append(f"    B{tile} &= TILE_BITS")
        # How many items share their tile with an earlier one (EXCESS in the bodies, see dsl/masks.py).
        lines += [f"    E{views[view]} = n - B{views[view]}.bit_count()" for view in sorted(self.excess, key=order)]
        # At least the size of the largest group of items with one value of a view (SIZE in the bodies,
        # a test that some group is large enough): one more than the items that share their value with
        # an earlier one, exact for groups of two and of all the items; so n + 1 minus it is how many values
        # the items have (VALUES in the bodies, a test that they have as many as names that differ in the
        # view, see dsl/compiler.py). The groups counted with the lists of views below, in the same loop. A
        # view's values counted on bits (a table of a bit per tile) instead of its index; the index made
        # only by a rule past its guards, the first time one needs it (most misses never need it).
        for view in sorted(self.sized - (set(valued) if tile else set()), key=order):
            counted = f"len(X{views[view]})" if view in self.eager else f"{'B' if view in self.bits else 'V'}{views[view]}.bit_count()"
            lines.append(f"    G{views[view]} = n + 1 - {counted}")
        return lines + [f"    X{name} = None" for name in sorted(self.lazy)]

    def rule_lines(self, namespace: dict[str, Any]) -> list[str]:
        """The rules' bodies, each under a test of the size it needs, unless a test it is under implies it
        (the first, of the fewest names any rule binds, or one a rule before it opened): rules in turn that
        need as many items or more share one, in their order, so that a collection too small for them
        skips them all at one test (grouping by size first, out of their order, saved no more)."""
        lines: list[str] = []
        sizes = [self.least]
        for (index, names, record), refs in zip(self.rules, self.refs):
            while int(names) < sizes[-1]:
                sizes.pop()
            if int(names) > sizes[-1]:
                lines.append(f"{'    ' * len(sizes)}if n >= {int(names)}:")
                sizes.append(int(names))
            namespace.update(record.constants)
            lines += self._body("    " * len(sizes), int(index), record, refs)
        return lines

    def _body(self, pad: str, index: int, record: Record, refs: list[tuple[str, int]]) -> list[str]:
        """One rule's body, rendered with this memo's names (``name``), with the lines that make the views it needs first."""
        views, m = self.views, self.m

        def given(kind: str, j: int, indent: str) -> str:
            if kind == "found":  # its instances added to the hits under its index
                return f"hits.append(({index}, found))"
            if kind == "alone":  # a one-name rule's instance: the item's one-tuple, shared through the memo's ALONE
                return (f"x = items[i{j}]\n{indent}alone = ALONE{m}.get(id(x))\n{indent}if alone is None:\n"
                        f"{indent}    alone = ALONE{m}[id(x)] = (x,)\n{indent}found.append(alone)")
            if kind == "values":  # how many values of the view the items have, from the bound of the groups
                return f"(n + 1 - G{views[record.views[j]]})"
            return LETTERS[kind] + views[record.views[j]]

        body = render(record.keyed_body, given)
        parts = body.splitlines()
        needed = [views[record.views[j]] for j in dict.fromkeys(j for kind, j in refs if kind == "index")]
        build = [line for name in needed if name in self.lazy for line in index_source(name)]
        deferred = set(self.deferred)
        if any(kind == "view" and record.views[j] in deferred for kind, j in refs) or any(views[view] in needed for view in self.deferred):
            build = deferred_source(views, self.deferred) + build
        if parts and parts[0].startswith("if ") and parts[0].endswith(":") and all(p.startswith("    ") for p in parts[1:]):
            return [f"{pad}if ({parts[0][3:-1]}):", *(f"{pad}    {line}" for line in build), *(pad + line for line in parts[1:])]
        return [pad + line for line in build + parts]


class KeyedMemo:
    """The instances of the keyed rules over one collection, remembered by the collection's items. Those
    are the shared, immutable blocks of readings, so the same sets come back as the same objects: the
    key is their identities, and ``kept`` holds every item of every entry, so that no other object can
    take them. (The rules read the items' tiles only; keying by the items themselves is finer, and so
    safe.) ``known`` maps a key to ``[(index, instances) for each rule with instances]`` (the list kept
    as it is, never changed: a tuple made of it would be one object more an entry), or to ``()`` when
    none has any; ``rules`` are (index, the number of names the rule binds, its record).

    An entry is that list alone, the items kept in ``kept`` (no tuple of the list and the items, nor the
    collection's tuple kept), none for no instances: every object an entry keeps alive counts toward the
    garbage collector's next collection, and a first pass over the corpus fills about 2,100 entries, so
    that fewer objects kept means fewer collections in it (the hit read without ``[0]``, added by ``+=``)."""

    def __init__(self, attr: str) -> None:
        self.attr = attr
        self.rules: list[tuple[int, int, Record]] = []
        self.known: dict[tuple[int, ...], list[tuple[int, list[tuple[Any, ...]]]] | tuple[()]] = {}
        self.kept: list[Any] = []
        #: The instance of one item, by the item's identity, shared by every entry that finds it (fewer
        #: objects for the garbage collector to look at; docs/architecture.md, speed).
        self.alone: dict[int, tuple[Any]] = {}

    def clear(self) -> None:
        """Forget every entry."""
        self.known.clear()
        self.kept.clear()
        self.alone.clear()

    def miss_source(self, m: int, namespace: dict[str, Any]) -> list[str]:
        """The lines of ``MISS{m}(f, key)``, which runs the rules on the facts and remembers what they
        found under ``key``, the identities of the items (written inline, past MEMO_LIMIT entries the
        memory starts afresh).
        The rules' loops are written inline (no call per rule), each under the test that the collection
        holds as many items as it binds names, and read the views of the items (tile, suit, rank...)
        from lists worked out once for all of them, at the start, not by a call per rule reading its
        items' views in every inner step."""
        plan = _MissPlan(self.rules, m, namespace)
        remember = [f"if len(KNOWN{m}) >= LIMIT:", f"    KNOWN{m}.clear()", f"    KEPT{m}.clear()", f"    ALONE{m}.clear()", f"KEPT{m}.extend(items)",
                    f"KNOWN{m}[key] = hits = hits or ()", "return hits"]
        lines = [f"def MISS{m}(f, key):", f"    items = f.{self.attr}", "    n = len(items)", "    hits = []",
                 f"    if n < {plan.least}:", *("        " + line for line in remember)]
        return lines + plan.setup_lines() + plan.rule_lines(namespace) + ["    " + line for line in remember]


def views_source(views: dict[str, str], indexed: list[str], bits: list[str], valued: list[str], combined: str | None,
                 deferred: Sequence[str] = ()) -> list[str]:
    """The lines that list every view of the items (``L``), for the ``indexed`` ones the items by
    the view's value, in their order (``X``), for the ``bits`` ones (of small whole numbers, tiles)
    the bits of their values (``B``; the tile's from the table ``combined`` when given) and for the
    ``valued`` ones a bit per value (``V``): one loop over the items for all of them, not a
    comprehension per view and a loop per index."""
    lines = ["    " + "; ".join(f"L{name} = []" for view, name in views.items() if view not in deferred)]
    lines += [f"    X{views[view]} = {{}}" for view in indexed]
    lines += [f"    B{views[view]} = 0" for view in bits]
    lines += [f"    V{views[view]} = 0" for view in valued]
    lines += ["    i = 0"] if indexed else []
    lines.append("    for x in items:")
    lines += ["        t = x.tile"] if valued or combined or any(TILE.search(view) for view in views) else []
    for view, name in views.items():
        code = TILE.sub("t", view)
        if view in deferred:
            lines += [f"        V{name} |= VB{name}[t]"] if view in valued else []
            continue
        if view in indexed or (view in bits and not (combined and view == TILE_VIEW)) or view in valued:
            lines += [f"        y = {code}", f"        L{name}.append(y)"]
        else:  # a value read by no other line appended as it is worked out (no local stored and read back)
            lines.append(f"        L{name}.append({code})")
        if view in indexed:
            lines += [f"        if y in X{name}:", f"            X{name}[y].append(i)", "        else:", f"            X{name}[y] = [i]"]
        if view in bits:
            lines.append(f"        B{name} |= {combined}[t]" if combined and view == TILE_VIEW else f"        B{name} |= 1 << y")
        if view in valued:
            lines.append(f"        V{name} |= VB{name}[t]")
    lines += ["        i += 1"] if indexed else []
    return lines


def deferred_source(views: dict[str, str], deferred: Sequence[str]) -> list[str]:
    """The lines that make the lists of the ``deferred`` views (see ``miss_source``) from the tiles' list,
    when they are not made yet."""
    first = views[deferred[0]]
    return [f"if L{first} is None:", "    " + "; ".join(f"L{views[view]} = []" for view in deferred), f"    for t in L{views[TILE_VIEW]}:",
            *(f"        L{views[view]}.append({TILE.sub('t', view)})" for view in deferred)]


def index_source(name: str) -> list[str]:
    """The lines that make ``X{name}``, the indices of the items by the value of a view, from their
    list ``L{name}``, when it is not made yet."""
    return [f"if X{name} is None:", f"    X{name} = {{}}", "    i = 0", f"    for y in L{name}:", f"        if y in X{name}:",
            f"            X{name}[y].append(i)", "        else:", f"            X{name}[y] = [i]", "        i += 1"]


def value_bits(view: str) -> tuple[int, ...] | None:
    """By tile, a bit for the value of ``view`` (code reading an item ``x`` through its tile alone) on
    a set of that tile, one bit per distinct value; None if the view fails on some tile."""
    scope = dict(NAMESPACE)
    exec(compile(f"def view(x):\n    return {view}\n", "<view>", "exec"), scope)  # generated code only: see dsl/compiler.py
    by_tile = {b.tile: b for b in reversed(kinds_and_tiles())}
    try:
        values = [scope["view"](by_tile[t]) for t in range(TILES)]
        bit = {value: 1 << j for j, value in enumerate(dict.fromkeys(values))}
    except (IndexError, KeyError, TypeError):
        return None
    return tuple(bit[value] for value in values)


def _guard_code(guard: Guard, name: str) -> str:
    value = f"len(f.{guard.attr})" if guard.length else f"f.{guard.attr}"
    return f"{value} {guard.op} {name}"


def _predicate_lines(i: int, ident: int, compiled: Compiled, record: Record, namespace: dict[str, Any]) -> list[str]:
    """The lines of ``evaluate`` that ask predicate ``i`` (not keyed) and add its instances under ``ident``.
    A hand rule's expression holds its guards already, in the author's order (which keeps costly facts
    such as the unique wait last), but for the implied ones, tested first; an each rule is called only
    if its collection is big enough."""
    tests = []
    if record.is_each and compiled.guards and compiled.guards[0].length and compiled.guards[0].op == ">=":
        namespace[f"G{i}"] = compiled.guards[0].value
        tests.append(_guard_code(compiled.guards[0], f"G{i}"))
    if record.is_each or not record.expression:
        namespace[f"R{i}"] = compiled.instances
        body = [f"r = R{i}(f)", "if r:", f"    out.append(({ident}, r))"]
    else:
        for g, guard in enumerate(compiled.guards):
            if guard.implied:
                namespace[f"G{i}_{g}"] = guard.value
                tests.append(_guard_code(guard, f"G{i}_{g}"))
        namespace.update(record.constants)
        expression = record.expression
        if record.counts:
            body = [f"n = {expression}", "if n > 0:", f"    out.append(({ident}, [()] * min(n, {MAX_COUNT})))"]
        else:
            body = [f"if {expression}:", f"    out.append(({ident}, ONE))"]
    if tests:
        return [f"    if {' and '.join(tests)}:", *("        " + line for line in body)]
    return ["    " + line for line in body]


def fuse(predicates: Sequence[Compiled], label: str = "<fused predicates>",
         ids: Sequence[int] | None = None) -> Callable[[Any], list[tuple[int, list[tuple[Any, ...]]]]]:
    """A function of the facts giving ``(id, instances)`` for every predicate that has instances (its
    id is ``ids[i]`` for ``predicates[i]``, by default ``i``): first the others in order, then the keyed
    ones."""
    ids = range(len(predicates)) if ids is None else ids
    namespace: dict[str, Any] = {**NAMESPACE, "ONE": [()], "LIMIT": MEMO_LIMIT}
    lines = ["def evaluate(f):", "    out = []"]
    memos: dict[str, KeyedMemo] = {}
    for i, compiled in enumerate(predicates):
        record = compiled.record
        assert record is not None, "fuse needs predicates built from records"
        if record.keyed:
            memos.setdefault(record.keyed, KeyedMemo(record.keyed)).rules.append((ids[i], compiled.arity, record))
        else:
            lines += _predicate_lines(i, int(ids[i]), compiled, record, namespace)
    misses: list[str] = []
    for m, memo in enumerate(memos.values()):
        namespace[f"KNOWN{m}"], namespace[f"KEPT{m}"], namespace[f"ALONE{m}"] = memo.known, memo.kept, memo.alone
        misses += memo.miss_source(m, namespace)
        lines += [
            f"    hit = KNOWN{m}.get(key := tuple(map(id, f.{memo.attr})))",
            "    if hit is None:",
            f"        hit = MISS{m}(f, key)",
            "    out += hit",
        ]
    lines.append("    return out")
    source = "\n".join(misses + lines) + "\n"
    if not run_shipped(source, label, namespace):  # a shipped rule set's functions come compiled (dsl/prefused.py)
        exec(compile(source, label, "exec"), namespace)  # generated source only: see above
    evaluate = namespace["evaluate"]
    evaluate.source = source  # for people debugging the fusion
    evaluate.memos = list(memos.values())  # what it remembers, to measure or free
    fused: Callable[[Any], list[tuple[int, list[tuple[Any, ...]]]]] = evaluate
    return fused
