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
    assert result.sets_of(by_name["One Voided Suit"]) == []  # a fan of the whole hand (All Pungs shows its pungs)
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


def test_fans_that_weigh_sets_as_a_whole_show_their_sets() -> None:
    """三暗刻, 三杠, 碰碰和 (a count or a size of sets in their predicates) are explained with the sets
    their ``shows`` rule names, the same in Python, JSON and the table; their scoring is unchanged."""
    import fanrules

    result = fanrules.score("[CCC,1]FFFPPP999s5m5m", self_drawn=True)
    shown = {c.fan.name_zh: [[str(b) for b in inst] for inst in result.sets_of(c)] for c in result.fans}
    assert shown["三暗刻"] == [["999s", "FFF", "PPP"]] and shown["碰碰和"] == [["[CCC]", "999s", "FFF", "PPP"]]
    assert {f["name_zh"]: f["sets"] for f in result.to_json()["fans"]}["三暗刻"] == [["999s", "FFF", "PPP"]]
    assert result.total == 114 and all(c.instances == ((),) for c in result.fans if c.fan.name_zh in ("三暗刻", "碰碰和"))
    kongs = fanrules.score("[1111m,1][2222p,2][3333s,3]EEE5m5m")
    assert [[str(b) for b in inst] for c in kongs.fans if c.fan.name_zh == "三杠" for inst in kongs.sets_of(c)] == \
        [["[1111m]", "[2222p]", "[3333s]"]]


def test_a_shows_rule_that_names_no_sets_is_refused_where_it_is_written(tmp_path: Path) -> None:
    import fanrules

    (tmp_path / "fans").mkdir()
    (tmp_path / "ruleset.yaml").write_text("name: shows\ntitle: t\nversion: '1'\ndescription: d\nminimum: 8\nsources: [a test]\nextends: mcr\n",
                                           encoding="utf-8")
    (tmp_path / "fans" / "33.yaml").write_text("number: 33\nshows: size(pungs) >= 3\n", encoding="utf-8")
    with pytest.raises(fanrules.RuleSetError) as refused:
        fanrules.load_ruleset(tmp_path)
    assert [(d.code, d.line, d.column) for d in refused.value.diagnostics] == [("R005", 2, 8)]
    assert "'shows' must be an each rule over one set" in refused.value.diagnostics[0].message
