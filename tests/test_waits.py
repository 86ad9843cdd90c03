"""Waits of 13-tile hands of known shapes."""
from __future__ import annotations

import pytest

from fanrules.core.hand import Hand
from fanrules.core.notation import parse_hand
from fanrules.analysis.readings import readings
from fanrules.analysis.waits import waits_on_one_kind, winning_tiles
from fanrules.core.tiles import codes


def waits_of(text: str) -> str:
    """The waits of a 13-tile hand string (declared sets in brackets allowed), as codes."""
    hand = parse_hand(text, check=False)
    return codes(winning_tiles(hand.concealed + (hand.win_tile,), len(hand.melds)))


@pytest.mark.parametrize(
    "text, expected",
    [
        # nine gates: every tile of the suit
        ("1112345678999m", "1m 2m 3m 4m 5m 6m 7m 8m 9m"),
        # thirteen orphans: 13-way wait, or a single wait on the missing one
        ("19m19p19sESWNCFP", "1m 9m 1p 9p 1s 9s E S W N C F P"),
        ("19m19p19sESWNCPP", "F"),
        # edge, closed, single (RULINGS 2 examples included)
        ("12m789m456p123sEE", "3m"),
        ("1233m456p789sEEE", "3m"),
        ("13m789m456p123sEE", "2m"),
        ("4556m123p789sEEE", "5m"),
        ("123m456p789sEEE5s", "5s"),
        ("123m456p789s123sE", "E"),
        # two-sided and multi-sided waits: no unique wait
        ("23m789m456p123sEE", "1m 4m"),
        ("12345m789m456pEE", "3m 6m"),
        ("45567m123p789sEE", "3m 6m"),
        ("123m456p789sEE11s", "1s E"),
        ("2233445566778m", "2m 5m 8m"),
    ],
)
def test_concealed_shapes(text: str, expected: str) -> None:
    assert waits_of(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        # RULINGS 3: a kind whose four copies are all in the hand is still listed
        ("11223333m456pEE", "3m E"),
        ("1111m2233m456pEE", "1m 4m E"),
    ],
)
def test_fully_held_kind_is_still_a_wait(text: str, expected: str) -> None:
    assert waits_of(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("1122m3344p5566sE", "E"),  # seven pairs
        ("1111m3344p5566sE", "E"),  # seven pairs using four identical tiles
        ("147m258p36sESWNC", "9s F P"),  # honours and knitted tiles
        ("147m258pESWNCFP", "3s 6s 9s"),  # greater honours and knitted tiles
        ("147m258p369s23pEE", "1p 4p"),  # knitted straight, two-sided chow
        ("147m258p369s123pE", "E"),  # knitted straight, single wait
        ("47m258p369s123pEE", "1m"),  # knitted straight missing a knitted tile
    ],
)
def test_special_shapes(text: str, expected: str) -> None:
    assert waits_of(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("[123m,1][456p,2][789s,3][EEE]5s", "5s"),  # four declared sets: a single wait on the pair
        ("[111m,1][EEEE][999p,2]4556s", "5s"),  # three declared sets: a closed wait
        ("[EEE,1][SSS,2]1112345m", "2m 3m 5m 6m"),  # two declared sets, a many-sided wait
        ("[EEE,1]1112345678m", "2m 3m 5m 6m 8m 9m"),  # one declared set, a many-sided wait
        ("[SSSS][CCC,2]12m99p789s", "3m"),  # a concealed kong and an edge wait
        ("[123p,1]147m258p369sE", "E"),  # knitted straight with a declared set
        ("[123p,1]47m258p369sEE", "1m"),  # the same, missing a knitted tile
        ("[123m,1][456p,2][789s,3]EE55s", "5s E"),  # two pairs: either becomes a pung
    ],
)
def test_hands_with_declared_sets(text: str, expected: str) -> None:
    assert waits_of(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "1112345678999m",  # nine gates: nine waits
        "19m19p19sESWNCFP",  # thirteen orphans: thirteen waits
        "2233445566778m",  # seven pairs and standard readings together
        "147m258p36sESWNC",  # honours and knitted
        "147m258p369s23pEE",  # knitted straight
        "11223333m456pEE",  # a kind held four times (RULINGS 3)
        "[EEE,1][SSS,2]1112345m",  # declared sets
        "[123p,1]47m258p369sEE",  # knitted straight with a declared set
    ],
)
def test_waits_agree_with_readings(text: str) -> None:
    """A kind is a wait exactly when the hand completed with it has a reading."""
    hand = parse_hand(text, check=False)
    concealed = hand.concealed + (hand.win_tile,)
    completing = tuple(t for t in range(34) if readings(Hand(concealed, hand.melds, t)))
    assert winning_tiles(concealed, len(hand.melds)) == completing
    assert waits_on_one_kind(tuple(sorted(concealed)), len(hand.melds)) is (len(completing) == 1)


@pytest.mark.parametrize("text", ["1112345678999m", "123456789m1234p", "12345m789p123sEE", "123m456p789s11sEE", "[EEE,1][SSS,2]1113m",
                                  "[123p,1]47m258p369sE", "19m19p19sESWNCFP", "1133557799mESE", "147m258p36sESWNC", "123m456p789s123sE"])
def test_waits_on_one_kind_agrees_with_waits(text: str) -> None:
    """``waits_on_one_kind`` says whether ``waits`` finds exactly one kind: single waits (edge, closed, pair,
    a lone honour, a special shape one tile short) and several."""
    hand = parse_hand(text, check=False)
    concealed = tuple(sorted(hand.concealed + (hand.win_tile,)))
    assert waits_on_one_kind(concealed, len(hand.melds)) is (len(winning_tiles(concealed, len(hand.melds))) == 1)


def test_limit_stops_after_that_many_kinds() -> None:
    hand = parse_hand("1112345678999m", check=False)
    concealed = hand.concealed + (hand.win_tile,)
    assert codes(winning_tiles(concealed, 0, limit=2)) == "1m 2m"
    assert codes(winning_tiles(concealed, 0, limit=1)) == "1m"
