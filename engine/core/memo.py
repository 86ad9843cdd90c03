"""The bounded memo every layer uses: a dict that works out a missing value on first use and starts
afresh past a limit, so that memory stays flat on any input."""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


class Memo(dict[_K, _V]):
    """A memo of ``work``, by its one argument: ``memo[key]`` is ``work(key)``, worked out when first
    asked (dict's ``__missing__``); past ``limit`` entries it starts afresh.

    Used where ``functools.lru_cache`` would keep for each entry the tuple of the arguments besides the
    key (one more object for the garbage collector to count), and where a hit should be a subscript in
    C, not a call."""

    __slots__ = ("work", "limit")

    def __init__(self, work: Callable[[_K], _V], limit: int) -> None:
        super().__init__()
        self.work = work
        self.limit = limit

    def __missing__(self, key: _K) -> _V:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.work(key)
        return value
