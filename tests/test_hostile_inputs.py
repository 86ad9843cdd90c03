"""Regressions of the second hostile review (issue 30): the cache, numbers, sheets and ports. Each failed before its fix."""
from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fanrules.core.errors import RuleSetError
from fanrules.core.text import UNSAFE
from fanrules.dsl import cache, compile_predicate
from fanrules.ruleset import load_ruleset
from fanrules.ruleset.yamlpos import read_yaml
from fanrules.tools import cli, web_commands
from fanrules.tools.sheet_cmd import FORMULA_STARTS

HAND = "[CCC,1]FFFPPP999s5m5m"


def _fanrules(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fanrules", *args], capture_output=True, text=True, timeout=120,
                          env=None if env is None else {**os.environ, **env})


# --- finding 6: a cache entry is bound to its predicate's text ---------------------------------------


@pytest.mark.slow  # fresh processes
def test_an_entry_copied_over_another_is_a_miss_with_a_notice_never_a_wrong_score(tmp_path: Path) -> None:
    # A user's rule set: mcr with two predicates reworded (a shipped one's come from its start-up data).
    rules = tmp_path / "rules"
    shutil.copytree(Path(__file__).resolve().parents[1] / "rules", rules)
    for name, text in (("80-self-drawn.yaml", "self_drawn"), ("12-four-concealed-pungs.yaml", "count(p in pungs: concealed(p)) >= 4")):
        fan = rules / "mcr" / "fans" / name
        fan.write_text(fan.read_text(encoding="utf-8").replace(f"  {text}\n", f"  ({text})\n"), encoding="utf-8")
    env = {"FANRULES_CACHE_DIR": str(tmp_path), "FANRULES_NO_CACHE": ""}
    args = ("score", "--self-drawn", "--json", "--rules", str(rules / "mcr"), HAND)
    first = _fanrules(*args, env=env)
    assert first.returncode == 0 and json.loads(first.stdout)["total"] == 114
    [path] = tmp_path.glob("predicates-*.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = data["entries"]
    # Self-Drawn's tree (true here) over Four Concealed Pungs' (false here): the score rose before.
    [drawn] = [t for t in entries if t.strip() == "(self_drawn)"]
    [four] = [t for t in entries if t.strip() == "(count(p in pungs: concealed(p)) >= 4)"]
    entries[four] = dict(entries[drawn])
    path.write_text(json.dumps(data), encoding="utf-8")
    second = _fanrules(*args, env=env)
    assert second.returncode == 0 and json.loads(second.stdout)["total"] == 114
    assert second.stderr.count("\n") == 1 and "predicate cache" in second.stderr and "Traceback" not in second.stderr
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][four]["bound"] == cache.bound_to(four)  # rewritten
    third = _fanrules(*args, env=env)
    assert json.loads(third.stdout)["total"] == 114 and third.stderr == ""


# --- finding 8: nonsense is refused, not read as something else -------------------------------------


@pytest.mark.parametrize("seconds", ["nan", "-1", "inf", "-inf", "1e400"])
def test_analyze_refuses_a_time_limit_that_is_not_finite_or_is_negative(capsys: pytest.CaptureFixture[str], seconds: str) -> None:
    with pytest.raises(SystemExit) as ended:
        cli.main(["analyze", "--no-points", f"--two-from-ready={seconds}", "123m456p789s1122z3z"])
    err = capsys.readouterr().err
    assert ended.value.code == 2 and "--two-from-ready" in err and "Traceback" not in err


def _rule_set(root: Path, minimum: str, predicate: str = "size(chows) >= 1") -> Path:
    (root / "fans").mkdir(parents=True)
    (root / "ruleset.yaml").write_text(f'name: hostile\ntitle: t\nversion: "1"\ndescription: d\nminimum: {minimum}\nsources: [x]\n', encoding="utf-8")
    (root / "fans" / "01.yaml").write_text(f"number: 1\nname_zh: 甲\nname_en: Fan 1\nvalue: 1\ndescription: d\npredicate: |\n  {predicate}\n"
                                           "examples:\n  - hand: 123m456m789m123p5p5p\n    count: 1\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("written", ["1:30", "0x8", "0o10", "0b1000", "1_0", ".inf", "!!int 1:30"])
def test_yaml_1_1_number_forms_are_not_numbers_in_a_rule_file(tmp_path: Path, written: str) -> None:
    with pytest.raises(RuleSetError) as refused:
        load_ruleset(_rule_set(tmp_path, written))
    [diagnostic] = refused.value.diagnostics
    assert (diagnostic.file.endswith("ruleset.yaml"), diagnostic.line) == (True, 5) and "minimum" in diagnostic.message


def test_a_number_with_a_leading_zero_is_read_as_written(tmp_path: Path) -> None:
    value, diagnostics = read_yaml("f.yaml", "minimum: 010\nother: 1.50\n")
    assert (value["minimum"], value["other"], diagnostics) == (10, 1.5, [])  # YAML 1.1 reads 010 as 8


@pytest.mark.parametrize("count", ["0 - 5", "-(3)", "size(chows) - 5"])
def test_a_count_that_is_always_negative_gets_a_located_diagnostic(count: str) -> None:
    compiled, diagnostics = compile_predicate(count, use_cache=False)
    assert compiled is None and [(d.code, d.line, d.column) for d in diagnostics] == [("P120", 1, 1)]


# --- findings 4, 5 and 7: score sheets --------------------------------------------------------------


HUGE = "9" * 5000


def _sheet(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, *options: str) -> tuple[int, str, str]:
    path = tmp_path / "sheet.txt"
    path.write_text(text, encoding="utf-8")
    code = cli.main(["sheet", str(path), *options])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("text, words", [
    ("E wins ² from S\n", "digits 0-9"),  # a Unicode digit: str.isdigit, but int() fails
    ("E wins 24 from S flowers ²\n", "digits 0-9"),
    ("E wins ٣٢ from S\n", "digits 0-9"),  # Arabic-Indic digits: int() would read them as 32
    (f"E wins {HUGE} from S\n", "5000 digits"),
    (f"E wins 24 from S flowers {HUGE}\n", "5000 digits"),
    ('{"event": "win", "winner": "E", "discarder": "S", "points": ' + HUGE + "}\n", "5000 digits"),
    ('{"event": "win", "winner": "E", "discarder": "S", "points": -' + HUGE + "}\n", "5000 digits"),
    ('{"event": "win", "winner": "E", "discarder": "S", "points": 24, "flowers": ' + HUGE + "}\n", "5000 digits"),
])
def test_a_sheet_number_that_is_not_ascii_digits_or_is_huge_gets_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, words: str) -> None:
    code, out, err = _sheet(capsys, tmp_path, text)
    assert code == 1 and out == "" and words in err and err.count("\n") == 1 and err.startswith("fanrules: ")


@pytest.mark.parametrize("text", [
    "players: A B C D\nA \x1b]0;owned\x07false-win\n",  # a penalty word
    '{"event": "penalty", "player": "E", "kind": "\\u001b[2J\\u202e"}\n',
    "players: \x1b[31mA B C D\nA wins 24 from B\n",  # a player name
    '{"players": ["\\u001b[31mA", "B", "C", "D"]}\n',
    "E wins 24 from \x1b[2J\n",  # an unknown player
])
def test_sheet_errors_print_no_control_characters(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str) -> None:
    code, _, err = _sheet(capsys, tmp_path, text)
    assert code == 1 and err.count("\n") == 1
    assert not UNSAFE.search(err[:-1]) and "\\x1b" in err


FORMULAS = "players: =HYPERLINK(\"x\") +A @B -C\n=HYPERLINK(\"x\") wins 24 from +A\n@B self-draws 8\n"


def test_sheet_csv_keeps_formula_like_cells_as_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = _sheet(capsys, tmp_path, FORMULAS, "--csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and rows[1][2:4] == ["'=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\") wins 24 from +A"]
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c.startswith(FORMULA_STARTS) and not c.lstrip("-").isdigit()]  # only numbers start with '-'
    assert {"'+A", "'@B", "'-C"} <= set(cells)
    assert "\n2,\"'=HYPERLINK(\"\"x\"\")\",532," in out  # quoted, as OWASP advises


def test_sheet_csv_writes_ranking_points_as_decimals_not_dates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    two_way = "players: A B C D\nA wins 24 from B\nB wins 24 from A\nC wins 8 from D\n"  # A and B tie: (2 + 1) / 2
    code, out, _ = _sheet(capsys, tmp_path, two_way, "--csv")
    standings = list(csv.reader(io.StringIO(out.split("\n\n")[1])))[1:]
    assert code == 0 and sorted(row[4] for row in standings) == ["0", "1.5", "1.5", "4"]
    three_way = "players: A B C D\nA self-draws 8\nB self-draws 8\nC self-draws 8\n"
    _, out, _ = _sheet(capsys, tmp_path, three_way, "--csv")
    standings = list(csv.reader(io.StringIO(out.split("\n\n")[1])))[1:]
    assert sorted(row[4] for row in standings) == ["0", "2.333333", "2.333333", "2.333333"]
    assert not any("/" in row[4] for row in standings)


# --- finding 4: serve's port ----------------------------------------------------------------------


@pytest.mark.parametrize("port", ["99999", "-1", "65536", "8" * 5000, "٣"])
def test_serve_refuses_a_port_out_of_range_in_one_line(capsys: pytest.CaptureFixture[str], port: str) -> None:
    with pytest.raises(SystemExit) as ended:
        cli.main(["serve", f"--port={port}"])
    err = capsys.readouterr().err
    assert ended.value.code == 2 and "--port" in err and "0..65535" in err and "Traceback" not in err


def test_every_port_in_range_is_taken() -> None:
    assert [web_commands.port(p) for p in ("0", "8419", "65535")] == [0, 8419, 65535]
