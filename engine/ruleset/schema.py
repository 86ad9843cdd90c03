"""The keys of rule-set files and fan files, declared like a section's keys (``declare.Key``): one table
that drives the loader and the JSON Schema. An example's context keys are the win context's facts
(``fanrules.core.context.FACTS``) with their aliases, beside the keys only an example has."""
from __future__ import annotations

from ..core.context import FACTS, SEATS, Fact
from ..core.tiles import WIND_CODES
from .declare import Key
from .section_keys import SECTIONS

REF = "A fan, by its official number or by its Chinese or English name."

RULESET_KEYS: dict[str, Key] = {
    "name": Key(type="string", description="Short name of the rule set, used with --rules (e.g. mcr).", required=True),
    "title": Key(type="string", description="Human title of the rule set. Required unless inherited."),
    "version": Key(type="string", description="Version of the rules this set follows. Required unless inherited."),
    "description": Key(type="string", description="What the rule set is for and how it differs from its parent."),
    "title_zh": Key(type="string", description="The title in Chinese (the book's Chinese pages); inherited with the title."),
    "description_zh": Key(type="string", description="The description in Chinese (the book's Chinese pages); a file that "
                                                     "rewrites the description without it drops the parent's."),
    "extends": Key(type="string", description="Parent rule set this one starts from: a shipped name or a path relative to this file."),
    "minimum": Key(type="integer", description="Points needed to win, bonus fans (flowers) not counted. Required unless inherited."),
    "sources": Key(type="array", description="Texts the rules are read from.", items_of="source"),
    "fans": Key(type="string", description="Folder of fan files, relative to this file (default: fans)."),
    "disable": Key(type="array", description="Fans of the parent that this rule set does not score. " + REF, items_of="ref"),
    "families": Key(type="object", description="Families of fans with a cap, by a name of your choice: each gives 'fans' (a list of "
                                                "fans) and 'cap' (at most this many of them count in one hand, the first in scoring "
                                                "order kept); a variant's family replaces the parent's family of that name."),
    "alias_of": Key(type="string", description="This rule set is another's old name: loading it loads that rule set (a shipped name "
                                               "or a path relative to this file), with the notice of 'deprecated'. Only name, "
                                               "description and deprecated may go with it."),
    "deprecated": Key(type="string", description="A notice given whenever this rule set is loaded: why it is old and what to use instead."),
    "cap": Key(type="integer", description="The most a hand scores: a total above it scores the cap (the explanation says so). "
                                           "Applied last: principles, sum, multipliers, cap (docs/variants.md)."),
    "principles": Key(type="array", description="The scoring principles that apply (default: all five, as every MCR edition): "
                                                 "non_repeat, non_identical, non_split, account_once, take_the_highest "
                                                 "(docs/variants.md says what turning each off means).",
                      items=Key(type="string", description="A principle's name.",
                                enum=("non_repeat", "non_identical", "non_split", "account_once", "take_the_highest"))),
    "shapes": Key(type="array", description="The hand shapes that may win (default: all): standard, seven_pairs, thirteen_orphans, "
                                            "honours_and_knitted, knitted_straight.",
                  items=Key(type="string", description="A shape's name.",
                            enum=("standard", "seven_pairs", "thirteen_orphans", "honours_and_knitted", "knitted_straight"))),
    "win_requires": Key(type="string", description="A predicate in the fan language (docs/dsl.md) that every win must meet; a hand "
                                                   "whose readings all fail it is refused with a sentence naming it."),
}
FAMILY_KEYS: dict[str, Key] = {
    "fans": Key(type="array", description="The fans of the family. " + REF, required=True, items_of="ref"),
    "cap": Key(type="integer", description="At most this many fans of the family count in one hand.", required=True),
    "sources": Key(type="array", description="Texts the cap is read from.", items_of="source"),
}
RULESET_KEYS.update(SECTIONS)
RULESET_REQUIRED_ROOT = ("title", "version", "minimum")

FAN_KEYS: dict[str, Key] = {
    "number": Key(type="integer", description="Official number of the fan (1..81 for MCR); a variant file with a parent's number overrides that fan.", required=True),
    "name_zh": Key(type="string", description="Simplified Chinese name, as in the rule text."),
    "name_en": Key(type="string", description="English name."),
    "aliases": Key(type="array", description="Other names of the fan, as other programs write them (the C++ calculator, "
                                              "Botzone): RuleSet.fan and every fan reference accept them.",
                   items=Key(type="string", description="A name, in words.")),
    "value": Key(type="integer", description="Points per instance (negative for a penalty; the minimum applies to the total)."),
    "multiplier": Key(type="integer", description="Instead of 'value': the sum of the other fans counted is multiplied by this "
                                                  "(after the principles and the sum, before the cap)."),
    "alone": Key(type="boolean", description="When this fan is counted, the hand scores it alone: every other fan is left out."),
    "description": Key(type="string", description="One line: what the fan is."),
    "description_zh": Key(type="string", description="One line in Chinese: what the fan is (the book's Chinese pages)."),
    "predicate": Key(type="string", description="When the fan applies, in the predicate language (docs/dsl.md)."),
    "shows": Key(type="string", description="For a fan whose predicate weighs sets as a whole (a count of concealed pungs, say), "
                                            "an each rule over sets naming the sets its explanation shows: explanations only, never scoring."),
    "excludes": Key(type="array", description="Fans not counted when this fan is counted (不计). A name or number excludes every instance; a mapping can limit it to a count or to this fan's own sets.", items_of="exclusion"),
    "excludes_add": Key(type="array", description="In a variant: exclusions added to the parent's list.", items_of="exclusion"),
    "excludes_remove": Key(type="array", description="In a variant: fans removed from the parent's exclusion list. " + REF, items_of="ref"),
    "bonus": Key(type="boolean", description="A bonus fan (flowers): listed, added to total_with_flowers, but not to total or the minimum, and not seen by other fans."),
    "examples": Key(type="array", description="Hands that show the fan: at least one that scores and one near miss.", items_of="example"),
    "sources": Key(type="array", description="Texts this fan's definition (or, in a variant, its change) is read from.", items_of="source"),
}
FAN_REQUIRED_NEW = ("name_zh", "name_en", "value", "description", "predicate", "examples")

EXCLUSION_KEYS: dict[str, Key] = {
    "fan": Key(type="ref", description="The excluded fan. " + REF, required=True),
    "count": Key(type="integer", description="Exclude only this many instances per instance of this fan."),
    "scope": Key(type="string", description="all (default) or own_sets: exclude only instances made of this fan's own sets.", enum=("all", "own_sets")),
}

#: The JSON type of each kind of context fact.
FACT_TYPES = {"flag": "boolean", "wind": "string", "count": "integer", "seat": "string"}
#: The keys only an example has (its context keys are the facts'): before the facts, and after them.
EXAMPLE_OWN_KEYS: dict[str, Key] = {
    "hand": Key(type="string", description="The hand in hand notation (docs/notation.md); the last tile is the winning tile.", required=True),
    "count": Key(type="integer", description="How many times the fan scores on this hand; 0 for a near miss.", required=True),
    "total": Key(type="integer", description="The hand's expected total (optional)."),
    "note": Key(type="string", description="Why the example is here."),
}
EXAMPLE_LAST_KEYS: dict[str, Key] = {
    "win": Key(type="boolean", description="Whether the hand is a legal win under this rule set (reaches the minimum)."),
}


def _fact_key(fact: Fact, description: str) -> Key:
    return Key(type=FACT_TYPES[fact.kind], description=description, enum=WIND_CODES if fact.kind == "wind" else SEATS if fact.kind == "seat" else (),
               minimum=0 if fact.kind == "count" else None, maximum=fact.maximum if fact.kind == "count" else None)


EXAMPLE_KEYS: dict[str, Key] = {
    **EXAMPLE_OWN_KEYS,
    **{fact.name: _fact_key(fact, fact.description) for fact in FACTS},
    **EXAMPLE_LAST_KEYS,
    **{alias: _fact_key(fact, f"Alias of {fact.name}, the JSONL contract's name (docs/notation.md).")
       for fact in FACTS for alias in fact.aliases},
}
#: The example keys that are not facts of the win context.
EXAMPLE_ONLY = tuple(EXAMPLE_OWN_KEYS) + tuple(EXAMPLE_LAST_KEYS)
