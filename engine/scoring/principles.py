"""The scoring principles that leave an instance of a fan out, each with its reason, what an instance
left out records, and the order in which a scorer asks the fans. The principles themselves, step by
step, are in tally.py."""
from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from ..core.blocks import Block
from ..dsl.builtins import Level
from ..ruleset import Fan


class Principle(StrEnum):
    """The scoring principles that leave an instance of a fan out (docs/principles.md, section 2), each with its reason."""

    EXCLUDED = "excluded"
    EXCLUDED_COUNT = "excluded_count"
    OWN_SETS = "own_sets"
    IDENTICAL = "identical"
    ACCOUNT_ONCE = "account_once"
    FAMILY_CAP = "family_cap"
    ALONE = "alone"

    @property
    def reason(self) -> str:
        """Why an instance is not counted; ``{by}`` stands for the counted fan responsible."""
        return REASONS[self]


REASONS: dict[Principle, str] = {
    Principle.EXCLUDED: "not counted with {by} (不计)",
    Principle.EXCLUDED_COUNT: "{by} already includes this instance",
    Principle.OWN_SETS: "its sets are part of {by}",
    Principle.IDENTICAL: "non-identical: a set of it already forms this fan",
    Principle.ACCOUNT_ONCE: "non-split / account once: its sets are already combined",
    Principle.FAMILY_CAP: "its family already counts as many fans as the rule set allows, {by} among them",
    Principle.ALONE: "{by} scores alone",
}


class NotCounted(NamedTuple):
    """Instances of a fan whose predicate held but that a scoring principle left out: ``principle`` says
    which, ``by`` the counted fan responsible (for exclusions), ``sets`` the instance's sets."""

    fan: Fan
    count: int  # type: ignore[assignment]  # the field's public name, though tuple has a method count
    principle: Principle
    by: Fan | None = None
    sets: tuple[int, ...] = ()
    #: The reading's blocks of those sets (``sets`` are their places in the reading).
    blocks: tuple[Block, ...] = ()

    @property
    def reason(self) -> str:
        """Why the instances were left out, naming the fan responsible (the JSON's ``reason``)."""
        by = f"{self.by.name_zh} {self.by.name_en}" if self.by else ""
        return self.principle.reason.format(by=by)

    @property
    def where(self) -> str:
        """The instance's sets in hand notation, as ``fanrules score`` shows them (``[CCC]``, ``FFF``);
        empty for a fan of the whole hand."""
        return " ".join(map(str, self.blocks))

    def __str__(self) -> str:
        """The line ``fanrules score`` prints: the fan, how many times, its sets and the reason."""
        times = f" x{self.count}" if self.count > 1 else ""
        where = f" ({self.where})" if self.blocks else ""
        return f"{self.fan.name_zh} {self.fan.name_en}{times}{where}: {self.reason}"

    def __repr__(self) -> str:
        by = f", by {self.by.number} {self.by.name_en}" if self.by else ""
        return f"NotCounted({self.fan.number} {self.fan.name_en} x{self.count}: {self.principle}{by})"


def exclusion_order(fans: tuple[Fan, ...]) -> list[Fan]:
    """Fans by value (highest first), then number, moved so that every fan comes after the fans that
    exclude it. Late fans (those that look at the other fans) come last. Cycles are reported by
    ``fanrules check``; here a fan in a cycle keeps its place."""
    by_number = {f.number: f for f in fans}
    excluders: dict[int, set[int]] = {f.number: set() for f in fans}
    for f in fans:
        for ex in f.excludes:
            if ex.target in excluders and ex.target != f.number:
                excluders[ex.target].add(f.number)
    pending = sorted(fans, key=lambda f: (f.compiled.level is Level.LATE, -f.points, f.number))
    placed: list[Fan] = []
    done: set[int] = set()
    while pending:
        i = next((j for j, f in enumerate(pending) if excluders[f.number] <= done), 0)
        f = pending.pop(i)
        placed.append(f)
        done.add(f.number)
    return [by_number[f.number] for f in placed]


