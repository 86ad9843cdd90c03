"""The JSON of the playground's API: requests read into hands, results and waits written out, errors
in the words of the command line. The win context is read by core (``hand_from_record``,
``to_waiting``, ``context_values``): the same keys, the same refusals as every other surface."""
from __future__ import annotations

from typing import Any

from ..core.blocks import Block, Reading
from ..core.context import CONTEXT_NAMES, WIND_NAMES
from ..core.errors import InvalidHandError
from ..core.notation import format_hand
from ..core.tiles import TILE_CODES
from ..scoring import Result
from ..scoring.result import fan_ref
from ..scoring.scored_waits import WaitScore


def error_json(kind: str, message: str, body: Any = None) -> dict[str, Any]:
    """The one error shape of every 4xx and 5xx answer: the JSONL contract's ``kind`` and ``message``,
    and ``field``, the key of the request object the message is about (``field_of``) or null."""
    return {"error": {"kind": str(kind), "message": message, "field": field_of(message, body)}}


def field_of(message: str, body: Any) -> str | None:
    """The first key of the request object ``body`` that ``message`` names, as core's refusals name
    them (``unknown key 'selfdrawn'``, ``seat_wind must be ...``, ``missing field 'hand'``)."""
    if "missing field 'hand'" in message:
        return "hand"
    if not isinstance(body, dict):
        return None
    for key in body:
        if isinstance(key, str) and (f"'{key}'" in message or message.startswith(f"{key} ")):
            return key
    return None


def request_object(body: Any) -> dict[str, Any]:
    """The body of a request for a hand: a JSON object with a ``hand``, read as a JSONL record (whose
    ``hand`` may be a hand string: ``{"hand": "1112345678999m5m", "self_drawn": true}``) by core's
    readers, ``hand_from_record`` or ``to_waiting``. Raises HandError for any other body."""
    if not isinstance(body, dict):
        raise InvalidHandError("the request body must be a JSON object with a 'hand'")
    if "hand" not in body:
        raise InvalidHandError("missing field 'hand'")
    return body


def block_json(block: Block) -> dict[str, Any]:
    return {"kind": block.kind.name.lower(), "tiles": [TILE_CODES[t] for t in block.tiles], "text": str(block),
            "concealed": block.concealed, "melded": block.melded, "declared": block.declared}


def picture_json(result: Result) -> dict[str, Any]:
    """What the playground draws: the chosen reading's blocks with their tiles and flags, the block the
    winning tile completes, and per counted fan (in the order of ``fans``) and per instance left out,
    the indices of the blocks it used, with why each was left out."""
    reading: Reading = result.reading
    return {
        "shape": reading.shape.value, "blocks": [block_json(b) for b in reading.blocks],
        "knitted": [TILE_CODES[t] for t in reading.knitted], "win_block": reading.win_block,
        "fans": [{"id": c.fan.number, "blocks": [list(inst) for inst in result.shown(c)],
                  "sets": [" ".join(str(b) for b in inst) for inst in result.sets_of(c)]} for c in result.fans],
        "not_counted": [{**fan_ref(n.fan), "count": n.count,
                         "principle": n.principle, "by": n.by.number if n.by else None, "reason": n.reason,
                         "blocks": list(n.sets)} for n in result.not_counted],
    }


def result_json(result: Result) -> dict[str, Any]:
    """A scored hand: ``Result.to_json()`` (what ``fanrules score --json`` prints, unchanged), the hand
    as read (``hand``, ``win_tile``, ``context``), the rule set's ``rules`` and ``minimum``, ``legal``,
    and the ``picture`` the playground draws (``picture_json``)."""
    out = result.to_json()
    hand = result.hand
    ctx = hand.context
    out.update(hand=format_hand(hand), rules=result.ruleset, minimum=result.minimum, legal=result.is_win,
               win_tile=TILE_CODES[hand.win_tile],
               context={name: TILE_CODES[value] if name in WIND_NAMES else value
                        for name in CONTEXT_NAMES for value in (getattr(ctx, name),)},
               picture=picture_json(result))
    return out


def waits_json(tiles: str, table: list[WaitScore]) -> dict[str, Any]:
    """The waits of a 13-tile hand (``tiles``, its hand string), each with its results on a discard and self-drawn."""
    return {"hand": tiles, "waits": [w.to_json() for w in table]}
