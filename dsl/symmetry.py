"""Whether an each rule's condition ignores the order of its names, read off its text: commutative
operands sorted, names swapped, and equalities chained through one name taken as one class of equal
values. The compiler then tries each group of items once instead of in every order."""
from __future__ import annotations

from itertools import pairwise

from . import ast


def conjuncts(node: ast.Node) -> list[ast.Node]:
    """The operands of a conjunction, nested ones flattened; the node itself otherwise."""
    if isinstance(node, ast.BoolOp) and node.op == "and":
        return [c for operand in node.operands for c in conjuncts(operand)]
    return [node]


COMMUTATIVE = {"and", "or", "==", "!=", "+", "*"}


def _canonical(node: ast.Node, rename: dict[str, str], equal: dict[str, str] | None = None) -> str:
    """A text of a node in which commutative operands are sorted and names are renamed, so that two
    conditions that differ only in the order of commutative operands read the same; a part that the
    conjunction around it makes ``equal`` to others (see ``_equal_classes``) reads as their class."""
    equal = equal or {}
    text = _form(node, rename, equal)
    return equal.get(text, text)


def _form(node: ast.Node, rename: dict[str, str], equal: dict[str, str]) -> str:
    if isinstance(node, ast.Name):
        return rename.get(node.name, node.name)
    if isinstance(node, (ast.IntLit, ast.TileLit)):
        return repr(node)
    if isinstance(node, ast.Call):
        args = [_canonical(a, rename, equal) for a in node.args]
        if node.name in ("same", "distinct"):
            args.sort()
        return f"{node.name}({', '.join(args)})"
    if isinstance(node, ast.BoolOp) and node.op == "and":
        return f"and({', '.join(sorted(_equal_classes(conjuncts(node), rename, equal)))})"
    if isinstance(node, ast.BoolOp):
        return f"{node.op}({', '.join(sorted(_canonical(o, rename, equal) for o in node.operands))})"
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and node.ops[0] in COMMUTATIVE:
        return f"{node.ops[0]}({', '.join(sorted(_canonical(o, rename, equal) for o in node.operands))})"
    if isinstance(node, ast.Arith) and node.op in COMMUTATIVE:
        return f"{node.op}({', '.join(sorted(_canonical(o, rename, equal) for o in (node.left, node.right)))})"
    parts = [type(node).__name__] + [_canonical(c, rename, equal) for c in ast.children(node)]
    for name in ("ops", "op", "word", "var"):
        if hasattr(node, name):
            parts.append(str(getattr(node, name)))
    return "(" + " ".join(parts) + ")"


def _equal_classes(conjuncts: list[ast.Node], rename: dict[str, str], equal: dict[str, str]) -> list[str]:
    """The texts of conjuncts, those of the form ``x == y`` joined into one ``same(...)`` per class of
    values they make equal: ``tile(b) == tile(a) and tile(c) == tile(a)`` reads as ``same(tile(a),
    tile(b), tile(c))``, whatever the order of the names (equality is an equivalence). In the other
    conjuncts a member of a class reads as the class (it has the class's value whenever the
    conjunction holds): ``rank(a) > 0 and rank(b) == rank(a)`` reads the same with a and b swapped, so
    each group of its names is tried once, not once per order."""
    others: list[ast.Node] = []
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x
    for c in conjuncts:
        if isinstance(c, ast.Compare) and c.ops == ("==",) and len(c.operands) == 2:
            left, right = (_canonical(o, rename, equal) for o in c.operands)
            parent.setdefault(left, left)
            parent.setdefault(right, right)
            parent[root(left)] = root(right)
        else:
            others.append(c)
    classes: dict[str, list[str]] = {}
    for x in parent:
        classes.setdefault(root(x), []).append(x)
    labels = [f"same({', '.join(sorted(members))})" for members in classes.values()]
    inner = {**equal, **{x: label for members, label in zip(classes.values(), labels) for x in members}}
    return [_canonical(c, rename, inner) for c in others] + labels


def symmetric(rule: ast.EachRule) -> bool:
    """Whether swapping any two of the rule's names leaves its condition the same."""
    base = _canonical(rule.cond, {})
    names = rule.names
    return all(_canonical(rule.cond, {a: b, b: a}) == base for a, b in pairwise(names))
