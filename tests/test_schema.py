"""The JSON Schemas in rules/schema: current, in step with the loader, and met by every shipped rule file."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

import fanrules.rules
from fanrules.tools import schema_files as schema
from fanrules.ruleset.declare import Key
from fanrules.ruleset.schema import EXAMPLE_KEYS, EXCLUSION_KEYS, FAN_KEYS, RULESET_KEYS

RULES = Path(fanrules.rules.__file__).parent
SHIPPED = sorted(RULES.glob("*/ruleset.yaml")) + sorted(RULES.glob("*/fans/*.yaml"))
BROKEN = Path(__file__).parent / "fixtures" / "broken_rules"
JSON_TYPES: dict[str, Any] = {"string": str, "integer": int, "boolean": bool, "array": list, "object": dict}


def _kind(path: Path) -> str:
    return "ruleset" if path.name == "ruleset.yaml" else "fan"


def _schema(kind: str) -> dict[str, Any]:
    return json.loads((schema.SCHEMA_DIR / schema.SCHEMA_FILES[kind]).read_text(encoding="utf-8"))


def _is(value: Any, typ: str) -> bool:
    return isinstance(value, JSON_TYPES[typ]) and not (typ == "integer" and isinstance(value, bool))


def validate(value: Any, node: dict[str, Any], root: dict[str, Any], where: str = "$") -> list[str]:
    """Errors of ``value`` against a draft-07 ``node``, for the keywords the schemas use."""
    if "$ref" in node:
        name = node["$ref"].removeprefix("#/definitions/")
        return validate(value, root["definitions"][name], root, where)
    if "oneOf" in node:
        passing = [s for s in node["oneOf"] if not validate(value, s, root, where)]
        return [] if len(passing) == 1 else [f"{where}: matches {len(passing)} of oneOf, not exactly 1"]
    errors: list[str] = []
    types = node.get("type", [])
    types = [types] if isinstance(types, str) else types
    if types and not any(_is(value, t) for t in types):
        return [f"{where}: {value!r} is not of type {types}"]
    if "enum" in node and value not in node["enum"]:
        errors.append(f"{where}: {value!r} is not one of {node['enum']}")
    if isinstance(value, list) and "items" in node:
        for i, item in enumerate(value):
            errors += validate(item, node["items"], root, f"{where}[{i}]")
    if isinstance(value, dict):
        errors += [f"{where}: missing {key!r}" for key in node.get("required", []) if key not in value]
        props = node.get("properties", {})
        for key, item in value.items():
            if key in props:
                errors += validate(item, props[key], root, f"{where}.{key}")
            elif node.get("additionalProperties") is False:
                errors.append(f"{where}: unknown key {key!r}")
        if "if" in node:
            branch = node.get("then" if not validate(value, node["if"], root, where) else "else", {})
            errors += validate(value, branch, root, where)
    return errors


def _walk(node: Any, where: str = "$") -> list[tuple[str, Any]]:
    """Every (path, schema) of a schema's properties and definitions."""
    out: list[tuple[str, Any]] = []
    if isinstance(node, dict):
        for group in ("properties", "definitions"):
            for name, sub in node.get(group, {}).items():
                out.append((f"{where}.{name}", sub))
        for key, sub in node.items():
            out += _walk(sub, f"{where}.{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            out += _walk(sub, f"{where}[{i}]")
    return out


# One case per schema file (fan, ruleset).
@pytest.mark.parametrize("kind", sorted(schema.SCHEMA_FILES))
def test_schema_files_are_current(kind: str) -> None:
    text = (schema.SCHEMA_DIR / schema.SCHEMA_FILES[kind]).read_text(encoding="utf-8")
    assert text == schema.schema_text(kind), "stale: run python -m fanrules.tools.schema_files"
    assert _schema(kind)["$schema"] == "http://json-schema.org/draft-07/schema#"


def test_check_exits_1_when_stale_and_writing_makes_it_current(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert schema.main(["--check"]) == 0
    monkeypatch.setattr(schema, "SCHEMA_DIR", tmp_path)
    monkeypatch.setattr(schema, "DOCS_DIR", tmp_path)
    assert schema.main(["--check"]) == 1
    assert schema.main([]) == 0
    assert schema.main(["--check"]) == 0
    (tmp_path / "fan.schema.json").write_text("{}\n", encoding="utf-8")
    assert schema.main(["--check"]) == 1


# One case per section with a key table in the docs (procedure in docs/game.md, settlement in docs/settlement.md).
@pytest.mark.parametrize("section", sorted(schema.DOC_PAGES))
def test_the_docs_key_tables_are_the_declaration(section: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = schema.DOCS_DIR / schema.DOC_PAGES[section]
    text = page.read_text(encoding="utf-8")
    assert schema.doc_text(section, text) == text, "stale: run python -m fanrules.tools.schema_files"
    rows = [line for line in schema.key_table(section).splitlines() if line.startswith("| `")]
    assert len(rows) >= 15 and all(row in text for row in rows)
    monkeypatch.setattr(schema, "DOCS_DIR", tmp_path)  # a stale table fails --check; writing makes it current
    (tmp_path / page.name).write_text(text.replace(rows[0], rows[0].replace("|", "¦", 2)), encoding="utf-8")
    assert schema.main(["--check"]) == 1
    monkeypatch.setattr(schema, "SCHEMA_DIR", tmp_path)
    assert schema.main([]) == 0 and (tmp_path / page.name).read_text(encoding="utf-8") == text


def test_an_example_key_of_the_context_is_a_fact_of_the_win() -> None:
    from fanrules.core.context import ALIASES, FACTS

    facts = {f.name: f for f in FACTS}
    assert [k for k in EXAMPLE_KEYS if k in facts] == list(facts)  # every fact, in the order of FACTS
    assert {k for k in EXAMPLE_KEYS if k not in facts} == {"hand", "count", "total", "note", "win", *ALIASES}
    assert all(EXAMPLE_KEYS[name].description == fact.description for name, fact in facts.items())


# One case per schema file (fan, ruleset).
@pytest.mark.parametrize("kind", sorted(schema.SCHEMA_FILES))
def test_every_key_and_definition_has_a_description(kind: str) -> None:
    walked = _walk(_schema(kind))
    assert len(walked) > 10
    assert [where for where, sub in walked if not sub.get("description")] == []


def _matches(props: dict[str, Any], keys: dict[str, Key], required: list[str]) -> None:
    assert list(props["properties"]) == list(keys)
    assert props.get("required", []) == [name for name, key in keys.items() if key.required] == required
    assert props["additionalProperties"] is False
    for name, key in keys.items():
        prop = props["properties"][name]
        assert prop.get("type", "ref") == key.type and prop.get("enum", []) == list(key.enum), name
        assert prop["description"] == key.description


def test_schema_keys_are_the_loader_keys() -> None:
    ruleset, fan = _schema("ruleset"), _schema("fan")
    _matches(ruleset, RULESET_KEYS, ["name"])
    assert ruleset["else"]["if"] == {"required": ["alias_of"]}  # an alias needs nothing else
    assert ruleset["else"]["else"]["required"] == list(schema.RULESET_REQUIRED_ROOT)
    _matches(fan, FAN_KEYS, ["number"])
    defs = fan["definitions"]
    _matches(defs["exclusion"]["oneOf"][1], EXCLUSION_KEYS, ["fan"])
    _matches(defs["example"], EXAMPLE_KEYS, ["hand", "count"])
    assert defs["exclusion"]["oneOf"][0] == {"$ref": "#/definitions/ref"}
    items = {name: key.items_of for keys in (RULESET_KEYS, FAN_KEYS) for name, key in keys.items() if key.items_of}
    for name, item in items.items():
        owner = ruleset if name in RULESET_KEYS else fan
        assert owner["properties"][name]["items"] == {"$ref": f"#/definitions/{item}"} and item in owner["definitions"]


# One case per shipped rule file (its path is the id): every one must validate against its schema.
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(RULES)))
def test_shipped_file_starts_with_its_schema_line_and_validates(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    first = text.split("\n", 1)[0]
    prefix = "# yaml-language-server: $schema="
    assert first.startswith(prefix)
    target = (path.parent / first.removeprefix(prefix)).resolve()
    assert target.is_file() and target.name == schema.SCHEMA_FILES[_kind(path)]
    assert target.read_text(encoding="utf-8") == schema.schema_text(_kind(path))
    root = _schema(_kind(path))
    assert validate(yaml.safe_load(text), root, root) == []


def test_shipped_files_are_found() -> None:
    assert len([p for p in SHIPPED if _kind(p) == "fan"]) >= 81 and len([p for p in SHIPPED if _kind(p) == "ruleset"]) >= 1


@pytest.mark.parametrize("kind, doc, error", [
    ("fan", {"number": 1, "valeu": 8}, "unknown key 'valeu'"),  # a misspelt key
    ("fan", {"name_zh": "箭刻"}, "missing 'number'"),  # a required key left out
    ("fan", {"number": "1"}, "$.number: '1' is not of type ['integer']"),  # a number written as text
    ("fan", {"number": 1, "bonus": 1}, "$.bonus: 1 is not of type ['boolean']"),  # a flag written as a number
    ("fan", {"number": 1, "excludes": [True]}, "$.excludes[0]: matches 0 of oneOf"),  # an exclusion of no form
    ("fan", {"number": 1, "excludes": [{"fan": 2, "scope": "own"}]}, "$.excludes[0]: matches 0 of oneOf"),  # an unknown scope
    ("fan", {"number": 1, "excludes": [{"count": 1}]}, "$.excludes[0]: matches 0 of oneOf"),  # an exclusion of no fan
    ("fan", {"number": 1, "examples": [{"hand": "x", "count": 1, "seat_wind": "X"}]}, "$.examples[0].seat_wind: 'X' is not one of"),  # a bad wind
    ("fan", {"number": 1, "examples": [{"hand": "x"}]}, "$.examples[0]: missing 'count'"),  # an example with no count
    ("ruleset", {"name": "x", "title": "t", "version": "1"}, "missing 'minimum'"),  # a rule set with no minimum
    ("ruleset", {"name": "x", "extends": "mcr", "disable": [{}]}, "$.disable[0]: {} is not of type"),  # disabling no fan
    ("ruleset", {"name": "x", "extends": "mcr", "sources": [1]}, "$.sources[0]: 1 is not of type ['string']"),  # a source that is no text
])
def test_the_validator_catches_what_the_loader_rejects(kind: str, doc: dict[str, Any], error: str) -> None:
    root = _schema(kind)
    errors = validate(doc, root, root)
    assert len(errors) == 1 and error in errors[0], errors


@pytest.mark.parametrize("kind, doc", [
    ("fan", {"number": 1, "excludes": [2, "碰碰和", {"fan": 3, "count": 1}, {"fan": "x", "scope": "own_sets"}]}),  # every form of exclusion
    ("fan", {"number": 1, "excludes_remove": [2], "excludes_add": ["x"]}),  # a variant editing exclusions
    ("ruleset", {"name": "x", "extends": "mcr", "disable": [1, "碰碰和"]}),  # a variant disabling fans by number and name
])
def test_the_validator_accepts_variants(kind: str, doc: dict[str, Any]) -> None:
    root = _schema(kind)
    assert validate(doc, root, root) == []


@pytest.mark.parametrize("case, file", [
    ("unknown_key", "fans/01-dragon-pung.yaml"),  # each broken fixture the loader rejects for its keys or types
    ("missing_key", "ruleset.yaml"),
    ("wrong_type", "fans/01-dragon-pung.yaml"),
    ("wrong_type", "ruleset.yaml"),
])
def test_the_schema_flags_the_files_the_loader_flags(case: str, file: str) -> None:
    def errors(path: Path) -> list[str]:
        root = _schema(_kind(path))
        return validate(yaml.safe_load(path.read_text(encoding="utf-8")), root, root)

    assert errors(BROKEN / "valid" / file) == []
    assert errors(BROKEN / case / file) != []
