"""Where a study's chunks run. A worker is a module-level function ``worker(shared, *task)`` giving
``(result, lines)``; an executor runs it on each task and hands the results to ``collect`` in the
order of the tasks, a bounded number in flight, so that the output does not depend on the backend,
the number of workers or the order in which chunks finish. ``shared`` (the rule sets, as bytes) is
sent once per worker, not once per task."""
from __future__ import annotations

import importlib
import logging
import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Iterator
from multiprocessing.pool import AsyncResult
from typing import Any, Protocol, TypeVar

from ..core.errors import FanrulesError
from ..core.text import install_hint

_R = TypeVar("_R")
Worker = Callable[..., tuple[_R, list[str]]]

#: The backends ``--backend`` accepts; ``local`` is the default.
BACKENDS = ("local", "ray")
#: Tasks handed to each worker ahead of the results read: memory holds these, whatever the study's size.
CHUNKS_PER_WORKER = 2
#: The one line that installs what ``--backend ray`` needs.
RAY_INSTALL = install_hint("cluster")


class BackendError(FanrulesError):
    """A backend that cannot be used here (not installed, cluster unreachable): one line for people."""


class Executor(Protocol):
    """Runs a worker on tasks; ``workers`` is how many run at once (the in-flight bound's unit)."""

    workers: int

    def run(self, worker: Worker[_R], shared: Any, tasks: Iterator[tuple[Any, ...]],
            collect: Callable[[_R, list[str]], None]) -> None: ...


_shared: Any = None


def _start_local(shared: Any) -> None:
    """A forked worker keeps ``shared`` (inherited, not pickled) and leaves Ctrl-C to the parent."""
    global _shared
    _shared = shared
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local_call(worker: Worker[_R], task: tuple[Any, ...]) -> tuple[_R, list[str]]:
    return worker(_shared, *task)


class Local:
    """This machine: the tasks in this process (one worker), or in ``workers`` forked processes."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)

    def run(self, worker: Worker[_R], shared: Any, tasks: Iterator[tuple[Any, ...]],
            collect: Callable[[_R, list[str]], None]) -> None:
        if self.workers == 1:
            for task in tasks:
                collect(*worker(shared, *task))
            return
        context = multiprocessing.get_context("fork")
        with context.Pool(self.workers, initializer=_start_local, initargs=(shared,)) as pool:
            pending: deque[AsyncResult[tuple[_R, list[str]]]] = deque()
            for task in tasks:
                pending.append(pool.apply_async(_local_call, (worker, task)))
                if len(pending) >= CHUNKS_PER_WORKER * self.workers:
                    collect(*pending.popleft().get())
            while pending:
                collect(*pending.popleft().get())


class Ray:
    """A Ray cluster: the one this process is connected to, the one at ``address``, or (neither) a
    local one started here with ``workers`` CPUs. Each chunk is a Ray task; ``shared`` is put in the
    object store once."""

    def __init__(self, workers: int, address: str | None) -> None:
        try:
            ray: Any = importlib.import_module("ray")  # typed Any: the extra is not installed to check types
        except ImportError:
            raise BackendError(f"--backend ray needs Ray: {RAY_INSTALL}") from None
        self._ray = ray
        if not ray.is_initialized():
            try:
                if address is None:
                    ray.init(num_cpus=max(1, workers), include_dashboard=False, logging_level=logging.ERROR)
                else:
                    ray.init(address=address, logging_level=logging.ERROR)
            except (ConnectionError, RuntimeError, ValueError) as err:
                raise BackendError(f"cannot reach the Ray cluster{'' if address is None else ' at ' + address}: {err}") from None
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def run(self, worker: Worker[_R], shared: Any, tasks: Iterator[tuple[Any, ...]],
            collect: Callable[[_R, list[str]], None]) -> None:
        ray = self._ray
        remote = ray.remote(num_cpus=1, max_retries=3)(worker)
        ref = ray.put(shared)
        pending: deque[Any] = deque()
        try:
            for task in tasks:
                pending.append(remote.remote(ref, *task))
                if len(pending) >= CHUNKS_PER_WORKER * self.workers:
                    collect(*ray.get(pending.popleft()))
            while pending:
                collect(*ray.get(pending.popleft()))
        finally:
            for left in pending:
                ray.cancel(left)


def executor(backend: str, workers: int, address: str | None = None) -> Executor:
    """The executor of ``--backend`` (``local`` or ``ray``) with ``workers`` processes (local; a Ray
    cluster started here gets that many CPUs)."""
    if backend == "local":
        if address is not None:
            raise BackendError("--address names a Ray cluster: give it with --backend ray")
        return Local(workers)
    if backend == "ray":
        return Ray(workers, address)
    raise BackendError(f"unknown backend {backend!r}: one of {', '.join(BACKENDS)}")
