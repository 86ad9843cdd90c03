"""The playground's API without HTTP: each endpoint takes the decoded JSON body and returns the HTTP
status and the JSON answer. Errors carry the command line's kind and message."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..analysis.shanten import shanten, shanten_by_shape, useful_tiles
from ..core.hand import HandError, format_meld
from ..core.tiles import TILE_CODES, TILE_INDEX, compact
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


def _useful(concealed: list[int], melds: int, visible: list[int]) -> list[dict[str, Any]]:
    return [{"tile": TILE_CODES[t], "remaining": k} for t, k in useful_tiles(concealed, melds, visible)]


def analyze(body: Any, scorer: Scorer) -> tuple[int, dict[str, Any]]:
    """``POST /api/analyze``: how far a hand of 13 or 14 tiles is from ready, by the analysis layer:
    ``shanten`` (overall), ``shapes`` (shape -> shanten); for 13 tiles the ``useful`` tiles with the
    copies still unseen, for 14 tiles the ``discards``, each with the shanten and useful tiles after
    it, best first. ``visible`` (tile codes seen elsewhere) and the declared sets count as seen."""
    visible_codes = body.get("visible", []) if isinstance(body, dict) else []
    if not isinstance(visible_codes, list) or not all(isinstance(c, str) and c in TILE_INDEX for c in visible_codes):
        raise HandError("visible must be a list of tile codes (1m..9m, 1p..9p, 1s..9s, E S W N C F P)")
    if isinstance(body, dict) and isinstance(body.get("hand"), str):
        unknown = sorted(set(body) - {"hand", "visible"})
        if unknown:
            raise HandError(f"unknown field '{unknown[0]}' (analyze takes hand, visible)")
    elif isinstance(body, dict) and "hand" in body:
        raise HandError("analyze takes 'hand' as a hand string of 13 or 14 tiles")
    tiles = hand_from_request({"hand": body["hand"]} if isinstance(body, dict) and "hand" in body else body, check=False)
    concealed = sorted((*tiles.concealed, tiles.win_tile))
    melds = len(tiles.melds)
    seen = [TILE_INDEX[c] for c in visible_codes] + [t for m in tiles.melds for t in m.tiles]
    out: dict[str, Any] = {"hand": "".join(format_meld(m) for m in tiles.melds) + compact(concealed),
                           "shanten": shanten(concealed, melds),
                           "shapes": {shape.value: n for shape, n in shanten_by_shape(concealed, melds).items()}}
    if len(concealed) + 3 * melds == 13:
        out["useful"] = _useful(concealed, melds, seen)
    else:
        ranked: list[tuple[int, int, dict[str, Any]]] = []
        for t in sorted(set(concealed)):
            rest = list(concealed)
            rest.remove(t)
            after, useful = shanten(rest, melds), _useful(rest, melds, seen + [t])
            ranked.append((after, -sum(u["remaining"] for u in useful), {"discard": TILE_CODES[t], "shanten": after, "useful": useful}))
        out["discards"] = [d for _, _, d in sorted(ranked, key=lambda r: r[:2])]
    return 200, out


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
