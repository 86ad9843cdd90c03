"""Regressions of the hostile review of issue 30 (findings 1, 4 and 5 for replay): a rule set is named,
never followed from a log, and a file that is not a rule file is never quoted. Each failed before its fix."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from fanrules.tools.cli import main

SECRET = "s3cr3t-t0ken-f4nrules"
#: Files a hostile path may name, none of them a rule file: each holds SECRET on its first line.
NOT_RULE_FILES: dict[str, bytes] = {
    "environ": f"TOKEN={SECRET}\0HOME=/root\0".encode(),  # as /proc/self/environ
    "passwd": f"root:x:0:0:{SECRET}:/root:/bin/bash\n".encode(),
    "yaml mapping": f"token: {SECRET}\nname: x\n".encode(),
    "yaml syntax error": f"password = {SECRET}: : [\n".encode(),
    "not UTF-8": f"\xff\xfe{SECRET}\n".encode("latin-1"),
    "ini": f"[auth]\nkey: {SECRET}\n".encode(),
}
HAND = "123m456m789m123p5p5p"
RULESET_HEAD = "name: child\nextends: mcr\n"
FAN = "number: 90\nname_zh: 新\nname_en: New\nvalue: 1\ndescription: d\npredicate: size(kongs) == 4\n"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _assert_not_quoted(code: int, out: str, err: str) -> None:
    """No byte of the file reached the output, and the diagnostic has no excerpt or caret line."""
    assert SECRET not in out and SECRET not in err, err
    assert code == 3 and "Traceback" not in err
    assert "not a rule set" in err, err
    assert not [line for line in err.splitlines() if line.startswith("    ") and not line.startswith("    hint:")], err


def _plant(tmp_path: Path, content: bytes, name: str = "secret.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


# --- finding 1: --rules, extends: and fan files that are not rule files ----------------------------


@pytest.mark.parametrize("kind", list(NOT_RULE_FILES))
def test_rules_naming_a_file_that_is_not_a_rule_file_is_not_quoted(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = _plant(tmp_path, NOT_RULE_FILES[kind])
    for argv in (["score", "--rules", str(secret), HAND], ["rules", "show", "--rules", str(secret)]):
        _assert_not_quoted(*_run(argv, capsys))


@pytest.mark.parametrize("kind", list(NOT_RULE_FILES))
def test_extends_naming_a_file_that_is_not_a_rule_file_is_not_quoted(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "secrets").mkdir()
    _plant(tmp_path / "secrets", NOT_RULE_FILES[kind], "ruleset.yaml")  # extends: names a folder with a ruleset.yaml
    child = tmp_path / "child"
    child.mkdir()
    (child / "ruleset.yaml").write_text("name: child\nextends: ../secrets\n", encoding="utf-8")
    _assert_not_quoted(*_run(["score", "--rules", str(child), HAND], capsys))


@pytest.mark.parametrize("kind", list(NOT_RULE_FILES))
def test_a_fan_file_that_is_not_a_rule_file_is_not_quoted(kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "fans").mkdir()
    (tmp_path / "ruleset.yaml").write_text(RULESET_HEAD, encoding="utf-8")
    _plant(tmp_path / "fans", NOT_RULE_FILES[kind], "90.yaml")
    _assert_not_quoted(*_run(["score", "--rules", str(tmp_path), HAND], capsys))


def test_a_rule_file_with_a_mistake_is_still_quoted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that opens with a rule-set or fan key is a rule file: its diagnostics keep their excerpt."""
    (tmp_path / "fans").mkdir()
    (tmp_path / "ruleset.yaml").write_text(RULESET_HEAD, encoding="utf-8")
    (tmp_path / "fans" / "90.yaml").write_text("# a comment first\n---\n" + FAN + "value2: [1\n", encoding="utf-8")
    code, _, err = _run(["score", "--rules", str(tmp_path), HAND], capsys)
    assert code == 3 and "R001" in err and "    value2: [1" in err and "not a rule set" not in err


# --- finding 1: a log header names its rule set, and replay never follows a path from it -------------


def _log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    path = tmp_path / "games.jsonl"
    assert main(["simulate", "--games", "1", "--seed", "3", "--players", "random", "--log", str(path), "--json"]) == 0
    capsys.readouterr()
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(tmp_path: Path, lines: list[dict[str, object]], name: str = "hostile.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    return path


def test_a_header_rules_path_is_never_opened(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = _plant(tmp_path, NOT_RULE_FILES["environ"])
    head, *events = _log(tmp_path, capsys)
    code, out, err = _run(["replay", str(_write(tmp_path, [{**head, "rules_path": str(secret)}, *events]))], capsys)
    assert code == 0 and "1 game(s) replayed: 1 matched the log" in out and err == ""  # replayed under mcr, its name
    assert SECRET not in out + err


@pytest.mark.parametrize("rules", ["../../../../etc", "/etc/passwd", "secret.txt", "child"])
def test_a_header_rules_name_that_is_not_shipped_is_refused(rules: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _plant(tmp_path, NOT_RULE_FILES["environ"])
    (tmp_path / "child").mkdir()
    (tmp_path / "child" / "ruleset.yaml").write_text(RULESET_HEAD, encoding="utf-8")
    head, *events = _log(tmp_path, capsys)
    code, out, err = _run(["replay", str(_write(tmp_path, [{**head, "rules": rules}, *events]))], capsys)
    assert code == 1 and out == "" and len(err.splitlines()) == 1, err
    assert "not a shipped one: name it with --rules" in err and SECRET not in err


def test_replay_loads_the_rule_set_the_user_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "child").mkdir()
    (tmp_path / "child" / "ruleset.yaml").write_text(RULESET_HEAD, encoding="utf-8")
    head, *events = _log(tmp_path, capsys)
    log = _write(tmp_path, [{**head, "rules": "child", "rules_path": "/nonexistent/ruleset.yaml"}, *events])
    code, out, err = _run(["replay", str(log), "--rules", str(tmp_path / "child")], capsys)
    assert code == 0 and "1 matched the log" in out and err == ""  # the same content: the same hash, no warning


def test_a_rules_hash_mismatch_is_one_warning_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head, *events = _log(tmp_path, capsys)
    log = _write(tmp_path, [{**head, "rules_hash": "sha256:0000"}, *events, {**head, "rules_hash": "sha256:0000"}, *events])
    code, out, err = _run(["replay", str(log)], capsys)
    assert code == 0 and "2 game(s) replayed: 2 matched the log" in out
    [line] = err.splitlines()  # once for the pair of hashes, not once a game
    assert line.startswith("fanrules: warning: ") and "sha256:0000" in line and str(head["rules_hash"]) in line


def test_an_old_log_without_a_hash_still_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head, *events = _log(tmp_path, capsys)
    assert "rules_hash" in head  # written with the hash
    old = {k: v for k, v in head.items() if k != "rules_hash"}
    code, out, err = _run(["replay", str(_write(tmp_path, [old, *events]))], capsys)
    assert code == 0 and "1 game(s) replayed: 1 matched the log" in out and err == ""


# --- finding 4: header fields of the wrong type --------------------------------------------------


@pytest.mark.parametrize("field,value", [("rules_path", 5), ("rules_path", [1]), ("rules", ["x"]), ("seed", {}), ("seed", True),
                                         ("rules_hash", 7), ("seat_winds", "ESWN"), ("game", [1]), ("wall", 3)])
def test_a_header_field_of_the_wrong_type_is_a_one_line_error(field: str, value: object, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    head, *events = _log(tmp_path, capsys)
    code, out, err = _run(["replay", str(_write(tmp_path, [{**head, field: value}, *events]))], capsys)
    assert code == 1 and out == "" and len(err.splitlines()) == 1, err
    assert err.startswith(f"fanrules: {tmp_path / 'hostile.jsonl'}: game #1: a bad log header: '{field}' must be ")


# --- finding 5: header fields printed through the CLI's escaping ---------------------------------


ESCAPES = "\x1b]52;c;SGk=\x07\x1b[2J\u009b31m\u202e"


@pytest.mark.parametrize("json_out", [False, True])
def test_replay_prints_header_fields_escaped(json_out: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head, deal, *events = _log(tmp_path, capsys)
    log = _write(tmp_path, [{**head, "game": ESCAPES}, {**deal, "dice": [1, 1], "note": ESCAPES}, *events])
    code, out, err = _run(["replay", str(log), *(["--json"] if json_out else [])], capsys)
    assert code == 1 and err == ""
    assert not any(ch in out for ch in "\x1b\x07\u009b\u202e"), out[:300]
    if json_out:
        assert json.loads(out.splitlines()[0])["game"] == ESCAPES  # the same value, written as JSON escapes
    else:
        assert out.startswith("game \\x1b]52;c;SGk=\\x07\\x1b[2J\\x9b31m\\u202e: diverges at event 0")


# --- "done when" 2: no header field makes replay print a byte of a file ---------------------------


def _header_fields(head: dict[str, object], secret: str) -> list[Callable[[dict[str, object]], dict[str, object]]]:
    """Every field of the header, each set to the secret file's path (or a list of it), and the path as a new field."""
    out: list[Callable[[dict[str, object]], dict[str, object]]] = []
    for key in [*head, "rules_path", "wall", "extends", "fans"]:
        for value in (secret, [secret], {"path": secret}):
            out.append(lambda h, k=key, v=value: {**h, k: v})  # type: ignore[misc]
    return out


@pytest.mark.parametrize("with_rules", [False, True])
def test_no_header_field_prints_a_byte_of_a_file(with_rules: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head, *events = _log(tmp_path, capsys)
    for kind in ("environ", "yaml mapping"):
        secret = _plant(tmp_path, NOT_RULE_FILES[kind], f"{kind.replace(' ', '-')}.txt")
        for change in _header_fields(head, str(secret)):
            argv = ["replay", str(_write(tmp_path, [change(head), *events]))] + (["--rules", "mcr"] if with_rules else [])
            code, out, err = _run(argv, capsys)
            assert SECRET not in out and SECRET not in err and "Traceback" not in err, (kind, change(head), err)
            assert code in (0, 1, 2)


@pytest.mark.skipif(not Path("/proc/self/environ").is_file(), reason="a system without /proc")
def test_the_real_environment_never_reaches_the_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The review's own attack: the environment (tokens included) through --rules or a log header."""
    head, *events = _log(tmp_path, capsys)
    log = _write(tmp_path, [{**head, "rules_path": "/proc/self/environ"}, *events])
    env = {"FANRULES_TEST_TOKEN": SECRET, **os.environ}  # first, where the old excerpt showed it
    for argv in (["score", "--rules", "/proc/self/environ", HAND], ["replay", str(log)]):
        proc = subprocess.run([sys.executable, "-m", "fanrules", *argv], capture_output=True, env=env, timeout=120)
        assert SECRET.encode() not in proc.stdout + proc.stderr and b"Traceback" not in proc.stderr, proc.stderr
