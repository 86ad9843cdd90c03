"""The scorer of a rule set: the fans' predicates fused and run over every reading, the principles
applied to each reading (tally.py) and the highest reading taken."""
from __future__ import annotations

from functools import lru_cache, partial
from operator import attrgetter, itemgetter
from pathlib import Path
from typing import Any

from ..analysis.readings import prepare as prepare_readings
from ..analysis.readings import readings
from ..core.blocks import Block
from ..core.errors import NotAWinError
from ..core.hand import Hand
from ..core.inputs import HandInput, to_hand
from ..dsl.builtins import Level
from ..dsl.fused import fuse
from ..ruleset import RuleSet, RulesLike, ruleset_of
from .combine import Combination
from .facts import Facts
from .principles import NotCounted as NotCounted  # importable from here too
from .principles import Principle as Principle  # importable from here too
from .principles import exclusion_order
from .result import CountedFan as CountedFan  # importable from here too
from .result import Result as Result  # importable from here too
from .result import fan_ref as fan_ref  # importable from here too
from .result import reading_json as reading_json  # importable from here too
from .tally import Rules, Step, Tally, ask_late, score_fan
from .ties import tie_break


class Scorer:
    """Scores hands under one rule set. Fans are evaluated in an order where every excluding fan comes
    before the fans it excludes, so that exclusions come only from fans actually counted.

    The predicates of the fans that depend on the hand only are fused into one function run once per
    hand; those that depend on the reading into one function run once per reading; fans that look at
    the other fans (``late``) run after them. Only fans with instances reach the principles."""

    @classmethod
    def of(cls, rules: RulesLike = "mcr") -> Scorer:
        """The Scorer of a rule set (``rules``: a shipped name, a folder or ruleset.yaml, a RuleSet, or what
        holds one), cached: the same rule set gives the same Scorer."""
        if isinstance(rules, Scorer):
            return rules
        return _cached(rules if isinstance(rules, (RuleSet, str, Path)) else ruleset_of(rules))

    def __init__(self, ruleset: RuleSet) -> None:
        self.ruleset = ruleset
        self.order = exclusion_order(ruleset.fans)
        #: Fan number -> the indices of its capped families (ruleset ``families:``), and each family's cap.
        self.families = {f.number: tuple(i for i, fam in enumerate(ruleset.families) if f.number in fam.fans)
                         for f in ruleset.fans if any(f.number in fam.fans for fam in ruleset.families)}
        self.caps = tuple(fam.cap for fam in ruleset.families)
        self.bonus_toward_minimum = ruleset.bonus_toward_minimum
        non_repeat, rules = "non_repeat" in ruleset.principles, Rules(ruleset.principles)
        by_count = {e.target for f in self.order for e in f.excludes if e.scope == "all" and e.count is not None and non_repeat}
        self.plan = [Step(f, self.families.get(f.number, ()), f.number in by_count, any(e.number > f.number for e in self.order[:i]), rules, non_repeat)
                     for i, f in enumerate(self.order)]
        #: The rule set's combination of the fans counted (combine.py); None: the sum.
        self.combine = Combination.of(ruleset)
        #: Whether the highest reading is taken (else the first), and the readings a win may take.
        self.highest = "take_the_highest" in ruleset.principles
        self.may_win = WinCondition.of(ruleset)
        #: The fans each fan excludes outright, by number: to name the excluding fan in explanations.
        self.outright = {step.number: step.outright for step in self.plan}
        levels = [f.compiled.level for f in self.order]
        hand_positions = [i for i, level in enumerate(levels) if level <= Level.HAND]
        reading_positions = [i for i, level in enumerate(levels) if level is Level.READING]
        #: The late fans, to be asked in their turn (their instances are not known beforehand).
        self.late: list[tuple[int, None]] = [(i, None) for i, level in enumerate(levels) if level is Level.LATE]
        # What every hand needs, made with the scorer rather than in its first hand: the late fans' own
        # functions (compiled when first asked, see dsl/compiled.py), the suits' table and the blocks of readings.
        for i, _ in self.late:
            self.order[i].compiled.instances  # noqa: B018 - a cached_property, compiled now
        prepare_readings()
        name = ruleset.name
        self.hand_evaluate = fuse([self.order[i].compiled for i in hand_positions], f"<fans of the hand: {name}>", hand_positions)
        self.reading_evaluate = fuse([self.order[i].compiled for i in reading_positions], f"<fans of a reading: {name}>", reading_positions)
        #: The rule set's declared order of readings for ties (its ``ties:`` section); None: the fans' numbers.
        self.ties = tie_break(ruleset)

    def score(self, hand: HandInput, **context: Any) -> Result:
        """Score a hand string, a Hand or a JSONL record, with the win context as keywords (as
        ``fanrules.score``); raises InvalidHandError, or NotAWinError when no reading wins."""
        if context or type(hand) is not Hand or not hand.checked:
            hand = to_hand(hand, **context)
        all_readings = readings(hand)
        if not all_readings:
            raise NotAWinError("the tiles form no winning shape (four sets and a pair, seven pairs, thirteen orphans or a knitted hand)")
        facts = Facts(hand)
        if self.may_win is not None:
            all_readings = self.may_win(all_readings, facts)
        hand_found = self.hand_evaluate(facts)
        if self.ties is not None and len(all_readings) > 1:
            reading, tally = self.ties.pick([(r, self.score_reading(facts.read(r), hand_found)) for r in all_readings])
        else:
            reading, tally = all_readings[0], self.score_reading(facts.read(all_readings[0]), hand_found)
            for other in all_readings[1:] if self.highest else ():
                scored = self.score_reading(facts.read(other), hand_found)
                if take_the_highest(scored, tally):
                    reading, tally = other, scored
        explain = partial(explanations, tally.dropped, tally.counted, self.outright, reading.blocks) if tally.dropped else tuple
        return Result(hand, self.ruleset.name, self.ruleset.minimum, tuple(sorted(tally.counted, key=_number) if tally.unsorted else tally.counted), tally.total,
                      tally.total + tally.bonus, reading, self.bonus_toward_minimum, explain, self.ruleset.cap, tally.uncapped)

    def score_reading(self, facts: Facts, hand_found: list[tuple[int, list[tuple[Any, ...]]]]) -> Tally:
        """The principles applied to one reading: each fan found, in plan order, is scored (tally.score_fan);
        a late fan is asked in its turn. A plain fan (Step.plain: non-repeat is the one principle it can
        meet) is counted here, without a call: most fans found are plain, and a call for each was a
        tenth of scoring a hand (docs/architecture.md, speed)."""
        found = [*hand_found, *self.reading_evaluate(facts), *self.late]
        found.sort(key=itemgetter(0))
        tally = Tally(facts)
        plan, caps, excluded, counted = self.plan, self.caps, tally.excluded, tally.counted
        total = 0  # the points of the plain fans
        for position, instances in found:
            step = plan[position]
            if instances is None:  # a late fan (never plain)
                instances = ask_late(step, tally)
            if not step.plain:
                if instances:
                    score_fan(step, instances, tally, caps)
            elif step.number in excluded:  # non-repeat (tally.non_repeat)
                tally.dropped.append((step.fan, len(instances), Principle.EXCLUDED, None, ()))
            else:
                n = len(instances)
                counted.append(step.once if n == 1 else CountedFan(step.fan, n, ((),) * n))
                excluded |= step.outright
                total += step.value * n
                if step.unordered:
                    tally.unsorted = True
        tally.total += total
        if self.combine is not None:
            self.combine(tally)
        return tally


class RefusedWin(NotAWinError):
    """A hand of a winning shape that the rule set's own win condition (``shapes:``, ``win_requires:``) refuses."""


class WinCondition:
    """What a rule set lets win beyond a winning shape: the shapes it lists (``shapes:``) and its
    ``win_requires`` predicate, checked on each reading; a hand none of whose readings passes is refused
    with a sentence naming the condition."""

    __slots__ = ("name", "shapes", "listed", "requires", "text")

    def __init__(self, ruleset: RuleSet) -> None:
        self.name = ruleset.name
        self.shapes = frozenset(ruleset.shapes) if ruleset.shapes is not None else None
        self.listed = ", ".join(ruleset.shapes or ())
        self.requires = ruleset.win_requires
        self.text = ruleset.win_requires_text

    @classmethod
    def of(cls, ruleset: RuleSet) -> WinCondition | None:
        return cls(ruleset) if ruleset.shapes is not None or ruleset.win_requires is not None else None

    def __call__(self, all_readings: list[Any], facts: Facts) -> list[Any]:
        """The readings that may win (NotAWinError when none)."""
        shapes, kept = self.shapes, all_readings
        if shapes is not None:
            kept = [r for r in kept if r.shape.value in shapes]
            if not kept:
                raise RefusedWin(f"the tiles form no winning shape of {self.name}, whose wins are: {self.listed}")
        if self.requires is not None:
            instances = self.requires.instances
            kept = [r for r in kept if instances(facts.read(r))]
            if not kept:
                raise RefusedWin(f"every win under {self.name} must meet its win_requires: {' '.join(self.text.split())}")
        return kept


def take_the_highest(scored: Tally, best: Tally) -> bool:
    """以高分为原则: whether a reading scored beats the best so far: a higher total, or on a tie, fans
    counted of lower numbers (docs/principles.md ruling 2: of two waits the fan listed first); the first reading of the
    best wins."""
    return scored.total > best.total or (scored.total == best.total and scored.numbers() < best.numbers())


_number = attrgetter("fan.number")


def explanations(dropped: list[tuple[Any, ...]], counted: list[CountedFan], outright: dict[int, frozenset[int]],
                 blocks: tuple[Block, ...] = ()) -> tuple[NotCounted, ...]:
    """The instances a reading left out, and why (made when a Result is first asked): an instance
    excluded outright names the first counted fan that excludes it (the one that excluded it: fans
    counted after it come later in the list)."""
    out = []
    for fan, count, principle, by, sets in dropped:
        if principle is Principle.EXCLUDED:
            by = next(c.fan for c in counted if fan.number in outright[c.fan.number])
        out.append(NotCounted(fan, count, principle, by, sets, tuple([blocks[i] for i in sets]) if blocks else ()))
    return tuple(out)


@lru_cache(maxsize=16)
def _cached(rules: RuleSet | str | Path) -> Scorer:
    return Scorer(ruleset_of(rules))
