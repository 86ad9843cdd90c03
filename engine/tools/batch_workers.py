"""The transport of ``fanrules batch --jobs N``: worker processes forked from the loaded scorer, each
answering over its own pipe, read by the parent in input order.

No threads and no pickling in the parent, which only copies answers from pipes to the output (with
``multiprocessing.Pool`` its three helper threads took the cores from the two workers: 20,000 lines,
--jobs 2, 1.20 s against 1.76 s for one job). From a regular file the workers read their own blocks;
from a stream the parent hands out chunks of lines. A worker ignores Ctrl-C, exits when its parent is
gone (its next write fails), and one that dies loses nothing: the parent answers what it owed."""
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
from functools import partial
from typing import Any

#: Bytes of a file handed to a worker at a time, moved on to the next line's start (about 600 corpus lines).
BLOCK_BYTES = 1 << 19
#: Chunks (from a stream) in flight per worker at most: the parent's memory stays bounded.
IN_FLIGHT = 4
#: Bytes a pipe holds, where the system allows it (Linux, F_SETPIPE_SZ): a worker may run a block ahead.
PIPE_BYTES = 1 << 20
_SCAN = 1 << 16
_HEADER = struct.Struct("<Q")

#: Answers to a block of a file (a binary stream of whole lines, the number of its first line), UTF-8.
ScoreBlock = Callable[[io.BufferedReader, int], bytes]
#: Answers to a chunk of numbered lines, UTF-8.
ScoreChunk = Callable[[list[tuple[int, str]]], bytes]


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
    from the newlines before it. Asked for blocks in increasing order, each process reads the file once,
    in pieces of bounded size, however long its lines."""

    def __init__(self, fd: int, start: int, end: int) -> None:
        self.fd, self.start, self.end = fd, start, end
        self.count = -(-(end - start) // BLOCK_BYTES)
        self.pos, self.lines = start, 0

    def block(self, k: int) -> tuple[io.BufferedReader, int]:
        """Block ``k`` as a stream, and the number of its first line."""
        lo, hi = self._bound(k), self._bound(k + 1)
        while self.pos < lo:
            piece = os.pread(self.fd, min(BLOCK_BYTES, lo - self.pos), self.pos)
            if not piece:
                break
            self.pos, self.lines = self.pos + len(piece), self.lines + piece.count(b"\n")
        return io.BufferedReader(_Range(self.fd, lo, hi), _SCAN), self.lines + 1

    def _bound(self, k: int) -> int:
        if k == 0:
            return self.start
        pos = self.start + k * BLOCK_BYTES - 1
        while pos < self.end and (piece := os.pread(self.fd, min(_SCAN, self.end - pos), pos)):
            if (newline := piece.find(b"\n")) >= 0:
                return pos + newline + 1
            pos += len(piece)
        return self.end


def answer_file(fd: int, start: int, end: int, jobs: int, score: ScoreBlock, emit: Callable[[bytes], None]) -> None:
    """``emit`` the answers to the lines of a regular file from ``start`` to ``end``, block by block in
    input order: worker w answers blocks w, w + jobs, ..., which it reads itself (a worker runs ahead
    as far as its pipe holds)."""
    blocks = _Blocks(fd, start, end)
    jobs = min(jobs, blocks.count)
    workers: list[_Worker] = []
    try:
        for w in range(jobs):
            _Worker.fork(workers, partial(_serve_blocks, fd, start, end, w, jobs, score), with_tasks=False)
        for k in range(blocks.count):
            worker = workers[k % jobs]
            answer = worker.receive() if worker.alive else None
            if answer is None:  # the worker died: its blocks are answered here
                worker.end()
                answer = score(*blocks.block(k))
            emit(answer)
    finally:
        for worker in workers:
            worker.end()


def _serve_blocks(fd: int, start: int, end: int, w: int, jobs: int, score: ScoreBlock, tasks: int, answers: int) -> None:
    blocks = _Blocks(fd, start, end)
    for k in range(w, blocks.count, jobs):
        _send(answers, score(*blocks.block(k)))


def answer_chunks(chunks: Iterable[list[tuple[int, str]]], ready: Callable[[], bool], jobs: int, score: ScoreChunk,
                  emit: Callable[[bytes], None]) -> None:
    """``emit`` the answers to chunks of numbered lines in input order, each chunk sent to the next live
    worker in turn, at most IN_FLIGHT chunks a worker unanswered. Whenever ``ready`` says no more input
    is waiting, every answer owed is written before the next chunk is asked for (an answer never waits
    for input that has not come); otherwise, what has come is written and the chunk sent on."""
    workers: list[_Worker] = []
    pending: deque[_Job] = deque()
    try:
        for _ in range(jobs):
            _Worker.fork(workers, partial(_serve_chunks, score), with_tasks=True)
        for i, chunk in enumerate(chunks):
            job = _Job(chunk)
            pending.append(job)
            if live := [worker for worker in workers if worker.alive]:
                live[i % len(live)].give(job)
            else:
                job.answer = score(chunk)
            waiting = not ready()
            while _written(pending, emit):
                busy = waiting or len(pending) >= jobs * IN_FLIGHT or any(worker.outgoing for worker in workers)
                if not _exchange(workers, score, None if busy else 0.0) and not busy:
                    break
        while _written(pending, emit):
            _exchange(workers, score, None)
    finally:
        for worker in workers:
            worker.end()


def _serve_chunks(score: ScoreChunk, tasks: int, answers: int) -> None:
    while (task := _receive(tasks)) is not None:
        _send(answers, score(marshal.loads(task)))


class _Job:
    """A chunk of lines and, once it has come, its answer."""

    def __init__(self, chunk: list[tuple[int, str]]) -> None:
        self.chunk = chunk
        self.answer: bytes | None = None


def _written(pending: deque[_Job], emit: Callable[[bytes], None]) -> bool:
    """Emit the answers at the head of ``pending`` that have come; whether any job is still pending."""
    while pending and (answer := pending[0].answer) is not None:
        emit(answer)
        pending.popleft()
    return bool(pending)


def _exchange(workers: list[_Worker], score: ScoreChunk, timeout: float | None) -> bool:
    """Send and receive what the workers' pipes take and hold, waiting at most ``timeout`` seconds (None:
    until one of them can); a worker found dead has the jobs it owed answered here. Whether any pipe
    was ready."""
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
            elif data := os.read(fd, PIPE_BYTES):
                worker.take(data)
            else:
                raise BrokenPipeError
        except BrokenPipeError:  # the worker is gone
            for job in worker.owed:
                job.answer = score(job.chunk)
            worker.end()
    return bool(events)


class _Worker:
    """A forked worker process and the parent's ends of its pipes (-1: none)."""

    def __init__(self, pid: int, tasks: int, answers: int) -> None:
        self.pid, self.tasks, self.answers, self.alive = pid, tasks, answers, True
        self.outgoing, self.incoming = bytearray(), bytearray()
        self.owed: deque[_Job] = deque()

    @staticmethod
    def fork(workers: list[_Worker], serve: Callable[[int, int], None], with_tasks: bool) -> None:
        """Fork a worker that runs ``serve(tasks, answers)`` on its ends of its pipes, then exits, and add
        it to ``workers``. It closes the parent's ends of every pipe (with its parent gone, its pipes
        break); Ctrl-C is blocked across the fork, then ignored by the worker."""
        tasks_in, tasks_out = os.pipe() if with_tasks else (-1, -1)
        answers_in, answers_out = os.pipe()
        for fd in (tasks_out, answers_out):
            if fd >= 0 and hasattr(fcntl, "F_SETPIPE_SZ"):
                try:
                    fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
                except OSError:  # over the system's limit: the default size
                    pass
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    signal.signal(signal.SIGINT, signal.SIG_IGN)
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
                    for fd in [tasks_out, answers_in, *(fd for other in workers if other.alive for fd in (other.tasks, other.answers))]:
                        if fd >= 0:
                            os.close(fd)
                    serve(tasks_in, answers_out)
                    code = 0
                finally:
                    os._exit(code)  # never back into the parent's code, nor its buffers flushed twice
            for fd in (tasks_in, answers_out):
                if fd >= 0:
                    os.close(fd)
            if tasks_out >= 0:
                os.set_blocking(tasks_out, False)
            workers.append(_Worker(pid, tasks_out, answers_in))
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def give(self, job: _Job) -> None:
        """Queue a job for this worker (sent by _exchange)."""
        task = marshal.dumps(job.chunk)
        self.outgoing += _HEADER.pack(len(task)) + task
        self.owed.append(job)

    def take(self, data: bytes) -> None:
        """Bytes received from this worker: each complete answer goes to the oldest job it owes."""
        self.incoming += data
        while len(self.incoming) >= _HEADER.size and len(self.incoming) >= _HEADER.size + (size := _HEADER.unpack_from(self.incoming)[0]):
            self.owed.popleft().answer = bytes(self.incoming[_HEADER.size : _HEADER.size + size])
            del self.incoming[: _HEADER.size + size]

    def receive(self) -> bytes | None:
        """The next answer of this worker, waiting for it; None if the worker died first."""
        return _receive(self.answers)

    def end(self) -> None:
        """Close this worker's pipes, stop it if it still runs, and collect its exit."""
        if self.alive:
            self.alive = False
            self.outgoing.clear()
            self.owed.clear()
            for fd in (self.tasks, self.answers):
                if fd >= 0:
                    os.close(fd)
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)


def _send(fd: int, data: bytes) -> None:
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view) :]


def _receive(fd: int) -> bytes | None:
    """One length-prefixed message from a pipe, waiting for it; None at the end of the pipe."""
    header = _read(fd, _HEADER.size)
    return None if header is None else _read(fd, _HEADER.unpack(header)[0])


def _read(fd: int, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        if not (part := os.read(fd, min(left, PIPE_BYTES))):
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)
