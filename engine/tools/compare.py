"""Compare two rule sets on the same hands: which totals, win statuses and fans change."""
from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import HandError
from ..core.jsonio import hand_from_record
from ..core.notation import format_hand
from ..core.text import printable
from ..ruleset import RuleSet
from ..scoring import Scorer

MAX_EXAMPLES = 3


@dataclass(frozen=True)
class HandRef:
    """A hand of the compared records: its id and hand string (None when the record is not a hand)."""

    id: Any
    hand: str | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "hand": self.hand}

    def __str__(self) -> str:
        return printable(f"{self.id} {self.hand or '(not a hand)'}")


@dataclass(frozen=True, kw_only=True)
class Outcome:
    """One hand under one rule set: ``status`` is ``win``, ``under_minimum`` or ``error``; fans map
    a fan number to its count."""

    status: str
    total: int | None
    total_with_flowers: int | None
    fans: dict[int, int]


@dataclass
class Change:
    """One kind of change: how many hands show it and up to MAX_EXAMPLES of them."""

    hands: int = 0
    examples: list[HandRef] = field(default_factory=list)

    def add(self, ref: HandRef) -> None:
        self.hands += 1
        if len(self.examples) < MAX_EXAMPLES:
            self.examples.append(ref)

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "examples": [e.to_json() for e in self.examples]}


@dataclass(kw_only=True)
class FanDiff:
    """A fan's differences: scored under A only (added), under B only (removed), or both with another count."""

    number: int
    name_zh: str
    name_en: str
    added: Change = field(default_factory=Change)
    removed: Change = field(default_factory=Change)
    count_changed: Change = field(default_factory=Change)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.number, "name_zh": self.name_zh, "name_en": self.name_en, "added": self.added.to_json(),
                "removed": self.removed.to_json(), "count_changed": self.count_changed.to_json()}


@dataclass(frozen=True)
class HandChange:
    """A hand whose outcome changes: under ``rules_b`` (old) and under ``rules_a`` (new); ``fans``, each
    fan whose count changed, as (number, name, old count, new count)."""

    ref: HandRef
    old: Outcome
    new: Outcome
    fans: tuple[tuple[int, str, int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        def side(o: Outcome) -> dict[str, Any]:
            return {"status": o.status, "total": o.total, "total_with_flowers": o.total_with_flowers}
        return {**self.ref.to_json(), "old": side(self.old), "new": side(self.new),
                "fans": [{"id": n, "name": name, "old": old, "new": new} for n, name, old, new in self.fans]}

    def __str__(self) -> str:
        def side(o: Outcome) -> str:
            return "error" if o.total is None else f"{o.total}" + ("" if o.status == "win" else f" ({o.status})")
        old, new = self.old, self.new
        text = f"{self.ref}: {side(old)} -> {side(new)}"
        if old.total is not None and new.total is not None and old.total_with_flowers is not None and new.total_with_flowers is not None \
                and old.total_with_flowers - old.total != new.total_with_flowers - new.total:  # what the flowers add moved
            text += f", with flowers {old.total_with_flowers} -> {new.total_with_flowers}"
        changes = [(f"+{name}" if not before else f"-{name}" if not after else f"{name} x{before} -> x{after}")
                   for _, name, before, after in self.fans]
        return printable(text + (f" ({', '.join(changes)})" if changes else ""))


@dataclass(frozen=True)
class BadLine:
    """An input line that is not a hand record: its line number and why."""

    line: int
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"line": self.line, "message": self.message}


def _flat(value: Any, path: str) -> dict[str, Any]:
    """A section's values by their dotted paths (``procedure.tiles.flowers``), mappings opened key by key."""
    if isinstance(value, dict) and value:
        return {p: v for key, item in value.items() for p, v in _flat(item, f"{path}.{key}").items()}
    return {path: value}


def section_changes(ruleset_a: RuleSet, ruleset_b: RuleSet) -> list[str]:
    """The values of the sections (procedure, settlement) that differ, A against B, one per path."""
    flat_a = {p: v for name, s in ruleset_a.sections.items() for p, v in _flat(s, name).items()}
    flat_b = {p: v for name, s in ruleset_b.sections.items() for p, v in _flat(s, name).items()}
    missing = object()
    out = []
    for path in sorted(flat_a.keys() | flat_b.keys()):
        a, b = flat_a.get(path, missing), flat_b.get(path, missing)
        if a != b:
            shown = ["(none)" if v is missing else json.dumps(v, ensure_ascii=False) for v in (b, a)]
            out.append(f"{path}: {shown[0]} -> {shown[1]}")
    return out


def rule_changes(ruleset_a: RuleSet, ruleset_b: RuleSet) -> list[str]:
    """What differs in the rule sets themselves (A against B): the minimum, the sections' values (the
    procedure of play and the settlement), fans added or removed, and per fan its value and its exclusions."""
    out = [f"minimum {ruleset_b.minimum} -> {ruleset_a.minimum}"] if ruleset_a.minimum != ruleset_b.minimum else []
    out += section_changes(ruleset_a, ruleset_b)
    fans_a, fans_b = {f.number: f for f in ruleset_a.fans}, {f.number: f for f in ruleset_b.fans}
    names = fans_b | fans_a
    for number in sorted(names):
        a, b = fans_a.get(number), fans_b.get(number)
        if a is None or b is None:
            out.append(f"fan {names[number]}: {'only in ' + ruleset_a.name if b is None else 'not in ' + ruleset_a.name}")
            continue
        if a.points != b.points:
            out.append(f"fan {a}: value {b.points} -> {a.points}")
        ex_a, ex_b = set(a.excludes), set(b.excludes)
        for label, items in (("excludes now", ex_a - ex_b), ("no longer excludes", ex_b - ex_a)):
            for e in sorted(items, key=lambda e: e.target):
                target = names.get(e.target, e.target)
                extra = f" x{e.count}" if e.count else (" (own sets)" if e.scope == "own_sets" else "")
                out.append(f"fan {a}: {label} {target}{extra}")
    return out


@dataclass(kw_only=True)
class Comparison:
    """What changes when the hands are scored under ``rules_a`` instead of ``rules_b``."""

    rules_a: str
    rules_b: str
    hands: int = 0
    changed_ids: list[Any] = field(default_factory=list)
    total_changed: Change = field(default_factory=Change)
    total_up: Change = field(default_factory=Change)  # a higher total (or total with flowers) under A
    total_down: Change = field(default_factory=Change)
    status_changed: Change = field(default_factory=Change)
    transitions: Counter[str] = field(default_factory=Counter)
    fans: dict[int, FanDiff] = field(default_factory=dict)
    rules_changed: list[str] = field(default_factory=list)
    hand_changes: list[HandChange] = field(default_factory=list)
    bad_lines: list[BadLine] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules_a, "against": self.rules_b, "rules_changed": self.rules_changed,
            "hand_changes": [c.to_json() for c in self.hand_changes], "invalid": len(self.bad_lines),
            "bad_lines": [b.to_json() for b in self.bad_lines],
            "hands": self.hands,
            "changed": len(self.changed_ids), "changed_ids": self.changed_ids,
            "total_changed": self.total_changed.to_json(), "total_up": self.total_up.to_json(),
            "total_down": self.total_down.to_json(), "status_changed": self.status_changed.to_json(),
            "status_transitions": dict(sorted(self.transitions.items())),
            "fans": [self.fans[n].to_json() for n in sorted(self.fans)],
        }

    def format(self, verbose: bool = False) -> str:
        """A readable report; the lines that are no hand (under either rule set) as a count, or with
        ``verbose`` each with its reason."""
        lines = [f"{printable(self.rules_a)} against {printable(self.rules_b)}: {self.hands} hands, {len(self.changed_ids)} changed"]
        lines += [printable(f"  rules: {change}") for change in self.rules_changed] or ["  rules: no value, exclusion, section or minimum changes"]
        if verbose:
            lines += [printable(f"  line {b.line}: {b.message}") for b in self.bad_lines]
        elif self.bad_lines:
            lines.append(f"  {len(self.bad_lines)} line(s) are no valid hand under either rule set (--verbose lists them)")
        lines += ["  hands that change (old -> new total):", *(f"    {c}" for c in self.hand_changes)] if self.hand_changes else []
        lines += [
                 f"  total (or total with flowers) changed: {self.total_changed.hands} hands "
                 f"({self.total_up.hands} up, {self.total_down.hands} down)", *_example_lines(self.total_changed),
                 f"  win status changed: {self.status_changed.hands} hands", *_example_lines(self.status_changed)]
        lines += [f"    {t}: {n}" for t, n in sorted(self.transitions.items())]
        for n in sorted(self.fans):
            d = self.fans[n]
            lines.append(printable(f"  fan {d.number} {d.name_zh} {d.name_en}"))
            for label, change in (("added", d.added), ("removed", d.removed), ("count changed", d.count_changed)):
                if change.hands:
                    lines.append(f"    {label}: {change.hands} hands")
                    lines += _example_lines(change, indent="      ")
        return "\n".join(lines)


def _example_lines(change: Change, indent: str = "    ") -> list[str]:
    return [f"{indent}e.g. {ref}" for ref in change.examples]


def _outcome(scorer: Scorer, record: Any) -> Outcome:
    try:
        result = scorer.score(hand_from_record(record))
    except (HandError, RecursionError):
        return Outcome(status="error", total=None, total_with_flowers=None, fans={})
    return Outcome(status="win" if result.is_win else "under_minimum", total=result.total, total_with_flowers=result.total_with_flowers,
                   fans={c.fan.number: c.count for c in result.fans})


def _ref(record: Any) -> HandRef:
    rid = record.get("id") if isinstance(record, dict) else None
    if isinstance(rid, str):  # an id with a lone surrogate is written with it escaped, so the report stays UTF-8
        rid = rid.encode("utf-8", "backslashreplace").decode("utf-8")
    try:
        return HandRef(rid, format_hand(hand_from_record(record)))
    except (HandError, RecursionError):
        return HandRef(rid, None)


def outcomes(ruleset: RuleSet, records: Iterable[Any]) -> list[Outcome]:
    """Every record (a JSONL input object) scored under ``ruleset``."""
    scorer = Scorer(ruleset)
    return [_outcome(scorer, record) for record in records]


def compare(ruleset_a: RuleSet, ruleset_b: RuleSet, records: Iterable[Any], lines: Iterable[int] | None = None) -> Comparison:
    """Score every record (a JSONL input object) under both rule sets and collect the differences; the
    records are read once, as they come (a stream is never held in memory). A BadLine among the
    records, or a record that is not a valid hand, is reported (by its number in ``lines``, taken
    after each record, else its place) and skipped."""
    scorer_a, scorer_b = Scorer(ruleset_a), Scorer(ruleset_b)

    def scored() -> Iterator[tuple[Any, Outcome | None, Outcome | None, BadLine | None]]:
        for record, line in zip(records, lines or itertools.count(1)):  # records first: reading one may number it
            if isinstance(record, BadLine):
                yield record, None, None, record
                continue
            bad = None
            try:
                hand_from_record(record)
            except HandError as err:
                bad = BadLine(line, f"invalid: {err}")
            except RecursionError:
                bad = BadLine(line, "invalid: the record nests too deeply")
            yield record, _outcome(scorer_a, record), _outcome(scorer_b, record), bad

    return _collect(ruleset_a, ruleset_b, scored())


def compare_outcomes(ruleset_a: RuleSet, ruleset_b: RuleSet, records: list[Any], scored_a: list[Outcome],
                     scored_b: list[Outcome]) -> Comparison:
    """The differences between the records' outcomes under A and under B (scored once, compared often)."""
    return _collect(ruleset_a, ruleset_b, ((r, a, b, None) for r, a, b in zip(records, scored_a, scored_b)))


def _collect(ruleset_a: RuleSet, ruleset_b: RuleSet,
             scored: Iterable[tuple[Any, Outcome | None, Outcome | None, BadLine | None]]) -> Comparison:
    """The report of (record, outcome under A, under B, the record's bad line or None) as they come."""
    names = {f.number: f for f in ruleset_b.fans} | {f.number: f for f in ruleset_a.fans}
    report = Comparison(rules_a=ruleset_a.name, rules_b=ruleset_b.name, rules_changed=rule_changes(ruleset_a, ruleset_b))
    for record, a, b, bad in scored:
        report.hands += 1  # every case read, a bad line too
        if bad is not None:
            report.bad_lines.append(bad)
        if a is None or b is None:
            continue
        if a == b:
            continue
        ref = _ref(record)
        report.changed_ids.append(ref.id)
        moved = tuple((n, f"{names[n].name_zh} {names[n].name_en}", b.fans.get(n, 0), a.fans.get(n, 0))
                      for n in sorted(a.fans.keys() | b.fans.keys()) if a.fans.get(n, 0) != b.fans.get(n, 0))
        report.hand_changes.append(HandChange(ref, b, a, moved))
        if (a.total, a.total_with_flowers) != (b.total, b.total_with_flowers):
            report.total_changed.add(ref)
            if a.total is not None and b.total is not None:
                up = (a.total, a.total_with_flowers) > (b.total, b.total_with_flowers)
                (report.total_up if up else report.total_down).add(ref)
        if a.status != b.status:
            report.status_changed.add(ref)
            report.transitions[f"{b.status} -> {a.status}"] += 1
        for number in sorted(a.fans.keys() | b.fans.keys()):
            count_a, count_b = a.fans.get(number, 0), b.fans.get(number, 0)
            if count_a == count_b:
                continue
            fan = names[number]
            diff = report.fans.setdefault(number, FanDiff(number=number, name_zh=fan.name_zh, name_en=fan.name_en))
            (diff.added if not count_b else diff.removed if not count_a else diff.count_changed).add(ref)
    return report


__all__ = ["Change", "Comparison", "FanDiff", "HandRef", "Outcome", "compare", "compare_outcomes", "outcomes",
           "BadLine", "HandChange", "rule_changes"]
