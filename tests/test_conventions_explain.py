"""Issue 35, consistent explanations: a whole-hand fan's sets the same in Python and JSON, plain strings
in JSON, the hand echoed as written, the thirteen orphans named as what the winning tile completes, and
text columns that count a Chinese character as two."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import fanrules
from fanrules.tools.cli import main
from fanrules.tools.result_table import pad, width


def test_a_whole_hand_fans_sets_are_the_same_in_python_and_json() -> None:
    result = fanrules.score("[CCC,1]FFFPPP999s5m5m")
    by_name = {c.fan.name_en: c for c in result.fans}
    assert result.sets_of(by_name["All Pungs"]) == []
    data = result.to_json()
    for counted, fan in zip(result.fans, data["fans"]):
        assert [[str(b) for b in inst] for inst in result.sets_of(counted)] == fan["sets"]


def test_json_values_are_plain_strings_not_enums() -> None:
    data = fanrules.score("[123p,1][345s,1][678m,1]99m45p6p").to_json()
    assert type(data["error"]["kind"]) is str
    assert data["not_counted"] and all(type(n["principle"]) is str for n in data["not_counted"])


def test_score_echoes_the_hand_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "[CCC,1]FFFPPP999s5m5m"]) == 0
    assert capsys.readouterr().out.startswith("[CCC,1]FFFPPP999s5m5m  (on a discard;")
    record = json.dumps({"hand": "[CCC,1]FFFPPP999s5m5m"})
    assert main(["score", record]) == 0
    assert capsys.readouterr().out.startswith("[CCC,1]5m999sFFFPPP5m  (")  # a record has no written form: the notation's


def test_thirteen_orphans_are_what_the_winning_tile_completes() -> None:
    (reading,) = fanrules.readings("19m19p19sESWNCFP1m")
    assert str(reading).endswith("(winning tile completes the thirteen orphans)")


def test_columns_count_a_wide_character_as_two() -> None:
    assert width("东风") == 4 and width("Ｅ") == 2 and width("e\u0301") == 1 and width("ab") == 2
    assert pad("东", 4) == "东  " and pad("東", 3, right=True) == " 東"


def test_a_sheet_table_lines_up_chinese_names(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sheet = tmp_path / "s.txt"
    sheet.write_text("players: 东风 Bob 西 N\n东风 wins 24 from Bob\n", encoding="utf-8")
    assert main(["sheet", str(sheet)]) == 0
    standings = capsys.readouterr().out.split("ranking points\n")[1].splitlines()
    ends = set()
    for line in standings:  # place, name, points: the points end in the same column on every row
        _place, name, points = line.split()[:3]
        ends.add(width(line[: line.index(points, line.index(name) + len(name)) + len(points)]))
    assert len(standings) == 4 and len(ends) == 1, standings
