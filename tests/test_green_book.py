"""The green-book edition read from the Green Book's text (WMO, Mahjong Competition Rules, 2006): the four
hands whose fans it combines otherwise than mcr, its two false-Hu penalties (20 to each other player on a
wrong tile or with a wrong tile count, 10 under 8 points), and its dice (no effect on scores)."""
from __future__ import annotations

import random

import pytest

import fanrules
from fanrules.game import game_rules
from fanrules.game.wall import throw_dice
from fanrules.settlement import Session, SettlementError, penalty_changes
from fanrules.settlement.sheet import SheetError, read_sheet

#: (hand, self-drawn, total under green-book, total under mcr, the fan that makes the difference).
HANDS = [
    ("1133m5577p2299sEE", True, 28, 25, "不求人"),          # Fully Concealed with Seven Pairs (p15, p29)
    ("[PPPP][1111s][345m,1]6789p9p", False, 11, 9, "双暗杠"),  # Two Concealed Kongs 8 (p16, p37)
    ("[234s,1][666s,1]33888sFFF", True, 99, 93, "混一色"),   # All Green with Half Flush (p25)
    ("[111m,1][999s,1]999m111p1s1s", False, 71, 67, "双同刻"),  # All Terminals with Double Pung (p26)
]


@pytest.mark.parametrize(("hand", "self_drawn", "green", "mcr", "fan"), HANDS)
def test_the_green_book_combines_these_fans_and_mcr_does_not(hand: str, self_drawn: bool, green: int, mcr: int,
                                                            fan: str) -> None:
    under_green = fanrules.score(hand, rules="green-book", self_drawn=self_drawn)
    under_mcr = fanrules.score(hand, self_drawn=self_drawn)
    assert (under_green.total, under_mcr.total) == (green, mcr)
    assert fan in {c.fan.name_zh for c in under_green.fans}
    assert fan not in {c.fan.name_zh for c in under_mcr.fans} or fan == "双暗杠"


def test_two_concealed_kongs_is_worth_8_in_the_green_book_and_6_in_mcr() -> None:
    assert fanrules.load_ruleset("green-book").fan("双暗杠").points == 8
    assert fanrules.load_ruleset("mcr").fan("双暗杠").points == 6


def test_fully_concealed_takes_the_place_of_self_drawn_only_when_self_drawn() -> None:
    on_discard = fanrules.score("1133m5577p2299sEE", rules="green-book")
    assert on_discard.total == 24 and {c.fan.name_zh for c in on_discard.fans} == {"七对"}


# --- false Hu (3.11.6.6, p21; the EMA penalties overview) --------------------------------------------------

def test_a_false_hu_on_a_wrong_tile_costs_20_to_each_and_one_under_8_points_10() -> None:
    assert penalty_changes(2, "wrong_tile", "green-book") == (20, 20, -60, 20)
    assert penalty_changes(2, "false_win", "green-book") == (10, 10, -30, 10)
    with pytest.raises(SettlementError, match="has no penalty 'wrong_tile'"):
        penalty_changes(2, "wrong_tile", "mcr")  # mcr files a false win on a wrong tile as false_win, 10


def test_in_a_green_book_session_the_offender_pays_and_plays_on_without_the_right_to_win() -> None:
    session = Session("green-book", names=["Ann", "Bob", "Cid", "Dee"])
    with pytest.raises(SettlementError, match="has 6: record it as a false win"):
        session.win(0, 6, discarder=1)
    under = session.penalty(0, "false_win")
    wrong = session.penalty(3, "wrong_tile")
    assert (under.changes, wrong.changes) == ((-30, 10, 10, 10), (20, 20, 20, -60))
    assert session.hand_number == 0  # play goes on
    with pytest.raises(SettlementError, match="barred from winning"):
        session.win(3, 16, discarder=1)
    session.win(1, 16, discarder=2)
    assert [s.points for s in session.standings() if s.name == "Dee"] == [500 - 60 + 10 - 8]


def test_a_score_sheet_names_the_wrong_tile_penalty() -> None:
    session = read_sheet("N wrong-tile\nE false-win\nS wins 8 from W\n", "green-book")
    assert [e.changes for e in session.entries[:2]] == [(20, 20, 20, -60), (-30, 10, 10, 10)]
    with pytest.raises(SheetError, match="no penalty 'wrong-tile'"):
        read_sheet("N wrong-tile\n", "mcr")


# --- the dice (3.5.7.5, p10): two dice, thrown twice, counted on the dealer's wall -------------------------

def test_the_dice_are_two_thrown_twice_and_counted_on_the_dealers_wall() -> None:
    proc = game_rules("green-book").procedure
    assert (proc.dice_count, proc.dice_throws, proc.dice_wall) == (2, 2, "dealer")
    rng = random.Random(49)
    for _ in range(200):
        opening = throw_dice(rng, proc)
        assert opening.side == 0 and len(opening.throws) == 2 and all(2 <= s <= 12 for s in opening.throws)
        assert opening.counted == sum(opening.throws)
    mcr = game_rules("mcr").procedure
    assert (mcr.dice_count, mcr.dice_throws, mcr.dice_wall) == (3, 2, "pointed_seat")
