"""Compare two rule sets on the same hands: which totals, win statuses and fans change."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

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


@dataclass(kw_only=True)
class Comparison:
    """What changes when the hands are scored under ``rules_a`` instead of ``rules_b``."""

    rules_a: str
    rules_b: str
    hands: int = 0
    changed_ids: list[Any] = field(default_factory=list)
    total_changed: Change = field(default_factory=Change)
    status_changed: Change = field(default_factory=Change)
    transitions: Counter[str] = field(default_factory=Counter)
    fans: dict[int, FanDiff] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules_a, "against": self.rules_b, "hands": self.hands,
            "changed": len(self.changed_ids), "changed_ids": self.changed_ids,
            "total_changed": self.total_changed.to_json(), "status_changed": self.status_changed.to_json(),
            "status_transitions": dict(sorted(self.transitions.items())),
            "fans": [self.fans[n].to_json() for n in sorted(self.fans)],
        }

    def format(self) -> str:
        """A readable report."""
        lines = [f"{printable(self.rules_a)} against {printable(self.rules_b)}: {self.hands} hands, {len(self.changed_ids)} changed",
                 f"  total (or total with flowers) changed: {self.total_changed.hands} hands", *_example_lines(self.total_changed),
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


def compare(ruleset_a: RuleSet, ruleset_b: RuleSet, records: Iterable[Any]) -> Comparison:
    """Score every record (a JSONL input object) under both rule sets and collect the differences."""
    scorer_a, scorer_b = Scorer(ruleset_a), Scorer(ruleset_b)
    names = {f.number: f for f in ruleset_b.fans} | {f.number: f for f in ruleset_a.fans}
    report = Comparison(rules_a=ruleset_a.name, rules_b=ruleset_b.name)
    for record in records:
        report.hands += 1
        a, b = _outcome(scorer_a, record), _outcome(scorer_b, record)
        if a == b:
            continue
        ref = _ref(record)
        report.changed_ids.append(ref.id)
        if (a.total, a.total_with_flowers) != (b.total, b.total_with_flowers):
            report.total_changed.add(ref)
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


__all__ = ["Change", "Comparison", "FanDiff", "HandRef", "Outcome", "compare"]
