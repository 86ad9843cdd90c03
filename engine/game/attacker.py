"""The attacker: the expert's reading of the hand (live useful copies, the waits that reach the
minimum, the plan of the hand types people build, the points in reach after a claim) played to win
rather than to look human. Beside the calibrated ``expert`` (whose folding and taste for value keep
its realism bands), it differs in three choices, each where a player that never folds and counts
only the waits that reach the minimum was seen to win twice as often as the expert (docs/game.md,
"Strength ladder"):

- it folds only when it cannot win in time (it needs more draws than it has left), never for a threat;
- it weighs a ready hand by the live copies of its waits that reach the minimum (how readily each
  comes out), the points of each only a tie-break, where the expert weighs the points to expect;
- the plan of a hand type is a tie-break between discards equally close and equally live
  (``PLAN_BONUS`` live copies), and a discard's danger is weighed only in the last tiles of the wall."""
from __future__ import annotations

from ..analysis.incremental import Tracked
from ..core.context import Context
from ..core.hand import Meld
from .defence import TableView
from .expert import COMES_OUT, ExpertPlayer, Option
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


class AttackerPlayer(ExpertPlayer):
    """The attacker: see the module's description."""

    def weigh(self, tiles: Tiles, melds: tuple[Meld, ...], view: TableView, ctx: Context, known: int | None = None,
              whole: Tracked | None = None, tile: int = 0) -> Option:
        option = super().weigh(tiles, melds, view, ctx, known, whole, tile)
        if option.distance or not option.useful:
            return option
        live = view.live
        copies = sum(live[w] * COMES_OUT[w] for w in option.waits)
        return Option(0, copies + POINTS_TIE * option.value, option.useful, option.waits)

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
        best = min(options, key=lambda x: (x[1].distance, -(x[1].value + PLAN_BONUS * x[2] - weight * view.danger(x[0])), x[0]))
        return best[0], best[1], view.danger(best[0])


def attacker_player(rules: RulesLike = "mcr", seed: int | str = 0) -> AttackerPlayer:
    """An AttackerPlayer: deterministic, so ``seed`` (taken for the common factory signature) is unused."""
    return AttackerPlayer(rules)
