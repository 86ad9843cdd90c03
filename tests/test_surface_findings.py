"""The twelve findings of issue 13, one test each (each failed before its fix)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest

import fanrules
from fanrules import Context, Hand, HandError
from fanrules.dsl import DiagnosticError
from fanrules.ruleset import load_ruleset, loader
from fanrules.tools.cli import main

REPO = Path(__file__).resolve().parents[1]
MCR = REPO / "rules" / "mcr"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_1_context_keywords_reach_a_hand_value_and_unknown_ones_are_refused() -> None:
    hand = fanrules.parse_hand("1112345678999m5m")
    assert fanrules.score(hand, self_drawn=True).total == fanrules.score("1112345678999m5m", self_drawn=True).total == 92
    record = fanrules.hand_to_record(hand)
    assert fanrules.score(record, self_drawn=True).total == 92
    with pytest.raises(HandError, match="unknown key 'bogus'"):
        fanrules.score(hand, bogus=1)


def test_2_a_context_takes_winds_as_letters() -> None:
    assert Context(seat_wind="S").seat_wind == Context(seat_wind=28).seat_wind == 28
    parsed = fanrules.parse_hand("123m456p789sSSS1m1m")
    hand = Hand(parsed.concealed, parsed.melds, parsed.win_tile, Context(seat_wind="S"))
    assert "Seat Wind" in [c.fan.name_en for c in fanrules.score(hand).fans]
    with pytest.raises(HandError, match="seat_wind must be E, S, W or N, not 'X'"):
        Context(seat_wind="X")
    with pytest.raises(HandError, match="self_drawn must be true or false, not 'yes'"):
        Context(self_drawn="yes")  # type: ignore[arg-type]


def test_3_a_hand_built_in_python_is_validated() -> None:
    with pytest.raises(HandError) as err:
        fanrules.score(Hand(concealed=(0,) * 13, win_tile=4))
    assert err.value.kind == "invalid" and "fifth copy of 1m" in str(err.value)
    with pytest.raises(HandError, match="unknown tile 40"):
        fanrules.Scorer.of().score(Hand(concealed=(40,) + (1,) * 12, win_tile=4))


def test_4_one_vocabulary_in_records_flags_and_examples(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    base = {"hand": "123m456p789sSSS1m1m"}
    south = fanrules.score({**base, "round_wind": "S"}).total
    assert fanrules.score({**base, "prevalent_wind": "S"}).total == south != fanrules.score(base).total
    with pytest.raises(HandError, match="unknown key 'selfdrawn' \\(did you mean 'self_drawn'\\?\\)"):
        fanrules.score({**base, "selfdrawn": True})
    assert fanrules.score({"hand": "1112345678999m", "win_tile": "5m"}).total == 91
    code, out, _ = run(capsys, "score", "123m456p789sSSS1m1m", "--prevalent-wind", "S", "--last-tile", "--json")
    assert code == 0 and json.loads(out) == fanrules.score("123m456p789sSSS1m1m", prevalent_wind="S", last_tile=True).to_json()
    variant = tmp_path / "v"
    (variant / "fans").mkdir(parents=True)
    (variant / "ruleset.yaml").write_text("name: v\nextends: mcr\n", encoding="utf-8")
    (variant / "fans" / "60.yaml").write_text(
        "number: 60\nexamples:\n  - hand: 123m456p789sSSS1m1m\n    count: 1\n    round_wind: S\n"
        "  - hand: 123m456p789sSSS1m1m\n    count: 1\n    prevalent_wind: S\n", encoding="utf-8")
    code, out, _ = run(capsys, "test", str(variant), "-k", "60")
    assert code == 0 and "2 passed, 0 failed" in out


def test_5_waits_with_scores_is_public_and_the_scorer_takes_strings() -> None:
    table = fanrules.waits("1112345678999m")
    assert [w.code for w in table] == [f"{i}m" for i in range(1, 10)]
    assert table[4].discard.total == 91 and table[4].self_drawn.total == 92  # type: ignore[union-attr]
    assert fanrules.Scorer.of().score("1112345678999m5m", self_drawn=True).total == 92


def test_6_rule_tools_say_what_they_loaded_and_warn_about_a_different_checkout(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    installed = Path(load_ruleset("mcr").path)
    code, out, err = run(capsys, "check")
    assert code == 0 and f"rule set mcr: {installed}" in out and "warning" not in err
    checkout = tmp_path / "checkout"
    shutil.copytree(installed.parent, checkout / "rules" / "mcr")
    (checkout / "pyproject.toml").write_text('[project]\nname = "fanrules"\n', encoding="utf-8")
    monkeypatch.chdir(checkout / "rules")
    assert "warning" not in run(capsys, "test", "-k", "Nine Gates")[2]  # the same files: nothing to say
    edited = checkout / "rules" / "mcr" / "fans" / "04-nine-gates.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("value: 88", "value: 87"), encoding="utf-8")
    for command in ("check", "test"):
        code, out, err = run(capsys, command, *(["-k", "Nine Gates"] if command == "test" else []))
        assert f"rule set mcr: {installed}" in out
        assert "warning: this checkout's mcr differs from the installed copy" in err and "run the command on mcr" in err
    code, out, _ = run(capsys, "test", "mcr/", "-k", "Nine Gates")
    assert f"rule set mcr: {checkout / 'rules' / 'mcr' / 'ruleset.yaml'}" in out and "1 failed" in out


def test_7_the_notation_is_in_the_project_and_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    doc = (REPO / "docs" / "notation.md").read_text(encoding="utf-8")
    for form in ("1z", "[EEEE]", ",5", "claimed_from", "round_wind", "fourth_tile", "x_", "expected_alternatives"):
        assert form in doc, form
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = capsys.readouterr().out
    assert "docs/notation.md" in text and '",1"' in text and "[EEEE] a concealed kong" in text and "C red" in text
    with pytest.raises(SystemExit):
        main(["batch", "--help"])
    text = capsys.readouterr().out
    assert "docs/notation.md" in text and '"hand": "1112345678999m5m"' in text and "expected_*" in text and "fanrules record" in text


def test_8_a_root_cause_comes_without_its_cascade(tmp_path: Path) -> None:
    typo = tmp_path / "typo"
    (typo / "fans").mkdir(parents=True)
    (typo / "ruleset.yaml").write_text("name: typo\nextends: mrc\ndisable:\n  - 花牌\n", encoding="utf-8")
    (typo / "fans" / "08.yaml").write_text("number: 8\nvalue: 10\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(typo)
    [only] = err.value.diagnostics
    assert only.code == "R013" and "did you mean 'mcr'?" in only.hint
    broken = tmp_path / "broken"
    shutil.copytree(MCR, broken)
    pungs = broken / "fans" / "48-all-pungs.yaml"
    pungs.write_text(pungs.read_text(encoding="utf-8").replace("value: 6", "value: [6"), encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(broken)
    assert [(Path(d.file).name, d.code) for d in err.value.diagnostics] == [("48-all-pungs.yaml", "R001")]


def test_9_short_reprs_and_explanations_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    result = fanrules.score("[EEE,1][SSSS,1]55pWWWNNN", self_drawn=True)
    assert len(repr(result.fans[0].fan)) < 120 and len(repr(result.not_counted)) < 1000 and len(repr(result)) < 200
    assert len(repr(fanrules.Scorer.of().ruleset)) < 200
    assert "def run" not in repr(result.fans[0].fan.compiled) and len(repr(result.fans[0].fan.compiled)) < 400
    data = result.to_json()
    assert {"total", "total_with_flowers", "fans"} <= set(data)
    assert data["fans"][0]["sets"] == [["[EEE]", "[SSSS]", "WWW", "NNN"]]
    assert data["reading"] == {"shape": "standard", "sets": ["[EEE]", "[SSSS]", "WWW", "NNN", "55p"], "knitted": [], "winning_set": "NNN"}
    excluded = {(n["name_en"], n["principle"], n["by"]["name_en"]) for n in data["not_counted"]}
    assert ("All Pungs", "excluded", "Big Four Winds") in excluded
    code, out, _ = run(capsys, "score", "[EEE,1][SSSS,1]55pWWWNNN", "--self-drawn", "--json")
    assert json.loads(out) == data


def test_10_diff_record_test_k_and_test_update(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "record", "1112345678999m5m", "--self-drawn", "--id", "a")
    record = json.loads(out)
    assert code == 0 and record["id"] == "a" and fanrules.score(record).total == 92
    cases = tmp_path / "cases.jsonl"
    cases.write_text(out + "not json\n" + json.dumps({"hand": "[FFFF][9999s,1][123m,1]1456p1p", "id": "low"}) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "diff", str(cases), "--rules", "casual", "--verbose")
    assert code == 0 and "line 2: not valid JSON" in out and "minimum 8 -> 0" in out
    assert "low [FFFF][9999s,1][123m,1]1456p1p: 7 (under_minimum) -> 7" in out
    code, _, err = run(capsys, "test", "-k", "nosuchthing")
    assert code == 2 and "-k 'nosuchthing' matches no example" in err
    copy = tmp_path / "mcr"
    shutil.copytree(MCR, copy)
    fan = copy / "fans" / "70-mixed-double-chow.yaml"
    fan.write_text(fan.read_text(encoding="utf-8").replace("value: 1\n", "value: 2\n"), encoding="utf-8")
    before = {p.name: p.read_text(encoding="utf-8") for p in (copy / "fans").glob("*.yaml")}
    assert run(capsys, "test", str(copy))[0] == 1
    code, out, _ = run(capsys, "test", str(copy), "--update")
    assert code == 0 and "mcr/喜相逢[1] total 30 -> 31" in out
    loader._load_cached.cache_clear()  # a rule set is loaded once per process; the command runs afresh each time
    code, out, _ = run(capsys, "test", str(copy))
    assert code == 0 and "0 failed" in out
    for path in (copy / "fans").glob("*.yaml"):  # only the stale numbers changed, comments and layout kept
        old, new = before[path.name].split("\n"), path.read_text(encoding="utf-8").split("\n")
        assert len(old) == len(new)
        assert all(a == b or (a.strip().startswith("total:") and b.strip().startswith("total:")) for a, b in zip(old, new))


def test_11_a_folded_predicate_is_reported_where_it_is(tmp_path: Path) -> None:
    variant = tmp_path / "v"
    (variant / "fans").mkdir(parents=True)
    (variant / "ruleset.yaml").write_text("name: v\nextends: mcr\n", encoding="utf-8")
    (variant / "fans" / "08.yaml").write_text("number: 8\npredicate: >\n  all(t in tiles:\n\n  t in terminalz)\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(variant)
    [d] = err.value.diagnostics
    assert (d.line, d.column, d.source_line[d.column - 1:]) == (5, 8, "terminalz)")


@pytest.mark.slow  # a type checker run on a script
def test_12_typed_package_and_exported_errors(tmp_path: Path) -> None:
    assert (resources.files("fanrules") / "py.typed").is_file()
    assert "DiagnosticError" in fanrules.__all__ and fanrules.DiagnosticError is not None
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(REPO)],
                           capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr
    [wheel] = tmp_path.glob("fanrules-*.whl")
    assert "fanrules/py.typed" in zipfile.ZipFile(wheel).namelist()
