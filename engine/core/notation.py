"""Hand strings (docs/notation.md): parse them into a Hand and print a Hand back."""
from __future__ import annotations

from typing import Any

from .context import Context, context_values
from .errors import InvalidHandError
from .hand import SEATS, Hand, Meld, MeldKind, validate
from .hand import format_hand as format_hand  # printing a Hand back is part of the notation
from .hand import format_meld as format_meld
from .tiles import HONOUR_CODES, TILE_CODES, TILE_INDEX, Z_CODES, Tile

HONOUR_LETTERS = frozenset(HONOUR_CODES)
#: The longest hand string accepted: four added kongs and fourteen tiles, spaced out, take well under 200.
MAX_HAND_CHARS = 500


#: The tile of a digit and the suit letter after it (``5m``, ``7z``): one lookup a digit.
_CODED: dict[str, Tile] = {**{code: TILE_INDEX[code] for code in TILE_CODES if len(code) == 2},
                           **{key: TILE_INDEX[code] for key, code in Z_CODES.items()}}


def _tiles(text: str, offset: int) -> list[Tile]:
    """Tiles of a run like ``123m``, ``EE``, ``5z``; ``offset`` positions error messages."""
    out: list[Tile] = []
    waiting: list[int] = []  # where the digits that wait for their suit letter stand in ``text``
    for i, ch in enumerate(text):
        if ch.isdigit():
            waiting.append(i)
        elif ch in "mpsz":
            if not waiting:
                raise InvalidHandError(f"suit letter '{ch}' at column {offset + i + 1} has no digits before it")
            for j in waiting:
                tile = _CODED.get(text[j] + ch)
                if tile is None:
                    raise InvalidHandError(f"unknown tile code '{text[j]}{ch}' at column {offset + j + 1}")
                out.append(tile)
            waiting = []
        elif ch in HONOUR_LETTERS:
            if waiting:
                raise InvalidHandError(f"digits before column {offset + i + 1} have no suit letter (m, p, s or z)")
            out.append(TILE_INDEX[ch])
        elif not ch.isspace():
            raise InvalidHandError(f"unknown tile code '{ch}' at column {offset + i + 1}")
    if waiting:
        raise InvalidHandError(f"digit '{text[waiting[-1]]}' at column {offset + waiting[-1] + 1} has no suit letter (m, p, s or z)")
    return out


def _meld(body: str, offset: int) -> Meld:
    """A bracketed declared set such as ``567m,2`` or ``SSSS``."""
    where = f"declared set at column {offset}"
    tiles_text, _, digit = body.partition(",")
    tiles = _tiles(tiles_text, offset)
    digit = digit.strip()
    if digit and (len(digit) != 1 or not digit.isdigit()):
        raise InvalidHandError(f"{where}: the claim marker after the comma must be one digit, not '{digit}'")
    n = int(digit) if digit else None
    shown = "".join(TILE_CODES[t] for t in tiles)
    if len(tiles) == 4:
        if n is None:
            return Meld(kind=MeldKind.CONCEALED_KONG, tiles=tuple(tiles))
        if n in (1, 2, 3):
            return Meld(kind=MeldKind.KONG, tiles=tuple(tiles), claimed_from=SEATS[n - 1])
        if n in (5, 6, 7):
            return Meld(kind=MeldKind.KONG, tiles=tuple(tiles), claimed_from=SEATS[n - 5], added=True)
        raise InvalidHandError(f"{where}: kong marker must be 1-3 (claimed) or 5-7 (added), not {n}")
    if len(tiles) != 3:
        raise InvalidHandError(f"{where}: [{shown}] has {len(tiles)} tiles; a set has 3 (chow, pung) or 4 (kong)")
    n = 1 if n is None else n
    if n not in (1, 2, 3):
        raise InvalidHandError(f"{where}: the claim marker of a chow or pung must be 1, 2 or 3, not {n}")
    if len(set(tiles)) == 1:
        return Meld(kind=MeldKind.PUNG, tiles=tuple(tiles), claimed_from=SEATS[n - 1])
    ordered = tuple(sorted(tiles))
    return Meld(kind=MeldKind.CHOW, tiles=ordered, claimed_from="left", claimed_tile=ordered[n - 1])


def parse_hand(text: str, *, check: bool = True, **context: Any) -> Hand:
    """Parse a hand string (docs/notation.md); the last tile is the winning tile. ``context`` holds the
    facts of the win by their names (``self_drawn``, ``last_copy``, ``kong_related``, ``last_tile``,
    ``seat_wind``, ``prevalent_wind``, ``flowers``, ``flower_replacement``, ``first_turn``; aliases
    ``fourth_tile``, ``round_wind``). Raises HandError with one clear sentence, for an unknown keyword too. ``check=False`` skips the checks
    of a complete hand (for 13 tiles)."""
    ctx = Context.of(context_values(context))
    if not isinstance(text, str):
        raise InvalidHandError(f"a hand string must be text, not {type(text).__name__}")
    if len(text) > MAX_HAND_CHARS:
        raise InvalidHandError(f"the hand string is {len(text)} characters long; a hand string has at most {MAX_HAND_CHARS}")
    melds: list[Meld] = []
    loose: list[Tile] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "[":
            end = text.find("]", i)
            if end < 0:
                raise InvalidHandError(f"'[' at column {i + 1} is never closed")
            melds.append(_meld(text[i + 1 : end], i + 1))
            i = end + 1
        elif ch == "]":
            raise InvalidHandError(f"']' at column {i + 1} closes nothing")
        else:
            j = i
            while j < len(text) and text[j] not in "[]":
                j += 1
            loose.extend(_tiles(text[i:j], i))
            i = j
    if not loose:
        raise InvalidHandError("the hand has no concealed tiles: the last tile must be the winning tile")
    hand = Hand(concealed=tuple(loose[:-1]), melds=tuple(melds), win_tile=loose[-1], context=ctx)
    return validate(hand) if check else hand
