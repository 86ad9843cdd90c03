"""Parsing predicates into the AST: every construct, every literal, positions, and every builtin's example."""
from __future__ import annotations

import pytest

from fanrules.dsl import REGISTRY, parse
from fanrules.dsl import ast
from fanrules.core.tiles import HONOUR_CODES, TILE_CODES, TILE_INDEX


def rule(text: str) -> ast.Node:
    node, diagnostics = parse(text)
    assert not diagnostics, "\n".join(d.format() for d in diagnostics)
    assert node is not None
    return node


def expr(text: str) -> ast.Node:
    node = rule(text)
    assert isinstance(node, ast.HandRule)
    return node.expr


def walk(node: ast.Node) -> list[ast.Node]:
    """Every node of a tree, depth first."""
    out = [node]
    for name in node.__slots__:  # type: ignore[attr-defined]
        value = getattr(node, name)
        children = value if isinstance(value, tuple) else (value,)
        for child in children:
            if isinstance(child, ast.Node):
                out.extend(walk(child))
    return out


def names_in(node: ast.Node) -> set[str]:
    return {n.name for n in walk(node) if isinstance(n, (ast.Name, ast.Call))}


P = ast.Pos


# One case per builtin (its name is the id): its documented example parses and uses it.
@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_builtin_example_parses_and_uses_it(name: str) -> None:
    assert name in names_in(rule(REGISTRY[name].example))


# One case per builtin (its name is the id): a constant parses as a name, a function as a call.
@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_builtin_parses_in_its_own_form(name: str) -> None:
    b = REGISTRY[name]
    node = expr(name if b.constant else f"{name}(x)")
    if b.constant:
        assert node == ast.Name(P(1, 1), name)
    else:
        assert node == ast.Call(P(1, 1), name, (ast.Name(P(1, len(name) + 2), "x"),))


# One case per tile code of the notation (the code is the id): each is a literal of the language.
@pytest.mark.parametrize("code", list(TILE_CODES))
def test_tile_literals(code: str) -> None:
    assert expr(code) == ast.TileLit(P(1, 1), TILE_INDEX[code], code)


# One case per honour: 1z..7z are the other spelling of E S W N C F P.
@pytest.mark.parametrize("number,honour", [(i + 1, h) for i, h in enumerate(HONOUR_CODES)])
def test_z_tile_literals_are_the_honours(number: int, honour: str) -> None:
    node = expr(f"{number}z")
    assert isinstance(node, ast.TileLit)
    assert node.tile == TILE_INDEX[honour]


def test_numbers() -> None:
    assert expr("0") == ast.IntLit(P(1, 1), 0)
    assert expr("42") == ast.IntLit(P(1, 1), 42)


def test_call_with_several_arguments_and_with_none() -> None:
    assert expr("same(1, 2, 3)") == ast.Call(P(1, 1), "same", (ast.IntLit(P(1, 6), 1), ast.IntLit(P(1, 9), 2), ast.IntLit(P(1, 12), 3)))
    assert expr("size()") == ast.Call(P(1, 1), "size", ())


def test_tuples() -> None:
    assert expr("(1, 9)") == ast.TupleLit(P(1, 1), (ast.IntLit(P(1, 2), 1), ast.IntLit(P(1, 5), 9)))
    assert expr("(5,)") == ast.TupleLit(P(1, 1), (ast.IntLit(P(1, 2), 5),))
    assert expr("(1, 2,)") == ast.TupleLit(P(1, 1), (ast.IntLit(P(1, 2), 1), ast.IntLit(P(1, 5), 2)))
    assert expr("()") == ast.TupleLit(P(1, 1), ())


def test_parentheses_group_without_a_node() -> None:
    assert expr("((7))") == ast.IntLit(P(1, 3), 7)


def test_arithmetic_precedence_and_left_associativity() -> None:
    node = expr("1 + 2 * 3")
    assert isinstance(node, ast.Arith) and node.op == "+" and node.op_pos == P(1, 3)
    assert isinstance(node.right, ast.Arith) and node.right.op == "*"
    node = expr("10 - 3 - 2")
    assert isinstance(node, ast.Arith) and node.op == "-" and node.op_pos == P(1, 8)
    assert isinstance(node.left, ast.Arith) and node.left.op == "-" and node.left.op_pos == P(1, 4)
    node = expr("(1 + 2) * 3")
    assert isinstance(node, ast.Arith) and node.op == "*" and isinstance(node.left, ast.Arith)


def test_unary_minus() -> None:
    assert expr("-3") == ast.Neg(P(1, 1), ast.IntLit(P(1, 2), 3))
    assert expr("- -3") == ast.Neg(P(1, 1), ast.Neg(P(1, 3), ast.IntLit(P(1, 4), 3)))
    node = expr("-2 * 3")
    assert isinstance(node, ast.Arith) and isinstance(node.left, ast.Neg)


def test_comparison_chain() -> None:
    node = expr("1 < 2 <= 3 == 3")
    assert isinstance(node, ast.Compare)
    assert node.ops == ("<", "<=", "==")
    assert node.op_pos == (P(1, 3), P(1, 7), P(1, 12))
    assert [o.value for o in node.operands] == [1, 2, 3, 3]  # type: ignore[attr-defined]


# One case per comparison operator of the grammar.
@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">=", "in", "not in"])
def test_every_comparison_operator(op: str) -> None:
    node = expr(f"a {op} b")
    assert isinstance(node, ast.Compare) and node.ops == (op,) and node.op_pos == (P(1, 3),)


def test_not_in_is_one_operator_and_not_is_a_prefix() -> None:
    assert expr("a not in b").ops == ("not in",)  # type: ignore[attr-defined]
    node = expr("not a in b")
    assert isinstance(node, ast.Not) and isinstance(node.operand, ast.Compare) and node.operand.ops == ("in",)


def test_boolean_operators_flatten_and_bind_in_order() -> None:
    node = expr("a and b and c")
    assert isinstance(node, ast.BoolOp) and node.op == "and" and len(node.operands) == 3
    node = expr("a or b and not c")
    assert isinstance(node, ast.BoolOp) and node.op == "or"
    right = node.operands[1]
    assert isinstance(right, ast.BoolOp) and right.op == "and" and isinstance(right.operands[1], ast.Not)
    node = expr("(a or b) and c")
    assert isinstance(node, ast.BoolOp) and node.op == "and" and isinstance(node.operands[0], ast.BoolOp)


def test_comparisons_bind_tighter_than_not() -> None:
    node = expr("not size(chows) == 4")
    assert isinstance(node, ast.Not) and isinstance(node.operand, ast.Compare)


# One case per quantifier word of the grammar.
@pytest.mark.parametrize("word", ["all", "any", "count", "min", "max"])
def test_quantifiers(word: str) -> None:
    node = expr(f"{word}(t in tiles: rank(t))")
    assert node == ast.Quantifier(P(1, 1), word, "t", P(1, len(word) + 2), ast.Name(P(1, len(word) + 7), "tiles"),
                                  ast.Call(P(1, len(word) + 14), "rank", (ast.Name(P(1, len(word) + 19), "t"),)))


def test_count_without_a_condition() -> None:
    node = expr("count(k in kongs)")
    assert isinstance(node, ast.Quantifier) and node.body is None


def test_quantifier_over_an_expression() -> None:
    node = expr("all(t in (1m, 9m): t in tiles)")
    assert isinstance(node, ast.Quantifier) and isinstance(node.source, ast.TupleLit)


# One to four names: every arity a fan binds (a single set up to four sets), with their positions.
@pytest.mark.parametrize("names", [["a"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"]])
def test_each_rules(names: list[str]) -> None:
    text = f"each {', '.join(names)} in chows where tile(a) == 1m"
    node = rule(text)
    assert isinstance(node, ast.EachRule)
    assert node.names == tuple(names)
    assert node.name_pos == tuple(P(1, 6 + 3 * i) for i in range(len(names)))
    assert node.source == ast.Name(P(1, 6 + 3 * len(names) + 2), "chows")
    assert isinstance(node.cond, ast.Compare)


def test_hand_rule_wraps_the_expression() -> None:
    assert rule("self_drawn") == ast.HandRule(P(1, 1), ast.Name(P(1, 1), "self_drawn"))


def test_keywords_inside_longer_names_are_names() -> None:
    assert expr("index") == ast.Name(P(1, 1), "index")
    assert expr("counter") == ast.Name(P(1, 1), "counter")


def test_positions_on_several_lines_and_comments_are_ignored() -> None:
    text = "# a pure straight\neach a, b, c in chows\n  where same(suit(a), suit(b), suit(c))  # one suit\n    and rank(a) == 1"
    node = rule(text)
    assert isinstance(node, ast.EachRule)
    assert node.pos == P(2, 1)
    assert node.name_pos == (P(2, 6), P(2, 9), P(2, 12))
    cond = node.cond
    assert isinstance(cond, ast.BoolOp)
    assert cond.operands[0].pos == P(3, 9)
    assert cond.operands[1].pos == P(4, 9)


def test_nodes_are_frozen() -> None:
    node = expr("1")
    with pytest.raises(AttributeError):
        node.value = 2  # type: ignore[misc]
