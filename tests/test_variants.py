"""Variants as data: shipped variants, a variant written in a test, diffs against mcr, broken variants."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import fanrules
from conftest import corpus_path
from test_rules_examples import check_example, example_params
from fanrules.tools import cli
from fanrules.tools.compare import compare
from fanrules.dsl import DiagnosticError
from fanrules.ruleset.lint import lint
from fanrules.scoring.examples import run_examples
from fanrules.core.notation import parse_hand
from fanrules.ruleset import load_ruleset
from fanrules.scoring import Scorer

#: The shipped rule sets that extend mcr directly (strict1998 is now an old name of mcr-1998, tested in
#: test_editions.py) and those that extend another edition.
VARIANTS = ("mil", "mcr-1998", "casual", "green-book")
EDITIONS_ON_EDITIONS = {"mil-online": "mil", "botzone": "mil"}
CORPUS = corpus_path("public.jsonl")


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


# --- (a) a variant written as YAML only ----------------------------------------------------------

MY_VARIANT = {
    "ruleset.yaml": "name: myvariant\nextends: mcr\nminimum: 9\ndisable: [花牌]\n",
    "fans/59-dragon-pung.yaml": "number: 59\nvalue: 3\n",
    "fans/90-two-winds.yaml": """number: 90
name_zh: 双风刻
name_en: Two Wind Pungs
value: 4
description: "Two pungs or kongs of winds."
predicate: |
  count(p in pungs: tile(p) in winds) == 2
examples:
  - hand: "[EEE,1]SSS123m456p9p9p"
    count: 1
  - hand: "[EEE,1]CCC123m456p9p9p"
    count: 0
""",
}


@pytest.fixture()
def my_variant(tmp_path: Path) -> Path:
    return _write(tmp_path / "myvariant", MY_VARIANT)


def test_variant_in_tmp_path_through_the_library(my_variant: Path) -> None:
    rs = load_ruleset(my_variant)
    assert rs.minimum == 9 and rs.chain == ("myvariant", "mcr")
    assert rs.fan("箭刻").points == 3 and rs.fan(90).name_en == "Two Wind Pungs"
    with pytest.raises(KeyError):
        rs.fan("花牌")
    winds = fanrules.score("[EEE,1]SSS123m456p9p9p", rules=my_variant, flowers=2)
    assert {c.fan.name_zh for c in winds.fans} >= {"双风刻"} and "花牌" not in {c.fan.name_zh for c in winds.fans}
    assert winds.total_with_flowers == winds.total
    dragon = fanrules.score("[FFFF][9999s,1][123m,1]1456p1p", rules=my_variant)
    base = fanrules.score("[FFFF][9999s,1][123m,1]1456p1p")
    assert (base.total, dragon.total) == (7, 8) and not dragon.is_win
    assert all(o.passed for o in run_examples(rs)), [o.message for o in run_examples(rs) if not o.passed]
    assert lint(rs) == []


def test_variant_in_tmp_path_through_the_cli(my_variant: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score", "[EEE,1]SSS123m456p9p9p", "--flowers", "2", "--rules", str(my_variant), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert 90 in {f["id"] for f in out["fans"]} and 81 not in {f["id"] for f in out["fans"]}
    assert cli.main(["score", "[FFFF][9999s,1][123m,1]1456p1p", "--rules", str(my_variant)]) == 0
    text = capsys.readouterr().out
    assert "箭刻 Dragon Pung" in text and "under the minimum of 9" in text
    assert cli.main(["check", str(my_variant)]) == 0
    assert cli.main(["test", str(my_variant)]) == 0


def test_variant_extends_by_absolute_path(tmp_path: Path) -> None:
    root = Path(load_ruleset("mcr").path).parent
    _write(tmp_path / "v", {"ruleset.yaml": f"name: v\nextends: {root}\nminimum: 0\n"})
    assert load_ruleset(tmp_path / "v").minimum == 0


# --- (b) shipped variants lint clean and pass their examples ---------------------------------------

# One case per shipped variant.
@pytest.mark.parametrize("name", VARIANTS)
def test_shipped_variant_lints_clean(name: str) -> None:
    rs = load_ruleset(name)
    assert rs.chain == (name, "mcr")
    assert lint(rs) == []


# One case per shipped edition that extends another edition than mcr.
@pytest.mark.parametrize("name,parent", sorted(EDITIONS_ON_EDITIONS.items()))
def test_shipped_edition_on_an_edition_lints_clean(name: str, parent: str) -> None:
    rs = load_ruleset(name)
    assert rs.chain == (name, parent, "mcr")
    assert lint(rs) == []


# One case per example of a shipped variant (``mil/明暗杠[1]``), scored inside the test (see test_rules_examples).
@pytest.mark.parametrize("name, number, index", example_params((*VARIANTS, *EDITIONS_ON_EDITIONS)))
def test_shipped_variant_examples(name: str, number: int, index: int) -> None:
    check_example(name, number, index)


def test_shipped_variant_files_carry_the_schema_line() -> None:
    root = Path(load_ruleset("mcr").path).parents[1]
    for name in (*VARIANTS, *EDITIONS_ON_EDITIONS):
        assert (root / name / "ruleset.yaml").read_text(encoding="utf-8").startswith(
            "# yaml-language-server: $schema=../schema/ruleset.schema.json\n")
        for fan in (root / name / "fans").glob("*.yaml"):
            assert fan.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=../../schema/fan.schema.json\n"), fan


# --- (c) the differences from mcr ---------------------------------------------------------------

def test_mil_scores_concealed_and_melded_kong() -> None:
    hand = "[FFFF][9999s,1][123m,1]1456p1p"
    mcr, mil = fanrules.score(hand), fanrules.score(hand, rules="mil")
    assert {"暗杠", "明杠"} <= {c.fan.name_zh for c in mcr.fans}
    assert [c.fan.name_zh for c in mil.fans if "杠" in c.fan.name_zh] == ["明暗杠"]
    assert mil.total - mcr.total == 5 - 3
    assert not mcr.is_win and mil.is_win


def test_mcr_1998_drops_triple_pung_under_all_terminals() -> None:
    hand = "[111m,1]111999p1199s1s"
    mcr, strict = fanrules.score(hand, self_drawn=True), fanrules.score(hand, rules="mcr-1998", self_drawn=True)
    assert "三同刻" in {c.fan.name_zh for c in mcr.fans} and "三同刻" not in {c.fan.name_zh for c in strict.fans}
    assert mcr.total - strict.total == 16


def test_mcr_1998_seven_pairs_without_upper_tiles() -> None:
    hand = "778899m7788p779s9s"
    mcr, strict = fanrules.score(hand), fanrules.score(hand, rules="mcr-1998")
    assert {"七对", "全大"} <= {c.fan.name_zh for c in mcr.fans}
    assert {c.fan.name_zh for c in strict.fans} == {"七对", "大于五"}


def test_casual_has_no_flowers_and_no_minimum() -> None:
    flowers = fanrules.score("4666999sWWWFFF4s", seat_wind="N", prevalent_wind="N", flowers=4)
    casual = fanrules.score("4666999sWWWFFF4s", rules="casual", seat_wind="N", prevalent_wind="N", flowers=4)
    assert flowers.total_with_flowers == flowers.total + 4
    assert casual.total_with_flowers == casual.total == flowers.total and "花牌" not in {c.fan.name_zh for c in casual.fans}
    low = "[FFFF][9999s,1][123m,1]1456p1p"
    assert not fanrules.score(low).is_win and fanrules.score(low, rules="casual").is_win


# --- fanrules diff ---------------------------------------------------------------------------------

def _kongs(record: dict) -> tuple[int, int]:
    kinds = [m["type"] for m in record.get("melds", [])]
    return kinds.count("concealed_kong"), kinds.count("kong")


def test_diff_mil_against_mcr_changes_exactly_the_concealed_and_melded_kong_hands(capsys: pytest.CaptureFixture[str]) -> None:
    records = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    expected = {r["id"] for r in records if _kongs(r) == (1, 1) and r["expected"].get("error") not in ("invalid", "not_a_win")}
    assert expected
    assert cli.main(["diff", "--rules", "mil", "--against", "mcr", str(CORPUS), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["changed_ids"]) == expected and report["changed"] == len(expected)
    assert report["total_changed"]["hands"] == len(expected) and report["hands"] == len(records)
    fans = {f["id"]: f for f in report["fans"]}
    assert set(fans) == {67, 74, 82}
    assert fans[82]["added"]["hands"] == len(expected) and fans[67]["removed"]["hands"] == len(expected)
    assert len(fans[82]["added"]["examples"]) == 3 and all(e["hand"] for e in fans[82]["added"]["examples"])


def test_compare_reports_status_changes() -> None:
    records = [fanrules.hand_to_record(fanrules.parse_hand("[FFFF][9999s,1][123m,1]1456p1p"), id="low"),
               fanrules.hand_to_record(fanrules.parse_hand("4666999sWWWFFF4s", seat_wind="N", prevalent_wind="N", flowers=4), id="fl"),
               {"id": "bad", "hand": ["1m"], "win_tile": "1m"}]
    report = compare(load_ruleset("casual"), load_ruleset("mcr"), records)
    assert report.hands == 3 and report.changed_ids == ["low", "fl"]
    assert report.status_changed.hands == 1 and report.transitions == {"under_minimum -> win": 1}
    assert report.fans[81].removed.hands == 1 and report.fans[81].removed.examples[0].id == "fl"
    assert "casual against mcr: 3 hands, 2 changed" in report.format()


# --- (d) broken variants: diagnostics with file, line and column -------------------------------------

BROKEN = {
    "unknown parent": ({"v/ruleset.yaml": "name: v\nextends: mcr-2099\n"}, "v/ruleset.yaml", 2, 10, "R013", "unknown parent rule set"),
    "extends cycle": ({"v/ruleset.yaml": "name: v\nextends: ../w\n", "w/ruleset.yaml": "name: w\nextends: ../v\n"},
                      "w/ruleset.yaml", 2, 10, "R013", "leads back to it"),
    "override of a missing fan": ({"v/ruleset.yaml": "name: v\nextends: mcr\n", "v/fans/99.yaml": "number: 99\nvalue: 3\n"},
                                  "v/fans/99.yaml", 1, 1, "R004", "missing key 'name_zh' in fan 99"),
    "disable of a missing fan": ({"v/ruleset.yaml": "name: v\nextends: mcr\ndisable:\n  - 花牌\n  - 天和\n"},
                                 "v/ruleset.yaml", 5, 5, "R006", "cannot disable unknown fan '天和'"),
    "excludes_remove of a missing fan": ({"v/ruleset.yaml": "name: v\nextends: mcr\n", "v/fans/8.yaml": "number: 8\nexcludes_remove: [天和]\n"},
                                         "v/fans/8.yaml", 2, 19, "R006", "unknown fan '天和' in excludes_remove"),
    "bad predicate in an override": ({"v/ruleset.yaml": "name: v\nextends: mcr\n", "v/fans/8.yaml": "number: 8\npredicate: |\n  all(t in tiles: t in terminalz)\n"},
                                     "v/fans/8.yaml", 3, 24, None, "terminalz"),
}


# One case per mistake in a variant (the key of BROKEN, the id, names it).
@pytest.mark.parametrize("name", list(BROKEN))
def test_broken_variant_diagnostics(tmp_path: Path, name: str) -> None:
    files, file, line, column, code, text = BROKEN[name]
    _write(tmp_path, files)
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(tmp_path / "v")
    found = [(d.file, d.line, d.column, d.code) for d in err.value.diagnostics if text in d.message]
    assert len(found) == 1, [d.format() for d in err.value.diagnostics]
    got_file, got_line, got_column, got_code = found[0]
    assert Path(got_file).resolve() == (tmp_path / file).resolve()
    assert (got_line, got_column) == (line, column) and (code is None or got_code == code)


def test_broken_variant_cli_exit_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path, BROKEN["unknown parent"][0])
    assert cli.main(["check", str(tmp_path / "v")]) == 3
    assert "ruleset.yaml:2:10" in capsys.readouterr().err


def test_disabling_a_fan_that_others_exclude_drops_those_exclusions(tmp_path: Path) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: noselfdraw\nextends: mcr\ndisable: [自摸]\n", encoding="utf-8")
    ruleset = load_ruleset(tmp_path)
    assert all(f.name_zh != "自摸" for f in ruleset.fans)
    assert all(ex.target != 80 for f in ruleset.fans for ex in f.excludes)
    result = Scorer(ruleset).score(parse_hand("[123p,1][345s,1][678m,1]EE56m7m", self_drawn=True))
    assert "自摸" not in {c.fan.name_zh for c in result.fans}


def test_overriding_a_number_no_parent_has_says_it_is_a_new_fan(tmp_path: Path) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: typo\nextends: mcr\n", encoding="utf-8")
    (tmp_path / "fans").mkdir()
    (tmp_path / "fans" / "x.yaml").write_text("number: 99\nvalue: 3\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(tmp_path)
    assert all(d.code == "R004" and "no parent rule set has a fan 99" in d.hint for d in err.value.diagnostics)
