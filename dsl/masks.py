"""What a keyed rule's instances need of the tiles of its collection, as tests on their bits (``Ref("bits")``:
bit t set when some item has tile t; ``Ref("excess")``: how many items share their tile with an earlier one)
that a fused memo makes before any loop (dsl/fused.py). The tests are tabulated here once, by running
the rule's own generated tests on a set of each tile (a keyed rule reads its items through their tiles
alone), never from rule text."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .code import Code, Piece, Ref, join
from .loops import kinds_and_tiles

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
        return frozenset(b.tile for b in kinds_and_tiles() if test(b))
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
    blocks = tuple({x.tile: x for x in reversed(kinds_and_tiles())}.values())
    try:
        return frozenset(scope["table"](blocks))
    except (IndexError, KeyError, TypeError):
        return None


#: A test on three names is written from at most this many triples of tiles.
MAX_TRIPLES = 2_000


def triple_tiles(slots: tuple[int, int, int], own: list[list[str]], pairs: list[list[str]], triples: list[str],
                 views: tuple[dict[str, tuple[str, str]], ...], namespace: dict[str, Any]) -> frozenset[int] | None:
    """The tiles of three sets, bound to ``slots``, that pass the tests reading those names and no other
    (``own`` by name, ``pairs`` of the first two, the first and the last, the last two, then
    ``triples``), in order: ``a * TILES * TILES + b * TILES + c`` for tiles a <= b <= c; None if the
    tests fail on a value no hand holds or pass on more than MAX_TRIPLES. One set of each tile stands
    for them all, as in ``pair_tiles``."""
    a, b, c = (f"v{int(s)}" for s in slots)

    def test(parts: list[str]) -> str:
        return " and ".join(parts) or "True"
    lines = ["def table(blocks):", "    out = set()", f"    for {a} in blocks:", *(f"        {name} = {code}" for name, code in views[0].values()),
             f"        if not ({test(own[0])}):", "            continue",
             f"        for {b} in blocks:", *(f"            {name} = {code}" for name, code in views[1].values()),
             f"            if not ({test(own[1] + pairs[0])}):", "                continue",
             f"            for {c} in blocks:", *(f"                {name} = {code}" for name, code in views[2].values()),
             f"                if {test(own[2] + pairs[1] + pairs[2] + triples)}:",
             f"                    out.add(tuple(sorted(({a}.tile, {b}.tile, {c}.tile))))", "    return out"]
    scope = dict(namespace)
    exec(compile("\n".join(lines) + "\n", "<triple tests>", "exec"), scope)  # generated code only: see dsl/compiler.py
    blocks = tuple({x.tile: x for x in reversed(kinds_and_tiles())}.values())
    try:
        found = scope["table"](blocks)
    except (IndexError, KeyError, TypeError):
        return None
    # A table of most triples would seldom skip (and the predicate cache keeps tables of at most 2,000).
    return frozenset((t0 * TILES + t1) * TILES + t2 for t0, t1, t2 in found) if len(found) <= MAX_TRIPLES else None


def shifts(pairs: frozenset[int]) -> dict[int, int]:
    """``pairs`` (of tiles a, b) by ``b - a``: for each shift, the bits of the tiles ``a``."""
    out: dict[int, int] = {}
    for pair in sorted(pairs):
        a, b = divmod(pair, TILES)
        out[b - a] = out.get(b - a, 0) | 1 << a
    return out


def shifted(bits: Piece, shift: int, mask: str) -> Code:
    """The test that some tile of ``mask`` is in ``bits`` with the tile ``shift`` places on."""
    if shift == 0:
        return Code("(", bits, f" & {mask})")
    moved = Code("(", bits, f" >> {int(shift)})" if shift > 0 else f" << {int(-shift)})")
    return Code("(", bits, " & ", moved, f" & {mask})")


#: A name's tiles are tested when they are at most this many (a test on most tiles would seldom skip).
FEW = 17


def tests(slots: list[int], own: list[list[str]], pairs: dict[tuple[int, int], list[str]], triples: list[str],
          views: dict[int, dict[str, tuple[str, str]]],
          namespace: dict[str, Any], table: Callable[[Callable[[], frozenset[int] | None]], frozenset[int] | None],
          constant: Callable[[Any], str], view: int) -> list[Code]:
    """The tests of an each rule's keyed body on the bits and the excess of view ``view`` (dsl/code.py): for each name
    whose ``own`` tests (by depth) pass on few tiles, some item has one of them, and when all the names
    have the same such tiles, enough items have one; for two names tested together (``pairs``, by
    depths), some two items' tiles pass, in a few shifts of the bits. ``table`` gives each table (made
    by the function it is given, or known from an earlier compilation) and ``constant`` names a value.
    Each test is a few bit operations that spare a rule's loops over a collection that cannot hold an
    instance."""
    bits, excess = Ref("bits", view), Ref("excess", view)
    out: list[Code] = []
    masks: list[int | None] = []
    for slot, code in zip(slots, own):
        tiles = table(lambda: own_tiles(slot, code, views[slot], namespace)) if code else None  # noqa: B023 - called at once
        masks.append(None if tiles is None else sum(1 << int(t) for t in tiles))
    for mask in dict.fromkeys(masks):  # names with the same tests (four winds) need one test
        if mask is not None and mask.bit_count() <= FEW:
            if len(slots) > 1 and masks == [mask] * len(slots):
                # As many items with one of these tiles: at most the tiles held and the items that repeat one.
                out.append(Code("((", bits, f" & {constant(mask)}).bit_count() + ", excess, f" >= {len(slots)})"))
            else:
                out.append(Code("(", bits, f" & {constant(mask)})"))
    seen: set[tuple[tuple[int, int], ...]] = set()
    fully: list[list[tuple[int, int]]] = []
    partly: list[list[tuple[int, int]]] = []
    for (a, b), code in sorted(pairs.items()):
        both = (slots[a], slots[b])
        found = table(lambda: pair_tiles(both, own[a] + own[b] + code, (views[both[0]], views[both[1]]), namespace))  # noqa: B023
        if found is None:
            continue
        # The shifts of most pairs, and for the others (from honours, say, that no chow has) only the
        # first tile: at most four shifts in all, past which a test costs more than the loops it spares.
        by_shift = shifts(found)
        main = sorted(by_shift, key=lambda shift: (-by_shift[shift].bit_count(), shift))[:MAX_SHIFTS]
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
        out.append(Code("(", join(" or ", [shifted(bits, shift, constant(mask)) for shift, mask in terms] or ["False"]), ")"))
    if len(slots) >= 3:
        first = (slots[0], slots[1], slots[2])
        found3 = table(lambda: triple_tiles(first, own[:3], [pairs.get((0, 1), []), pairs.get((0, 2), []), pairs.get((1, 2), [])], triples,
                                            (views[first[0]], views[first[1]], views[first[2]]), namespace))
        out += [] if found3 is None else chains(bits, found3, constant)
    return out


#: A test of three names is written when it needs at most this many terms.
MAX_CHAINS = 8


def chains(bits: Piece, found: frozenset[int], constant: Callable[[Any], str]) -> list[Code]:
    """The test that some three tiles of ``bits`` are one of the triples ``found`` (see ``triple_tiles``):
    the tiles of each triple one after the other at its two shifts, in a few terms (the triples of the
    other shifts by the tiles of one name); none when a main term holds two names on one tile (tested
    by the excess and the pairs).
    The rules of three names or more often ran their loops to find nothing in a first pass's misses:
    these tests refuse most of those runs in a few operations on bits, and leaving the triples of one
    shift to one name's tiles, the name's whose tiles the main triples hold the fewest of, refuses more."""
    by_shifts: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
    for triple in sorted(found):
        rest, t2 = divmod(triple, TILES)
        t0, t1 = divmod(rest, TILES)
        by_shifts.setdefault((t1 - t0, t2 - t0), []).append((t0, t1, t2))
    # The shifts of more than one triple (of most); the others by the tiles of one of their names.
    ranked = sorted(by_shifts, key=lambda key: (-len(by_shifts[key]), key))
    main = [key for key in ranked[:MAX_CHAINS] if len(by_shifts[key]) > 1] or ranked[:MAX_CHAINS]
    left = [t for key in ranked if key not in main for t in by_shifts[key]]
    if not main or any(0 in key for key in main):  # names on one tile: see the excess and the pairs
        return []
    terms = [join(" & ", [bits, *(Code("(", bits, f" >> {int(s)})") for s in sorted(set(key))), constant(sum({1 << t[0] for t in by_shifts[key]}))])
             for key in main]
    if left:
        # The name whose tiles there are the fewest of those the main triples hold, then the fewest.
        held = sum({1 << t for key in main for triple in by_shifts[key] for t in triple})
        masks = [sum({1 << t[j] for t in left}) for j in range(3)]
        terms.append(Code(bits, f" & {constant(min(masks, key=lambda mask: ((mask & held).bit_count(), mask.bit_count())))}"))
    return [Code("(", join(" or ", (Code("(", term, ")") for term in terms)), ")")]
