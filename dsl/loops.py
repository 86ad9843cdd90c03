"""The loops of an each rule, as the compiler writes them (dsl/compiler.py): nested loops over the
items, each name's conditions tested as soon as it is bound. Like the compiler, they are put together
from fixed templates and the code of the condition's parts, never from rule text."""
from __future__ import annotations

import re
from collections.abc import Callable, Container
from functools import lru_cache

from ..core.blocks import KINDS, Block, Kind
from . import ast
from .builtins import REGISTRY, Level
from .code import Code, Piece, Ref
from .compiled import NAMESPACE


def loops(slots: list[int], stages: list[list[str]], views: dict[int, dict[str, tuple[str, Piece]]], ordered: bool,
          by_index: bool, joins: list[tuple[int, Piece, str] | None] | None = None) -> list[Code]:
    """The loops of an each rule, collecting its instances in ``found`` (as sorted index groups when
    not ``ordered``: in a set, or ``by_index`` in a list, each as often as its orders pass, a set of
    them made once something is found, which spares a set to the many rules that find nothing). ``stages`` are the tests made when each name is bound; ``views`` gives by slot the
    views to keep when its item is bound (their names and code). ``by_index``: the items are not bound
    at all (the views are all the loops read), and a depth with a join (the position of a test
    ``view == value`` in its stage, the dict from the view's values to the indices of the
    items that have it, the code of the value) loops over the items that pass that test only, in the
    same order, rather than trying every item; a one-name rule's instance is then ``Ref("alone")``."""
    k = len(slots)
    lines = [Code("found = set()" if not (ordered or by_index) else "found = []")]
    indent = ""
    for depth, slot in enumerate(slots):
        join = joins[depth] if joins is not None else None
        tests = [t for i, t in enumerate(stages[depth]) if join is None or i != join[0]]
        if join is not None:
            lines.append(Code(f"{indent}for i{depth} in ", join[1], f".get({join[2]}, ()):"))
            indent += "    "
            if depth and ordered:
                lines += [Code(f"{indent}if i{depth} <= i{depth - 1}:"), Code(f"{indent}    continue")]
        elif k == 1 and not by_index:  # one name: the items themselves
            lines.append(Code(f"{indent}for v{slot} in items:"))
            indent += "    "
        else:
            start = f"i{depth - 1} + 1, " if depth and ordered else ""
            lines.append(Code(f"{indent}for i{depth} in range({start}n):"))
            indent += "    "
        if depth and not ordered and (join is not None or k > 1):
            lines.append(Code(f"{indent}if {' or '.join(f'i{depth} == i{d}' for d in range(depth))}:"))
            lines.append(Code(f"{indent}    continue"))
        if not by_index and not (k == 1 and join is None):
            lines.append(Code(f"{indent}v{slot} = items[i{depth}]"))
        test = " and ".join(tests)
        deeper = " ".join(t for stage in stages[depth + 1:] for t in stage)
        now = {view: _reads(test, name) for view, (name, _) in views[slot].items()}
        lines += [Code(f"{indent}{name} = ", code) for view, (name, code) in views[slot].items() if now[view]]
        if test:
            lines.append(Code(f"{indent}if not ({test}):"))
            lines.append(Code(f"{indent}    continue"))
        # The views read only deeper are worked out once the item passed its own test.
        lines += [Code(f"{indent}{name} = ", code) for view, (name, code) in views[slot].items() if not now[view] and _reads(deeper, name)]
    if not ordered:
        # Two indices in order by one comparison (no call of sorted for the common pair).
        group = "(i0, i1) if i0 < i1 else (i1, i0)" if k == 2 else f"tuple(sorted(({', '.join(f'i{d}' for d in range(k))},)))"
        lines.append(Code(f"{indent}found.{'append' if by_index else 'add'}({group})"))
    elif by_index and k == 1:
        lines.append(Code(indent, Ref("alone", 0)))
    elif by_index:
        lines.append(Code(f"{indent}found.append(({', '.join(f'items[i{d}]' for d in range(k))},))"))
    else:
        lines.append(Code(f"{indent}found.append(({', '.join(f'v{slot}' for slot in slots)},))"))
    return lines


def _reads(code: str, name: str) -> bool:
    """Whether generated code reads the variable ``name``."""
    return re.search(rf"\b{name}\b", code) is not None


def pairwise(node: ast.Node) -> list[ast.Node]:
    """A chain of comparisons as the comparisons of its neighbours (``a == b == c``: ``a == b``, ``b == c``),
    ``same(a, b, c)`` likewise, and ``distinct(a, b, c)`` as ``a != b``, ``a != c``, ``b != c``: the same
    test (on values that a pure builtin gives), in parts that an each rule tests as soon as their names
    are bound, so that a failing part stops the loops as early as it can."""
    if isinstance(node, ast.Compare) and len(node.ops) > 1:
        return [ast.Compare(node.pos, operands=node.operands[i:i + 2], ops=(op,), op_pos=(node.op_pos[i],))
                for i, op in enumerate(node.ops)]
    if isinstance(node, ast.Call) and node.name == "same" and REGISTRY[node.name].level is Level.PURE:
        return [ast.Compare(node.pos, operands=node.args[i:i + 2], ops=("==",), op_pos=(node.pos,)) for i in range(len(node.args) - 1)]
    if isinstance(node, ast.Call) and node.name == "distinct" and REGISTRY[node.name].level is Level.PURE:
        args = node.args
        return [ast.Compare(node.pos, operands=(a, b), ops=("!=",), op_pos=(node.pos,)) for i, a in enumerate(args) for b in args[i + 1:]]
    return [node]


@lru_cache(maxsize=256)
def spread(view: str) -> int:
    """How many values a view of a set (its code on a set ``x``) takes over the blocks of every kind and
    tile: a lookup by the view with the most values leaves the fewest items to try."""
    value = eval(compile(f"lambda x: {view}", "<view>", "eval"), dict(NAMESPACE))  # generated code only: see dsl/compiler.py
    return len({value(b) for b in kinds_and_tiles()})


@lru_cache(maxsize=1)
def kinds_and_tiles() -> tuple[Block, ...]:
    """A concealed block of each kind and tile (a tenth of every_block's, made at once: enough to
    compare views)."""
    return tuple(Block(kind=kind, tile=tile, concealed=True) for kind in KINDS for tile in range(34)
                 if kind is not Kind.CHOW or (tile < 27 and tile % 9 < 7))


def shared(slots: list[int], links: list[tuple[str, int, int]]) -> list[str]:
    """The views that ``links`` (a view and two slots whose items must have the same value of it)
    make equal for every slot."""
    out = []
    for view in dict.fromkeys(view for view, _, _ in links):
        reached, todo = {slots[0]}, [slots[0]]
        while todo:
            slot = todo.pop()
            for other in (b if a == slot else a for v, a, b in links if v == view and slot in (a, b)):
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
        if reached == set(slots):
            out.append(view)
    return out


def apart(links: list[tuple[str, int, int]], slots: list[int]) -> list[str]:
    """The views that ``links`` (a view and two slots whose items must differ in it) make differ for
    every two slots."""
    pairs = {(view, frozenset((a, b))) for view, a, b in links}
    return [view for view in dict.fromkeys(view for view, _, _ in links)
            if all((view, frozenset((a, b))) in pairs for i, a in enumerate(slots) for b in slots[i + 1:])]


def differs(node: ast.Node, slots: dict[int, int], bound: Container[int], view: Callable[[ast.Call], str]) -> list[tuple[str, int, int]]:
    """``[(view, a, b)]`` when ``node`` is ``view(a) != view(b)`` on two names of ``bound`` slots (the
    slots of names by their nodes' ids, the code of a view of an item ``x`` from its call), else []."""
    if not (isinstance(node, ast.Compare) and node.ops == ("!=",)):
        return []
    sides = [(view(o), slots[id(o.args[0])]) for o in node.operands if isinstance(o, ast.Call) and len(o.args) == 1
             and isinstance(o.args[0], ast.Name) and REGISTRY[o.name].level is Level.PURE and slots.get(id(o.args[0]), -1) in bound]
    if len(sides) != 2 or sides[0][0] != sides[1][0] or sides[0][1] == sides[1][1]:
        return []
    return [(sides[0][0], sides[0][1], sides[1][1])]
