"""Payments, penalties, draws and ranking points under mcr's settlement (the 1998 competition rules'
figures; book pages in brackets) and under variants written in YAML only."""
from __future__ import annotations

import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

import fanrules
from fanrules.settlement import (RankingTerms, SettlementError, Standing, competition, draw_changes, penalty_changes,
                                 ranking_points, terms)

FIXTURES = Path(__file__).parent / "fixtures" / "settlement"


def variant(tmp_path: Path, settlement: str, name: str = "v") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "ruleset.yaml").write_text(f"name: {name}\nextends: mcr\nsettlement:\n" + textwrap.indent(textwrap.dedent(settlement), "  "),
                                         encoding="utf-8")
    return folder


# --- wins [p28]: base 8; discard: discarder 8 + points, the other two 8; self-draw: each 8 + points ---

def test_a_discard_win_the_discarder_pays_base_and_points_the_others_the_base() -> None:
    assert fanrules.settle(24, winner=0, discarder=1) == (48, -32, -8, -8)
    assert fanrules.settle(8, winner=3, discarder=0) == (-16, -8, -8, 32)


def test_a_self_drawn_win_each_other_player_pays_base_and_points() -> None:
    assert fanrules.settle(24, winner=0) == (96, -32, -32, -32)
    assert fanrules.settle(8, winner=2, discarder=None) == (-16, -16, 48, -16)


def test_flowers_are_paid_but_do_not_count_toward_the_minimum() -> None:
    # 1 point a flower, counted only after a legal win [p14, p27]
    assert fanrules.settle(12, winner=2, discarder=3, flowers=2) == (-8, -8, 38, -22)
    assert fanrules.settle(8, winner=2, flowers=3) == (-19, -19, 57, -19)
    with pytest.raises(SettlementError, match=r"at least 8 points \(flowers do not count toward it\); this hand has 6"):
        fanrules.settle(6, winner=0, discarder=1, flowers=2)


def test_a_scored_hand_pays_its_points_with_its_flowers() -> None:
    result = fanrules.score("[CCC,1]FFFPPP999s5m5m", self_drawn=True, flowers=2)
    assert (result.total, result.total_with_flowers) == (114, 116)
    assert fanrules.settle(result, winner=1) == (-124, 372, -124, -124)
    with pytest.raises(SettlementError, match="carries its own flowers"):
        fanrules.settle(result, winner=1, flowers=2)
    with pytest.raises(SettlementError, match="scored as won self-drawn: give no discarder"):
        fanrules.settle(result, winner=1, discarder=0)
    on_discard = fanrules.score("[CCC,1]FFFPPP999s5m5m")
    assert fanrules.settle(on_discard, winner=1, discarder=0) == (-121, 137, -8, -8)
    with pytest.raises(SettlementError, match="scored as won on a discard: give the discarder"):
        fanrules.settle(on_discard, winner=1)


def test_a_scored_hand_under_the_minimum_is_no_win() -> None:
    result = fanrules.score("[WWW,1]NNN111m123s5p5p")
    assert result.total == 6
    with pytest.raises(SettlementError, match="record it as a false win"):
        fanrules.settle(result, winner=0, discarder=2)


def test_flowers_toward_the_minimum_is_data(tmp_path: Path) -> None:
    # Botzone checks the total with flowers against 8 (judge/main.cpp)
    rules = variant(tmp_path, "flowers: {toward_minimum: true}\n")
    assert fanrules.settle(6, winner=0, discarder=1, flowers=2, rules=str(rules)) == (32, -16, -8, -8)
    unpaid = variant(tmp_path, "flowers: {toward_payment: false}\n", "unpaid")
    assert fanrules.settle(8, winner=0, flowers=4, rules=str(unpaid)) == (48, -16, -16, -16)


def test_a_rule_set_without_flower_points_pays_nothing_for_flowers() -> None:
    # casual disables 花牌 and has no minimum; it inherits mcr's settlement
    assert fanrules.settle(3, winner=0, flowers=4, rules="casual") == (33, -11, -11, -11)


def test_the_discarder_pays_all_scheme_is_data() -> None:
    rules = str(FIXTURES / "discarder_pays_all")
    assert fanrules.settle(24, winner=0, discarder=1, rules=rules) == (48, -48, 0, 0)
    assert fanrules.settle(24, winner=0, rules=rules) == (96, -32, -32, -32)


# Each case is one bad argument to settle or penalty_changes; its expected words say which.
@pytest.mark.parametrize("call, words", [
    (lambda: fanrules.settle(24, winner=1, discarder=1), "cannot be the discarder"),
    (lambda: fanrules.settle(24, winner=4), "winner must be a player index 0..3"),
    (lambda: fanrules.settle(24, winner=0, discarder="S"), "discarder must be a player index"),
    (lambda: fanrules.settle(-8, winner=0), "whole number 0..10000"),
    (lambda: fanrules.settle(8, winner=0, flowers=9), "flowers must be a number 0..8"),
    (lambda: penalty_changes(0, "late"), "has no penalty 'late' (its penalties: false_win, not_ready, false_meld, late_10, late_15)"),
])
def test_bad_settlements_get_one_line(call, words: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SettlementError) as caught:
        call()
    assert words in str(caught.value) and "\n" not in str(caught.value)


# --- penalties [p32-35] ---

def test_a_false_win_pays_each_other_player_10() -> None:
    assert penalty_changes(3, "false_win") == (10, 10, 10, -30)
    assert penalty_changes(3, "false-win") == (10, 10, 10, -30)


def test_a_win_declared_when_not_ready_pays_each_other_player_20() -> None:
    assert penalty_changes(1, "not_ready") == (20, -60, 20, 20)


def test_lateness_costs_10_then_20_and_nobody_receives_it() -> None:
    assert penalty_changes(0, "late_10") == (-10, 0, 0, 0)
    assert penalty_changes(2, "late_15") == (0, 0, -20, 0)


def test_penalties_are_data(tmp_path: Path) -> None:
    rules = variant(tmp_path, "penalties:\n  invalid_action: {points: 10, to: each_other, ends_hand: true}\n")
    # Botzone: any invalid action, the offender -30, each other player +10
    assert penalty_changes(2, "invalid-action", str(rules)) == (10, 10, -30, 10)
    assert terms(str(rules)).penalty("invalid_action").ends_hand is True
    assert terms(str(rules)).penalty("false_win").points == 10  # inherited key by key


# --- the exhaustive draw ---

def test_an_exhaustive_draw_pays_nothing() -> None:
    # no payment for a draw in the 1998 figures; Botzone, which follows them, pays nothing
    assert draw_changes() == (0, 0, 0, 0)
    assert draw_changes([0, 2]) == (0, 0, 0, 0)


def test_a_draw_that_pays_the_ready_players_is_data(tmp_path: Path) -> None:
    rules = str(variant(tmp_path, "draw: {not_ready_pays_each_ready: 2}\n"))
    assert draw_changes([0], rules) == (6, -2, -2, -2)
    assert draw_changes([0, 1], rules) == (4, 4, -4, -4)
    assert draw_changes([0, 1, 2, 3], rules) == draw_changes([], rules) == (0, 0, 0, 0)


# --- ranking points within a table [p30]: 4/2/1/0, tied players share the places they cover ---

MCR = RankingTerms((4, 2, 1, 0), "share", ())


def test_ranking_points_without_ties_are_4_2_1_0() -> None:
    assert ranking_points([510, 560, 430, 500], MCR) == ([2, 1, 4, 3], [2, 4, 0, 1])
    assert terms("mcr").ranking == RankingTerms((4, 2, 1, 0), "share", ("match_points", "best_ranking", "high_rankings"))


@pytest.mark.parametrize("scores, places, shares", [
    ([600, 600, 450, 350], [1, 1, 3, 4], ["3", "3", "1", "0"]),          # two tied first: (4+2)/2
    ([600, 500, 500, 400], [1, 2, 2, 4], ["4", "3/2", "3/2", "0"]),      # two tied second: (2+1)/2
    ([600, 550, 425, 425], [1, 2, 3, 3], ["4", "2", "1/2", "1/2"]),      # two tied last: (1+0)/2
    ([520, 520, 520, 440], [1, 1, 1, 4], ["7/3"] * 3 + ["0"]),           # three tied first: 2.33 each
    ([680, 440, 440, 440], [1, 2, 2, 2], ["4", "1", "1", "1"]),          # three tied second: (2+1+0)/3
    ([500, 500, 500, 500], [1, 1, 1, 1], ["7/4"] * 4),                   # four-way tie: 1.75 each
])
def test_tied_players_share_the_points_of_the_places_they_cover(scores: list[int], places: list[int], shares: list[str]) -> None:
    got_places, got = ranking_points(scores, MCR)
    assert got_places == places and got == [Fraction(s) for s in shares]
    assert sum(got) == 7


def test_the_points_of_the_places_are_data(tmp_path: Path) -> None:
    rules = str(variant(tmp_path, "ranking: {points: [3, 1, 0, 0]}\n"))
    assert ranking_points([5, 5, 5, 1], terms(rules).ranking)[1] == [Fraction(4, 3)] * 3 + [0]


# --- several sessions: total ranking points, then match points, best ranking, high rankings [p30] ---

def _table(*rows: tuple[str, int, str]) -> list[Standing]:
    return [Standing(i, name, 0, 500 + change, change, Fraction(points)) for i, (name, change, points) in enumerate(rows)]


def test_players_level_on_ranking_points_are_ordered_by_match_points_then_best_then_high_rankings() -> None:
    sessions = [
        _table(("Ann", 60, "4"), ("Bob", -10, "1"), ("Cid", 10, "2"), ("Dee", -60, "0")),
        _table(("Ann", -40, "0"), ("Bob", 30, "4"), ("Cid", 20, "2"), ("Dee", -10, "1")),
    ]
    rows = competition(sessions)
    # Ann and Cid both have 4 ranking points; Cid has more match points (30 against 20)
    assert [(r.name, r.place, str(r.ranking_points), r.match_points) for r in rows] == [
        ("Bob", 1, "5", 20), ("Cid", 2, "4", 30), ("Ann", 3, "4", 20), ("Dee", 4, "1", -70)]


def test_the_best_single_ranking_score_then_the_high_scores_break_remaining_ties() -> None:
    sessions = [
        _table(("Ann", 10, "4"), ("Bob", 10, "2"), ("Cid", 0, "1"), ("Dee", -20, "0")),
        _table(("Ann", -10, "0"), ("Bob", -10, "2"), ("Cid", 0, "1"), ("Dee", 30, "4")),
    ]
    rows = competition(sessions)
    # Ann and Bob: 4 points and 0 match points each; Ann's best single score is 4, Bob's 2
    assert [r.name for r in rows] == ["Dee", "Ann", "Bob", "Cid"] and [r.place for r in rows] == [1, 2, 3, 4]
    three = [
        _table(("Ann", 0, "4"), ("Bob", 0, "2"), ("Cid", 0, "1"), ("Dee", 0, "0")),
        _table(("Ann", 0, "1"), ("Bob", 0, "4"), ("Cid", 0, "2"), ("Dee", 0, "0")),
        _table(("Ann", 0, "1"), ("Bob", 0, "0"), ("Cid", 0, "2"), ("Dee", 0, "4")),
    ]
    # Ann (4, 1, 1) and Bob (4, 2, 0): 6 points, 0 match points, best 4 each; Bob's second score is higher
    assert [(r.name, str(r.ranking_points), r.place) for r in competition(three)] == [
        ("Bob", "6", 1), ("Ann", "6", 2), ("Cid", "5", 3), ("Dee", "4", 4)]
    level = competition([_table(("Ann", 0, "2"), ("Bob", 0, "2"), ("Cid", 0, "2"), ("Dee", 0, "1"))])
    assert [r.place for r in level] == [1, 1, 1, 4]
