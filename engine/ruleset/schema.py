"""The keys of rule-set files and fan files: one table that drives the loader and the JSON Schema."""
from __future__ import annotations

from dataclasses import dataclass

from .section_keys import SECTIONS


@dataclass(frozen=True)
class Key:
    """A key of a rule file: its type (a JSON type or ``ref``, a fan name or number), whether it is
    always required, what it means, the definition of its items (``ref``, ``exclusion``, ``example``)
    and the values it allows."""

    type: str
    description: str
    required: bool = False
    items: str | None = None
    enum: tuple[str, ...] = ()


WINDS = ("E", "S", "W", "N")
REF = "A fan, by its official number or by its Chinese or English name."

RULESET_KEYS: dict[str, Key] = {
    "name": Key("string", "Short name of the rule set, used with --rules (e.g. mcr).", True),
    "title": Key("string", "Human title of the rule set. Required unless inherited."),
    "version": Key("string", "Version of the rules this set follows. Required unless inherited."),
    "description": Key("string", "What the rule set is for and how it differs from its parent."),
    "extends": Key("string", "Parent rule set this one starts from: a shipped name or a path relative to this file."),
    "minimum": Key("integer", "Points needed to win, bonus fans (flowers) not counted. Required unless inherited."),
    "sources": Key("array", "Texts the rules are read from.", items="source"),
    "fans": Key("string", "Folder of fan files, relative to this file (default: fans)."),
    "disable": Key("array", "Fans of the parent that this rule set does not score. " + REF, items="ref"),
}
RULESET_KEYS.update({name: Key("object", spec.description) for name, spec in SECTIONS.items()})
RULESET_REQUIRED_ROOT = ("title", "version", "minimum")

FAN_KEYS: dict[str, Key] = {
    "number": Key("integer", "Official number of the fan (1..81 for MCR); a variant file with a parent's number overrides that fan.", True),
    "name_zh": Key("string", "Simplified Chinese name, as in the rule text."),
    "name_en": Key("string", "English name."),
    "value": Key("integer", "Points per instance."),
    "description": Key("string", "One line: what the fan is."),
    "predicate": Key("string", "When the fan applies, in the predicate language (docs/dsl.md)."),
    "excludes": Key("array", "Fans not counted when this fan is counted (不计). A name or number excludes every instance; a mapping can limit it to a count or to this fan's own sets.", items="exclusion"),
    "excludes_add": Key("array", "In a variant: exclusions added to the parent's list.", items="exclusion"),
    "excludes_remove": Key("array", "In a variant: fans removed from the parent's exclusion list. " + REF, items="ref"),
    "bonus": Key("boolean", "A bonus fan (flowers): listed, added to total_with_flowers, but not to total or the minimum, and not seen by other fans."),
    "examples": Key("array", "Hands that show the fan: at least one that scores and one near miss.", items="example"),
}
FAN_REQUIRED_NEW = ("name_zh", "name_en", "value", "description", "predicate", "examples")

EXCLUSION_KEYS: dict[str, Key] = {
    "fan": Key("ref", "The excluded fan. " + REF, True),
    "count": Key("integer", "Exclude only this many instances per instance of this fan."),
    "scope": Key("string", "all (default) or own_sets: exclude only instances made of this fan's own sets.", enum=("all", "own_sets")),
}

EXAMPLE_KEYS: dict[str, Key] = {
    "hand": Key("string", "The hand in hand notation (NOTATION.md); the last tile is the winning tile.", True),
    "count": Key("integer", "How many times the fan scores on this hand; 0 for a near miss.", True),
    "total": Key("integer", "The hand's expected total (optional)."),
    "note": Key("string", "Why the example is here."),
    "self_drawn": Key("boolean", "Won by self-draw."),
    "last_copy": Key("boolean", "The winning tile is the last copy."),
    "kong_related": Key("boolean", "Kong replacement (self-drawn) or robbing a kong (discard)."),
    "last_tile": Key("boolean", "Last tile of the wall (self-drawn) or last discard."),
    "seat_wind": Key("string", "Seat wind: E, S, W or N.", enum=WINDS),
    "prevalent_wind": Key("string", "Prevalent wind: E, S, W or N.", enum=WINDS),
    "flowers": Key("integer", "Number of flowers (0..8)."),
    "fourth_tile": Key("boolean", "Alias of last_copy, the JSONL contract's name (docs/notation.md)."),
    "round_wind": Key("string", "Alias of prevalent_wind, the JSONL contract's name (docs/notation.md).", enum=WINDS),
}
