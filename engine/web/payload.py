"""The JSON of the playground's API: requests read into hands, results and waits written out, errors
in the words of the command line."""
from __future__ import annotations

import difflib
from dataclasses import fields
from typing import Any

from ..core.blocks import Block, Reading
from ..core.hand import Context, Hand, HandError
from ..core.jsonio import hand_from_record
from ..core.notation import format_hand, parse_hand
from ..core.tiles import TILE_CODES
from ..scoring import Result
from ..scoring.result import fan_ref
from ..scoring.scored_waits import WaitScore

#: The facts of the win context, as ``Context`` names them; the yes/no ones are its flags.
CONTEXT_FIELDS = tuple(f.name for f in fields(Context))
FLAG_FIELDS = tuple(name for name in CONTEXT_FIELDS if isinstance(getattr(Context(), name), bool))
#: The JSONL contract's spelling of the facts it names differently (NOTATION.md).
CONTRACT_NAMES = {"last_copy": "fourth_tile", "prevalent_wind": "round_wind"}
#: The win context in a request with a hand string: ``Context``'s names and the contract's.
CONTEXT_KEYS = {**{name: name for name in CONTEXT_FIELDS}, **{alias: name for name, alias in CONTRACT_NAMES.items()}}
#: The keys of a JSONL contract record (``hand`` as a list of tile codes).
RECORD_KEYS = frozenset({"hand", "melds", "win_tile", *(CONTRACT_NAMES.get(name, name) for name in CONTEXT_FIELDS)})
#: Keys that label a corpus record: passed over.
ANNOTATION_KEYS = frozenset({"id", "expected", "expected_alternatives", "tag", "notes", "source"})


def error_json(kind: str, message: str) -> dict[str, Any]:
    """The error object of the JSONL contract."""
    return {"error": {"kind": kind, "message": message}}


def _check_keys(body: dict[str, Any], known: frozenset[str] | set[str]) -> None:
    for key in body:
        if key in known or key in ANNOTATION_KEYS or key.startswith("x_"):
            continue
        close = difflib.get_close_matches(key, sorted(known), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise HandError(f"unknown field '{key}'{hint}")


def hand_from_request(body: Any, check: bool = True) -> Hand:
    """The Hand of a request: ``{"hand": "<hand string>", <context>}`` or a JSONL contract record.
    Raises HandError (the command line's message) for anything it cannot read."""
    if not isinstance(body, dict):
        raise HandError("the request body must be a JSON object with a 'hand'")
    if "hand" not in body:
        raise HandError("missing field 'hand'")
    if not isinstance(body["hand"], str):
        _check_keys(body, RECORD_KEYS)
        return hand_from_record(body)
    _check_keys(body, {"hand", *CONTEXT_KEYS})
    context: dict[str, Any] = {}
    for key, name in CONTEXT_KEYS.items():
        if key not in body:
            continue
        value = body[key]
        if name == "flowers":
            if isinstance(value, bool) or not isinstance(value, int):
                raise HandError(f"flowers must be a whole number from 0 to 8, not {value!r}")
        elif name.endswith("wind"):
            if value not in ("E", "S", "W", "N"):
                raise HandError(f"{key} must be E, S, W or N, not {value!r}")
        elif not isinstance(value, bool):
            raise HandError(f"{key} must be true or false, not {value!r}")
        if name in context:
            raise HandError(f"{key} and {next(k for k, n in CONTEXT_KEYS.items() if n == name and k in body)} "
                            "name the same fact: give one")
        context[name] = value
    return parse_hand(body["hand"], check=check, **context)


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
        "fans": [{"id": c.fan.number, "blocks": [list(inst) for inst in c.instances],
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
               context={name: TILE_CODES[value] if name.endswith("_wind") else value
                        for name in CONTEXT_FIELDS for value in (getattr(ctx, name),)},
               picture=picture_json(result))
    return out


def waits_json(tiles: str, table: list[WaitScore]) -> dict[str, Any]:
    """The waits of a 13-tile hand (``tiles``, its hand string), each with its results on a discard and self-drawn."""
    return {"hand": tiles, "waits": [w.to_json() for w in table]}
