"""The settlement: section as rule-set data: checked with located diagnostics, merged key by key in a
variant, shown by rules show with its origins, described in the JSON Schema, and read into typed terms."""
from __future__ import annotations

import json
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from fanrules.dsl import DiagnosticError
from fanrules.ruleset import load_ruleset
from fanrules.settlement import Pay, Penalty, Session, SettlementError, terms
from fanrules.tools import schema_files
from fanrules.tools.cli import main

FIXTURES = Path(__file__).parent / "fixtures" / "settlement"


def write(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def test_mcr_settles_with_the_1998_figures() -> None:
    mcr = terms("mcr")
    assert (mcr.base, mcr.discarder, mcr.discard_others, mcr.self_draw_others) == (8, Pay(1, 1), Pay(1, 0), Pay(1, 1))
    assert (mcr.flowers_toward_minimum, mcr.flowers_toward_payment, mcr.flower_value, mcr.minimum) == (False, True, 1, 8)
    assert mcr.penalties["false_win"] == Penalty("false_win", 10, "each_other", False, True)  # 停和 [p35]
    assert mcr.penalties["not_ready"] == Penalty("not_ready", 20, "each_other", False, True)
    assert mcr.penalties["false_meld"] == Penalty("false_meld", 0, "nobody", False, True)  # 错吃、错碰、错杠 [p34]
    assert not mcr.penalties["late_10"].bars_win
    assert (mcr.session.length, mcr.session.start) == (16, 500)
    assert mcr.ranking.points == (4, 2, 1, 0)
    assert any("p28" in source for source in mcr.sources)


# One case per shipped rule set other than mcr: each extends mcr and must inherit its settlement.
@pytest.mark.parametrize("name", ["casual", "mil", "mcr-1998"])
def test_the_other_shipped_rule_sets_inherit_mcrs_settlement(name: str) -> None:
    ruleset = load_ruleset(name)
    assert ruleset.sections["settlement"] == load_ruleset("mcr").sections["settlement"]
    assert str(ruleset.origins["settlement.base"]).startswith(str(Path(load_ruleset("mcr").path)))


def test_a_variant_changes_only_what_it_says() -> None:
    house = terms(str(FIXTURES / "house"))
    assert (house.base, house.self_draw_others, house.discarder) == (5, Pay(1, 0), Pay(1, 1))
    assert house.penalties["false_win"] == Penalty("false_win", 20, "nobody", False, True)  # bars_win inherited
    assert house.penalties["not_ready"] == Penalty("not_ready", 5, "each_other", False, True)  # 'to' inherited
    assert house.penalties["late_15"].points == 20 and house.session == terms("mcr").session


def test_rules_show_settlement_gives_each_value_with_the_file_it_comes_from(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "show", "settlement", "--rules", str(FIXTURES / "house")]) == 0
    lines = {line.split(":")[0].strip(): line for line in capsys.readouterr().out.splitlines()}
    assert lines["settlement.base"].startswith("  settlement.base: 5    # ") and "house/ruleset.yaml:9:9" in lines["settlement.base"]
    assert "rules/mcr/ruleset.yaml" in lines["settlement.discard.discarder.points"]


def test_a_bad_settlement_is_reported_where_it_was_written(tmp_path: Path) -> None:
    bad = write(tmp_path / "bad", """\
        name: bad
        extends: mcr
        settlement:
          base: eight
          self_draw:
            others: {base: 1, point: 1}
          penalties:
            false_win: {points: 10, to: everyone}
          session:
            rounds: [E, S, X, N]
        """)
    with pytest.raises(DiagnosticError) as caught:
        load_ruleset(bad)
    found = {(d.line, d.column, d.code): d for d in caught.value.diagnostics}
    assert found[(4, 9, "R020")].message == "'settlement.base' must be a whole number, not the text 'eight'"
    assert found[(6, 23, "R022")].hint == "did you mean 'points'?"
    assert found[(8, 33, "R021")].message.startswith("'settlement.penalties.false_win.to' must be one of each_other, nobody")
    assert found[(10, 20, "R021")].message.startswith("'settlement.session.rounds[2]' must be one of E, S, W, N")
    assert len(found) == 4


def test_a_root_rule_set_gets_the_documented_defaults_for_what_its_settlement_does_not_say(tmp_path: Path) -> None:
    # Issue 48: a root rule set used to have to write every part of its settlement (R023 for each one
    # missing); it now gets the documented defaults (settlement_keys.DEFAULTS, docs/settlement.md).
    root = write(tmp_path / "root", """\
        name: root
        title: a rule set of its own
        version: "1"
        minimum: 8
        fans: fans
        settlement:
          base: 8
        """)
    (root / "fans").mkdir()
    settlement = load_ruleset(root).sections["settlement"]
    assert settlement["base"] == 8 and settlement["ranking"] == {"points": [4, 2, 1, 0], "ties": "share"}
    assert settlement["discard"] == {"discarder": {"points": 1}, "others": {"points": 0}}


def test_the_schema_describes_the_settlement_key_by_key() -> None:
    schema = json.loads((schema_files.SCHEMA_DIR / "ruleset.schema.json").read_text(encoding="utf-8"))
    settlement = schema["properties"]["settlement"]
    assert settlement["additionalProperties"] is False and "required" not in settlement  # a variant may say one key
    penalty = settlement["properties"]["penalties"]["additionalProperties"]
    assert penalty["properties"]["to"]["enum"] == ["each_other", "nobody"]
    assert settlement["properties"]["session"]["properties"]["seats"]["items"]["items"]["enum"] == ["E", "S", "W", "N"]
    assert settlement["properties"]["base"] == {"type": "integer", "description": "The base paid to a winner (底分).",
                                                "minimum": 0, "maximum": 10000}


def test_a_rule_set_without_a_settlement_says_so_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = write(tmp_path / "bare", 'name: bare\ntitle: fans only\nversion: "1"\nminimum: 8\n')
    (root / "fans").mkdir()
    with pytest.raises(SettlementError, match="rule set bare has no settlement: section"):
        Session(root)
    sheet = tmp_path / "s.txt"
    sheet.write_text("draw\n", encoding="utf-8")
    assert main(["sheet", str(sheet), "--rules", str(root)]) == 1
    assert capsys.readouterr().err == "fanrules: rule set bare has no settlement: section (docs/settlement.md)\n"


def test_ranking_points_name_the_four_places(tmp_path: Path) -> None:
    bad = write(tmp_path / "three", "name: three\nextends: mcr\nsettlement:\n  ranking: {points: [3, 1, 0]}\n")
    with pytest.raises(DiagnosticError) as caught:  # refused where it is written, when the rule set loads
        load_ruleset(bad)
    assert [(d.line, d.column, d.code, d.message) for d in caught.value.diagnostics] == [
        (4, 21, "R024", "settlement.ranking.points names 3 places; a table has 4 players")]
    mcr = load_ruleset("mcr")  # a section built in Python: the typed terms keep the check
    three = {**mcr.sections["settlement"], "ranking": {"points": [3, 1, 0], "ties": "share"}}
    with pytest.raises(SettlementError, match=r"^rule set mcr: settlement.ranking.points names 3 places; a table has 4 players$"):
        terms(replace(mcr, sections={**mcr.sections, "settlement": three}))
