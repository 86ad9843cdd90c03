"""`fanrules batch --jobs N` writes the same bytes, in input order, as `--jobs 1`."""
from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest

from conftest import batch_exit, corpus_path

import fanrules
from fanrules.tools import batch, batch_workers

pytestmark = pytest.mark.slow  # whole batch processes and their workers, on files of thousands of lines


def _run(jobs: int, path: str) -> bytes:
    cmd = [sys.executable, "-m", "fanrules", "batch", "--jobs", str(jobs), "--input", path]
    proc = subprocess.run(cmd, capture_output=True)
    assert proc.returncode == batch_exit(proc.stdout), proc.stderr
    return proc.stdout


def test_two_jobs_give_the_same_bytes_as_one_on_the_public_corpus() -> None:
    path = str(corpus_path("public.jsonl"))
    one, two = _run(1, path), _run(2, path)
    assert one == two
    assert len(one.splitlines()) == 2000


def test_chunks_come_back_in_order_with_errors_in_place() -> None:
    good = json.dumps({"id": "g", "hand": list("EEESSSWWWNNNC"), "win_tile": "C", "self_drawn": True})
    lines = [good if i % 3 else "not json" for i in range(batch.CHUNK_LINES * 3 + 7)]
    out = io.StringIO()
    n = batch.run(io.StringIO("\n".join(lines) + "\n"), out, fanrules.Scorer.of("mcr"), jobs=2)
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
    batch.run(io.StringIO((good + "\n") * 5), io.StringIO(), fanrules.Scorer.of("mcr"), progress=progress)
    assert progress.getvalue().endswith("\rfanrules batch: 5 lines\n")


@pytest.mark.parametrize("source", ["file", "stream"])
@pytest.mark.parametrize("block", [64, 700, 1 << 19])
def test_a_file_handed_out_in_blocks_gives_the_bytes_of_one_job(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int, source: str) -> None:
    """From a regular file or a binary stream, --jobs N hands the workers blocks of whole lines: lines
    cut across blocks, over-long lines (here over 1,000 bytes, one of them across several blocks), blank
    lines, bytes that are not UTF-8, a carriage return, no newline at the end: the same bytes as one job."""
    monkeypatch.setattr(batch_workers, "BLOCK_BYTES", block)
    monkeypatch.setattr(batch, "MAX_LINE_BYTES", 1000)
    good = json.dumps({"id": "g", "hand": list("EEESSSWWWNNNC"), "win_tile": "C", "self_drawn": True}).encode()
    lines = [good, b"", b"not json", b'{"id": "\xff\xfe"}', b'{"id": "' + b"x" * 3000 + b'"}', good + b"\r",
             b" " * 999, b"y" * 1001, b"z" * 1000, good, b"   ", good]
    path = tmp_path / "in.jsonl"
    path.write_bytes(b"\n".join(lines * 3))  # no newline after the last line
    outputs = []
    for jobs in (1, 2):
        out = io.BytesIO()
        with open(path, "rb") as f:
            n = batch.run(f if source == "file" else io.BytesIO(f.read()), out, fanrules.Scorer.of("mcr"), jobs=jobs)
        outputs.append((n, out.getvalue()))
    assert outputs[0] == outputs[1]
    answers = [json.loads(line) for line in outputs[1][1].splitlines()]
    assert len(answers) == outputs[1][0] == 3 * 12  # twelve lines a round, each answered
    assert [a["line"] for a in answers if "is blank" in a.get("error", {}).get("message", "")] == [n + 12 * r for r in range(3) for n in (2, 7, 11)]
    assert sum("longer than" in a.get("error", {}).get("message", "") for a in answers) == 3 * 2  # 3,012 and 1,001 bytes
    assert sum(a.get("id") == "g" and a.get("total", 0) > 0 for a in answers) == 3 * 4



class _Appending(io.BytesIO):
    """Output that, at its first write, appends ``more`` to the input file (a log still being written)."""

    def __init__(self, path: Path, more: bytes) -> None:
        super().__init__()
        self.path, self.more = path, more

    def write(self, data: bytes) -> int:  # type: ignore[override]
        if self.more:
            with open(self.path, "ab") as f:
                f.write(self.more)
            self.more = b""
        return super().write(data)


@pytest.mark.parametrize("cut", [b"", b'{"id": "ha'])
def test_a_file_that_grows_during_the_batch_is_read_to_its_end_as_with_one_job(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cut: bytes) -> None:
    """--jobs N reads a regular file to the end it meets, as --jobs 1 does, not to the size it had at the
    start; a line being written at the start (``cut``) is answered whole, and lines are numbered on."""
    monkeypatch.setattr(batch_workers, "BLOCK_BYTES", 512)
    good = json.dumps({"id": "g", "hand": list("EEESSSWWWNNNC"), "win_tile": "C", "self_drawn": True}).encode()
    path = tmp_path / "log.jsonl"
    path.write_bytes((good + b"\n") * 20 + b"not json\n" + cut)
    rest = b'lf", "hand": "EEESSSWWWNNNCC", "self_drawn": true}\n' if cut else b""
    more = rest + (good + b"\n") * 15 + b"not json\n" + good  # the last line without a newline
    with open(path, "rb") as f:
        out = _Appending(path, more)
        n = batch.run(f, out, fanrules.Scorer.of("mcr"), jobs=2)
    one = io.BytesIO()
    with open(path, "rb") as f:
        assert batch.run(f, one, fanrules.Scorer.of("mcr"), jobs=1) == n == 20 + 1 + bool(cut) + 15 + 1 + 1
    assert out.getvalue() == one.getvalue()
    answers = [json.loads(line) for line in one.getvalue().splitlines()]
    assert [a["error"]["message"].split(" is ")[0] for a in answers if "error" in a] == ["line 21", f"line {37 + bool(cut)}"]
    assert not cut or answers[21]["id"] == "half"



def test_a_pass_looks_back_for_its_last_newline_a_bounded_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose last line is longer than any line may be is answered in one pass, its end found
    after reading at most TAIL_SCAN bytes back from the end, however long the line."""
    path = tmp_path / "long.jsonl"
    path.write_bytes(b'{"id": 1}\n' + b"x" * (8 * batch_workers.TAIL_SCAN))
    read: list[int] = []
    pread = os.pread

    def counted(fd: int, size: int, offset: int) -> bytes:
        read.append(size)
        return pread(fd, size, offset)
    monkeypatch.setattr(batch_workers.os, "pread", counted)
    with open(path, "rb") as f:
        assert batch_workers._pass_end(f.fileno(), 0) == path.stat().st_size
        assert sum(read) == batch_workers.TAIL_SCAN
        assert batch_workers._pass_end(f.fileno(), path.stat().st_size) == path.stat().st_size  # nothing after it
    monkeypatch.setattr(batch_workers.os, "pread", pread)
    out = io.BytesIO()
    with open(path, "rb") as f:
        assert batch.run(f, out, fanrules.Scorer.of("mcr"), jobs=2) == 2
    assert "longer than" in json.loads(out.getvalue().splitlines()[1])["error"]["message"]


def test_blocks_read_the_lines_of_the_file_in_bounded_pieces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The blocks of a file, each read as a worker reads it, are the numbered lines read_lines reads from
    the whole file, a line of megabytes among them; no read asks for more than 64 KiB, however long the line."""
    monkeypatch.setattr(batch_workers, "BLOCK_BYTES", 4096)
    monkeypatch.setattr(batch, "MAX_LINE_BYTES", 5000)
    path = tmp_path / "long.jsonl"
    path.write_bytes(b"{}\n" * 3000 + b"a" * 3_000_000 + b"\n" + b"x" * 4999 + b"\n" + b"{}\n" * 2000 + b"no end")
    sizes: list[int] = []
    pread = os.pread

    def counted(fd: int, size: int, offset: int) -> bytes:
        sizes.append(size)
        return pread(fd, size, offset)
    monkeypatch.setattr(os, "pread", counted)
    with open(path, "rb") as inp:
        blocks = batch_workers._Blocks(inp.fileno(), 0, path.stat().st_size)
        got = [(first - 1 + number, line) for k in range(blocks.count) for block, first in [blocks.block(k)]
               for number, line in batch.read_lines(block)]
        inp.seek(0)
        monkeypatch.setattr(os, "pread", pread)
        assert got == list(batch.read_lines(inp))
    assert len(got) == 3000 + 2 + 2000 + 1 and got[3000][1] == batch._TOO_LONG
    assert max(sizes) <= 1 << 16


_PARENT = os.getpid()
#: The tests that find a batch's workers read Linux's list of a process's children.
_CHILDREN = pytest.mark.skipif(not Path(f"/proc/{_PARENT}/task/{_PARENT}/children").exists(), reason="no /proc children list")


def _dying(score: Callable[..., bytes], signum: int, calls: dict[int, int]) -> Callable[..., bytes]:
    """``score``, but a worker is killed by ``signum`` on its second block or chunk (as one killed by the
    system mid-batch would be); ``calls`` counts the calls of each process."""
    def scored(*args: object, **kwargs: object) -> bytes:
        pid = os.getpid()
        calls[pid] = calls.get(pid, 0) + 1
        if pid != _PARENT and calls[pid] == 2:
            os.kill(pid, signum)
        return score(*args, **kwargs)
    return scored


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
@pytest.mark.parametrize("source", ["file", "stream", "text"])
def test_a_worker_killed_mid_batch_loses_no_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, signum: int) -> None:
    """Every block or piece a killed worker owed (of a file, a binary stream, a text stream) is scored by
    the parent: the same bytes as one job."""
    calls: dict[int, int] = {}
    monkeypatch.setattr(batch_workers, "BLOCK_BYTES", 2048)
    monkeypatch.setattr(batch, "CHUNK_LINES", 7)
    monkeypatch.setattr(batch, "_score_block", _dying(batch._score_block, signum, calls))
    monkeypatch.setattr(batch, "_score_chunk", _dying(batch._score_chunk, signum, calls))
    good = json.dumps({"id": "g", "hand": list("EEESSSWWWNNNC"), "win_tile": "C", "self_drawn": True})
    path = tmp_path / "in.jsonl"
    path.write_text("".join(f"{good}\nnot json {i}\n" for i in range(100)))
    outputs = []
    for jobs in (1, 2, 3):
        out = io.BytesIO()
        with open(path, "rb") as f:
            inp = f if source == "file" else io.BytesIO(f.read()) if source == "stream" else io.StringIO(f.read().decode())
            outputs.append((batch.run(inp, out, fanrules.Scorer.of("mcr"), jobs=jobs), out.getvalue()))
        assert calls.pop(_PARENT, 0) > 0 if jobs > 1 else not calls  # what the killed workers owed
    assert outputs[0] == outputs[1] == outputs[2] and outputs[0][0] == 200


@_CHILDREN
def test_a_batch_whose_worker_is_killed_from_outside_answers_every_line(tmp_path: Path) -> None:
    """`fanrules batch --jobs 2` on a file, one of its workers killed with SIGKILL as it runs: every line
    is answered, the same bytes as one job, and no process is left behind."""
    path = tmp_path / "in.jsonl"
    path.write_bytes(corpus_path("public.jsonl").read_bytes() * 5)
    one = _run(1, str(path))
    proc = subprocess.Popen([sys.executable, "-m", "fanrules", "batch", "--jobs", "2", "--input", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head, workers = _workers_of(proc)
    assert len(workers) == 2
    os.kill(workers[0], signal.SIGKILL)
    rest, err = proc.communicate(timeout=120)
    assert proc.returncode == batch_exit(one) == 1, err  # the corpus has refused lines: exit 1, every line answered
    assert head + rest == one
    assert _gone(workers[1], 0)


def _workers_of(proc: subprocess.Popen) -> tuple[bytes, list[int]]:
    """The first output of a running batch, and its worker processes (running once it has answered)."""
    assert proc.stdout is not None
    head = proc.stdout.read(4096)
    return head, [int(pid) for pid in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()]


def _gone(pid: int, timeout: float = 30) -> bool:
    """Whether process ``pid`` ends (or is a zombie nobody collects) within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                return True
        except FileNotFoundError:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


#: Run in a child before it starts: Ctrl-C (SIGINT) as a terminal gives it, even when the tests run where it
#: is ignored (a background job of a shell without job control), which Python would leave ignored.
CTRL_C_HEARD = partial(signal.signal, signal.SIGINT, signal.SIG_DFL)


@_CHILDREN
def test_ctrl_c_in_a_batch_of_a_file_writes_every_completed_line(tmp_path: Path) -> None:
    """Ctrl-C in `fanrules batch --jobs 2` on a file: exit 130, the lines written are the first lines of
    one job's output, as many as the message says, and the workers are gone. The output is a pipe the
    test stops reading: the batch cannot end before the signal, however loaded the machine, and the
    signal comes while the batch is writing (a write is finished and counted before it stops). One job's
    first lines are its answers to the first lines alone (an answer depends on its line only)."""
    path, first = tmp_path / "in.jsonl", tmp_path / "first.jsonl"
    lines = corpus_path("public.jsonl").read_bytes().splitlines(keepends=True) * 5
    path.write_bytes(b"".join(lines))
    proc = subprocess.Popen([sys.executable, "-m", "fanrules", "batch", "--jobs", "2", "--input", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=CTRL_C_HEARD)
    head, workers = _workers_of(proc)
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and b"Traceback" not in err, err
    written = int(err.decode().split("interrupted: ")[1].split()[0])
    assert 0 < written < len(lines)
    first.write_bytes(b"".join(lines[:written]))
    assert head + rest == _run(1, str(first))
    assert len(workers) == 2 and all(_gone(pid) for pid in workers)


@_CHILDREN
@pytest.mark.parametrize("source", ["file", "pipe"])
def test_the_workers_of_a_killed_batch_exit(tmp_path: Path, source: str) -> None:
    """A batch killed outright (SIGKILL: no chance to stop its workers) leaves no worker running: each
    exits at its next write to, or read from, its parent."""
    path = tmp_path / "in.jsonl"
    path.write_bytes(corpus_path("public.jsonl").read_bytes() * 5)
    cmd = [sys.executable, "-m", "fanrules", "batch", "--jobs", "2"]
    feed = subprocess.Popen(["cat", str(path)], stdout=subprocess.PIPE) if source == "pipe" else None
    proc = subprocess.Popen(cmd if feed else [*cmd, "--input", str(path)], stdin=feed.stdout if feed else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    _, workers = _workers_of(proc)
    proc.kill()
    proc.wait(timeout=30)
    if feed:
        feed.kill()
        feed.wait(timeout=30)
    assert len(workers) == 2 and all(_gone(pid) for pid in workers)
