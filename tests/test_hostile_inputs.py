"""Regressions of the second hostile review (issue 30): the cache, numbers, sheets and ports. Each failed before its fix."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fanrules.core.errors import RuleSetError
from fanrules.dsl import cache, compile_predicate
from fanrules.ruleset import load_ruleset
from fanrules.ruleset.yamlpos import read_yaml
from fanrules.tools import cli

HAND = "[CCC,1]FFFPPP999s5m5m"


def _fanrules(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fanrules", *args], capture_output=True, text=True, timeout=120,
                          env=None if env is None else {**os.environ, **env})


# --- finding 6: a cache entry is bound to its predicate's text ---------------------------------------


@pytest.mark.slow  # fresh processes
def test_an_entry_copied_over_another_is_a_miss_with_a_notice_never_a_wrong_score(tmp_path: Path) -> None:
    env = {"FANRULES_CACHE_DIR": str(tmp_path), "FANRULES_NO_CACHE": ""}
    first = _fanrules("score", "--self-drawn", "--json", HAND, env=env)
    assert first.returncode == 0 and json.loads(first.stdout)["total"] == 114
    [path] = tmp_path.glob("predicates-*.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = data["entries"]
    # Self-Drawn's tree (true here) over Four Concealed Pungs' (false here): the score rose before.
    [drawn] = [t for t in entries if t.strip() == "self_drawn"]
    [four] = [t for t in entries if t.strip() == "count(p in pungs: concealed(p)) >= 4"]
    entries[four] = dict(entries[drawn])
    path.write_text(json.dumps(data), encoding="utf-8")
    second = _fanrules("score", "--self-drawn", "--json", HAND, env=env)
    assert second.returncode == 0 and json.loads(second.stdout)["total"] == 114
    assert second.stderr.count("\n") == 1 and "predicate cache" in second.stderr and "Traceback" not in second.stderr
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][four]["bound"] == cache.bound_to(four)  # rewritten
    third = _fanrules("score", "--self-drawn", "--json", HAND, env=env)
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
