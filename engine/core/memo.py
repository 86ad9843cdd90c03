"""The bounded memos every layer uses: dicts that start afresh past a limit, so that memory stays flat
on any input. ``Memo`` works out a missing value from its key, ``ArgsMemo`` from the arguments its key
is the tuple of, and ``Bounded`` only keeps what it is given (for values worked out by their caller)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")
_A = TypeVar("_A", bound=tuple[Any, ...])


class Bounded(dict[_K, _V]):
    """A dict of at most ``limit`` entries: ``keep`` empties it when full before adding one."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: _K, value: _V) -> _V:
        """Remember ``value`` under ``key`` and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class Memo(Bounded[_K, _V]):
    """A memo of ``work``, by its one argument: ``memo[key]`` is ``work(key)``, worked out when first
    asked (dict's ``__missing__``); past ``limit`` entries it starts afresh.

    Used where ``functools.lru_cache`` would keep for each entry the tuple of the arguments besides the
    key (one more object for the garbage collector to count), and where a hit should be a subscript in
    C, not a call."""

    __slots__ = ("work",)

    def __init__(self, work: Callable[[_K], _V], limit: int) -> None:
        super().__init__(limit)
        self.work = work

    def __missing__(self, key: _K) -> _V:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.work(key)
        return value


class ArgsMemo(Bounded[_A, _V]):
    """A Memo of a function of several arguments, keyed by the tuple of them: ``memo[a, b]`` is
    ``work(a, b)``, with no function between the caller and the tuple it makes anyway."""

    __slots__ = ("work",)

    def __init__(self, work: Callable[..., _V], limit: int) -> None:
        super().__init__(limit)
        self.work = work

    def __missing__(self, key: _A) -> _V:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.work(*key)
        return value
