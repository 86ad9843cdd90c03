"""The JSONL contract: one input object per line in, one result object per line out."""
from __future__ import annotations

import io
import json
import math
import os
import select
import signal
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..core.errors import ErrorKind, HandError, InvalidHandError
from ..core.jsonio import MAX_LINE_CHARS, hand_from_record
from ..core.memo import Memo
from ..scoring import Scorer
from ..scoring.result_text import Text

if TYPE_CHECKING:  # the cluster's parts are imported only by --backend ray: start-up stays short
    from ..study import Executor, RuleBundle

#: A line is read up to this many bytes (a character takes up to four); the rest of a longer one is skipped.
MAX_LINE_BYTES = 4 * MAX_LINE_CHARS


def usable_jobs(requested: int) -> int:
    """``--jobs`` of batch and simulate (0: every CPU; batch's default is 1, simulate's 0: README) bounded by the CPU count, so that a slip of the
    keyboard cannot fork a process per piece of work; a larger number is brought down with a notice."""
    cores = os.cpu_count() or 1
    if requested > cores:
        print(f"fanrules: --jobs {requested} is more than the {cores} CPUs here: using {cores}", file=sys.stderr)
    return min(requested or cores, cores)


class Interrupted(Exception):
    """A batch stopped by Ctrl-C (SIGINT); ``lines`` were answered and written."""

    def __init__(self, lines: int) -> None:
        super().__init__(f"interrupted: {lines} lines written")
        self.lines = lines


def read_lines(inp: IO[Any]) -> Iterator[tuple[int, str]]:
    """The numbered lines of a stream, split at "\n" only (a "\r" inside a line stays in it), the same
    from a file or a pipe, bytes or text. A line longer than the limit is read no further than the
    limit (the rest is skipped) and comes as an over-long line; one that is not UTF-8 comes with its
    bad bytes replaced, which makes it invalid JSON, and its answer says so."""
    number = 0
    while True:
        line = inp.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n" if isinstance(line, bytes) else "\n"):
            while (rest := inp.readline(MAX_LINE_BYTES)) and not rest.endswith(b"\n" if isinstance(rest, bytes) else "\n"):
                pass
            yield number, _TOO_LONG
            continue
        if isinstance(line, bytes):
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError as err:
                yield number, _NOT_UTF8 + str(err.start + 1)
                continue
        else:
            text = line
        yield number, text


_TOO_LONG = "\0too long"
_NOT_UTF8 = "\0not utf-8 at byte "


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


#: One decoder and one encoder for every line: ``json.loads`` and ``json.dumps`` with options build a
#: new one per call, a cost paid again for every line.
_DECODER = json.JSONDecoder(parse_constant=_reject_constant, parse_float=_finite)
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False)


def parse_line(line: str, number: int) -> Any:
    """The JSON value of one input line (from read_lines); InvalidHandError saying what is wrong with it
    (too long, not UTF-8, not JSON, NaN or a number too large, nesting too deep)."""
    if line == _TOO_LONG or len(line) > MAX_LINE_CHARS:
        raise InvalidHandError(f"line {number} is longer than {MAX_LINE_CHARS} characters")
    if line.startswith(_NOT_UTF8):
        raise InvalidHandError(f"line {number} is not valid UTF-8 (byte {line[len(_NOT_UTF8):]})")
    try:
        if line.startswith("\ufeff"):  # json.loads says why a byte order mark is not JSON
            return json.loads(line, parse_constant=_reject_constant, parse_float=_finite)
        return _DECODER.decode(line)
    except json.JSONDecodeError as err:
        raise InvalidHandError(f"line {number} is not valid JSON: {err.msg} at column {err.colno}") from None
    except ValueError as err:  # NaN, 1e400, an integer of more than 4,300 digits
        reason = "a number has more than 4,300 digits" if "digits" in str(err) else str(err)
        raise InvalidHandError(f"line {number} is not valid JSON: {reason}") from None
    except RecursionError:
        raise InvalidHandError(f"line {number} nests too deeply") from None


def answer(line: str, scorer: Scorer, number: int) -> dict[str, Any]:
    """The output object for one input line; never raises for bad input."""
    record: Any = None
    try:
        record = parse_line(line, number)
        return scorer.score(hand_from_record(record)).to_json(_id(record))
    except Exception as err:  # noqa: BLE001 - no failure of one line may stop the batch or lose a line
        return _error(err, record, number)


def answer_line(line: str, scorer: Scorer, number: int, text: Text, explain: bool = True) -> str:
    """``encode(answer(line, scorer, number), number)``, the same text, but a scored hand's answer is
    written by ``text`` from pieces it knows (scoring/result_text.py; bench/callgrind_batch.py counts it).
    Without ``explain``, the answer has the contract's fields only (``Text.brief``)."""
    record: Any = None
    try:
        record = parse_line(line, number)
        result = scorer.score(hand_from_record(record))
    except Exception as err:  # noqa: BLE001 - as in answer
        return text.raw(encode(_error(err, record, number), number))
    try:
        return (text.line(result, _id(record)) if explain else text.brief(result, _id(record))) + "\n"
    except (ValueError, UnicodeError):  # an id with a lone surrogate (as encode)
        return _unwritable(number)


def _error(err: Exception, record: Any, number: int) -> dict[str, Any]:
    """The answer to a line that could not be scored: a bad hand, or (never expected) a failure of fanrules.
    It carries the line's number, so that an answer without an id still says which line it answers."""
    if isinstance(err, HandError):
        message = str(err)
    elif isinstance(err, RecursionError):
        message = f"line {number} nests too deeply"
    else:
        message = f"line {number}: internal error ({type(err).__name__}), please report it"
    return {"id": _id(record), "line": number, "error": {"kind": err.kind if isinstance(err, HandError) else ErrorKind.INVALID, "message": message}}


def blank_answer(number: int) -> str:
    """The answer to a blank line: an error, so that every input line has its output line."""
    return json.dumps({"id": None, "line": number, "error": {"kind": ErrorKind.INVALID, "message": f"line {number} is blank: no record"}}) + "\n"


def _id(record: Any) -> Any:
    return record.get("id") if isinstance(record, dict) else None


#: The pieces of answers this process has written (kept across chunks and batches), as text and as the
#: UTF-8 bytes of binary output (``Text.raw``).
TEXT = Text()
_WIRE = Text(wire=True)


def answer_lines(lines: Iterable[tuple[int, str]], scorer: Scorer, explain: bool = True, text: Text = TEXT) -> Iterator[str]:
    """The output lines answering numbered input lines, in input order, written by ``text``; a blank line's
    is an error (blank_answer)."""
    for number, line in lines:
        if line and not line.isspace():  # not blank (as ``line.strip()``, without a copy of the line)
            yield answer_line(line, scorer, number, text, explain)
        else:
            yield blank_answer(number)


def encode(obj: dict[str, Any], number: int) -> str:
    """One output line: JSON that is always valid UTF-8. An answer that cannot be written so (an id
    with a lone surrogate) becomes that line's error."""
    try:
        text = _ENCODER.encode(obj)
        text.encode("utf-8")
    except (ValueError, UnicodeError):
        return _unwritable(number)
    return text + "\n"


def _unwritable(number: int) -> str:
    return json.dumps({"id": None, "line": number, "error": {"kind": ErrorKind.INVALID,
                                                              "message": f"line {number}: its id cannot be written as UTF-8 JSON"}}) + "\n"


def run(inp: IO[Any], out: IO[Any], scorer: Scorer, jobs: int = 1, progress: IO[str] | None = None, explain: bool = True,
        cluster: Executor | None = None, refused: list[int] | None = None) -> int:
    """Stream a batch and return the number of lines answered. ``inp`` is read in bytes or text, line by
    line (read_lines); ``out`` gets UTF-8 JSON lines (bytes or text). With ``jobs`` > 1 (where processes
    can be forked), blocks of a file or chunks of a stream are scored by that many worker processes
    forked with ``scorer`` (batch_workers.py) and written in input order, so the output is the same bytes
    as with one job; at most a few blocks per worker are in flight, so memory stays flat however long
    the input is. Output is written in chunks, and flushed whenever no more input is waiting (so an
    answer never waits for input that has not come) and at least every FLUSH_LINES lines; Ctrl-C writes
    every completed line and raises Interrupted with their number. ``progress`` (a terminal) gets a line
    count. Without ``explain``, answers have the contract's fields only (no sets, reading or not_counted).
    With ``cluster`` (``--backend ray``), chunks of CLUSTER_LINES lines are scored by its workers, which
    load the scorer's rule set from its bytes (``shipped_scorer``), and written in input order;
    ``refused[0]`` (if given) counts the refused lines (REFUSED_MARK), whatever the jobs."""
    n, tally, unwritten = 0, (refused if refused is not None else [0]), list[str]()
    whole = _whole_writes()

    def emit(answers: bytes) -> None:
        nonlocal n
        with whole():
            n += _write(out, answers, tally)
        if progress is not None:
            _show(progress, n)
    try:
        if cluster is not None:
            from ..study import bundle_of
            shared = (bundle_of(Path(scorer.ruleset.path).parent, scorer.ruleset.path), explain)
            cluster.run(_score_shipped, shared, ((chunk,) for chunk in _batched(read_lines(inp), CLUSTER_LINES)),
                        lambda answers, _: emit(answers))
            return _done(progress, n)
        if jobs <= 1 or not hasattr(os, "fork"):
            more_ready = _waiting(inp)
            text = TEXT if isinstance(out, io.TextIOBase) else _WIRE
            for number, line in read_lines(inp):  # answer_lines, inlined: no generator between
                unwritten.append(answer_line(line, scorer, number, text, explain) if line and not line.isspace() else blank_answer(number))
                if len(unwritten) >= FLUSH_LINES or (more_ready is not None and not more_ready()):
                    with whole():
                        n += _write(out, unwritten, tally)
                        unwritten.clear()
                if progress is not None and (n + len(unwritten)) % PROGRESS_EVERY == 0:
                    _show(progress, n + len(unwritten))
            with whole():
                n += _write(out, unwritten, tally)
                unwritten.clear()
            return _done(progress, n)
        from . import batch_workers  # only here: one job does not pay its import at start-up

        if _whole_file(inp):
            batch_workers.answer_growing_file(inp.fileno(), inp.tell(), jobs, partial(_score_block, scorer=scorer, explain=explain), emit)
        elif not isinstance(inp, io.TextIOBase) and hasattr(inp, "read1"):
            batch_workers.answer_stream(_pieces(inp, batch_workers.BLOCK_BYTES), partial(_ready, inp), jobs,
                                        partial(_score_piece, scorer=scorer, explain=explain), emit)
        else:
            batch_workers.answer_stream(_chunks(inp), partial(_ready, inp), jobs, partial(_score_chunk, scorer=scorer, explain=explain), emit)
        return _done(progress, n)
    except KeyboardInterrupt:
        if unwritten:
            with whole():
                n += _write(out, unwritten, tally)
        raise Interrupted(n) from None


def _whole_writes() -> Callable[[], AbstractContextManager[None]]:
    """A ``with`` block in which Ctrl-C waits (SIGINT blocked, where the system can block it): answers
    are written and counted in one, so that the KeyboardInterrupt of a Ctrl-C comes before a write or
    after its count, never between them, and the number of lines a batch says it wrote is the number
    its output holds (a write to a pipe that is not read holds Ctrl-C until it is read or closed). The
    signal mask is restored as the batch found it."""
    if not hasattr(signal, "pthread_sigmask"):
        return nullcontext
    found = signal.pthread_sigmask(signal.SIG_BLOCK, ())

    @contextmanager
    def whole() -> Iterator[None]:
        try:  # a Ctrl-C come before the signal was blocked is raised here, before anything is written
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, found)
    return whole


CHUNK_LINES = 256
#: The most answers held before writing them (a batch from a file; from a pipe or a terminal, each
#: answer is written as soon as no more input is waiting).
FLUSH_LINES = 256
PROGRESS_EVERY = 1000


def _chunks(inp: IO[Any]) -> Iterator[list[tuple[int, str]]]:
    chunk: list[tuple[int, str]] = []
    more_ready = _waiting(inp)
    for number, line in read_lines(inp):
        chunk.append((number, line))
        if len(chunk) == CHUNK_LINES or (more_ready is not None and not more_ready()):
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _whole_file(inp: IO[Any]) -> bool:
    """Whether ``inp`` is a regular file read in bytes: its lines can be handed out in blocks."""
    return not isinstance(inp, io.TextIOBase) and _regular(inp) is True


def _pieces(inp: IO[bytes], size: int) -> Iterator[tuple[int, bytes]]:
    """The whole lines of a binary stream as they come (each read takes what is there, up to ``size``
    bytes), each piece with the number of its first line, for the workers to split (_score_piece): the
    parent, which the workers wait on, does not read line by line (joining reads while more input was
    waiting did not help). A line
    longer than the limit is handed on cut to the limit and a byte (a piece of its own, which
    read_lines calls too long) and the rest of it skipped, so that memory stays bounded."""
    number, carry, skipping = 1, b"", False
    while data := inp.read1(size):  # type: ignore[attr-defined]  # a buffered binary stream (stdin's buffer or a file)
        if skipping:  # the rest of an over-long line
            if (end := data.find(b"\n")) < 0:
                continue
            data, skipping = data[end + 1 :], False
        data = carry + data if carry else data
        cut = data.rfind(b"\n") + 1
        carry = data[cut:]
        if cut:
            yield number, data[:cut]
            number += data.count(b"\n", 0, cut)
        if len(carry) > MAX_LINE_BYTES:
            yield number, carry[: MAX_LINE_BYTES + 1]
            number, carry, skipping = number + 1, b"", True
    if carry:
        yield number, carry


def _score_piece(piece: tuple[int, bytes], scorer: Scorer, explain: bool) -> bytes:
    """The answers to a piece of a binary stream (_pieces), as UTF-8."""
    return _score_block(io.BytesIO(piece[1]), piece[0], scorer, explain)


def _score_block(block: IO[bytes], first: int, scorer: Scorer, explain: bool) -> bytes:
    """The answers to a block of whole lines of a file (batch_workers.answer_file), as UTF-8: its lines
    read as read_lines reads a file, numbered from ``first``."""
    return _score_chunk([(first - 1 + number, line) for number, line in read_lines(block)], scorer, explain)


def _ready(inp: IO[Any]) -> bool:
    """Whether more input can be read without waiting (always, for files and strings)."""
    try:
        fd = inp.fileno()
    except (AttributeError, OSError, ValueError):
        return True
    return bool(select.select([fd], [], [], 0)[0])


def _waiting(inp: IO[Any]) -> Callable[[], bool] | None:
    """A test of whether more input can be read without waiting (``_ready``); None for a regular file
    or a stream without a descriptor, which never waits (no test, no system call per line)."""
    return None if _regular(inp) is not False else (lambda: _ready(inp))


def _regular(inp: IO[Any]) -> bool | None:
    """Whether ``inp``'s descriptor is a regular file; None for a stream without one (a string)."""
    try:
        return stat.S_ISREG(os.fstat(inp.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):
        return None


#: Lines a Ray task scores (--backend ray): a task costs milliseconds to schedule, a line about one.
CLUSTER_LINES = 2000


def _batched(lines: Iterator[tuple[int, str]], size: int) -> Iterator[list[tuple[int, str]]]:
    chunk: list[tuple[int, str]] = []
    for line in lines:
        chunk.append(line)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _shipped_scorer(bundle: RuleBundle) -> Scorer:
    """The scorer of a rule set received as bytes (a cluster's worker never opens the batch's path)."""
    from ..ruleset import load_ruleset
    from ..study import folder_of
    return Scorer(replace(load_ruleset(folder_of(bundle)), path=bundle.origin))


_scorers: Memo[RuleBundle, Scorer] = Memo(_shipped_scorer, 4)


def _score_shipped(shared: tuple[RuleBundle, bool], chunk: list[tuple[int, str]]) -> tuple[bytes, list[str]]:
    """A cluster worker's task: the answers to a chunk of lines under the rule set shipped with it."""
    return _score_chunk(chunk, _scorers[shared[0]], shared[1]), []


def _score_chunk(chunk: list[tuple[int, str]], scorer: Scorer, explain: bool) -> bytes:
    """The answers to a chunk of lines, as UTF-8 (encoded in the worker, not in the parent)."""
    return "".join(answer_lines(chunk, scorer, explain, _WIRE)).encode("latin-1")


#: What only a refused line's answer holds: its ``line`` key (``_error``, ``blank_answer``, ``_unwritable``).
REFUSED_MARK = ', "line": '
_REFUSED_BYTES = REFUSED_MARK.encode()


def _write(out: IO[Any], data: list[str] | bytes, refused: list[int]) -> int:
    """Write and flush answers (a list of lines written by TEXT to a text stream, by _WIRE to any
    other, or UTF-8 lines); how many lines they are; ``refused[0]`` counts the refused ones. A list is
    counted by its length, not by its newlines (str.count over the non-ASCII text of answers is a pass
    over every character); refused lines by their mark."""
    if isinstance(data, list):
        lines, text = len(data), "".join(data)
        out.write(text if isinstance(out, io.TextIOBase) else text.encode("latin-1"))
        refused[0] += text.count(REFUSED_MARK)
    else:
        lines = data.count(b"\n")
        refused[0] += data.count(_REFUSED_BYTES)
        out.write(data.decode("utf-8") if isinstance(out, io.TextIOBase) else data)
    out.flush()
    return lines


def _show(progress: IO[str], n: int) -> None:
    progress.write(f"\rfanrules batch: {n} lines")
    progress.flush()


def _done(progress: IO[str] | None, n: int) -> int:
    if progress is not None:
        _show(progress, n)
        progress.write("\n")
    return n
