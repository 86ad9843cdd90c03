"""The playground's API without HTTP: each endpoint takes the decoded JSON body and returns the HTTP
status and the JSON answer. Errors carry the command line's kind and message."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..analysis.advice import analysis_context, read_tiles, read_visible
from ..core.hand import HandError, format_meld
from ..core.tiles import TILE_INDEX, compact
from ..scoring import Scorer
from ..scoring.reach import analyze_tiles
from ..scoring.scored_waits import score_waits
from .payload import error_json, hand_from_request, result_json, waits_json

#: The HTTP status of each kind of hand error: the request was read, the hand cannot be scored.
UNPROCESSABLE = 422
WAIT_KEYS = frozenset({"hand", "seat_wind", "prevalent_wind", "round_wind"})


def score(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/score``: the scored hand (``result_json``); under the minimum it still scores, with
    ``legal`` false and the contract's ``under_minimum`` error."""
    hand = hand_from_request(body)
    return 200, result_json(scorer.score(hand))


def waits(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/waits``: the tiles that complete a 13-tile hand string, each scored on a discard and
    self-drawn (the same table as ``fanrules waits --json``)."""
    if isinstance(body, dict) and isinstance(body.get("hand"), str):
        unknown = sorted(set(body) - WAIT_KEYS)
        if unknown:
            known = sorted(WAIT_KEYS)
            raise HandError(f"unknown field '{unknown[0]}' (waits takes {', '.join(known)})")
    elif isinstance(body, dict) and "hand" in body:
        raise HandError("waits takes 'hand' as a hand string of 13 tiles, e.g. \"1112345678999m\"")
    tiles = hand_from_request(body, check=False)
    concealed = tiles.concealed + (tiles.win_tile,)
    count = len(concealed) + 3 * len(tiles.melds)
    if count != 13:
        raise HandError(f"waits needs 13 tiles (a declared set counts 3), got {count}")
    table = score_waits(concealed, tiles.melds, tiles.context, scorer)
    shown = "".join(format_meld(m) for m in tiles.melds) + compact(sorted(concealed))
    return 200, waits_json(shown, table)


#: What an analysis request may hold besides the hand: the win context its completions are scored
#: with (the contract's ``round_wind`` accepted for ``prevalent_wind``), the tiles in sight, and
#: whether to score the points in reach at all.
ANALYZE_CONTEXT = ("self_drawn", "last_tile", "seat_wind", "prevalent_wind", "flowers")
ANALYZE_KEYS = frozenset({"hand", "visible", "points", "round_wind", *ANALYZE_CONTEXT})


def analyze(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/analyze``: the analysis of a hand of 13 or 14 tiles, exactly as ``fanrules analyze
    --json`` prints it: ``shanten``, ``shapes``; for 13 tiles ``useful``; for 14 the ``discards`` best
    first, each with the best total in reach and its fans. ``visible`` is a tile string or a list of
    tile codes. Hands two from ready are not searched here, so every answer comes quickly."""
    if not isinstance(body, dict) or not isinstance(body.get("hand"), str):
        raise HandError("analyze takes a JSON object with 'hand' as a hand string of 13 or 14 tiles")
    for key in body:
        if key not in ANALYZE_KEYS:
            raise HandError(f"unknown field '{key}' (analyze takes {', '.join(sorted(ANALYZE_KEYS))})")
    visible = body.get("visible", "")
    if isinstance(visible, list) and all(isinstance(c, str) and c in TILE_INDEX for c in visible):
        visible = "".join(visible)
    if not isinstance(visible, str):
        raise HandError("visible must be a tile string or a list of tile codes (1m..9m, 1p..9p, 1s..9s, E S W N C F P)")
    points = body.get("points", True)
    if not isinstance(points, bool):
        raise HandError(f"points must be true or false, not {points!r}")
    context = {key: body[key] for key in ANALYZE_CONTEXT if key in body}
    if "round_wind" in body:
        if "prevalent_wind" in body:
            raise HandError("round_wind and prevalent_wind name the same fact: give one")
        context["prevalent_wind"] = body["round_wind"]
    for key in ("self_drawn", "last_tile"):
        if not isinstance(context.get(key, False), bool):
            raise HandError(f"{key} must be true or false, not {context[key]!r}")
    analysis = analyze_tiles(read_tiles(body["hand"]), scorer, analysis_context(**context), read_visible(visible), points)
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
