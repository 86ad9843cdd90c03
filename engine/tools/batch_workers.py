"""The transport of ``fanrules batch --jobs N``: worker processes forked from the loaded scorer, each
given tasks over a pipe of its own and answering over another, read by the parent in input order.

No threads and no pickling in the parent, which hands out tasks and copies answers from the pipes to
the output (``multiprocessing.Pool``'s three helper threads took the cores from its two workers, and
its pickling kept the parent busy: --jobs 2 gained much of its speed over --jobs 1 by doing without them,
docs/benchmarks.md). A task is the number of a
block of a regular file, which the worker reads itself, or a piece of a stream. A worker
ignores Ctrl-C, exits when its parent is gone (its pipes end or break), and one that dies loses
nothing: the parent answers what it owed."""
from __future__ import annotations

import fcntl
import io
import marshal
import os
import select
import signal
import struct
from collections import deque
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import partial
from typing import Any, TypeVar

#: Bytes of a file handed to a worker at a time, moved on to the next line's start (about 300 corpus
#: lines): small enough that a block's answers do not make the workers' memory come and go.
BLOCK_BYTES = 1 << 18
#: Tasks given to a worker and not answered at most: one it works on, one waiting for it.
AHEAD = 2
#: Tasks a worker unwritten at most (answered ahead of a slower one's): the parent's memory stays bounded.
IN_FLIGHT = 4
#: Bytes a pipe holds, where the system allows it (Linux, F_SETPIPE_SZ): a worker may run a block ahead.
PIPE_BYTES = 1 << 20
_SCAN = 1 << 16
_HEADER = struct.Struct("<Q")

#: Answers to a block of a file (a binary stream of whole lines, the number of its first line), UTF-8.
ScoreBlock = Callable[[io.BufferedReader, int], bytes]
#: A piece of a stream (the lines, as bytes with the number of the first, or numbered text lines).
Piece = TypeVar("Piece", tuple[int, bytes], list[tuple[int, str]])


class _Range(io.RawIOBase):
    """Bytes ``start`` to ``end`` of a file descriptor, read with pread (the descriptor's offset, shared
    with the other processes, is never moved)."""

    def __init__(self, fd: int, start: int, end: int) -> None:
        super().__init__()
        self.fd, self.pos, self.end = fd, start, end

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = os.pread(self.fd, min(len(buffer), self.end - self.pos), self.pos) if self.pos < self.end else b""
        buffer[: len(data)] = data
        self.pos += len(data)
        return len(data)


class _Blocks:
    """The blocks of a file from ``start`` to ``end``: block k begins at the first line start at or after
    ``start + k * BLOCK_BYTES`` (the same for every process), and the number of its first line is counted
    from the newlines before it. Asked for blocks in increasing order (as each worker is), a process reads
    the file once, in pieces of bounded size, however long its lines."""

    def __init__(self, fd: int, start: int, end: int, first_line: int = 1) -> None:
        self.fd, self.start, self.end = fd, start, end
        self.count = -(-(end - start) // BLOCK_BYTES)
        self.pos, self.lines, self.first_line = start, 0, first_line

    def block(self, k: int) -> tuple[io.BufferedReader, int]:
        """Block ``k`` as a stream, and the number of its first line."""
        lo, hi = self._bound(k), self._bound(k + 1)
        if lo < self.pos:  # behind the newlines counted (the parent answering a dead worker's blocks)
            self.pos, self.lines = self.start, 0
        self.count_to(lo)
        return io.BufferedReader(_Range(self.fd, lo, hi), _SCAN), self.lines + self.first_line

    def count_to(self, end: int) -> int:
        """The newlines from ``start`` to ``end`` (at or after where counting got to), counted on from there."""
        while self.pos < end:
            piece = os.pread(self.fd, min(BLOCK_BYTES, end - self.pos), self.pos)
            if not piece:
                break
            self.pos, self.lines = self.pos + len(piece), self.lines + piece.count(b"\n")
        return self.lines

    def _bound(self, k: int) -> int:
        if k == 0:
            return self.start
        pos = self.start + k * BLOCK_BYTES - 1
        while pos < self.end and (piece := os.pread(self.fd, min(_SCAN, self.end - pos), pos)):
            if (newline := piece.find(b"\n")) >= 0:
                return pos + newline + 1
            pos += len(piece)
        return self.end


def answer_file(fd: int, start: int, end: int, jobs: int, score: ScoreBlock, emit: Callable[[bytes], None],
                first_line: int = 1) -> None:
    """``emit`` the answers to the lines of a regular file from ``start`` to ``end`` (the first of them
    line ``first_line``), block by block in input order; a worker is given the number of a block, which
    it reads itself."""
    blocks = _Blocks(fd, start, end, first_line)
    _answer(range(blocks.count), lambda: True, min(jobs, blocks.count), lambda k: score(*blocks.block(k)), emit)


def answer_growing_file(fd: int, start: int, jobs: int, score: ScoreBlock, emit: Callable[[bytes], None]) -> None:
    """``answer_file`` from ``start`` to the end of the file, and again over what was added meanwhile,
    until a pass finds nothing new: the lines --jobs 1 reads, which reads to the end it meets (a log
    still being written). Each pass ends after the last newline it finds, so that a line still being
    written is answered whole by the next; a last line without one is answered alone at the end."""
    first_line, end = 1, _pass_end(fd, start)
    while end > start:
        answer_file(fd, start, end, jobs, score, emit, first_line)
        following = _pass_end(fd, end)
        if following > end:  # the file grew: the next pass's first line is counted (only then)
            first_line += _Blocks(fd, start, end).count_to(end)
        start, end = end, following


#: How far back from a file's end a pass looks for its last newline: a last line longer than this (past
#: the batch's limit on a line, so answered as too long anyway) is answered as it stands, not waited for.
TAIL_SCAN = 1 << 20


def _pass_end(fd: int, start: int) -> int:
    """Where a pass over a file from ``start`` ends: after the last newline now in it, or at its end
    when there is none after ``start`` (nor in its last TAIL_SCAN bytes); ``start`` when nothing follows it."""
    size = os.fstat(fd).st_size
    pos, stop = size, max(start, size - TAIL_SCAN)
    while pos > stop:
        lo = max(stop, pos - _SCAN)
        piece = os.pread(fd, pos - lo, lo)
        if (newline := piece.rfind(b"\n")) >= 0:
            return lo + newline + 1
        pos = lo
    return max(size, start)


def answer_stream(pieces: Iterable[Piece], ready: Callable[[], bool], jobs: int, score: Callable[[Piece], bytes],
                  emit: Callable[[bytes], None]) -> None:
    """``emit`` the answers to the pieces of a stream in input order (``score`` gives a piece's, UTF-8).
    Whenever ``ready`` says no more input is waiting, every answer owed is written before the next piece
    is asked for (an answer never waits for input that has not come)."""
    _answer(pieces, ready, jobs, score, emit)


def _answer(tasks: Iterable[Any], ready: Callable[[], bool], jobs: int, score: Callable[[Any], bytes],
            emit: Callable[[bytes], None]) -> None:
    """``emit`` the answers to ``tasks`` in their order, ``score`` run by ``jobs`` forked workers: each
    task goes to the worker owing fewest, at most AHEAD each, and at most IN_FLIGHT a worker are
    unwritten; what has come is written as each task is given out."""
    workers: list[_Worker] = []
    pending: deque[_Job] = deque()
    try:
        for _ in range(jobs):
            _Worker.fork(workers, partial(_serve, score))
        for task in tasks:
            while True:  # wait for a worker with room, and for room in memory
                full = _written(pending, emit) and len(pending) >= jobs * IN_FLIGHT
                worker = min((worker for worker in workers if worker.alive), key=lambda worker: len(worker.owed), default=None)
                if worker is None or (not full and len(worker.owed) < AHEAD):
                    break
                _exchange(workers, score, None)
            pending.append(job := _Job(task))
            if worker is None:  # every worker died: answered here
                job.answer = score(task)
            else:
                worker.give(job)
            waiting = not ready()  # no more input yet: every answer owed is written before blocking on it
            while _written(pending, emit):
                busy = waiting or any(worker.outgoing for worker in workers)
                if not _exchange(workers, score, None if busy else 0.0) and not busy:
                    break
        while _written(pending, emit):
            _exchange(workers, score, None)
    finally:
        for worker in workers:
            worker.end()


def _serve(score: Callable[[Any], bytes], tasks: int, answers: int) -> None:
    """A worker's loop: answer each task that comes, until the parent's end of the pipe is closed."""
    while (task := _receive(tasks)) is not None:
        _send(answers, score(marshal.loads(task)))


class _Job:
    """A task and, once it has come, its answer."""

    def __init__(self, task: Any) -> None:
        self.task = task
        self.answer: bytes | None = None


def _written(pending: deque[_Job], emit: Callable[[bytes], None]) -> bool:
    """Emit the answers at the head of ``pending`` that have come; whether any job is still pending."""
    while pending and (answer := pending[0].answer) is not None:
        emit(answer)
        pending.popleft()
    return bool(pending)


def _exchange(workers: list[_Worker], score: Callable[[Any], bytes], timeout: float | None) -> bool:
    """Send what the workers' task pipes take and receive each answer that has come, waiting at most
    ``timeout`` seconds (None: until a pipe is ready); a worker found dead has the jobs it owed
    answered here. Whether any pipe was ready."""
    poll = select.poll()
    for worker in workers:
        if worker.owed:
            poll.register(worker.answers, select.POLLIN)
        if worker.outgoing:
            poll.register(worker.tasks, select.POLLOUT)
    events = poll.poll(None if timeout is None else timeout * 1000)
    for fd, _ in events:
        worker = next(worker for worker in workers if fd in (worker.tasks, worker.answers))
        if not worker.alive:  # ended by an earlier event of this round
            continue
        try:
            if fd == worker.tasks:
                del worker.outgoing[: os.write(fd, worker.outgoing)]
            elif (answer := _receive(fd)) is not None:  # a worker writes an answer whole: no long wait
                worker.owed.popleft().answer = answer
            else:
                raise BrokenPipeError
        except BrokenPipeError:  # the worker is gone
            for job in worker.owed:
                job.answer = score(job.task)
            worker.end()
    return bool(events)


class _Worker:
    """A forked worker process and the parent's ends of its pipes."""

    def __init__(self, pid: int, tasks: int, answers: int) -> None:
        self.pid, self.tasks, self.answers, self.alive = pid, tasks, answers, True
        self.outgoing = bytearray()
        self.owed: deque[_Job] = deque()

    @staticmethod
    def fork(workers: list[_Worker], serve: Callable[[int, int], None]) -> None:
        """Fork a worker that runs ``serve(tasks, answers)`` on its ends of its pipes, then exits, and add
        it to ``workers``. It closes the parent's ends of every pipe (with its parent gone, its pipes
        break); Ctrl-C is blocked across the fork, then ignored by the worker."""
        (tasks_in, tasks_out), (answers_in, answers_out) = os.pipe(), os.pipe()
        for fd in (tasks_out, answers_out):
            if hasattr(fcntl, "F_SETPIPE_SZ"):
                with suppress(OSError):  # over the system's limit: the default size
                    fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
                    for fd in [tasks_out, answers_in, *(fd for other in workers if other.alive for fd in (other.tasks, other.answers))]:
                        os.close(fd)
                    serve(tasks_in, answers_out)
                    code = 0
                finally:
                    os._exit(code)  # never back into the parent's code, nor its buffers flushed twice
            os.close(tasks_in)
            os.close(answers_out)
            os.set_blocking(tasks_out, False)
            workers.append(_Worker(pid, tasks_out, answers_in))
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def give(self, job: _Job) -> None:
        """Queue a job for this worker (sent by _exchange)."""
        task = marshal.dumps(job.task)
        self.outgoing += _HEADER.pack(len(task)) + task
        self.owed.append(job)

    def end(self) -> None:
        """Close this worker's pipes, stop it if it still runs, and collect its exit."""
        if self.alive:
            self.alive = False
            self.outgoing.clear()
            self.owed.clear()
            os.close(self.tasks)
            os.close(self.answers)
            with suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)


def _send(fd: int, data: bytes) -> None:
    """A length-prefixed message to a pipe (the data not copied to put the length before it)."""
    for piece in (_HEADER.pack(len(data)), data):
        view = memoryview(piece)
        while view:
            view = view[os.write(fd, view) :]


def _receive(fd: int) -> bytes | None:
    """One length-prefixed message from a pipe, waiting for it; None at the end of the pipe."""
    header = _read(fd, _HEADER.size)
    return None if header is None else _read(fd, _HEADER.unpack(header)[0])


def _read(fd: int, size: int) -> bytes | None:
    """``size`` bytes from a pipe (as one piece, uncopied, when the pipe holds them); None at its end."""
    parts, left = [], size
    while left:
        if not (part := os.read(fd, left)):
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)
