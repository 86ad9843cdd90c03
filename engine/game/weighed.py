"""What the players of one rule set weigh, remembered across turns and games: the memos of the greedy
and expert players, kept apart from ``GameRules`` (which only says how the table plays and scores).

A ``Weighed`` holds, for one ``GameRules``, the shanten of tiles, how many waits of a ready hand reach
the minimum, and the expert's useful tiles and wins (and works out the points in reach, which are seldom
asked twice); ``weighed_of`` gives every player
of the same rules the same one, so what one player worked out serves the others and the next games.
Each memo is bounded (``WEIGHED_KEPT`` entries, then it starts afresh), so a long simulation's memory
stays flat."""
from __future__ import annotations

from collections.abc import Sequence

from ..analysis.incremental import Tracked
from ..analysis.shanten import shanten, shanten_and_useful
from ..analysis.waits import winning_tiles
from ..core.context import Context
from ..core.hand import Hand, HandError, Meld, validate
from ..core.memo import Memo
from ..core.tiles import COPIES, KINDS_COUNT
from ..scoring.reach import reach
from ..scoring.result import Result
from .plan import counts_of
from .winning import GameRules, score_win

#: How many entries a memo of what players weigh holds before it starts afresh: small enough that a
#: simulation's workers stay within the memory bound of docs/rules.md's limits, however many games.
WEIGHED_KEPT = 1 << 12
#: How many rule sets' memos are kept at once (a simulation plays one rule set, a paired one two).
RULES_KEPT = 8
Tiles = tuple[int, ...]
#: A ready hand as its waits are scored: the 13 tiles (less 3 per set), the sets, the win context.
Ready = tuple[Tiles, tuple[Meld, ...], Context]


def count_scoring(rules: GameRules, key: Ready, tiles_waits: Sequence[int], beat: int = -1) -> int | None:
    """How many of ``tiles_waits`` (the waits of ``key``'s tiles) would win (reach the minimum) on a
    discard; None as soon as the waits left could no longer bring that past ``beat`` (for a caller that
    only asks whether the tiles beat a count)."""
    tiles, melds, ctx = key
    proc = rules.procedure
    score = rules.scorer.score
    found = 0
    left = len(tiles_waits)
    for w in tiles_waits:
        if found + left <= beat:
            return None
        left -= 1
        try:  # score_win's hand and result, without the Win around them: only the points are read
            result = score(validate(Hand(tiles, melds, w, ctx)))
        except HandError:
            continue
        if (result.total_with_flowers if proc.flowers_count else result.total) >= proc.minimum:
            found += 1
    return found


def bare(result: Result, points: int, minimum: int) -> bool:
    """Whether a win is bare: ``points`` exactly the ``minimum``, from one fan scored once (bonus fans
    aside). It is the least a win can be, and what people do not open a hand for (the expert)."""
    fans = [f for f in result.fans if not f.fan.bonus]
    return points == minimum and len(fans) == 1 and fans[0].count == 1


class Weighed:
    """The players' memos for one rule set: ``shanten`` (by tiles and number of sets), ``scoring_waits``
    (by a ready hand: how many of its waits reach the minimum), and the expert's ``useful`` (shanten and
    useful tiles of 13 tiles) and ``wins`` (each wait of a ready hand, its points and whether the win is
    ``bare``)."""

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.shanten: Memo[tuple[Tiles, int], int] = Memo(_shanten, WEIGHED_KEPT)
        self.scoring_waits: Memo[Ready, int] = Memo(self._scoring_waits, WEIGHED_KEPT)
        self.useful: Memo[tuple[Tiles, int], tuple[int, Tiles]] = Memo(self._useful, WEIGHED_KEPT)
        self.wins: Memo[Ready, tuple[tuple[int, int, bool], ...]] = Memo(self._wins, WEIGHED_KEPT)

    def _scoring_waits(self, key: Ready) -> int:
        found = count_scoring(self.rules, key, winning_tiles(key[0], len(key[1])))
        assert found is not None  # nothing to beat: every wait is scored
        return found

    @staticmethod
    def _useful(key: tuple[Tiles, int], tracked: Tracked | None = None) -> tuple[int, Tiles]:
        tiles, melds = key
        found = (tracked or Tracked.of_counts(counts_of(tiles), melds)).useful()  # None only where a knitted shape may be at the least
        s, kinds = shanten_and_useful(counts_of(tiles), melds) if found is None else found
        return s, tuple(kinds)

    def useful_of(self, tiles: Tiles, melds: int, whole: Tracked | None, tile: int) -> tuple[int, Tiles]:
        """``useful[tiles, melds]``, worked out on a miss from ``whole`` (the tracked hand the tiles are
        less ``tile``) when given."""
        key = (tiles, melds)
        found = self.useful.get(key)
        if found is None:
            found = self.useful.keep(key, self._useful(key, None if whole is None else whole.discard(tile)))
        return found

    def _wins(self, key: Ready) -> tuple[tuple[int, int, bool], ...]:
        tiles, melds, ctx = key
        proc = self.rules.procedure
        out = []
        for w in winning_tiles(tiles, len(melds)):
            win = score_win(self.rules, 0, 0, list(tiles), melds, w, ctx)
            if win is not None:
                points = win.points(proc.flowers_count)
                out.append((w, points, bare(win.result, points, proc.minimum)))
        return tuple(out)

    def best_in_reach(self, tiles: Tiles, melds: tuple[Meld, ...], ctx: Context, *, bare_counts: bool = True) -> int:
        """The best total in reach of ``tiles`` (one from ready) with ``melds``, 0 when none (or, without
        ``bare_counts``, when the best is a bare win). Not remembered: the same hand is seldom asked twice."""
        left = [COPIES] * KINDS_COUNT
        for t in tiles:
            left[t] -= 1
        for m in melds:
            for t in m.tiles:
                left[t] -= 1
        found = reach(tiles, melds, ctx, self.rules.scorer, left)
        best = None if found is None else found.best
        if best is None or (not bare_counts and bare(best, best.total, self.rules.procedure.minimum)):
            return 0
        return best.total


def _shanten(key: tuple[Tiles, int]) -> int:
    return shanten(*key)


_WEIGHED: dict[int, Weighed] = {}


def weighed_of(rules: GameRules) -> Weighed:
    """The Weighed shared by every player of ``rules`` (at most ``RULES_KEPT`` rule sets are kept)."""
    found = _WEIGHED.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_WEIGHED) >= RULES_KEPT:
            _WEIGHED.clear()
        found = _WEIGHED[id(rules)] = Weighed(rules)
    return found
