"""Every winning reading of a complete hand, and the waits of a 13-tile hand."""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import lru_cache
from itertools import permutations, product
from typing import NamedTuple

from .hand import Hand, Meld, MeldKind
from .notation import compact
from .tiles import HONOURS, TERMINALS, TILE_CODES, Tile


class Kind(IntEnum):
    """What a block of a reading is."""

    CHOW = 0
    PUNG = 1
    KONG = 2
    PAIR = 3


KINDS = tuple(Kind)


class Shape(str, Enum):
    """The winning shapes of SCORING.md section 1."""

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONOURS_AND_KNITTED = "honours_and_knitted"
    KNITTED_STRAIGHT = "knitted_straight"


@dataclass(frozen=True, slots=True)
class Block:
    """A set or pair of a reading. ``tile`` is its lowest tile. ``concealed`` follows SCORING.md
    section 3 (a pung completed by a discard is not); ``melded`` marks a set claimed from a player."""

    kind: Kind
    tile: Tile
    concealed: bool
    melded: bool = False
    declared: bool = False
    #: Its tiles and its ``block_code``, worked out once (blocks are shared between readings, see ``_block``).
    tiles: tuple[Tile, ...] = field(init=False, repr=False, compare=False)
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        k, t = self.kind, self.tile
        tiles = (t, t + 1, t + 2) if k is Kind.CHOW else (t,) * (3 if k is Kind.PUNG else 4 if k is Kind.KONG else 2)
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "code", block_code(k, t, self.concealed, self.melded, self.declared))

    def __str__(self) -> str:
        if self.kind not in KINDS:
            return "no set"
        body = compact(self.tiles)
        if not self.declared:
            return body
        return f"[{body}]"

    def __repr__(self) -> str:
        if self.kind not in KINDS:
            return "<no set>"
        how = "melded" if self.melded else "concealed" if self.concealed else "completed by a discard"
        return f"<{self.kind.name.lower()} {self} {how}>"


def block_code(kind: int, tile: Tile, concealed: bool, melded: bool, declared: bool) -> int:
    """A number for each value a block can take (its kind, tile and flags), so that a condition on a
    block alone can be worked out once for every block (see dsl/compiler.py)."""
    return (((tile * 4 + kind) * 2 + concealed) * 2 + melded) * 2 + declared


def every_block() -> list[Block]:
    """A block of every value a reading can hold: chows from the 1 to the 7 of a suit, pungs, kongs and
    pairs of every tile, with every combination of flags."""
    return [
        Block(kind, tile, concealed, melded, declared)
        for kind in KINDS
        for tile in range(34)
        if kind is not Kind.CHOW or (tile < 27 and tile % 9 < 7)
        for concealed in (False, True) for melded in (False, True) for declared in (False, True)
    ]


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read a complete hand. ``sets`` are its chows, pungs and kongs, ``pairs`` its pairs,
    ``knitted`` the tiles of a knitted pattern (knitted shapes). ``win_block`` indexes ``sets + pairs``:
    the block the winning tile completes, or None when it completes the knitted part or a special shape."""

    shape: Shape
    sets: tuple[Block, ...]
    pairs: tuple[Block, ...]
    knitted: tuple[Tile, ...] = ()
    win_block: int | None = None

    @property
    def blocks(self) -> tuple[Block, ...]:
        return self.sets + self.pairs

    def __str__(self) -> str:
        parts = [str(b) for b in self.blocks]
        if self.knitted:
            parts.insert(0, "{" + "".join(TILE_CODES[t] for t in self.knitted) + "}")
        win = "knitted part" if self.win_block is None else str(self.blocks[self.win_block])
        return f"{self.shape.value}: {' '.join(parts)} (winning tile completes {win})"


#: How many patterns (of one suit, or of the honours) each memo below keeps, the most recently used:
#: enough for the hands of a long batch to find theirs, few enough for memory to stay flat.
PATTERNS = 1 << 15


# --- splitting one suit's counts into sets -------------------------------------------------------


@lru_cache(maxsize=PATTERNS)
def suit_splits(counts: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way to split the counts of one number suit (9 ranks) into pungs and chows. Each split is
    a sorted tuple of (kind, index) with kind 0 chow, 1 pung."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return ((),)
    out: set[tuple[tuple[int, int], ...]] = set()
    rest = list(counts)
    if counts[first] >= 3:
        rest[first] -= 3
        for tail in suit_splits(tuple(rest)):
            out.add(tuple(sorted(((1, first),) + tail)))
        rest[first] += 3
    if first + 2 < len(counts) and counts[first + 1] and counts[first + 2]:
        rest[first] -= 1
        rest[first + 1] -= 1
        rest[first + 2] -= 1
        for tail in suit_splits(tuple(rest)):
            out.add(tuple(sorted(((0, first),) + tail)))
    return tuple(sorted(out))


@lru_cache(maxsize=PATTERNS)
def _suit_sets(suit: int, counts: tuple[int, ...]) -> tuple[tuple[tuple[int, Tile], ...], ...]:
    """The splits of one number suit's counts, as (kind, tile) pairs."""
    return tuple(tuple((k, suit * 9 + i) for k, i in split) for split in suit_splits(counts))


_Split = tuple[tuple[int, Tile], ...]
#: The sets of one part's split as shared concealed blocks: its chows, then its pungs, by tile.
_PartSets = tuple[tuple["Block", ...], tuple["Block", ...]]


def _part_sets(split: _Split) -> _PartSets:
    """The blocks of a split of one part; equal chows are told apart by their slot."""
    chows = tuple(_block(Kind.CHOW, tile, True, False, False, i) for i, (kind, tile) in enumerate(split) if kind == 0)
    return chows, tuple(_block(Kind.PUNG, tile, True, False, False, 0) for kind, tile in split if kind == 1)


def _by_suit(tiles: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], ...]:
    """Sorted tiles cut into the three suits and the honours."""
    a = bisect_left(tiles, 9)
    b = bisect_left(tiles, 18, a)
    c = bisect_left(tiles, 27, b)
    return tiles[:a], tiles[a:b], tiles[b:c], tiles[c:]


@lru_cache(maxsize=PATTERNS)
def _part_readings(tiles: tuple[Tile, ...]) -> tuple[tuple[Tile | None, tuple[_PartSets, ...]], ...]:
    """The ways to read the sorted tiles of one suit, or of the honours, as sets and at most one pair:
    (the pair, None for sets only; the splits of the rest into sets), pairs ascending. Empty when
    there is none."""
    if tiles and tiles[0] >= 27:
        counts = {t: tiles.count(t) for t in sorted(set(tiles))}
        pairs = [t for t, c in counts.items() if c % 3 == 2]
        rest = {t: c - 2 if t in pairs else c for t, c in counts.items()}
        if len(pairs) > 1 or any(c not in (0, 3) for c in rest.values()):
            return ()
        pungs = tuple((1, t) for t, c in rest.items() if c)
        return ((pairs[0] if pairs else None, (_part_sets(pungs),)),)
    suit = tiles[0] // 9 if tiles else 0
    counts = [0] * 9
    for t in tiles:
        counts[t - suit * 9] += 1
    if len(tiles) % 3 == 0:
        splits = _suit_sets(suit, tuple(counts))
        return ((None, tuple(map(_part_sets, splits))),) if splits else ()
    if len(tiles) % 3 == 1:
        return ()
    out = []
    for r in range(9):
        if counts[r] >= 2:
            splits = _suit_sets(suit, tuple(counts[:r] + [counts[r] - 2] + counts[r + 1 :]))
            if splits:
                out.append((suit * 9 + r, tuple(map(_part_sets, splits))))
    return tuple(out)


def _sets_and_pair(tiles: tuple[Tile, ...]) -> list[tuple[Tile, tuple[Block, ...], tuple[Block, ...]]]:
    """Every reading of sorted tiles as sets and one pair, as (pair, chows, pungs), each by tile: the
    pair lies in the one suit (or honour) whose count leaves 2 over 3; pairs ascending, then the splits
    suit by suit."""
    parts = [_part_readings(part) for part in _by_suit(tiles)]
    if not all(parts):
        return []
    holding = [i for i, options in enumerate(parts) if options[0][0] is not None]
    if len(holding) != 1:
        return []
    k = holding[0]
    return [
        (pair, m[0] + p[0] + s[0], m[1] + p[1] + s[1] + h[1])
        for pair, splits in parts[k]
        for m, p, s, h in product(*(splits if i == k else options[0][1] for i, options in enumerate(parts)))
    ]


# --- the shapes -----------------------------------------------------------------------------------

KNITTED_PATTERNS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(sorted(s * 9 + r - 1 for s, start in zip(order, (1, 2, 3)) for r in (start, start + 3, start + 6)))
    for order in permutations(range(3))
)
ORPHANS = tuple(sorted(TERMINALS | HONOURS))


@lru_cache(maxsize=None)
def _block(kind: int, tile: Tile, concealed: bool, melded: bool, declared: bool, slot: int) -> Block:
    """The shared block of these fields. Equal blocks of one reading must be distinct objects (the
    scorer tells blocks apart by identity), so each is asked for with a different ``slot``."""
    return Block(KINDS[kind], tile, concealed, melded, declared)


#: The concealed pair of each tile, as the ``pairs`` of a reading.
_PAIRS = tuple((_block(Kind.PAIR, t, True, False, False, 0),) for t in range(34))


def _meld_block(m: Meld, slot: int) -> Block:
    """The block of a declared set."""
    if m.kind is MeldKind.CHOW:
        return _block(Kind.CHOW, m.tiles[0], False, True, True, slot)
    if m.kind is MeldKind.PUNG:
        return _block(Kind.PUNG, m.tiles[0], False, True, True, slot)
    concealed = m.kind is MeldKind.CONCEALED_KONG
    return _block(Kind.KONG, m.tiles[0], concealed, not concealed, True, slot)


def _placements(
    shape: Shape,
    fixed: tuple[Block, ...],
    chows: tuple[Block, ...],
    pungs: tuple[Block, ...],
    pair: Tile,
    win: Tile,
    self_drawn: bool,
    knitted: tuple[Tile, ...] = (),
) -> list[Reading]:
    """Readings for each distinct block the winning tile can complete (the knitted part, a chow, the
    pung, the pair, in this order); of equal chows, the first. A pung it completes on a discard is not
    concealed. Sets are the declared ones, then the chows and the pungs by tile."""
    sets = fixed + chows + pungs
    pairs = _PAIRS[pair]
    out = [Reading(shape, sets, pairs, knitted, None)] if knitted and win in knitted else []
    base, last = len(fixed), -1
    for i, chow in enumerate(chows):
        if 0 <= win - chow.tile <= 2 and chow.tile != last:
            last = chow.tile
            out.append(Reading(shape, sets, pairs, knitted, base + i))
    base += len(chows)
    for i, pung in enumerate(pungs):
        if pung.tile == win:
            won = sets if self_drawn else sets[: base + i] + (_block(Kind.PUNG, win, False, False, False, 0),) + sets[base + i + 1 :]
            out.append(Reading(shape, won, pairs, knitted, base + i))
    if pair == win:
        out.append(Reading(shape, sets, pairs, knitted, base + len(pungs)))
    return out


def _standard(hand: Hand, tiles: tuple[Tile, ...], fixed: tuple[Block, ...]) -> list[Reading]:
    out: list[Reading] = []
    for pair, chows, pungs in _sets_and_pair(tiles):
        out.extend(_placements(Shape.STANDARD, fixed, chows, pungs, pair, hand.win_tile, hand.context.self_drawn))
    return out


def _knitted_straight(hand: Hand, tiles: tuple[Tile, ...], held: set[Tile], fixed: tuple[Block, ...]) -> list[Reading]:
    """Knitted straight readings, for at most one declared set."""
    if sum(t < 27 for t in held) < 9:  # nine different number tiles needed
        return []
    out: list[Reading] = []
    for pattern in KNITTED_PATTERNS:
        if not held.issuperset(pattern):
            continue
        rest = list(tiles)
        for t in pattern:
            rest.remove(t)
        for pair, chows, pungs in _sets_and_pair(tuple(rest)):
            out.extend(
                _placements(Shape.KNITTED_STRAIGHT, fixed, chows, pungs, pair, hand.win_tile, hand.context.self_drawn, pattern)
            )
    return out


def _seven_pairs(hand: Hand, tiles: tuple[Tile, ...], held: set[Tile]) -> list[Reading]:
    """The seven pairs reading, for a hand without declared sets."""
    if any(tiles.count(t) % 2 for t in held):
        return []
    pairs = tuple(
        _block(Kind.PAIR, t, True, False, False, copy) for t in sorted(held) for copy in range(tiles.count(t) // 2)
    )
    return [Reading(Shape.SEVEN_PAIRS, (), pairs, (), next(i for i, p in enumerate(pairs) if p.tile == hand.win_tile))]


def _thirteen_orphans(tiles: tuple[Tile, ...], held: set[Tile]) -> list[Reading]:
    """The thirteen orphans reading, for a hand without declared sets."""
    if not held.issuperset(ORPHANS) or sum(t in ORPHANS for t in tiles) != 14:
        return []
    pair = next(t for t in ORPHANS if tiles.count(t) == 2)
    return [Reading(Shape.THIRTEEN_ORPHANS, (), (_block(Kind.PAIR, pair, True, False, False, 0),), ORPHANS, None)]


def _honours_and_knitted(tiles: tuple[Tile, ...]) -> list[Reading]:
    """The honours and knitted tiles reading, for different tiles without declared sets: the suited
    ones must fit one knitted pattern."""
    suited = tuple(t for t in tiles if t < 27)
    if not any(all(t in pattern for t in suited) for pattern in KNITTED_PATTERNS):
        return []
    return [Reading(Shape.HONOURS_AND_KNITTED, (), (), suited, None)]


def readings(hand: Hand) -> list[Reading]:
    """Every distinct reading of a complete hand; empty when the tiles form no winning shape. The
    special shapes are tried only when the declared sets and the number of different kinds allow."""
    tiles = tuple(sorted((*hand.concealed, hand.win_tile)))
    held = set(tiles)
    fixed = tuple(_meld_block(m, i) for i, m in enumerate(hand.melds)) if hand.melds else ()
    out = _standard(hand, tiles, fixed)
    if not hand.melds:
        if 2 * len(held) <= len(tiles):
            out += _seven_pairs(hand, tiles, held)
        if len(held) >= 13:
            out += _thirteen_orphans(tiles, held)
        if len(held) == len(tiles):
            out += _honours_and_knitted(tiles)
    if len(hand.melds) <= 1 and len(held) >= 9:
        out += _knitted_straight(hand, tiles, held, fixed)
    return out


# --- waits ---------------------------------------------------------------------------------------


@lru_cache(maxsize=PATTERNS)
def _suit_state(counts: tuple[int, ...]) -> tuple[bool, bool]:
    """Whether one suit's counts split into sets only, and whether into sets and one pair."""
    n = sum(counts)
    if n % 3 == 0:
        return bool(suit_splits(counts)), False
    if n % 3 == 2:
        return False, any(c >= 2 and suit_splits(counts[:i] + (c - 2,) + counts[i + 1:]) for i, c in enumerate(counts))
    return False, False


class _Part(NamedTuple):
    """A suit, or one honour, that is not all sets: whether it is sets and a pair, and the tiles that
    would make it sets only or sets and a pair."""

    pair: bool
    to_sets: tuple[Tile, ...]
    to_pair: tuple[Tile, ...]


class _Group(NamedTuple):
    """What the waits need of the tiles of one suit, or of the honours: the parts that are not all
    sets, and counts for ruling out the special shapes cheaply (``knit``: the most ranks held of one
    knitted rank class; ``odd``: kinds held an odd number of times; ``orphans``: every tile a terminal
    or honour; ``singles``: no kind held twice)."""

    parts: tuple[_Part, ...]
    knit: int
    odd: int
    orphans: bool
    singles: bool


@lru_cache(maxsize=PATTERNS)
def _group(tiles: tuple[Tile, ...]) -> _Group:
    """The group of the sorted tiles of one suit, or of the honours."""
    kinds = sorted(set(tiles))
    counts = [tiles.count(t) for t in kinds]
    odd = sum(c % 2 for c in counts)
    orphans = all(t in ORPHANS for t in kinds)
    singles = all(c == 1 for c in counts)
    if tiles and tiles[0] >= 27:
        parts = tuple(_Part(c == 2, (t,) * (c == 2), (t,) * (c == 1)) for t, c in zip(kinds, counts) if c != 3)
        return _Group(parts, 0, odd, orphans, singles)
    base = tiles[0] // 9 * 9 if tiles else 0
    held = [0] * 9
    for t in tiles:
        held[t - base] += 1
    knit = max(sum(1 for r in range(c, 9, 3) if held[r]) for c in range(3))
    only_sets, pair = _suit_state(tuple(held))
    if only_sets:
        return _Group((), knit, odd, orphans, singles)
    after = [_suit_state(tuple(held[:r] + [held[r] + 1] + held[r + 1 :])) for r in range(9)]
    to_sets = tuple(base + r for r, (done, _) in enumerate(after) if done)
    to_pair = tuple(base + r for r, (_, done) in enumerate(after) if done)
    return _Group((_Part(pair, to_sets, to_pair),), knit, odd, orphans, singles)


def _groups(concealed: tuple[Tile, ...] | list[Tile]) -> tuple[_Group, ...]:
    """The groups of the three suits and the honours."""
    m, p, s, h = _by_suit(tuple(sorted(concealed)))
    return _group(m), _group(p), _group(s), _group(h)


def _standard_waits(groups: tuple[_Group, ...]) -> tuple[Tile, ...]:
    """The tiles that complete four sets and a pair: with one unfinished part, those that make it
    sets and a pair; with two, those that make one sets only while the other is sets and a pair."""
    parts = [part for g in groups for part in g.parts]
    if len(parts) == 1:
        return parts[0].to_pair
    if len(parts) == 2:
        p, q = parts
        return (p.to_sets if q.pair else ()) + (q.to_sets if p.pair else ())
    return ()


def _pair_and_sets(counts: list[int]) -> bool:
    """Whether the counts split into one pair and sets: every suit splits into sets, but one that
    splits into sets and the pair."""
    pair = False
    for s in range(3):
        only_sets, with_pair = _suit_state(tuple(counts[s * 9 : s * 9 + 9]))
        if only_sets:
            continue
        if with_pair and not pair:
            pair = True
            continue
        return False
    for t in range(27, 34):
        c = counts[t]
        if c == 0 or c == 3:
            continue
        if c == 2 and not pair:
            pair = True
            continue
        return False
    return pair


def _special_waits(concealed: tuple[Tile, ...] | list[Tile], groups: tuple[_Group, ...], melds: int) -> set[Tile]:
    """The tiles that complete 13 tiles (with ``melds`` declared sets, at most one) into a knitted
    straight, seven pairs, thirteen orphans or honours and knitted tiles. Each shape is tried only when
    the groups show the tiles could be one short of it, which is rare."""
    m, p, s, h = groups
    knitted = m.knit + p.knit + s.knit >= 8
    pairs = melds == 0 and m.odd + p.odd + s.odd + h.odd == 1
    orphans = melds == 0 and m.orphans and p.orphans and s.orphans and h.orphans
    singles = melds == 0 and m.singles and p.singles and s.singles and h.singles
    out: set[Tile] = set()
    if not (knitted or pairs or orphans or singles):
        return out
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    if knitted:
        out |= _knitted_straight_waits(counts)
    if pairs:
        out.add(next(t for t in range(34) if counts[t] % 2))
    if orphans:
        out |= _thirteen_orphans_waits(counts)
    if singles:
        out |= _honours_and_knitted_waits(counts)
    return out


def _knitted_straight_waits(counts: list[int]) -> set[Tile]:
    """For each knitted pattern held but for one tile, that tile when the rest is sets and a pair; for
    each pattern held whole, the tiles that make the rest sets and a pair."""
    out: set[Tile] = set()
    for pattern in KNITTED_PATTERNS:
        present = [t for t in pattern if counts[t]]
        if len(present) < 8:
            continue
        for t in present:
            counts[t] -= 1
        if len(present) == 9:
            out.update(_standard_waits(_groups([t for t in range(34) for _ in range(counts[t])])))
        elif _pair_and_sets(counts):
            out.update(t for t in pattern if t not in present)
        for t in present:
            counts[t] += 1
    return out


def _thirteen_orphans_waits(counts: list[int]) -> set[Tile]:
    """For 13 terminals and honours: all of them when each is held once, the missing one when all but
    one are held."""
    if sum(counts) != 13:
        return set()
    missing = {t for t in ORPHANS if not counts[t]}
    return set(ORPHANS) if not missing else missing if len(missing) == 1 else set()


def _honours_and_knitted_waits(counts: list[int]) -> set[Tile]:
    """When no kind is held twice and the suited tiles fit knitted patterns: the honours and the tiles
    of those patterns not held."""
    if any(c > 1 for c in counts):
        return set()
    suited = {t for t in range(27) if counts[t]}
    fitting = [pattern for pattern in KNITTED_PATTERNS if suited.issubset(pattern)]
    if not fitting:
        return set()
    return {t for t in (*range(27, 34), *(t for pattern in fitting for t in pattern)) if not counts[t]}


def waits(concealed: tuple[Tile, ...] | list[Tile], melds: int = 0, limit: int = 34, near: Tile | None = None) -> tuple[Tile, ...]:
    """The tile kinds that complete 13 tiles (``concealed`` plus ``melds`` declared sets), in any shape,
    kinds whose four copies the hand holds included (RULINGS 3); at most ``limit`` of them, in tile
    order, or with ``near`` nearest to that tile first (its suit first, then by distance).

    Each suit's (and the honours') waits are looked up once; the special shapes are tried only when
    cheap prechecks allow."""
    groups = _groups(concealed)
    found = set(_standard_waits(groups))
    if melds <= 1:
        found |= _special_waits(concealed, groups, melds)
    if near is None:
        return tuple(sorted(found)[:limit])
    side = near // 9
    return tuple(sorted(found, key=lambda t: (t // 9 != side, abs(t - near), t))[:limit])
