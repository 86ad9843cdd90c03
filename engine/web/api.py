"""The playground's API without HTTP: each endpoint takes the decoded JSON body and returns the HTTP
status and the JSON answer. Errors carry the command line's kind and message."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..analysis.advice import read_tiles, read_visible
from ..core.context import Context, context_values
from ..core.hand import HandError, format_meld
from ..core.inputs import to_waiting
from ..core.jsonio import hand_from_record
from ..core.tiles import TILE_INDEX, compact
from ..scoring import Scorer
from ..scoring.reach import analyze_tiles
from ..scoring.scored_waits import score_waits
from .payload import error_json, request_object, result_json, waits_json

#: The HTTP status of each kind of hand error: the request was read, the hand cannot be scored.
UNPROCESSABLE = 422


def score(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/score``: the scored hand (``result_json``); under the minimum it still scores, with
    ``legal`` false and the contract's ``under_minimum`` error."""
    hand = hand_from_record(request_object(body))
    return 200, result_json(scorer.score(hand))


def waits(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/waits``: the tiles that complete a 13-tile hand string, each scored on a discard and
    self-drawn (the same table as ``fanrules waits --json``, from the same context: every fact but
    those NOT_TAKEN["waits"] names, which are refused with its reason)."""
    if isinstance(body, dict) and "hand" in body and not isinstance(body["hand"], str):
        raise HandError("waits takes 'hand' as a hand string of 13 tiles, e.g. \"1112345678999m\"")
    concealed, melds, context = to_waiting(request_object(body))
    shown = "".join(format_meld(m) for m in melds) + compact(list(concealed))
    return 200, waits_json(shown, score_waits(concealed, melds, context, scorer))


#: What an analysis request holds besides its win context (every fact but those NOT_TAKEN["analyze"]
#: names, as ``fanrules analyze`` takes them): the hand, the tiles in sight, and whether to score
#: the points in reach at all.
ANALYZE_KEYS = ("hand", "visible", "points")


def analyze(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/analyze``: the analysis of a hand of 13 or 14 tiles, exactly as ``fanrules analyze
    --json`` prints it: ``shanten``, ``shapes``; for 13 tiles ``useful``; for 14 the ``discards`` best
    first, each with the best total in reach and its fans. ``visible`` is a tile string or a list of
    tile codes. Hands two from ready are not searched here, so every answer comes quickly."""
    if not isinstance(body, dict) or not isinstance(body.get("hand"), str):
        raise HandError("analyze takes a JSON object with 'hand' as a hand string of 13 or 14 tiles")
    context = Context(**context_values(body, skip=ANALYZE_KEYS, surface="analyze"))
    visible = body.get("visible", "")
    if isinstance(visible, list) and all(isinstance(c, str) and c in TILE_INDEX for c in visible):
        visible = "".join(visible)
    if not isinstance(visible, str):
        raise HandError("visible must be a tile string or a list of tile codes (1m..9m, 1p..9p, 1s..9s, E S W N C F P)")
    points = body.get("points", True)
    if not isinstance(points, bool):
        raise HandError(f"points must be true or false, not {points!r}")
    analysis = analyze_tiles(read_tiles(body["hand"]), scorer, context, read_visible(visible), points)
    return 200, {"hand": "".join(format_meld(m) for m in analysis.tiles.melds) + compact(list(analysis.tiles.concealed)),
                 **analysis.to_json()}


ENDPOINTS: dict[str, Callable[[Any, Scorer], tuple[int, dict[str, Any]]]] = {
    "/api/score": score, "/api/waits": waits, "/api/analyze": analyze,
}


def answer(path: str, body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """Run endpoint ``path`` on a decoded body: a hand error becomes 422 with its kind and message."""
    try:
        return ENDPOINTS[path](body, scorer)
    except HandError as err:
        return UNPROCESSABLE, error_json(err.kind, str(err))


__all__ = ["ENDPOINTS", "answer"]
