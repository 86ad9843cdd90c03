"""The loops of an each rule, as the compiler writes them (dsl/compiler.py): nested loops over the
items, each name's conditions tested as soon as it is bound. Like the compiler, they are put together
from fixed templates and the code of the condition's parts, never from rule text."""
from __future__ import annotations

import re

from . import ast
from .builtins import REGISTRY, Level


def loops(slots: list[int], stages: list[list[str]], views: dict[int, dict[str, tuple[str, str]]], ordered: bool,
           by_index: bool) -> list[str]:
    """The loops of an each rule, collecting its instances in ``found`` (as sorted index groups when
    not ``ordered``). ``views`` gives by slot the views to keep when its item is bound (their names
    and code). ``by_index``: the items are not bound at all (the views are all the loops read)."""
    k = len(slots)
    lines = ["found = []" if ordered else "found = set()"]
    indent = ""
    for depth, slot in enumerate(slots):
        start = f"i{depth - 1} + 1, " if depth and ordered else ""
        if k == 1 and not by_index:  # one name: the items themselves
            lines.append(f"{indent}for v{slot} in items:")
            indent += "    "
        else:
            lines.append(f"{indent}for i{depth} in range({start}n):")
            indent += "    "
            if depth and not ordered:
                lines.append(f"{indent}if {' or '.join(f'i{depth} == i{d}' for d in range(depth))}:")
                lines.append(f"{indent}    continue")
            if not by_index:
                lines.append(f"{indent}v{slot} = items[i{depth}]")
        test = " and ".join(stages[depth])
        now = {view: re.search(rf"\b{name}\b", test) is not None for view, (name, _) in views[slot].items()}
        lines += [f"{indent}{name} = {code}" for view, (name, code) in views[slot].items() if now[view]]
        if test:
            lines.append(f"{indent}if not ({test}):")
            lines.append(f"{indent}    continue")
        # The views read only deeper are worked out once the item passed its own test.
        lines += [f"{indent}{name} = {code}" for view, (name, code) in views[slot].items() if not now[view]]
    if not ordered:
        lines.append(f"{indent}found.add(tuple(sorted(({', '.join(f'i{d}' for d in range(k))},))))")
    elif by_index:
        lines.append(f"{indent}found.append(({', '.join(f'items[i{d}]' for d in range(k))},))")
    else:
        lines.append(f"{indent}found.append(({', '.join(f'v{slot}' for slot in slots)},))")
    return lines


def pairwise(node: ast.Node) -> list[ast.Node]:
    """A chain of comparisons as the comparisons of its neighbours (``a == b == c``: ``a == b``, ``b == c``),
    and ``distinct(a, b, c)`` as ``a != b``, ``a != c``, ``b != c``: the same test (on values that a pure
    builtin gives), in parts that an each rule tests as soon as their names are bound. (bench/callgrind_fused.py,
    memos empty: 182,138 instructions a hand before, 179,963 after.)"""
    if isinstance(node, ast.Compare) and len(node.ops) > 1:
        return [ast.Compare(node.pos, operands=node.operands[i:i + 2], ops=(op,), op_pos=(node.op_pos[i],))
                for i, op in enumerate(node.ops)]
    if isinstance(node, ast.Call) and node.name == "distinct" and REGISTRY[node.name].level is Level.PURE:
        args = node.args
        return [ast.Compare(node.pos, operands=(a, b), ops=("!=",), op_pos=(node.pos,)) for i, a in enumerate(args) for b in args[i + 1:]]
    return [node]
