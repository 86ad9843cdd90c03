"""JSON records of the JSONL contract (NOTATION.md) to and from Hand values."""
from __future__ import annotations

from typing import Any

from .errors import InvalidHandError
from .hand import SEATS, Context, Hand, Meld, MeldKind, validate
from .tiles import TILE_CODES, TILE_INDEX, Tile

FLAGS = (("self_drawn", "self_drawn"), ("fourth_tile", "last_copy"), ("kong_related", "kong_related"), ("last_tile", "last_tile"))
MELD_TYPES = {k.value: k for k in MeldKind}


def _tile(value: Any, where: str) -> Tile:
    if not isinstance(value, str) or value not in TILE_INDEX:
        raise InvalidHandError(f"unknown tile code {value!r} in {where} (expected one of 1m..9m, 1p..9p, 1s..9s, E S W N C F P)")
    return TILE_INDEX[value]


def _tile_list(value: Any, where: str) -> list[Tile]:
    if not isinstance(value, list):
        raise InvalidHandError(f"{where} must be a list of tile codes")
    return [_tile(v, where) for v in value]


def _meld(raw: Any, i: int) -> Meld:
    where = f"melds[{i}]"
    if not isinstance(raw, dict):
        raise InvalidHandError(f"{where} must be an object with type and tiles")
    kind = MELD_TYPES.get(raw["type"]) if isinstance(raw.get("type"), str) else None
    if kind is None:
        raise InvalidHandError(f"{where}: type must be chow, pung, kong or concealed_kong, not {raw.get('type')!r}")
    tiles = tuple(sorted(_tile_list(raw.get("tiles"), f"{where}.tiles")))
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


def hand_from_record(record: Any) -> Hand:
    """A validated Hand from one input object of the JSONL contract."""
    if not isinstance(record, dict):
        raise InvalidHandError("each line must be a JSON object")
    for key in ("hand", "win_tile"):
        if key not in record:
            raise InvalidHandError(f"missing field '{key}'")
    concealed = _tile_list(record["hand"], "hand")
    melds_raw = record.get("melds", [])
    if not isinstance(melds_raw, list):
        raise InvalidHandError("melds must be a list")
    melds = tuple(_meld(m, i) for i, m in enumerate(melds_raw))
    win = _tile(record["win_tile"], "win_tile")
    flags = {}
    for field, attr in FLAGS:
        value = record.get(field, False)
        if not isinstance(value, bool):
            raise InvalidHandError(f"{field} must be true or false, not {value!r}")
        flags[attr] = value
    winds = {}
    for field in ("seat_wind", "round_wind"):
        value = record.get(field, "E")
        if value not in ("E", "S", "W", "N"):
            raise InvalidHandError(f"{field} must be E, S, W or N, not {value!r}")
        winds[field] = TILE_INDEX[value]
    flowers = record.get("flowers", 0)
    if isinstance(flowers, bool) or not isinstance(flowers, int):
        raise InvalidHandError(f"flowers must be a whole number from 0 to 8, not {flowers!r}")
    ctx = Context(seat_wind=winds["seat_wind"], prevalent_wind=winds["round_wind"], flowers=flowers, **flags)
    return validate(Hand(concealed=tuple(concealed), melds=melds, win_tile=win, context=ctx))


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
    """The JSONL input object of a hand."""
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
    return out


__all__ = ["hand_from_record", "hand_to_record", "meld_to_record", "SEATS"]
