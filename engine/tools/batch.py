"""The JSONL contract: one input object per line in, one result object per line out."""
from __future__ import annotations

import json
import multiprocessing
import select
from collections import deque
from collections.abc import Iterable, Iterator
from multiprocessing.pool import AsyncResult
from typing import IO, Any

from ..core.errors import ErrorKind, HandError, InvalidHandError
from ..core.jsonio import hand_from_record
from ..ruleset import load_ruleset
from ..scoring import Scorer

MAX_LINE_CHARS = 100_000


def answer(line: str, scorer: Scorer, number: int) -> dict[str, Any]:
    """The output object for one input line; never raises for bad input."""
    record: Any = None
    try:
        if len(line) > MAX_LINE_CHARS:
            raise InvalidHandError(f"line {number} is longer than {MAX_LINE_CHARS} characters")
        try:
            record = json.loads(line)
        except json.JSONDecodeError as err:
            raise InvalidHandError(f"line {number} is not valid JSON: {err.msg} at column {err.colno}") from None
        result = scorer.score(hand_from_record(record))
        return result.to_json(_id(record))
    except HandError as err:
        return {"id": _id(record), "error": {"kind": err.kind, "message": str(err)}}
    except RecursionError:
        return {"id": _id(record), "error": {"kind": ErrorKind.INVALID, "message": f"line {number} nests too deeply"}}


def _id(record: Any) -> Any:
    return record.get("id") if isinstance(record, dict) else None


def answers(lines: Iterable[str], scorer: Scorer) -> Iterator[dict[str, Any]]:
    """Answers in input order; blank lines are skipped."""
    for number, line in enumerate(lines, 1):
        if line.strip():
            yield answer(line, scorer, number)


def _encode(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False) + "\n"


def run(inp: IO[str], out: IO[str], scorer: Scorer, jobs: int = 1, rules: str = "mcr", progress: IO[str] | None = None) -> int:
    """Stream a batch and return the number of lines answered. With ``jobs`` > 1, chunks of lines are
    scored by that many worker processes (loading ``rules``) and written in input order, so the output
    is the same bytes as with one job; at most a few chunks per worker are in flight, so memory stays
    flat however long the input is. Output is flushed after each line (one job) or chunk (several),
    so an interrupted batch keeps every completed line. ``progress`` (a terminal) gets a line count."""
    if jobs <= 1:
        n = 0
        for obj in answers(inp, scorer):
            out.write(_encode(obj))
            out.flush()
            n += 1
            if progress is not None and n % PROGRESS_EVERY == 0:
                _show(progress, n)
        return _done(progress, n)
    n = 0
    with multiprocessing.get_context("fork").Pool(jobs, _init_worker, (rules,)) as pool:
        pending: deque[AsyncResult] = deque()
        for chunk in _chunks(inp):
            pending.append(pool.apply_async(_score_chunk, (chunk,)))
            waiting = not _ready(inp)  # no more input yet: answer what came so far before blocking
            while pending and (waiting or len(pending) >= jobs * IN_FLIGHT or pending[0].ready()):
                n += _write(out, pending.popleft().get())
                if progress is not None:
                    _show(progress, n)
        while pending:
            n += _write(out, pending.popleft().get())
            if progress is not None:
                _show(progress, n)
    return _done(progress, n)


CHUNK_LINES = 256
IN_FLIGHT = 4
PROGRESS_EVERY = 1000
_worker_scorer: Scorer | None = None


def _chunks(inp: IO[str]) -> Iterator[list[tuple[int, str]]]:
    chunk: list[tuple[int, str]] = []
    for number, line in enumerate(inp, 1):
        if line.strip():
            chunk.append((number, line))
            if len(chunk) == CHUNK_LINES or not _ready(inp):
                yield chunk
                chunk = []
    if chunk:
        yield chunk


def _ready(inp: IO[str]) -> bool:
    """Whether more input can be read without waiting (always, for files and strings)."""
    try:
        fd = inp.fileno()
    except (AttributeError, OSError, ValueError):
        return True
    return bool(select.select([fd], [], [], 0)[0])


def _init_worker(rules: str) -> None:
    global _worker_scorer
    _worker_scorer = Scorer(load_ruleset(rules))


def _score_chunk(chunk: list[tuple[int, str]]) -> str:
    assert _worker_scorer is not None
    return "".join(_encode(answer(line, _worker_scorer, number)) for number, line in chunk)


def _write(out: IO[str], text: str) -> int:
    out.write(text)
    out.flush()
    return text.count("\n")


def _show(progress: IO[str], n: int) -> None:
    progress.write(f"\rfanrules batch: {n} lines")
    progress.flush()


def _done(progress: IO[str] | None, n: int) -> int:
    if progress is not None:
        _show(progress, n)
        progress.write("\n")
    return n
