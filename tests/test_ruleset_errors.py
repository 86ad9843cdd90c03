"""Broken rule sets under tests/fixtures/broken_rules: every diagnostic pinned to its code, file, line and column."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from fanrules.dsl import Diagnostic, DiagnosticError
from fanrules.ruleset import RuleSet, load_ruleset

BROKEN = Path(__file__).parent / "fixtures" / "broken_rules"

# fixture folder -> (file relative to the folder, line, column, code, words in the message or hint)
Expected = tuple[str, int, int, str, tuple[str, ...]]
CASES: dict[str, list[Expected]] = {
    "yaml_syntax": [
        ("fans/02-all-pungs.yaml", 5, 14, "R001", ("YAML syntax error", "mapping values are not allowed")),
    ],
    "duplicate_key": [
        ("fans/01-dragon-pung.yaml", 6, 1, "R002", ("duplicate key 'value'", "first at line 4")),
    ],
    "unknown_key": [
        ("fans/01-dragon-pung.yaml", 8, 1, "R003", ("unknown key 'exclude'", "a fan file", "did you mean 'excludes'?")),
        ("fans/01-dragon-pung.yaml", 12, 5, "R003", ("unknown key 'self_draw'", "an example", "did you mean 'self_drawn'?")),
    ],
    "missing_key": [
        ("fans/01-dragon-pung.yaml", 1, 1, "R004", ("missing key 'value'", "fan 1")),
        ("ruleset.yaml", 1, 1, "R004", ("missing key 'title'", "rule-set file")),
        ("ruleset.yaml", 1, 1, "R004", ("missing key 'minimum'", "rule-set file")),
    ],
    "wrong_type": [
        ("fans/01-dragon-pung.yaml", 4, 8, "R005", ("'value' must be a whole number", "the text 'two'")),
        ("fans/01-dragon-pung.yaml", 5, 13, "R005", ("'description' must be text", "nothing")),
        ("fans/01-dragon-pung.yaml", 10, 12, "R005", ("'scope' must be one of all, own_sets", "did you mean 'own_sets'?")),
        ("fans/01-dragon-pung.yaml", 13, 12, "R005", ("'count' must be a whole number", "true/false")),
        ("ruleset.yaml", 4, 10, "R005", ("'minimum' must be a whole number", "the text '8'")),
    ],
    "unknown_fan": [
        ("fans/01-dragon-pung.yaml", 9, 5, "R006", ("unknown fan '碰碰胡'", "exclusions of fan 1", "did you mean '碰碰和'?")),
        ("fans/01-dragon-pung.yaml", 10, 10, "R006", ("unknown fan 99", "exclusions of fan 1")),
    ],
    "duplicate_number": [
        ("fans/02-all-pungs.yaml", 1, 9, "R007", ("fan number 1 is also used by 01-dragon-pung.yaml",)),
    ],
    "duplicate_name": [
        ("fans/02-all-pungs.yaml", 3, 10, "R008", ("fan 2 has the same name_en as fan 1", "dragon pung")),
    ],
    "python_tag": [
        ("fans/01-dragon-pung.yaml", 5, 14, "R009", ("YAML tag '!!python/object/apply:os.system' is not allowed",)),
    ],
    "misspelt_builtin": [
        ("fans/01-dragon-pung.yaml", 8, 11, "P102", ("unknown function 'tiel'", "did you mean 'tile'?")),
    ],
    "missing_paren": [
        ("fans/02-all-pungs.yaml", 8, 22, "P004", ("missing ')'", "'(' at line 8, column 11")),
    ],
    "unknown_parent": [
        ("ruleset.yaml", 3, 10, "R013", ("unknown parent rule set 'mcr-2099'", "shipped rule sets:", "mcr")),
    ],
    "extends_cycle/a": [
        ("b/ruleset.yaml", 2, 10, "R013", ("rule set 'b' extends '../a'", "a -> b -> a", "its own ancestor")),
    ],
    "extends_cycle/b": [
        ("a/ruleset.yaml", 2, 10, "R013", ("rule set 'a' extends '../b'", "b -> a -> b")),
    ],
    "many_problems": [
        ("fans/01-dragon-pung.yaml", 4, 8, "R005", ("'value' must be a whole number", "the text '2'")),
        ("fans/01-dragon-pung.yaml", 6, 45, "P101", ("unknown name 'dragon'", "did you mean 'dragons'?")),
        ("fans/02-all-pungs.yaml", 8, 12, "R006", ("unknown fan 'Dragon Pungs'", "did you mean 'dragon pung'?")),
        ("fans/02-all-pungs.yaml", 12, 5, "R003", ("unknown key 'seat'", "did you mean 'seat_wind'?")),
        ("fans/03-seat-wind.yaml", 2, 10, "R008", ("same name_zh as fan 1", "箭刻")),
        ("fans/03-seat-wind.yaml", 5, 14, "R009", ("'!!python/name:os.getcwd' is not allowed",)),
        ("fans/04-self-drawn.yaml", 5, 14, "R001", ("unexpected end of stream", "quoted scalar at line 5, column 14")),
        ("fans/05-prevalent-wind.yaml", 1, 9, "R007", ("fan number 3 is also used by 03-seat-wind.yaml",)),
        ("ruleset.yaml", 1, 1, "R004", ("missing key 'minimum'",)),
        ("ruleset.yaml", 4, 1, "R003", ("unknown key 'minimun'", "did you mean 'minimum'?")),
    ],
}


def _diagnostics(case: str) -> list[Diagnostic]:
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(BROKEN / case)
    return err.value.diagnostics


def _folder(case: str) -> Path:
    return BROKEN / case.split("/")[0]


# One case per broken rule set under tests/fixtures/broken_rules (the folder, the id, names the mistake).
@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_rule_set_reports_every_problem_where_it_is(case: str) -> None:
    diagnostics = _diagnostics(case)
    got = sorted((Path(d.file).relative_to(_folder(case)).as_posix(), d.line, d.column, d.code, d.message) for d in diagnostics)
    want = sorted(CASES[case])
    assert [g[:4] for g in got] == [w[:4] for w in want], "\n".join(d.format() for d in diagnostics)
    for d, (*_, words) in zip(sorted(diagnostics, key=lambda d: (d.file, d.line, d.column, d.code, d.message)), want):
        for word in words:
            assert word in f"{d.message} {d.hint}", d.format()
        assert d.source_line == Path(d.file).read_text(encoding="utf-8").split("\n")[d.line - 1]


def test_at_least_twelve_broken_rule_sets() -> None:
    folders = {p.parent.name for p in BROKEN.glob("*/ruleset.yaml")} | {p.parent.parent.name for p in BROKEN.glob("*/*/ruleset.yaml")}
    assert folders - {"valid"} == {case.split("/")[0] for case in CASES}
    assert len(folders - {"valid"}) >= 12


def test_the_control_rule_set_loads() -> None:
    """Each broken rule set is this one with one kind of problem put in."""
    rules = load_ruleset(BROKEN / "valid")
    assert isinstance(rules, RuleSet) and [f.name_en for f in rules.fans] == ["Dragon Pung", "All Pungs"]


def test_a_python_tag_is_reported_and_never_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("a rule file ran a command")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(os, "system", forbidden)
    monkeypatch.setattr(subprocess, "Popen", forbidden)
    assert [d.code for d in _diagnostics("python_tag")] == ["R009"]
    assert not (tmp_path / "fanrules-pwned").exists()


def test_a_predicate_error_in_a_block_points_into_the_yaml_file() -> None:
    [d] = _diagnostics("misspelt_builtin")
    assert d.source_line == "    where tiel(p) in dragons"
    assert d.source_line[d.column - 1:].startswith("tiel(")
    [d] = _diagnostics("missing_paren")
    assert d.source_line == "  and size(chows == 0" and d.column == len(d.source_line) + 1


def test_the_error_text_shows_position_code_source_line_and_caret() -> None:
    with pytest.raises(DiagnosticError) as err:
        load_ruleset(BROKEN / "misspelt_builtin")
    path = BROKEN / "misspelt_builtin" / "fans" / "01-dragon-pung.yaml"
    assert str(err.value).split("\n") == [
        f"{path}:8:11: P102 unknown function 'tiel'",
        "        where tiel(p) in dragons",
        "    " + " " * 10 + "^",
        "    hint: did you mean 'tile'?",
    ]


def test_every_problem_of_several_files_comes_in_one_error() -> None:
    text = str(pytest.raises(DiagnosticError, load_ruleset, BROKEN / "many_problems").value)
    for line, (file, row, col, code, _) in zip(
            [t for t in text.split("\n") if not t.startswith("    ")], sorted(CASES["many_problems"])):
        assert line.startswith(f"{BROKEN / 'many_problems' / file}:{row}:{col}: {code} ")
