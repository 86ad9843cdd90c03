"""What a variant changes from the rule set it extends: the rule book highlights it."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..ruleset import Fan, RuleSet, load_ruleset
from ..ruleset.loader import resolve
from ..ruleset.yamlpos import read_yaml

#: The fields of a fan that a variant can change, with the words the book uses for them.
FAN_FIELDS = (("name_zh", "Chinese name"), ("name_en", "English name"), ("points", "value"),
              ("description", "description"), ("excludes", "exclusions"), ("predicate", "predicate"))


@dataclass(frozen=True)
class FanChange:
    """A fan of the variant and how it differs from the parent's: ``status`` is ``added``, ``changed``
    or ``disabled``; ``fields`` lists (field words, parent's value, variant's value) as text."""

    number: int
    name: str
    status: str
    fields: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class VariantChanges:
    parent: RuleSet
    minimum: tuple[int, int] | None
    fans: tuple[FanChange, ...]

    def of(self, number: int) -> FanChange | None:
        return next((c for c in self.fans if c.number == number), None)


def parent_of(ruleset: RuleSet) -> RuleSet | None:
    """The rule set that ``ruleset`` extends, or None for a root rule set."""
    data, _ = read_yaml(ruleset.path, Path(ruleset.path).read_text(encoding="utf-8"))
    parent = data.get("extends") if isinstance(data, dict) else None
    if not isinstance(parent, str):
        return None
    return load_ruleset(resolve(parent, Path(ruleset.path).parent))


def _field_text(fan: Fan, key: str, names: dict[int, str]) -> str:
    if key == "excludes":
        return ", ".join(sorted(names.get(e.target, str(e.target)) + (f" ×{e.count}" if e.count else "") for e in fan.excludes)) or "none"
    if key == "predicate":
        return " ".join(fan.predicate.split())
    return str(getattr(fan, key))


def changes(ruleset: RuleSet) -> VariantChanges | None:
    """How ``ruleset`` differs from its parent, or None when it extends nothing."""
    parent = parent_of(ruleset)
    if parent is None:
        return None
    names = {f.number: f.name_zh for f in (*parent.fans, *ruleset.fans)}
    old = {f.number: f for f in parent.fans}
    new = {f.number: f for f in ruleset.fans}
    out: list[FanChange] = []
    for number in sorted(old.keys() | new.keys()):
        if number not in old:
            out.append(FanChange(number, str(new[number]), "added"))
        elif number not in new:
            out.append(FanChange(number, str(old[number]), "disabled"))
        else:
            diff = tuple((words, a, b) for key, words in FAN_FIELDS
                         if (a := _field_text(old[number], key, names)) != (b := _field_text(new[number], key, names)))
            if diff:
                out.append(FanChange(number, str(new[number]), "changed", diff))
    minimum = (parent.minimum, ruleset.minimum) if parent.minimum != ruleset.minimum else None
    return VariantChanges(parent, minimum, tuple(out))
