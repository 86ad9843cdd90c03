"""Players: a callable that is given its observation (with the legal actions) and returns one of them.
Built in: a random legal player; a shanten-greedy one that discards toward the fewest tiles from
ready, claims only what brings it closer, and prefers waits that reach the rule set's minimum; the same
by shanten alone (``shanten``: a baseline that never weighs points); and the expert (``expert``)."""
from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from operator import attrgetter, itemgetter

from ..analysis.incremental import Tracked
from ..analysis.parts import Counts
from ..analysis.waits import winning_tiles
from ..core.context import Context
from ..core.hand import Meld, MeldKind
from ..core.memo import Memo
from ..core.tiles import FLOWER_BASE, KINDS_COUNT
from .actions import DISCARD_OF, Action, ActionKind, Phase
from .attacker import attacker_player
from .expert import expert_player
from .observation import Observation
from .plan import NEAR, counts_of
from .weighed import WEIGHED_KEPT, count_scoring, weighed_of
from .winning import GameRules, RulesLike, as_game_rules

Player = Callable[[Observation], Action]
"""A player: given what its seat may see, the action it takes (one of ``observation.legal``)."""
#: The kongs of one's own turn.
_KONGS = frozenset({ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG})
#: Kinds and phases the greedy player looks for at every choice.
_KIND = attrgetter("kind")
_TILE = itemgetter(1)
_TAKEN_FIRST = frozenset({ActionKind.FLOWER, ActionKind.DRAW})
_CLAIMING = frozenset({Phase.CLAIMS, Phase.ROB})
#: The set a claim makes.
_MELD_OF = {ActionKind.CHOW: MeldKind.CHOW, ActionKind.PUNG: MeldKind.PUNG, ActionKind.KONG: MeldKind.KONG}


def random_player(seed: int | str = 0) -> Player:
    """Picks uniformly among the legal actions, but always takes a win."""
    rng = random.Random(seed)

    def play(obs: Observation) -> Action:
        for action in obs.legal:
            if action.kind == ActionKind.WIN:
                return action
        return rng.choice(obs.legal)
    return play


def _plain(hand: Sequence[int]) -> list[int]:
    """The tiles of ``hand`` without its flowers (a copy; a scan in C first: most hands hold none)."""
    return list(hand) if max(hand, default=0) < FLOWER_BASE else [t for t in hand if t < FLOWER_BASE]


def _own_melds(obs: Observation) -> tuple[Meld, ...]:
    return obs.melds[obs.player]


def _part_order(key: tuple[int, Counts]) -> tuple[tuple[int, int], ...]:
    """(isolation, tile) of each kind held in part ``key[0]`` (0..2 the suits, 3 the honours) whose
    counts are ``key[1]``: a tile's isolation is ``plan.touching``, which reads its own part alone."""
    g, held = key
    base = 9 * g
    padded = [0] * (KINDS_COUNT + 1)  # a 0 at KINDS_COUNT, where NEAR points past a suit's end
    padded[base:base + len(held)] = held
    return tuple([(padded[t] - 1 + 2 * (padded[b] + padded[c]) + padded[a] + padded[d], t)
                  for t in range(base, base + len(held)) if padded[t] for a, b, c, d in (NEAR[t],)])


#: ``_part_order`` of the parts players meet, remembered (few suit patterns recur, bounded as the
#: analysis' memos are).
_PART_ORDERS: Memo[tuple[int, Counts], tuple[tuple[int, int], ...]] = Memo(_part_order, WEIGHED_KEPT)


def _discard_order(hand: Tracked) -> list[tuple[int, int]]:
    """(isolation, tile) of each kind ``hand`` holds, least connected first: each part's looked up."""
    groups = hand.groups
    orders = _PART_ORDERS
    return sorted(orders[0, groups[0]] + orders[1, groups[1]] + orders[2, groups[2]] + orders[3, groups[3]])


class GreedyPlayer:
    """Shanten-greedy: wins whenever it may; otherwise discards the tile that leaves the fewest tiles
    from ready (ties: the waits that reach the minimum, then the least connected tile); declares a
    kong or claims a set only when that does not leave it farther from ready, and, once ready after a
    claim, only when a wait would reach the minimum (scored with the table's rules)."""

    #: Whether ready hands are weighed by the waits that reach the minimum (False: shanten alone).
    weigh_points = True

    def __init__(self, rules: RulesLike = "mcr") -> None:
        self.rules = rules = as_game_rules(rules)
        self.weighed = weighed_of(rules)
        #: The 13 tiles left by the last discard on a turn, the same tracked (``_drawn_to``) and their
        #: shanten; the tiles left by the set last claimed, tracked (its turn weighs them again).
        self._kept: tuple[list[int], Tracked, int] | None = None
        self._claimed: tuple[list[int], Tracked] | None = None

    def shanten(self, tiles: list[int], melds: int) -> int:
        """Shanten of ``tiles`` (in order) with ``melds`` sets, remembered: the hands a player weighs
        come back turn after turn (discarding the drawn tile leaves the hand it had)."""
        return self.weighed.shanten[tuple(tiles), melds]

    def __call__(self, obs: Observation) -> Action:
        legal = obs.legal
        kinds = set(map(_KIND, legal))
        if ActionKind.WIN in kinds:
            return next(a for a in legal if a.kind == ActionKind.WIN)
        if not kinds.isdisjoint(_TAKEN_FIRST):
            return legal[0]
        if obs.phase in _CLAIMING:
            return self._claim(obs)
        return self._turn(obs, not kinds.isdisjoint(_KONGS))

    def _best_discard(self, tiles: list[int], melds: tuple[Meld, ...], obs: Observation,
                      hand: Tracked | None = None, weigh_one: bool = True) -> tuple[int, int, int]:
        """(shanten, -minimum-reaching waits, tile) of the best discard from ``tiles`` (``hand``: the
        same tiles tracked, when the caller has them): the fewest tiles from ready, then (once ready)
        the most waits that reach the minimum, then the least connected tile. The 14 tiles' own shanten
        is the best a discard can reach, so away from ready the least connected tile that reaches it is
        taken without weighing the others. The waits are scored only where they may change the choice:
        not for a lone ready discard unless ``weigh_one`` (its count is then given as 0)."""
        if hand is None:
            hand = Tracked.of_counts(counts_of(tiles), len(melds))
        # by shanten alone, the first ready discard in order is the choice; by points, every one counts
        best, choice, ready = hand.least_discard(map(_TILE, _discard_order(hand)), not self.weigh_points)
        if best != 0 or not self.weigh_points or (len(ready) == 1 and not weigh_one):
            return best, 0, choice
        most, tile = self._most_scoring(ready, tiles, melds, obs)
        return 0, -most, tile

    def _most_scoring(self, ready: list[int], tiles: list[int], melds: tuple[Meld, ...],
                      obs: Observation) -> tuple[int, int]:
        """(most minimum-reaching waits, discard) of the ready discards ``ready`` (in the order of
        choice): a later one is taken only with more, and one whose waits, all scoring, could not beat
        the best so far is not scored, nor the rest of its waits once they could not (each ready hand's
        waits are found once, and only on a miss of the players' memo; a count is remembered only whole)."""
        weighed = self.weighed.scoring_waits
        ctx = self._context(obs)
        sets = len(melds)
        best, most = ready[0], -1
        for t in ready:
            rest = list(tiles)
            rest.remove(t)
            key = (tuple(rest), melds, ctx)
            good = weighed.get(key)
            if good is None:
                found = winning_tiles(rest, sets)
                if len(found) <= most:
                    continue  # at most all its waits score, and a tie goes to the tile weighed first
                good = count_scoring(self.rules, key, found, most)
                if good is None:
                    continue  # its waits stopped being scored once they could not beat the best
                weighed.keep(key, good)
            if good > most:
                best, most = t, good
        return most, best

    def _context(self, obs: Observation) -> Context:
        """The context of a win of this seat on a discard, as the scoring of its waits reads it (shared:
        few winds and flower counts recur)."""
        player = obs.player
        return Context.of({"seat_wind": obs.seat_winds[player], "prevalent_wind": obs.prevalent_wind, "flowers": obs.flowers[player]})

    def _turn(self, obs: Observation, kongs: bool = True) -> Action:
        """The discard (or kong: only when ``kongs``, whether one is legal) of a turn."""
        tiles = _plain(obs.hand)
        melds = _own_melds(obs)
        hand = self._drawn_to(obs.drawn, tiles, len(melds)) or self._after_claim(tiles, len(melds)) or \
            Tracked.of_counts(counts_of(tiles), len(melds))
        s, _, tile = self._best_discard(tiles, melds, obs, hand, weigh_one=False)
        for action in obs.legal if kongs else ():
            if action.kind in _KONGS and action.tile is not None:
                rest = [t for t in tiles if t != action.tile]
                extra = 0 if action.kind == ActionKind.ADDED_KONG else 1
                if self.shanten(rest, len(melds) + extra) <= s:
                    return action
        rest = list(tiles)
        rest.remove(tile)
        self._kept = (rest, hand.discard(tile), s)
        return DISCARD_OF[obs.player][tile]

    def _drawn_to(self, drawn: int | None, tiles: list[int], melds: int) -> Tracked | None:
        """The tracked ``tiles`` of this turn from the 13 the player kept at its last discard and the
        tile it drew (one part of the hand looked up again), or None when they are not those (after a
        claim or a kong, on a first turn)."""
        kept = self._kept
        if kept is None or drawn is None or drawn >= KINDS_COUNT or kept[1].melds != melds:
            return None
        before, hand, _ = kept
        i = bisect_right(before, drawn)
        if before[:i] + [drawn] + before[i:] != tiles:
            return None
        return hand.draw(drawn)

    def _after_claim(self, tiles: list[int], melds: int) -> Tracked | None:
        """The tracked ``tiles`` of the turn after a claim: the hand the claim was weighed with (None
        when they are not those)."""
        claimed, self._claimed = self._claimed, None
        if claimed is None or claimed[0] != tiles or claimed[1].melds != melds:
            return None
        return claimed[1]

    def _claim(self, obs: Observation) -> Action:
        tiles = _plain(obs.hand)
        melds = _own_melds(obs)
        kept = self._kept
        if kept is not None and kept[0] == tiles and kept[1].melds == len(melds):
            _, held, now = kept  # the tiles of its last discard, as a rule
        else:
            held = Tracked.of_counts(counts_of(tiles), len(melds))
            now = held.shanten()
        best: tuple[int, int, Action, list[int], Tracked] | None = None
        for action in obs.legal:
            if action.kind == ActionKind.PASS or action.tile is None:
                continue
            kind = _MELD_OF[action.kind]
            used = [t for t in action.tiles if t != action.tile] if kind is MeldKind.CHOW else \
                [action.tile] * (3 if kind is MeldKind.KONG else 2)
            rest = list(tiles)
            for t in used:
                rest.remove(t)
            hand = held.declared(used)
            own = hand.shanten()
            if kind is MeldKind.KONG:
                s, good = own, 0
                if s > now:
                    continue
            elif own >= now:
                continue  # no discard goes below the 14 tiles' own shanten: not closer than now
            else:
                meld = Meld(kind, action.tiles or (action.tile,) * (len(used) + 1), "left")
                s, bad_good, _ = self._best_discard(rest, melds + (meld,), obs, hand)
                good = -bad_good
                if s >= now or (s == 0 and good == 0 and self.weigh_points):
                    continue
            if best is None or (s, -good) < best[:2]:
                best = (s, -good, action, rest, hand)
        if best is None:
            return next(a for a in obs.legal if a.kind == ActionKind.PASS)
        self._claimed = (best[3], best[4])
        return best[2]


class ShantenPlayer(GreedyPlayer):
    """Shanten alone: the greedy player without the points (its ready hands and claims are not weighed
    by the waits that reach the minimum), the baseline the expert is measured against."""

    weigh_points = False


def greedy_player(rules: RulesLike = "mcr", seed: int | str = 0) -> Player:
    """A GreedyPlayer: deterministic, so ``seed`` (taken for the common factory signature) is unused."""
    return GreedyPlayer(rules)


PLAYERS: dict[str, Callable[[GameRules, int | str], Player]] = {
    "random": lambda rules, seed: random_player(seed),
    "greedy": greedy_player,
    "shanten": lambda rules, seed: ShantenPlayer(rules),
    "expert": expert_player,
    "attacker": attacker_player,
}


__all__ = ["greedy_player", "GreedyPlayer", "Player", "PLAYERS", "random_player", "ShantenPlayer"]
