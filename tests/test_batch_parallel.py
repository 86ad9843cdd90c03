"""`fanrules batch --jobs N` writes the same bytes, in input order, as `--jobs 1`."""
from __future__ import annotations

import io
import json
import subprocess
import sys

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
