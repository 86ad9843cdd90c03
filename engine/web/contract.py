"""The web API's contract, published as ``/openapi.json`` (OpenAPI 3.1): the request models are made
from core's one vocabulary (FACTS with their aliases, NOT_TAKEN, HAND_KEYS, MELD_KEYS, the tile and
wind codes), so a fact added to core appears here, with the same name and the same refusals."""
from __future__ import annotations

from typing import Any

from ..core.context import ANNOTATION_KEYS, FACTS, NOT_TAKEN, SEATS, Fact
from ..core.errors import ErrorKind
from ..core.jsonio import MELD_KEYS, MELD_TYPES
from ..core.tiles import TILE_CODES, WIND_CODES
from .api import MAX_CASES, MAX_TWO_FROM_READY

#: The error kinds of the HTTP layer, besides the JSONL contract's (ErrorKind).
HTTP_KINDS = ("not_found", "method", "forbidden", "too_large", "media_type", "internal", "busy")
TILE = {"type": "string", "enum": list(TILE_CODES)}
TILE_LIST = {"type": "array", "items": {"$ref": "#/components/schemas/Tile"}, "maxItems": 18}
ANY_OBJECT = {"type": "object"}


def fact_schema(fact: Fact, alias: str | None = None) -> dict[str, Any]:
    """The JSON Schema of one context fact (an ``alias`` is marked deprecated, naming the one name)."""
    kinds: dict[str, dict[str, Any]] = {"flag": {"type": "boolean"}, "wind": {"type": "string", "enum": list(WIND_CODES)},
                                        "count": {"type": "integer", "minimum": 0, "maximum": fact.maximum},
                                        "seat": {"type": "string", "enum": list(SEATS)}}
    kind = kinds[fact.kind]
    text = fact.description if alias is None else f"Another name of {fact.name}: give one of the two."
    return {**kind, "description": text, **({"default": _default(fact)} if alias is None else {"deprecated": True})}


def _default(fact: Fact) -> Any:
    return TILE_CODES[fact.default] if fact.kind == "wind" else fact.default


def facts_schema(surface: str | None = None) -> dict[str, Any]:
    """Every context fact and alias that ``surface`` (a key of NOT_TAKEN, or None: all) takes."""
    refused = NOT_TAKEN[surface][0] if surface else ()
    out: dict[str, Any] = {}
    for fact in FACTS:
        if fact.name in refused:
            continue
        out[fact.name] = fact_schema(fact)
        for alias in fact.aliases:
            out[alias] = fact_schema(fact, alias)
    return out


def _request(description: str, hand: dict[str, Any], extra: dict[str, Any], surface: str | None) -> dict[str, Any]:
    return {"type": "object", "description": description, "required": ["hand"],
            "properties": {"hand": hand, **extra, **facts_schema(surface)},
            "patternProperties": {"^(x_|expected_)": {}}, "additionalProperties": False}


def schemas() -> dict[str, Any]:
    """The components of the contract: tiles, melds, the four request models and the error."""
    hand_any = {"description": "A hand string (the last tile wins) or a list of tile codes (then give win_tile).",
                "oneOf": [{"type": "string", "maxLength": 200}, TILE_LIST]}
    meld = {"type": "object", "required": ["type", "tiles"], "additionalProperties": False,
            "properties": {"type": {"type": "string", "enum": list(MELD_TYPES)}, "tiles": TILE_LIST,
                           **{k: {} for k in MELD_KEYS if k not in ("type", "tiles")}}}
    record_keys = {"melds": {"type": "array", "items": {"$ref": "#/components/schemas/Meld"}},
                   "win_tile": {"$ref": "#/components/schemas/Tile"},
                   **{k: {"description": "A corpus annotation, passed over."} for k in ANNOTATION_KEYS}}
    hand_string = {"type": "string", "maxLength": 200, "description": "A hand string; declared sets in brackets."}
    analyze_extra = {"visible": {"description": "Tiles in sight besides the hand: a tile string or a list of tile codes.",
                                 "oneOf": [{"type": "string", "maxLength": 400}, TILE_LIST]},
                     "points": {"type": "boolean", "default": True, "description": "Score the points in reach."},
                     "two_from_ready": {"type": "number", "minimum": 0, "maximum": MAX_TWO_FROM_READY, "default": 0,
                                        "description": "Seconds to search the points in reach of hands two from ready."}}
    error = {"type": "object", "required": ["error"], "properties": {"error": {
        "type": "object", "required": ["kind", "message", "field"],
        "properties": {"kind": {"type": "string", "enum": [k.value for k in ErrorKind] + list(HTTP_KINDS)},
                       "message": {"type": "string", "description": "One line for people: the command line's words."},
                       "field": {"type": ["string", "null"], "description": "The request key the message is about, if any."}}}}}
    return {
        "Tile": TILE, "Meld": meld, "Error": error,
        "ScoreRequest": _request("A hand with its win context: a JSONL record (docs/notation.md) or a hand string.",
                                 hand_any, record_keys, None),
        "RecordRequest": _request("A hand to write as its JSONL record.", hand_any, record_keys, None),
        "WaitsRequest": _request(f"13 tiles; {NOT_TAKEN['waits'][1]}, so the facts of one win are refused.",
                                 hand_string, {}, "waits"),
        "AnalyzeRequest": _request(f"13 or 14 tiles; {NOT_TAKEN['analyze'][1]}.", hand_string, analyze_extra, "analyze"),
        "TableRequest": {"type": "object", "additionalProperties": False, "description": "A new table: its rule set, one hand or a session.",
                         "properties": {"rules": {"type": "string"}, "session": {"type": "boolean", "default": False},
                                        "seed": {"type": "integer", "minimum": 0, "maximum": 2 ** 32 - 1,
                                                 "description": "Makes the walls reproducible (their seeds are then in the log)."}}},
        "DiffRequest": {"type": "object", "additionalProperties": False, "required": ["cases"],
                        "description": "JSONL input objects to score under two rule sets, as `fanrules diff` reads them from a file.",
                        "properties": {"rules": {"type": "string", "default": "the served rule set"}, "against": {"type": "string", "default": "mcr"},
                                       "cases": {"type": "array", "items": {"type": "object"}, "maxItems": MAX_CASES}}},
    }


def _post(summary: str, model: str) -> dict[str, Any]:
    return {"post": {"summary": summary, "requestBody": {"required": True, "content": {
        "application/json": {"schema": {"$ref": f"#/components/schemas/{model}"}}}},
        "responses": {"200": _json("The answer.", ANY_OBJECT), **_errors("400", "413", "415", "422")}}}


def _get(summary: str, kind: str = "application/json", params: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"get": {"summary": summary,
                    "parameters": [{"name": p, "in": "path", "required": True, "schema": {"type": "string"}} for p in params],
                    "responses": {"200": {"description": "The answer.", "content": {kind: {"schema": ANY_OBJECT if kind == "application/json" else {"type": "string"}}}},
                                  **_errors("404")}}}


def _json(description: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _errors(*codes: str) -> dict[str, Any]:
    return {code: _json("An error, in the one error shape.", {"$ref": "#/components/schemas/Error"}) for code in codes}


def openapi(title: str, diff: bool = False) -> dict[str, Any]:
    """The OpenAPI document of the server (``title`` names its rule set; ``diff``: it has /api/diff)."""
    paths: dict[str, Any] = {
        "/api/score": _post("Score a hand, as `fanrules score --json`, with the picture the playground draws.", "ScoreRequest"),
        "/api/waits": _post("The winning tiles of 13 tiles, each scored, as `fanrules waits --json`.", "WaitsRequest"),
        "/api/analyze": _post("Shanten, useful tiles, discards and points in reach, as `fanrules analyze --json`.", "AnalyzeRequest"),
        "/api/record": _post("The JSONL record of a hand, as `fanrules record`.", "RecordRequest"),
        "/api/rules": _get("The rule set served and the shipped rule sets."),
        "/api/rules/{name}": _get("A rule set: its head, fans and sections.", params=("name",)),
        "/api/rules/{name}/fans/{fan}": _get("One fan by number or name, as `fanrules rules show FAN`.", params=("name", "fan")),
        "/api/rules/{name}/sections/{section}": _get("One section (procedure, settlement) of a rule set.", params=("name", "section")),
        "/api/tables": _post("Sit down at a new table (201), with three built-in players; the page then talks over the WebSocket /ws/tables/{id}.",
                             "TableRequest"),
        "/api/tables/{id}": _get("What the table's player sees.", params=("id",)),
        "/api/tables/{id}/log": _get("The game log of the hands played, which `fanrules replay` verifies.", "application/x-ndjson", ("id",)),
        "/table": _get("The table page.", "text/html"),
        "/openapi.json": _get("This document."),
        "/docs": _get("This document for people.", "text/html"),
        **({"/api/diff": _post("Score cases under two rule sets and report what changes, as `fanrules diff --json`.", "DiffRequest")}
           if diff else {}),
    }
    return {"openapi": "3.1.0", "info": {"title": f"fanrules web API ({title})", "version": "1",
                                         "description": "Every 4xx and 5xx answer is {\"error\": {\"kind\", \"message\", \"field\"}}. See docs/web.md."},
            "paths": paths, "components": {"schemas": schemas()}}


__all__ = ["openapi"]
