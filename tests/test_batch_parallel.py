"""`fanrules batch --jobs N` writes the same bytes, in input order, as `--jobs 1`."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import corpus_path

import fanrules
from fanrules.tools import batch


def _run(jobs: int, path: str) -> bytes:
    cmd = [sys.executable, "-m", "fanrules", "batch", "--jobs", str(jobs), "--input", path]
    return subprocess.run(cmd, check=True, capture_output=True).stdout


def test_two_jobs_give_the_same_bytes_as_one_on_the_public_corpus() -> None:
    path = str(corpus_path("public.jsonl"))
    one, two = _run(1, path), _run(2, path)
    assert one == two
    assert len(one.splitlines()) == 2000


def test_chunks_come_back_in_order_with_errors_in_place() -> None:
    good = json.dumps({"id": "g", "hand": list("EEESSSWWWNNNC"), "win_tile": "C", "self_drawn": True})
    lines = [good if i % 3 else "not json" for i in range(batch.CHUNK_LINES * 3 + 7)]
    out = io.StringIO()
    n = batch.run(io.StringIO("\n".join(lines) + "\n"), out, fanrules.scorer("mcr"), jobs=2, rules="mcr")
    got = [json.loads(line) for line in out.getvalue().splitlines()]
    assert n == len(lines) == len(got)
    for i, obj in enumerate(got):
        if i % 3:
            assert obj["id"] == "g" and obj["total"] > 88
        else:
            assert obj["error"]["kind"] == "invalid" and f"line {i + 1} " in obj["error"]["message"]


def test_progress_counts_lines_on_the_given_stream() -> None:
    good = json.dumps({"id": "g", "hand": list("EEESSSWWWNNNC"), "win_tile": "C"})
    progress = io.StringIO()
    batch.run(io.StringIO((good + "\n") * 5), io.StringIO(), fanrules.scorer("mcr"), progress=progress)
    assert progress.getvalue().endswith("\rfanrules batch: 5 lines\n")


@pytest.mark.parametrize("block", [64, 700, 1 << 19])
def test_a_file_handed_out_in_blocks_gives_the_bytes_of_one_job(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    """From a regular file, --jobs N hands the workers blocks of whole lines: lines cut across blocks,
    over-long lines (here over 1,000 bytes, one of them across several blocks), blank lines, bytes that
    are not UTF-8, a carriage return, no newline at the end: the same bytes as one job."""
    monkeypatch.setattr(batch, "BLOCK_BYTES", block)
    monkeypatch.setattr(batch, "MAX_LINE_BYTES", 1000)
    good = json.dumps({"id": "g", "hand": list("EEESSSWWWNNNC"), "win_tile": "C", "self_drawn": True}).encode()
    lines = [good, b"", b"not json", b'{"id": "\xff\xfe"}', b'{"id": "' + b"x" * 3000 + b'"}', good + b"\r",
             b" " * 999, b"y" * 1001, b"z" * 1000, good, b"   ", good]
    path = tmp_path / "in.jsonl"
    path.write_bytes(b"\n".join(lines * 3))  # no newline after the last line
    outputs = []
    for jobs in (1, 2):
        out = io.BytesIO()
        with open(path, "rb") as inp:
            n = batch.run(inp, out, fanrules.scorer("mcr"), jobs=jobs, rules="mcr")
        outputs.append((n, out.getvalue()))
    assert outputs[0] == outputs[1]
    answers = [json.loads(line) for line in outputs[1][1].splitlines()]
    assert len(answers) == outputs[1][0] == 3 * 9  # twelve lines a round, three of them blank
    assert sum("longer than" in a.get("error", {}).get("message", "") for a in answers) == 3 * 2  # 3,012 and 1,001 bytes
    assert sum(a.get("id") == "g" and a.get("total", 0) > 0 for a in answers) == 3 * 4


def test_blocks_keep_memory_bounded_on_a_line_without_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A line of megabytes is handed out cut to the limit and a byte; the parent never holds more than
    the limit and a block of it."""
    monkeypatch.setattr(batch, "BLOCK_BYTES", 4096)
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"a" * 3_000_000 + b"\n" + b"{}\n")
    with open(path, "rb") as inp:
        blocks = list(batch._blocks(inp))
    assert [(first, len(block)) for first, block in blocks] == [(1, batch.MAX_LINE_BYTES + 1), (2, 3)]
