"""Statistics a study can trust: running moments of a quantity measured per unit (a game, or a wall
played four times with the players rotated), the 95% confidence interval of its mean, and the paired
differences of two rule sets played on the same seeds (the unit's value under one less the other)."""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The two-sided 95% point of the normal distribution: the units are many (hundreds or more).
Z95 = 1.959963984540054


@dataclass
class Moments:
    """Count, sum and sum of squares of a quantity over units: its mean and the 95% interval of it."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean (normal approximation; 0 with fewer than two units)."""
        if self.n < 2:
            return 0.0
        variance = max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))
        return Z95 * math.sqrt(variance / self.n)

    @property
    def interval(self) -> tuple[float, float]:
        return self.mean - self.half_width, self.mean + self.half_width

    @property
    def significant(self) -> bool:
        """Whether the interval leaves out zero."""
        low, high = self.interval
        return self.n >= 2 and (low > 0 or high < 0)

    def to_json(self, digits: int = 4) -> dict[str, Any]:
        low, high = self.interval
        return {"mean": round(self.mean, digits), "ci95": [round(low, digits), round(high, digits)],
                "significant": self.significant, "units": self.n}


@dataclass
class Paired:
    """Per-unit differences of named quantities (rules minus against), each a Moments. A quantity
    missing from one side of a unit counts 0 there, so that every unit is counted for every key."""

    units: int = 0
    diffs: dict[str, Moments] = field(default_factory=dict)

    def add(self, rules: Mapping[str, float], against: Mapping[str, float]) -> None:
        """One unit's quantities under both rule sets (a key first seen now was 0 in every earlier unit)."""
        self.units += 1
        for key in set(rules) | set(against):
            self.diffs.setdefault(key, Moments()).add(rules.get(key, 0.0) - against.get(key, 0.0))
        for m in self.diffs.values():
            m.n = self.units

    def merge(self, other: Paired) -> None:
        """Add the units of ``other``: a key's zeros add nothing to its sums, so only its count moves."""
        for key, theirs in other.diffs.items():
            self.diffs.setdefault(key, Moments()).merge(theirs)
        self.units += other.units
        for m in self.diffs.values():
            m.n = self.units

    def get(self, key: str) -> Moments:
        return self.diffs.get(key, Moments(self.units))

