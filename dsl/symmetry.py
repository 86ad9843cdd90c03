"""Whether an each rule's condition ignores the order of its names, read off its text: commutative
operands sorted, names swapped, and equalities chained through one name taken as one class of equal
values. The compiler then tries each group of items once instead of in every order."""
from __future__ import annotations

from . import ast


def conjuncts(node: ast.Node) -> list[ast.Node]:
    """The operands of a conjunction, nested ones flattened; the node itself otherwise."""
    if isinstance(node, ast.BoolOp) and node.op == "and":
        return [c for operand in node.operands for c in conjuncts(operand)]
    return [node]


COMMUTATIVE = {"and", "or", "==", "!=", "+", "*"}


def _canonical(node: ast.Node, rename: dict[str, str]) -> str:
    """A text of a node in which commutative operands are sorted and names are renamed, so that two
    conditions that differ only in the order of commutative operands read the same."""
    if isinstance(node, ast.Name):
        return rename.get(node.name, node.name)
    if isinstance(node, (ast.IntLit, ast.TileLit)):
        return repr(node)
    if isinstance(node, ast.Call):
        args = [_canonical(a, rename) for a in node.args]
        if node.name in ("same", "distinct"):
            args.sort()
        return f"{node.name}({', '.join(args)})"
    if isinstance(node, ast.BoolOp) and node.op == "and":
        return f"and({', '.join(sorted(_equal_classes(conjuncts(node), rename)))})"
    if isinstance(node, ast.BoolOp):
        return f"{node.op}({', '.join(sorted(_canonical(o, rename) for o in node.operands))})"
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and node.ops[0] in COMMUTATIVE:
        return f"{node.ops[0]}({', '.join(sorted(_canonical(o, rename) for o in node.operands))})"
    if isinstance(node, ast.Arith) and node.op in COMMUTATIVE:
        return f"{node.op}({', '.join(sorted(_canonical(o, rename) for o in (node.left, node.right)))})"
    parts = [type(node).__name__] + [_canonical(c, rename) for c in ast.children(node)]
    for name in ("ops", "op", "word", "var"):
        if hasattr(node, name):
            parts.append(str(getattr(node, name)))
    return "(" + " ".join(parts) + ")"


def _equal_classes(conjuncts: list[ast.Node], rename: dict[str, str]) -> list[str]:
    """The texts of conjuncts, those of the form ``x == y`` joined into one ``same(...)`` per class of
    values they make equal: ``tile(b) == tile(a) and tile(c) == tile(a)`` reads as ``same(tile(a),
    tile(b), tile(c))``, whatever the order of the names (equality is an equivalence)."""
    texts: list[str] = []
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent[x] != x:
            x = parent[x]
        return x
    for c in conjuncts:
        if isinstance(c, ast.Compare) and c.ops == ("==",) and len(c.operands) == 2:
            left, right = (_canonical(o, rename) for o in c.operands)
            parent.setdefault(left, left)
            parent.setdefault(right, right)
            parent[root(left)] = root(right)
        else:
            texts.append(_canonical(c, rename))
    classes: dict[str, list[str]] = {}
    for x in parent:
        classes.setdefault(root(x), []).append(x)
    return texts + [f"same({', '.join(sorted(members))})" for members in classes.values()]


def symmetric(rule: ast.EachRule) -> bool:
    """Whether swapping any two of the rule's names leaves its condition the same."""
    base = _canonical(rule.cond, {})
    names = rule.names
    for a, b in zip(names, names[1:]):
        if _canonical(rule.cond, {a: b, b: a}) != base:
            return False
    return True
