"""Hand analysis on hand strings: the tiles of a hand of 13 or 14 tiles, its shanten per shape, its
useful tiles with the copies still unseen, and for 14 tiles the advice for each discard."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.blocks import Shape
from ..core.context import Context, context_values
from ..core.errors import InvalidHandError
from ..core.hand import Hand, Meld, check_meld
from ..core.notation import parse_hand
from ..core.tiles import NAMED_TILES, TILE_CODES, Tile, TileLike, named_tiles, tile_numbers
from .shanten import Caps, by_shape, hand_parts, shanten_and_useful, split_caps, useful_kinds


@dataclass(frozen=True)
class HandTiles:
    """The tiles of a hand under analysis: 13 or 14 concealed tiles less 3 per declared set (sorted),
    and the declared sets."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()

    @property
    def size(self) -> int:
        """13 or 14: the concealed tiles with 3 for each declared set."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def declared(self) -> list[int]:
        """The 34 counts of the tiles in declared sets (a kong holds four)."""
        counts = [0] * 34
        for m in self.melds:
            for t in m.tiles:
                counts[t] += 1
        return counts

    @property
    def caps(self) -> Caps:
        """How many more of each kind of set the declared sets leave room for (the shanten search's caps)."""
        return split_caps(self.declared)

    def counts(self) -> list[int]:
        """The concealed tiles as 34 counts, one per tile kind."""
        out = [0] * 34
        for t in self.concealed:
            out[t] += 1
        return out


def read_tiles(hand: str | Hand | HandTiles) -> HandTiles:
    """The tiles of a hand string (declared sets in brackets, then 13 or 14 tiles in all), a Hand
    (its winning tile among the concealed ones) or HandTiles; InvalidHandError in one sentence otherwise."""
    if isinstance(hand, HandTiles):
        tiles = hand
    elif isinstance(hand, Hand):
        tiles = HandTiles(named_tiles(sorted(hand.concealed + (hand.win_tile,))), hand.melds)
    else:
        parsed = parse_hand(hand, check=False)
        tiles = HandTiles(named_tiles(sorted(parsed.concealed + (parsed.win_tile,))), parsed.melds)
    if len(tiles.melds) > 4:
        raise InvalidHandError(f"{len(tiles.melds)} declared sets; a hand has at most 4")
    for i, meld in enumerate(tiles.melds):
        check_meld(meld, f"declared set {i + 1}")
    if tiles.size not in (13, 14):
        raise InvalidHandError(f"wrong number of tiles: {tiles.size} (a declared set counts 3); analysis needs 13 or 14")
    held = [a + b for a, b in zip(tiles.counts(), tiles.declared)]
    over = [TILE_CODES[t] for t in range(34) if held[t] > 4]
    if over:
        raise InvalidHandError(f"fifth copy of {', '.join(over)}: a tile exists only four times")
    return tiles


def analysis_context(**context: Any) -> Context:
    """The win context an analysis scores its completions with, by the names of every entry point
    (docs/notation.md; an unknown one is refused with the closest). The facts of NOT_TAKEN["analyze"]
    (last copy, kong: they depend on the winning tile itself) are refused with their reason."""
    return Context(**context_values(context, surface="analyze"))


def read_visible(visible: str | Sequence[TileLike]) -> tuple[Tile, ...]:
    """Visible tiles as a tile string (``"1m1mE[789s]"``: declared sets of others count with their
    tiles) or tile numbers or codes."""
    if isinstance(visible, str):
        if not visible.strip():
            return ()
        parsed = parse_hand(visible, check=False)
        return tuple(sorted((*parsed.concealed, parsed.win_tile, *(t for m in parsed.melds for t in m.tiles))))
    out = tile_numbers(visible)
    bad = [t for t in out if not isinstance(t, int) or not 0 <= t < 34]
    if bad:
        raise InvalidHandError(f"a visible tile is a number from 0 to 33, not {bad[0]!r}")
    return out


def unseen(tiles: HandTiles, visible: Sequence[Tile]) -> list[int]:
    """How many copies of each kind neither the hand (declared sets included) nor ``visible`` shows;
    HandError when more than four copies of a kind are in sight."""
    seen = [a + b for a, b in zip(tiles.counts(), tiles.declared)]
    for t in visible:
        seen[t] += 1
    over = [TILE_CODES[t] for t in range(34) if seen[t] > 4]
    if over:
        raise InvalidHandError(f"visible tiles: fifth copy of {', '.join(over)} with the hand's own; a tile exists only four times")
    return [4 - s for s in seen]


@dataclass(frozen=True)
class ShantenReport:
    """The shanten of a hand (ready 0, complete -1) and of each shape its declared sets allow."""

    shanten: int
    shapes: Mapping[Shape, int]

    def to_json(self) -> dict[str, Any]:
        """The report as JSON: the overall shanten and each shape's."""
        return {"shanten": self.shanten, "shapes": {s.value: n for s, n in self.shapes.items()}}


class Useful(NamedTuple):
    """A tile kind whose drawing lowers the shanten, and how many copies of it are unseen."""

    tile: Tile
    remaining: int

    def to_json(self) -> dict[str, Any]:
        """The useful tile as JSON: its code and its unseen copies."""
        return {"tile": TILE_CODES[self.tile], "remaining": self.remaining}


#: Every Useful there can be, made once: [tile][remaining].
USEFUL = tuple(tuple(Useful(NAMED_TILES[t], k) for k in range(5)) for t in range(34))


@dataclass(frozen=True)
class DiscardAdvice:
    """One discard of a 14-tile hand: the shanten after it and the useful tiles then."""

    discard: Tile
    shanten: int
    useful: tuple[Useful, ...]

    @property
    def remaining(self) -> int:
        """The unseen copies of all the useful tiles."""
        return sum(u.remaining for u in self.useful)


def shanten_report(tiles: HandTiles) -> ShantenReport:
    """The shanten of the hand per shape and overall."""
    caps = tiles.caps
    groups, parts = hand_parts(tiles.counts(), caps)
    shapes = by_shape(groups, parts, len(tiles.melds), caps)
    return ShantenReport(min(shapes.values()), shapes)


def useful(tiles: HandTiles, visible: Sequence[Tile] = ()) -> tuple[Useful, ...]:
    """The useful tiles of a 13-tile hand, in tile order."""
    if tiles.size != 13:
        raise InvalidHandError(f"useful tiles are those of a 13-tile hand; this hand has {tiles.size}")
    left = unseen(tiles, visible)
    return tuple(USEFUL[t][left[t]] for t in useful_kinds(tiles.counts(), len(tiles.melds), tiles.caps))


def advise(tiles: HandTiles, visible: Sequence[Tile] = ()) -> list[DiscardAdvice]:
    """For each distinct discard of a 14-tile hand, the shanten after it and the useful tiles; the
    best first: lower shanten, then more unseen useful tiles, then tile order."""
    if tiles.size != 14:
        raise InvalidHandError(f"discard advice is for a 14-tile hand; this hand has {tiles.size}")
    left = unseen(tiles, visible)
    counts = tiles.counts()
    melds, caps = len(tiles.melds), tiles.caps
    out = []
    for t in sorted(set(tiles.concealed)):
        counts[t] -= 1
        distance, kinds = shanten_and_useful(counts, melds, caps)
        out.append(DiscardAdvice(NAMED_TILES[t], distance, tuple([USEFUL[k][left[k]] for k in kinds])))
        counts[t] += 1
    out.sort(key=lambda a: (a.shanten, -a.remaining, a.discard))
    return out
