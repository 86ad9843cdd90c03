"""Issue 35, a diff that tells the truth: section changes listed like fan changes, both totals and the
total with flowers when that is what moved, the fans that changed, and the lines that are no hand as a
count (listed with --verbose)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from fanrules.tools.cli import main

CORPUS = Path(__file__).parent / "data" / "public.jsonl"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_section_changes_are_listed_like_fan_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = tmp_path / "c.jsonl"
    cases.write_text('{"id": "a", "hand": "1112345678999m5m"}\n', encoding="utf-8")
    code, out, _ = run(capsys, "diff", str(cases), "--rules", "botzone")
    assert code == 0 and "  rules: procedure.tiles.flowers: 8 -> 0\n" in out and "  rules: procedure.deal.jump_draw: true -> false\n" in out
    code, out, _ = run(capsys, "diff", str(cases), "--rules", "botzone", "--json")
    assert "procedure.tiles.flowers: 8 -> 0" in json.loads(out)["rules_changed"]


def test_a_hand_whose_total_with_flowers_moved_says_so_with_the_fans(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = tmp_path / "c.jsonl"
    cases.write_text('{"id": "f", "hand": "1112345678999m5m", "flowers": 3}\n', encoding="utf-8")
    code, out, _ = run(capsys, "diff", str(cases), "--rules", "casual")
    assert code == 0 and "    f 1112345678999m5m: 91 -> 91, with flowers 94 -> 91 (-花牌 Flower Tiles)\n" in out
    code, out, _ = run(capsys, "diff", str(cases), "--rules", "casual", "--json")
    (change,) = json.loads(out)["hand_changes"]
    assert change["old"]["total_with_flowers"] == 94 and change["new"]["total_with_flowers"] == 91
    assert change["fans"] == [{"id": 81, "name": "花牌 Flower Tiles", "old": 3, "new": 0}]


@pytest.mark.slow
def test_lines_that_are_no_hand_are_a_count_unless_verbose(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "diff", str(CORPUS), "--rules", "mil")
    invalid = [line for line in out.splitlines() if line.startswith("  line ")]
    assert code == 0 and invalid == [] and "  74 line(s) are no valid hand under either rule set (--verbose lists them)\n" in out
    code, out, _ = run(capsys, "diff", str(CORPUS), "--rules", "mil", "--verbose")
    assert code == 0 and len([line for line in out.splitlines() if line.startswith("  line ")]) == 74
    code, out, _ = run(capsys, "diff", str(CORPUS), "--rules", "mil", "--json")
    report = json.loads(out)
    assert report["invalid"] == len(report["bad_lines"]) == 74
