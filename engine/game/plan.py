"""The hand type the expert builds, told by the tiles alone (never by a fan's name): one suit with
honours, pungs, or all five kinds of tile (three suits, winds, dragons)."""
from __future__ import annotations

from dataclasses import dataclass

from ..core.hand import Meld, MeldKind
from ..core.tiles import FIRST_HONOUR, KINDS_COUNT, SUIT_OF, WINDS
from .actions import ActionKind

Tiles = tuple[int, ...]
#: Tiles of 14 (sets counted as three) in one suit with the honours from which a one-suit hand is built.
FLUSH_FROM = 10
#: Pairs and pungs (held or declared) from which a hand of pungs is built.
PUNGS_FROM = 3
#: Honour tiles (winds and dragons, both held) from which a hand of all five kinds is kept without an
#: honour pair yet.
MIXED_HONOURS = 3
#: How many times the plan's bonus the last tile of a kind a mixed hand keeps is worth.
MIXED_KEEP = 4


def counts_of(tiles: Tiles | list[int]) -> list[int]:
    """How many of each tile kind ``tiles`` holds."""
    counts = [0] * KINDS_COUNT
    for t in tiles:
        counts[t] += 1
    return counts


#: Of each kind, the kinds of its suit two and one ranks below and one and two above, or KINDS_COUNT
#: where the suit has none or the kind is an honour (a caller may pad its counts with a 0 there).
NEAR = tuple(tuple(t + d if t < FIRST_HONOUR and 0 <= t % 9 + d <= 8 else KINDS_COUNT for d in (-2, -1, 1, 2))
             for t in range(KINDS_COUNT))


def touching(tile: int, counts: list[int]) -> int:
    """How many other tiles of the hand ``tile`` can make a set with: its other copies, its suit's tiles
    one rank away twice, two ranks away once (lower: a better discard)."""
    near = counts[tile] - 1
    for other, weight in zip(NEAR[tile], (1, 2, 2, 1)):
        if other < KINDS_COUNT:
            near += weight * counts[other]
    return near


def group(tile: int) -> int:
    """The five kinds of tile a hand can mix: the three suits, the winds, the dragons."""
    return GROUP[tile]


#: ``group`` of each tile kind, and the kinds of each group (a range of kinds).
GROUP = tuple(SUIT_OF[t] if t < FIRST_HONOUR else (3 if t in WINDS else 4) for t in range(KINDS_COUNT))
GROUP_SPAN = tuple((GROUP.index(g), KINDS_COUNT - GROUP[::-1].index(g)) for g in range(5))


@dataclass(frozen=True)
class Plan:
    """The hand type the tiles favour: ``suit`` for a one-suit hand (with honours), ``pungs`` for a
    hand of pungs, ``mixed`` for a hand that keeps all five kinds of tile (three suits, winds,
    dragons) when it holds them all with an honour pair or MIXED_HONOURS honours; none for an ordinary
    hand."""

    suit: int | None
    pungs: bool
    mixed: bool

    @classmethod
    def of(cls, tiles: Tiles | list[int], melds: tuple[Meld, ...]) -> Plan:
        per_suit = [0, 0, 0, 0]
        groups = [0] * 5
        counts = counts_of(tiles)
        suit_of, group_of = SUIT_OF, GROUP
        for m in melds:
            for t in m.tiles[:3]:
                per_suit[suit_of[t]] += 1
                groups[group_of[t]] += 1
        for t in tiles:
            per_suit[suit_of[t]] += 1
            groups[group_of[t]] += 1
        main = max(range(3), key=lambda s: per_suit[s])
        open_suits = {suit_of[m.tiles[0]] for m in melds if m.tiles and m.tiles[0] < FIRST_HONOUR}
        suit = main if per_suit[main] + per_suit[3] >= FLUSH_FROM and open_suits <= {main} else None
        chows = any(m.kind is MeldKind.CHOW for m in melds)
        pairs = KINDS_COUNT - counts.count(0) - counts.count(1) + sum(1 for m in melds if m.kind is not MeldKind.CHOW)
        honour_pair = max(counts[FIRST_HONOUR:]) >= 2 or \
            any(m.tiles and m.tiles[0] >= FIRST_HONOUR for m in melds)
        pungs = not chows and pairs >= PUNGS_FROM
        honours = groups[3] + groups[4]
        return cls(suit, pungs, suit is None and not pungs and all(groups) and (honour_pair or honours >= MIXED_HONOURS))

    def follows(self, tile: int, counts: list[int]) -> int:
        """Whether discarding ``tile`` from ``counts`` (the 14 tiles) follows the plan (1), goes
        against it (-MIXED_KEEP: the last tile of a kind the mixed hand keeps) or neither (0)."""
        if self.suit is not None and tile < FIRST_HONOUR and SUIT_OF[tile] != self.suit:
            return 1
        if self.pungs and counts[tile] == 1:
            return 1
        if self.mixed:
            lo, hi = GROUP_SPAN[GROUP[tile]]
            if sum(counts[lo:hi]) == 1:
                return -MIXED_KEEP
        return 0

    def fits(self, kind: ActionKind, tile: int) -> bool:
        """Whether claiming ``tile`` for a set of ``kind`` builds the plan."""
        in_suit = self.suit is not None and (tile >= FIRST_HONOUR or SUIT_OF[tile] == self.suit)
        if kind is ActionKind.CHOW:
            return (in_suit or self.mixed) and not self.pungs
        return self.pungs or in_suit or self.mixed or tile >= FIRST_HONOUR

    def why(self) -> str:
        parts = ([f"building one suit ({'mps'[self.suit]})"] if self.suit is not None else []) + \
            (["building pungs"] if self.pungs else []) + (["keeping all five kinds of tile"] if self.mixed else [])
        return ", ".join(parts)
