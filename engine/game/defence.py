"""What a player can read of the table from its chair: the live copies of each tile (four less those it
sees: every discard, every face-up set, its own tiles), how threatening each opponent looks, and how
dangerous each tile is to discard. The model is simple on purpose, so that a reason can say it:

- an opponent's threat grows with the sets it has declared and with the discards it has made (a hand
  that has drawn long is more likely ready), and is capped at 1;
- a tile's danger to one opponent starts from how many waits can take it (a middle rank more than a
  terminal, a suited tile more than an honour, which only a pair can wait on), falls with its live
  copies (a tile no one else can hold is safe as a pair or pung wait), halves when that opponent
  discarded it itself, and follows a one-suit table: when every set it declared is of one suit, tiles
  of that suit and honours are dangerous and the other suits nearly safe;
- a tile's danger is the sum over opponents of threat times danger."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..core.hand import Meld
from ..core.tiles import COPIES, FIRST_HONOUR, FLOWER_BASE, KINDS_COUNT, SUIT_OF, TILE_CODES
from .observation import Observation

#: Threat of an opponent per declared set and per discard beyond the first DISCARDS_QUIET.
THREAT_PER_SET = 0.2
THREAT_PER_DISCARD = 0.05
DISCARDS_QUIET = 6
#: Danger of a suited tile by rank 1..9 when all its copies may be held; an honour's.
RANK_DANGER = (0.6, 0.8, 1.0, 1.0, 1.0, 1.0, 1.0, 0.8, 0.6)
HONOUR_DANGER = 0.6
#: Danger left to a suited tile with no live copy (chow waits still take it).
DEAD_SUITED = 0.6
#: Factors: a tile the opponent discarded itself; a tile off (on) a one-suit table's suit.
OWN_DISCARD = 0.5
OFF_SUIT = 0.1
ON_SUIT = 1.5


class Threat(NamedTuple):
    """One opponent as the model sees it: how likely ready (0..1), its sets shown, its discards, and
    the one suit every declared set is of (None: no such suit)."""

    player: int
    level: float
    sets: int
    discards: int
    suit: int | None

    def why(self) -> str:
        suit = f", sets all in {'mps'[self.suit]}" if self.suit is not None else ""
        return f"player {self.player} ({self.sets} sets shown, {self.discards} discards{suit})"


def _one_suit(melds: tuple[Meld, ...]) -> int | None:
    """The suit every face-up set is of, with two sets or more; honour sets go with any suit."""
    suits = {SUIT_OF[m.tiles[0]] for m in melds if m.tiles and m.tiles[0] < FIRST_HONOUR}
    shown = sum(1 for m in melds if m.tiles)
    return next(iter(suits)) if len(suits) == 1 and shown >= 2 else None


@dataclass(frozen=True)
class TableView:
    """The table from one chair: ``live[t]`` copies of tile t that may still come, each opponent's Threat,
    each player's discards (``danger`` remembers each tile's, asked for every discard a turn weighs)."""

    live: tuple[int, ...]
    threats: tuple[Threat, ...]
    discarded: tuple[tuple[int, ...], ...]
    dangers: dict[int, float] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @classmethod
    def of(cls, obs: Observation) -> TableView:
        seen = [0] * (KINDS_COUNT + 1)  # the last counts nothing: a flower's tile (FLOWER_BASE and above) is left out
        for t in obs.hand:
            seen[t if t < FLOWER_BASE else KINDS_COUNT] += 1
        for pool in obs.discards:
            for t in pool:
                seen[t] += 1
        for melds in obs.melds:
            for m in melds:
                for t in m.tiles:
                    seen[t] += 1
        threats = []
        player, pools = obs.player, obs.discards
        for p, melds in enumerate(obs.melds):
            if p == player:
                continue
            sets, discards = len(melds), len(pools[p])
            level = min(1.0, THREAT_PER_SET * sets + THREAT_PER_DISCARD * max(0, discards - DISCARDS_QUIET))
            threats.append(Threat(p, level, sets, discards, _one_suit(melds) if sets >= 2 else None))
        del seen[KINDS_COUNT]
        return cls(tuple([COPIES - s if s < COPIES else 0 for s in seen]), tuple(threats), pools)

    @property
    def most(self) -> Threat | None:
        """The most threatening opponent."""
        return max(self.threats, key=lambda t: t.level, default=None)

    def danger_to(self, threat: Threat, tile: int) -> float:
        """How dangerous discarding ``tile`` is to one opponent, were it ready."""
        live = self.live[tile]
        base = HONOUR_DANGER * live / (COPIES - 1) if tile >= FIRST_HONOUR else RANK_DANGER[tile % 9] * (1.0 if live else DEAD_SUITED)
        if tile in self.discarded[threat.player]:
            base *= OWN_DISCARD
        if threat.suit is not None:
            base *= ON_SUIT if tile >= FIRST_HONOUR or SUIT_OF[tile] == threat.suit else OFF_SUIT
        return base

    def danger(self, tile: int) -> float:
        """The danger of discarding ``tile``: threat times danger, summed over the opponents (0 while
        none threatens; ``danger_to`` written out, in its order of products)."""
        found = self.dangers.get(tile)
        if found is None:
            live = self.live[tile]
            honour = tile >= FIRST_HONOUR
            first = HONOUR_DANGER * live / (COPIES - 1) if honour else RANK_DANGER[tile % 9] * (1.0 if live else DEAD_SUITED)
            found = 0.0
            for threat in self.threats:
                if not threat.level:
                    continue  # adds 0
                base = first
                if tile in self.discarded[threat.player]:
                    base *= OWN_DISCARD
                if threat.suit is not None:
                    base *= ON_SUIT if honour or SUIT_OF[tile] == threat.suit else OFF_SUIT
                found += threat.level * base
            self.dangers[tile] = found
        return found

    def safest_why(self, tile: int) -> str:
        threat = self.most
        left = f"{self.live[tile]} live cop{'y' if self.live[tile] == 1 else 'ies'} of {TILE_CODES[tile]}"
        return f"{left}; most threatening: {threat.why()}" if threat is not None else left
