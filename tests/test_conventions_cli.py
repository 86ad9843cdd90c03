"""Issue 35, conventions of the command line: every command's exit code by kind of error (0 ok, 1 input
refused, 2 usage, 3 rule set, 4 I/O), --version, --rules everywhere with did-you-mean, one meaning of
--jobs, the progress line only on a terminal, and OS errors as one sentence."""
from __future__ import annotations

import io
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import version
from pathlib import Path

import fanrules
import pytest
from fanrules.core.errors import ExitCode
from fanrules.tools.cli import main

HAND = "1112345678999m5m"
READY = "1112345678999m"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _files(tmp: Path) -> dict[str, str]:
    """A good and a bad file of each kind a command reads."""
    (tmp / "bad.jsonl").write_text('{"hand": "123m"}\n', encoding="utf-8")
    (tmp / "good.jsonl").write_text(f'{{"id": "a", "hand": "{HAND}"}}\n', encoding="utf-8")
    (tmp / "bad-log.jsonl").write_text('{"type": "header", "format": 1}\n', encoding="utf-8")
    (tmp / "bad-sheet.txt").write_text("E wins 24 form S\n", encoding="utf-8")
    return {"bad": str(tmp / "bad.jsonl"), "good": str(tmp / "good.jsonl"), "bad_log": str(tmp / "bad-log.jsonl"), "bad_sheet": str(tmp / "bad-sheet.txt")}


#: command: (the words before the options, a bad input (or None), a missing file (or None), takes --rules)
TABLE: dict[str, tuple[list[str], list[str] | None, list[str] | None]] = {
    "score": (["score", HAND], ["score", "123m"], None),
    "batch": (["batch", "--input", "{good}", "--output", "{out}"], None, ["batch", "--input", "{missing}"]),
    "waits": (["waits", READY], ["waits", "EEEEEEEEEEEEE"], None),
    "analyze": (["analyze", READY, "--no-points"], ["analyze", "1m"], None),
    "readings": (["readings", HAND], ["readings", "123m456m789m11p24s5s"], None),
    "record": (["record", HAND], ["record", "1m"], None),
    "check": (["check"], None, None),
    "test": (["test"], None, None),
    "rules show": (["rules", "show", "清一色"], ["rules", "show", "no such fan"], None),
    "diff": (["diff", "{good}"], None, ["diff", "{missing}"]),
    "demo": (["demo", "--fans", "2"], ["demo", "--fans", "99"], None),
    "simulate": (["simulate", "--games", "0"], None, None),
    "replay": (["replay", "{bad_log}"], ["replay", "{bad_log}"], ["replay", "{missing}"]),
    "sheet": (["sheet", "{bad_sheet}"], ["sheet", "{bad_sheet}"], ["sheet", "{missing}"]),
    "book": (["book", "-o", "{out}"], None, None),
    "serve": (["serve", "--port", "0"], None, None),
}
CASES = [(name, kind) for name in TABLE for kind in ("usage error", "bad input", "missing file", "rule-set error")]


@pytest.mark.parametrize("name, kind", CASES)
def test_every_command_exits_with_the_documented_code(name: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base, bad, missing = TABLE[name]
    words = {**_files(tmp_path), "out": str(tmp_path / "out"), "missing": str(tmp_path / "no-such-file.jsonl")}
    argv = {"usage error": [*base, "--no-such-option"], "bad input": bad, "missing file": missing,
            "rule-set error": [*base, "--rules", "mcr1998"]}[kind]
    if argv is None:
        pytest.skip(f"{name} reads no input of this kind")
    argv = [w.format(**words) for w in argv]
    expected = {"usage error": ExitCode.USAGE, "bad input": ExitCode.REFUSED, "missing file": ExitCode.IO, "rule-set error": ExitCode.RULES}[kind]
    try:
        code, _, err = run(capsys, *argv)
    except SystemExit as stop:  # argparse's own usage errors end the program
        code, err = int(str(stop.code)), capsys.readouterr().err
    assert code == expected, err
    assert "Traceback" not in err
    lines = err.splitlines()
    if kind == "usage error":  # the command's usage, not the program's, then the one line that says why
        assert lines[0].startswith(f"usage: fanrules {name}") and lines[-1] == f"fanrules {name}: error: unknown option --no-such-option"
    elif kind == "rule-set error":
        assert lines == ["fanrules: no rule set named 'mcr1998': did you mean 'mcr-1998'? (shipped: botzone, casual, green-book, mcr, "
                         "mcr-1998, mil, mil-online, zung-jung; or give a folder or ruleset.yaml path)"]
    else:
        assert len(lines) == 1 and lines[0].startswith("fanrules: "), err
    if kind == "missing file":
        assert lines[0] == f"fanrules: {words['missing']}: no such file or directory; check the name and the folder (paths are relative to {Path.cwd()})"


def test_version_is_the_installed_distributions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out == f"fanrules {version('fanrules')}\n"
    assert fanrules.__version__ == version("fanrules")


def test_check_and_test_take_rules_as_every_command_and_the_positional_still(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["check", "--rules", "mil"], ["check", "mil"], ["check", "--rules", "MIL"]):
        code, out, _ = run(capsys, *argv)
        assert code == 0 and out.startswith("rule set mil: ") and "mil: 82 fans, 0 finding(s)" in out
    code, out, _ = run(capsys, "test", "--rules", "mil", "-k", "Big Four Winds")
    assert code == 0 and out.endswith(" failed\n")
    code, _, err = run(capsys, "check", "mil", "--rules", "mcr")
    assert code == 2 and err.endswith("two rule sets given ('mil' and --rules 'mcr'): give one\n")


def test_readings_and_record_take_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "readings", "--rules", "mil", HAND)
    assert code == 0 and out.startswith("1. ")
    code, out, _ = run(capsys, "record", "--rules", "mil", HAND)
    assert code == 0 and '"hand"' in out


def test_rule_set_names_are_matched_without_regard_to_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "--rules", "MCR", HAND)
    assert code == 0 and "total 92" not in out and "九莲宝灯" in out


def test_a_fan_name_suggestion_lists_every_equally_close_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ruleset.yaml").write_text("name: v\nextends: mcr\ndisable: [花排]\n", encoding="utf-8")
    code, _, err = run(capsys, "check", str(tmp_path))
    assert code == 3 and "hint: did you mean '花龙' or '花牌'?" in err
    with pytest.raises(fanrules.UnknownFanError) as found:
        fanrules.Scorer.of().ruleset.fan("花排")
    assert found.value.suggestions == ["花龙", "花牌"] and str(found.value).endswith("did you mean '花龙' or '花牌'?")


def test_jobs_0_is_every_core_in_simulate_as_in_batch(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "2", "--jobs", "0", "--json")
    assert code == 0 and '"games": 2' in out
    for command in (["simulate", "--games", "1"], ["batch"]):
        code, _, err = run(capsys, *command, "--jobs", "-1")
        assert code == 2 and err.endswith("error: --jobs must be 0 (all cores) or more\n")


def test_a_negative_game_count_blames_games_alone(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--games", "-5")
    assert code == 2 and err.endswith("fanrules simulate: error: --games must be 0 or more\n")


def test_simulate_plot_writes_a_valid_svg_with_both_rule_sets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plot = tmp_path / "plot.svg"
    code, _, _ = run(capsys, "simulate", "--games", "4", "--against", "mil", "--plot", str(plot))
    root = ET.fromstring(plot.read_text(encoding="utf-8"))
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert code == 0 and root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "mcr: " in texts and "mil: " in texts and "wins by total points" in texts
    assert len(list(root.iter("{http://www.w3.org/2000/svg}rect"))) > 4


@pytest.mark.slow  # a command run on a pseudo-terminal
def test_progress_is_shown_on_a_terminal_only() -> None:
    script = ("import pty, os, sys\n"
              "pid, fd = pty.fork()\n"
              "if pid == 0:\n"
              "    os.execvp(sys.executable, [sys.executable, '-m', 'fanrules', *sys.argv[1:]])\n"
              "out = b''\n"
              "while True:\n"
              "    try:\n        chunk = os.read(fd, 4096)\n    except OSError:\n        break\n"
              "    if not chunk:\n        break\n"
              "    out += chunk\n"
              "os.waitpid(pid, 0)\n"
              "sys.stdout.write(out.decode())\n")
    shown = subprocess.run([sys.executable, "-c", script, "simulate", "--games", "20", "--jobs", "1"], capture_output=True, text=True, timeout=120)
    assert "fanrules simulate: 10 of 20 games" in shown.stdout and "fanrules simulate: 20 of 20 games" in shown.stdout
    quiet = subprocess.run([sys.executable, "-c", script, "simulate", "--games", "20", "--jobs", "1", "--quiet"], capture_output=True, text=True, timeout=120)
    assert "fanrules simulate:" not in quiet.stdout
    piped = subprocess.run([sys.executable, "-m", "fanrules", "simulate", "--games", "20", "--jobs", "1"], capture_output=True, text=True, timeout=120)
    assert piped.returncode == 0 and piped.stderr == ""


def test_a_port_in_use_is_one_sentence_with_a_hint(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        code, _, err = run(capsys, "serve", "--port", str(busy.getsockname()[1]))
    assert code == 4 and err.startswith("fanrules: ") and err.count("\n") == 1
    assert "address already in use; another program is using this port: give --port with another number, or 0 for a free one" in err


def test_replay_refuses_a_log_without_a_game_or_a_header_without_seed_and_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", "/dev/null")
    assert code == 1 and out == "" and err == "fanrules: /dev/null: no game in the log (a log holds a header line and the events of each game)\n"
    log = tmp_path / "log.jsonl"
    log.write_text('{"type": "header", "format": 1}\n', encoding="utf-8")
    code, out, err = run(capsys, "replay", str(log))
    assert code == 1 and out == "" and err == f"fanrules: {log}: game #1: the header has no 'seed' and no 'rules': it is not a header fanrules wrote\n"


def test_batch_answers_a_blank_line_with_its_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = tmp_path / "in.jsonl"
    cases.write_text(f'{{"id": "a", "hand": "{HAND}"}}\n\n   \n{{"hand": "1m"}}\n', encoding="utf-8")
    code, out, _ = run(capsys, "batch", "--input", str(cases), "--brief")
    answers = [__import__("json").loads(line) for line in out.splitlines()]
    assert code == 1 and len(answers) == 4  # refused lines: exit 1 (issue 46)
    assert len(answers) == 4 and answers[0]["id"] == "a"
    assert answers[1] == {"id": None, "line": 2, "error": {"kind": "invalid", "message": "line 2 is blank: no record"}}
    assert answers[2]["line"] == 3 and answers[3]["line"] == 4 and answers[3]["error"]["kind"] == "invalid"


def test_waits_and_analyze_say_why_a_wait_is_invalid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "waits", "1111m456p789p123s")
    assert code == 0 and out == " 1m  invalid: fifth copy of 1m: a tile exists only four times\n"
    from fanrules.tools.analyze_cmd import wait_cells

    (wait,) = fanrules.waits("1111m456p789p123s")
    assert wait_cells(wait) == ["invalid: fifth copy of 1m: a tile exists only four times"]


@pytest.mark.parametrize("line", ["E wins 2t from S", "E self-draws twenty"])
def test_a_sheet_line_with_bad_points_says_what_was_expected(line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "s.txt"
    sheet.write_text(line + "\n", encoding="utf-8")
    code, _, err = run(capsys, "sheet", str(sheet))
    word = line.split()[2]
    assert code == 1 and err == f"fanrules: {sheet}:1: expected POINTS (a whole number) or a HAND string after '{line.split()[1]}', not {word!r}\n"


def test_completion_scripts_list_every_command_and_its_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "bash"]) == 0
    script = tmp_path / "fanrules.bash"
    script.write_text(capsys.readouterr().out, encoding="utf-8")
    probe = ('source "$1"; t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _fanrules; echo "${COMPREPLY[*]}"; }; '
             't fanrules si; t fanrules score 1m --js; t fanrules check --rules mcr-; t fanrules rules ""; t fanrules rules show --ru')
    done = subprocess.run(["bash", "-c", probe, "probe", str(script)], capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines() == ["simulate", "--json", "mcr-1998", "show", "--rules"], done.stderr
    assert main(["completion", "fish"]) == 0
    fish = capsys.readouterr().out
    assert "complete -c fanrules -n '__fish_seen_subcommand_from check' -l rules -r -a " in fish
    assert main(["completion", "zsh"]) == 0 and capsys.readouterr().out.startswith("autoload -U +X bashcompinit")


class Terminal(io.StringIO):
    """A standard error that says it is a terminal, keeping what is written to it."""

    def isatty(self) -> bool:
        return True


@contextmanager
def on_a_terminal() -> Iterator[Terminal]:
    shown, old = Terminal(), sys.stderr
    sys.stderr = shown
    try:
        yield shown
    finally:
        sys.stderr = old


def test_diff_and_replay_show_progress_on_a_terminal_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "games.jsonl"
    assert main(["simulate", "--games", "2", "--log", str(log), "--quiet"]) == 0
    capsys.readouterr()
    code, _, err = run(capsys, "replay", str(log))
    assert code == 0 and err == ""  # stderr is no terminal here
    from fanrules.tools import progress

    with on_a_terminal() as shown:
        assert main(["replay", str(log)]) == 0
        assert main(["replay", str(log), "--quiet"]) == 0
    assert shown.getvalue() == "\rfanrules replay: 1 games\rfanrules replay: 2 games\n"
    assert progress.progress_stream(True) is None


def test_editions_doc_outside_a_checkout_is_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fanrules.tools import editions_doc

    monkeypatch.setattr(editions_doc, "DOC", tmp_path / "docs" / "editions.md")
    assert editions_doc.main(["--check"]) == 4
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "run it from a checkout of fanrules" in err and str(tmp_path / "docs" / "editions.md") in err


@pytest.mark.slow  # four bot processes per hand, and two books
def test_book_and_judge_show_progress_on_a_terminal_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with on_a_terminal() as shown:
        assert main(["book", "-o", str(tmp_path / "book")]) == 0
        assert main(["book", "-o", str(tmp_path / "quiet"), "--quiet"]) == 0
    lines = shown.getvalue().split("\r")[1:]
    assert lines[0] == "fanrules book: 1 of 81 fan pages" and lines[-1] == "fanrules book: 81 of 81 fan pages\n"
    assert len(lines) == 81  # one update a fan page, none from the quiet run
    code, _, err = run(capsys, "book", "-o", str(tmp_path / "piped"))
    assert code == 0 and err == ""  # stderr is no terminal here
    bot = [sys.executable, "-m", "fanrules", "bot", "--player", "random"]
    judge = ["judge", "--bots", *[" ".join(bot)] * 4, "--rules", "mcr", "--games", "2"]
    with on_a_terminal() as shown:
        assert main(judge) == 0
    assert shown.getvalue() == "\rfanrules judge: 0 of 2 hands\rfanrules judge: 1 of 2 hands\rfanrules judge: 2 of 2 hands\n"
    assert main([*judge, "--games", "0"]) == 0 and capsys.readouterr().err == ""
