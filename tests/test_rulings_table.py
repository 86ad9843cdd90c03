"""Issue 32's rulings, one test (or more) per finding: 停和 (a barred player's win refused at the table, in
a Session and on a score sheet), the 1998 book's two dice in mcr-1998, Botzone's minimum without
flowers as its judge checks it, flowers refused under a table without them, simulate --against naming
different walls, fanrules.procedure, and other programs' fan names as aliases."""
from __future__ import annotations

import json
from pathlib import Path

import fanrules
import pytest
from fanrules.core.errors import UnknownFanError
from fanrules.dsl import DiagnosticError
from fanrules.game import IllegalAction, Table, game_rules, log_lines, replay_game
from fanrules.ruleset import load_ruleset
from fanrules.settlement import Session, SettlementError
from fanrules.settlement.sheet import SheetError, read_sheet
from fanrules.tools.cli import main
from game_helpers import A, run, snapshot, table

#: Player 0 discards 3s; players 1 and 3 may both win on it (tests/test_game_scripted.py's SEVERAL).
SEVERAL = ["3s 111m 999m 111p 999p E", "12s 123p 456p 789p 55m", "456m 678p 789s WW CC", "22m 44m 22p 44p 66s 88s 3s"]
#: The dealer's 14 dealt tiles are complete: 清龙 and more, a legal win on the first turn.
DEALT_WIN = ["123m 456m 789m 123p 55p", "12s 234p 567p 345s NN", "456s 678p 789s WW CC", "22m 44m 22p 44p 66s 88s E"]


# --- 2: 停和 -------------------------------------------------------------------------------------------

def test_a_barred_player_may_not_win_on_a_discard_and_the_next_in_turn_does() -> None:
    tab = table(SEVERAL)
    tab.bar(1)
    run(tab, A(0, "discard", "3s"))
    assert A(1, "win") not in tab.legal(1) and A(3, "win") in tab.legal(3)
    before = snapshot(tab)
    with pytest.raises(IllegalAction, match=r"player 1 is barred from winning this hand \(停和\)"):
        tab.step(A(1, "win"))
    assert snapshot(tab) == before
    run(tab, A(3, "win"), settle=True)
    assert [w.player for w in tab.wins] == [3]  # player 1, first in turn, would have won without the bar


def test_a_bar_while_the_claims_are_open_takes_the_win_off_the_table() -> None:
    tab = run(table(SEVERAL), A(0, "discard", "3s"))
    assert A(1, "win") in tab.legal(1)
    tab.bar(1)
    assert A(1, "win") not in tab.legal(1) and 1 not in tab.window.wins  # type: ignore[union-attr]
    run(tab, A(1, "pass"), A(3, "win"), settle=True)
    assert [w.player for w in tab.wins] == [3]


def test_a_barred_dealer_may_not_win_on_the_dealt_hand_and_plays_on() -> None:
    assert A(0, "win") in table(DEALT_WIN).legal(0)
    tab = table(DEALT_WIN)
    tab.bar(0)
    with pytest.raises(IllegalAction, match="barred"):
        tab.step(A(0, "win"))
    assert {a.kind for a in tab.legal(0)} == {"discard"}
    tab.step(A(0, "discard", "5p"))
    assert not tab.over


def test_a_bar_is_logged_and_replayed_at_the_same_point() -> None:
    tab = table(SEVERAL)
    run(tab, A(0, "discard", "3s"))
    tab.bar(1)
    run(tab, A(1, "pass"), A(3, "win"), settle=True)
    assert {"type": "bar", "player": 1} in tab.events
    head, *events = (json.loads(line) for line in log_lines(tab))
    rules = game_rules("mcr")
    assert replay_game(head, events, rules).ok
    claimed = [{**e, "action": "win"} if e.get("action") == "pass" and e["player"] == 1 else e for e in events]
    assert "player 1 is barred from winning this hand" in (replay_game(head, claimed, rules).divergence or "")
    unbarred = [e for e in claimed if e["type"] != "bar"]
    assert "the log has" in (replay_game(head, unbarred, rules).divergence or "")  # without the bar, player 1 wins
    for bad in (4, 1.0, True, "1"):
        with pytest.raises(ValueError, match="not a player"):
            table(SEVERAL).bar(bad)  # type: ignore[arg-type]
    broken = [{"type": "bar", "player": "W"} if e["type"] == "bar" else e for e in events]
    assert "cannot bar player 'W': not a player 0..3" in (replay_game(head, broken, rules).divergence or "")


def test_a_session_refuses_a_barred_players_win_until_the_hand_ends() -> None:
    session = Session("mcr", names=("Ann", "Bob", "Cid", "Dee"))
    session.penalty(1, "false_win")
    assert session.barred == {1: "false_win"} and session.hand_number == 0  # play goes on (p35)
    with pytest.raises(SettlementError, match=r"Bob may not win hand 1: barred from winning it \(停和\) after a false-win"):
        session.win(1, 24, discarder=0)
    session.penalty(2, "not_ready")  # 诈和: barred as well (p35 六(二))
    session.penalty(3, "false_meld")  # 错吃、错碰、错杠: no win in that hand (p34 二), no points
    assert session.entries[-1].changes == (0, 0, 0, 0) and set(session.barred) == {1, 2, 3}
    for player in (2, 3):
        with pytest.raises(SettlementError, match="barred"):
            session.win(player, 8)
    session.win(0, 8, discarder=1)
    assert session.hand_number == 1 and session.barred == {}
    assert session.win(1, 8, discarder=0).changes[1] > 0  # the next hand, Bob may win again
    session.penalty(0, "late_10")
    assert session.barred == {}  # lateness bars nothing


def test_a_score_sheet_refuses_a_barred_win_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SheetError) as caught:
        read_sheet("S wins 8 from E\nW false-win\nW self-draws 8\n", source="s.txt")
    assert str(caught.value) == "s.txt:3: W may not win hand 2: barred from winning it (停和) after a false-win"
    jsonl = ('{"event": "penalty", "player": "N", "kind": "not_ready"}\n'
             '{"event": "win", "winner": "N", "discarder": "E", "points": 8}\n')
    with pytest.raises(SheetError, match=r"^j:2: N may not win hand 1: barred"):
        read_sheet(jsonl, source="j")
    assert read_sheet("W false-win\nE wins 8 from W\nW self-draws 8\n").hand_number == 2
    sheet = tmp_path / "s.txt"
    sheet.write_text("W false-win\nW wins 8 from E\n", encoding="utf-8")
    assert main(["sheet", str(sheet)]) != 0
    assert capsys.readouterr().err.strip().endswith(f"{sheet}:2: W may not win hand 1: barred from winning it (停和) after a false-win")


# --- 3: dice --------------------------------------------------------------------------------------------

def test_mcr_1998_throws_two_dice_as_the_1998_book_and_mcr_three(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "show", "procedure", "--rules", "mcr-1998"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "procedure.dice.count" in x)
    assert line.split("#")[0].strip() == "procedure.dice.count: 2" and "rules/mcr-1998/ruleset.yaml" in line
    assert any("p16-17" in s for s in load_ruleset("mcr-1998").sources)
    sums = {name: [s for seed in range(300) for s in Table(name, seed).events[0]["dice"]] for name in ("mcr", "mcr-1998")}
    assert min(sums["mcr-1998"]) >= 2 and max(sums["mcr-1998"]) <= 12
    assert max(sums["mcr"]) > 12 and min(sums["mcr"]) >= 3


# --- 4: Botzone's minimum, by its judge -----------------------------------------------------------------

def test_botzone_counts_no_flower_toward_the_minimum_as_its_judge() -> None:
    hand = "[789p,3][456m,2][555s,1][888s,3]5p5p"  # 7 points
    result = fanrules.score(hand, rules="botzone", flowers=1)
    assert (result.total, result.total_with_flowers, result.is_win) == (7, 8, False)
    assert fanrules.Procedure.of("botzone").flowers_count is False
    sources = " ".join(load_ruleset("botzone").sources)
    assert "judge/main.cpp" in sources and "checkHu" in sources


# --- 7: a table without flowers -------------------------------------------------------------------------

def test_flowers_are_refused_and_not_paid_under_a_table_without_them() -> None:
    with pytest.raises(SettlementError, match=r"^rule set botzone plays without flowers \(procedure tiles.flowers 0\): "
                                              r"a win cannot have 2 flowers$"):
        fanrules.settle(8, winner=0, rules="botzone", flowers=2)
    scored = fanrules.score("123m456m789m123p5p5p", rules="botzone", self_drawn=True, flowers=1)
    with pytest.raises(SettlementError, match=r"a win cannot have 1 flower$"):
        fanrules.settle(scored, winner=0, rules="botzone")
    with pytest.raises(SettlementError, match="plays without flowers"):
        Session("botzone").win(0, 8, discarder=1, flowers=1)
    assert fanrules.settle(8, winner=0, rules="botzone", flowers=0) == fanrules.settle(8, winner=0, rules="botzone")
    assert fanrules.settle(8, winner=0, rules="mcr", flowers=2)[0] == 3 * (8 + 10)  # a table with flowers pays them


def test_simulate_against_names_the_walls_it_compares(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "3", "--against", "botzone"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == \
        "same seeds, different walls: mcr has 144 tiles, 3 dice, one wall; botzone 136 tiles, a wall per seat, no dice"
    assert main(["simulate", "--games", "2", "--seed", "3", "--against", "mil", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["same_walls"] is True
    assert main(["simulate", "--games", "2", "--seed", "3", "--against", "mcr-1998"]) == 0
    assert "different walls" in capsys.readouterr().out


# --- 8: the procedure, and other programs' fan names --------------------------------------------------

def test_the_procedure_of_a_rule_set_without_a_table() -> None:
    proc = fanrules.Procedure.of("mcr-1998")
    assert proc == Table("mcr-1998").proc and proc.dice_count == 2 and "Procedure" in fanrules.__all__
    assert fanrules.Procedure.of(load_ruleset("botzone")).tile_count == 136


def test_fan_names_of_the_cpp_calculator_and_botzone_resolve_as_aliases(tmp_path: Path) -> None:
    mcr = load_ruleset("mcr")
    assert mcr.fan("嵌张") is mcr.fan(78) and mcr.fan("all five") is mcr.fan(31) and mcr.fan("Two Dragons Pungs").number == 54
    assert load_ruleset("botzone").fan("Concealed Kong and Melded Kong").number == 82
    with pytest.raises(UnknownFanError):
        load_ruleset("mcr").fan("Concealed Kong and Melded Kong")  # mcr has no fan 82
    folder = tmp_path / "alias"
    (folder / "fans").mkdir(parents=True)
    (folder / "ruleset.yaml").write_text("name: alias\nextends: mcr\n", encoding="utf-8")
    (folder / "fans" / "77.yaml").write_text("number: 77\nexcludes: [嵌张]\n", encoding="utf-8")
    assert [e.target for e in load_ruleset(folder).fan(77).excludes] == [78]  # an alias is a fan reference too
    twice = tmp_path / "twice"
    (twice / "fans").mkdir(parents=True)
    (twice / "ruleset.yaml").write_text("name: twice\nextends: mcr\n", encoding="utf-8")
    (twice / "fans" / "79.yaml").write_text('number: 79\naliases: ["嵌张"]\n', encoding="utf-8")
    with pytest.raises(DiagnosticError) as caught:
        load_ruleset(twice)
    assert [d.code for d in caught.value.diagnostics] == ["R008"] and "嵌张" in caught.value.diagnostics[0].message
