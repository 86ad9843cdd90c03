"""Hands: concealed tiles, declared sets, the winning tile and the win context, validated."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from operator import eq

from .context import Context as Context  # a hand's context, also importable from here
from .errors import HandError as HandError  # the error a hand raises, also importable from here
from .errors import InvalidHandError
from .memo import ArgsMemo, Bounded
from .tiles import SUIT_OF, TILE_CODES, Tile, code, codes, compact, tile_code


class MeldKind(StrEnum):
    """What a declared set is, with the JSON contract's spelling."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    CONCEALED_KONG = "concealed_kong"


SEATS = ("left", "across", "right")
#: The most Melds ``Meld.of`` keeps (``claimed_from`` is any value until the hand is validated).
MAX_SHARED_MELDS = 4096


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``claimed_from`` is ``left``/``across``/``right`` (None for a concealed kong);
    ``claimed_tile`` is the claimed tile of a chow; ``added`` marks a pung later upgraded to a kong."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    claimed_from: str | None = None
    claimed_tile: Tile | None = None
    added: bool = False

    @classmethod
    def of(cls, kind: MeldKind, tiles: tuple[Tile, ...], claimed_from: str | None = None, claimed_tile: Tile | None = None,
           added: bool = False) -> Meld:
        """The Meld of these fields, shared (Melds are immutable): the declared sets of a batch come back
        line after line, and a lookup costs less than the constructor."""
        return _MELDS[kind, tiles, claimed_from, claimed_tile, added]

    @property
    def is_kong(self) -> bool:
        """Whether the set is a kong (exposed or concealed)."""
        return self.kind in (MeldKind.KONG, MeldKind.CONCEALED_KONG)

    def __str__(self) -> str:
        return f"{self.kind.value}({codes(self.tiles)})"

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in (("claimed_from", self.claimed_from), ("added", self.added)) if v)
        claimed = "" if self.claimed_tile is None else f", claimed_tile={tile_code(self.claimed_tile)}"
        return f"Meld({self.kind.value}, {''.join(tile_code(t) for t in self.tiles) or 'hidden'}{extra}{claimed})"


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand at the moment of winning: ``concealed`` holds the tiles before the win (sorted),
    without ``win_tile``."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: Tile = 0
    context: Context = field(default_factory=Context)
    #: Set by ``validate`` on the hand it returns: scoring checks every other hand first.
    checked: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed)))

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand, kongs with four, the winning tile included."""
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        out.append(self.win_tile)
        return tuple(out)

    def __str__(self) -> str:
        return format_hand(self)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r}, {self.context})"

    def _repr_svg_(self, lines: Sequence[str] = ()) -> str:
        """The hand drawn with the book's tiles, the winning tile outlined, ``lines`` of text below: what
        a notebook shows (core/pictures.py)."""
        from .pictures import hand_groups, svg

        return svg(hand_groups(self.concealed, [(m.kind.value, m.tiles) for m in self.melds], self.win_tile), lines, str(self))

    def _repr_html_(self) -> str:
        """The picture with the hand's notation and context above it, for notebooks that show HTML."""
        from .pictures import html

        return html(self._repr_svg_(), caption=f"{self}  {self.context}")


#: The shared Melds (``Meld.of``), by their fields.
_MELDS: ArgsMemo[tuple[MeldKind, tuple[Tile, ...], str | None, Tile | None, bool], Meld] = ArgsMemo(Meld, MAX_SHARED_MELDS)
#: The Melds that passed ``check_meld``, by identity (each kept alive here, so that no other object takes
#: its identity): the shared Melds of a batch are checked once.
_SOUND: Bounded[int, Meld] = Bounded(MAX_SHARED_MELDS)
_INT = {int}
_MELD = {Meld}


def check_meld(meld: Meld, where: str) -> None:
    """Raise InvalidHandError unless ``meld`` is a real chow, pung or kong."""
    tiles = meld.tiles
    if meld.kind is MeldKind.CHOW:
        ok = (
            len(tiles) == 3
            and SUIT_OF[tiles[0]] < 3
            and SUIT_OF[tiles[0]] == SUIT_OF[tiles[2]]
            and tuple(sorted(tiles)) == (tiles[0], tiles[0] + 1, tiles[0] + 2)
        )
        if not ok:
            raise InvalidHandError(f"{where}: [{_shown(tiles)}] is not a chow (three consecutive tiles of one number suit)")
        if meld.claimed_tile is not None and meld.claimed_tile not in tiles:
            raise InvalidHandError(f"{where}: the claimed tile {code(meld.claimed_tile)} is not part of the chow [{_shown(tiles)}]")
    else:
        size = 3 if meld.kind is MeldKind.PUNG else 4
        if len(tiles) != size or len(set(tiles)) != 1:
            what = "a pung (three identical tiles)" if size == 3 else "a kong (four identical tiles)"
            raise InvalidHandError(f"{where}: [{_shown(tiles)}] is not {what}")
    if meld.kind is MeldKind.CONCEALED_KONG:
        if meld.claimed_from is not None:
            raise InvalidHandError(f"{where}: a concealed kong is not claimed from anyone")
    elif meld.claimed_from not in SEATS:
        raise InvalidHandError(f"{where}: claimed_from must be left, across or right, not {meld.claimed_from!r}")
    elif meld.kind is MeldKind.CHOW and meld.claimed_from != "left":
        raise InvalidHandError(f"{where}: a chow can only be claimed from the left player, not {meld.claimed_from!r}")


def _shown(tiles: tuple[Tile, ...]) -> str:
    return "".join(TILE_CODES[t] for t in tiles)


def validate(hand: Hand) -> Hand:
    """Check counts, sets and context flags; return the hand with inferences applied (docs/principles.md ruling 14)."""
    tiles = _check_parts(hand)
    _check_counts(hand, tiles)
    hand = _check_context(hand, tiles)
    object.__setattr__(hand, "checked", True)
    return hand


def _check_parts(hand: Hand) -> tuple[Tile, ...]:
    """validate's checks of the declared sets and of the tiles, one by one; every tile of the hand."""
    if len(hand.melds) > 4:
        raise InvalidHandError(f"{len(hand.melds)} declared sets; a hand has at most 4")
    if not set(map(type, hand.melds)) <= _MELD:  # as for the tiles below: the loop names the wrong one
        for i, meld in enumerate(hand.melds):
            if not isinstance(meld, Meld):
                raise InvalidHandError(f"declared set {i + 1} must be a Meld, not {type(meld).__name__}")
    tiles = hand.all_tiles
    # Every tile a plain int 0..33, tested on the whole first: the loop, which names the wrong tile, runs
    # only when that fails.
    if not (set(map(type, tiles)) == _INT and min(tiles) >= 0 and max(tiles) < 34):
        for t in tiles:
            if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < len(TILE_CODES):
                raise InvalidHandError(f"unknown tile {t!r}: a Hand holds tiles as numbers 0..33 (fanrules.core.TILE_INDEX)")
    for i, meld in enumerate(hand.melds):
        if _SOUND.get(id(meld)) is not meld:  # a Meld checked before is sound: it is immutable
            check_meld(meld, f"declared set {i + 1}")
            _SOUND.keep(id(meld), meld)
    return tiles


def _check_counts(hand: Hand, tiles: tuple[Tile, ...]) -> None:
    """validate's checks of how many tiles the hand holds, and of each kind."""
    expected = 13 - 3 * len(hand.melds)
    if len(hand.concealed) != expected:
        raise InvalidHandError(
            f"wrong number of tiles: {len(hand.concealed)} concealed tiles before the winning tile, "
            f"expected {expected} with {len(hand.melds)} declared set(s)"
        )
    ordered = sorted(tiles)
    if any(map(int.__eq__, ordered, ordered[4:])):  # a tile five times: the same as four places on
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        over = [TILE_CODES[t] for t in range(34) if counts[t] > 4]
        raise InvalidHandError(f"fifth copy of {', '.join(over)}: a tile exists only four times")


def _check_context(hand: Hand, tiles: tuple[Tile, ...]) -> Hand:
    """validate's checks of the context flags against the hand; the hand with the last copy inferred
    when the other three copies of the winning tile are in its declared sets."""
    if not isinstance(hand.context, Context):
        raise InvalidHandError(f"a hand's context must be a Context, not {type(hand.context).__name__}")
    ctx = hand.context
    if ctx.flower_replacement and not (ctx.self_drawn and ctx.flowers):
        raise InvalidHandError("a win on a flower replacement tile is self-drawn and needs at least one flower")
    if ctx.flower_replacement and ctx.kong_related:
        raise InvalidHandError("the winning tile replaces either a flower or a kong, not both")
    if ctx.first_turn and hand.melds:
        raise InvalidHandError("a win in the first go-round comes before any claim or kong: the hand has declared sets")
    win = hand.win_tile
    held_concealed = hand.concealed.count(win)
    in_melds = tiles.count(win) - held_concealed - 1
    if ctx.kong_related and ctx.self_drawn and not any(m.is_kong for m in hand.melds):
        raise InvalidHandError("a win on a kong replacement tile needs a declared kong in the hand")
    if ctx.kong_related and not ctx.self_drawn and held_concealed + in_melds:
        raise InvalidHandError(
            f"robbing a kong of {code(win)} is impossible while the hand itself holds a {code(win)}"
        )
    if ctx.last_copy and held_concealed:
        raise InvalidHandError(
            f"the winning tile {code(win)} cannot be the last copy while the concealed hand holds another"
        )
    if in_melds == 3 and not ctx.last_copy:
        return Hand(concealed=hand.concealed, melds=hand.melds, win_tile=hand.win_tile, context=replace(ctx, last_copy=True))
    return hand


_new = object.__new__
_SET_CONCEALED, _SET_MELDS, _SET_WIN, _SET_CONTEXT, _SET_CHECKED = (
    Hand.__dict__[name].__set__ for name in ("concealed", "melds", "win_tile", "context", "checked"))


def sound_hand(concealed: list[Tile], melds: tuple[Meld, ...], win_tile: Tile, context: Context) -> Hand:
    """``validate(Hand(...))`` of parts each known sound: ``concealed`` a sorted list of tiles 0..33,
    ``melds`` Melds that passed ``check_meld``, ``context`` a Context. The checks of the whole hand are
    made here, without the constructor; a hand that fails one, or whose context needs more, goes to
    validate, which says why (cheaper than the constructor and validate: bench/callgrind_batch.py)."""
    ctx = context
    if len(concealed) == 13 - 3 * len(melds) and not (
            ctx.flower_replacement or (ctx.first_turn and melds) or (ctx.kong_related and ctx.self_drawn)):
        if melds:
            declared: list[Tile] = []
            for meld in melds:
                declared += meld.tiles
            in_melds = declared.count(win_tile)
            tiles = concealed + declared
        else:
            in_melds, tiles = 0, concealed.copy()
        tiles.append(win_tile)
        tiles.sort()
        if not (any(map(eq, tiles, tiles[4:])) or ((ctx.kong_related or ctx.last_copy) and _held(concealed, win_tile, in_melds, ctx))):
            if in_melds == 3 and not ctx.last_copy:
                ctx = replace(ctx, last_copy=True)
            hand = _new(Hand)
            _SET_CONCEALED(hand, tuple(concealed))
            _SET_MELDS(hand, melds)
            _SET_WIN(hand, win_tile)
            _SET_CONTEXT(hand, ctx)
            _SET_CHECKED(hand, True)
            return hand
    return validate(Hand(concealed=tuple(concealed), melds=melds, win_tile=win_tile, context=context))


def _held(concealed: list[Tile], win_tile: Tile, in_melds: int, ctx: Context) -> bool:
    """Whether the hand holds another copy of the winning tile where ``ctx`` says it cannot (validate)."""
    held = concealed.count(win_tile)
    return bool((ctx.kong_related and held + in_melds) or (ctx.last_copy and held))


def format_meld(meld: Meld) -> str:
    """A declared set in bracket notation."""
    body = compact(list(meld.tiles))
    if meld.kind is MeldKind.CONCEALED_KONG:
        return f"[{body}]"
    seat = SEATS.index(meld.claimed_from or "left")
    if meld.kind is MeldKind.CHOW:
        claimed = meld.claimed_tile if meld.claimed_tile is not None else meld.tiles[0]
        return f"[{body},{meld.tiles.index(claimed) + 1}]"
    if meld.kind is MeldKind.KONG and meld.added:
        return f"[{body},{seat + 5}]"
    return f"[{body},{seat + 1}]"


def format_hand(hand: Hand) -> str:
    """The hand string of a hand: declared sets, concealed tiles, then the winning tile."""
    return "".join(format_meld(m) for m in hand.melds) + compact(list(hand.concealed)) + compact([hand.win_tile])
