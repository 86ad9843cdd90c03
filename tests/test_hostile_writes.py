"""Regressions of the second hostile review (issue 30, finding 2): writes that lose nothing. Each writing
command writes beside its output and renames when done, so a run that fails after writing started (a
full disk, injected with the file-size limit; a bad rule set found late) leaves the old file
byte-identical; an output that is an input is refused; ``book`` writes only into a new or empty folder
or, with ``--force``, over its own earlier book, and never through a symlink. Each failed before its fix."""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fanrules.tools.cli import build_parser, main

REPO = Path(__file__).resolve().parent.parent
MCR = REPO / "rules" / "mcr"
GOOD = json.dumps({"id": "good", "hand": "1112345678999m5m", "self_drawn": True})
OLD = b"the old content, which a failed run must keep\n" * 3


@contextmanager
def disk_full(limit: int) -> Iterator[None]:
    """Within the block, a write past ``limit`` bytes of any file fails (EFBIG, as on a full disk)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)


def _files(folder: Path) -> dict[str, bytes]:
    """Every entry of ``folder`` by name: a file's bytes (a symlink's target name)."""
    return {p.name: os.readlink(p).encode() if p.is_symlink() else p.read_bytes() for p in sorted(folder.iterdir())}


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("fanrules: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


# --- batch --output ----------------------------------------------------------------------------------


def test_a_batch_that_fails_while_writing_keeps_the_old_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "in.jsonl").write_text((GOOD + "\n") * 50, encoding="utf-8")
    out = tmp_path / "out.jsonl"
    out.write_bytes(OLD)
    with disk_full(4096):  # the answers are more than 4096 bytes: the disk fills after writing started
        code = main(["batch", "--jobs", "1", "--input", str(tmp_path / "in.jsonl"), "--output", str(out)])
    assert code == 4
    _one_line_error(capsys)
    assert out.read_bytes() == OLD
    assert sorted(_files(tmp_path)) == ["in.jsonl", "out.jsonl"]  # no temporary file left


def test_a_batch_output_is_replaced_whole_and_keeps_its_permissions(tmp_path: Path) -> None:
    (tmp_path / "in.jsonl").write_text(GOOD + "\n", encoding="utf-8")
    out, link = tmp_path / "out.jsonl", tmp_path / "link.jsonl"
    out.write_bytes(OLD)
    out.chmod(0o640)
    link.symlink_to(out.name)
    assert main(["batch", "--jobs", "1", "--input", str(tmp_path / "in.jsonl"), "--output", str(link)]) == 0
    assert link.is_symlink() and json.loads(out.read_text(encoding="utf-8"))["total"] > 0  # the file it names, replaced
    assert out.stat().st_mode & 0o777 == 0o640
    assert main(["batch", "--jobs", "1", "--input", str(tmp_path / "in.jsonl"), "--output", os.devnull]) == 0  # not renamed over
    assert Path(os.devnull).is_char_device()


def test_an_empty_output_name_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "in.jsonl").write_text(GOOD + "\n", encoding="utf-8")
    assert main(["batch", "--input", str(tmp_path / "in.jsonl"), "--output", ""]) == 2  # a usage error: the command's usage, then why
    err = capsys.readouterr().err
    assert err.startswith("usage: fanrules batch ") and err.endswith("fanrules batch: error: --output is an empty file name\n") and "Traceback" not in err


@pytest.mark.slow  # a fresh process: its standard input is the file
def test_a_batch_output_that_is_standard_input_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text(GOOD + "\n", encoding="utf-8")
    with path.open("rb") as stdin:
        proc = subprocess.run([sys.executable, "-m", "fanrules", "batch", "--output", str(path)], stdin=stdin,
                              capture_output=True, timeout=120)
    assert proc.returncode == 1 and b"is the input file (standard input)" in proc.stderr, proc.stderr
    assert proc.stderr.count(b"\n") == 1 and path.read_text(encoding="utf-8") == GOOD + "\n"


# --- simulate --log ----------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["--rules", "--against"])
def test_a_simulation_with_a_bad_rule_set_keeps_the_old_log(bad: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.jsonl"
    log.write_bytes(OLD)
    assert main(["simulate", "--games", "2", bad, str(tmp_path / "nowhere"), "--log", str(log)]) == 3
    assert "R013" in capsys.readouterr().err
    assert log.read_bytes() == OLD and sorted(_files(tmp_path)) == ["games.jsonl"]


def test_a_simulation_that_fails_while_logging_keeps_the_old_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.jsonl"
    log.write_bytes(OLD)
    with disk_full(2048):  # two games log more than 2048 bytes
        assert main(["simulate", "--games", "2", "--log", str(log)]) == 4
    _one_line_error(capsys)
    assert log.read_bytes() == OLD and sorted(_files(tmp_path)) == ["games.jsonl"]


# --- import --log ------------------------------------------------------------------------------------


def test_an_import_of_a_bad_record_keeps_the_old_log_and_refuses_its_input_as_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record, log = tmp_path / "record.txt", tmp_path / "games.jsonl"
    sample = (REPO / "tests" / "data" / "botzone" / "sample.txt").read_text(encoding="utf-8")
    record.write_text(sample + "Match late\nWind 9\n", encoding="utf-8")  # a bad line after 16 good games
    log.write_bytes(OLD)
    assert main(["import", "botzone", str(record), "--log", str(log)]) == 1  # a refused input
    assert "line 1747" in _one_line_error(capsys) and log.read_bytes() == OLD
    assert main(["import", "botzone", str(record), "--log", str(record)]) == 1  # an output that is the input, refused
    assert "is the input file" in capsys.readouterr().err and record.read_text(encoding="utf-8").startswith("Match")
    assert sorted(_files(tmp_path)) == ["games.jsonl", "record.txt"]
def test_a_judge_run_with_a_bad_rule_set_keeps_the_old_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "hands.jsonl"
    log.write_bytes(OLD)
    assert main(["judge", "--bots", "a", "b", "c", "d", "--rules", str(tmp_path / "nowhere"), "--log", str(log)]) == 3  # a rule-set error
    assert "R013" in capsys.readouterr().err
    assert log.read_bytes() == OLD and sorted(_files(tmp_path)) == ["hands.jsonl"]


def test_a_review_of_a_bad_log_keeps_the_old_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log, page = tmp_path / "games.jsonl", tmp_path / "review.html"
    assert main(["simulate", "--quiet", "--jobs", "1", "--games", "1", "--log", str(log)]) == 0
    with open(log, "a", encoding="utf-8") as f:
        f.write("not json\n")  # a bad line after a good game
    page.write_bytes(OLD)
    capsys.readouterr()
    assert main(["review", str(log), "--seat", "0", "-o", str(page)]) == 1
    assert "is not valid JSON" in _one_line_error(capsys) and page.read_bytes() == OLD
    assert main(["review", str(log), "--seat", "0", "-o", str(log)]) == 1  # an output that is the input, refused
    assert "is the input file" in capsys.readouterr().err
    assert sorted(_files(tmp_path)) == ["games.jsonl", "review.html"]


# --- test --update -----------------------------------------------------------------------------------


def test_an_update_that_fails_while_writing_keeps_every_rule_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "edited"
    shutil.copytree(MCR, copy)
    fan = copy / "fans" / "70-mixed-double-chow.yaml"
    fan.write_text(fan.read_text(encoding="utf-8").replace("value: 1\n", "value: 2\n"), encoding="utf-8")
    before = _files(copy / "fans")
    assert main(["test", str(copy)]) == 1  # stale totals to update (and the rule set loaded before the disk fills)
    capsys.readouterr()
    with disk_full(64):  # every rule file is longer: the disk fills as each is rewritten
        assert main(["test", str(copy), "--update"]) == 4
    _one_line_error(capsys)
    assert _files(copy / "fans") == before  # no file damaged, no temporary file left


# --- book -o DIR -------------------------------------------------------------------------------------


def test_a_book_is_not_written_into_a_folder_it_did_not_make(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "site"
    mine.mkdir()
    for name in ("index.html", "fan-1.html", "changes.html", "notes.txt"):
        (mine / name).write_text(f"the user's own {name}", encoding="utf-8")
    before = _files(mine)
    for extra in ([], ["--force"]):  # --force replaces only a book
        assert main(["book", "-o", str(mine), *extra]) == 1
        assert "holds no book written by fanrules" in _one_line_error(capsys)
        assert _files(mine) == before
    fifo = tmp_path / "fifo"
    fifo.mkdir()
    os.mkfifo(fifo / ".fanrules-book")  # a planted marker that is a pipe: refused, not waited on
    assert main(["book", "-o", str(fifo), "--force"]) == 1
    assert "holds no book written by fanrules" in _one_line_error(capsys)


def test_an_empty_book_folder_name_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["book", "-o", ""]) == 1
    assert "empty folder name" in _one_line_error(capsys)
    assert not any(tmp_path.iterdir())


def test_an_earlier_book_is_replaced_only_with_force_and_never_through_a_symlink(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, victim = tmp_path / "site", tmp_path / "victim.txt"
    victim.write_bytes(OLD)
    assert main(["book", "--rules", "mil", "-o", str(out)]) == 0
    (out / "fan-1.html").unlink()
    (out / "fan-1.html").symlink_to(victim)  # planted in the book's folder
    (out / "style.css").unlink()
    (out / "style.css").symlink_to(tmp_path / "new.txt")  # a dangling one: writing through it would create the file
    capsys.readouterr()
    assert main(["book", "-o", str(out)]) == 1
    assert "give --force" in _one_line_error(capsys)
    assert main(["book", "-o", str(out), "--force"]) == 0
    assert victim.read_bytes() == OLD and not (tmp_path / "new.txt").exists()
    assert not (out / "fan-1.html").is_symlink() and b"<!DOCTYPE html>" in (out / "fan-1.html").read_bytes()
    assert not (out / "style.css").is_symlink()


def test_a_book_that_fails_while_writing_keeps_the_earlier_book(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    assert main(["book", "--rules", "mil", "-o", str(out)]) == 0
    before = _files(out)
    capsys.readouterr()
    with disk_full(4096):  # the index page is longer: the disk fills while the book is written
        assert main(["book", "-o", str(out), "--force"]) == 4
    _one_line_error(capsys)
    assert _files(out) == before  # every page as it was, no temporary file left
    assert main(["book", "-o", str(out), "--force"]) == 0  # the same run, with room, replaces the book
    assert not (out / "fan-82.html").exists() and _files(out)["index.html"] != before["index.html"]


def test_a_site_that_fails_to_build_keeps_the_earlier_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """fanrules docs: MkDocs fails after it has begun writing (here a stand-in that writes a page, then
    exits 1): the earlier site is as it was, and nothing is left beside it."""
    import importlib.util

    from fanrules.tools import docs_cmd

    out = tmp_path / "site"
    out.mkdir()
    (out / docs_cmd.MARKER).write_text("a documentation site written by fanrules docs\n", encoding="utf-8")
    (out / "index.html").write_text("<p>the earlier site</p>\n", encoding="utf-8")
    before = _files(out)
    real_find_spec = importlib.util.find_spec

    def mkdocs_fails(command: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        config = json.loads(Path(command[command.index("-f") + 1]).read_text(encoding="utf-8"))
        Path(config["site_dir"], "index.html").write_text("half a site", encoding="utf-8")
        return subprocess.CompletedProcess(command, 1, "", "WARNING -  Doc file 'x.md' contains a broken link\n")

    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object() if name.startswith("mkdocs") else real_find_spec(name, *a))
    monkeypatch.setattr(docs_cmd.subprocess, "run", mkdocs_fails)
    root = Path(__file__).resolve().parents[1]
    assert main(["docs", "-o", str(out), "--force", "--source", str(root)]) == 1  # the build's check failed
    assert "contains a broken link" in capsys.readouterr().err
    assert _files(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


# --- every writing command is one of the above ---------------------------------------------------------


#: The options that name a file or folder a command writes, by command: each is tested above.
WRITING_OPTIONS = {("batch", "output"), ("simulate", "log"), ("import", "log"), ("book", "output"), ("docs", "output"), ("judge", "log"),
                   ("review", "output")}


def test_every_option_that_names_an_output_is_tested_here() -> None:
    """record, sheet, diff --json and the others print to standard output; test --update rewrites the
    rule files it read. A new option that names a file to write must be added (and tested) here."""
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    found = {(name, action.dest) for name, parser in sub.choices.items() for action in parser._actions
             if action.option_strings and (action.dest in {"output", "out", "log", "write", "save", "dest", "to"} or
                                           any(o in {"-o", "-w"} for o in action.option_strings))}
    assert found == WRITING_OPTIONS
