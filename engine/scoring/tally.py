"""The scoring of one reading, step by step as the scoring principles are written (docs/principles.md, section 2):

- **non-repeat** (不重复): a fan that a counted fan excludes is not counted (``non_repeat``), nor the
  instances a counted fan includes already (``non_repeat_by_count``), nor those made of a counted
  fan's own sets when it excludes them there (``non_repeat_within``);
- **non-identical** (不得相同): two instances of one fan may not share a set (``non_identical``);
- **non-split** (不拆移): the sets a counted combination joined are not split off again to make a
  smaller one (``non_split``);
- **account-once** (套算一次): a set joins another set for a fan once; an instance whose sets earlier
  instances joined already is not counted (``account_once``);
- **family caps** (a rule set's ``families:``): once a family counts its cap of fans, its later
  members are left out (``family_cap``);
- **take-the-highest** (以高分为原则), over the readings, is ``Scorer.score``'s (scorer.py).

The fans come in plan order (every excluding fan before the fans it excludes, ``exclusion_order``), so
an exclusion only ever comes from a fan counted. ``Tally`` holds what the principles decided so far."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.blocks import Block
from ..dsl.builtins import Level
from ..ruleset import Fan
from .facts import Facts
from .principles import Principle
from .result import CountedFan


class Rules:
    """Which of the principles on sets a rule set applies (ruleset.yaml ``principles``; all by default)."""

    __slots__ = ("identical", "split", "once")

    def __init__(self, principles: tuple[str, ...] = ("non_identical", "non_split", "account_once")) -> None:
        self.identical = "non_identical" in principles
        self.split = "non_split" in principles
        self.once = "account_once" in principles


#: Every principle on sets: every MCR edition's.
ALL_RULES = Rules()

#: An instance of a fan as the principles see it: the indices of its sets in the reading's blocks
#: (empty for a fan of the whole hand).
Sets = tuple[int, ...]


class Step:
    """One fan of a scorer's plan, with what the principles need of it at hand."""

    __slots__ = ("fan", "number", "value", "in_total", "binds_sets", "late", "outright", "limited", "own_sets", "member", "more",
                 "once", "made", "plain",
                 "unordered", "rules")

    def __init__(self, fan: Fan, member: tuple[int, ...] = (), by_count: bool = False, unordered: bool = False,
                 rules: Rules = ALL_RULES, non_repeat: bool = True) -> None:
        excludes = fan.excludes if non_repeat else ()
        self.fan = fan
        self.number = fan.number
        self.value = fan.points
        #: Whether it counts in the total (bonus fans do not).
        self.in_total = not fan.bonus
        #: Whether its instances are made of sets.
        self.binds_sets = fan.compiled.binds_sets
        #: Whether it reads the fans counted before it (it is asked in its turn).
        self.late = fan.compiled.level is Level.LATE
        #: The numbers of the fans it excludes outright.
        self.outright = frozenset(e.target for e in excludes if e.scope == "all" and e.count is None)
        #: (fan number, instances dropped per instance of this fan) for the fans it excludes by count.
        self.limited = tuple((e.target, e.count) for e in excludes if e.scope == "all" and e.count is not None)
        #: The numbers of the fans it excludes within its own sets.
        self.own_sets = tuple(e.target for e in excludes if e.scope == "own_sets")
        #: The indices of the capped families it belongs to (ruleset ``families:``).
        self.member = member
        #: Whether, once counted, it excludes by count or within its sets, or joins a family.
        self.more = bool(self.limited or self.own_sets or member)
        #: The fan counted once as a fan of the whole hand (a CountedFan is immutable: every reading shares it).
        self.once = CountedFan(fan, 1, ((),))
        #: The fan counted with given sets (their indices in a reading's blocks), made when first met
        #: and then shared: a reading has at most five blocks, so there are few.
        self.made: dict[tuple[Sets, ...], CountedFan] = {}
        #: A fan of the whole hand, in the total, that excludes only outright, and that no fan excludes by
        #: count (``by_count``) or within its sets: non-repeat is the one principle it can meet.
        #: Whether a fan before it in the plan has a higher number (the fans counted are then sorted by number).
        self.unordered = unordered
        self.plain = not (self.binds_sets or self.more or fan.bonus or self.late or by_count)
        #: The principles on sets that apply (non_repeat off: ``excludes`` taken as empty).
        self.rules = rules


#: The empty tables of a reading that no counted fan ruled anything out of yet (never written: a Tally
#: makes its own at the first such fan, ``rule_out``; most readings never need them).
NOTHING: dict[Any, Any] = {}


class Tally:
    """What the principles decided so far about one reading: the fans counted and the points, each
    instance left out (``dropped``: the fields of a NotCounted; ``by`` is None for an outright exclusion,
    named when the explanation is asked for), and what the fans counted so far rule out for the fans after them."""

    __slots__ = ("facts", "counted", "dropped", "total", "bonus", "bonus_fans", "excluded", "quota", "scoped", "joined",
                 "in_family", "index", "unsorted", "uncapped")

    def __init__(self, facts: Facts) -> None:
        self.facts = facts
        self.counted: list[CountedFan] = []
        self.dropped: list[tuple[Any, ...]] = []
        self.total = self.bonus = self.bonus_fans = 0
        #: The numbers of the fans a counted fan excludes outright.
        self.excluded: set[int] = set()
        #: Fan number -> one excluding fan per instance still to leave out.
        self.quota: dict[int, list[Fan]] = NOTHING
        #: Fan number -> (the sets of an instance of a counted fan, that fan) it is excluded within.
        self.scoped: dict[int, list[tuple[frozenset[int], Fan]]] = NOTHING
        #: The groups of sets joined by the combinations counted, a bit per block of the reading (a list
        #: once a combination is counted; most readings count none).
        self.joined: list[int] | tuple[()] = ()
        #: Family index -> the fans of it counted so far.
        self.in_family: dict[int, list[Fan]] = NOTHING
        #: The index of a block of the reading by its identity, made when a fan of sets first needs it.
        self.index: Callable[[int], int] | None = None
        #: Whether the fans counted, in plan order, are out of the order of their numbers.
        self.unsorted = False
        #: The total before the rule set's cap lowered it (combine.py); None when not capped.
        self.uncapped: int | None = None

    def block_index(self) -> Callable[[int], int]:
        """The index of a block of the reading by its identity (two equal chows of a reading are two sets)."""
        if self.index is None:
            self.index = [*map(id, self.facts.sets_and_pairs)].index
        return self.index

    def rule_out(self, step: Step, counted: CountedFan) -> None:
        """What a counted fan rules out beyond outright exclusions: instances of other fans it includes
        (by count), those made of its own sets, and the other members of its capped families."""
        fan, n = step.fan, counted.count
        if self.quota is NOTHING:
            self.quota, self.scoped, self.in_family = {}, {}, {}
        for target, per in step.limited:
            self.quota.setdefault(target, []).extend([fan] * (per * n))
        for target in step.own_sets:
            self.scoped.setdefault(target, []).extend((frozenset(sets), fan) for sets in counted.instances)
        for family in step.member:
            self.in_family.setdefault(family, []).append(fan)

    def numbers(self) -> list[int]:
        """The number of the fan of each counted instance, in the order counted (take-the-highest's tie-break)."""
        return [c.fan.number for c in self.counted for _ in range(c.count)]


def non_repeat(step: Step, found: int, tally: Tally) -> None:
    """不重复: a fan that a counted fan excludes outright is not counted; its ``found`` instances are left out."""
    tally.dropped.append((step.fan, found, Principle.EXCLUDED, None, ()))


def family_cap(step: Step, found: int, tally: Tally, caps: tuple[int, ...]) -> bool:
    """Whether a capped family of this fan counts its cap of fans already; its instances are then left out."""
    for family in step.member:
        members = tally.in_family.get(family, [])
        if len(members) >= caps[family]:
            tally.dropped.append((step.fan, found, Principle.FAMILY_CAP, members[0], ()))
            return True
    return False


def non_repeat_by_count(fan: Fan, found: int, tally: Tally, sets: Sets = ()) -> int:
    """不重复, by count: how many of ``found`` instances the counted fans include already (one
    excluding fan per instance, taken from the end of the fan's quota), each left out."""
    quota = tally.quota.get(fan.number)
    k = min(found, len(quota)) if quota else 0
    for _ in range(k):
        tally.dropped.append((fan, 1, Principle.EXCLUDED_COUNT, quota.pop(), sets))  # type: ignore[union-attr]  # k > 0: a quota
    return k


def non_repeat_within(fan: Fan, sets: Sets, tally: Tally) -> bool:
    """不重复, within a counted fan's sets: whether the instance's sets all belong to an instance of a
    counted fan that excludes this fan there; it is then left out."""
    for own, by in tally.scoped.get(fan.number, ()):
        if own.issuperset(sets):
            tally.dropped.append((fan, 1, Principle.OWN_SETS, by, sets))
            return True
    return False


def non_identical(fan: Fan, sets: Sets, used: set[int], tally: Tally) -> bool:
    """不得相同: whether the instance shares a set with an instance of the same fan counted before it;
    it is then left out."""
    if used.isdisjoint(sets):
        return False
    tally.dropped.append((fan, 1, Principle.IDENTICAL, None, sets))
    return True


def non_split(fan: Fan, sets: Sets, bits: int, tally: Tally) -> bool:
    """不拆移: whether the instance's sets (``bits``, one per set) lie within sets a counted combination
    joined: they are not split off to make a smaller one; it is then left out."""
    for group in tally.joined:
        if group & bits != bits:
            continue
        tally.dropped.append((fan, 1, Principle.ACCOUNT_ONCE, None, sets))
        return True
    return False


def account_once(fan: Fan, sets: Sets, bits: int, tally: Tally) -> bool:
    """套算一次: join the instance's sets, unless two of them are joined already (by earlier
    instances, so that links never close a loop); it is then left out."""
    kept = []
    for group in tally.joined:
        common = group & bits
        if common & (common - 1):  # two of its sets in this group already
            tally.dropped.append((fan, 1, Principle.ACCOUNT_ONCE, None, sets))
            return False
        if common:
            bits |= group
        else:
            kept.append(group)
    kept.append(bits)
    tally.joined = kept
    return True


def joined_apart(bits: int, tally: Tally) -> bool:
    """Without account-once: the instance's sets joined as a group of their own (non-split still sees them)."""
    joined = tally.joined
    assert isinstance(joined, list)  # asked only once a first combination made the groups a list
    joined.append(bits)
    return True


def keep_sets(fan: Fan, found: list[tuple[Block, ...]], tally: Tally, rules: Rules = ALL_RULES) -> tuple[Sets, ...]:
    """The instances of a fan of sets that every principle (of ``rules``) keeps, each other one left out
    (an instance's sets are the indices of its blocks in the reading)."""
    number = fan.number
    scoped, quota = number in tally.scoped, number in tally.quota
    index = tally.index or tally.block_index()
    if len(found[0]) == 1 and not scoped and not quota:  # single sets that no counted fan rules out
        if len(found) == 1:
            return ((index(id(found[0][0])),),)
        return tuple([(index(id(instance[0])),) for instance in found])
    used: set[int] = set()
    kept = []
    for instance in found:
        sets = tuple(map(index, map(id, instance)))
        if (scoped and non_repeat_within(fan, sets, tally)) or (quota and non_repeat_by_count(fan, 1, tally, sets)):
            continue
        if len(sets) > 1:
            if used and rules.identical and non_identical(fan, sets, used, tally):
                continue
            bits = 0
            for i in sets:
                bits |= 1 << i
            if not tally.joined:
                tally.joined = [bits]  # the first combination joins its sets: nothing to check it against
            elif (rules.split and non_split(fan, sets, bits, tally)) or not (account_once(fan, sets, bits, tally) if rules.once else joined_apart(bits, tally)):
                continue
            used.update(sets)
        kept.append(sets)
    return tuple(kept)


def score_fan(step: Step, found: list[tuple[Any, ...]], tally: Tally, caps: tuple[int, ...]) -> None:
    """Apply the principles to the instances ``found`` of one fan; count those they keep, and note what
    the fan rules out for the fans after it."""
    n = len(found)
    if step.number in tally.excluded:
        non_repeat(step, n, tally)
        return
    if step.member and family_cap(step, n, tally, caps):
        return
    if step.binds_sets:
        kept = keep_sets(step.fan, found, tally, step.rules)
        if not kept:
            return
        counted = step.made.get(kept) or step.made.setdefault(kept, CountedFan(step.fan, len(kept), kept))
        n = len(kept)
    else:
        if step.number in tally.quota:
            n -= non_repeat_by_count(step.fan, n, tally)
        if not n:
            return
        counted = step.once if n == 1 else CountedFan(step.fan, n, ((),) * n)
    tally.counted.append(counted)
    if step.unordered:
        tally.unsorted = True
    tally.excluded |= step.outright
    if step.more:
        tally.rule_out(step, counted)
    if step.in_total:
        tally.total += step.value * n
    else:
        tally.bonus += step.value * n
        tally.bonus_fans += 1


def ask_late(step: Step, tally: Tally) -> list[tuple[Any, ...]]:
    """A late fan's instances, asked now that the fans before it are counted (``fans_counted`` is the
    number of fans counted in the total)."""
    tally.facts.fans_counted = len(tally.counted) - tally.bonus_fans
    instances: Callable[[Facts], list[tuple[Any, ...]]] = step.fan.compiled.instances
    return instances(tally.facts)
