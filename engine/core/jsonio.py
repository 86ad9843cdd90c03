"""JSON records of the JSONL contract (NOTATION.md) to and from Hand values."""
from __future__ import annotations

from typing import Any

from .context import ANNOTATION_KEYS, EXTRA_FLAGS, context_values, is_annotation, unknown
from .errors import InvalidHandError
from .hand import SEATS, Context, Hand, Meld, MeldKind, validate
from .notation import parse_hand
from .tiles import TILE_CODES, TILE_INDEX, Tile

MELD_TYPES = {k.value: k for k in MeldKind}


def _tile(value: Any, where: str) -> Tile:
    if not isinstance(value, str) or value not in TILE_INDEX:
        raise InvalidHandError(f"unknown tile code {value!r} in {where} (expected one of 1m..9m, 1p..9p, 1s..9s, E S W N C F P)")
    return TILE_INDEX[value]


def tile_list(value: Any, where: str) -> list[Tile]:
    if not isinstance(value, list):
        raise InvalidHandError(f"{where} must be a list of tile codes")
    return [_tile(v, where) for v in value]


def _meld(raw: Any, i: int) -> Meld:
    where = f"melds[{i}]"
    if not isinstance(raw, dict):
        raise InvalidHandError(f"{where} must be an object with type and tiles")
    for key in raw:
        if key not in MELD_KEYS:
            raise unknown(f"key of {where}:", str(key), MELD_KEYS)
    kind = MELD_TYPES.get(raw["type"]) if isinstance(raw.get("type"), str) else None
    if kind is None:
        raise InvalidHandError(f"{where}: type must be chow, pung, kong or concealed_kong, not {raw.get('type')!r}")
    tiles = tuple(sorted(tile_list(raw.get("tiles"), f"{where}.tiles")))
    claimed_from = raw.get("claimed_from")
    if kind is not MeldKind.CONCEALED_KONG and claimed_from is None:
        claimed_from = "left"
    claimed_tile = raw.get("claimed_tile")
    ct = _tile(claimed_tile, f"{where}.claimed_tile") if claimed_tile is not None else None
    if kind is MeldKind.CHOW and ct is None and tiles:
        ct = tiles[0]
    added = raw.get("added", False)
    if not isinstance(added, bool):
        raise InvalidHandError(f"{where}.added must be true or false")
    return Meld(kind=kind, tiles=tiles, claimed_from=claimed_from, claimed_tile=ct if kind is MeldKind.CHOW else None, added=added)


#: The keys of a record besides the context facts.
HAND_KEYS = ("id", "hand", "melds", "win_tile")
MELD_KEYS = ("type", "tiles", "claimed_from", "claimed_tile", "added")


def hand_from_record(record: Any, **context: Any) -> Hand:
    """A validated Hand from one input object of the JSONL contract. ``hand`` is a list of tile
    codes or a hand string (docs/notation.md): with ``win_tile`` the tiles before the win, without it
    the last tile is the winning tile. Context keys take their one name or the contract's alias;
    corpus annotations (``expected``, ``tag``, ``notes``, ``source``, ``x_*``, ...) are passed over and
    any other key is refused. Keyword ``context`` facts replace the record's."""
    if not isinstance(record, dict):
        raise InvalidHandError("each line must be a JSON object")
    fields = {k: v for k, v in record.items() if not (isinstance(k, str) and is_annotation(k))}
    values = context_values(fields, "key", skip=HAND_KEYS, also=ANNOTATION_KEYS)
    values.update(context_values(context))
    if "hand" not in record:
        raise InvalidHandError("missing field 'hand'")
    if isinstance(record["hand"], str):
        return _from_string(record, values)
    if "win_tile" not in record:
        raise InvalidHandError("missing field 'win_tile'")
    concealed = tile_list(record["hand"], "hand")
    melds = melds_of(record.get("melds", []))
    win = _tile(record["win_tile"], "win_tile")
    return validate(Hand(concealed=tuple(concealed), melds=melds, win_tile=win, context=Context(**values)))


def melds_of(melds_raw: Any) -> tuple[Meld, ...]:
    if not isinstance(melds_raw, list):
        raise InvalidHandError("melds must be a list")
    return tuple(_meld(m, i) for i, m in enumerate(melds_raw))


def _from_string(record: dict[str, Any], values: dict[str, Any]) -> Hand:
    """A record whose ``hand`` is a hand string."""
    parsed = parse_hand(record["hand"], check=False, **values)
    melds = parsed.melds
    if record.get("melds"):
        if melds:
            raise InvalidHandError("declared sets given twice: in the hand string and in 'melds'")
        melds = melds_of(record["melds"])
    if "win_tile" not in record:
        return validate(Hand(concealed=parsed.concealed, melds=melds, win_tile=parsed.win_tile, context=parsed.context))
    concealed = parsed.concealed + (parsed.win_tile,)
    return validate(Hand(concealed=concealed, melds=melds, win_tile=_tile(record["win_tile"], "win_tile"), context=parsed.context))


def meld_to_record(meld: Meld) -> dict[str, Any]:
    out: dict[str, Any] = {
        "type": meld.kind.value,
        "tiles": [TILE_CODES[t] for t in meld.tiles],
        "claimed_from": meld.claimed_from,
    }
    if meld.kind is MeldKind.CHOW and meld.claimed_tile is not None:
        out["claimed_tile"] = TILE_CODES[meld.claimed_tile]
    if meld.added:
        out["added"] = True
    return out


def hand_to_record(hand: Hand, id: str | None = None) -> dict[str, Any]:
    """The JSONL input object of a hand, with the contract's names (NOTATION.md), which every reader
    of the contract understands; fanrules reads these and the one names alike."""
    ctx = hand.context
    out: dict[str, Any] = {} if id is None else {"id": id}
    out.update(
        hand=[TILE_CODES[t] for t in hand.concealed],
        melds=[meld_to_record(m) for m in hand.melds],
        win_tile=TILE_CODES[hand.win_tile],
        self_drawn=ctx.self_drawn,
        fourth_tile=ctx.last_copy,
        kong_related=ctx.kong_related,
        last_tile=ctx.last_tile,
        seat_wind=TILE_CODES[ctx.seat_wind],
        round_wind=TILE_CODES[ctx.prevalent_wind],
        flowers=ctx.flowers,
    )
    for name in EXTRA_FLAGS:  # the optional facts, written when they hold
        if getattr(ctx, name):
            out[name] = True
    return out


__all__ = ["hand_from_record", "hand_to_record", "meld_to_record", "SEATS"]
