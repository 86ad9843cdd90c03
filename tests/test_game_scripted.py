"""Scripted games on arranged walls: every action, kongs and their replacement, robbing a kong, flowers,
claim conflicts, several wins, the last tile both ways, the fourth copy, the exhaustive draw, and
refused actions that leave the table unchanged."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import fanrules
import pytest
from fanrules.game import Action, ActionKind, IllegalAction, Phase, Table, game_rules, observe
from fanrules.game.claims import ClaimWindow
from game_helpers import A, fan_names, run, snapshot, t, table, tiles, tsumogiri, variant, win_event


def test_concealed_kong_then_a_win_on_its_replacement_tile() -> None:
    tab = table(["1111m 234p 567p 789s 5s", "234m 99m 11p 89p 123s E", "567m 88m 33p 4s 6s 8s WW N",
                 "678m 22p 66p 9p 1s 2s CFP"], end="5s")
    assert A(0, "concealed_kong", "1m") in tab.legal(0)
    run(tab, A(0, "concealed_kong", "1m"))
    assert tab.phase == "draw" and tab.legal(0) == [A(0, "draw")]
    run(tab, A(0, "draw"))
    assert tab.events[-1]["source"] == "kong" and tab.events[-1]["tile"] == "5s"
    run(tab, A(0, "win"))
    event = win_event(tab, 0)
    assert event["record"]["self_drawn"] and event["record"]["kong_related"]
    assert "first_turn" not in event["record"] and "flower_replacement" not in event["record"]  # a kong came first
    assert event["record"]["melds"] == [{"type": "concealed_kong", "tiles": ["1m"] * 4, "claimed_from": None}]
    assert {"Out with Replacement Tile", "Concealed Kong"} <= fan_names(event)
    assert tab.events[-1] == {"type": "end", "outcome": "win", "winners": [0], "wall_left": len(tab.undrawn())}


def test_pung_then_added_kong_robbed_by_a_waiting_player() -> None:
    tab = table(["7m 123p 456p 789p 11s 5s E", "77m 234s 678s 999m N W", "56m 345s 567s 789s 88p",
                 "123m CCC FFF PP SS"], draws="W E 9s 7m")
    run(tab, A(0, "discard", "7m"))
    assert A(2, "win") in tab.legal(2)  # 7m completes player 2, who lets it go
    run(tab, A(1, "pung", "7m"))
    assert tab.phase == "claims"  # player 2 has not answered yet
    run(tab, A(1, "discard", "N"), A(2, "discard", "W"), A(3, "discard", "E"), A(0, "discard", "9s"))
    run(tab, A(1, "added_kong", "7m"))
    assert tab.phase == "rob" and tab.to_act() == [2] and tab.legal(2) == [A(2, "pass"), A(2, "win")]
    run(tab, A(2, "win"))
    event = win_event(tab, 2)
    record = event["record"]
    assert (record["win_tile"], record["self_drawn"], record["kong_related"], record["fourth_tile"]) == ("7m", False, True, True)
    names = fan_names(event)
    assert "Robbing the Kong" in names and "Last Tile" not in names
    assert [m.kind.value for m in tab.seats[1].melds] == ["pung"]  # the kong was never completed
    assert event["from"] == 1


def test_added_kong_not_robbed_gets_its_replacement() -> None:
    tab = table(["7m 123p 456p 789p 11s 5s E", "77m 234s 678s 999m N W", "56m 345s 567s 789s 88p",
                 "123m CCC FFF PP SS"], draws="W E 9s 7m", end="S")
    run(tab, A(0, "discard", "7m"), A(1, "pung", "7m"), A(1, "discard", "N"), A(2, "discard", "W"),
        A(3, "discard", "E"), A(0, "discard", "9s"), A(1, "added_kong", "7m"), A(2, "pass"), A(1, "draw"))
    meld = tab.seats[1].melds[0]
    assert meld.kind.value == "kong" and meld.added and meld.claimed_from == "left"
    assert tab.events[-1]["source"] == "kong" and tab.phase == "turn"


CONFLICT = ["3s 111m 999m 111p 999p E", "45s 678m 345p 678p NN", "33s 456m 567p 789s WW", "22m 44m 22p 44p 66s 88s 3s"]


def test_win_beats_pung_beats_chow() -> None:
    tab = run(table(CONFLICT), A(0, "discard", "3s"))
    assert tab.legal(1) == [A(1, "pass"), A(1, "chow", "3s", "345s")]
    assert tab.legal(2) == [A(2, "pass"), A(2, "pung", "3s")]
    assert tab.legal(3) == [A(3, "pass"), A(3, "win")]
    run(tab, A(1, "chow", "3s", "345s"), A(2, "pung", "3s"), A(3, "win"))
    assert tab.over and [w.player for w in tab.wins] == [3] and tab.wins[0].discarder == 0
    assert "Seven Pairs" in fan_names(win_event(tab, 3))

    tab = run(table(CONFLICT), A(0, "discard", "3s"), A(1, "chow", "3s", "345s"), A(2, "pung", "3s"), A(3, "pass"))
    assert tab.phase == "turn" and tab.current == 2 and tab.seats[2].melds[0].claimed_from == "across"
    assert {a.kind for a in tab.legal(2)} == {"discard"}  # no win, no kong after a claim

    tab = run(table(CONFLICT), A(0, "discard", "3s"), A(1, "chow", "3s", "345s"), A(2, "pass"), A(3, "pass"))
    meld = tab.seats[1].melds[0]
    assert (meld.kind.value, meld.claimed_from, meld.claimed_tile) == ("chow", "left", t("3s"))
    assert tab.seats[0].discards == [] and tab.current == 1


def test_a_chow_only_from_the_left_and_a_melded_kong_with_replacement() -> None:
    tab = table(["3s 111m 999m 111p 999p E", "46s 678m 345p 678p NN", "333s 456m 567p 78s WW",
                 "22m 44m 22p 44p 66s 88s C"], end="S")
    run(tab, A(0, "discard", "3s"))
    with pytest.raises(IllegalAction):
        tab.step(A(3, "chow", "3s", "345s"))
    assert A(2, "kong", "3s") in tab.legal(2)
    run(tab, A(2, "kong", "3s"), A(2, "draw"))
    assert tab.seats[2].melds[0].kind.value == "kong" and tab.events[-1] == {
        "type": "action", "player": 2, "action": "draw", "tile": "S", "source": "kong"}


SEVERAL = ["3s 111m 999m 111p 999p E", "12s 123p 456p 789p 55m", "456m 678p 789s WW CC", "22m 44m 22p 44p 66s 88s 3s"]


def test_several_wins_on_one_discard(tmp_path: Path) -> None:
    tab = run(table(SEVERAL), A(0, "discard", "3s"), A(1, "win"), A(3, "win"))
    assert [w.player for w in tab.wins] == [1]  # mcr: the first in turn after the discarder
    tab = run(table(SEVERAL), A(0, "discard", "3s"), A(3, "win"), A(1, "win"))
    assert [w.player for w in tab.wins] == [1]
    both = variant(tmp_path, "all-win", "claims: {several_wins: all}")
    tab = run(table(SEVERAL, rules=both), A(0, "discard", "3s"), A(1, "win"), A(3, "win"))
    assert [w.player for w in tab.wins] == [1, 3] and [e["player"] for e in tab.events if e["type"] == "win"] == [1, 3]


def test_the_fourth_copy_is_derived_from_what_the_table_shows() -> None:
    tab = table(["9s 123m 456m 789m 11p E W", "99s 234p 567p 345s NN", "CCC FFF PP SS 55m E",
                 "78s 456p 234m 678m 11s"], draws="W 9s")
    run(tab, A(0, "discard", "9s"), A(1, "pung", "9s"), A(1, "discard", "N"), A(2, "discard", "W"), A(3, "draw"))
    assert tab.visible(t("9s")) == 3
    run(tab, A(3, "win"))
    event = win_event(tab, 3)
    assert event["record"]["fourth_tile"] and "Last Tile" in fan_names(event)


def test_flowers_are_replaced_from_the_wall_end_dealer_first_and_a_win_on_one_is_self_drawn() -> None:
    tab = table(["1f 123m 456m 789m 11p 2s E", "5f 123p 456p 789p 11s 3s", "CCC FFF PP SS 55m E",
                 "WWW NNN 99s 88s 77s 6s"], draws="7f", end="2f 3s 4s 5s")
    assert tab.phase == "flowers" and tab.to_act() == [0] and tab.legal(0) == [A(0, "flower", "1f")]
    run(tab, A(0, "flower", "1f"), A(0, "draw"), A(0, "flower", "2f"), A(0, "draw"), A(1, "flower", "5f"), A(1, "draw"))
    sources = [(e["player"], e["action"], e.get("tile")) for e in tab.events if e["type"] == "action"]
    assert sources == [(0, "flower", "1f"), (0, "draw", "2f"), (0, "flower", "2f"), (0, "draw", "3s"),
                       (1, "flower", "5f"), (1, "draw", "4s")]
    assert tab.phase == "turn" and tab.current == 0 and tab.seats[0].size() == 14
    run(tab, A(0, "discard", "E"), A(1, "draw"))
    assert tab.legal(1) == [A(1, "flower", "7f")]
    run(tab, A(1, "flower", "7f"), A(1, "draw"), A(1, "win"))
    record = win_event(tab, 1)["record"]
    assert record["self_drawn"] and not record["kong_related"] and record["flowers"] == 2
    # derived: the winning tile replaced a flower, and it is the winner's first draw with no set declared yet
    assert record["flower_replacement"] and record["first_turn"]
    blessed = {c.fan.name_en for c in fanrules.score(record, rules="casual").fans}
    assert "Human Hand" in blessed  # casual's blessing reads the derived first_turn
    assert {f["name_en"]: f["count"] for f in win_event(tab, 1)["result"]["fans"]}["Flower Tiles"] == 2


LAST = ["123s 456s 789s 99m 46p E", "234m 567m 345p 678s C", "EEE SSS NNN 11m 23p", "123m 456m 789p 111s 5p"]


def no_flowers(tmp_path: Path):
    return variant(tmp_path, "no-flowers", "tiles: {flowers: 0, stacks_per_side: 17}")


def at_last_tile(tab: Table) -> bool:
    return tab.wall_left == 0 and tab.phase == "turn"


def test_a_self_drawn_win_on_the_last_tile_of_the_wall(tmp_path: Path) -> None:
    tab = table(LAST, end="5p", rules=no_flowers(tmp_path))
    run(tab, A(0, "discard", "E"))
    tsumogiri(tab, until=at_last_tile)
    assert tab.current == 3 and tab.seats[3].drawn == t("5p")
    run(tab, A(3, "win"))
    record = win_event(tab, 3)["record"]
    assert record["self_drawn"] and record["last_tile"] and "Last Tile Draw" in fan_names(win_event(tab, 3))


def test_a_win_on_the_last_discard_and_no_sets_claimed_from_it(tmp_path: Path) -> None:
    tab = table(LAST, end="5p", rules=no_flowers(tmp_path))
    run(tab, A(0, "discard", "E"))
    tsumogiri(tab, until=at_last_tile)
    run(tab, A(3, "discard", "5p"))
    assert all(a.kind in ("pass", "win") for p in (0, 1, 2) for a in tab.legal(p))
    run(tab, A(0, "win"))
    record = win_event(tab, 0)["record"]
    assert not record["self_drawn"] and record["last_tile"] and "Last Tile Claim" in fan_names(win_event(tab, 0))


def test_the_exhaustive_draw(tmp_path: Path) -> None:
    tab = table(LAST, end="5p", rules=no_flowers(tmp_path))
    run(tab, A(0, "discard", "E"))
    tsumogiri(tab, until=lambda tb: False)
    assert tab.over and tab.wins == [] and tab.events[-1] == {"type": "end", "outcome": "draw", "winners": [], "wall_left": 0}
    with pytest.raises(IllegalAction, match="the hand is over"):
        tab.step(A(0, "discard", "5p"))


def test_refused_actions_leave_the_table_unchanged() -> None:
    tab = table(CONFLICT)
    before = snapshot(tab)
    for bad, message in ((A(2, "discard", "3s"), "not this player's turn"), (A(0, "discard", "5p"), "not allowed now"),
                         (A(0, "pung", "3s"), "not allowed now"), (A(0, "win"), "refused: there is no winning shape")):
        with pytest.raises(IllegalAction, match=message):
            tab.step(bad)
        assert snapshot(tab) == before


def test_a_win_below_the_minimum_is_refused() -> None:
    tab = table(["123m 456m 789p 234s EE", "45s 678m 345p 678p NN", "33s 456m 567p 789s WW", "22m 44m 22p 44p 66s 88s 3s"])
    assert A(0, "win") not in tab.legal(0)
    before = snapshot(tab)
    with pytest.raises(IllegalAction, match=r"refused: \d points, flowers not counted, below the minimum of 8"):
        tab.step(A(0, "win"))
    assert snapshot(tab) == before


def test_the_claim_window_waits_for_every_answer_and_resolves_by_the_procedures_priority() -> None:
    proc = game_rules("mcr").procedure
    chow, pung = Action(1, "chow", t("5m"), tiles("345m")), Action(2, "pung", t("5m"))
    options = {1: [Action(1, "pass"), chow], 2: [Action(2, "pass"), pung], 3: [Action(3, "pass")]}

    def window() -> ClaimWindow:
        return ClaimWindow(0, t("5m"), None, False, {p: list(acts) for p, acts in options.items()}, {})

    w = window()
    assert w.to_answer() == [1, 2, 3]
    assert not w.answer(chow) and not w.answer(pung) and w.to_answer() == [3]
    assert w.answer(Action(3, "pass")) and w.resolve(proc) == pung
    w = window()
    for answer in (chow, pung, Action(3, "pass")):
        w.answer(answer)
    assert w.resolve(replace(proc, priority=("win", "chow", "pung"))) == chow
    w = window()
    for p in (1, 2, 3):
        w.answer(Action(p, "pass"))
    assert w.resolve(proc) is None


def test_action_kinds_and_phases_are_plain_words_in_logs_and_observations() -> None:
    action = Action(0, "discard", t("2m"))
    assert action.kind is ActionKind.DISCARD and action == Action(0, ActionKind.DISCARD, t("2m"))
    assert json.dumps(action.to_json()) == '{"player": 0, "action": "discard", "tile": "2m"}'
    assert str(action) == "player 0 discard 2m"
    with pytest.raises(IllegalAction, match="unknown action 'dance': use one of draw, discard, chow"):
        Action(0, "dance")
    tab = Table("botzone", 5)
    seen = json.dumps(observe(tab, tab.to_act()[0]).to_json())
    assert tab.phase is Phase.DRAW and '"phase": "draw", ' in seen and '"legal": [{"player": 0, "action": "draw"}]' in seen


def test_a_win_declared_on_a_drawn_flower_is_refused_and_the_table_unchanged() -> None:
    tab = table(["1f 123m 456m 789m 11p 2s E", "5f 123p 456p 789p 11s 3s", "CCC FFF PP SS 55m E",
                 "WWW NNN 99s 88s 77s 6s"], draws="7f", end="2f 3s 4s 5s")
    run(tab, A(0, "flower", "1f"), A(0, "draw"), A(0, "flower", "2f"), A(0, "draw"), A(1, "flower", "5f"), A(1, "draw"),
        A(0, "discard", "E"), A(1, "draw"))
    assert tab.seats[1].drawn == t("7f") and tab.legal(1) == [A(1, "flower", "7f")]
    before = snapshot(tab)
    with pytest.raises(IllegalAction, match="refused: there is no winning shape"):
        tab.step(A(1, "win"))
    assert snapshot(tab) == before
