"""Readings of hand-picked hands: several splits, several shapes, and which set the winning tile completes."""
from __future__ import annotations

import pytest

from fanrules.core.notation import parse_hand
from fanrules.analysis.readings import ORPHANS, readings
from fanrules.core.blocks import Block, Kind, Reading, Shape, every_block, make_block
from fanrules.core.tiles import HONOURS, TILE_INDEX, Tile


def t(codes: str) -> tuple[Tile, ...]:
    """Tiles from space-separated codes."""
    return tuple(TILE_INDEX[c] for c in codes.split())


def layout(reading: Reading) -> tuple[str, tuple[str, ...]]:
    """The shape and the sorted blocks of a reading, e.g. ``("standard", ("123m", "456p", "EE", ...))``;
    declared sets show in brackets."""
    return reading.shape.value, tuple(sorted(str(b) for b in reading.blocks))


def layouts(text: str, **options: object) -> set[tuple[str, tuple[str, ...]]]:
    """The layouts of every reading of a hand string."""
    return {layout(r) for r in readings(parse_hand(text, **options))}  # type: ignore[arg-type]


def win_block(reading: Reading) -> Block:
    """The block that the winning tile completes."""
    assert reading.win_block is not None
    return reading.blocks[reading.win_block]


def test_three_pungs_or_three_chows() -> None:
    assert layouts("111222333m45pEE6p") == {
        ("standard", ("111m", "222m", "333m", "456p", "EE")),
        ("standard", ("123m", "123m", "123m", "456p", "EE")),
    }


def test_pungs_or_chows_flags() -> None:
    """The three pungs are concealed; the winning tile completes the chow 456p in both readings."""
    found = readings(parse_hand("111222333m45pEE6p"))
    assert len(found) == 2
    for r in found:
        assert all(b.concealed and not b.melded and not b.declared for b in r.blocks)
        assert str(win_block(r)) == "456p"


def test_seven_pairs_and_standard() -> None:
    assert layouts("2233445566778m8m") == {
        ("seven_pairs", ("22m", "33m", "44m", "55m", "66m", "77m", "88m")),
        ("standard", ("22m", "345m", "345m", "678m", "678m")),
        ("standard", ("234m", "234m", "55m", "678m", "678m")),
        ("standard", ("234m", "234m", "567m", "567m", "88m")),
    }


def test_seven_pairs_with_four_identical_tiles_is_two_pairs() -> None:
    found = readings(parse_hand("1111m3344p5566sEE"))
    assert [layout(r) for r in found] == [("seven_pairs", ("11m", "11m", "33p", "44p", "55s", "66s", "EE"))]
    assert str(win_block(found[0])) == "EE"


def test_thirteen_orphans() -> None:
    hand = parse_hand("19m19p19sESWNCFPP")
    found = readings(hand)
    assert len(found) == 1
    (r,) = found
    assert r.shape is Shape.THIRTEEN_ORPHANS
    assert r.knitted == ORPHANS and len(ORPHANS) == 13
    assert r.pairs == (Block(Kind.PAIR, TILE_INDEX["P"], True),)
    assert r.sets == () and r.win_block is None


def test_thirteen_orphans_on_the_pair_tile() -> None:
    (r,) = readings(parse_hand("19m19p19sESWNCFP1m"))
    assert r.shape is Shape.THIRTEEN_ORPHANS and str(r.pairs[0]) == "11m"


def test_lesser_honours_and_knitted() -> None:
    hand = parse_hand("147m258p36sESWNCF")
    (r,) = readings(hand)
    assert r.shape is Shape.HONOURS_AND_KNITTED
    assert r.knitted == t("1m 4m 7m 2p 5p 8p 3s 6s")
    assert r.sets == () and r.pairs == () and r.win_block is None
    assert len({*hand.concealed, hand.win_tile}) == 14


def test_honours_and_knitted_with_all_nine_knitted_tiles() -> None:
    (r,) = readings(parse_hand("147m258p369sESWNC"))
    assert r.shape is Shape.HONOURS_AND_KNITTED
    assert r.knitted == t("1m 4m 7m 2p 5p 8p 3s 6s 9s")


def test_greater_honours_and_knitted_has_all_seven_honours() -> None:
    hand = parse_hand("147m258pESWNCFP3s")
    (r,) = readings(hand)
    assert r.shape is Shape.HONOURS_AND_KNITTED
    assert r.knitted == t("1m 4m 7m 2p 5p 8p 3s")
    assert HONOURS <= {*hand.concealed, hand.win_tile}


@pytest.mark.parametrize(
    "text",
    [
        "147m147pESWNCFP3s",  # the same knitted ranks in two suits
        "147m258p369sESWNN",  # N twice
        "147m258p35sESWNCF",  # 3s and 5s do not knit
    ],
)
def test_not_honours_and_knitted(text: str) -> None:
    assert readings(parse_hand(text)) == []


def test_knitted_straight_with_concealed_set() -> None:
    (r,) = readings(parse_hand("147m258p369s12pEE3p"))
    assert r.shape is Shape.KNITTED_STRAIGHT
    assert r.knitted == t("1m 4m 7m 2p 5p 8p 3s 6s 9s")
    assert layout(r) == ("knitted_straight", ("123p", "EE"))
    assert str(win_block(r)) == "123p"


def test_knitted_straight_with_declared_set() -> None:
    (r,) = readings(parse_hand("[123p,1]147m258p369sEE"))
    assert layout(r) == ("knitted_straight", ("EE", "[123p]"))
    assert r.sets[0] == Block(Kind.CHOW, TILE_INDEX["1p"], concealed=False, melded=True, declared=True)
    assert str(win_block(r)) == "EE"


def test_knitted_straight_won_on_the_knitted_part() -> None:
    (r,) = readings(parse_hand("47m258p369s123pEE1m"))
    assert layout(r) == ("knitted_straight", ("123p", "EE"))
    assert r.win_block is None


def test_winning_tile_completing_different_chows() -> None:
    found = readings(parse_hand("12345m789m456pEE3m"))
    assert {layout(r) for r in found} == {("standard", ("123m", "345m", "456p", "789m", "EE"))}
    assert sorted(str(win_block(r)) for r in found) == ["123m", "345m"]


def test_winning_tile_completing_a_chow_or_the_pair() -> None:
    found = readings(parse_hand("1233m456p789sEEE3m"))
    assert {layout(r) for r in found} == {("standard", ("123m", "33m", "456p", "789s", "EEE"))}
    assert sorted(str(win_block(r)) for r in found) == ["123m", "33m"]


def pung_of(reading: Reading, code: str) -> Block:
    """The pung of ``code`` in a reading."""
    return next(b for b in reading.sets if b.kind is Kind.PUNG and b.tile == TILE_INDEX[code])


def test_pung_completed_by_a_discard_is_not_concealed() -> None:
    (r,) = readings(parse_hand("123m456p789sEE11s1s"))
    assert win_block(r) == pung_of(r, "1s")
    assert not pung_of(r, "1s").concealed
    assert not pung_of(r, "1s").melded


def test_pung_completed_by_a_self_drawn_tile_is_concealed() -> None:
    (r,) = readings(parse_hand("123m456p789sEE11s1s", self_drawn=True))
    assert win_block(r) == pung_of(r, "1s")
    assert pung_of(r, "1s").concealed


def test_pung_held_before_a_discard_win_stays_concealed() -> None:
    (r,) = readings(parse_hand("111s23m456p789sEE1m"))
    assert str(win_block(r)) == "123m"
    assert pung_of(r, "1s").concealed


def test_declared_sets_are_fixed_blocks() -> None:
    (r,) = readings(parse_hand("[567m,2][999s,3][8888p,2][SSSS]EE"))
    assert r.sets == (
        Block(Kind.CHOW, TILE_INDEX["5m"], concealed=False, melded=True, declared=True),
        Block(Kind.PUNG, TILE_INDEX["9s"], concealed=False, melded=True, declared=True),
        Block(Kind.KONG, TILE_INDEX["8p"], concealed=False, melded=True, declared=True),
        Block(Kind.KONG, TILE_INDEX["S"], concealed=True, melded=False, declared=True),
    )
    assert r.pairs == (Block(Kind.PAIR, TILE_INDEX["E"], True),)
    assert str(win_block(r)) == "EE"


@pytest.mark.parametrize("text", [
    "19m19p19sESWNCPP1m",  # thirteen orphans but for one tile
    "123m456p789sEEEW1m",  # four sets, no pair
    "[123m,1]456p789sEEEW1m",  # the same with a declared set
])
def test_no_reading(text: str) -> None:
    assert readings(parse_hand(text)) == []


def test_readings_are_distinct() -> None:
    found = readings(parse_hand("1112345678999m5m"))
    assert len(found) == len(set(found)) == 1
    assert layout(found[0]) == ("standard", ("111m", "234m", "55m", "678m", "999m"))


def test_make_block_is_the_block_of_its_fields() -> None:
    for block in every_block():
        made = make_block(block.kind, block.tile, block.concealed, block.melded, block.declared)
        assert made == block and hash(made) == hash(block) and repr(made) == repr(block)
        assert (made.tiles, made.code) == (block.tiles, block.code)


@pytest.mark.slow  # every corpus hand read
def test_a_built_scorer_has_made_every_block_the_corpus_readings_use() -> None:
    """The blocks of readings come from tables a scorer makes when it is built (``readings.prepare``:
    every concealed set and pair, every declared set of each kind and tile), not from the first hands
    that meet them: scoring the corpus's hands makes no new block."""
    import gc

    from importlib import import_module

    import fanrules
    from conftest import corpus_cases
    from fanrules.analysis import splits
    from fanrules.core.memo import Memo
    from fanrules.core.hand import HandError

    readings_module = import_module("fanrules.analysis.readings")
    waits = import_module("fanrules.analysis.waits")  # the module (fanrules.analysis.waits is the old function name)

    hands = []
    for case in corpus_cases("public.jsonl"):
        try:
            hands.append(fanrules.hand_from_record(case))
        except HandError:
            continue
    for module in (readings_module, splits, waits):  # every memo and table emptied, as in a fresh process
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
            elif isinstance(value, Memo):
                value.clear()
    scorer = fanrules.Scorer(fanrules.load_ruleset("mcr"))
    gc.collect()
    before = sum(type(o) is Block for o in gc.get_objects())
    declared = 0
    for hand in hands:
        declared += len(hand.melds)
        try:
            scorer.score(hand)
        except fanrules.HandError:
            continue
    gc.collect()
    assert declared > 1000 and sum(type(o) is Block for o in gc.get_objects()) == before
