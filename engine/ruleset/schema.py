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
    "name": Key(type="string", description="Short name of the rule set, used with --rules (e.g. mcr).", required=True),
    "title": Key(type="string", description="Human title of the rule set. Required unless inherited."),
    "version": Key(type="string", description="Version of the rules this set follows. Required unless inherited."),
    "description": Key(type="string", description="What the rule set is for and how it differs from its parent."),
    "extends": Key(type="string", description="Parent rule set this one starts from: a shipped name or a path relative to this file."),
    "minimum": Key(type="integer", description="Points needed to win, bonus fans (flowers) not counted. Required unless inherited."),
    "sources": Key(type="array", description="Texts the rules are read from.", items="source"),
    "fans": Key(type="string", description="Folder of fan files, relative to this file (default: fans)."),
    "disable": Key(type="array", description="Fans of the parent that this rule set does not score. " + REF, items="ref"),
    "families": Key(type="object", description="Families of fans with a cap, by a name of your choice: each gives 'fans' (a list of "
                                                "fans) and 'cap' (at most this many of them count in one hand, the first in scoring "
                                                "order kept); a variant's family replaces the parent's family of that name."),
    "alias_of": Key(type="string", description="This rule set is another's old name: loading it loads that rule set (a shipped name "
                                               "or a path relative to this file), with the notice of 'deprecated'. Only name, "
                                               "description and deprecated may go with it."),
    "deprecated": Key(type="string", description="A notice given whenever this rule set is loaded: why it is old and what to use instead."),
}
FAMILY_KEYS: dict[str, Key] = {
    "fans": Key(type="array", description="The fans of the family. " + REF, required=True, items="ref"),
    "cap": Key(type="integer", description="At most this many fans of the family count in one hand.", required=True),
    "sources": Key(type="array", description="Texts the cap is read from.", items="source"),
}
RULESET_KEYS.update({name: Key(type="object", description=spec.description) for name, spec in SECTIONS.items()})
RULESET_REQUIRED_ROOT = ("title", "version", "minimum")

FAN_KEYS: dict[str, Key] = {
    "number": Key(type="integer", description="Official number of the fan (1..81 for MCR); a variant file with a parent's number overrides that fan.", required=True),
    "name_zh": Key(type="string", description="Simplified Chinese name, as in the rule text."),
    "name_en": Key(type="string", description="English name."),
    "value": Key(type="integer", description="Points per instance."),
    "description": Key(type="string", description="One line: what the fan is."),
    "predicate": Key(type="string", description="When the fan applies, in the predicate language (docs/dsl.md)."),
    "excludes": Key(type="array", description="Fans not counted when this fan is counted (不计). A name or number excludes every instance; a mapping can limit it to a count or to this fan's own sets.", items="exclusion"),
    "excludes_add": Key(type="array", description="In a variant: exclusions added to the parent's list.", items="exclusion"),
    "excludes_remove": Key(type="array", description="In a variant: fans removed from the parent's exclusion list. " + REF, items="ref"),
    "bonus": Key(type="boolean", description="A bonus fan (flowers): listed, added to total_with_flowers, but not to total or the minimum, and not seen by other fans."),
    "examples": Key(type="array", description="Hands that show the fan: at least one that scores and one near miss.", items="example"),
    "sources": Key(type="array", description="Texts this fan's definition (or, in a variant, its change) is read from.", items="source"),
}
FAN_REQUIRED_NEW = ("name_zh", "name_en", "value", "description", "predicate", "examples")

EXCLUSION_KEYS: dict[str, Key] = {
    "fan": Key(type="ref", description="The excluded fan. " + REF, required=True),
    "count": Key(type="integer", description="Exclude only this many instances per instance of this fan."),
    "scope": Key(type="string", description="all (default) or own_sets: exclude only instances made of this fan's own sets.", enum=("all", "own_sets")),
}

EXAMPLE_KEYS: dict[str, Key] = {
    "hand": Key(type="string", description="The hand in hand notation (NOTATION.md); the last tile is the winning tile.", required=True),
    "count": Key(type="integer", description="How many times the fan scores on this hand; 0 for a near miss.", required=True),
    "total": Key(type="integer", description="The hand's expected total (optional)."),
    "note": Key(type="string", description="Why the example is here."),
    "self_drawn": Key(type="boolean", description="Won by self-draw."),
    "last_copy": Key(type="boolean", description="The winning tile is the last copy."),
    "kong_related": Key(type="boolean", description="Kong replacement (self-drawn) or robbing a kong (discard)."),
    "last_tile": Key(type="boolean", description="Last tile of the wall (self-drawn) or last discard."),
    "seat_wind": Key(type="string", description="Seat wind: E, S, W or N.", enum=WINDS),
    "prevalent_wind": Key(type="string", description="Prevalent wind: E, S, W or N.", enum=WINDS),
    "flowers": Key(type="integer", description="Number of flowers (0..8)."),
    "flower_replacement": Key(type="boolean", description="Self-drawn on a flower replacement tile."),
    "first_turn": Key(type="boolean", description="Won in the first go-round, before any claim or kong."),
    "win": Key(type="boolean", description="Whether the hand is a legal win under this rule set (reaches the minimum)."),
    "fourth_tile": Key(type="boolean", description="Alias of last_copy, the JSONL contract's name (docs/notation.md)."),
    "round_wind": Key(type="string", description="Alias of prevalent_wind, the JSONL contract's name (docs/notation.md).", enum=WINDS),
}
