"""The attacker: the expert's reading of the hand (live useful copies, the waits that reach the
minimum, the plan of the hand types people build) played to win rather than to look human. Beside the
calibrated ``expert`` (whose folding and taste for value keep its realism bands), it differs where a
player that never folds and counts only the waits that reach the minimum was seen to win twice as
often as the expert (docs/game.md, "Strength ladder"):

- a hand counts as ready only on a live wait that reaches the minimum, and as one from ready only
  when some draw makes it so: a hand one tile from a ready hand that could not win is weighed as two
  from ready, and one from ready is weighed by the live copies of the draws that make it ready to win
  (a one-draw look-ahead), not by every tile that brings it closer; a wait that reaches the minimum
  only when self-drawn counts ``SELF_DRAWN_ONLY`` of one that reaches it on a discard too;
- it weighs every discard in full by its live useful copies at any distance (equally good ones go
  honours first, then terminals), where the expert far from ready weighs the tiles each touches;
- it claims a set whenever the hand after it is closer to a ready hand that can win, or as close
  (ready or one from it) with clearly more live copies of what it needs, or as close for a kong (the
  replacement tile is a draw more); it opens a concealed hand far from ready only for its plan or late
  in the wall;
- it folds only when it cannot win in time (it needs more draws than it has left), never for a
  threat; a ready hand is weighed by the live copies of its winning waits (how readily each comes
  out), the points only a tie-break; the plan is a tie-break between discards equally close and
  equally live (``PLAN_BONUS`` live copies), and a discard's danger counts only in the last tiles."""
from __future__ import annotations

from bisect import insort

from ..analysis.incremental import Tracked
from ..core.context import Context
from ..core.hand import Meld, MeldKind
from ..core.tiles import FIRST_HONOUR, FLOWER_BASE, KINDS_COUNT, TILE_CODES
from .actions import Action, ActionKind
from .defence import TableView
from .expert import COMES_OUT, LATE, ExpertPlayer, Option, claimed
from .observation import Observation
from .plan import counts_of
from .seat import SEAT_COUNT
from .winning import RulesLike

Tiles = tuple[int, ...]
#: Value of a discard that follows the hand type being built, in live useful copies.
PLAN_BONUS = 1.0
#: Weight of a discard's danger against its value in the last DANGER_FROM tiles of the wall (0 before).
DANGER_WEIGHT = 4.0
DANGER_FROM = 20
#: Weight of a ready hand's points (over the minimum, per live copy) beside the copies themselves.
POINTS_TIE = 0.05
#: Weight of a live wait that reaches the minimum only when self-drawn, against one that reaches it on
#: a discard too (three other players discard, and only its own draws give it this win).
SELF_DRAWN_ONLY = 0.35
#: Weight of the useful copies of a hand one from ready beside the draws that make it ready to win.
USEFUL_TIE = 0.05
#: Which of equally good discards goes first: an honour, then a terminal, then a 2 or 8, then the
#: middle ranks (the tiles that fit the fewest sets go first, as a player who only races keeps them last).
SHED_FIRST = tuple(0 if t >= FIRST_HONOUR else (1 if t % 9 in (0, 8) else (2 if t % 9 in (1, 7) else 3))
                   for t in range(KINDS_COUNT))
#: How many more live copies (of the winning waits, or of the draws that make the hand ready to win) a
#: claim that leaves the hand as close must bring.
CLAIM_MARGIN = 4.0


def near(tiles: Tiles) -> list[int]:
    """The kinds a draw may use with ``tiles``: each held kind and the suited ranks within two of one."""
    found = set(tiles)
    for t in tiles:
        if t < FIRST_HONOUR:
            found.update(x for x in range(t - 2, t + 3) if 0 <= x < FIRST_HONOUR and x // 9 == t // 9)
    return sorted(found)


class AttackerPlayer(ExpertPlayer):
    """The attacker: see the module's description."""

    far = KINDS_COUNT
    weighed_discards = KINDS_COUNT

    def weigh(self, tiles: Tiles, melds: tuple[Meld, ...], view: TableView, ctx: Context, known: int | None = None,
              whole: Tracked | None = None, tile: int = 0, *, bare_counts: bool = True) -> Option:
        option = super().weigh(tiles, melds, view, ctx, known, whole, tile, bare_counts=bare_counts)
        if option.distance == 0:
            coming = sum(view.live[w] * COMES_OUT[w] for w in option.waits)
            return Option(0, coming + POINTS_TIE * option.value, option.useful, option.waits)
        if option.distance != 1:
            return option
        ready = self.weighed.shanten[tiles, len(melds)] == 0
        if ready:
            drawn = self._scoring_waits(tiles, melds, view, Context.of({**ctx.facts(), "self_drawn": True}))
            if drawn:
                copies = sum(view.live[w] for w in drawn)
                return Option(0, SELF_DRAWN_ONLY * copies, copies, drawn)
        draws = near(tiles) if ready else option.waits
        ahead = self.ahead(tiles, melds, draws, view, ctx)
        if not ahead:  # no draw makes it ready to win: as far as a hand two from ready
            return Option(2, option.value, option.useful, option.waits)
        return Option(1, ahead + USEFUL_TIE * option.value, option.useful, option.waits)

    def ahead(self, tiles: Tiles, melds: tuple[Meld, ...], draws: Tiles | list[int], view: TableView, ctx: Context) -> float:
        """The live copies of the ``draws`` after which some discard leaves ``tiles`` ready on a live wait
        that reaches the minimum (on a discard; one that reaches it only when self-drawn counts
        SELF_DRAWN_ONLY)."""
        live = view.live
        whole = Tracked.of_counts(counts_of(tiles), len(melds))
        kinds = sorted(set(tiles))
        drawn_ctx = Context.of({**ctx.facts(), "self_drawn": True})
        found = 0.0
        for u in draws:
            if live[u]:
                found += live[u] * self._ready_after(tiles, melds, u, whole, kinds, view, (ctx, drawn_ctx))
        return found

    def _ready_after(self, tiles: Tiles, melds: tuple[Meld, ...], draw: int, whole: Tracked, kinds: list[int],
                     view: TableView, contexts: tuple[Context, Context]) -> float:
        """1 when ``tiles`` with ``draw`` have a discard (other than the draw) leaving them ready on a live
        wait that reaches the minimum on a discard, else SELF_DRAWN_ONLY when one reaches it self-drawn,
        else 0 (the contexts: on a discard, self-drawn)."""
        drawn = whole.draw(draw)
        found = 0.0
        for d, s in zip(kinds, drawn.each_without(kinds)):
            if s or d == draw:
                continue
            rest = list(tiles)
            insort(rest, draw)
            rest.remove(d)
            ready = tuple(rest)
            if self._scoring_waits(ready, melds, view, contexts[0]):
                return 1.0
            if not found and self._scoring_waits(ready, melds, view, contexts[1]):
                found = SELF_DRAWN_ONLY
        return found

    def _scoring_waits(self, tiles: Tiles, melds: tuple[Meld, ...], view: TableView, ctx: Context) -> Tiles:
        """The live waits of the ready ``tiles`` whose win under ``ctx`` reaches the minimum."""
        live = view.live
        return tuple(w for w, p, _ in self.weighed.wins[tiles, melds, ctx] if p >= self.minimum and live[w])

    @staticmethod
    def folds(distance: int, view: TableView, wall_left: int) -> bool:
        """Only a hand that cannot win in time gives up (it needs more draws than it has left)."""
        return distance + 1 > -(-wall_left // SEAT_COUNT)

    @staticmethod
    def _choose(options: list[tuple[int, Option, int]], view: TableView, wall_left: int,
                fold: bool) -> tuple[int, Option, float]:
        """Folding, the safest discard; else the closest to ready, then the most live value (the plan a
        tie-break), less the danger in the last tiles of the wall."""
        if fold:
            t, o, _ = min(options, key=lambda x: (view.danger(x[0]), x[1].distance, -x[1].value, x[0]))
            return t, o, view.danger(t)
        weight = DANGER_WEIGHT * max(0.0, 1.0 - wall_left / DANGER_FROM)
        best = min(options, key=lambda x: (x[1].distance, -(x[1].value + PLAN_BONUS * x[2] - weight * view.danger(x[0])),
                                           SHED_FIRST[x[0]], x[0]))
        return best[0], best[1], view.danger(best[0])

    def _claim(self, obs: Observation, view: TableView, ctx: Context) -> Action:
        """The claim that brings the hand closest to a ready hand that can win (then the most live
        value), when it beats passing (``_closer``); a concealed hand left two or more from ready opens
        only for its plan or late in the wall."""
        tiles = tuple(t for t in obs.hand if t < FLOWER_BASE)
        melds = obs.melds[obs.player]
        now = self.weigh(tiles, melds, view, ctx)
        passing = next(a for a in obs.legal if a.kind == ActionKind.PASS)
        if self.folds(now.distance, view, obs.wall_left):
            self.reason = f"pass: folding, {now.distance} from ready with {obs.wall_left} tiles left"
            return passing
        plan = self._plan(tiles, melds)
        best: tuple[tuple[int, float], Action, str] | None = None
        for action in obs.legal:
            if action.kind == ActionKind.PASS or action.tile is None:
                continue
            after = self._after(action, tiles, melds, view, ctx, obs.wall_left)
            if after is None or not self._closer(action, after[0], now):
                continue
            option, discard = after
            if option.distance >= 2 and not melds and obs.wall_left > LATE and not plan.fits(action.kind, action.tile):
                continue
            key = (option.distance, -option.value)
            if best is None or key < best[0]:
                where = "ready to win" if option.distance == 0 else f"{option.distance} from ready to win"
                then = "" if action.kind == ActionKind.KONG else f" after discarding {TILE_CODES[discard]}"
                was = f"was {now.distance}" if option.distance < now.distance else \
                    "as close as before, and a replacement draw more" if action.kind == ActionKind.KONG else \
                    f"as close as before, {option.value:.1f} live copies of what it needs against {now.value:.1f}"
                best = (key, action, f"{action.kind} {TILE_CODES[action.tile]}: {where}{then}, {was}")
        if best is None:
            self.reason = f"pass: no claim brings the hand closer to a ready hand that can win ({now.distance} from it)"
            return passing
        self.reason = best[2]
        return best[1]

    @staticmethod
    def _closer(action: Action, after: Option, now: Option) -> bool:
        """Whether a claim leaving ``after`` beats passing with ``now``: closer to a ready hand that can
        win; as close, for a kong (a draw more), or, ready or one from it, with CLAIM_MARGIN more live
        copies of what it needs."""
        if after.distance != now.distance:
            return after.distance < now.distance
        return action.kind == ActionKind.KONG or (after.distance <= 1 and after.value > now.value + CLAIM_MARGIN)

    def _after(self, action: Action, tiles: Tiles, melds: tuple[Meld, ...], view: TableView, ctx: Context,
               wall_left: int) -> tuple[Option, int] | None:
        """The hand after the claim ``action`` and its best discard (a kong: no discard, the tile 0), or
        None where the claim cannot bring it closer by its shanten."""
        rest, meld = claimed(action, tiles)
        if meld.kind is MeldKind.KONG:
            return self.weigh(tuple(rest), melds + (meld,), view, ctx), 0
        if self.weighed.shanten[tuple(rest), len(melds) + 1] > self.weighed.shanten[tiles, len(melds)]:
            return None
        discard, option, _ = self._choose(self._discards(rest, melds + (meld,), view, ctx), view, wall_left, False)
        return option, discard


def attacker_player(rules: RulesLike = "mcr", seed: int | str = 0) -> AttackerPlayer:
    """An AttackerPlayer: deterministic, so ``seed`` (taken for the common factory signature) is unused."""
    return AttackerPlayer(rules)
