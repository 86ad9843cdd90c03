"""JSON records of the JSONL contract (docs/notation.md) to and from Hand values."""
from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any, NamedTuple

from .context import ALIASES, ANNOTATION_KEYS, CONTEXT_NAMES, DEFAULTS, EXTRA_FACTS, EXTRA_FLAGS, Context, context_values, is_annotation, unknown
from .errors import HandError, InvalidHandError
from .hand import MAX_SHARED_MELDS, SEATS, Hand, Meld, MeldKind, check_meld, sound_hand, validate
from .notation import parse_hand
from .tiles import TILE_CODES, TILE_INDEX, Tile

MELD_TYPES = {k.value: k for k in MeldKind}
#: The longest line of a JSON lines input (batch's records, replay's logs), in characters.
MAX_LINE_CHARS = 100_000


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
    if not context and type(record) is dict:
        hand = _plain_record(record)
        if hand is not None:
            return hand
    return _any_record(record, context)


#: The keys of a record's context facts (their one names and aliases), and every key a record may have
#: besides annotations (``x_*``, ``expected_*``).
_CONTEXT_KEYS = frozenset((*CONTEXT_NAMES, *ALIASES))
_KNOWN_KEYS = frozenset((*_CONTEXT_KEYS, *HAND_KEYS, *ANNOTATION_KEYS))
_ABSENT: Any = object()
_MELD_KIND = {k.value: k for k in MeldKind}
_TILE = TILE_INDEX.__getitem__
_NO_MELDS: list[Any] = []


class _Layout(NamedTuple):
    """How the records of one layout (their keys, in order) are read: ``fields`` gives the hand's tiles,
    winning tile and declared sets, ``facts`` the values of the context facts given (None when there
    are none: ``contexts`` is then that Context), ``contexts`` the Context of each combination of
    those values with their types (JSON's 1 is no flag), None where the general reader refuses them."""

    fields: Callable[[dict[str, Any]], tuple[Any, Any, Any]]
    facts: Callable[[dict[str, Any]], tuple[Any, ...]] | None
    names: tuple[str, ...]
    contexts: Any


#: The layout of each tuple of keys met (None: the general reader's), and of each declared set's keys
#: (its getter of the values besides the tiles, whether it has ``added``, its shared Melds). A batch
#: meets a few; bounded like every memo of input, as are the Contexts and Melds of each.
_LAYOUTS: dict[tuple[Any, ...], _Layout | None] = {}
_MELD_LAYOUTS: dict[tuple[Any, ...], tuple[Callable[[dict[str, Any]], tuple[Any, ...]], bool, dict[Any, Meld]] | None] = {}
MOST_LAYOUTS = 256
MOST_CONTEXTS = 4096


def _plain_record(record: dict[str, Any]) -> Hand | None:
    """The Hand of a record in the common form (tile codes in lists, context facts as the general
    reader takes them, known keys), made from what its layout knows: its Context and its declared
    sets are looked up by their values; None for any other record, which ``_any_record`` then reads
    (and refuses with its reason). A batch's records share a few layouts of keys and many values, so
    what a layout tells is worked out once and the rest looked up, not checked again line after line
    (bench/callgrind_batch.py counts making the Hand)."""
    keys = tuple(record)
    layout = _LAYOUTS.get(keys, _ABSENT)
    if layout is _ABSENT:
        layout = _remember(_LAYOUTS, keys, _layout(keys), MOST_LAYOUTS)
    if layout is None:
        return None
    fields, facts, names, contexts = layout
    if facts is None:
        context = contexts
    else:
        values = facts(record)
        key = (values, tuple(map(type, values)))
        try:
            context = contexts.get(key, _ABSENT)
        except TypeError:  # a list or an object given for a fact: the general reader says why not
            return None
        if context is _ABSENT:
            context = _remember(contexts, key, _context_of(dict(zip(names, values))), MOST_CONTEXTS)
        if context is None:
            return None
    tiles, win, melds_raw = fields(record)
    if tiles.__class__ is not list or win.__class__ is not str or melds_raw.__class__ is not list:
        return None
    try:
        concealed = sorted(map(_TILE, tiles))
        melds = tuple(map(_shared_meld, melds_raw)) if melds_raw else ()
        win_tile = TILE_INDEX[win]
    except (KeyError, TypeError, AttributeError):
        return None
    return sound_hand(concealed, melds, win_tile, context)


def _layout(keys: tuple[Any, ...]) -> _Layout | None:
    """The layout of records with these keys; None when the general reader must read them."""
    if not all(key in _KNOWN_KEYS or (key.__class__ is str and is_annotation(key)) for key in keys) or \
            "hand" not in keys or "win_tile" not in keys:
        return None
    fields = itemgetter("hand", "win_tile", "melds") if "melds" in keys else \
        (lambda record: (record["hand"], record["win_tile"], _NO_MELDS))
    names = tuple(key for key in keys if key in _CONTEXT_KEYS)
    if not names:
        return _Layout(fields, None, names, _context_of({}))
    return _Layout(fields, itemgetter(*names) if len(names) > 1 else itemgetter(names[0], names[0]), names, {})


def _remember(memo: dict[Any, Any], key: Any, value: Any, most: int) -> Any:
    if len(memo) >= most:
        memo.clear()
    memo[key] = value
    return value


def _context_of(given: dict[str, Any]) -> Context | None:
    """The Context of a record's facts, or None when the general reader refuses them."""
    try:
        return Context.of(context_values(given))
    except HandError:
        return None


def _shared_meld(raw: dict[str, Any]) -> Meld:
    """The shared Meld of a declared set of the common form that passed ``check_meld``, by its values
    (only JSON's true and false are equal to a boolean ``added`` and of its type: that one is checked);
    raises KeyError, TypeError or AttributeError for any other, which the general path then reads."""
    if raw.__class__ is not dict:
        raise TypeError("not the common form")
    keys = tuple(raw)
    layout = _MELD_LAYOUTS.get(keys, _ABSENT)
    if layout is _ABSENT:
        layout = _remember(_MELD_LAYOUTS, keys, _meld_layout(keys), MOST_LAYOUTS)
    if layout is None:
        raise TypeError("not the common form")
    values, added, shared = layout
    tiles = raw["tiles"]
    if tiles.__class__ is not list or (added and raw["added"].__class__ is not bool):
        raise TypeError("not the common form")
    key = (values(raw), *tiles)
    meld: Meld | None = shared.get(key)
    if meld is None:
        meld = _plain_meld(raw)
        try:
            check_meld(meld, "")
        except HandError:
            raise TypeError("not a sound set") from None
        _remember(shared, key, meld, MAX_SHARED_MELDS)
    return meld


def _meld_layout(keys: tuple[Any, ...]) -> tuple[Callable[[dict[str, Any]], tuple[Any, ...]], bool, dict[Any, Meld]] | None:
    """The layout of declared sets with these keys (see _shared_meld); None for any other."""
    if not _MELD_KEYS.issuperset(keys) or "type" not in keys or "tiles" not in keys:
        return None
    named = [key for key in keys if key != "tiles"]
    return itemgetter(*named) if len(named) > 1 else itemgetter("type", "type"), "added" in keys, {}


def _plain_meld(raw: dict[str, Any]) -> Meld:
    """A declared set of the common form (see _shared_meld); raises KeyError, TypeError or
    AttributeError for any other."""
    kind = _MELD_KIND[raw["type"]]
    tiles = tuple(sorted([TILE_INDEX[t] for t in raw["tiles"]]))
    claimed_from = raw.get("claimed_from")
    added = raw.get("added", False)
    if added.__class__ is not bool:
        raise TypeError("added")
    claimed = raw.get("claimed_tile")
    if kind is MeldKind.CHOW:
        claimed = TILE_INDEX[claimed] if claimed is not None else (tiles[0] if tiles else None)
    elif claimed is not None:
        TILE_INDEX[claimed]  # checked, then dropped as the general path does
        claimed = None
    if claimed_from is None and kind is not MeldKind.CONCEALED_KONG:
        claimed_from = "left"
    return Meld.of(kind, tiles, claimed_from, claimed, added)


_MELD_KEYS = frozenset(("type", "tiles", "claimed_from", "claimed_tile", "added"))


def _any_record(record: Any, context: dict[str, Any]) -> Hand:
    """``hand_from_record`` for every record: each problem refused with its reason."""
    if not isinstance(record, dict):
        raise InvalidHandError("each line must be a JSON object")
    fields = {k: v for k, v in record.items() if not (isinstance(k, str) and is_annotation(k))}
    values = context_values(fields, skip=HAND_KEYS, also=ANNOTATION_KEYS)
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
    """The JSONL input object of a hand, with the contract's names (docs/notation.md), which every reader
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
    for name in EXTRA_FACTS:  # and those that are not their defaults
        if getattr(ctx, name) != DEFAULTS[name]:
            out[name] = getattr(ctx, name)
    return out


def canonical_record(record: dict[str, Any]) -> dict[str, Any]:
    """A record with the one names of the context (``last_copy``, ``prevalent_wind``) in place of the
    contract's (``fourth_tile``, ``round_wind``; ALIASES), its keys in the same order: what ``fanrules
    record`` writes, as the command line, Python and rule files name the facts."""
    return {ALIASES.get(key, key): value for key, value in record.items()}


__all__ = ["canonical_record", "hand_from_record", "hand_to_record", "meld_to_record", "SEATS"]
