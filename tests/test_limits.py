"""Hostile inputs are refused quickly with a diagnostic: unsafe YAML tags, huge files and predicates,
deep nesting, huge hand strings."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from fanrules import HandError, parse_hand
from fanrules.dsl import DiagnosticError, compile_predicate
from fanrules.ruleset import load_ruleset

QUICK = 2.0  # seconds

RULESET_HEAD = 'name: hostile\ntitle: t\nversion: "1"\ndescription: d\nminimum: 8\nsources: [x]\n'
GOOD_FAN = ("number: 1\nname_zh: 甲\nname_en: A\nvalue: 1\ndescription: d\npredicate: size(chows) >= 1\n"
            "examples:\n  - hand: 123m456m789m123p5p5p\n    count: 1\n")


def _ruleset(tmp_path: Path, ruleset_text: str, fan_text: str = GOOD_FAN) -> Path:
    (tmp_path / "ruleset.yaml").write_text(ruleset_text, encoding="utf-8")
    (tmp_path / "fans").mkdir()
    (tmp_path / "fans" / "01-a.yaml").write_text(fan_text, encoding="utf-8")
    return tmp_path


def _refused(path: Path) -> list[str]:
    """The diagnostic codes of a rule set that must not load, checking it is refused quickly."""
    start = time.perf_counter()
    with pytest.raises(DiagnosticError) as info:
        load_ruleset(path)
    assert time.perf_counter() - start < QUICK
    assert info.value.diagnostics
    return [d.code for d in info.value.diagnostics]


def test_the_template_rule_set_loads(tmp_path: Path) -> None:
    rs = load_ruleset(_ruleset(tmp_path, RULESET_HEAD))
    assert [f.number for f in rs.fans] == [1]


# Both kinds of rule file: ruleset.yaml and a fan file are read the same safe way.
@pytest.mark.parametrize("where", ["ruleset", "fan"])
def test_python_object_tag_is_refused_and_nothing_runs(tmp_path: Path, where: str) -> None:
    marker = tmp_path / "PWNED"
    evil = f"!!python/object/apply:os.system ['touch {marker}']"
    if where == "ruleset":
        path = _ruleset(tmp_path, RULESET_HEAD.replace("title: t", f"title: {evil}"))
    else:
        path = _ruleset(tmp_path, RULESET_HEAD, GOOD_FAN.replace("name_en: A", f"name_en: {evil}"))
    codes = _refused(path)
    assert "R009" in codes
    assert not marker.exists()


def test_python_name_tag_on_a_key_is_refused(tmp_path: Path) -> None:
    path = _ruleset(tmp_path, RULESET_HEAD + "? !!python/name:os.system\n: 1\n")
    assert _refused(path)


def test_ten_megabyte_rule_file_is_refused(tmp_path: Path) -> None:
    path = _ruleset(tmp_path, RULESET_HEAD + "# " + "x" * 10_000_000 + "\n")
    assert "R010" in _refused(path)


def test_ten_megabyte_fan_file_is_refused(tmp_path: Path) -> None:
    path = _ruleset(tmp_path, RULESET_HEAD, GOOD_FAN.replace("description: d", "description: " + "y" * 10_000_000))
    assert "R010" in _refused(path)


# Deep YAML both ways: nested lists and nested mappings.
@pytest.mark.parametrize("opener,closer", [("[", "]"), ("{a: ", "}")])
def test_thousand_levels_of_yaml_are_refused(tmp_path: Path, opener: str, closer: str) -> None:
    deep = opener * 1000 + closer * 1000
    path = _ruleset(tmp_path, RULESET_HEAD, GOOD_FAN.replace("description: d", f"description: {deep}"))
    assert "R011" in _refused(path)


def test_thousand_levels_of_block_yaml_are_refused(tmp_path: Path) -> None:
    deep = "".join(" " * i + "- \n" for i in range(1000))
    path = _ruleset(tmp_path, RULESET_HEAD, GOOD_FAN.replace("description: d\n", "description:\n" + deep))
    assert set(_refused(path)) & {"R011", "R001"}


def _predicate_refused(text: str) -> list[str]:
    start = time.perf_counter()
    compiled, diagnostics = compile_predicate(text)
    assert time.perf_counter() - start < QUICK
    assert compiled is None and diagnostics
    return [d.code for d in diagnostics]


def test_ten_megabyte_predicate_is_refused() -> None:
    assert _predicate_refused("size(chows) >= 1 and " * 500_000 + "true") == ["P008"]


@pytest.mark.parametrize("text", [
    "(" * 1000 + "size(chows) >= 1" + ")" * 1000,  # parentheses around a comparison
    "(" * 1000 + "1" + ")" * 1000,  # parentheses around a number
    "not " * 900 + "size(chows) >= 1",  # prefix operators
    "-" * 1000 + "1 > 0",  # unary minus
    "size(" * 1000 + "chows" + ")" * 1000,  # nested calls
])
def test_thousand_levels_of_predicate_nesting_are_refused(text: str) -> None:
    codes = _predicate_refused(text)
    assert set(codes) & {"P009", "P008"}


def test_deep_predicate_in_a_rule_file_is_refused(tmp_path: Path) -> None:
    fan = GOOD_FAN.replace("predicate: size(chows) >= 1", "predicate: " + "(" * 1000 + "size(chows) >= 1" + ")" * 1000)
    assert "P009" in _refused(_ruleset(tmp_path, RULESET_HEAD, fan))


@pytest.mark.parametrize("text", [
    "1m" * 500_000,  # a million tile codes
    "[123m]" * 170_000,  # a million characters of declared sets
    "[" * 1_000_000,  # unclosed brackets
    "1" * 1_000_000,  # digits with no suit
    " " * 1_000_000 + "1m",  # blanks
])
def test_megabyte_hand_string_is_refused(text: str) -> None:
    start = time.perf_counter()
    with pytest.raises(HandError) as info:
        parse_hand(text)
    assert time.perf_counter() - start < QUICK
    assert info.value.kind == "invalid"
    assert "at most" in str(info.value)


def test_normal_long_hand_strings_still_parse() -> None:
    hand = parse_hand("[1111m,5] [2222p,6] [3333s,7] [EEEE] 5 m 5m")
    assert len(hand.melds) == 4


def test_the_limits_table_says_what_the_commands_do() -> None:
    """The commands' rows of the one table of limits (docs/rules.md), against the numbers in the code."""
    from importlib import import_module

    from fanrules.core.jsonio import MAX_LINE_CHARS
    from fanrules.tools import batch

    simulate = import_module("fanrules.game.simulate")  # the package's name ``simulate`` is the function
    text = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip()
            for line in text.split("## Limits and confinement")[1].split("\n## ")[0].splitlines() if line.startswith("| ")}
    assert rows["characters of one line of a `batch` input or a `replay` log"] == f"{MAX_LINE_CHARS:,}"
    assert batch.MAX_LINE_BYTES == 4 * MAX_LINE_CHARS  # the same limit, in bytes of UTF-8
    assert rows["games of `simulate` in memory at once"] == \
        f"{simulate.CHUNK_GAMES} per task, {simulate.CHUNKS_PER_WORKER} tasks per worker"
    assert rows["worker processes (`--jobs` of `batch` and `simulate`)"] == "the CPU count"
    from fanrules.core.notation import MAX_HAND_CHARS
    from fanrules.settlement.sheet import MAX_DIGITS
    from fanrules.tools.sheet_cmd import MAX_SHEET_BYTES
    from fanrules.tools.web_commands import MAX_PORT
    assert rows["characters of a hand string"] == f"{MAX_HAND_CHARS:,}"
    assert rows["size of a score sheet (`sheet`)"] == f"{MAX_SHEET_BYTES:,} bytes"
    assert rows["digits of a number on a score sheet (points, flowers, a player)"].startswith(f"{MAX_DIGITS} ASCII digits")
    assert rows["`serve --port`"] == f"0 to {MAX_PORT}"
    cores = os.cpu_count() or 1
    assert batch.usable_jobs(10**6) == cores and batch.usable_jobs(0) == cores and batch.usable_jobs(1) == 1
