"""The environment's fixed action index: every table action as one number of a ``Discrete`` space, so
that a policy's output layer has the same meaning at every step. Kinds are laid out in blocks: a discard
and the two kongs of one's own turn by tile kind (34 each), a chow by the place of the claimed tile in
it (lowest, middle, highest), then pung, melded kong, flower, win, pass and draw (one each)."""
from __future__ import annotations

from ..core.tiles import KINDS_COUNT
from ..game import Action, ActionKind

DISCARD = 0
CHOW = DISCARD + KINDS_COUNT
PUNG = CHOW + 3
KONG = PUNG + 1
CONCEALED_KONG = KONG + 1
ADDED_KONG = CONCEALED_KONG + KINDS_COUNT
FLOWER = ADDED_KONG + KINDS_COUNT
WIN = FLOWER + 1
PASS = WIN + 1
DRAW = PASS + 1
ACTION_COUNT = DRAW + 1
"""The size of the Discrete action space: discards (34), chows by the claimed tile's place (3), pung,
kong, concealed kongs (34), added kongs (34), flower, win, pass, draw."""
_SINGLE = {ActionKind.PUNG: PUNG, ActionKind.KONG: KONG, ActionKind.FLOWER: FLOWER, ActionKind.WIN: WIN,
           ActionKind.PASS: PASS, ActionKind.DRAW: DRAW}
_BY_TILE = {ActionKind.DISCARD: DISCARD, ActionKind.CONCEALED_KONG: CONCEALED_KONG, ActionKind.ADDED_KONG: ADDED_KONG}


def action_index(action: Action) -> int:
    """The index of a table action (every flower is the one index FLOWER: which one is set aside first
    changes nothing a player can use)."""
    if action.kind in _BY_TILE:
        assert action.tile is not None
        return _BY_TILE[action.kind] + action.tile
    if action.kind == ActionKind.CHOW:
        assert action.tile is not None
        return CHOW + sorted(action.tiles).index(action.tile)
    return _SINGLE[action.kind]


def index_name(index: int) -> str:
    """A short name of an index, for render() and errors: ``discard 5m``, ``chow 1``, ``pass``."""
    from ..core.tiles import tile_code
    for kind, base in _BY_TILE.items():
        if base <= index < base + KINDS_COUNT:
            return f"{kind} {tile_code(index - base)}"
    if CHOW <= index < PUNG:
        return f"chow {index - CHOW}"
    return next(str(kind) for kind, i in _SINGLE.items() if i == index)


__all__ = ["ACTION_COUNT", "action_index", "ADDED_KONG", "CHOW", "CONCEALED_KONG", "DISCARD", "DRAW", "FLOWER", "index_name",
           "KONG", "PASS", "PUNG", "WIN"]
