"""The keys of rule-set files and fan files: one table that drives the loader and the JSON Schema."""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any


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
}

#: rules/schema of the source tree (an editable install, or a checkout in the current directory), else
#: the schemas shipped in the installed package.
SCHEMA_DIR = next((root / "rules" / "schema" for root in (Path(__file__).resolve().parents[1], Path.cwd())
                   if (root / "rules" / "mcr").is_dir()),
                  Path(__file__).resolve().parent / "rules" / "schema")
SCHEMA_FILES = {"ruleset": "ruleset.schema.json", "fan": "fan.schema.json"}


def _property(key: Key) -> dict[str, Any]:
    prop: dict[str, Any] = {"$ref": "#/definitions/ref"} if key.type == "ref" else {"type": key.type}
    if key.items:
        prop["items"] = {"$ref": f"#/definitions/{key.items}"}
    if key.enum:
        prop["enum"] = list(key.enum)
    return {**prop, "description": key.description}


def _object(keys: dict[str, Key], description: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "description": description,
        "type": "object",
        "additionalProperties": False,
        "properties": {name: _property(key) for name, key in keys.items()},
    }
    required = [name for name, key in keys.items() if key.required]
    if required:
        out["required"] = required
    return out


def json_schema(kind: str) -> dict[str, Any]:
    """The draft-07 JSON Schema of a ``ruleset`` or ``fan`` file."""
    defs: dict[str, Any] = {"ref": {"type": ["integer", "string"], "description": REF}}
    if kind == "fan":
        body = _object(FAN_KEYS, "One fan of a fanrules rule set.")
        defs["exclusion"] = {
            "description": "An excluded fan: a name or number, or a mapping with a count or a scope.",
            "oneOf": [{"$ref": "#/definitions/ref"},
                      _object(EXCLUSION_KEYS, "An exclusion limited to a count or to this fan's own sets.")],
        }
        defs["example"] = _object(EXAMPLE_KEYS, "A hand that shows the fan, with its context.")
        title = "fanrules fan"
    elif kind == "ruleset":
        body = _object(RULESET_KEYS, "A fanrules rule set: its name, minimum and where its fans are.")
        defs["source"] = {"type": "string", "description": "A text the rules are read from: a book, a spec file or an address."}
        body["if"] = {"required": ["extends"]}
        body["else"] = {"required": list(RULESET_REQUIRED_ROOT)}
        title = "fanrules rule set"
    else:
        raise ValueError(f"no schema for {kind!r}: use one of {', '.join(SCHEMA_FILES)}")
    return {"$schema": "http://json-schema.org/draft-07/schema#", "title": title, **body, "definitions": defs}


def schema_text(kind: str) -> str:
    """``json_schema(kind)`` as the text of its schema file."""
    return json.dumps(json_schema(kind), ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write rules/schema/*.json, or with ``--check`` exit 1 when they differ from the key tables."""
    parser = argparse.ArgumentParser(prog="python -m fanrules.schema", description=main.__doc__)
    parser.add_argument("--check", action="store_true", help="only check that the schema files are current")
    args = parser.parse_args(argv)
    stale = [SCHEMA_DIR / name for kind, name in SCHEMA_FILES.items()
             if not (SCHEMA_DIR / name).is_file() or (SCHEMA_DIR / name).read_text(encoding="utf-8") != schema_text(kind)]
    if args.check:
        for path in stale:
            print(f"{path} is stale: run python -m fanrules.schema", file=sys.stderr)
        return 1 if stale else 0
    SCHEMA_DIR.mkdir(parents=True, exist_ok=True)
    for kind, name in SCHEMA_FILES.items():
        (SCHEMA_DIR / name).write_text(schema_text(kind), encoding="utf-8")
        print(f"wrote {SCHEMA_DIR / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
