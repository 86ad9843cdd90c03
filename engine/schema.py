"""The keys of rule-set files and fan files: one table that drives the loader and the JSON Schema."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Key:
    """A key of a rule file: its JSON type, whether it is required, and what it means."""

    type: str
    description: str
    required: bool = False
    items: str | None = None


REF = "A fan, by its official number or by its Chinese or English name."

RULESET_KEYS: dict[str, Key] = {
    "name": Key("string", "Short name of the rule set, used with --rules (e.g. mcr).", True),
    "title": Key("string", "Human title of the rule set.", True),
    "version": Key("string", "Version of the rules this set follows.", True),
    "description": Key("string", "What the rule set is for and how it differs from its parent."),
    "extends": Key("string", "Parent rule set this one starts from: a shipped name or a path relative to this file."),
    "minimum": Key("integer", "Points needed to win, bonus fans (flowers) not counted. Required unless inherited."),
    "sources": Key("array", "Texts the rules are read from.", items="string"),
    "fans": Key("string", "Folder of fan files, relative to this file (default: fans)."),
    "disable": Key("array", "Fans of the parent that this rule set does not score. " + REF, items="ref"),
}

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
    "scope": Key("string", "all (default) or own_sets: exclude only instances made of this fan's own sets."),
}

EXAMPLE_KEYS: dict[str, Key] = {
    "hand": Key("string", "The hand in hand notation (NOTATION.md); the last tile is the winning tile.", True),
    "count": Key("integer", "How many times the fan scores on this hand; 0 for a near miss.", True),
    "total": Key("integer", "The hand's expected total (optional)."),
    "note": Key("string", "Why the example is here."),
    "self_drawn": Key("boolean", "Won by self-draw."),
    "last_copy": Key("boolean", "The winning tile is the last copy (和绝张)."),
    "kong_related": Key("boolean", "Kong replacement (self-drawn) or robbing a kong (discard)."),
    "last_tile": Key("boolean", "Last tile of the wall (self-drawn) or last discard."),
    "seat_wind": Key("string", "Seat wind: E, S, W or N."),
    "prevalent_wind": Key("string", "Prevalent wind: E, S, W or N."),
    "flowers": Key("integer", "Number of flowers (0..8)."),
}

_JSON_TYPES = {"ref": ["integer", "string"]}


def _schema_of(keys: dict[str, Key], defs: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for name, key in keys.items():
        if key.type == "ref":
            prop: dict[str, Any] = {"type": _JSON_TYPES["ref"]}
        else:
            prop = {"type": key.type}
        if key.items:
            prop["items"] = {"$ref": f"#/definitions/{key.items}"} if key.items in defs else {"type": _JSON_TYPES.get(key.items, key.items)}
        prop["description"] = key.description
        props[name] = prop
    out: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": props}
    required = [n for n, k in keys.items() if k.required]
    if required:
        out["required"] = required
    return out


def json_schema(kind: str) -> dict[str, Any]:
    """The draft-07 JSON Schema of a ``ruleset`` or ``fan`` file."""
    defs: dict[str, Any] = {}
    if kind == "fan":
        defs["ref"] = {"type": ["integer", "string"], "description": REF}
        defs["exclusion"] = {
            "description": "An excluded fan: a name or number, or a mapping with a count or a scope.",
            "oneOf": [{"$ref": "#/definitions/ref"}, _schema_of(EXCLUSION_KEYS, defs)],
        }
        defs["example"] = {"description": "A hand that shows the fan, with its context.", **_schema_of(EXAMPLE_KEYS, defs)}
        defs["example"]["properties"]["seat_wind"]["enum"] = ["E", "S", "W", "N"]
        defs["example"]["properties"]["prevalent_wind"]["enum"] = ["E", "S", "W", "N"]
        defs["exclusion"]["oneOf"][1]["properties"]["scope"]["enum"] = ["all", "own_sets"]
        body = _schema_of(FAN_KEYS, defs)
        title, desc = "fanrules fan", "One fan of a fanrules rule set."
    else:
        body = _schema_of(RULESET_KEYS, defs)
        title, desc = "fanrules rule set", "A fanrules rule set: its name, minimum and where its fans are."
    schema = {"$schema": "http://json-schema.org/draft-07/schema#", "title": title, "description": desc, **body}
    if defs:
        schema["definitions"] = defs
    return schema


def schema_text(kind: str) -> str:
    return json.dumps(json_schema(kind), ensure_ascii=False, indent=2) + "\n"
