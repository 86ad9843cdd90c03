"""What scoring a hand gives: the fans counted (``CountedFan``) and the ``Result``, with their JSON."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..core.blocks import Block, Reading
from ..core.errors import ErrorKind
from ..core.hand import Hand
from ..core.tiles import TILE_CODES
from ..ruleset import Fan
from .principles import NotCounted


class CountedFan(NamedTuple):
    """A fan that scores: its points per instance, how many instances, and the sets each used
    (indices into the chosen reading's ``sets + pairs``; empty for fans of the whole hand).
    Immutable; a named tuple because every reading of every hand makes several."""

    fan: Fan
    count: int  # type: ignore[assignment]  # the field's public name, though tuple has a method count
    instances: tuple[tuple[int, ...], ...]

    @property
    def points(self) -> int:
        return self.fan.value

    def to_json(self) -> dict[str, Any]:
        return {**fan_ref(self.fan), "points": self.fan.value, "count": self.count}

    def __repr__(self) -> str:
        return f"CountedFan({self.fan.number} {self.fan.name_en}, {self.fan.value} points x{self.count})"


@dataclass(frozen=True)
class Result:
    """The score of a complete hand under a rule set. ``is_win`` is false when the total is below
    the minimum (``error_kind`` is then ``under_minimum``); with ``bonus_toward_minimum`` (a rule set
    whose flowers count toward the minimum) the total with flowers is what must reach it."""

    hand: Hand
    ruleset: str
    minimum: int
    fans: tuple[CountedFan, ...]
    total: int
    total_with_flowers: int
    reading: Reading
    bonus_toward_minimum: bool = False
    #: Works out ``not_counted`` when first asked (scoring many hands never asks).
    explain: Callable[[], tuple[NotCounted, ...]] = field(default=tuple, repr=False, compare=False)

    @property
    def not_counted(self) -> tuple[NotCounted, ...]:
        """For every instance that a scoring principle left out: which principle, and which fan. Worked
        out when first asked, then kept (in the instance's dict: a cached_property of Python 3.11 takes a
        lock on every first use, which a batch pays on every line)."""
        known: tuple[NotCounted, ...] | None = self.__dict__.get("_not_counted")
        if known is None:
            known = self.__dict__["_not_counted"] = self.explain()
        return known

    @property
    def counted_for_minimum(self) -> int:
        """The points the minimum applies to: the total, or the total with flowers where they count."""
        return self.total_with_flowers if self.bonus_toward_minimum else self.total

    @property
    def is_win(self) -> bool:
        return self.counted_for_minimum >= self.minimum

    @property
    def error_kind(self) -> ErrorKind | None:
        return None if self.is_win else ErrorKind.UNDER_MINIMUM

    def error_json(self) -> dict[str, Any] | None:
        """The contract's ``error`` of a result under the minimum; None for a win."""
        if self.is_win:
            return None
        return {"kind": ErrorKind.UNDER_MINIMUM.value, "message": f"{self.counted_for_minimum} points, below the minimum of {self.minimum}"}

    def sets_of(self, counted: CountedFan) -> list[list[Block]]:
        """The blocks each instance of a counted fan used; empty for a fan of the whole hand, whose
        instance uses no set in particular (as ``to_json``'s ``sets``)."""
        blocks = self.reading.blocks
        return [[blocks[i] for i in inst] for inst in counted.instances if inst]

    def to_json(self, id: Any = None) -> dict[str, Any]:
        """The contract's output object, with the explanation added: per fan the ``sets`` each instance
        used (hand notation), the ``reading`` chosen and what was ``not_counted`` and why."""
        out: dict[str, Any] = {} if id is None else {"id": id}
        out["total"] = self.total
        out["total_with_flowers"] = self.total_with_flowers
        out["fans"] = [{**c.to_json(), "sets": [[str(b) for b in inst] for inst in self.sets_of(c)]} for c in self.fans]
        error = self.error_json()
        if error is not None:
            out["error"] = error
        out["reading"] = reading_json(self.reading)
        blocks = self.reading.blocks
        out["not_counted"] = [{**fan_ref(n.fan), "count": n.count, "principle": n.principle.value, "reason": n.reason,
                               "by": None if n.by is None else fan_ref(n.by),
                               "sets": [str(blocks[i]) for i in n.sets]} for n in self.not_counted]
        return out

    def __repr__(self) -> str:
        fans = ", ".join(f"{c.fan.name_en}" + (f" x{c.count}" if c.count > 1 else "") for c in self.fans)
        return f"Result({str(self.hand)!r}, total={self.total}, fans=[{fans}])"


def fan_ref(fan: Fan) -> dict[str, Any]:
    """How an answer names a fan: its number and its names."""
    return {"id": fan.number, "name_zh": fan.name_zh, "name_en": fan.name_en}


def reading_json(reading: Reading) -> dict[str, Any]:
    """A reading as JSON: its shape, its sets and pairs (hand notation), the knitted tiles, and the set
    the winning tile completes (None for the knitted part or a special shape)."""
    blocks = reading.blocks
    return {"shape": reading.shape.value, "sets": [str(b) for b in blocks], "knitted": [TILE_CODES[t] for t in reading.knitted],
            "winning_set": None if reading.win_block is None else str(blocks[reading.win_block])}
