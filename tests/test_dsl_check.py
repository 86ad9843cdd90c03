"""The check pass: the type and level of every builtin and construct, scopes, slots and the cost bound."""
from __future__ import annotations

import pytest

from fanrules.dsl import REGISTRY, Checked, ast, check, parse


def checked(text: str) -> Checked:
    node, diagnostics = parse(text)
    assert node is not None, diagnostics
    result, diagnostics = check(node, text=text)
    assert not diagnostics, "\n".join(d.format() for d in diagnostics)
    return result


def type_of(text: str) -> tuple[str, str]:
    """The type and level of an expression of any type (a non-yes/no predicate is only reported)."""
    node, diagnostics = parse(text)
    assert isinstance(node, ast.HandRule), diagnostics
    result, diagnostics = check(node, text=text)
    assert all(d.code == "P113" for d in diagnostics), "\n".join(d.format() for d in diagnostics)
    return result.types[id(node.expr)], result.level


#: For every builtin, an expression that uses it (its arguments as pure as they can be), the
#: expression's type and its level.
USAGE: dict[str, tuple[str, str, str]] = {
    "self_drawn": ("self_drawn", "bool", "hand"),
    "last_copy": ("last_copy", "bool", "hand"),
    "kong_related": ("kong_related", "bool", "hand"),
    "last_tile": ("last_tile", "bool", "hand"),
    "seat_wind": ("seat_wind", "tile", "hand"),
    "prevalent_wind": ("prevalent_wind", "tile", "hand"),
    "flowers": ("flowers", "int", "hand"),
    "flower_replacement": ("flower_replacement", "bool", "hand"),
    "first_turn": ("first_turn", "bool", "hand"),
    "tiles": ("tiles", "list[tile]", "hand"),
    "win_tile": ("win_tile", "tile", "hand"),
    "unique_wait": ("unique_wait", "bool", "hand"),
    "copies": ("copies(5m)", "int", "hand"),
    "held": ("held(E)", "int", "hand"),
    "suits": ("suits", "list[suit]", "hand"),
    "kinds": ("kinds", "list[tile]", "hand"),
    "tile_kinds": ("tile_kinds", "list[tile]", "pure"),
    "terminals": ("terminals", "list[tile]", "pure"),
    "honours": ("honours", "list[tile]", "pure"),
    "winds": ("winds", "list[tile]", "pure"),
    "dragons": ("dragons", "list[tile]", "pure"),
    "simples": ("simples", "list[tile]", "pure"),
    "characters": ("characters", "suit", "pure"),
    "dots": ("dots", "suit", "pure"),
    "bamboo": ("bamboo", "suit", "pure"),
    "shape": ("shape", "shape", "reading"),
    "standard": ("standard", "shape", "pure"),
    "seven_pairs": ("seven_pairs", "shape", "pure"),
    "thirteen_orphans": ("thirteen_orphans", "shape", "pure"),
    "honours_and_knitted": ("honours_and_knitted", "shape", "pure"),
    "knitted_straight": ("knitted_straight", "shape", "pure"),
    "sets": ("sets", "list[set]", "reading"),
    "chows": ("chows", "list[set]", "reading"),
    "pungs": ("pungs", "list[set]", "reading"),
    "kongs": ("kongs", "list[set]", "reading"),
    "pairs": ("pairs", "list[set]", "reading"),
    "sets_and_pairs": ("sets_and_pairs", "list[set]", "reading"),
    "knitted": ("knitted", "list[tile]", "reading"),
    "win_set": ("win_set", "set", "reading"),
    "chow": ("chow", "kind", "pure"),
    "pung": ("pung", "kind", "pure"),
    "kong": ("kong", "kind", "pure"),
    "pair": ("pair", "kind", "pure"),
    "no_set": ("no_set", "kind", "pure"),
    "kind": ("kind(win_set)", "kind", "reading"),
    "tile": ("tile(win_set)", "tile", "reading"),
    "suit": ("suit(5m)", "suit", "pure"),
    "rank": ("rank(9s)", "int", "pure"),
    "concealed": ("concealed(win_set)", "bool", "reading"),
    "melded": ("melded(win_set)", "bool", "reading"),
    "declared": ("declared(win_set)", "bool", "reading"),
    "size": ("size(honours)", "int", "pure"),
    "same": ("same(1, 2, 3)", "bool", "pure"),
    "distinct": ("distinct(E, S)", "bool", "pure"),
    "fans_counted": ("fans_counted", "int", "late"),
    "seat_flowers": ("seat_flowers", "int", "hand"),
    "discard_after_kong": ("discard_after_kong", "bool", "hand"),
    "discarder": ("discarder", "seat", "hand"),
    "left": ("left", "seat", "pure"),
    "opposite": ("opposite", "seat", "pure"),
    "right": ("right", "seat", "pure"),
    "nobody": ("nobody", "seat", "pure"),
}


def test_every_builtin_has_a_usage() -> None:
    assert set(USAGE) == set(REGISTRY)


# One case per builtin (its name is the id): every word of the language has its type and level checked.
@pytest.mark.parametrize("name", sorted(USAGE))
def test_builtin_type_and_level(name: str) -> None:
    text, typ, level = USAGE[name]
    b = REGISTRY[name]
    assert name in text
    assert type_of(text) == (typ, level)
    assert b.result == typ
    if b.constant or all(p in ("tile", "tile|set", "T", "...", "list[T]") for p in b.params):
        assert level == b.level


def test_a_set_argument_takes_the_reading_level_but_not_a_tile() -> None:
    assert type_of("suit(win_set)") == ("suit", "reading")
    assert type_of("rank(win_tile)") == ("int", "hand")


def bound(example: str) -> str:
    """A builtin's example with its free names bound: ``t`` to a tile kind, any other to a set."""
    node, diagnostics = parse(example)
    assert node is not None, diagnostics
    free = sorted({n.name for n in _walk(node) if isinstance(n, ast.Name) and n.name not in REGISTRY} - _bound_names(node))
    if not free:
        return example
    source = "tile_kinds" if free == ["t"] else "sets"
    return f"each {', '.join(free)} in {source} where {example}"


def _walk(node: ast.Node) -> list[ast.Node]:
    out = [node]
    for slot in node.__slots__:  # type: ignore[attr-defined]
        value = getattr(node, slot)
        for child in value if isinstance(value, tuple) else (value,):
            if isinstance(child, ast.Node):
                out.extend(_walk(child))
    return out


def _bound_names(node: ast.Node) -> set[str]:
    names = {n.var for n in _walk(node) if isinstance(n, ast.Quantifier)}
    return names | (set(node.names) if isinstance(node, ast.EachRule) else set())


# One case per builtin (its name is the id): every example docs/dsl.md shows must check.
@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_builtin_example_checks(name: str) -> None:
    """The examples shown in docs/dsl.md are valid predicates once their free names are bound."""
    result = checked(bound(REGISTRY[name].example))
    assert result.result in ("bool", "int", "each[set]", "each[tile]")


@pytest.mark.parametrize("text,typ", [
    ("1", "int"),  # a number literal
    ("5m", "tile"),  # a tile literal
    ("-flowers", "int"),  # negation (not of a constant: a count always below 0 is refused, P120)
    ("1 + 2 * 3", "int"),  # arithmetic
    ("1 < 2 < 3", "bool"),  # a chained comparison
    ("5m in tiles", "bool"),  # membership in a collection
    ("1m not in win_set", "bool"),  # membership in a set's tiles
    ("rank(win_tile) in (1, 9)", "bool"),  # membership in a tuple
    ("not self_drawn", "bool"),  # not
    ("self_drawn and last_tile or unique_wait", "bool"),  # and / or
    ("(1, 9)", "list[int]"),  # a tuple of numbers
    ("(5m,)", "list[tile]"),  # a one-item tuple
    ("(seat_wind, prevalent_wind)", "list[tile]"),  # a tuple of names
    ("(chow, pung)", "list[kind]"),  # a tuple of kinds
    ("all(s in sets: concealed(s))", "bool"),  # all
    ("any(t in win_set: t in terminals)", "bool"),  # any, over a set's tiles
    ("count(k in kongs)", "int"),  # count without a condition
    ("count(t in tiles: t in honours)", "int"),  # count with a condition
    ("min(s in sets: rank(s))", "int"),  # min
    ("max(x in (1, 5, 9): x * 2)", "int"),  # max over a tuple
])
def test_construct_types(text: str, typ: str) -> None:
    assert type_of(text)[0] == typ


@pytest.mark.parametrize("text,result", [
    ("self_drawn", "bool"),  # a yes/no rule
    ("count(s in sets: concealed(s))", "int"),  # a count rule
    ("size(chows) - 1", "int"),  # a count rule that may be negative
    ("each a in chows where rank(a) == 1", "each[set]"),  # an each rule over sets
    ("each t in tile_kinds where copies(t) == 4", "each[tile]"),  # an each rule over tiles
    ("each x in (1, 2) where x == 1", "each[int]"),  # an each rule over numbers
])
def test_rule_results(text: str, result: str) -> None:
    assert checked(text).result == result


def test_levels_take_the_latest_builtin() -> None:
    assert checked("rank(5m) == 5").level == "pure"
    assert checked("rank(5m) == 5 and self_drawn").level == "hand"
    assert checked("self_drawn and size(chows) == 4").level == "reading"
    assert checked("self_drawn and fans_counted == 0").level == "late"


def test_each_names_and_quantifier_variables_get_slots() -> None:
    result = checked("each a, b in chows where all(t in a: t in b) and any(t in b: t == 1m)")
    assert result.each_slots == [0, 1]
    assert result.n_slots == 4  # a, b and one slot per quantifier variable


def test_a_quantifier_variable_is_local_to_its_quantifier() -> None:
    checked("any(t in tiles: t == E) and any(t in tiles: t == C)")
    node, _ = parse("any(t in tiles: t == E) and t == C")
    assert node is not None
    _, diagnostics = check(node)
    assert [(d.code, d.column) for d in diagnostics] == [("P101", 29)]


def test_nested_quantifiers_see_outer_variables() -> None:
    checked("all(s in sets: any(t in s: t in terminals or rank(s) == 5))")


def test_an_unknown_value_reports_once() -> None:
    node, _ = parse("rank(q) == 1 and suit(q) == dots")
    assert node is not None
    _, diagnostics = check(node)
    assert [d.code for d in diagnostics] == ["P101", "P101"]


@pytest.mark.parametrize("text", [
    "all(s in sets: all(t in s: t in simples))",  # nested quantifiers
    "each a, b in tile_kinds where copies(a) == copies(b)",  # two names over the 34 kinds
    "all(a in tile_kinds: all(b in tile_kinds: all(s in sets: a == b or tile(s) == a)))",  # three nested loops
    "each a, b, c, d in sets where all(t in tiles: t in a or t in b or t in c or t in d)",  # four names and a loop
])
def test_cost_within_the_limit_is_accepted(text: str) -> None:
    checked(text)
