"""The combination of the fans one reading counts, as its rule set says (docs/variants.md, "How the
fans combine"): after the principles (tally.py), the sum of the fans' values, then the multipliers
(``multiplier:`` fans multiply the sum of the others), then the cap (``cap:``); a fan that scores
``alone`` replaces all of that by its own value, capped. A rule set with none of these (every MCR
edition) has no combination step: its total is the sum."""
from __future__ import annotations

from ..ruleset import RuleSet
from .principles import Principle
from .tally import Tally


class Combination:
    """The combination step of one rule set (``Combination.of``: None when its total is the plain sum)."""

    __slots__ = ("cap", "multipliers", "alone")

    def __init__(self, ruleset: RuleSet) -> None:
        self.cap = ruleset.cap
        #: Fan number -> its multiplier.
        self.multipliers = {f.number: f.multiplier for f in ruleset.fans if f.multiplier}
        #: The numbers of the fans that score alone.
        self.alone = frozenset(f.number for f in ruleset.fans if f.alone)

    @classmethod
    def of(cls, ruleset: RuleSet) -> Combination | None:
        combination = cls(ruleset)
        return combination if combination.cap is not None or combination.multipliers or combination.alone else None

    def __call__(self, tally: Tally) -> None:
        """Combine the fans ``tally`` counted: alone, else multipliers; then the cap."""
        if self.alone and self.scores_alone(tally):
            pass
        elif self.multipliers:
            self.multiply(tally)
        if self.cap is not None:
            self.apply_cap(tally, self.cap)

    def scores_alone(self, tally: Tally) -> bool:
        """Whether a fan that scores alone is counted: the highest of them (points, then the first counted)
        is kept, every other fan counted is left out (Principle.ALONE) and the total is its points."""
        alone = [c for c in tally.counted if c.fan.number in self.alone]
        if not alone:
            return False
        kept = max(alone, key=lambda c: c.fan.points * c.count)
        for other in tally.counted:
            if other is not kept:
                tally.dropped.append((other.fan, other.count, Principle.ALONE, kept.fan, ()))
        tally.counted = [kept]
        tally.total, tally.bonus, tally.bonus_fans = kept.fan.points * kept.count, 0, 0
        return True

    def multiply(self, tally: Tally) -> None:
        """The sum of the fans counted, multiplied by each multiplier fan counted (once per instance)."""
        for counted in tally.counted:
            factor = self.multipliers.get(counted.fan.number)
            if factor:
                tally.total *= factor ** counted.count

    @staticmethod
    def apply_cap(tally: Tally, cap: int) -> None:
        """A total above ``cap`` scores ``cap`` (the uncapped total is kept for the explanation); the
        flowers do not lift the total with flowers above it."""
        if tally.total > cap:
            tally.uncapped = tally.total
            tally.total = cap
        if tally.total + tally.bonus > cap:
            tally.bonus = cap - tally.total
