"""Every winning reading of a complete hand, and the waits of a 13-tile hand."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import lru_cache
from itertools import permutations, product

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

    @property
    def tiles(self) -> tuple[Tile, ...]:
        k = self.kind
        if k is Kind.CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (3 if k is Kind.PUNG else 4 if k is Kind.KONG else 2)

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


# --- splitting one suit's counts into sets -------------------------------------------------------


@lru_cache(maxsize=None)
def suit_splits(counts: tuple[int, ...], honours: bool = False) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way to split the counts of one suit (9 ranks, or one honour) into pungs and chows.
    Each split is a sorted tuple of (kind, index) with kind 0 chow, 1 pung."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return ((),)
    out: set[tuple[tuple[int, int], ...]] = set()
    rest = list(counts)
    if counts[first] >= 3:
        rest[first] -= 3
        for tail in suit_splits(tuple(rest), honours):
            out.add(tuple(sorted(((1, first),) + tail)))
        rest[first] += 3
    if not honours and first + 2 < len(counts) and counts[first + 1] and counts[first + 2]:
        rest[first] -= 1
        rest[first + 1] -= 1
        rest[first + 2] -= 1
        for tail in suit_splits(tuple(rest), honours):
            out.add(tuple(sorted(((0, first),) + tail)))
    return tuple(sorted(out))


@lru_cache(maxsize=None)
def _suit_sets(suit: int, counts: tuple[int, ...]) -> tuple[tuple[tuple[int, Tile], ...], ...]:
    """The splits of one number suit's counts, as (kind, tile) pairs."""
    return tuple(tuple((k, suit * 9 + i) for k, i in split) for split in suit_splits(counts))


def _set_splits(counts: list[int]) -> list[list[tuple[int, Tile]]]:
    """Every split of 34 counts into sets only, as lists of (kind, tile)."""
    per_suit = []
    for s in range(3):
        splits = _suit_sets(s, tuple(counts[s * 9 : s * 9 + 9]))
        if not splits:
            return []
        per_suit.append(splits)
    honours: list[tuple[int, Tile]] = []
    for t in range(27, 34):
        c = counts[t]
        if c == 3:
            honours.append((1, t))
        elif c:
            return []
    return [[*a, *b, *c, *honours] for a, b, c in product(*per_suit)]


def _pair_candidates(counts: list[int]) -> list[Tile]:
    """The tiles that can be the pair of four sets and a pair: all in the one suit (or honour) whose
    count leaves 2 over 3, when exactly one does."""
    parts = [(range(s * 9, s * 9 + 9), sum(counts[s * 9 : s * 9 + 9])) for s in range(3)]
    parts += [(range(t, t + 1), counts[t]) for t in range(27, 34)]
    holding = [tiles for tiles, n in parts if n % 3 == 2]
    if len(holding) != 1 or any(n % 3 == 1 for _, n in parts):
        return []
    return [t for t in holding[0] if counts[t] >= 2]


def can_split_into_sets(counts: list[int]) -> bool:
    """Whether the counts split into sets only (no pair)."""
    for s in range(3):
        if not suit_splits(tuple(counts[s * 9 : s * 9 + 9])):
            return False
    return all(counts[t] in (0, 3) for t in range(27, 34))


# --- the shapes -----------------------------------------------------------------------------------

KNITTED_PATTERNS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(sorted(s * 9 + r - 1 for s, start in zip(order, (1, 2, 3)) for r in (start, start + 3, start + 6)))
    for order in permutations(range(3))
)
ORPHANS = tuple(sorted(TERMINALS | HONOURS))


def _meld_block(m: Meld) -> Block:
    if m.kind is MeldKind.CHOW:
        return Block(Kind.CHOW, m.tiles[0], False, True, True)
    if m.kind is MeldKind.PUNG:
        return Block(Kind.PUNG, m.tiles[0], False, True, True)
    concealed = m.kind is MeldKind.CONCEALED_KONG
    return Block(Kind.KONG, m.tiles[0], concealed, not concealed, True)


def _placements(
    shape: Shape,
    fixed: tuple[Block, ...],
    loose: list[tuple[int, Tile]],
    pair: Tile,
    win: Tile,
    self_drawn: bool,
    knitted: tuple[Tile, ...] = (),
) -> list[Reading]:
    """Readings for each distinct block the winning tile can complete."""
    out: list[Reading] = []
    seen: set[tuple[int, Tile]] = set()
    candidates: list[tuple[int, Tile] | None] = []
    if knitted and win in knitted:
        candidates.append(None)
    for kind, tile in loose + [(3, pair)]:
        holds = win == tile if kind else 0 <= win - tile <= 2
        if holds and (kind, tile) not in seen:
            seen.add((kind, tile))
            candidates.append((kind, tile))
    ordered = sorted(loose)
    for cand in candidates:
        sets = list(fixed)
        win_index = None
        for kind, tile in ordered:
            is_win = cand == (kind, tile) and win_index is None
            concealed = not (is_win and kind == 1 and not self_drawn)
            if is_win:
                win_index = len(sets)
            sets.append(Block(KINDS[kind], tile, concealed))
        pair_block = Block(Kind.PAIR, pair, True)
        if cand == (3, pair):
            win_index = len(sets)
        out.append(Reading(shape, tuple(sets), (pair_block,), knitted, win_index))
    return out


def _standard(hand: Hand, counts: list[int]) -> list[Reading]:
    fixed = tuple(_meld_block(m) for m in hand.melds)
    out: list[Reading] = []
    for pair in _pair_candidates(counts):
        counts[pair] -= 2
        for split in _set_splits(counts):
            out.extend(_placements(Shape.STANDARD, fixed, split, pair, hand.win_tile, hand.context.self_drawn))
        counts[pair] += 2
    return out


def _knitted_straight(hand: Hand, counts: list[int]) -> list[Reading]:
    if len(hand.melds) > 1 or sum(map(bool, counts[:27])) < 9:  # nine different number tiles needed
        return []
    fixed = tuple(_meld_block(m) for m in hand.melds)
    out: list[Reading] = []
    for pattern in KNITTED_PATTERNS:
        if not all(counts[t] for t in pattern):
            continue
        for t in pattern:
            counts[t] -= 1
        for pair in _pair_candidates(counts):
            counts[pair] -= 2
            for split in _set_splits(counts):
                out.extend(
                    _placements(Shape.KNITTED_STRAIGHT, fixed, split, pair, hand.win_tile, hand.context.self_drawn, pattern)
                )
            counts[pair] += 2
        for t in pattern:
            counts[t] += 1
    return out


def _seven_pairs(hand: Hand, counts: list[int]) -> list[Reading]:
    if hand.melds or any(c % 2 for c in counts):
        return []
    pairs = tuple(Block(Kind.PAIR, t, True) for t in range(34) for _ in range(counts[t] // 2))
    return [Reading(Shape.SEVEN_PAIRS, (), pairs, (), next(i for i, p in enumerate(pairs) if p.tile == hand.win_tile))]


def _thirteen_orphans(hand: Hand, counts: list[int]) -> list[Reading]:
    if hand.melds or any(counts[t] == 0 for t in ORPHANS) or sum(counts[t] for t in ORPHANS) != 14:
        return []
    pair = next(t for t in ORPHANS if counts[t] == 2)
    return [Reading(Shape.THIRTEEN_ORPHANS, (), (Block(Kind.PAIR, pair, True),), ORPHANS, None)]


def _knitted_pattern_of(counts: list[int]) -> tuple[Tile, ...] | None:
    """The knitted pattern that holds every suited tile, when all 14 tiles differ."""
    if any(c > 1 for c in counts):
        return None
    suited = [t for t in range(27) if counts[t]]
    for pattern in KNITTED_PATTERNS:
        if all(t in pattern for t in suited):
            return tuple(suited)
    return None


def _honours_and_knitted(hand: Hand, counts: list[int]) -> list[Reading]:
    if hand.melds:
        return []
    suited = _knitted_pattern_of(counts)
    if suited is None:
        return []
    return [Reading(Shape.HONOURS_AND_KNITTED, (), (), suited, None)]


SHAPES = (_standard, _seven_pairs, _thirteen_orphans, _honours_and_knitted, _knitted_straight)


def readings(hand: Hand) -> list[Reading]:
    """Every distinct reading of a complete hand; empty when the tiles form no winning shape."""
    counts = [0] * 34
    for t in hand.concealed:
        counts[t] += 1
    counts[hand.win_tile] += 1
    out: list[Reading] = []
    for shape in SHAPES:
        out.extend(shape(hand, counts))
    return out


# --- waits ---------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _suit_state(counts: tuple[int, ...]) -> tuple[bool, bool]:
    """Whether one suit's counts split into sets only, and whether into sets and one pair."""
    n = sum(counts)
    if n % 3 == 0:
        return bool(suit_splits(counts)), False
    if n % 3 == 2:
        return False, any(c >= 2 and suit_splits(counts[:i] + (c - 2,) + counts[i + 1:]) for i, c in enumerate(counts))
    return False, False


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


def _special_complete(counts: list[int], melds: int) -> bool:
    """Whether counts (14 - 3 * melds tiles) form seven pairs, thirteen orphans or a knitted shape."""
    if melds == 0:
        if all(c in (0, 2, 4) for c in counts):
            return True
        if all(counts[t] for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == 14:
            return True
        if _knitted_pattern_of(counts) is not None:
            return True
    if melds <= 1:
        for pattern in KNITTED_PATTERNS:
            if all(counts[t] for t in pattern):
                for t in pattern:
                    counts[t] -= 1
                ok = _pair_and_sets(counts)
                for t in pattern:
                    counts[t] += 1
                if ok:
                    return True
    return False


def _special_waits(counts: list[int], melds: int) -> set[Tile]:
    """The tiles that complete 13 tiles into seven pairs, thirteen orphans or a knitted shape. Each
    shape is tried only when the tiles are one short of it, which is rare."""
    out: set[Tile] = set()
    if melds <= 1 and any(sum(1 for t in pattern if counts[t]) >= 8 for pattern in KNITTED_PATTERNS):
        out.update(t for t in range(34) if _completes(counts, t, melds))
    if melds:
        return out
    odd = [t for t in range(34) if counts[t] % 2]
    if len(odd) == 1:
        out.add(odd[0])
    if all(counts[t] == 0 for t in range(34) if t not in ORPHANS):
        out.update(t for t in ORPHANS if _completes(counts, t, melds))
    if all(c <= 1 for c in counts):
        out.update(t for t in range(34) if _completes(counts, t, melds))
    return out


def _completes(counts: list[int], tile: Tile, melds: int) -> bool:
    counts[tile] += 1
    ok = _special_complete(counts, melds)
    counts[tile] -= 1
    return ok


def _neighbours(counts: list[int]) -> set[Tile]:
    """Tile kinds that could complete sets and a pair: within two ranks of a held number tile, or a
    held honour."""
    out: set[Tile] = set()
    for t in range(27):
        if counts[t]:
            s, r = divmod(t, 9)
            out.update(s * 9 + i for i in range(max(0, r - 2), min(8, r + 2) + 1))
    out.update(t for t in range(27, 34) if counts[t])
    return out


def waits(concealed: tuple[Tile, ...] | list[Tile], melds: int = 0, limit: int = 34, near: Tile | None = None) -> tuple[Tile, ...]:
    """The tile kinds that complete 13 tiles (``concealed`` plus ``melds`` declared sets), in any shape,
    kinds whose four copies the hand holds included (RULINGS 3); stops after ``limit`` kinds. With
    ``near``, candidates are tried nearest to that tile first (the order of the result follows).

    For four sets and a pair, each suit's state (sets only / sets and the pair) is looked up once, and a
    candidate tile changes only the state of its own suit."""
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    suits = [tuple(counts[s * 9 : s * 9 + 9]) for s in range(3)]
    states = [_suit_state(p) for p in suits] + [(c == 0 or c == 3, c == 2) for c in counts[27:]]
    unfinished = [i for i, (only_sets, _) in enumerate(states) if not only_sets]
    special = _special_waits(counts, melds)
    # A tile completes four sets and a pair only in a suit (or honour) that is not already all sets.
    parts = set(unfinished)
    candidates = sorted({t for t in _neighbours(counts) if (t // 9 if t < 27 else t - 24) in parts} | special)
    if near is not None:
        candidates.sort(key=lambda t: (t // 9 != near // 9, abs(t - near)))
    out = []
    for t in candidates:
        if t < 27:
            part, rank = divmod(t, 9)
            held = suits[part]
            new = _suit_state(held[:rank] + (held[rank] + 1,) + held[rank + 1 :])
        else:
            part, c = t - 24, counts[t] + 1
            new = (c == 3, c == 2)
        others = [i for i in unfinished if i != part]
        standard = (new[1] and not others) or (new[0] and len(others) == 1 and states[others[0]][1])
        if standard or t in special:
            out.append(t)
            if len(out) >= limit:
                break
    return tuple(out)
