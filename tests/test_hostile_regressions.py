"""Regressions of the hostile review (issue 14), one test per finding: each failed before its fix."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import batch_exit

import fanrules
from fanrules.core.errors import Diagnostic
from fanrules.dsl import compile_predicate
from fanrules.dsl.cost import MAX_COUNT
from fanrules.scoring.facts import Facts
from fanrules.ruleset import lint as lint_module
from fanrules.tools import batch, cli

THIRTEEN_ORPHANS = "19m19p19sESWNCFP1m"


def _codes(text: str) -> list[str]:
    compiled, diagnostics = compile_predicate(text, use_cache=False)
    assert compiled is None
    return [d.code for d in diagnostics]


def test_a_count_predicate_larger_than_a_hand_is_refused() -> None:
    assert _codes("10000000") == ["P119"]
    assert _codes("1000000 * size(tiles)") == ["P119"]
    assert _codes("count(t in tile_kinds: copies(t) == 4) * 2") == ["P119"]
    assert _codes("-(0 - 40)") == ["P119"]


def test_counts_a_hand_can_hold_still_compile() -> None:
    for text in ("size(kongs)", "count(t in tile_kinds: copies(t) == 4)", f"{MAX_COUNT}", "max(x in (1, 5, 9): x * 2)"):
        compiled, diagnostics = compile_predicate(text, use_cache=False)
        assert compiled is not None, diagnostics


def test_the_cost_bound_holds_for_the_whole_predicate_not_each_path() -> None:
    term = "count(a in tiles: count(b in tiles: count(c in tiles: a == b and b == c) > 0) > 0) > 0"
    assert compile_predicate(term, use_cache=False)[0] is not None  # one such term is within the bound
    assert _codes(" or ".join([term] * 33)) == ["P114"]


def test_a_tabulated_condition_agrees_with_direct_evaluation_when_win_set_is_no_set() -> None:
    hand = fanrules.parse_hand(THIRTEEN_ORPHANS)
    reading = fanrules.readings(hand)[0]
    facts = Facts(hand).read(reading)
    for direct, tabulated in [
        ("kind(win_set) == no_set", "any(s in (win_set, win_set): kind(s) == no_set)"),
        ("rank(win_set) == 0", "any(s in (win_set, win_set): rank(s) == 0)"),
        ("any(t in win_set: rank(t) == 0 and suit(t) == suit(E))", "count(t in win_set: rank(t) == 0 and suit(t) == suit(E)) > 0"),
    ]:
        a, _ = compile_predicate(direct, use_cache=False)
        b, _ = compile_predicate(tabulated, use_cache=False)
        assert a is not None and b is not None
        assert bool(a.instances(facts)) == bool(b.instances(facts)), (direct, tabulated)


# --- batch, diff and the command line -------------------------------------------------------------


GOOD = json.dumps({"id": "good", "hand": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5p"], "win_tile": "5p"})
HOSTILE_LINES = [
    b'{"id": ' + b"9" * 5000 + b"}",  # an integer of more than 4,300 digits
    b'{"id": "\\ud800", "hand": []}',  # a lone surrogate
    b"\xff\xfe{}",  # not UTF-8
    b'{"id": NaN}', b'{"id": 1e400}', b'{"id": -Infinity}',
    b'{"id": "cr", "hand": "a\rb"}',  # a carriage return inside a line
    b"[" * 100_000,
]


def _batch(*args: str, stdin: bytes | None = None, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "fanrules", "batch", *args], input=stdin, capture_output=True, timeout=120, **kwargs)  # type: ignore[call-overload, no-any-return]


def _records(out: bytes) -> list[dict[str, object]]:
    def strict(name: str) -> object:
        raise ValueError(name)

    return [json.loads(line.decode("utf-8"), parse_constant=strict) for line in out.split(b"\n") if line]


@pytest.mark.slow  # batch processes over hostile input
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_hostile_batch_line_gets_its_own_valid_record(jobs: str) -> None:
    stdin = b"\n".join([GOOD.encode(), *HOSTILE_LINES, GOOD.encode()]) + b"\n"
    proc = _batch("--jobs", jobs, stdin=stdin)
    # hostile lines are refused: every line answered, exit 1 (README's table)
    assert proc.returncode == batch_exit(proc.stdout) == 1 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    records = _records(proc.stdout)
    assert len(records) == len(HOSTILE_LINES) + 2
    assert records[0]["id"] == records[-1]["id"] == "good" and "total" in records[0]
    assert all(r["error"]["kind"] == "invalid" for r in records[1:-1])  # type: ignore[index]


@pytest.mark.slow  # batch processes
def test_a_line_is_split_the_same_from_a_file_and_from_stdin(tmp_path: Path) -> None:
    data = b'{"id": "a\rb"}\n' + GOOD.encode() + b"\r\n"
    path = tmp_path / "in.jsonl"
    path.write_bytes(data)
    from_file, from_stdin = _batch("--input", str(path)), _batch(stdin=data)
    assert from_file.stdout == from_stdin.stdout and len(_records(from_file.stdout)) == 2


@pytest.mark.slow  # fresh processes
def test_output_over_the_input_is_refused_and_the_input_kept(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(GOOD + "\n", encoding="utf-8")
    proc = _batch("--input", str(path), "--output", str(tmp_path / "." / "in.jsonl"))
    assert proc.returncode == 1 and b"is the input file" in proc.stderr
    assert path.read_text(encoding="utf-8") == GOOD + "\n"


def test_the_line_cap_holds_while_reading() -> None:
    stream = io.BytesIO(b"x" * (5 * batch.MAX_LINE_BYTES) + b"\n" + GOOD.encode() + b"\n")
    lines = list(batch.read_lines(stream))
    assert [n for n, _ in lines] == [1, 2] and all(len(text) <= batch.MAX_LINE_BYTES for _, text in lines)
    assert "longer than" in batch.answer(lines[0][1], fanrules.Scorer.of(), 1)["error"]["message"]  # type: ignore[index]
    assert lines[1][1].strip() == GOOD


def test_jobs_are_capped_at_the_cores(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: list[int] = []
    monkeypatch.setattr(batch, "run", lambda *a, jobs=1, **k: seen.append(jobs) or 0)
    (tmp_path / "in.jsonl").write_text(GOOD + "\n", encoding="utf-8")
    assert cli.main(["batch", "--jobs", "100000", "--input", str(tmp_path / "in.jsonl"), "--output", str(tmp_path / "out.jsonl")]) == 0
    assert seen == [os.cpu_count() or 1]


@pytest.mark.slow  # a batch process
def test_ctrl_c_ends_a_batch_cleanly_keeping_its_lines() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "fanrules", "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=partial(signal.signal, signal.SIGINT, signal.SIG_DFL))  # heard even where the tests ignore it
    assert proc.stdin is not None and proc.stdout is not None
    for _ in range(3):
        proc.stdin.write(GOOD.encode() + b"\n")
    proc.stdin.flush()
    got = [proc.stdout.readline() for _ in range(3)]  # answered while stdin stays open
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and b"Traceback" not in err, err
    assert b"interrupted: 3 lines written" in err
    assert len(_records(b"".join(got) + out)) == 3


@pytest.mark.slow  # fresh processes
@pytest.mark.parametrize("stream", ["<&-", ">&-"])
def test_a_closed_standard_stream_is_a_one_line_error(stream: str, tmp_path: Path) -> None:
    proc = subprocess.run(["sh", "-c", f'exec "{sys.executable}" -m fanrules batch {stream}'], capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 4 and b"Traceback" not in proc.stderr and b"closed" in proc.stderr, proc.stderr


@pytest.mark.parametrize("content", [b"\xff\xfe\n", b'{"n": ' + b"9" * 5000 + b"}\n", b"[" * 100_000 + b"\n", b"x" * 1_000_000 + b"\n"])
def test_diff_on_hostile_input_is_a_one_line_error(content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Issue 13: a bad line gets its own line in the report and the diff goes on (as batch does).
    path = tmp_path / "cases.jsonl"
    path.write_bytes(GOOD.encode() + b"\n" + content + GOOD.encode() + b"\n")
    assert cli.main(["diff", str(path), "--rules", "casual", "--verbose"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("casual against mcr: 3 hands")
    assert len([line for line in out.splitlines() if line.startswith("  line 2: ")]) == 1 and len(out) < 5_000


def test_diff_streams_its_cases(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from fanrules.tools import compare

    seen: list[str] = []
    real = compare.compare

    def watching(a: object, b: object, records: object, *lines: object) -> object:
        assert not isinstance(records, (list, tuple))  # an iterator: not all read before the comparison
        return real(a, b, records, *lines)  # type: ignore[arg-type]

    monkeypatch.setattr(compare, "compare", watching)
    path = tmp_path / "cases.jsonl"
    path.write_text((GOOD + "\n") * 3, encoding="utf-8")
    assert cli.main(["diff", str(path), "--rules", "casual", "--json"]) == 0
    seen.append("ok")
    assert seen == ["ok"]


def test_cli_corners_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "show", "²"]) == 1
    assert cli.main(["waits", "EEEEEEEEEEEEE"]) == 1
    assert "fifth copy of E" in capsys.readouterr().err
    (tmp_path / "ruleset.yaml").write_text("name: v\nextends: mcr\n", encoding="utf-8")
    (tmp_path / "fans").mkdir()
    (tmp_path / "fans" / "90.yaml").write_text(
        "number: 90\nname_zh: 新\nname_en: New\nvalue: 1\ndescription: d\npredicate: size(kongs) == 4\n"
        "examples:\n  - hand: 123m456m789m123p5p5p\n    count: 0\n", encoding="utf-8")
    assert cli.main(["demo", "--fans", "90", "--rules", str(tmp_path)]) == 1
    assert "no example that scores it" in capsys.readouterr().err


def test_an_exclusion_chain_longer_than_the_stack_is_linted() -> None:
    n = 5000
    fans = [SimpleNamespace(number=i, excludes=(SimpleNamespace(target=i + 1),) if i < n else (), origins={}, where=None,
                            examples=(SimpleNamespace(count=1, hand="", context={}), SimpleNamespace(count=0, hand="", context={})))
            for i in range(1, n + 1)]
    fans[-1].excludes = (SimpleNamespace(target=1),)  # a cycle through all of them
    fake = SimpleNamespace(fans=fans)
    assert [len(c) for c in lint_module._cycles(fake)] == [n]  # type: ignore[arg-type]


def test_control_characters_in_rule_text_are_escaped_when_printed() -> None:
    d = Diagnostic(file="f.yaml", line=1, column=9, code="R003", message="unknown key 'a\x1b]52;c;SGk=\x07'",
                   hint="hint\nfanrules: forged", source_line="key: 'a\x1b[2J'")
    text = d.format()
    assert "\x1b" not in text and "\x07" not in text and "\\x1b]52" in text
    assert len(text.splitlines()) == 4  # the message, the source line, the caret, the hint: no forged line


def test_the_limits_table_in_docs_rules_md_says_what_the_code_does() -> None:
    from fanrules.dsl import cost, parser
    from fanrules.dsl.checker import MAX_EACH_NAMES
    from fanrules.ruleset import files, loader, yamlpos

    text = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip() for line in text.split("## Limits and confinement")[1].splitlines()
            if line.startswith("| ") and not line.startswith("| limit")}
    expected = {
        "size of one rule file (`ruleset.yaml` or a fan file)": f"{yamlpos.MAX_FILE_BYTES:,} bytes",
        "size of all the files of a rule set and its parents": f"{files.MAX_RULESET_BYTES:,} bytes",
        "fan files in one `fans` folder": f"{files.MAX_FAN_FILES}",
        "fans of a rule set after inheritance": f"{loader.MAX_FANS}",
        "length of an `extends` chain": f"{loader.MAX_CHAIN} parents",
        "YAML nesting": f"{yamlpos.MAX_DEPTH} levels",
        "characters of a number-like word in a rule file (`123…`, `0x…`, `1:59:59`, …)": f"{yamlpos.MAX_INT_DIGITS}",
        "characters of one predicate": f"{parser.MAX_PREDICATE_CHARS:,}",
        "nesting of a predicate (parentheses or operations)": f"{parser.MAX_NESTING} levels",
        "runs of a predicate's conditions per reading, every quantifier and each rule added up": f"{cost.MAX_COST:,}",
        "value of a count predicate (times a fan applies in one hand)": f"{cost.MAX_COUNT} (the number of tile kinds)",
        "least value of a count predicate": "0 (a count that is always negative, such as `0 - 5`, is refused)",
        "names of an each rule": f"{MAX_EACH_NAMES}",
        "characters of all the predicates of a rule set": f"{loader.MAX_PREDICATE_TEXT:,}",
        "runs of all the predicates' conditions per reading": f"{loader.MAX_RULESET_COST:,}",
    }
    assert {k: rows.get(k) for k in expected} == expected


def test_an_unexpected_failure_of_one_line_is_that_lines_error(monkeypatch: pytest.MonkeyPatch) -> None:
    scorer = fanrules.Scorer.of()

    def broken(hand: object) -> object:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(scorer, "score", broken)
    out = io.BytesIO()
    assert batch.run(io.BytesIO((GOOD + "\n").encode() * 2), out, scorer) == 2
    records = _records(out.getvalue())
    assert [r["error"]["kind"] for r in records] == ["invalid", "invalid"]  # type: ignore[index]
    assert all("internal error (ZeroDivisionError)" in r["error"]["message"] for r in records)  # type: ignore[index]
