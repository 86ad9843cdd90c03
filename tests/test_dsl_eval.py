"""Evaluation of compiled predicates: every builtin, every construct, each rules and counts."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from fanrules.dsl import REGISTRY, Compiled, compile_predicate
from fanrules.core.blocks import Block, Kind
from fanrules.core.tiles import TILE_INDEX, counts_of


def T(code: str) -> int:
    return TILE_INDEX[code]


@dataclass(frozen=True)
class Facts:
    """The facts of one reading, as builtins see them."""

    tiles: tuple[int, ...]
    counts: list[int]
    held: list[int]
    suits: tuple[int, ...]
    kinds: tuple[int, ...]
    tile_mask: int  # the kinds held as bits (bit t: tile t)
    win_tile: int
    unique_wait: bool
    self_drawn: bool
    last_copy: bool
    kong_related: bool
    last_tile: bool
    seat_wind: int
    prevalent_wind: int
    flowers: int
    flower_replacement: bool
    first_turn: bool
    discard_after_kong: bool
    discarder: str
    seat_flowers: int
    shape: str
    sets: tuple[Block, ...]
    chows: tuple[Block, ...]
    pungs: tuple[Block, ...]
    kongs: tuple[Block, ...]
    pairs: tuple[Block, ...]
    sets_and_pairs: tuple[Block, ...]
    knitted: tuple[int, ...]
    win_set: Block
    fans_counted: int


def facts(sets: tuple[Block, ...], pairs: tuple[Block, ...], win: str, win_set: Block, **context: object) -> Facts:
    """Facts of a standard reading made of ``sets`` and ``pairs``; ``context`` overrides the defaults."""
    tiles = tuple(sorted(t for b in sets + pairs for t in b.tiles))
    counts = counts_of(tiles)
    held = list(counts)
    held[T(win)] -= 1
    values: dict[str, object] = dict(
        unique_wait=False, self_drawn=False, last_copy=False, kong_related=False, last_tile=False,
        seat_wind=T("E"), prevalent_wind=T("E"), flowers=0, flower_replacement=False, first_turn=False, discard_after_kong=False,
        discarder="none", seat_flowers=0, shape="standard", knitted=(), fans_counted=0,
    )
    values.update(context)
    return Facts(
        tiles=tiles, counts=counts, held=held, suits=tuple(sorted({t // 9 for t in tiles if t < 27})),
        kinds=tuple(t for t in range(34) if counts[t]), tile_mask=sum(1 << t for t in range(34) if counts[t]), win_tile=T(win),
        sets=sets, chows=tuple(b for b in sets if b.kind is Kind.CHOW),
        pungs=tuple(b for b in sets if b.kind in (Kind.PUNG, Kind.KONG)), kongs=tuple(b for b in sets if b.kind is Kind.KONG),
        pairs=pairs, sets_and_pairs=sets + pairs, win_set=win_set, **values,  # type: ignore[arg-type]
    )


# Hand A: 123m (concealed), [456m] (claimed chow), EEE (concealed), [CCCC] (concealed kong), 5p5p, won on 5p.
A_123M = Block(Kind.CHOW, T("1m"), True)
A_456M = Block(Kind.CHOW, T("4m"), False, True, True)
A_EEE = Block(Kind.PUNG, T("E"), True)
A_CCCC = Block(Kind.KONG, T("C"), True, False, True)
A_PAIR = Block(Kind.PAIR, T("5p"), True)
HAND_A = facts((A_123M, A_456M, A_EEE, A_CCCC), (A_PAIR,), "5p", A_PAIR, unique_wait=True, self_drawn=True,
               seat_wind=T("E"), prevalent_wind=T("S"), flowers=2, fans_counted=3)

# Hand B: 123m 789m 456m 123p 9s9s (the chows out of order), won on 9m.
B_123M = Block(Kind.CHOW, T("1m"), True)
B_789M = Block(Kind.CHOW, T("7m"), True)
B_456M = Block(Kind.CHOW, T("4m"), True)
B_123P = Block(Kind.CHOW, T("1p"), True)
B_PAIR = Block(Kind.PAIR, T("9s"), True)
HAND_B = facts((B_123M, B_789M, B_456M, B_123P), (B_PAIR,), "9m", B_789M)

# Hand C: three identical chows 123m and 234p, pair 5s.
C_CHOWS = (Block(Kind.CHOW, T("1m"), True), Block(Kind.CHOW, T("1m"), True), Block(Kind.CHOW, T("1m"), True))
C_234P = Block(Kind.CHOW, T("2p"), True)
C_PAIR = Block(Kind.PAIR, T("5s"), True)
HAND_C = facts(C_CHOWS + (C_234P,), (C_PAIR,), "5s", C_PAIR)


def compiled(text: str) -> Compiled:
    result, diagnostics = compile_predicate(text)
    assert not diagnostics, "\n".join(d.format() for d in diagnostics)
    assert result is not None
    return result


def value(text: str, f: Facts = HAND_A) -> int:
    """How many times a hand rule counts: 1 or 0 for a yes/no question, the count for a count."""
    rule = compiled(text)
    assert not rule.is_each
    return len(rule.instances(f))


#: For every builtin, predicates that use it with their truth on HAND_A.
BUILTIN_CASES: dict[str, list[tuple[str, bool]]] = {
    "self_drawn": [("self_drawn", True), ("not self_drawn", False)],
    "last_copy": [("last_copy", False), ("not last_copy", True)],
    "kong_related": [("kong_related", False), ("self_drawn and not kong_related", True)],
    "last_tile": [("last_tile", False), ("last_tile or self_drawn", True)],
    "seat_wind": [("seat_wind == E", True), ("seat_wind == 1z", True), ("seat_wind == S", False)],
    "prevalent_wind": [("prevalent_wind == S", True), ("prevalent_wind == seat_wind", False)],
    "flowers": [("flowers == 2", True), ("flowers > 2", False)],
    "flower_replacement": [("flower_replacement", False), ("not flower_replacement", True)],
    "first_turn": [("first_turn", False), ("not first_turn and seat_wind == E", True)],
    "discard_after_kong": [("discard_after_kong", False), ("not discard_after_kong", True)],
    "seat_flowers": [("seat_flowers == 0", True), ("seat_flowers > 0", False)],
    "discarder": [("discarder == nobody", True), ("discarder == left", False)],
    "nobody": [("nobody == discarder", True)],
    "left": [("left == discarder", False), ("left != right", True)],
    "opposite": [("opposite == discarder", False)],
    "right": [("right == discarder", False)],
    "tiles": [("size(tiles) == 15", True), ("count(t in tiles: t == C) == 4", True), ("all(t in tiles: t in simples)", False)],
    "win_tile": [("win_tile == 5p", True), ("rank(win_tile) == 5 and suit(win_tile) == dots", True), ("win_tile == 5m", False)],
    "unique_wait": [("unique_wait", True), ("not unique_wait", False)],
    "copies": [("copies(C) == 4", True), ("copies(5p) == 2", True), ("copies(9s) == 0", True), ("copies(1m) == 2", False)],
    "held": [("held(5p) == 1", True), ("held(C) == 4", True), ("held(5p) == 2", False)],
    "suits": [("size(suits) == 2", True), ("characters in suits and dots in suits and bamboo not in suits", True)],
    "kinds": [("size(kinds) == 9", True), ("count(t in kinds: copies(t) == 4) == 1", True), ("1m in kinds and 9s not in kinds", True)],
    "tile_kinds": [("size(tile_kinds) == 34", True), ("count(t in tile_kinds: copies(t) == 4) == 1", True)],
    "terminals": [("size(terminals) == 6 and 1m in terminals and 9s in terminals", True), ("5m in terminals or E in terminals", False)],
    "honours": [("size(honours) == 7 and E in honours and P in honours", True), ("1m in honours", False)],
    "winds": [("size(winds) == 4 and N in winds and 4z in winds", True), ("C in winds", False)],
    "dragons": [("size(dragons) == 3 and F in dragons and 7z in dragons", True), ("E in dragons", False)],
    "simples": [("size(simples) == 21 and 2m in simples and 8s in simples", True), ("9p in simples", False)],
    "characters": [("suit(1m) == characters", True), ("suit(1p) == characters", False)],
    "dots": [("suit(win_tile) == dots", True), ("suit(9s) == dots", False)],
    "bamboo": [("suit(5s) == bamboo and bamboo != dots", True), ("suit(E) == bamboo", False)],
    "shape": [("shape == standard", True), ("shape == seven_pairs", False)],
    "standard": [("standard == shape", True)],
    "seven_pairs": [("seven_pairs != standard", True), ("shape == seven_pairs", False)],
    "thirteen_orphans": [("shape != thirteen_orphans", True)],
    "honours_and_knitted": [("shape == honours_and_knitted", False)],
    "knitted_straight": [("shape == knitted_straight", False), ("knitted_straight != honours_and_knitted", True)],
    "sets": [("size(sets) == 4", True), ("all(s in sets: kind(s) != pair)", True)],
    "chows": [("size(chows) == 2", True), ("all(c in chows: kind(c) == chow)", True)],
    "pungs": [("size(pungs) == 2", True), ("any(p in pungs: kind(p) == kong)", True)],
    "kongs": [("size(kongs) == 1 and all(k in kongs: tile(k) == C)", True)],
    "pairs": [("size(pairs) == 1 and all(p in pairs: tile(p) == 5p)", True)],
    "sets_and_pairs": [("size(sets_and_pairs) == 5", True), ("count(s in sets_and_pairs: kind(s) == pair) == 1", True)],
    "knitted": [("size(knitted) == 0", True), ("any(k in knitted: k in tiles)", False)],
    "win_set": [("kind(win_set) == pair and tile(win_set) == 5p", True), ("win_set in pairs", True), ("win_set in chows", False)],
    "chow": [("count(s in sets: kind(s) == chow) == 2", True)],
    "pung": [("count(s in sets: kind(s) == pung) == 1", True)],
    "kong": [("count(s in sets: kind(s) == kong) == 1", True)],
    "pair": [("kind(win_set) == pair", True)],
    "no_set": [("kind(win_set) != no_set", True), ("kind(win_set) == no_set", False)],
    "kind": [("kind(win_set) == pair", True), ("any(s in sets: kind(s) == kong)", True)],
    "tile": [("tile(win_set) == 5p", True), ("any(c in chows: tile(c) == 4m)", True), ("any(c in chows: tile(c) == 5m)", False)],
    "suit": [("suit(E) == suit(C) and suit(E) != suit(1m)", True), ("suit(win_set) == dots", True)],
    "rank": [("rank(9s) == 9 and rank(E) == 0", True), ("max(c in chows: rank(c)) == 4", True), ("rank(win_set) == 4", False)],
    "concealed": [("count(s in sets: concealed(s)) == 3", True), ("concealed(win_set)", True)],
    "melded": [("count(s in sets: melded(s)) == 1", True), ("melded(win_set)", False)],
    "declared": [("count(s in sets: declared(s)) == 2", True), ("all(k in kongs: declared(k) and not melded(k))", True)],
    "size": [("size((1, 2, 3)) == 3", True), ("size(chows) == 3", False)],
    "same": [("same(1, 1, 1)", True), ("same(suit(1m), suit(9m))", True), ("same(1, 1, 2)", False)],
    "distinct": [("distinct(1, 2, 3)", True), ("distinct(E, S, W, N)", True), ("distinct(1, 2, 1)", False)],
    "fans_counted": [("fans_counted == 3", True), ("fans_counted == 0", False)],
}


def test_every_builtin_has_evaluation_cases() -> None:
    assert set(BUILTIN_CASES) == set(REGISTRY)


# Every builtin, on a hand where it holds and (where it can) one where it does not: the id names the
# builtin and the predicate.
@pytest.mark.parametrize("name,text,expected", [pytest.param(n, t, e, id=f"{n}: {t}")
                                                for n, cases in BUILTIN_CASES.items() for t, e in cases])
def test_builtin(name: str, text: str, expected: bool) -> None:
    assert name in text
    assert value(text) == int(expected)


# Each case is one construct of the language (or one edge of it), grouped under a comment saying which.
@pytest.mark.parametrize("text,expected", [
    # and / or / not and their precedence: not binds tighter than and, and tighter than or
    ("self_drawn and unique_wait", 1),
    ("self_drawn and last_tile", 0),
    ("last_tile or unique_wait", 1),
    ("last_tile or last_copy", 0),
    ("not self_drawn or flowers == 2", 1),
    ("not (self_drawn or flowers == 2)", 0),
    ("last_tile and last_copy or self_drawn", 1),
    ("last_tile and (last_copy or self_drawn)", 0),
    ("not not self_drawn", 1),
    ("self_drawn and unique_wait and flowers == 2 and fans_counted == 3", 1),
    # comparisons, chained
    ("1 < 2 < 3", 1),
    ("1 < 3 < 2", 0),
    ("1 <= 1 == 1 != 2", 1),
    ("3 > 2 >= 2 > 1", 1),
    ("3 > 2 >= 3", 0),
    ("E != S", 1),
    # in / not in: tuples, groups, a set's tiles, collections of sets and suits
    ("rank(win_tile) in (1, 5, 9)", 1),
    ("rank(win_tile) not in (1, 5, 9)", 0),
    ("E in (seat_wind, prevalent_wind)", 1),
    ("W in (seat_wind, prevalent_wind)", 0),
    ("5 in (5,)", 1),
    ("2 in (1, 2,)", 1),
    ("5p in win_set", 1),
    ("6p not in win_set", 1),
    ("any(s in sets: 2m in s)", 1),
    ("suit(win_tile) in suits", 1),
    ("win_set not in sets", 1),
    # arithmetic and unary minus
    ("1 + 2 * 3 == 7", 1),
    ("(1 + 2) * 3 == 9", 1),
    ("10 - 3 - 2 == 5", 1),
    ("-3 + 5 == 2", 1),
    ("- -2 == 2", 1),
    ("-(2 * 3) == -6", 1),
    ("-rank(win_tile) == -5", 1),
    ("size(chows) * 2 + size(pungs) == 6", 1),
    # quantifiers over collections, tuples and a set's tiles; empty collections
    ("all(t in win_set: t == 5p)", 1),
    ("all(x in (1m, 2m, 3m): x in tiles)", 1),
    ("any(x in (7m, 8m): x in tiles)", 0),
    ("count(s in sets: concealed(s))", 3),
    ("count(k in kongs)", 1),
    ("min(s in sets: rank(s)) == 0", 1),
    ("max(s in sets_and_pairs: rank(s)) == 5", 1),
    ("max(k in knitted: rank(k)) == 0", 1),
    ("all(k in knitted: 1 == 2)", 1),
    ("any(k in knitted: 1 == 1)", 0),
    ("count(k in knitted) == 0", 1),
    ("all(s in sets: any(t in s: t in honours) or suit(s) == characters)", 1),
    ("any(t in tiles: t == E) and any(t in tiles: t == C)", 1),
    ("count(s in sets: any(t in s: t in terminals or t in honours))", 3),
    # comments and several lines
    ("# the hand was won by drawing\nself_drawn  # and nothing else\n", 1),
])
def test_construct(text: str, expected: int) -> None:
    assert value(text) == expected


@pytest.mark.parametrize("text,expected", [
    ("count(c in chows: suit(c) == characters)", 3),  # a count of sets
    ("count(t in tiles: t in terminals) - 2", 3),  # arithmetic on a count
    ("size(chows) * size(pairs)", 4),  # a product of sizes
    ("count(t in tiles: t in honours)", 0),  # zero: no instance
    ("1 - size(chows)", 0),  # negative: no instance either
])
def test_hand_rule_returns_a_count(text: str, expected: int) -> None:
    rule = compiled(text)
    assert (rule.is_each, rule.arity) == (False, 0)
    assert rule.instances(HAND_B) == [()] * expected


def test_yes_no_rule_counts_once() -> None:
    rule = compiled("self_drawn")
    assert rule.instances(HAND_A) == [()]
    assert rule.instances(HAND_B) == []


def instances(text: str, f: Facts) -> list[tuple]:
    rule = compiled(text)
    assert rule.is_each
    found = rule.instances(f)
    assert all(len(i) == rule.arity for i in found)
    return found


def groups(found: list[tuple]) -> set[frozenset]:
    """Instances as unordered groups (of distinct items)."""
    return {frozenset(i) for i in found}


def test_each_with_one_name() -> None:
    assert instances("each c in chows where suit(c) == characters", HAND_B) == [(B_123M,), (B_789M,), (B_456M,)]


def test_each_with_two_names_finds_each_unordered_pair_once() -> None:
    # the condition holds for (a, b) in one order only; each pair of chows is one instance
    found = instances("each a, b in chows where rank(b) == rank(a) + 3", HAND_B)
    assert len(found) == 3
    assert groups(found) == {frozenset({B_123M, B_456M}), frozenset({B_789M, B_456M}), frozenset({B_456M, B_123P})}


def test_each_over_identical_sets_counts_combinations_not_orders() -> None:
    # three identical chows make three pairs of chows, not six
    assert len(instances("each a, b in chows where tile(a) == tile(b)", HAND_C)) == 3
    assert len(instances("each a, b, c in chows where same(tile(a), tile(b), tile(c))", HAND_C)) == 1


def test_each_with_three_names_combination_fan() -> None:
    text = "each a, b, c in chows where same(suit(a), suit(b), suit(c)) and rank(a) == 1 and rank(b) == 4 and rank(c) == 7"
    found = instances(text, HAND_B)
    assert len(found) == 1
    assert groups(found) == {frozenset({B_123M, B_456M, B_789M})}
    assert instances(text, HAND_A) == []


def test_each_with_four_names() -> None:
    found = instances("each a, b, c, d in chows where distinct(tile(a), tile(b), tile(c), tile(d))", HAND_B)
    assert len(found) == 1
    assert groups(found) == {frozenset({B_123M, B_789M, B_456M, B_123P})}
    assert instances("each a, b, c, d in chows where distinct(tile(a), tile(b), tile(c), tile(d))", HAND_A) == []


def test_each_over_tiles_and_tuples() -> None:
    assert instances("each t in tile_kinds where copies(t) >= 2", HAND_B) == [(T("9s"),)]
    assert instances("each t in (1m, 9m, E) where copies(t) > 0", HAND_B) == [(T("1m"),), (T("9m"),)]
    assert groups(instances("each a, b in (1, 2, 3) where a + b == 4", HAND_B)) == {frozenset({1, 3})}


def test_each_finds_nothing_when_there_are_fewer_items_than_names() -> None:
    assert instances("each a, b, c in kongs where 1 == 1", HAND_A) == []


def test_compiled_levels() -> None:
    assert compiled("rank(5m) == 5").level == "pure"
    assert compiled("self_drawn").level == "hand"
    assert compiled("each a in chows where rank(a) == 1").level == "reading"
    assert compiled("fans_counted == 0 and self_drawn").level == "late"
