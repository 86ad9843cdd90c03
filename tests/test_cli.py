"""The command line: readable tables, the contract's JSON, one-line errors with their exit codes (README)."""
from __future__ import annotations

import json

import pytest

from fanrules.tools.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_fans_points_counts_sets_and_total(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "[CCC,1]FFFPPP999s5m5m", "--self-drawn")
    assert code == 0
    assert "大三元 Big Three Dragons" in out and "[CCC] FFF PPP" in out
    assert out.rstrip().endswith("total 114 (with flowers 114)")


def test_score_json_is_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "1112345678999m5m", "--self-drawn", "--json")
    data = json.loads(out)
    assert code == 0 and data["total"] == 92
    assert [f["id"] for f in data["fans"]] == sorted(f["id"] for f in data["fans"])


@pytest.mark.parametrize("hand, words", [
    ("123m", "wrong number of tiles"),  # too few tiles
    ("1112345678999m1m1m"[:-2] + "X", "unknown tile"),  # a letter that is no tile
    ("11111m2345678999m"[:14] + "9m", "fifth copy"),  # a tile held five times
    ("123m456m789m11p24s5s", "no winning shape"),  # 14 legal tiles that do not win
])
def test_bad_hands_get_one_line_and_exit_1(capsys: pytest.CaptureFixture[str], hand: str, words: str) -> None:
    code, out, err = run(capsys, "score", hand)
    assert code == 1 and out == ""
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_under_minimum_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "[123p,1][345s,1][678m,1]99m45p6p")
    assert code == 0 and "under the minimum of 8" in out


def test_waits_lists_every_winning_tile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "waits", "1112345678999m", "--json")
    rows = json.loads(out)
    assert code == 0 and [r["tile"] for r in rows] == [f"{i}m" for i in range(1, 10)]
    assert all(r["discard"]["total"] >= 88 for r in rows)


def test_readings_lists_each_reading(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "readings", "111222333m456p77s")
    assert code == 0 and out.count("standard:") >= 2


def test_check_and_test_are_clean_on_mcr(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "check")[0] == 0
    code, out, _ = run(capsys, "test", "-k", "Nine Gates")
    assert code == 0 and out.strip().endswith("2 passed, 0 failed")


def test_rules_show_names_where_each_field_comes_from(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "清一色")
    assert code == 0 and "value: 24" in out and "22-full-flush.yaml:" in out


def test_unknown_rule_set_is_named_with_the_shipped_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "score", "1112345678999m5m", "--rules", "no-such-rules")
    assert code == 3 and err.startswith("fanrules: no rule set named 'no-such-rules'") and "shipped: " in err and err.count("\n") == 1


def test_an_unknown_rule_set_folder_is_a_diagnostic(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "score", "1112345678999m5m", "--rules", str(tmp_path))
    assert code == 3 and "R013" in err


def test_batch_freezes_start_up_for_the_run_and_thaws_after(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch hides what start-up made from the collector while it runs (gc.freeze) and gives it back
    after, so that a caller of main() in its own process finds its collector as it was; also on error."""
    import gc

    import fanrules.tools.batch as batch

    src, dst = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_text('{"hand": "[CCC,1]FFFPPP999s5m5m", "self_drawn": true}\n', encoding="utf-8")
    seen: list[int] = []
    real_run = batch.run

    def spying_run(*args: object, **kwargs: object) -> None:
        seen.append(gc.get_freeze_count())
        real_run(*args, **kwargs)  # type: ignore[arg-type]
    monkeypatch.setattr(batch, "run", spying_run)
    before = gc.get_freeze_count()
    assert main(["batch", "--quiet", "--jobs", "1", "--input", str(src), "--output", str(dst)]) == 0
    assert seen and seen[0] > before
    assert gc.get_freeze_count() == before
    assert json.loads(dst.read_text(encoding="utf-8"))["total"] > 0
    assert main(["batch", "--quiet", "--input", str(src), "--output", str(tmp_path / "no" / "such" / "dir.jsonl")]) != 0
    assert gc.get_freeze_count() == before
