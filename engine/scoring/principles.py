"""The scoring principles that leave an instance of a fan out, each with its reason, what an instance
left out records, the order in which a scorer asks the fans, and the checks of the instances of a fan
of sets: the quota, the counted fans' own sets, non-identical and the links of non-split (choose, link)."""
from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, NamedTuple

from ..core.blocks import Block
from ..dsl.builtins import Level
from ..ruleset import Fan


class Principle(StrEnum):
    """The scoring principles that leave an instance of a fan out (SCORING.md), each with its reason."""

    EXCLUDED = "excluded"
    EXCLUDED_COUNT = "excluded_count"
    OWN_SETS = "own_sets"
    IDENTICAL = "identical"
    ACCOUNT_ONCE = "account_once"
    FAMILY_CAP = "family_cap"

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
}


#: The principles as module globals, for the scoring loop: CPython reads a module global (a cached
#: LOAD_GLOBAL) faster than an enum member (an attribute of a class with a metaclass), and the loop
#: reads them for every fan of every hand (bench/callgrind_scoring.py tells the difference).
EXCLUDED, EXCLUDED_COUNT, OWN_SETS = Principle.EXCLUDED, Principle.EXCLUDED_COUNT, Principle.OWN_SETS
IDENTICAL, ACCOUNT_ONCE, FAMILY_CAP = Principle.IDENTICAL, Principle.ACCOUNT_ONCE, Principle.FAMILY_CAP


class NotCounted(NamedTuple):
    """Instances of a fan whose predicate held but that a scoring principle left out: ``principle`` says
    which, ``by`` the counted fan responsible (for exclusions), ``sets`` the instance's sets."""

    fan: Fan
    count: int  # type: ignore[assignment]  # the field's public name, though tuple has a method count
    principle: Principle
    by: Fan | None = None
    sets: tuple[int, ...] = ()

    @property
    def reason(self) -> str:
        by = f"{self.by.name_zh} {self.by.name_en}" if self.by else ""
        return self.principle.reason.format(by=by)

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
    pending = sorted(fans, key=lambda f: (f.compiled.level is Level.LATE, -f.value, f.number))
    placed: list[Fan] = []
    done: set[int] = set()
    while pending:
        i = next((j for j, f in enumerate(pending) if excluders[f.number] <= done), 0)
        f = pending.pop(i)
        placed.append(f)
        done.add(f.number)
    return [by_number[f.number] for f in placed]


def drop_by_count(fan: Fan, n: int, quota: list[Fan], dropped: list[tuple[Any, ...]]) -> int:
    """Leave out instances of a fan of no sets while ``quota`` (one excluding fan per instance to drop,
    taken from its end) lasts: the fields of a NotCounted for each go to ``dropped``; returns how many."""
    k = min(n, len(quota))
    for _ in range(k):
        dropped.append((fan, 1, EXCLUDED_COUNT, quota.pop(), ()))
    return k


#: The links between the blocks of a reading, as a combination fan links its sets: None when no sets
#: are linked, the indices of the sets of the one combination linked, or the groups of blocks linked, as
#: numbers with a bit for each block of the group.
Links = tuple[int, ...] | list[int] | None


def link(idx: tuple[int, ...], links: Links) -> Links:
    """The links between the blocks of a reading once the sets ``idx`` of a combination are linked, or
    None if two of them are joined already (non-split, account once): links may never close a loop nor
    join sets already joined."""
    # Groups as bits, in loops without a comprehension: a group number per block and a list made anew
    # by a comprehension for each link cost more (a comprehension is a function call in CPython 3.11).
    mask = 0
    for i in idx:
        bit = 1 << i
        if mask & bit:  # a set twice
            return None
        mask |= bit
    if links is None:
        return idx
    if type(links) is tuple:  # one combination linked so far
        joined = 0
        for i in links:
            joined |= 1 << i
        links = [joined]
    kept = []
    for group in links:
        common = group & mask
        if common:
            if common & (common - 1):  # two of its sets in this group already
                return None
            mask |= group
        else:
            kept.append(group)
    kept.append(mask)
    return kept


def choose(fan: Fan, raw: list[tuple[Block, ...]], where: Callable[[int], int], group: Links,
           owners: list[tuple[frozenset[int], Fan]] | None, quota: list[Fan] | None,
           dropped: list[tuple[Any, ...]]) -> tuple[tuple[tuple[int, ...], ...], Links]:
    """The instances of a fan of sets, as indices of the blocks of the reading (``where``: the index of a
    block by its identity), not excluded (by count, ``quota``, or within a counted fan's sets, ``owners``)
    and, for combinations, that neither reuse a set of the same fan (non-identical) nor join sets already
    joined (non-split, account once); the fields of a NotCounted for each other one go to ``dropped``.
    Returns them and the links between the blocks after them (``group``, see link)."""
    # A block's index is found by its identity, in C (list.index over the ids of the reading's blocks):
    # comprehensions are function calls in CPython 3.11, and building a dict of the ids cost more than
    # the lookups it served (timeit over the corpus's calls).
    # Single sets with nothing to check (no owners, no quota): no loop, no links, the common case; single
    # sets with owners or a quota go the general way below (one loop for both: a copy of its checks for
    # them would save little and say everything twice).
    if len(raw[0]) == 1 and not owners and not quota:
        return tuple([(where(id(inst[0])),) for inst in raw]), group
    used: set[int] = set()
    chosen = []
    for inst in raw:
        # The indices of one or two sets by hand: tuple(map(where, map(id, inst))) costs several times as
        # much for so short a tuple (timeit).
        k = len(inst)
        idx = (where(id(inst[0])),) if k == 1 else (where(id(inst[0])), where(id(inst[1]))) if k == 2 else \
            tuple(map(where, map(id, inst)))
        if owners:
            owner = None
            for own, by in owners:  # a loop, not next() of a generator: no frame made
                if own.issuperset(idx):
                    owner = by
                    break
            if owner is not None:
                dropped.append((fan, 1, OWN_SETS, owner, idx))
                continue
        if quota:
            dropped.append((fan, 1, EXCLUDED_COUNT, quota.pop(), idx))
            continue
        if k >= 2:
            if not used.isdisjoint(idx):
                dropped.append((fan, 1, IDENTICAL, None, idx))
                continue
            linked = link(idx, group)
            if linked is None:
                dropped.append((fan, 1, ACCOUNT_ONCE, None, idx))
                continue
            group = linked
            used.update(idx)
        chosen.append(idx)
    return tuple(chosen), group
