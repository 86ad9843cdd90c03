"""Regressions of the hostile review (issue 14), one test per finding: each failed before its fix."""
from __future__ import annotations

import fanrules
from fanrules.dsl import compile_predicate
from fanrules.dsl.cost import MAX_COUNT
from fanrules.scoring.facts import Facts

THIRTEEN_ORPHANS = "19m19p19sESWNCFP1m"


def _codes(text: str) -> list[str]:
    compiled, diagnostics = compile_predicate(text, use_cache=False)
    assert compiled is None
    return [d.code for d in diagnostics]


def test_a_count_predicate_larger_than_a_hand_is_refused() -> None:
    assert _codes("10000000") == ["P119"]
    assert _codes("1000000 * size(tiles)") == ["P119"]
    assert _codes("count(t in tile_kinds: copies(t) == 4) * 2") == ["P119"]
    assert _codes("-(0 - 40)") == ["P119"]


def test_counts_a_hand_can_hold_still_compile() -> None:
    for text in ("size(kongs)", "count(t in tile_kinds: copies(t) == 4)", f"{MAX_COUNT}", "max(x in (1, 5, 9): x * 2)"):
        compiled, diagnostics = compile_predicate(text, use_cache=False)
        assert compiled is not None, diagnostics


def test_the_cost_bound_holds_for_the_whole_predicate_not_each_path() -> None:
    term = "count(a in tiles: count(b in tiles: count(c in tiles: a == b and b == c) > 0) > 0) > 0"
    assert compile_predicate(term, use_cache=False)[0] is not None  # one such term is within the bound
    assert _codes(" or ".join([term] * 33)) == ["P114"]


def test_a_tabulated_condition_agrees_with_direct_evaluation_when_win_set_is_no_set() -> None:
    hand = fanrules.parse_hand(THIRTEEN_ORPHANS)
    reading = fanrules.readings(hand)[0]
    facts = Facts(hand).read(reading)
    for direct, tabulated in [
        ("kind(win_set) == no_set", "any(s in (win_set, win_set): kind(s) == no_set)"),
        ("rank(win_set) == 0", "any(s in (win_set, win_set): rank(s) == 0)"),
        ("any(t in win_set: rank(t) == 0 and suit(t) == suit(E))", "count(t in win_set: rank(t) == 0 and suit(t) == suit(E)) > 0"),
    ]:
        a, _ = compile_predicate(direct, use_cache=False)
        b, _ = compile_predicate(tabulated, use_cache=False)
        assert a is not None and b is not None
        assert bool(a.instances(facts)) == bool(b.instances(facts)), (direct, tabulated)
