"""Logs and their replay, the simulate and replay commands, and the procedure section of rule sets."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from fanrules.dsl import DiagnosticError
from fanrules.game import (
    Procedure,
    ProcedureError,
    Table,
    game_rules,
    log_lines,
    read_games,
    replay_game,
    rules_hash,
    simulate,
)
from fanrules.game.wall import Opening, open_wall
from fanrules.ruleset import load_ruleset
from fanrules.tools.cli import main
from game_helpers import A, run, table, variant

CONFLICT = ["3s 111m 999m 111p 999p E", "45s 678m 345p 678p NN", "33s 456m 567p 789s WW", "22m 44m 22p 44p 66s 88s 3s"]


def simulated_log(tmp_path: Path, games: int = 6, seed: int = 2, rules: str = "mcr") -> Path:
    path = tmp_path / "games.jsonl"
    assert main(["simulate", "--games", str(games), "--seed", str(seed), "--rules", rules, "--players", "random",
                 "--log", str(path), "--json"]) == 0
    return path


def test_a_log_starts_with_a_header_and_carries_each_win_as_a_contract_record(tmp_path: Path) -> None:
    tab = run(table(CONFLICT), A(0, "discard", "3s"), A(3, "win"), settle=True)
    lines = [json.loads(line) for line in log_lines(tab)]
    head = lines[0]
    assert head["type"] == "header" and head["rules"] == "mcr" and head["rules_hash"] == rules_hash(game_rules("mcr"))
    assert head["seed"] == 0 and head["seat_winds"] == ["E", "S", "W", "N"] and len(head["wall"]) == 144
    assert lines[1]["type"] == "deal" and len(lines[1]["hands"][0]) == 14
    win = next(e for e in lines if e["type"] == "win")
    # the contract's fields, plus first_turn: this win comes on the dealer's first discard, before any claim;
    # and the discarder, seen from the winner (the dealer plays after North: on North's right)
    assert set(win["record"]) == {"hand", "melds", "win_tile", "self_drawn", "fourth_tile", "kong_related", "last_tile",
                                  "seat_wind", "round_wind", "flowers", "first_turn", "discarder"}
    assert win["record"]["first_turn"] is True and win["record"]["discarder"] == "right"
    assert win["record"]["seat_wind"] == "N" and win["record"]["win_tile"] == "3s" and win["from"] == 0
    assert lines[-1] == {"type": "end", "outcome": "win", "winners": [3], "wall_left": len(tab.undrawn())}
    [(h, events)] = list(read_games(json.dumps(x) for x in lines))
    assert replay_game(h, events, game_rules("mcr")).ok


def test_replay_verifies_every_event_and_reports_the_first_divergence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = simulated_log(tmp_path)
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("6 game(s) replayed: 6 matched the log")
    lines = path.read_text(encoding="utf-8").splitlines()
    draw = next(i for i, line in enumerate(lines) if '"action": "draw"' in line and i > 10)
    event = json.loads(lines[draw])
    event["tile"] = "1m" if event["tile"] != "1m" else "2m"
    lines[draw] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "diverges at event" in out and '"action": "draw"' in out and "1 diverged" in out


def test_replay_under_another_rule_set_reports_where_scores_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tab = run(table(CONFLICT), A(0, "discard", "3s"), A(3, "win"), settle=True)
    path = tmp_path / "one.jsonl"
    path.write_text("\n".join(log_lines(tab)) + "\n", encoding="utf-8")
    richer = tmp_path / "richer"
    richer.mkdir()
    (richer / "ruleset.yaml").write_text("name: richer\nextends: mcr\nfans: fans\n", encoding="utf-8")
    (richer / "fans").mkdir()
    (richer / "fans" / "19.yaml").write_text("number: 19\nvalue: 30\n", encoding="utf-8")
    assert main(["replay", str(path), "--rules", str(richer)]) == 1
    out = capsys.readouterr().out
    assert "player 3's win scores" in out and "under richer" in out and "1 with changed scores" in out
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["divergence"] is None


def test_simulate_prints_statistics_and_compares_rule_sets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "8", "--seed", "4", "--players", "random", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["games"] == 8 and stats["wins"] + stats["exhaustive_draws"] >= 8
    assert stats["self_drawn"] + stats["on_discard"] == stats["wins"]
    assert main(["simulate", "--games", "8", "--seed", "4", "--players", "random", "--against", "botzone"]) == 0
    out = capsys.readouterr().out
    assert "mcr" in out.splitlines()[1] and "botzone" in out.splitlines()[1] and "difference" in out
    assert main(["simulate", "--games", "2", "--rules", "nonesuch"]) == 3


def test_the_procedure_section_loads_inherits_and_is_checked(tmp_path: Path) -> None:
    proc = Procedure.of(load_ruleset("mcr"))
    assert (proc.tile_count, proc.stacks_per_side, proc.dice_count, proc.dice_throws) == (144, 18, 3, 2)
    assert proc.priority == ("win", "pung", "chow") and proc.chow_from == ("left",) and proc.minimum == 8
    bz = Procedure.of(load_ruleset("botzone"))
    assert (bz.tile_count, bz.jump_draw, bz.flowers_count, bz.several_wins) == (136, False, False, "first_in_turn")
    assert len(Table("botzone", 1).events[0]["hands"][0]) == 13
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "ruleset.yaml").write_text("name: bad\nextends: mcr\nprocedure:\n  claims: {several_wins: everyone}\n"
                                      "  tiles: {flowers: 4}\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as caught:
        load_ruleset(bad)
    assert {(d.line, d.code) for d in caught.value.diagnostics} == {(4, "R021"), (5, "R021")}
    # An unplayable procedure is refused where it is written when the rule set loads (tests/test_section_rules.py);
    # Procedure.of keeps the check for a section built in Python.
    with pytest.raises(DiagnosticError, match="R024 procedure.tiles: 144 tiles need 18 stacks a side, not 17"):
        variant(tmp_path, "short", "tiles: {stacks_per_side: 17}")
    mcr = load_ruleset("mcr")
    twice = {**mcr.sections["procedure"], "claims": {**mcr.sections["procedure"]["claims"], "priority": ["win", "win", "chow"]}}
    with pytest.raises(ProcedureError, match="^rule set mcr: procedure.claims.priority must name win, pung and chow once each"):
        Procedure.of(replace(mcr, sections={**mcr.sections, "procedure": twice}))


def test_one_seed_one_wall_and_dice() -> None:
    a, b, c = Table("mcr", 11), Table("mcr", 11), Table("mcr", 12)
    assert a.wall == b.wall and a.events == b.events and a.wall != c.wall
    dice = a.events[0]["dice"]
    assert len(dice) == 2 and all(3 <= d <= 18 for d in dice)
    assert a.events[0]["counted_on"] == (dice[0] - 1) % 4 and a.events[0]["stacks"] == sum(dice)


def test_the_dice_open_the_wall_on_the_seat_they_point_to(tmp_path: Path) -> None:
    proc = game_rules("mcr").procedure
    tiles = list(range(144))
    assert open_wall(tiles, proc, Opening((2, 3), 0, 5))[:3] == [10, 11, 12]  # the dealer's wall, stack 6 on
    assert open_wall(tiles, proc, Opening((6, 3), 1, 9))[0] == 2 * (3 * 18 + 9)  # the next player's wall
    assert open_wall(tiles, proc, Opening((18, 18), 1, 36))[0] == 2 * ((3 * 18 + 36) % 72)  # counted past its end
    hk = variant(tmp_path, "hk", "dice: {count: 2, throws: 1, wall: dealer}")
    deal = Table(hk, 5).events[0]
    assert len(deal["dice"]) == 1 and 2 <= deal["dice"][0] <= 12
    assert deal["counted_on"] == 0 and deal["stacks"] == deal["dice"][0]


def test_replacements_may_come_from_the_front(tmp_path: Path) -> None:
    front = variant(tmp_path, "front", "flowers: {replace_from: front}\nkongs: {replace_from: front}")
    tab = table(["1f 123m 456m 789m 11p 2s E", "123p 456p 789p 11s 3s N", "CCC FFF PP SS 55m E",
                 "WWW NNN 99s 88s 77s 6s"], draws="4s", rules=front)
    run(tab, A(0, "flower", "1f"), A(0, "draw"))
    assert tab.events[-1]["tile"] == "4s" and tab.events[-1]["source"] == "flower" and tab.fronts == [54]


def test_a_log_of_a_rule_set_that_is_not_shipped_replays_under_the_rules_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30: the header's rules_path is shown, never opened; the user names the rule set."""
    folder = tmp_path / "quick"
    folder.mkdir()
    (folder / "ruleset.yaml").write_text("name: quick\nextends: mcr\nminimum: 1\n", encoding="utf-8")
    path = tmp_path / "quick.jsonl"
    assert main(["simulate", "--games", "3", "--rules", str(folder), "--players", "random", "--log", str(path), "--json"]) == 0
    head = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert head["rules"] == "quick" and head["rules_path"].endswith("ruleset.yaml")
    capsys.readouterr()
    assert main(["replay", str(path)]) == 1
    assert "not a shipped one: name it with --rules" in capsys.readouterr().err
    assert main(["replay", str(path), "--rules", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert "3 game(s) replayed: 3 matched the log" in out and err == ""


def test_whether_flowers_count_toward_the_minimum_is_one_key(tmp_path: Path) -> None:
    """The table's minimum check reads the settlement's flowers.toward_minimum, as the scorer does; the
    procedure key it once had is refused where it is written."""
    counted = tmp_path / "counted"
    counted.mkdir()
    (counted / "ruleset.yaml").write_text("name: counted\nextends: mcr\nsettlement:\n  flowers: {toward_minimum: true}\n",
                                          encoding="utf-8")
    assert Procedure.of(load_ruleset(counted)).flowers_count is load_ruleset(counted).bonus_toward_minimum is True
    for name in ("mcr", "botzone"):
        assert Procedure.of(load_ruleset(name)).flowers_count is load_ruleset(name).bonus_toward_minimum is False
    old = tmp_path / "old"
    old.mkdir()
    (old / "ruleset.yaml").write_text("name: old\nextends: mcr\nprocedure:\n  win:\n    flowers_count: true\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as caught:
        load_ruleset(old)
    assert [(d.line, d.code) for d in caught.value.diagnostics] == [(4, "R022")]
    assert "unknown key 'win' in 'procedure'" in caught.value.diagnostics[0].message


def test_seat_winds_are_taken_as_letters_or_tiles_and_anything_else_is_refused() -> None:
    letters = Table("mcr", 3, seat_winds=("S", "W", "N", "E"), prevalent_wind="S")
    tiles = Table("mcr", 3, seat_winds=(28, 29, 30, 27), prevalent_wind=28)
    assert letters.seat_winds == tiles.seat_winds == (28, 29, 30, 27) and letters.prevalent_wind == 28
    assert letters.dealer == 3 and letters.order == (3, 0, 1, 2) and letters.events == tiles.events
    head = json.loads(log_lines(letters)[0])
    assert head["seat_winds"] == ["S", "W", "N", "E"] and head["prevalent_wind"] == "S"
    with pytest.raises(ValueError, match="the seat winds must be E, S, W and N once each, not E, E, W, N"):
        Table("mcr", seat_winds=("E", "E", "W", "N"))
    with pytest.raises(ValueError, match="a seat wind must be E, S, W or N, not 'C'"):
        Table("mcr", seat_winds=("E", "S", "W", "C"))
    with pytest.raises(ValueError, match="a seat wind must be E, S, W or N, not 31"):
        Table("mcr", seat_winds=(27, 28, 29, 31))
    with pytest.raises(ValueError, match=r"the prevalent wind must be E, S, W or N, not True \(a letter or its tile, 27..30\)"):
        Table("mcr", prevalent_wind=True)
    with pytest.raises(ValueError, match="the seat winds must be E, S, W and N once each"):
        Table("mcr", seat_winds=("E", "S", "W"))


def test_statistics_count_fans_by_number_and_name_them_in_the_report() -> None:
    stats = simulate("mcr", 6, seed=1)
    assert stats.fans and all(isinstance(n, int) for n in stats.fans)
    fans = stats.to_json()["fans"]
    rules = game_rules("mcr").ruleset
    names = {f.number: f"{f.number} {f.name_zh} {f.name_en}" for f in rules.fans}
    assert fans == {names[n]: stats.fans[n] for n in sorted(stats.fans)}
    assert list(fans) == sorted(fans, key=lambda k: int(k.split()[0]))
