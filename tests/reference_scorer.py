"""A reference scorer, for tests only: slow and plain, to hold ``Scorer`` to the principles.

It shares with the engine what the principles take as given (the hand, its readings, the facts a
predicate reads and the rule set's fans) and none of the scorer's shortcuts:

- each fan's predicate is compiled on its own, without the on-disk cache, without tables (a condition
  on one item stays a loop) and with every order of an each rule's names tried, and it is run on its
  own for every reading: no fusion, no guards, no memo of keyed rules, and the unique wait is worked
  out afresh for each hand, from the readings of the 13 tiles plus each of the 34 kinds;
- the principles of docs/principles.md section 2 are stated as conditions on a choice of instances and every
  admissible choice is enumerated, rather than counted greedily in one pass:
  non-repeat (a counted fan drops the fans it excludes outright; ``count`` exclusions drop that many
  instances per instance; ``own_sets`` ones the instances made only of its sets), non-identical (two
  instances of one fan share no set), non-split and account-once (the sets joined by combination fans,
  all fans together, never close a loop), and every instance that no principle rules out is counted
  (a choice is maximal). Exclusions come only from fans counted (section 5), so fans are decided
  with every fan that excludes another before it; a fan that reads ``fans_counted`` (a late fan) is
  asked after all the others, as the scorer documents;
- take the highest: every choice of every reading is scored, and the highest total wins. Where several
  choices reach it (account-once, RULINGS 5; or readings of equal total, which the scorer breaks by
  the lowest fan numbers), each is equally correct: ``best`` returns them all.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple
from unittest import mock

from fanrules.analysis.readings import readings
from fanrules.core.blocks import Reading
from fanrules.core.hand import Context, Hand
from fanrules.dsl import Level, Origin, build, check, parse
from fanrules.dsl import compiler as compiler_module
from fanrules.ruleset import Fan, RuleSet
from fanrules.scoring.facts import Facts

#: An instance of a fan: the indices of its sets in the reading's ``sets + pairs`` (empty for fans of
#: the whole hand or of tiles).
Instance = tuple[int, ...]


class _PlainCompiler(compiler_module.Compiler):
    """The compiler without its tables: every quantifier is written as the loop it reads as."""

    def table(self, node: Any) -> None:
        return None


class PlainPredicate(NamedTuple):
    """A predicate compiled plainly: its function of the facts, whether its instances are sets, its
    level (``late`` when it reads the fans counted) and its generated source."""

    run: Callable[[Facts], list[tuple]]
    binds_sets: bool
    level: Level
    source: str


def plain_predicate(text: str) -> PlainPredicate:
    """A predicate compiled plainly (see the module's docstring)."""
    node, diagnostics = parse(text, Origin())
    assert node is not None and not diagnostics, diagnostics
    checked, diagnostics = check(node, Origin(), text)
    assert not diagnostics, diagnostics
    with mock.patch.object(compiler_module, "_symmetric", lambda rule: False):  # every order of the names
        record = _PlainCompiler(checked).rule()
    return PlainPredicate(build(record, "<plain predicate>").instances, record.binds_sets, record.level, record.source)


class PlainFacts(Facts):
    """The facts of a hand, with the unique wait worked out from the readings when first asked (one
    object per hand: nothing is kept from one hand to the next)."""

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.waiting_on: list[int] | None = None  # the tile kinds that complete the 13 tiles

    @property
    def unique_wait(self) -> bool:
        if self.waiting_on is None:
            hand = self.hand
            self.waiting_on = [t for t in range(34) if readings(Hand(hand.concealed, hand.melds, t, Context()))]
        return len(self.waiting_on) == 1


@dataclass(frozen=True)
class Outcome:
    """One admissible choice of one reading: the points of the counted fans (bonus fans aside), the
    points of the bonus fans, and how many instances of each fan count (by fan number)."""

    total: int
    bonus: int
    counts: tuple[tuple[int, int], ...]
    reading: Reading


@dataclass
class _Turn:
    """What the principles left a fan to choose from in one branch: its candidates (instances not
    dropped by an exclusion) and how many of them it may count at most."""

    fan: Fan
    candidates: list[Instance]
    limit: int
    chosen: tuple[Instance, ...] = ()


class ReferenceScorer:
    """Scores hands under a rule set by the principles alone (see the module's docstring)."""

    def __init__(self, ruleset: RuleSet) -> None:
        self.ruleset = ruleset
        self.predicates = {f.number: plain_predicate(f.predicate) for f in ruleset.fans}
        #: What each fan (by number) excludes: every instance of the fans in ``outright``, the instances
        #: made only of its own sets of the fans in ``own_sets``, so many per instance of those in ``by_count``.
        self.outright = {f.number: {e.target for e in f.excludes if e.scope == "all" and e.count is None} - {f.number}
                         for f in ruleset.fans}
        self.own_sets = {f.number: {e.target for e in f.excludes if e.scope == "own_sets"} for f in ruleset.fans}
        self.by_count = {f.number: {e.target: e.count for e in f.excludes if e.scope == "all" and e.count is not None}
                         for f in ruleset.fans}
        self.order = excluders_first(ruleset.fans, {n: p.level is Level.LATE for n, p in self.predicates.items()})

    def outcomes(self, hand: Hand) -> Iterator[Outcome]:
        """Every admissible choice of every reading of a complete hand."""
        facts = PlainFacts(hand)
        for reading in readings(hand):
            facts.read(reading)
            index = {id(b): i for i, b in enumerate(facts.sets_and_pairs)}
            found: list[tuple[Fan, list[Instance] | None]] = []  # None: a late fan, asked in its turn
            for fan in self.order:
                late = self.predicates[fan.number].level is Level.LATE
                instances = None if late else self._instances(fan, facts, index)
                if late or instances:
                    found.append((fan, instances))
            yield from self._choices(facts, reading, index, found, {}, [])

    def best(self, hand: Hand) -> tuple[int, int, set[tuple[tuple[int, int], ...]]]:
        """The highest total, the bonus points, and every count of fans that reaches that total."""
        outcomes = list(self.outcomes(hand))
        assert outcomes, f"no reading of {hand} scores"
        top = max(o.total for o in outcomes)
        best = [o for o in outcomes if o.total == top]
        assert len({o.bonus for o in best}) == 1
        return top, best[0].bonus, {o.counts for o in best}

    def _instances(self, fan: Fan, facts: Facts, index: dict[int, int]) -> list[Instance]:
        predicate = self.predicates[fan.number]
        return [tuple(index[id(x)] for x in raw) if predicate.binds_sets else () for raw in predicate.run(facts)]

    def _choices(self, facts: Facts, reading: Reading, index: dict[int, int], found: list[tuple[Fan, list[Instance] | None]],
                 turns: dict[int, _Turn], links: list[Instance]) -> Iterator[Outcome]:
        """Decide the fans ``found`` (with their instances, in turn), branching over every choice the
        principles allow; ``turns`` holds the fans decided so far (by number), ``links`` the instances of
        two sets or more counted so far."""
        if not found:
            if _maximal(turns, links, len(facts.sets_and_pairs)):
                yield _outcome(turns, reading)
            return
        (fan, instances), rest = found[0], found[1:]
        if instances is None:  # a late fan: asked now that every other fan is decided
            facts.fans_counted = sum(1 for t in turns.values() if t.chosen and not t.fan.bonus)
            instances = self._instances(fan, facts, index)
        number, counted = fan.number, [t for t in turns.values() if t.chosen]
        capped = any(sum(t.fan.number in fam.fans for t in counted) >= fam.cap for fam in self.ruleset.families if number in fam.fans)
        if not instances or capped or any(number in self.outright[t.fan.number] for t in counted):
            yield from self._choices(facts, reading, index, rest, turns, links)
            return
        owned = [set(inst) for t in counted if number in self.own_sets[t.fan.number] for inst in t.chosen]
        candidates = [inst for inst in instances if not (inst and any(set(inst) <= own for own in owned))]
        quota = sum(self.by_count[t.fan.number].get(number, 0) * len(t.chosen) for t in counted)
        limit = max(0, len(candidates) - quota)
        for chosen in _subsets(candidates, limit, links, len(facts.sets_and_pairs)):
            turn = _Turn(fan, candidates, limit, chosen)
            yield from self._choices(facts, reading, index, rest, {**turns, fan.number: turn},
                                     links + [inst for inst in chosen if len(inst) >= 2])


def excluders_first(fans: tuple[Fan, ...], late: dict[int, bool]) -> list[Fan]:
    """The fans, every fan after those that exclude it (a fan in a cycle keeps its place); fans that
    read ``fans_counted`` last; otherwise by value, highest first, then by number."""
    excluders = {f.number: {g.number for g in fans if g is not f and any(e.target == f.number for e in g.excludes)}
                 for f in fans}
    pending = sorted(fans, key=lambda f: (late[f.number], -f.points, f.number))
    placed: list[Fan] = []
    while pending:
        done = {f.number for f in placed}
        ready = next((f for f in pending if excluders[f.number] <= done), pending[0])
        pending.remove(ready)
        placed.append(ready)
    return placed


def _joins(links: list[Instance], blocks: int) -> list[int]:
    """The group of each block when the sets of every link are joined."""
    group = list(range(blocks))

    def find(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for link in links:
        for i in link[1:]:
            group[find(i)] = find(link[0])
    return [find(i) for i in range(blocks)]


def _closes_loop(links: list[Instance], inst: Instance, blocks: int) -> bool:
    """Whether joining the sets of ``inst`` would join two sets already joined (non-split, account once)."""
    group = _joins(links, blocks)
    return len({group[i] for i in inst}) < len(inst)


def _allowed(chosen: tuple[Instance, ...], inst: Instance, links: list[Instance], blocks: int) -> bool:
    """Whether one more instance of a fan may count beside ``chosen`` (its own) and ``links`` (all)."""
    if len(inst) < 2:
        return True
    if any(len(other) >= 2 and set(other) & set(inst) for other in chosen):
        return False  # non-identical
    return not _closes_loop(links, inst, blocks)


def _subsets(candidates: list[Instance], limit: int, links: list[Instance], blocks: int) -> Iterator[tuple[Instance, ...]]:
    """Every choice of at most ``limit`` candidates that the principles allow together. Instances
    without sets to link are interchangeable: only the largest number of them is offered."""
    if all(len(inst) < 2 for inst in candidates):
        yield from dict.fromkeys(combinations(candidates, min(limit, len(candidates))))
        return

    def grow(start: int, chosen: tuple[Instance, ...], joined: list[Instance]) -> Iterator[tuple[Instance, ...]]:
        yield chosen
        if len(chosen) == limit:
            return
        for k in range(start, len(candidates)):
            inst = candidates[k]
            if _allowed(chosen, inst, joined, blocks):
                yield from grow(k + 1, chosen + (inst,), joined + [inst] * (len(inst) >= 2))

    yield from grow(0, (), list(links))


def _maximal(turns: dict[int, _Turn], links: list[Instance], blocks: int) -> bool:
    """Whether no instance left out could still be counted: every one is ruled out by a principle."""
    for turn in turns.values():
        left = Counter(turn.candidates) - Counter(turn.chosen)
        if left and len(turn.chosen) < turn.limit and any(_allowed(turn.chosen, inst, links, blocks) for inst in left):
            return False
    return True


def _outcome(turns: dict[int, _Turn], reading: Reading) -> Outcome:
    total = sum(t.fan.points * len(t.chosen) for t in turns.values() if not t.fan.bonus)
    bonus = sum(t.fan.points * len(t.chosen) for t in turns.values() if t.fan.bonus)
    counts = tuple(sorted((number, len(t.chosen)) for number, t in turns.items() if t.chosen))
    return Outcome(total, bonus, counts, reading)
