"""What scoring a hand gives: the fans counted (``CountedFan``) and the ``Result``, with their JSON."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ..core.blocks import Block, Reading
from ..core.errors import ErrorKind, Outcome
from ..core.hand import Hand
from ..core.tiles import TILE_CODES
from ..ruleset import Fan
from .principles import NotCounted

if TYPE_CHECKING:  # the pictures' module is imported when a notebook asks for one
    from ..core.pictures import Group


class CountedFan(NamedTuple):
    """A fan that scores: its points per instance, how many instances, and the sets each used
    (indices into the chosen reading's ``sets + pairs``; empty for fans of the whole hand).
    Immutable; a named tuple because every reading of every hand makes several."""

    fan: Fan
    count: int  # type: ignore[assignment]  # the field's public name, though tuple has a method count
    instances: tuple[tuple[int, ...], ...]

    @property
    def points(self) -> int:
        """What one instance of the fan scores (``fan.points``)."""
        return self.fan.points

    def to_json(self) -> dict[str, Any]:
        """The fan as the JSONL contract's output writes it: id, names, points (and multiplier) and count."""
        if self.fan.multiplier:
            return {**fan_ref(self.fan), "points": self.fan.points, "multiplier": self.fan.multiplier, "count": self.count}
        return {**fan_ref(self.fan), "points": self.fan.points, "count": self.count}

    def __repr__(self) -> str:
        return f"CountedFan({self.fan.number} {self.fan.name_en}, {self.fan.points} points x{self.count})"


@dataclass(slots=True)
class Fields:
    """The fields of a ``Result``, set by this dataclass's own constructor (``Result.__new__`` calls it)."""

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
    #: The rule set's cap (``cap:``), and the total before it lowered it (None: not capped).
    cap: int | None = None
    uncapped: int | None = None
    _not_counted: tuple[NotCounted, ...] | None = field(default=None, init=False, repr=False, compare=False)


class Result(Fields):
    """The score of a complete hand under a rule set. ``is_win`` is false when the total is below
    the minimum (``error_kind`` is then ``under_minimum``); with ``bonus_toward_minimum`` (a rule set
    whose flowers count toward the minimum) the total with flowers is what must reach it. Immutable:
    assigning or deleting an attribute raises ``FrozenInstanceError``. Built by its constructor, which
    lets ``Fields``'s set the fields and then makes the object a Result (the same slots): this costs 1.9 times the
    instructions of a plain dataclass's constructor, a frozen dataclass's (each field set through
    ``object.__setattr__``) 4.9 times (docs/architecture.md, speed)."""

    __slots__ = ()

    def __new__(cls, hand: Hand, ruleset: str, minimum: int, fans: tuple[CountedFan, ...], total: int, total_with_flowers: int,
                reading: Reading, bonus_toward_minimum: bool = False, explain: Callable[[], tuple[NotCounted, ...]] = tuple,
                cap: int | None = None, uncapped: int | None = None) -> Result:
        made = Fields(hand, ruleset, minimum, fans, total, total_with_flowers, reading, bonus_toward_minimum, explain, cap, uncapped)
        made.__class__ = cls
        return cast(Result, made)

    if not TYPE_CHECKING:  # (the checker reads the signature of __new__)
        __init__ = object.__init__  # the fields are set already (object.__init__ accepts the arguments, as __new__ is Result's own)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r} of a Result")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r} of a Result")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Result, (self.hand, self.ruleset, self.minimum, self.fans, self.total, self.total_with_flowers, self.reading,
                         self.bonus_toward_minimum, self.explain, self.cap, self.uncapped))

    @property
    def not_counted(self) -> tuple[NotCounted, ...]:
        """For every instance that a scoring principle left out: which principle, and which fan. Worked
        out when first asked, then kept."""
        known = self._not_counted
        if known is None:
            known = self.explain()
            object.__setattr__(self, "_not_counted", known)  # kept: the one field set after the constructor
        return known

    @property
    def counted_for_minimum(self) -> int:
        """The points the minimum applies to: the total, or the total with flowers where they count."""
        return self.total_with_flowers if self.bonus_toward_minimum else self.total

    @property
    def is_win(self) -> bool:
        """Whether the hand reaches the rule set's minimum (``outcome is Outcome.WIN``)."""
        return self.counted_for_minimum >= self.minimum

    @property
    def outcome(self) -> Outcome:
        """``Outcome.WIN``, or ``Outcome.UNDER_MINIMUM`` when the points do not reach the minimum: the one
        outcome model (a HandError's ``outcome`` says ``invalid`` or ``not_a_win``)."""
        return Outcome.WIN if self.counted_for_minimum >= self.minimum else Outcome.UNDER_MINIMUM

    @property
    def error_kind(self) -> ErrorKind | None:
        """The JSON contract's ``error.kind`` of the result: None for a win, else ``under_minimum``."""
        return None if self.is_win else ErrorKind.UNDER_MINIMUM

    def __hash__(self) -> int:
        return hash((self.hand, self.ruleset, self.total, self.total_with_flowers, self.reading))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return (self.hand, self.ruleset, self.minimum, self.fans, self.total, self.total_with_flowers, self.reading, self.cap,
                self.uncapped) == (other.hand, other.ruleset, other.minimum, other.fans, other.total, other.total_with_flowers,
                                   other.reading, other.cap, other.uncapped)

    def capped_json(self) -> dict[str, Any]:
        """The contract's ``capped`` of a total the rule set's cap lowered: the cap and the total before it."""
        return {"cap": self.cap, "uncapped": self.uncapped}

    def error_json(self) -> dict[str, Any] | None:
        """The contract's ``error`` of a result under the minimum; None for a win."""
        if self.is_win:
            return None
        return {"kind": ErrorKind.UNDER_MINIMUM.value, "message": f"{self.counted_for_minimum} points, below the minimum of {self.minimum}"}

    def shown(self, counted: CountedFan) -> tuple[tuple[int, ...], ...]:
        """The sets each instance of a counted fan is explained with (indices into the reading's
        blocks): the instance's own, or for a fan that weighs sets as a whole and counts once (a count
        of concealed pungs, say), the sets its ``shows`` rule names in the chosen reading. Scoring never
        reads these."""
        rule = counted.fan.shows
        if rule is None or counted.count != 1 or any(counted.instances):
            return counted.instances
        from .facts import Facts

        blocks = self.reading.blocks
        named = [item[0] for item in rule.instances(Facts(self.hand).read(self.reading))]
        return (tuple(i for i, block in enumerate(blocks) if any(block is b or block == b for b in named)),)

    def sets_of(self, counted: CountedFan) -> list[list[Block]]:
        """The blocks each instance of a counted fan is explained with (``shown``); empty for a fan of
        the whole hand, whose instance uses no set in particular (as ``to_json``'s ``sets``)."""
        blocks = self.reading.blocks
        return [[blocks[i] for i in inst] for inst in self.shown(counted) if inst]

    def to_json(self, id: Any = None) -> dict[str, Any]:
        """The contract's output object, with the explanation added: per fan the ``sets`` each instance
        used (hand notation), the ``reading`` chosen and what was ``not_counted`` and why."""
        out: dict[str, Any] = {} if id is None else {"id": id}
        out["total"] = self.total
        out["total_with_flowers"] = self.total_with_flowers
        out["fans"] = [{**c.to_json(), "sets": [[str(b) for b in inst] for inst in self.sets_of(c)]} for c in self.fans]
        if self.uncapped is not None:
            out["capped"] = self.capped_json()
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

    def _repr_svg_(self) -> str:
        """The reading drawn with the book's tiles (the set the winning tile completes outlined), each
        fan with its sets, and the total: what a notebook shows (core/pictures.py)."""
        from ..core.pictures import svg

        win = self.reading.win_block
        lines = [*map(self._fan_line, self.fans), self._total_line()]
        return svg(self._groups(frozenset() if win is None else frozenset({win})), lines, str(self.hand))

    def _repr_html_(self) -> str:
        """The hand, then a row per fan with the sets it used outlined in the reading (for notebooks that show HTML)."""
        from html import escape

        from ..core.pictures import html, svg

        rows = []
        for counted in self.fans:
            used = frozenset(i for inst in self.shown(counted) for i in inst)
            rows.append([escape(f"{counted.fan.number} {counted.fan.name_zh} {counted.fan.name_en}"), str(counted.points),
                         f"x{counted.count}", svg(self._groups(used), (), counted.fan.name_en) if used else ""])
        rows.append([escape(self._total_line()), "", "", ""])
        return html(self.hand._repr_svg_(), rows, f"{self.hand}  ({self.ruleset})")

    def _groups(self, marked: frozenset[int]) -> list[Group]:
        """The reading's sets and pairs as picture groups (``marked`` ones, by index, outlined), and its knitted tiles."""
        from ..core.pictures import Group

        reading = self.reading
        groups = [Group(b.tiles, marked=i in marked) for i, b in enumerate(reading.blocks)]
        return groups + ([Group(reading.knitted)] if reading.knitted else [])

    def _fan_line(self, counted: CountedFan) -> str:
        sets = "; ".join(" ".join(map(str, inst)) for inst in self.sets_of(counted))
        times = f" x{counted.count}" if counted.count > 1 else ""
        return f"{counted.fan.name_zh} {counted.fan.name_en}  {counted.points}{times}" + (f"  ({sets})" if sets else "")

    def _total_line(self) -> str:
        under = "" if self.is_win else f" (under the minimum of {self.minimum})"
        capped = "" if self.uncapped is None else f", capped at {self.cap} (was {self.uncapped})"
        return f"total {self.total} (with flowers {self.total_with_flowers}){capped}{under}"


def fan_ref(fan: Fan) -> dict[str, Any]:
    """How an answer names a fan: its number and its names."""
    return {"id": fan.number, "name_zh": fan.name_zh, "name_en": fan.name_en}


def reading_json(reading: Reading) -> dict[str, Any]:
    """A reading as JSON: its shape, its sets and pairs (hand notation), the knitted tiles, and the set
    the winning tile completes (None for the knitted part or a special shape)."""
    blocks = reading.blocks
    return {"shape": reading.shape.value, "sets": [str(b) for b in blocks], "knitted": [TILE_CODES[t] for t in reading.knitted],
            "winning_set": None if reading.win_block is None else str(blocks[reading.win_block])}
