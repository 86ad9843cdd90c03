"""The web API without HTTP: each endpoint takes the decoded JSON body and returns the HTTP status
and the JSON answer. Every input is read by core's readers (the same keys, names and refusals as the
command line and JSONL); every error has one shape (``payload.error_json``)."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..analysis.advice import analysis_context, read_tiles, read_visible
from ..core.context import unknown_key
from ..core.errors import HandError, InvalidHandError, UnknownFanError
from ..core.hand import format_meld
from ..core.inputs import to_hand, to_waiting
from ..core.jsonio import canonical_record, hand_from_record, hand_to_record
from ..core.tiles import TILE_INDEX, compact
from ..ruleset import Fan, RuleSet
from ..scoring import Scorer
from ..scoring.reach import analyze_tiles
from ..scoring.scored_waits import score_waits
from .payload import error_json, request_object, result_json, waits_json

#: The HTTP status of each kind of hand error: the request was read, the hand cannot be scored.
UNPROCESSABLE = 422
#: The most cases a diff request may hold.
MAX_CASES = 200
#: The longest search of the points in reach of a hand two from ready that a request may ask for, in
#: seconds: the command line takes any, a shared server answers within this.
MAX_TWO_FROM_READY = 2.0


def _hand_of(body: Any) -> Any:
    """The body as a record whose ``hand`` is a hand string or a list of tile codes (anything else is
    named as what it is, not as a missing winning tile)."""
    record = request_object(body)
    hand = record["hand"]
    if not isinstance(hand, str) and not (isinstance(hand, list) and all(isinstance(c, str) for c in hand)):
        raise InvalidHandError(f"'hand' must be a hand string such as \"1112345678999m5m\" or a list of tile codes, not {type(hand).__name__}")
    return record


def score(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/score``: the scored hand (``result_json``); under the minimum it still scores, with
    ``legal`` false and the contract's ``under_minimum`` error."""
    return 200, result_json(scorer.score(hand_from_record(_hand_of(body))))


def record(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/record``: the JSONL record of a hand (what ``fanrules record`` prints), read but not scored."""
    data = _hand_of(body)
    hand = to_hand(data["hand"], **{k: v for k, v in data.items() if k != "hand"}) if isinstance(data["hand"], str) \
        else hand_from_record(data)
    return 200, canonical_record(hand_to_record(hand))


def waits(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/waits``: the tiles that complete 13 tiles, each scored on a discard and self-drawn
    (the same table as ``fanrules waits --json``, from the same context: every fact but those
    NOT_TAKEN["waits"] names, which are refused with its reason)."""
    if not isinstance(_hand_of(body)["hand"], str):
        raise InvalidHandError("waits takes 'hand' as a hand string of 13 tiles, e.g. \"1112345678999m\"")
    concealed, melds, context = to_waiting(body)
    shown = "".join(format_meld(m) for m in melds) + compact(list(concealed))
    return 200, waits_json(shown, score_waits(concealed, melds, context, scorer))


#: What an analysis request holds besides its win context (every fact but those NOT_TAKEN["analyze"]
#: names, as ``fanrules analyze`` takes them): the hand, the tiles in sight, whether to score the
#: points in reach at all, and how long to search them for hands two from ready.
ANALYZE_KEYS = ("hand", "visible", "points", "two_from_ready")


def analyze(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/analyze``: the analysis of a hand of 13 or 14 tiles, exactly as ``fanrules analyze
    --json`` prints it: ``shanten``, ``shapes``; for 13 tiles ``useful``; for 14 the ``discards`` best
    first, each with the best total in reach and its fans. ``visible`` is a tile string or a list of
    tile codes; ``two_from_ready`` the seconds to search hands two from ready (at most MAX_TWO_FROM_READY)."""
    if not isinstance(_hand_of(body)["hand"], str):
        raise InvalidHandError("analyze takes 'hand' as a hand string of 13 or 14 tiles, e.g. \"1112345678999m\"")
    context = analysis_context(**{k: v for k, v in body.items() if k not in ANALYZE_KEYS})
    visible = body.get("visible", "")
    if isinstance(visible, list) and all(isinstance(c, str) and c in TILE_INDEX for c in visible):
        visible = "".join(visible)
    if not isinstance(visible, str):
        raise InvalidHandError("visible must be a tile string or a list of tile codes (1m..9m, 1p..9p, 1s..9s, E S W N C F P)")
    points = body.get("points", True)
    if not isinstance(points, bool):
        raise InvalidHandError(f"points must be true or false, not {points!r}")
    seconds = body.get("two_from_ready", 0)
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds) \
            or not 0 <= seconds <= MAX_TWO_FROM_READY:
        raise InvalidHandError(f"two_from_ready must be a number of seconds from 0 to {MAX_TWO_FROM_READY:g}, not {seconds!r}")
    analysis = analyze_tiles(read_tiles(body["hand"]), scorer, context, read_visible(visible), points, float(seconds))
    return 200, {"hand": "".join(format_meld(m) for m in analysis.tiles.melds) + compact(list(analysis.tiles.concealed)),
                 **analysis.to_json()}


ENDPOINTS: dict[str, Callable[[Any, Scorer], tuple[int, dict[str, Any]]]] = {
    "/api/score": score, "/api/waits": waits, "/api/analyze": analyze, "/api/record": record,
}


def answer(path: str, body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """Run endpoint ``path`` on a decoded body: a hand error becomes 422 with its kind, message and field."""
    try:
        return ENDPOINTS[path](body, scorer)
    except HandError as err:
        return UNPROCESSABLE, error_json(err.kind, str(err), body)


#: Compares two rule sets on cases (records) and returns the report's JSON: ``fanrules diff``'s comparison,
#: which lives with the command line and is handed to the application by ``fanrules serve``.
Diff = Callable[[RuleSet, RuleSet, list[Any]], dict[str, Any]]
#: The keys of a diff request.
DIFF_KEYS = ("rules", "against", "cases")


def diff_request(body: Any, served: str) -> tuple[str, str, list[Any]]:
    """The two rule sets' names and the cases of ``POST /api/diff`` (``rules`` defaults to the served rule set)."""
    if not isinstance(body, dict):
        raise InvalidHandError("diff takes a JSON object: {\"rules\": \"casual\", \"against\": \"mcr\", \"cases\": [RECORD, ...]}")
    for key in body:
        if key not in DIFF_KEYS:
            raise unknown_key(key, DIFF_KEYS)
    cases = body.get("cases")
    if not isinstance(cases, list) or len(cases) > MAX_CASES:
        raise InvalidHandError(f"cases must be a list of at most {MAX_CASES} JSONL input objects")
    names = body.get("rules", served), body.get("against", "mcr")
    for key, name in zip(("rules", "against"), names):
        if not isinstance(name, str):
            raise InvalidHandError(f"{key} must be the name of a rule set, not {name!r}")
    return names[0], names[1], cases


def ruleset_json(ruleset: RuleSet) -> dict[str, Any]:
    """``GET /api/rules/{name}``: a rule set's head, its fans in short and the names of its sections."""
    return {"name": ruleset.name, "title": ruleset.title, "version": ruleset.version, "minimum": ruleset.minimum,
            "chain": list(ruleset.chain), "sections": sorted(ruleset.sections),
            "families": [{"name": f.name, "cap": f.cap, "fans": sorted(f.fans)} for f in ruleset.families],
            "fans": [{"id": f.number, "name_zh": f.name_zh, "name_en": f.name_en, "points": f.points,
                      "description": f.description, "description_zh": f.description_zh} for f in ruleset.fans]}


def fan_json(fan: Fan) -> dict[str, Any]:
    """``GET /api/rules/{name}/fans/{fan}``: one fan as ``fanrules rules show FAN`` shows it."""
    return {"id": fan.number, "name_zh": fan.name_zh, "name_en": fan.name_en, "points": fan.points,
            "description": fan.description, "description_zh": fan.description_zh, "predicate": " ".join(fan.predicate.split()),
            "excludes": [{"fan": e.target, "count": e.count, "scope": e.scope} for e in fan.excludes],
            "bonus": fan.bonus, "sources": list(fan.sources)}


def find_fan(ruleset: RuleSet, word: str) -> Fan:
    """The fan named by number or name (UnknownFanError, with the closest name, for any other: a number
    longer than any fan's is looked up as a name, never converted)."""
    return ruleset.fan(int(word) if word.isascii() and word.isdigit() and len(word) <= 6 else word[:100])


__all__ = ["ENDPOINTS", "Diff", "UnknownFanError", "answer", "diff_request", "fan_json", "find_fan", "ruleset_json"]
