"""Fused evaluation: keyed each rules remembered by their collection's tiles, tile tables, and the
facts that a reading shares with its hand."""
from __future__ import annotations

import re
from itertools import permutations
from typing import Any

import pytest
from conftest import corpus_cases

import fanrules
from fanrules.dsl import Compiled, compile_predicate
from fanrules.dsl import fused as fused_module
from fanrules.dsl.fused import fuse
from fanrules.scoring.facts import Facts
from fanrules.core.hand import Hand, HandError
from fanrules.core.blocks import every_block
from fanrules.core.tiles import RANK_OF, SUIT_OF
from fanrules.analysis.readings import readings


def compiled(text: str) -> Compiled:
    result, diagnostics = compile_predicate(text, use_cache=False)
    assert not diagnostics and result is not None
    return result


def reading_facts(text: str) -> Facts:
    """The facts of the first reading of a hand written in notation."""
    hand = fanrules.parse_hand(text)
    return Facts(hand).read(readings(hand)[0])


@pytest.mark.parametrize("text, keyed", [
    ("each a, b in chows where tile(a) == tile(b)", "chows"),  # two chows through their tiles
    ("each a, b, c in pungs where rank(a) > 0 and distinct(suit(a), suit(b), suit(c))", "pungs"),  # rank and suit are views of the tile
    ("each p in pungs where tile(p) in dragons", "pungs"),  # one name, a pure group
    ("each a, b in chows where tile(a) == tile(b) and concealed(a)", ""),  # reads more than the tile
    ("each p in pungs where tile(p) == seat_wind", ""),  # reads the context
    ("each a, b in pungs where tile(a) == tile(b) and any(p in pairs: tile(p) in dragons)", ""),  # another collection
    ("each a in chows where any(t in a: t == 5m)", ""),  # the tiles of the set, not its tile
    ("each t in kinds where copies(t) == 4", ""),  # not sets
])
def test_keyed_rules_read_their_items_only_through_tiles(text: str, keyed: str) -> None:
    record = compiled(text).record
    assert record is not None and record.keyed == keyed


CHOW_RULES = [
    "each a, b in chows where tile(a) == tile(b)",
    "each a, b in chows where suit(a) == suit(b) and rank(b) == rank(a) + 3",
    "each a, b, c in chows where rank(b) == rank(a) and rank(c) == rank(a) and distinct(suit(a), suit(b), suit(c))",
]


def separately(rules: list[Compiled], ids: list[int], facts: Facts) -> dict[int, list[tuple]]:
    """What each rule finds on its own, by id, for the rules that find something."""
    return {i: found for i, rule in zip(ids, rules) if (found := rule.instances(facts))}


def test_remembered_instances_are_the_items_of_the_facts_at_hand() -> None:
    rules, ids = [compiled(text) for text in CHOW_RULES], [10, 20, 30]
    evaluate = fuse(rules, ids=ids)
    first, second, other = (reading_facts(text) for text in ("123m123m456m123p55s", "123m123m456m123p55s", "123m123p123s456m55s"))
    assert dict(evaluate(first)) == separately(rules, ids, first) != {}
    found = dict(evaluate(second))  # the same tiles: answered from memory
    assert found == separately(rules, ids, second)
    for instances in found.values():
        for instance in instances:
            assert all(any(item is chow for chow in second.chows) for item in instance)
    assert dict(evaluate(other)) == separately(rules, ids, other) != {}


@pytest.mark.parametrize("text, operation", [
    ("all(t in tiles: rank(t) in (7, 8, 9))", "(not (f.tile_mask & K"),  # all over tiles: no kind held outside the table's bits
    ("any(t in tiles: t in terminals or t in honours)", "((f.tile_mask & K"),  # any over tiles: a kind held inside them
    ("all(t in kinds: suit(t) == dots)", "(not (f.tile_mask & K"),  # the kinds held are the tiles' kinds
    ("count(t in tiles: suit(t) == dots and rank(t) > 4) >= 3", "__contains__"),  # count over tiles
    ("all(s in sets_and_pairs: any(t in s: rank(t) == 5))", "issuperset(map(CODE"),  # all over sets, by block code
    ("count(p in pungs: concealed(p)) >= 2", "__contains__, map(CODE"),  # count over sets
    ("any(p in pairs: tile(p) in winds)", "isdisjoint(map(CODE"),  # any over sets
])
def test_conditions_on_an_item_alone_become_set_operations(text: str, operation: str) -> None:
    assert operation in compiled(text).source


#: Conditions on one item; each is also written with ``flowers >= 0``, which reads the hand and so
#: keeps it from being tabulated: both must agree on every reading of the corpus.
TABULATED = [
    "all(t in tiles: rank(t) in (2, 4, 6, 8))",
    "any(t in tiles: t in dragons or rank(t) == 9)",
    "all(t in kinds: suit(t) != bamboo)",
    "any(t in kinds: t in winds)",
    "count(t in tiles: t in terminals or suit(t) == bamboo)",
    "all(s in sets_and_pairs: any(t in s: t in terminals or t in honours))",
    "all(s in sets_and_pairs: any(t in s: rank(t) == 5))",
    "count(p in pungs: concealed(p))",
    "count(k in kongs: not concealed(k))",
    "all(s in sets: not melded(s))",
    "all(s in sets: not declared(s))",
    "count(c in chows: rank(c) == 1 or rank(c) == 7)",
    "any(p in pairs: tile(p) in dragons)",
    "count(s in sets_and_pairs: kind(s) == pung and rank(s) > 4 and size(sets) >= 0)",
]


@pytest.fixture(scope="module")
def corpus_hands() -> list[Hand]:
    """The complete hands of both corpora."""
    hands = []
    for case in corpus_cases("public.jsonl") + corpus_cases("rulebook.jsonl"):
        try:
            hand = fanrules.hand_from_record(case)
        except HandError:
            continue
        if readings(hand):
            hands.append(hand)
    return hands


# One case per tabulated condition of TABULATED (see there why each is listed).
@pytest.mark.parametrize("text", TABULATED)
def test_tabulated_conditions_agree_with_the_conditions_as_written(text: str, corpus_hands: list[Hand]) -> None:
    body = text[text.index(":") + 1 : text.rindex(")")]
    untabulated = text.replace(body, f" ({body.strip()}) and flowers >= 0")
    fast, slow = compiled(text), compiled(untabulated)
    assert any(form in fast.source for form in ("map(CODE", ".issuperset(", "__contains__", "tile_mask")) or "size(sets)" in text
    assert "CODE" not in slow.source
    for hand in corpus_hands:
        facts = Facts(hand)
        for reading in readings(hand):
            facts.read(reading)
            assert fast.instances(facts) == slow.instances(facts), (text, str(hand))


def test_conditions_reading_the_hand_are_not_tabulated() -> None:
    source = compiled("all(t in tiles: copies(t) >= 2)").source
    assert "issuperset" not in source and "copies" not in source and "f.counts" in source


@pytest.mark.parametrize("hand, text, expected", [
    ("789m789p789s99m789s", "all(t in tiles: rank(t) in (7, 8, 9))", 1),  # all: holds
    ("789m789p789s99m678s", "all(t in tiles: rank(t) in (7, 8, 9))", 0),  # all: one tile fails
    ("123m456p789sEEE55m", "any(t in tiles: t in terminals or t in honours)", 1),  # any: holds
    ("234m456p678s55m345s", "any(t in tiles: t in terminals or t in honours)", 0),  # any: no tile
    ("456p567p678p22m345s", "count(t in tiles: suit(t) == dots and rank(t) > 4)", 8),  # count: the number, not a yes
    ("345m456p567s55m555s", "all(s in sets_and_pairs: any(t in s: rank(t) == 5))", 1),  # all over sets: holds
    ("345m456p567s55m678s", "all(s in sets_and_pairs: any(t in s: rank(t) == 5))", 0),  # all over sets: one set fails
])
def test_tabulated_conditions_evaluate_as_written(hand: str, text: str, expected: int) -> None:
    assert len(compiled(text).instances(reading_facts(hand))) == expected


def test_facts_read_one_reading_after_another() -> None:
    hand = fanrules.parse_hand("12m345m55m789pEEE3m")  # 3m completes 123m, or 345m
    first, second = readings(hand)
    facts = Facts(hand)
    counts = facts.counts
    assert facts.read(first).win_set is first.sets[first.win_block]  # type: ignore[index]
    assert facts.read(second).win_set is second.sets[second.win_block] and facts.chows == second.sets[:3]  # type: ignore[index]
    assert facts.counts is counts  # the hand's facts stay


@pytest.mark.parametrize("text, guard", [
    ("count(k in kongs: concealed(k)) >= 2", ("kongs", 2)),  # >= n needs n
    ("self_drawn and count(p in pungs: concealed(p)) > 2", ("pungs", 3)),  # > n needs n + 1, inside an and
    ("count(c in chows: rank(c) == 1) == 2", ("chows", 2)),  # == n needs n
    ("count(k in kongs: concealed(k)) == 0", None),  # == 0 needs nothing
    ("count(k in kongs: concealed(k)) <= 2", None),  # <= n needs nothing
])
def test_a_count_implies_the_size_of_its_collection(text: str, guard: tuple[str, int] | None) -> None:
    implied = [(g.attr, g.value) for g in compiled(text).guards if g.implied]
    assert implied == ([guard] if guard else [])


def test_fused_hand_rules_test_implied_guards_first() -> None:
    rule = compiled("count(k in kongs: concealed(k)) >= 2")
    evaluate = fuse([rule])
    assert "len(f.kongs) >=" in evaluate.source  # type: ignore[attr-defined]
    assert evaluate(reading_facts("[2222m][3333p]123s55m789s")) == [(0, [()])]
    assert evaluate(reading_facts("[2222m]333p123s55m789s")) == []


def test_every_block_value_has_its_own_code() -> None:
    blocks = every_block()
    assert len({b.code for b in blocks}) == len(blocks) == len(set(blocks))
    hand = fanrules.parse_hand("[123m,1][5555p]345mEE9s9sE")
    assert {b.code for r in readings(hand) for b in r.sets + r.pairs} <= {b.code for b in blocks}


def test_a_full_memory_starts_afresh_and_answers_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fused_module, "MEMO_LIMIT", 2)
    rules, ids = [compiled(text) for text in CHOW_RULES], [10, 20, 30]
    evaluate = fuse(rules, ids=ids)
    hands = ["123m123m456m123p55s", "123m123p123s456m55s", "234m567m789s234p99s", "123m123m456m123p55s"]
    for text in hands * 2:
        facts = reading_facts(text)
        assert dict(evaluate(facts)) == separately(rules, ids, facts)
        (memo,) = evaluate.memos  # type: ignore[attr-defined]
        assert len(memo.known) <= 2


def test_a_memo_keeps_the_items_of_its_entries_alive() -> None:
    """An entry is keyed by the identities of its items: the memo holds every item it was made from (so
    that no other object can take one's identity), including those of an entry that found nothing, and
    lets them go with its entries."""
    rules = [compiled(text) for text in CHOW_RULES]
    evaluate = fuse(rules, ids=[10, 20, 30])
    (memo,) = evaluate.memos  # type: ignore[attr-defined]
    for text in ("123m123m456m123p55s", "123m789p456sEEE55s"):
        facts = reading_facts(text)
        assert dict(evaluate(facts)) == separately(rules, [10, 20, 30], facts)
        assert all(any(kept is item for kept in memo.kept) for item in facts.chows)
    assert () in memo.known.values()  # the second hand's chows match none of the rules: a shared empty entry
    memo.clear()
    assert not memo.known and not memo.kept


def test_the_instance_of_one_item_is_shared_by_the_entries_that_find_it() -> None:
    rule = compiled("each p in pungs where rank(p) in (7, 8)")
    evaluate = fuse([rule])
    first, second = reading_facts("777p888pCCCFFF99p"), reading_facts("777p123sCCCFFF99p")
    (_, found_first), = evaluate(first)
    (_, found_second), = evaluate(second)
    assert found_first == rule.instances(first) and found_second == rule.instances(second)
    assert found_first[0] is found_second[0]  # the 777p pung's instance, one object in both entries
    (memo,) = evaluate.memos  # type: ignore[attr-defined]
    memo.clear()
    assert not memo.alone


def test_fused_rules_keep_their_own_constants() -> None:
    """A hand rule and a keyed rule both have constants (named by their values, so that the fused
    function shares one namespace): each reads its own, whatever ids they have."""
    rules = [compiled("all(t in tiles: t in dragons or suit(t) == dots)"), compiled("each p in pungs where rank(p) in (7, 8)")]
    facts = reading_facts("777p888pCCCFFF99p")
    for ids in ([0, 1], [1, 0], [5, 0]):
        evaluate = fuse(rules, ids=ids)
        assert dict(evaluate(facts)) == separately(rules, ids, facts) and len(dict(evaluate(facts))) == 2


def _rank(s: object) -> int:
    return RANK_OF[s.tile]  # type: ignore[attr-defined]


def _suit(s: object) -> int:
    return SUIT_OF[s.tile]  # type: ignore[attr-defined]


#: Rules with chains and ``distinct``, and the same conditions in Python, on one order of the items.
CHAINED = [
    ("each a, b, c in pungs where rank(a) > 0 and distinct(suit(a), suit(b), suit(c)) and rank(a) == rank(b) == rank(c)",
     lambda a, b, c: _rank(a) > 0 and len({_suit(a), _suit(b), _suit(c)}) == 3 and _rank(a) == _rank(b) == _rank(c)),
    ("each a, b, c, d in chows where suit(a) == suit(b) == suit(c) == suit(d) and rank(b) - rank(a) == rank(c) - rank(b) == rank(d) - rank(c)",
     lambda a, b, c, d: _suit(a) == _suit(b) == _suit(c) == _suit(d) and _rank(b) - _rank(a) == _rank(c) - _rank(b) == _rank(d) - _rank(c)),
    ("each a, b, c in chows where same(suit(a), suit(b), suit(c)) and rank(b) == rank(a) + 1 and rank(c) == rank(b) + 1",
     lambda a, b, c: _suit(a) == _suit(b) == _suit(c) and _rank(b) == _rank(a) + 1 and _rank(c) == _rank(b) + 1),
]


@pytest.mark.parametrize("text, condition", CHAINED)
def test_chains_and_distinct_are_tested_in_parts_with_the_same_answers(text: str, condition: Any, corpus_hands: list[Hand]) -> None:
    rule = compiled(text)
    assert "len({" not in rule.source and " == a" in rule.source  # tested pairwise, on views kept per item
    evaluate = fuse([rule])
    assert ".get(" in evaluate.source  # type: ignore[attr-defined]  # the fused loops look items up by a view
    assert _agrees_with_brute_force(text, rule, evaluate, condition, corpus_hands) > 0


def _agrees_with_brute_force(text: str, rule: Any, evaluate: Any, condition: Any, corpus_hands: list[Hand]) -> int:
    """Assert that a rule's own function and its fused one find, in every reading of the corpus, the
    groups of its collection that ``condition`` (Python) accepts, found by trying every group; how many."""
    k, attr = rule.arity, text.split(" in ")[1].split()[0]
    found = 0
    for hand in corpus_hands:
        facts = Facts(hand)
        for reading in readings(hand):
            facts.read(reading)
            items = getattr(facts, attr)
            groups = sorted({tuple(sorted(p)) for p in permutations(range(len(items)), k) if condition(*(items[i] for i in p))})
            expected = [tuple(items[i] for i in g) for g in groups]
            assert rule.instances(facts) == expected and dict(evaluate(facts)).get(0, []) == expected
            found += len(expected)
    return found


def test_each_rules_over_tiles_with_equal_views_compile_and_find_their_groups() -> None:
    rule = compiled("each a, b in kinds where suit(a) == suit(b) and rank(b) == rank(a) + 1")
    facts = reading_facts("123m234m345p678p55s")
    expected = [(a, b) for a in facts.kinds for b in facts.kinds if a < b and SUIT_OF[a] == SUIT_OF[b] and RANK_OF[b] == RANK_OF[a] + 1]
    assert rule.instances(facts) == expected != []


def test_a_predicates_own_function_is_compiled_when_first_asked() -> None:
    rule = compiled("each a, b in chows where tile(a) == tile(b)")
    evaluate = fuse([rule])  # a keyed rule runs inside the fused function: its own is not needed
    facts = reading_facts("123m123m456m123p55s")
    assert "instances" not in vars(rule) and dict(evaluate(facts))[0]
    assert rule.instances(facts) == dict(evaluate(facts))[0] and "instances" in vars(rule)


def test_a_rule_whose_names_share_a_view_needs_as_many_items_with_one_value() -> None:
    rule = compiled("each a, b, c in chows where tile(b) == tile(a) and tile(c) == tile(a)")
    evaluate = fuse([rule])
    assert re.search(r"G\d+_\d+ = n \+ 1 - (len\(X|[BV])", evaluate.source) and re.search(r"\(G\d+_\d+ >= 3\):", evaluate.source)  # type: ignore[attr-defined]
    for text, found in (("123m123m123m456p55s", 1), ("123m123m456m456p55s", 0), ("123m123m123m123m55s", 4)):
        facts = reading_facts(text)
        assert len(dict(evaluate(facts)).get(0, [])) == found and rule.instances(facts) == dict(evaluate(facts)).get(0, [])


@pytest.mark.slow  # every triple of every table
def test_a_test_of_three_names_passes_on_every_triple_it_was_made_from() -> None:
    import random

    from fanrules.dsl.masks import TILES, chains
    rng = random.Random(20)
    written = 0
    for _ in range(200):
        found = frozenset(rng.sample(range(TILES ** 3), rng.randint(1, 40)))
        found = frozenset((t0 * TILES + t1) * TILES + t2 for t0, t1, t2 in (sorted(divmod(t // TILES, TILES) + (t % TILES,)) for t in found))
        names: dict[str, Any] = {}
        tests = chains("B", found, lambda value, names=names: (names.setdefault(f"K{len(names)}", value), f"K{len(names) - 1}")[1])
        written += len(tests)
        for triple in found:
            rest, t2 = divmod(triple, TILES)
            tiles = (*divmod(rest, TILES), t2)
            for extra in (0, 1 << rng.randrange(TILES)):
                bits = sum({1 << t for t in tiles}) | extra
                assert all(eval(test.text(), {**names, "B": bits}) for test in tests), (tiles, tests)  # noqa: S307 - generated by the test
    assert written > 100  # most random tables get a test


#: Rules whose names must differ in a view (every two, or not), and the same conditions in Python.
APART = [
    ("each a, b, c in pungs where distinct(suit(a), suit(b), suit(c))", True, lambda a, b, c: len({_suit(a), _suit(b), _suit(c)}) == 3),
    ("each a, b in chows where suit(a) != suit(b) and rank(a) == rank(b)", True, lambda a, b: _suit(a) != _suit(b) and _rank(a) == _rank(b)),
    ("each a, b, c in chows where suit(a) != suit(b) and suit(b) != suit(c)", False,
     lambda a, b, c: _suit(a) != _suit(b) and _suit(b) != _suit(c)),
]


@pytest.mark.parametrize("text, guarded, condition", APART)
def test_a_rule_whose_names_differ_in_a_view_needs_as_many_values_of_it(text: str, guarded: bool, condition: Any,
                                                                         corpus_hands: list[Hand]) -> None:
    rule = compiled(text)
    evaluate = fuse([rule])
    assert bool(re.search(rf"\(n \+ 1 - G\d+_\d+\) >= {rule.arity}", evaluate.source)) is guarded  # type: ignore[attr-defined]
    assert _agrees_with_brute_force(text, rule, evaluate, condition, corpus_hands) > 0
