"""Write what is derived from the declarations of rule-file keys (``fanrules.ruleset.declare``): the
JSON Schemas of rule files (rules/schema/*.json) and the key tables of the sections in the docs
(between ``<!-- keys:NAME -->`` and ``<!-- /keys:NAME -->``): ``python -m fanrules.tools.schema_files [--check]``."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..ruleset.declare import Key, leaves
from ..ruleset.schema import EXAMPLE_KEYS, EXCLUSION_KEYS, FAMILY_KEYS, FAN_KEYS, REF, RULESET_KEYS, RULESET_REQUIRED_ROOT
from ..ruleset.section_keys import SECTIONS

#: rules/schema of the source tree (an editable install, or a checkout in the current directory), else
#: the schemas shipped in the installed package.
SCHEMA_DIR = next((root / "rules" / "schema" for root in (Path(__file__).resolve().parents[2], Path.cwd())
                   if (root / "rules" / "mcr").is_dir()),
                  Path(__file__).resolve().parent / "rules" / "schema")
SCHEMA_FILES = {"ruleset": "ruleset.schema.json", "fan": "fan.schema.json"}
#: The docs page that holds each section's key table (in the source tree only).
DOCS_DIR = SCHEMA_DIR.parents[1] / "docs"
DOC_PAGES = {"procedure": "game.md", "settlement": "settlement.md"}


def _property(key: Key) -> dict[str, Any]:
    """A declared key as a schema: its type (or shared definition), bounds, allowed values, items and
    keys. A section object has no ``required``: a variant's section merges over its parent's, so any
    key may be inherited (the loader reports what a root rule set leaves out)."""
    out: dict[str, Any] = {"$ref": "#/definitions/ref"} if key.type == "ref" else {"type": key.type}
    if key.items_of:
        out["items"] = {"$ref": f"#/definitions/{key.items_of}"}
    out["description"] = key.description
    if key.enum:
        out["enum"] = list(key.enum)
    if key.minimum is not None:
        out["minimum"] = key.minimum
    if key.maximum is not None:
        out["maximum"] = key.maximum
    if key.items is not None:
        out["items"] = _property(key.items)
    if key.keys is not None:
        out["properties"] = {name: _property(sub) for name, sub in key.keys.items()}
        out["additionalProperties"] = False
    elif key.values is not None:
        out["additionalProperties"] = _property(key.values)
    if key.key_enum:
        out["propertyNames"] = {"enum": list(key.key_enum)}
    return out


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
        defs["source"] = {"type": "string", "description": "A text the rules are read from: a book, a spec file or an address."}
        title = "fanrules fan"
    elif kind == "ruleset":
        body = _object(RULESET_KEYS, "A fanrules rule set: its name, minimum and where its fans are.")
        defs["source"] = {"type": "string", "description": "A text the rules are read from: a book, a spec file or an address."}
        defs["family"] = _object(FAMILY_KEYS, "A family of fans of which at most 'cap' count in one hand.")
        families = body["properties"]["families"]
        families["additionalProperties"] = {"$ref": "#/definitions/family"}
        body["if"] = {"required": ["extends"]}
        body["else"] = {"if": {"required": ["alias_of"]}, "else": {"required": list(RULESET_REQUIRED_ROOT)}}
        title = "fanrules rule set"
    else:
        raise ValueError(f"no schema for {kind!r}: use one of {', '.join(SCHEMA_FILES)}")
    return {"$schema": "http://json-schema.org/draft-07/schema#", "title": title, **body, "definitions": defs}


def schema_text(kind: str) -> str:
    """``json_schema(kind)`` as the text of its schema file."""
    return json.dumps(json_schema(kind), ensure_ascii=False, indent=2) + "\n"


def _values(key: Key) -> str:
    """What a key allows, in words: ``0 or 8``, ``17..18``, ``a list of `win`, `pung`, `chow```."""
    if key.enum:
        shown = [f"`{value}`" for value in key.enum]
        return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
    if key.type == "array":
        return "a list" + (f" of {_values(key.items)}" if key.items is not None else "")
    if key.type in ("integer", "number") and (key.minimum is not None or key.maximum is not None):
        return f"{'' if key.minimum is None else key.minimum}..{'' if key.maximum is None else key.maximum}"
    return {"boolean": "true or false", "integer": "a whole number", "string": "text"}.get(key.type, key.type)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def key_table(name: str) -> str:
    """The docs' table of a section's keys, from its declaration: each key's values, default and
    meaning, then the rules between keys (R024)."""
    spec = SECTIONS[name]
    rows = ["| key | values | default | meaning |", "|---|---|---|---|"]
    for path, key in leaves(spec):
        default = "required" if key.required else f"`{json.dumps(list(key.default) if isinstance(key.default, tuple) else key.default)}`"
        rows.append(f"| `{path}` | {_cell(_values(key))} | {default} | {_cell(key.description)} |")
    if spec.rules:
        rows += ["", "Rules between keys, checked when the rule set loads (R024):", ""]
        rows += [f"- `{rule.at}`: {rule.says}." for rule in spec.rules]
    return "\n".join(rows) + "\n"


def _marks(name: str) -> tuple[str, str]:
    return f"<!-- keys:{name} (generated by python -m fanrules.tools.schema_files) -->\n", f"<!-- /keys:{name} -->"


def doc_text(name: str, text: str) -> str:
    """A docs page's text with the key table of section ``name`` between its marks made current."""
    start, end = _marks(name)
    if start not in text or end not in text:
        raise ValueError(f"the docs page of section {name} has no marks {start.strip()} ... {end}")
    head, rest = text.split(start, 1)
    return head + start + key_table(name) + end + rest.split(end, 1)[1]


def _stale_docs() -> list[Path]:
    pages = [(name, DOCS_DIR / page) for name, page in DOC_PAGES.items() if (DOCS_DIR / page).is_file()]
    return [path for name, path in pages if doc_text(name, path.read_text(encoding="utf-8")) != path.read_text(encoding="utf-8")]


def main(argv: list[str] | None = None) -> int:
    """Write rules/schema/*.json and the docs' key tables, or with ``--check`` exit 1 when they differ
    from the declarations."""
    parser = argparse.ArgumentParser(prog="python -m fanrules.tools.schema_files", description=main.__doc__)
    parser.add_argument("--check", action="store_true", help="only check that the schema files are current")
    args = parser.parse_args(argv)
    stale = [SCHEMA_DIR / name for kind, name in SCHEMA_FILES.items()
             if not (SCHEMA_DIR / name).is_file() or (SCHEMA_DIR / name).read_text(encoding="utf-8") != schema_text(kind)]
    stale += _stale_docs()
    if args.check:
        for path in stale:
            print(f"{path} is stale: run python -m fanrules.tools.schema_files", file=sys.stderr)
        return 1 if stale else 0
    SCHEMA_DIR.mkdir(parents=True, exist_ok=True)
    for kind, name in SCHEMA_FILES.items():
        (SCHEMA_DIR / name).write_text(schema_text(kind), encoding="utf-8")
        print(f"wrote {SCHEMA_DIR / name}")
    for section, page in DOC_PAGES.items():
        path = DOCS_DIR / page
        if path.is_file():
            path.write_text(doc_text(section, path.read_text(encoding="utf-8")), encoding="utf-8")
            print(f"wrote the keys of {section} in {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
