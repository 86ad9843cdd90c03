"""The playground's API without HTTP: each endpoint takes the decoded JSON body and returns the HTTP
status and the JSON answer. Errors carry the command line's kind and message."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.hand import HandError, format_meld
from ..core.tiles import compact
from ..scoring import Scorer
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


def analyze(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/analyze``: hand analysis is not yet part of fanrules; the endpoint says so (501)
    rather than answering nothing."""
    return 501, error_json("unavailable", "hand analysis is not part of this version of fanrules")


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
