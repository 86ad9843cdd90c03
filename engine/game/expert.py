"""The expert player: plays as people do. It weighs a hand by the live copies of the tiles it needs
(four less those it sees), by whether its waits score the rule set's minimum (every win is scored by
the scorer: the player knows no fan), and by the points in reach of a hand one from ready after a claim
(``fanrules.scoring.reach``); it builds toward the hand types people build when the tiles favour them
(one suit with honours, pungs, all five kinds of tile: told by the tiles alone), claims a set only
when the hand after it is closer and builds its plan or keeps the minimum in reach (not by a bare
win: one fan, scored once, worth just the minimum, which people do not open a hand for), declares a
concealed kong only when it costs nothing and the table is quiet and an added kong whenever the fourth
tile is idle, and defends: it reads each opponent's threat (``defence``) and folds, discarding the
safest tile, when it cannot win in time, late against a threat, or (ready) when in the last tiles its
wait is worth less than the danger of keeping it. Each choice leaves a one-line ``reason``."""
from __future__ import annotations

from typing import NamedTuple

from ..analysis.incremental import Tracked
from ..core.context import Context
from ..core.hand import Meld, MeldKind
from ..core.tiles import FIRST_HONOUR, FLOWER_BASE, KINDS_COUNT, TILE_CODES, tile_code
from .actions import Action, ActionKind, Phase
from .defence import TableView
from .observation import Observation
from .plan import Plan, counts_of, group, touching
from .seat import SEAT_COUNT
from .weighed import weighed_of
from .winning import RulesLike, as_game_rules

Tiles = tuple[int, ...]
#: The set a claim makes.
_MELD_OF = {ActionKind.CHOW: MeldKind.CHOW, ActionKind.PUNG: MeldKind.PUNG, ActionKind.KONG: MeldKind.KONG}
#: Value of a discard that follows the hand type being built, in live useful copies.
PLAN_BONUS = 6
#: Weight of a discard's danger against its value, at the end of the wall (scaled from 0 at its start).
DANGER_WEIGHT = 24.0
#: Tiles left in the wall below which a hand this many from ready folds when an opponent threatens.
FOLD_LATE = {1: 10, 2: 26, 3: 40}
#: Threat from which an opponent makes a hand fold late, and from which a kong is not claimed.
FOLD_THREAT = 0.5
#: How readily a live copy of a tile comes out, by kind: an honour fits no chow and a terminal one
#: chow, so the others discard them soon, while they keep a live middle rank for their own sets.
COMES_OUT = tuple(3.0 if t >= FIRST_HONOUR else (1.5 if t % 9 in (0, 8) else 1.0) for t in range(KINDS_COUNT))
#: Tiles from ready from which discards are weighed by their connections alone, not their live copies.
FAR = 2
#: How many discards of the best tier are weighed in full (the least connected, after the plan's).
WEIGHED_DISCARDS = 3
#: Tiles left in the wall below which a ready hand folds when its wait is worth less than READY_RISK
#: times the danger of the discard that keeps it ready; late, its worth counts only the share of its
#: live copies still in the wall (the rest are in the others' hands, where they are kept).
FOLD_LATE_READY = 8
READY_RISK = 1.0
#: Among tiles that touch as few others, a hand far from ready parts first with one of the kind it
#: holds most of (less than one touching tile: a tie-break), keeping the sparse kinds' last tiles.
KIND_TIE = 0.9
#: Tiles left in the wall below which a claim that only brings the hand closer is taken anyway.
LATE = 30


class Option(NamedTuple):
    """A hand of 13 tiles weighed: ``distance`` from ready (a ready hand with no live wait reaching the
    minimum counts as one from ready), ``value`` (live useful copies; for a ready hand the live copies
    of each scoring wait, times how readily they come out and the points the wait scores, over the
    minimum: the points to expect), and
    what it is waiting on, for the reason."""

    distance: int
    value: float
    useful: int
    waits: Tiles


def claimed(action: Action, tiles: Tiles) -> tuple[list[int], Meld]:
    """What a claim leaves: the concealed ``tiles`` less those the set takes from them, and the set."""
    assert action.tile is not None
    kind = _MELD_OF[action.kind]
    tile = action.tile
    used = [t for t in action.tiles if t != tile] if kind is MeldKind.CHOW else [tile] * (3 if kind is MeldKind.KONG else 2)
    rest = list(tiles)
    for t in used:
        rest.remove(t)
    return rest, Meld(kind, action.tiles or (tile,) * (len(used) + 1), "left")


def _codes(tiles: Tiles) -> str:
    return " ".join(TILE_CODES[t] for t in tiles)


class ExpertPlayer:
    """The expert: see the module's description. ``reason`` is the one line that explains the last
    choice (it names the tiles)."""

    #: Tiles from ready from which discards are weighed by their connections alone (FAR), and how many
    #: discards of the best tier are weighed in full (WEIGHED_DISCARDS): a stronger player weighs more.
    far = FAR
    weighed_discards = WEIGHED_DISCARDS

    def __init__(self, rules: RulesLike = "mcr") -> None:
        self.rules = rules = as_game_rules(rules)
        self.weighed = weighed_of(rules)
        self.minimum = rules.procedure.minimum
        #: What a ready hand's expected points are measured in: the minimum, or one point where any win counts.
        self.unit = max(self.minimum, 1)
        self.reason = ""
        self._planned: tuple[tuple[int, ...], tuple[Meld, ...], Plan] | None = None

    def __call__(self, obs: Observation) -> Action:
        legal = obs.legal
        for action in legal:
            if action.kind == ActionKind.WIN:
                self.reason = "win: the hand is complete and reaches the minimum"
                return action
        if legal[0].kind in (ActionKind.FLOWER, ActionKind.DRAW):
            first = legal[0]
            self.reason = f"{first.kind} {tile_code(first.tile)}: the only kind of action open" if first.tile is not None \
                else f"{first.kind}: the only kind of action open"
            return first
        view = TableView.of(obs)
        player = obs.player
        ctx = Context.of({"seat_wind": obs.seat_winds[player], "prevalent_wind": obs.prevalent_wind, "flowers": obs.flowers[player]})
        if obs.phase in (Phase.CLAIMS, Phase.ROB):
            return self._claim(obs, view, ctx)
        return self._turn(obs, view, ctx)

    def _plan(self, tiles: tuple[int, ...] | list[int], melds: tuple[Meld, ...]) -> Plan:
        """The plan of ``tiles``, kept for the hand last asked (a turn asks it for its discards and again
        for its reason)."""
        key = tuple(tiles)
        last = self._planned
        if last is not None and last[0] == key and last[1] == melds:
            return last[2]
        plan = Plan.of(tiles, melds)
        self._planned = (key, melds, plan)
        return plan

    # --- weighing ----------------------------------------------------------------------------------
    def weigh(self, tiles: Tiles, melds: tuple[Meld, ...], view: TableView, ctx: Context, known: int | None = None,
              whole: Tracked | None = None, tile: int = 0, *, bare_counts: bool = True) -> Option:
        """Weigh 13 tiles (less 3 per set) with ``melds``, by the live copies ``view`` gives; ``known``, their
        shanten when the caller has it (a ready hand with a live scoring wait needs no useful tiles), and
        ``whole``, the tracked hand they are less ``tile``. Without ``bare_counts`` a wait whose win is
        bare (``weighed.bare``) does not count as scoring: a claim is weighed so."""
        live = view.live
        if known is None or known > 0:
            s, useful = self.weighed.useful_of(tiles, len(melds), whole, tile)
        else:
            s, useful = known, ()
        if s == 0:
            wins = [(w, p) for w, p, bare in self.weighed.wins[tiles, melds, ctx] if p >= self.minimum and (bare_counts or not bare)]
            copies = sum(live[w] for w, _ in wins)
            if copies:
                expected = sum(live[w] * COMES_OUT[w] * p for w, p in wins)
                return Option(0, expected / self.unit, copies, tuple(w for w, _ in wins))
            s = 1
            if known is not None:
                useful = self.weighed.useful_of(tiles, len(melds), whole, tile)[1]
        copies = sum([live[u] for u in useful])
        return Option(s, float(copies), copies, useful)

    def _discards(self, tiles: list[int], melds: tuple[Meld, ...], view: TableView,
                  ctx: Context, *, bare_counts: bool = True) -> list[tuple[int, Option, int]]:
        """Each distinct discard of 14 tiles: (tile, the 13 tiles weighed, whether it follows the plan).
        A hand FAR from ready or more weighs a discard by the tiles it touches (fewer: better; ties: the
        kind held most goes first, KIND_TIE); a closer one weighs in full only the WEIGHED_DISCARDS
        discards at the fewest tiles from ready that follow the plan or touch the fewest other tiles
        (the next tier too when none of those has a live wait to win on); the others, which only a
        folding hand takes, by their shanten alone."""
        counts = counts_of(tiles)
        plan = self._plan(tiles, melds)
        rests = sorted(set(tiles))
        whole = Tracked.of_counts(counts, len(melds))
        apart = dict(zip(rests, whole.each_without(rests)))
        follows = {t: plan.follows(t, counts) for t in rests}
        tier = min(apart.values())
        weighed: dict[int, Option] = {}
        if tier >= self.far:
            kinds = [0] * 5
            for t in tiles:
                kinds[group(t)] += 1
            return [(t, Option(apart[t], KIND_TIE * kinds[group(t)] / len(tiles) - touching(t, counts), 0, ()), follows[t])
                    for t in rests]
        for level in (tier, tier + 1):
            first = sorted((t for t in rests if apart[t] == level), key=lambda t: (-follows[t], touching(t, counts), t))
            for t in first[:self.weighed_discards]:
                rest = list(tiles)
                rest.remove(t)
                weighed[t] = self.weigh(tuple(rest), melds, view, ctx, apart[t], whole, t, bare_counts=bare_counts)
            if min(o.distance for o in weighed.values()) == tier:
                break
        return [(t, weighed.get(t) or Option(apart[t], 0.0, 0, ()), follows[t]) for t in rests]

    @staticmethod
    def _choose(options: list[tuple[int, Option, int]], view: TableView, wall_left: int,
                fold: bool) -> tuple[int, Option, float]:
        """The discard to make: folding, the safest (then the closest); else the closest to ready, then
        the most value with the plan's bonus less the danger, weighed the more the later it is."""
        if fold:
            t, o, _ = min(options, key=lambda x: (view.danger(x[0]), x[1].distance, -x[1].value, x[0]))
            return t, o, view.danger(t)
        weight = DANGER_WEIGHT * max(0.0, 1.0 - wall_left / 80)
        if weight:
            best = min(options, key=lambda x: (x[1].distance, -(x[1].value + PLAN_BONUS * x[2] - weight * view.danger(x[0])), x[0]))
        else:  # early in the wall danger weighs nothing
            best = min(options, key=lambda x: (x[1].distance, -(x[1].value + PLAN_BONUS * x[2]), x[0]))
        return best[0], best[1], view.danger(best[0])

    @staticmethod
    def folds(distance: int, view: TableView, wall_left: int) -> bool:
        """Whether a hand ``distance`` from ready gives up: when it cannot win in time (it needs more
        draws than it has left: a tile to get each step closer, the wait itself on any discard), or
        late in the wall with a threatening opponent (a ready hand: see ``_turn``)."""
        if distance + 1 > -(-wall_left // SEAT_COUNT):
            return True
        most = view.most
        late = FOLD_LATE.get(distance, 80 if distance > 3 else -1)
        return most is not None and most.level >= FOLD_THREAT and wall_left <= late

    # --- a turn ------------------------------------------------------------------------------------
    def _turn(self, obs: Observation, view: TableView, ctx: Context) -> Action:
        tiles = [t for t in obs.hand if t < FLOWER_BASE]
        melds = obs.melds[obs.player]
        options = self._discards(tiles, melds, view, ctx)
        closest = min(o.distance for _, o, _ in options)
        fold = self.folds(closest, view, obs.wall_left)
        tile, option, danger = self._choose(options, view, obs.wall_left, fold)
        thin = ""
        share = obs.wall_left / max(1, sum(view.live))
        in_wall = option.useful * share
        if not fold and option.distance == 0 and obs.wall_left <= FOLD_LATE_READY and \
                option.value * share < READY_RISK * danger:
            thin = (f" (ready on {_codes(option.waits)}: {option.useful} live, about {in_wall:.1f} in the wall, "
                    f"not worth {TILE_CODES[tile]}'s danger {danger:.2f})")
            fold = True
            tile, option, danger = self._choose(options, view, obs.wall_left, fold)
        kong = None if fold else self._kong(obs, tiles, melds, option, view, ctx)
        if kong is not None:
            return kong
        code = TILE_CODES[tile]
        if fold:
            self.reason = (f"fold: discard {code}, {closest} from ready{thin} with {obs.wall_left} tiles left, "
                           f"the safest (danger {danger:.2f}): {view.safest_why(tile)}")
        elif option.distance == 0:
            self.reason = f"discard {code}: ready on {_codes(option.waits)}, {option.useful} live copies reach {self.minimum}"
        else:
            plan = self._plan(tiles, melds).why()
            weighed = f"{option.useful} live useful copies" if option.distance < self.far else f"{code} touches the fewest other tiles"
            self.reason = f"discard {code}: {option.distance} from ready, {weighed}" + \
                (f", {plan}" if plan else "") + (f", danger {danger:.2f}" if danger >= 0.5 else "")
        return Action(obs.player, ActionKind.DISCARD, tile)

    def _kong(self, obs: Observation, tiles: list[int], melds: tuple[Meld, ...], best: Option, view: TableView,
              ctx: Context) -> Action | None:
        """A kong worth declaring: a concealed kong that leaves the hand as close (away from ready, only
        one whose tiles nothing else in the hand touches); an added kong whenever the fourth tile is idle."""
        counts = counts_of(tiles)
        for action in obs.legal:
            t = action.tile
            if t is None:
                continue
            code = TILE_CODES[t]
            if action.kind == ActionKind.CONCEALED_KONG:
                near = t < FIRST_HONOUR and any(0 <= t % 9 + d <= 8 and counts[t + d] for d in (-2, -1, 1, 2))
                if near and best.distance > 0:
                    continue
                rest = tuple(x for x in tiles if x != t)
                after = self.weighed.useful[rest, len(melds) + 1][0]
                if after <= best.distance:
                    self.reason = f"concealed kong {code}: {after} from ready after it" + ("" if near else f", no tile near {code}")
                    return action
            elif action.kind == ActionKind.ADDED_KONG:
                kept = list(tiles)
                kept.remove(t)
                if self.weighed.useful[tuple(kept), len(melds)][0] <= best.distance:
                    self.reason = f"added kong {code}: the fourth {code} is idle (as people do, whoever may rob it)"
                    return action
        return None

    # --- claims ------------------------------------------------------------------------------------
    def _claim(self, obs: Observation, view: TableView, ctx: Context) -> Action:
        tiles = tuple(t for t in obs.hand if t < FLOWER_BASE)
        melds = obs.melds[obs.player]
        known = self.weighed.shanten[tiles, len(melds)]  # asked at each discard the hand may claim: remembered
        distance = known or self.weigh(tiles, melds, view, ctx, 0, bare_counts=False).distance  # ready: whether it can win
        plan = self._plan(tiles, melds)
        passing = next(a for a in obs.legal if a.kind == ActionKind.PASS)
        if self.folds(distance, view, obs.wall_left):
            self.reason = f"pass: folding, {distance} from ready with {obs.wall_left} tiles left"
            return passing
        # each claim that passes the tests below: ((distance, -value), its order, it, its reason, and
        # whether the points in reach must be asked (what of): that search, the dearest test, is made
        # last, best claim first, until one claim stands (the first best one, as one pass in order takes)
        claims: list[tuple[tuple[int, float], int, Action, str, tuple[list[int], int, tuple[Meld, ...]] | None]] = []
        why_not = ""
        for order, action in enumerate(obs.legal):
            if action.kind == ActionKind.PASS or action.tile is None:
                continue
            tile, code = action.tile, TILE_CODES[action.tile]
            rest, meld = claimed(action, tiles)
            if meld.kind is MeldKind.KONG:
                after = self.weighed.useful[tuple(rest), len(melds) + 1][0]
                most = view.most
                if after <= distance and (most is None or most.level < FOLD_THREAT):
                    claims.append(((after, -self.weigh(tiles, melds, view, ctx, known, bare_counts=False).value), order, action,
                                   f"kong {code}: as close after it ({after} from ready), no opponent threatens", None))
                continue
            if self.weighed.shanten[tuple(rest), len(melds) + 1] >= distance:
                why_not = why_not or f"pass: {action.kind} {code} would not bring the hand closer"
                continue
            t, option, _ = self._choose(self._discards(rest, melds + (meld,), view, ctx, bare_counts=False), view, obs.wall_left, False)
            if option.distance >= distance:
                why_not = why_not or f"pass: {action.kind} {code} would not bring the hand closer"
                continue
            fits = plan.fits(action.kind, tile)
            if option.distance >= FAR and not fits and obs.wall_left > LATE and not melds:
                why_not = why_not or f"pass: {action.kind} {code} would open a hand that builds nothing yet"
                continue
            because = plan.why() if fits else f"{obs.wall_left} tiles left"
            where = f"ready on {_codes(option.waits)}" if option.distance == 0 else f"{option.distance} from ready"
            claims.append(((option.distance, -option.value), order, action,
                           f"{action.kind} {code}: {where} after discarding {TILE_CODES[t]}, {because or 'closer'}",
                           (rest, t, melds + (meld,)) if option.distance == 1 and not fits else None))
        short = (-1, "")  # the last claim in order with no hand in reach, whose reason a pass gives
        for _, order, action, reason, asked in sorted(claims, key=lambda c: c[:2]):
            if asked is None or self._in_reach(*asked, ctx):
                self.reason = reason
                return action
            short = max(short, (order, f"pass: after {action.kind} {TILE_CODES[action.tile or 0]} no hand in reach scores {self.minimum}"))
        self.reason = short[1] or why_not or f"pass: no claim brings the hand closer ({distance} from ready)"
        return passing

    def _in_reach(self, rest: list[int], discard: int, melds: tuple[Meld, ...], ctx: Context) -> bool:
        """Whether ``rest`` less ``discard``, one from ready with ``melds``, has a completion in reach
        that scores the minimum (``fanrules.scoring.reach``)."""
        kept = list(rest)
        kept.remove(discard)
        return self.weighed.best_in_reach(tuple(kept), melds, ctx, bare_counts=False) >= self.minimum


def expert_player(rules: RulesLike = "mcr", seed: int | str = 0) -> ExpertPlayer:
    """An ExpertPlayer: deterministic, so ``seed`` (taken for the common factory signature) is unused."""
    return ExpertPlayer(rules)
