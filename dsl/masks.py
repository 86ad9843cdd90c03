"""What a keyed rule's instances need of the tiles of its collection, as tests on their bits (``BITS``:
bit t set when some item has tile t; ``EXCESS``: how many items share their tile with an earlier one)
that a fused memo makes before any loop (dsl/fused.py). The tests are tabulated here once, by running
the rule's own generated tests on a set of each tile (a keyed rule reads its items through their tiles
alone), never from rule text."""
from __future__ import annotations

from collections.abc import Callable
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


#: A name's tiles are tested when they are at most this many (a test on most tiles would seldom skip).
FEW = 17


def tests(slots: list[int], own: list[list[str]], pairs: dict[tuple[int, int], list[str]], views: dict[int, dict[str, tuple[str, str]]],
          namespace: dict[str, Any], table: Callable[[Callable[[], frozenset[int] | None]], frozenset[int] | None],
          constant: Callable[[Any], str], view: int) -> list[str]:
    """The tests of an each rule's keyed body on ``BITS{view}`` and ``EXCESS{view}``: for each name
    whose ``own`` tests (by depth) pass on few tiles, some item has one of them, and when all the names
    have the same such tiles, enough items have one; for two names tested together (``pairs``, by
    depths), some two items' tiles pass, in a few shifts of the bits. ``table`` gives each table (made
    by the function it is given, or known from an earlier compilation) and ``constant`` names a value.
    (bench/callgrind_fused.py, memos empty: a name's tiles, 122,525 -> 117,812 instructions a hand;
    and pairs, 114,918; and the count, 107,643 -> 108,324, as garbage collections fall: with them
    off, 105,434 -> 104,199.)"""
    bits, excess = f"BITS{int(view)}", f"EXCESS{int(view)}"
    out: list[str] = []
    masks: list[int | None] = []
    for slot, code in zip(slots, own):
        tiles = table(lambda: own_tiles(slot, code, views[slot], namespace)) if code else None  # noqa: B023 - called at once
        masks.append(None if tiles is None else sum(1 << int(t) for t in tiles))
    for mask in dict.fromkeys(masks):  # names with the same tests (four winds) need one test
        if mask is not None and mask.bit_count() <= FEW:
            if len(slots) > 1 and masks == [mask] * len(slots):
                # As many items with one of these tiles: at most the tiles held and the items that repeat one.
                out.append(f"(({bits} & {constant(mask)}).bit_count() + {excess} >= {len(slots)})")
            else:
                out.append(f"({bits} & {constant(mask)})")
    seen: set[tuple[tuple[int, int], ...]] = set()
    fully: list[list[tuple[int, int]]] = []
    partly: list[list[tuple[int, int]]] = []
    for (a, b), code in sorted(pairs.items()):
        both = (slots[a], slots[b])
        found = table(lambda: pair_tiles(both, own[a] + own[b] + code, (views[both[0]], views[both[1]]), namespace))  # noqa: B023
        if found is None:
            continue
        # The shifts of most pairs, and for the others (from honours, say, that no chow has) only the
        # first tile (bench/callgrind_fused.py with gc off, memos empty: at most four shifts in all,
        # 104,199 -> 103,815 instructions a hand; with gc on, 108,324 -> 107,926).
        by_shift = shifts(found)
        main = sorted(by_shift, key=lambda shift: (-by_shift[shift].bit_count(), shift))[:MAX_SHIFTS]  # noqa: B023
        rest = 0
        for shift in set(by_shift) - set(main):
            rest |= by_shift[shift]
        terms = [(shift, mask) for shift, mask in by_shift.items() if shift in main] + ([(0, rest)] if rest else [])
        # Not when a test would pass on most tiles (tile(b) == tile(a), or most pairs left to the first tile).
        if all(mask.bit_count() <= FEW for shift, mask in terms if shift == 0) and tuple(terms) not in seen:
            seen.add(tuple(terms))
            (partly if rest else fully).append(terms)
    # A test that leaves pairs to their first tile only when no test of all the pairs is made, and one.
    for terms in fully or partly[:1]:
        out.append("(" + " or ".join([shifted(bits, shift, constant(mask)) for shift, mask in terms] or ["False"]) + ")")
    return out
