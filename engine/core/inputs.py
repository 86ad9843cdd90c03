"""The forms a hand may take at every entry point (a hand string, a Hand, a JSONL record), with the
win context as keywords: one function turns each into a checked Hand, one into 13 waiting tiles."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple, TypeAlias

from .context import ANNOTATION_KEYS, Context, context_values, is_annotation
from .errors import InvalidHandError
from .hand import Hand, Meld, check_meld, validate
from .jsonio import HAND_KEYS, hand_from_record, melds_of, tile_list
from .notation import parse_hand
from .tiles import TILE_CODES, Tile

HandInput: TypeAlias = Hand | str | Mapping[str, Any]
"""What every entry point takes as a hand: a ``Hand``, a hand string, or a JSONL record as a mapping."""


def to_hand(hand: HandInput, **context: Any) -> Hand:
    """A checked Hand from a hand string, a Hand (checked here if it was built in Python) or a JSONL
    record; ``context`` facts (by name or alias) replace those the hand carries. Raises HandError, for
    an unknown keyword too."""
    if isinstance(hand, str):
        return parse_hand(hand, **context)
    if isinstance(hand, Mapping):
        return hand_from_record(dict(hand), **context)
    if not isinstance(hand, Hand):
        raise InvalidHandError(f"a hand must be a hand string, a Hand or a JSON record, not {type(hand).__name__}")
    values = context_values(context)
    if values:
        return validate(Hand(concealed=hand.concealed, melds=hand.melds, win_tile=hand.win_tile, context=replace(hand.context, **values)))
    return hand if hand.checked else validate(hand)


class Waiting(NamedTuple):
    """A hand before its winning tile: 13 tiles counting each declared set as 3, and the context."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    context: Context


def to_waiting(hand: HandInput, **context: Any) -> Waiting:
    """The 13 tiles of a hand string, a JSONL record without ``win_tile`` or a Hand (its tiles before
    the winning tile), checked; ``context`` as for ``to_hand`` but without the facts of one win
    (NOT_TAKEN["waits"]: each is refused with its reason, as a keyword or a record's key)."""
    values = context_values(context, surface="waits")
    if isinstance(hand, str):
        parsed = parse_hand(hand, check=False, **values)
        waiting = Waiting(parsed.concealed + (parsed.win_tile,), parsed.melds, parsed.context)
    elif isinstance(hand, Mapping):
        record = dict(hand)
        if "win_tile" in record:
            raise InvalidHandError("waits takes the 13 tiles before a win: leave 'win_tile' out of the record")
        facts = {k: v for k, v in record.items() if not (isinstance(k, str) and is_annotation(k))}
        values = {**context_values(facts, skip=HAND_KEYS, also=ANNOTATION_KEYS, surface="waits"), **values}
        tiles = record.get("hand")
        melds = melds_of(record.get("melds", []))
        if isinstance(tiles, str):
            parsed = parse_hand(tiles, check=False, **values)
            if parsed.melds and melds:
                raise InvalidHandError("declared sets given twice: in the hand string and in 'melds'")
            waiting = Waiting(parsed.concealed + (parsed.win_tile,), parsed.melds or melds, parsed.context)
        else:
            waiting = Waiting(tuple(tile_list(tiles, "hand")), melds, Context(**values))
    elif isinstance(hand, Hand):
        whole = to_hand(hand, **values)
        waiting = Waiting(whole.concealed, whole.melds, whole.context)
    else:
        raise InvalidHandError(f"a hand must be a hand string, a Hand or a JSON record, not {type(hand).__name__}")
    return _checked(waiting)


def _checked(waiting: Waiting) -> Waiting:
    size = len(waiting.concealed) + 3 * len(waiting.melds)
    if size != 13:
        raise InvalidHandError(f"waits needs 13 tiles (a declared set counts 3), got {size}")
    for i, meld in enumerate(waiting.melds):
        check_meld(meld, f"declared set {i + 1}")
    counts = [0] * len(TILE_CODES)
    for t in waiting.concealed + tuple(t for m in waiting.melds for t in m.tiles):
        counts[t] += 1
    over = [TILE_CODES[t] for t, n in enumerate(counts) if n > 4]
    if over:
        raise InvalidHandError(f"fifth copy of {', '.join(over)}: a tile exists only four times")
    return Waiting(tuple(sorted(waiting.concealed)), waiting.melds, waiting.context)


__all__ = ["HandInput", "Waiting", "to_hand", "to_waiting"]
