"""The scoring principles as mechanisms: non-repeat, non-split, non-identical, account-once and
take-the-highest, driven only by what the rule set declares."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import repeat
from operator import attrgetter, itemgetter
from typing import Any

from ..analysis.readings import prepare as prepare_readings
from ..analysis.readings import readings
from ..core.errors import NotAWinError
from ..core.hand import Hand
from ..core.inputs import HandInput, to_hand
from ..dsl.builtins import Level
from ..dsl.fused import fuse
from ..ruleset import Fan, RuleSet
from .facts import Facts
from .principles import ACCOUNT_ONCE, EXCLUDED, FAMILY_CAP, Links, choose, drop_by_count, exclusion_order, link
from .principles import NotCounted as NotCounted  # importable from here too
from .principles import Principle as Principle  # importable from here too
from .result import CountedFan as CountedFan  # importable from here too
from .result import Result as Result  # importable from here too
from .result import fan_ref as fan_ref  # importable from here too
from .result import reading_json as reading_json  # importable from here too


class Step:
    """One fan of a scorer's plan, with what the principles need of it at hand. A class with slots, read
    by attribute: as fast as unpacking a tuple on the hot path, and each field read by its name."""

    __slots__ = ("fan", "number", "value", "in_total", "binds_sets", "outright", "limited", "own_sets", "once", "made",
                 "member", "unordered", "more", "fast")

    def __init__(self, fan: Fan, member: tuple[int, ...] = (), unordered: bool = False, by_count: bool = False) -> None:
        excludes = fan.excludes
        binds_sets = fan.compiled.binds_sets
        self.fan = fan
        self.number = fan.number
        self.value = fan.value
        #: Whether it counts in the total (bonus fans do not).
        self.in_total = not fan.bonus
        #: Whether its instances are made of sets.
        self.binds_sets = binds_sets
        #: The numbers of the fans it excludes outright.
        self.outright = frozenset(e.target for e in excludes if e.scope == "all" and e.count is None)
        #: (fan number, instances dropped per instance of this fan) for the fans it excludes by count.
        self.limited = tuple((e.target, e.count) for e in excludes if e.scope == "all" and e.count is not None)
        #: The numbers of the fans it excludes within its own sets.
        self.own_sets = tuple(e.target for e in excludes if e.scope == "own_sets")
        #: The fan counted once, made ready.
        self.once = CountedFan(fan, 1, ((),))
        #: The fan counted once, with the sets of an index or of a tuple of indices, made when first met.
        self.made = _Made(fan)
        #: The indices of the capped families it belongs to (ruleset ``families:``).
        self.member = member
        #: Whether a fan before it in the plan has a higher number (counted fans are then sorted by number).
        self.unordered = unordered
        #: Whether, once counted, it excludes by count or within its sets, or joins a family.
        self.more = bool(self.limited or self.own_sets or member)
        #: No sets, no exclusions but outright ones, in the total, in no capped family, not late and excluded
        #: by count by no fan (``by_count``): the scorer's shortest path.
        self.fast = not (binds_sets or self.more or fan.bonus or by_count) and fan.compiled.level is not Level.LATE


class Scorer:
    """Scores hands under one rule set. Fans are evaluated in an order where every excluding fan comes
    before the fans it excludes, so that exclusions come only from fans actually counted.

    The predicates of the fans that depend on the hand only are fused into one function run once per
    hand; those that depend on the reading into one function run once per reading; fans that look at
    the other fans (``late``) run after them. Only fans with instances reach the principles."""

    def __init__(self, ruleset: RuleSet) -> None:
        self.ruleset = ruleset
        self.order = exclusion_order(ruleset.fans)
        #: Fan number -> the indices of its capped families (ruleset ``families:``), and each family's cap.
        self.families = {f.number: tuple(i for i, fam in enumerate(ruleset.families) if f.number in fam.fans)
                         for f in ruleset.fans if any(f.number in fam.fans for fam in ruleset.families)}
        self.caps = tuple(fam.cap for fam in ruleset.families)
        by_count = {e.target for f in self.order for e in f.excludes if e.scope == "all" and e.count is not None}
        self.plan = [Step(f, self.families.get(f.number, ()), any(e.number > f.number for e in self.order[:i]), f.number in by_count)
                     for i, f in enumerate(self.order)]
        #: The fans each fan excludes outright, by number: to name the excluding fan in explanations.
        self.outright = {step.number: step.outright for step in self.plan}
        levels = [f.compiled.level for f in self.order]
        hand_positions = [i for i, level in enumerate(levels) if level <= Level.HAND]
        reading_positions = [i for i, level in enumerate(levels) if level is Level.READING]
        #: The late fans, to be asked in their turn (their instances are not known beforehand).
        self.late: list[tuple[int, None]] = [(i, None) for i, level in enumerate(levels) if level is Level.LATE]
        # What every hand needs, made with the scorer rather than in its first hand: the late fans' own
        # functions (compiled when first asked, see dsl/compiled.py), the suits' table (suits.py) and the
        # blocks of readings. A first pass in a fresh process then pays for the patterns it meets alone,
        # not for tables every hand shares (reading the suits' table was about half of a first hand's time).
        for i, _ in self.late:
            self.order[i].compiled.instances  # noqa: B018 - a cached_property, compiled now
        prepare_readings()
        name = ruleset.name
        self.hand_evaluate = fuse([self.order[i].compiled for i in hand_positions], f"<fans of the hand: {name}>", hand_positions)
        self.reading_evaluate = fuse([self.order[i].compiled for i in reading_positions], f"<fans of a reading: {name}>", reading_positions)
        #: The fields of a Result, those of the rule set filled in (``bonus_toward_minimum`` is a property
        #: that looks it up), the others set for each hand on a copy.
        self.result_fields: dict[str, Any] = {
            "hand": None, "ruleset": ruleset.name, "minimum": ruleset.minimum, "fans": (), "total": 0, "total_with_flowers": 0,
            "reading": None, "bonus_toward_minimum": ruleset.bonus_toward_minimum, "explain": tuple}

    def score(self, hand: HandInput, **context: Any) -> Result:
        """Score a hand string, a Hand or a JSONL record, with the win context as keywords (as
        ``fanrules.score``); raises InvalidHandError, or NotAWinError when no reading wins."""
        if context or type(hand) is not Hand or not hand.checked:
            hand = to_hand(hand, **context)
        all_readings = readings(hand)
        if not all_readings:
            raise NotAWinError("the tiles form no winning shape (four sets and a pair, seven pairs, thirteen orphans or a knitted hand)")
        facts = Facts(hand)
        hand_found = self.hand_evaluate(facts)
        best_reading = all_readings[0]
        best = self._score_reading(facts.read(best_reading), hand_found)
        for reading in all_readings[1:]:  # the highest total; on a tie, the lowest fan numbers
            state = self._score_reading(facts.read(reading), hand_found)
            if state[0] > best[0] or (state[0] == best[0] and _numbers(state[2]) < _numbers(best[2])):
                best, best_reading = state, reading
        total, bonus, counted, dropped, unsorted = best
        # The Result's fields set as one dict, not through a frozen dataclass's __init__ (an
        # object.__setattr__ per field). The fans sorted by number only when the plan's order was not
        # theirs, no explanation made when nothing was left out (it is made when asked for). The dict a
        # copy of one with the rule set's fields: those are the same for every hand.
        fields = self.result_fields.copy()
        fields["hand"] = hand
        fields["fans"] = tuple(sorted(counted, key=_NUMBER)) if unsorted else tuple(counted)
        fields["total"] = total
        fields["total_with_flowers"] = total + bonus
        fields["reading"] = best_reading
        if dropped:
            fields["explain"] = partial(_explanations, dropped, counted, self.outright)
        result = _new(Result)
        _set(result, "__dict__", fields)
        return result

    # One loop over the fans with the principles' state in locals: a split would add a call per fan on the
    # hot path of scoring (each hand's readings), where every call per fan is paid for every reading.
    def _score_reading(self, facts: Facts, hand_found: list[tuple[int, list[tuple[Any, ...]]]]) -> Outcome:  # noqa: C901 - the one scoring loop: its state in locals, no call per fan
        """The principles applied to each fan found, in plan order; a late fan is asked in its turn. Their
        state is kept in locals, each made only when a fan needs it: quotas, the fans excluded within the
        sets of a counted fan, the index of a block and the links between blocks (principles.link). Locals
        in place of an object of the principles' state and a method call per fan, and one instance of a
        combination linked inline (its first link kept as its sets' indices): a local is read faster than
        an attribute, and most readings need little of that state."""
        found = [*hand_found, *self.reading_evaluate(facts), *self.late]  # one new list
        found.sort(key=_POSITION)  # by position, an int: no tuple compared (ints compare faster)
        plan = self.plan
        excluded: set[int] = set()  # numbers of the fans a counted fan excludes outright
        counted: list[CountedFan] = []
        dropped: list[tuple[Any, ...]] = []  # the fields of a NotCounted; ``by`` is None when excluded
        quota: dict[int, list[Fan]] = _NO_QUOTA  # fan number -> one excluding fan per instance to drop
        scoped: dict[int, list[tuple[frozenset[int], Fan]]] = _NO_SCOPE  # fan number -> (sets, fan) excluding it there
        where: Callable[[int], int] | None = None  # the index of a block of the reading, by its id
        group: Links = None  # the links between the blocks (principles.link)
        in_family: dict[int, list[Fan]] = _NO_FAMILY  # family index -> the fans of it counted so far
        total = bonus = bonus_fans = 0
        unsorted = False  # whether the fans counted, in plan order, are out of the order of their numbers
        for position, raw in found:
            step = plan[position]
            # The principles made short, outright exclusions only: no quota to look up (a fast fan is excluded
            # by count by no fan), the count of one instance apart, no local per fan: such a fan pays only
            # for the one test it needs.
            if step.fast:
                if step.number in excluded:
                    dropped.append((step.fan, len(raw), EXCLUDED, None, ()))  # type: ignore[arg-type]  # fast: never late, raw a list
                    continue
                if len(raw) == 1:  # type: ignore[arg-type]  # a fast step is never late: its instances are listed
                    counted.append(step.once)
                    total += step.value
                else:
                    n = len(raw)  # type: ignore[arg-type]  # a fast step's raw is a list (see above)
                    counted.append(_counted((step.fan, n, ((),) * n)))
                    total += step.value * n
                if step.outright:
                    excluded |= step.outright
                if step.unordered:
                    unsorted = True
                continue
            fan, number = step.fan, step.number
            if raw is None:  # a late fan, asked now that the fans before it are counted
                facts.fans_counted = len(counted) - bonus_fans  # the fans counted in the total
                raw = fan.compiled.instances(facts)
                if not raw:
                    continue
            if number in excluded:
                dropped.append((fan, len(raw), EXCLUDED, None, ()))
                continue
            member = step.member
            if member:
                full = next((i for i in member if len(in_family.get(i, ())) >= self.caps[i]), None)
                if full is not None:
                    dropped.append((fan, len(raw), FAMILY_CAP, in_family[full][0], ()))
                    continue
            if step.binds_sets:
                if where is None:
                    where = [*map(id, facts.sets_and_pairs)].index  # a block's index, by its identity (see choose)
                if len(raw) == 1 and number not in scoped and number not in quota:  # one instance, not excluded
                    inst = raw[0]
                    k = len(inst)
                    if k == 1:  # one set: nothing to check
                        counted.append(step.made[where(id(inst[0]))])
                    else:  # a combination: its sets linked, unless already joined
                        idx = (where(id(inst[0])), where(id(inst[1]))) if k == 2 else tuple(map(where, map(id, inst)))
                        if group is None and (idx[0] != idx[1] if k == 2 else len(set(idx)) == k):
                            group = idx  # the first link (see link)
                        else:
                            linked = link(idx, group)
                            if linked is None:
                                dropped.append((fan, 1, ACCOUNT_ONCE, None, idx))
                                continue
                            group = linked
                        counted.append(step.made[idx])
                    n = 1
                else:
                    chosen, group = choose(fan, raw, where, group, scoped.get(number), quota.get(number), dropped)
                    n = len(chosen)
                    if not n:
                        continue
                    counted.append(_counted((fan, n, chosen)))
            else:
                n = len(raw)
                limit = quota.get(number)
                if limit:  # instances excluded by count, as many as the quota holds
                    n -= drop_by_count(fan, n, limit, dropped)
                    if not n:
                        continue
                counted.append(step.once if n == 1 else _counted((fan, n, ((),) * n)))
            if step.outright:
                excluded |= step.outright
            if step.unordered:
                unsorted = True
            if step.more:
                if step.limited:
                    if quota is _NO_QUOTA:
                        quota = {}
                    for target, count in step.limited:
                        quota.setdefault(target, []).extend([fan] * (count * n))
                if step.own_sets:
                    if scoped is _NO_SCOPE:
                        scoped = {}
                    # The sets of each instance of the fan just counted, in C: no comprehension, no frame
                    # (a comprehension is a call of its own).
                    owned = [*zip(map(frozenset, counted[-1].instances), repeat(fan))]
                    for target in step.own_sets:
                        scoped.setdefault(target, []).extend(owned)
                if member:
                    if in_family is _NO_FAMILY:
                        in_family = {}
                    for i in member:
                        in_family.setdefault(i, []).append(fan)
            if step.in_total:
                total += step.value * n
            else:
                bonus += step.value * n
                bonus_fans += 1
        return total, bonus, counted, dropped, unsorted


#: A CountedFan from its three fields, without the named tuple's Python-level constructor.
_counted: Callable[[tuple[Fan, int, tuple[tuple[int, ...], ...]]], CountedFan] = partial(tuple.__new__, CountedFan)


class _Made(dict[int | tuple[int, ...], CountedFan]):
    """A fan counted once with the sets of given indices in the reading's blocks (an index for one set),
    each made when first met and then shared, as a CountedFan is immutable (with the blocks' indices as
    keys, there are few). No CountedFan made per reading for one instance: the same fan counted with the
    same sets comes back reading after reading, and a lookup costs less than making it."""

    __slots__ = ("fan",)

    def __init__(self, fan: Fan) -> None:
        super().__init__()
        self.fan = fan

    def __missing__(self, sets: int | tuple[int, ...]) -> CountedFan:
        made = self[sets] = _counted((self.fan, 1, ((sets,) if isinstance(sets, int) else sets,)))
        return made


_NUMBER = attrgetter("fan.number")
_POSITION = itemgetter(0)
_new, _set = object.__new__, object.__setattr__


#: What the principles leave of a reading: its total (bonus fans aside), the points of its bonus fans,
#: the fans counted (in plan order), the fields of a NotCounted for each instance left out, and whether
#: the fans counted are out of the order of their numbers.
Outcome = tuple[int, int, list[CountedFan], list[tuple[Any, ...]], bool]
_NO_QUOTA: dict[int, list[Fan]] = {}  # never written: a reading makes its own at its first quota
_NO_SCOPE: dict[int, list[tuple[frozenset[int], Fan]]] = {}  # never written, likewise
_NO_FAMILY: dict[int, list[Fan]] = {}  # never written, likewise (no dict per reading: one is made only when a family's fan is counted)


def _numbers(counted: list[CountedFan]) -> list[int]:
    """The number of the fan of each counted instance, in the order counted (for the tie-break). A loop
    without a generator: setting one up costs more than the loop over a reading's few fans."""
    out: list[int] = []
    for c in counted:
        out += (c.fan.number,) * c.count
    return out


def _explanations(dropped: list[tuple[Any, ...]], counted: list[CountedFan],
                  outright: dict[int, frozenset[int]]) -> tuple[NotCounted, ...]:
    """The instances left out, and why; an instance excluded outright names the first counted fan that
    excludes it (the one that excluded it: fans counted after it come later in the list)."""
    # The entries of ``dropped`` are a NotCounted's fields in order: made without the named tuple's
    # keyword constructor, which handles its arguments in Python (bench/callgrind_batch.py counts them).
    out = []
    for entry in dropped:
        if entry[2] is EXCLUDED:
            fan = entry[0]
            by = next(c.fan for c in counted if fan.number in outright[c.fan.number])
            entry = (fan, entry[1], entry[2], by, entry[4])
        out.append(_not_counted(entry))
    return tuple(out)


#: A NotCounted from its five fields, without the named tuple's Python-level constructor.
_not_counted: Callable[[tuple[Any, ...]], NotCounted] = partial(tuple.__new__, NotCounted)
