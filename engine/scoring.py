"""The scoring principles as mechanisms: non-repeat, non-split, non-identical, account-once and
take-the-highest, driven only by what the rule set declares."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .facts import HandFacts, ReadingFacts
from .hand import Hand, HandError
from .readings import Block, Reading, readings
from .ruleset import Fan, RuleSet


@dataclass(frozen=True)
class CountedFan:
    """A fan that scores: its points per instance, how many instances, and the sets each used
    (indices into the chosen reading's ``sets + pairs``; empty for fans of the whole hand)."""

    fan: Fan
    count: int
    instances: tuple[tuple[int, ...], ...]

    @property
    def points(self) -> int:
        return self.fan.value

    def to_json(self) -> dict[str, Any]:
        f = self.fan
        return {"id": f.number, "name_zh": f.name_zh, "name_en": f.name_en, "points": f.value, "count": self.count}


@dataclass(frozen=True)
class Result:
    """The score of a complete hand under a rule set. ``is_win`` is false when the total is below
    the minimum (``error_kind`` is then ``under_minimum``)."""

    hand: Hand
    ruleset: str
    minimum: int
    fans: tuple[CountedFan, ...]
    total: int
    total_with_flowers: int
    reading: Reading

    @property
    def is_win(self) -> bool:
        return self.total >= self.minimum

    @property
    def error_kind(self) -> str | None:
        return None if self.is_win else "under_minimum"

    def sets_of(self, counted: CountedFan) -> list[list[Block]]:
        """The blocks each instance of a counted fan used."""
        blocks = self.reading.blocks
        return [[blocks[i] for i in inst] for inst in counted.instances]

    def to_json(self, id: str | None = None) -> dict[str, Any]:
        """The contract's output object."""
        out: dict[str, Any] = {} if id is None else {"id": id}
        out["total"] = self.total
        out["total_with_flowers"] = self.total_with_flowers
        out["fans"] = [c.to_json() for c in self.fans]
        if not self.is_win:
            out["error"] = {"kind": "under_minimum", "message": f"{self.total} points, below the minimum of {self.minimum}"}
        return out


class _Forest:
    """Union-find over a reading's blocks: a combination fan links its sets, and links may never
    close a loop (account-once), nor join sets already joined (non-split)."""

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def can_link(self, items: tuple[int, ...]) -> bool:
        roots = {self.find(i) for i in items}
        return len(roots) == len(items)

    def link(self, items: tuple[int, ...]) -> None:
        first = self.find(items[0])
        for i in items[1:]:
            self.parent[self.find(i)] = first


class Scorer:
    """Scores hands under one rule set. Fans are evaluated in an order where every excluding fan comes
    before the fans it excludes, so that exclusions come only from fans actually counted."""

    def __init__(self, ruleset: RuleSet) -> None:
        self.ruleset = ruleset
        self.order = _exclusion_order(ruleset.fans)
        self.hand_fans = [f for f in self.order if f.compiled.level in ("pure", "hand")]
        #: Per fan, in order: the fan, its predicate (None when evaluated once per hand), whether it
        #: waits for the other fans, whether its instances are made of sets, and its exclusions split
        #: into every instance / so many instances / instances within its own sets.
        self.full_plan = [
            (f, None if f.compiled.level in ("pure", "hand") else f.compiled.instances, f.compiled.level == "late",
             f.compiled.binds_sets,
             tuple(e.target for e in f.excludes if e.scope == "all" and e.count is None),
             tuple((e.target, e.count) for e in f.excludes if e.scope == "all" and e.count is not None),
             tuple(e.target for e in f.excludes if e.scope == "own_sets"))
            for f in self.order
        ]
        self.reading_keys = _keys(ruleset.fans, READING_DATA)
        self.hand_keys = _keys(self.hand_fans, HAND_DATA)
        self.plans: dict[tuple, list] = {}
        self.hand_plans: dict[tuple, list[Fan]] = {}

    def _plan(self, facts: ReadingFacts) -> list:
        """The plan entries whose guards hold for readings like this one (cached by the guarded values)."""
        key = tuple(len(getattr(facts, a)) if length else getattr(facts, a) for a, length in self.reading_keys)
        plan = self.plans.get(key)
        if plan is None:
            plan = self.plans[key] = [entry for entry in self.full_plan if _guards_hold(entry[0], facts, READING_DATA)]
        return plan

    def _hand_instances(self, facts: HandFacts) -> dict[int, list[tuple]]:
        key = tuple(len(getattr(facts, a)) if length else getattr(facts, a) for a, length in self.hand_keys)
        fans = self.hand_plans.get(key)
        if fans is None:
            fans = self.hand_plans[key] = [f for f in self.hand_fans if _guards_hold(f, facts, HAND_DATA)]
        return {f.number: f.compiled.instances(facts) for f in fans}

    def score(self, hand: Hand) -> Result:
        """Score a validated hand; raises HandError(kind='not_a_win') when it has no winning reading."""
        all_readings = readings(hand)
        if not all_readings:
            raise HandError("the tiles form no winning shape (four sets and a pair, seven pairs, thirteen orphans or a knitted hand)", "not_a_win")
        hand_facts = HandFacts(hand)
        hand_instances = self._hand_instances(hand_facts)
        best: tuple[Any, ...] | None = None
        best_counted: list[CountedFan] = []
        best_reading = all_readings[0]
        for reading in all_readings:
            counted = self._score_reading(ReadingFacts(hand_facts, reading), hand_instances)
            total = sum(c.fan.value * c.count for c in counted if not c.fan.bonus)
            key = (-total, tuple(n for c in counted for n in [c.fan.number] * c.count))
            if best is None or key < best:
                best, best_counted, best_reading = key, counted, reading
        assert best is not None
        total = -best[0]
        bonus = sum(c.fan.value * c.count for c in best_counted if c.fan.bonus)
        return Result(hand, self.ruleset.name, self.ruleset.minimum, tuple(sorted(best_counted, key=lambda c: c.fan.number)),
                      total, total + bonus, best_reading)

    def _score_reading(self, facts: ReadingFacts, hand_instances: dict[int, list[tuple]]) -> list[CountedFan]:
        blocks = facts.block_index
        forest: _Forest | None = None
        excluded: set[int] = set()
        quota: dict[int, int] = {}
        scoped: dict[int, list[frozenset[int]]] = {}
        counted: list[CountedFan] = []
        for fan, run, late, binds_sets, excludes, limited, own_sets in self._plan(facts):
            number = fan.number
            if number in excluded:
                continue
            if late:
                facts.fans_counted = sum(1 for c in counted if not c.fan.bonus)
            raw = hand_instances.get(number) if run is None else run(facts)
            if not raw:
                continue
            if not binds_sets and number not in quota:
                chosen = [()] * len(raw)
            else:
                used: set[int] = set()
                chosen = []
                owners = scoped.get(number, ())
                for inst in raw:
                    idx = tuple(blocks[id(x)] for x in inst) if binds_sets else ()
                    if idx and owners and any(own.issuperset(idx) for own in owners):
                        continue
                    if quota.get(number):
                        quota[number] -= 1
                        continue
                    if len(idx) >= 2:
                        if forest is None:
                            forest = _Forest(len(facts.sets_and_pairs))
                        if used.intersection(idx) or not forest.can_link(idx):
                            continue
                        forest.link(idx)
                        used.update(idx)
                    chosen.append(idx)
                if not chosen:
                    continue
            counted.append(CountedFan(fan, len(chosen), tuple(chosen)))
            excluded.update(excludes)
            for target, count in limited:
                quota[target] = quota.get(target, 0) + count * len(chosen)
            for target in own_sets:
                scoped.setdefault(target, []).extend(frozenset(idx) for idx in chosen)
        return counted


#: Facts that are plain data (not computed on demand, not changed while scoring): guards on them may
#: be decided once for all readings or hands that share their values.
READING_DATA = frozenset(ReadingFacts.__slots__) - {"hand_facts", "reading", "fans_counted", "block_index"}
HAND_DATA = frozenset(HandFacts.__slots__) - {"hand", "_unique_wait"}


def _keys(fans: "list[Fan] | tuple[Fan, ...]", data: frozenset[str]) -> list[tuple[str, bool]]:
    return sorted({(g.attr, g.length) for f in fans for g in f.compiled.guards if g.attr in data})


def _guards_hold(fan: Fan, facts: object, data: frozenset[str]) -> bool:
    return all(g.holds(facts) for g in fan.compiled.guards if g.attr in data)


def _exclusion_order(fans: tuple[Fan, ...]) -> list[Fan]:
    """Fans by value (highest first), then number, moved so that every fan comes after the fans that
    exclude it. Late fans (those that look at the other fans) come last. Cycles are reported by
    ``fanrules check``; here a fan in a cycle keeps its place."""
    by_number = {f.number: f for f in fans}
    excluders: dict[int, set[int]] = {f.number: set() for f in fans}
    for f in fans:
        for ex in f.excludes:
            if ex.target in excluders and ex.target != f.number:
                excluders[ex.target].add(f.number)
    pending = sorted(fans, key=lambda f: (f.compiled.level == "late", -f.value, f.number))
    placed: list[Fan] = []
    done: set[int] = set()
    while pending:
        for i, f in enumerate(pending):
            if excluders[f.number] <= done:
                break
        else:
            i = 0
        f = pending.pop(i)
        placed.append(f)
        done.add(f.number)
    return [by_number[f.number] for f in placed]
