"""What a keyed rule's instances need of the tiles of its collection, as tests on their bits (``BITS``:
bit t set when some item has tile t) that a fused memo makes before any loop (dsl/fused.py). The
tests are tabulated here once, by running the rule's own generated tests on a set of each tile (a keyed
rule reads its items through their tiles alone), never from rule text."""
from __future__ import annotations

from typing import Any

from .loops import _kinds_and_tiles

#: Tiles there are (bits of a collection's tiles; a pair of tiles is numbered ``a * TILES + b``).
TILES = 34
#: A test on a pair of names is written when it needs at most this many shifts of the bits.
MAX_SHIFTS = 4


def own_tiles(slot: int, tests: list[str], views: dict[str, tuple[str, str]], namespace: dict[str, Any]) -> frozenset[int] | None:
    """The tiles of the sets (of every kind) that pass ``tests``, the code of the tests of one name of
    a keyed rule (reading its item through ``views``, a view's name and code), run here on each; None
    if they fail on a value no hand holds."""
    lines = [f"def test(v{int(slot)}):", *(f"    {name} = {code}" for name, code in views.values()), f"    return {' and '.join(tests)}"]
    scope = dict(namespace)
    exec(compile("\n".join(lines) + "\n", "<own tests>", "exec"), scope)  # generated code only: see dsl/compiler.py
    test = scope["test"]
    try:
        return frozenset(b.tile for b in _kinds_and_tiles() if test(b))
    except (IndexError, KeyError, TypeError):
        return None


def pair_tiles(slots: tuple[int, int], tests: list[str], views: tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]]],
               namespace: dict[str, Any]) -> frozenset[int] | None:
    """The pairs of tiles ``a * TILES + b`` of two sets, bound to ``slots``, that pass ``tests`` (the
    tests reading those names and no other, as ``own_tiles``); None if they fail on a value no hand
    holds. One set of each tile stands for them all (the tests read their tiles only)."""
    a, b = (int(s) for s in slots)
    lines = ["def table(blocks):", "    out = []", f"    for v{a} in blocks:", *(f"        {name} = {code}" for name, code in views[0].values()),
             f"        for v{b} in blocks:", *(f"            {name} = {code}" for name, code in views[1].values()),
             f"            if {' and '.join(tests)}:", f"                out.append(v{a}.tile * {TILES} + v{b}.tile)", "    return out"]
    scope = dict(namespace)
    exec(compile("\n".join(lines) + "\n", "<pair tests>", "exec"), scope)  # generated code only: see dsl/compiler.py
    blocks = tuple({x.tile: x for x in reversed(_kinds_and_tiles())}.values())
    try:
        return frozenset(scope["table"](blocks))
    except (IndexError, KeyError, TypeError):
        return None


def shifts(pairs: frozenset[int]) -> dict[int, int]:
    """``pairs`` (of tiles a, b) by ``b - a``: for each shift, the bits of the tiles ``a``."""
    out: dict[int, int] = {}
    for pair in sorted(pairs):
        a, b = divmod(pair, TILES)
        out[b - a] = out.get(b - a, 0) | 1 << a
    return out


def shifted(bits: str, shift: int, mask: str) -> str:
    """The test that some tile of ``mask`` is in ``bits`` with the tile ``shift`` places on."""
    if shift == 0:
        return f"({bits} & {mask})"
    moved = f"({bits} >> {int(shift)})" if shift > 0 else f"({bits} << {int(-shift)})"
    return f"({bits} & {moved} & {mask})"
