"""A game reviewed decision by decision: each choice of one seat (a discard, a claim or a pass, a kong,
a win or a pass) beside the choice a reviewer (any player: the expert by default) makes in its place,
both weighed the same way, and what happened after.

What the seat saw is rebuilt by replaying the log on a fresh table and taking that seat's observation
(``observation.observe``) just before its action: the reviewer is given that observation alone, and
each choice is weighed from it alone (the live copies are four less the copies the seat sees). Only
the score of a win the seat may declare is read from the table, which scores the seat's own tiles with
the facts everyone sees. So a tile the seat cannot see (another seat's concealed tile, the wall beyond
its next draw) changes nothing in the review of a decision.

A choice is weighed by the hand it leaves: its distance from ready (shanten; -1 for a win), its useful
tiles and their live copies, the best total in reach (``scoring.reach``, for a hand ready or one from
ready), and for a discard its danger under the expert's table model (``defence``). A claim of a chow or
a pung is weighed after the best discard that follows it (the fewest from ready, then the most live
useful copies). A decision's cost, in live useful copies, is what the action taken gives up against the
reviewer's choice: ``STEP_COST`` for each step farther from ready, one for each live useful copy fewer
(none beside a win), ``DANGER_COST`` for each unit of danger more; never below 0, and 0 when both agree.
The danger of a chow or a pung is that of the discard it is weighed after."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from ..core.context import Context
from ..core.errors import FanrulesError
from ..core.hand import Meld, MeldKind
from ..core.tiles import FLOWER_BASE, TILE_CODES
from ..scoring.reach import reach
from .actions import Action, ActionKind, IllegalAction, Phase
from .defence import TableView
from .log import log_objects, table_from_header
from .observation import Observation, observe
from .table import Table
from .weighed import weighed_of
from .winning import GameRules

#: Cost of one step farther from ready, and of one unit of danger, in live useful copies.
STEP_COST = 20.0
DANGER_COST = 10.0
#: The set a claim or a kong makes.
_MELD_OF = {ActionKind.CHOW: MeldKind.CHOW, ActionKind.PUNG: MeldKind.PUNG, ActionKind.KONG: MeldKind.KONG,
            ActionKind.CONCEALED_KONG: MeldKind.CONCEALED_KONG}
#: The actions that are no choice: a seat whose only actions are these is not asked.
_FORCED = frozenset({ActionKind.DRAW, ActionKind.FLOWER})
#: A player: given what its seat sees, the action it takes.
Reviewer = Callable[[Observation], Action]


class ReviewError(FanrulesError, ValueError):
    """A review that cannot go on: a reviewer that chose an action its seat may not take."""


@dataclass(frozen=True)
class Weighing:
    """One choice weighed from what the seat saw: the hand's ``shanten`` after it (-1: a win), its
    ``useful`` tile kinds and their ``live`` copies, the best total in reach (None: the hand is two or
    more from ready, or nothing is in reach), the ``danger`` of the tile it discards (None: no
    discard) and, for a chow or a pung, the discard it is weighed after (``then``)."""

    shanten: int
    useful: tuple[int, ...]
    live: int
    in_reach: int | None
    danger: float | None
    then: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"shanten": self.shanten, "useful": [TILE_CODES[t] for t in self.useful], "live_useful": self.live,
                "in_reach": self.in_reach, "danger": None if self.danger is None else round(self.danger, 3),
                "then": None if self.then is None else TILE_CODES[self.then]}


@dataclass
class Decision:
    """One decision of the reviewed seat: game and event (its index among the game's events), what the
    seat saw, the action taken and the reviewer's (with its reason), both weighed, the cost, and
    ``outcome``: what the table did after (the discard dealt in or was claimed, the hand won)."""

    game: Any
    event: int
    seen: Observation
    action: Action
    suggested: Action
    reason: str
    taken: Weighing
    advised: Weighing
    outcome: str = ""
    #: The reason the log gives for the action taken (a player's, in a log of ``simulate --explain``).
    said: str = ""
    dealt_in: bool = False
    won: bool = False

    @property
    def agrees(self) -> bool:
        return self.action == self.suggested

    @property
    def cost(self) -> float:
        """What the action taken gives up against the reviewer's, in live useful copies (module doc)."""
        if self.agrees:
            return 0.0
        a, b = self.taken, self.advised
        danger = (a.danger or 0.0) - (b.danger or 0.0)
        copies = 0 if min(a.shanten, b.shanten) < 0 else b.live - a.live  # a win has no useful tile to compare
        return max(0.0, STEP_COST * (a.shanten - b.shanten) + copies + DANGER_COST * danger)

    @property
    def useful_given_up(self) -> int:
        """The live useful copies the reviewer's choice keeps and the action taken does not (0 when it agrees)."""
        return 0 if self.agrees else max(0, self.advised.live - self.taken.live)

    def to_json(self) -> dict[str, Any]:
        return {"type": "decision", "game": self.game, "event": self.event, "seat": self.seen.player,
                "seen": self.seen.to_json(), "action": self.action.to_json(), "suggested": self.suggested.to_json(),
                "reason": self.reason, "agree": self.agrees, "weighed": {"action": self.taken.to_json(),
                "suggested": self.advised.to_json()}, "cost": round(self.cost, 2), "outcome": self.outcome,
                "said": self.said}


def is_decision(legal: list[Action]) -> bool:
    """Whether a seat with these legal actions has a choice to make (a draw or a flower is none)."""
    return len(legal) > 1 and legal[0].kind not in _FORCED


class Weigher:
    """Weighs choices from one seat's observation (the players' shared memos of the rules)."""

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.weighed = weighed_of(rules)
        self._reach: dict[tuple[tuple[int, ...], tuple[Meld, ...], Context, tuple[int, ...]], int | None] = {}

    def weigh(self, obs: Observation, action: Action, win_points: int | None) -> Weighing:
        """``action`` weighed from ``obs`` (``win_points``: the score of the win the seat may declare)."""
        view = TableView.of(obs)
        ctx = Context.of({"seat_wind": obs.seat_winds[obs.player], "prevalent_wind": obs.prevalent_wind,
                          "flowers": obs.flowers[obs.player]})
        tiles = sorted(t for t in obs.hand if t < FLOWER_BASE)
        melds = obs.melds[obs.player]
        kind, tile = action.kind, action.tile
        if kind == ActionKind.WIN:
            return Weighing(-1, (), 0, win_points, None)
        if kind == ActionKind.DISCARD and tile is not None:
            tiles.remove(tile)
            return self._hand(tiles, melds, view, ctx, tile)
        if kind in (ActionKind.CHOW, ActionKind.PUNG) and tile is not None:
            meld = Meld(_MELD_OF[kind], action.tiles or (tile,) * 3, "left")
            for t in [t for t in action.tiles if t != tile] if kind == ActionKind.CHOW else [tile, tile]:
                tiles.remove(t)
            return self._best_discard(tiles, (*melds, meld), view, ctx)
        if kind in _MELD_OF and tile is not None:
            held = 3 if kind == ActionKind.KONG else 4
            for _ in range(held):
                tiles.remove(tile)
            meld = Meld(_MELD_OF[kind], (tile,) * 4, None if kind == ActionKind.CONCEALED_KONG else "left")
            return self._hand(tiles, (*melds, meld), view, ctx, None)
        if kind == ActionKind.ADDED_KONG and tile is not None:
            tiles.remove(tile)
            grown = tuple(Meld(MeldKind.KONG, (tile,) * 4, m.claimed_from, None, True)
                          if m.kind is MeldKind.PUNG and m.tiles[0] == tile else m for m in melds)
            return self._hand(tiles, grown, view, ctx, None)
        return self._hand(tiles, melds, view, ctx, None)  # a pass: the hand as it is

    def _hand(self, tiles: list[int], melds: tuple[Meld, ...], view: TableView, ctx: Context,
              discard: int | None) -> Weighing:
        """The 13 tiles (less 3 per set) ``tiles`` weighed; ``discard``, the tile given for them."""
        key = tuple(tiles)
        shanten, useful = self.weighed.useful[key, len(melds)]
        live = sum(view.live[u] for u in useful)
        return Weighing(shanten, useful, live, self._in_reach(key, melds, ctx, view.live) if shanten <= 1 else None,
                        None if discard is None else view.danger(discard))

    def _best_discard(self, tiles: list[int], melds: tuple[Meld, ...], view: TableView, ctx: Context) -> Weighing:
        """The 14 tiles after a claim weighed after their best discard (fewest from ready, then most live
        useful copies, then the lowest tile)."""
        best: tuple[int, int, int] | None = None
        for t in sorted(set(tiles)):
            rest = list(tiles)
            rest.remove(t)
            shanten, useful = self.weighed.useful[tuple(rest), len(melds)]
            mark = (shanten, -sum(view.live[u] for u in useful), t)
            best = mark if best is None or mark < best else best
        assert best is not None  # a claim leaves tiles to discard
        rest = list(tiles)
        rest.remove(best[2])
        weighed = self._hand(rest, melds, view, ctx, best[2])
        return Weighing(weighed.shanten, weighed.useful, weighed.live, weighed.in_reach, weighed.danger, best[2])

    def _in_reach(self, tiles: tuple[int, ...], melds: tuple[Meld, ...], ctx: Context, live: tuple[int, ...]) -> int | None:
        key = (tiles, melds, ctx, live)
        if key not in self._reach:
            if len(self._reach) >= 4096:
                self._reach.clear()
            found = reach(tiles, melds, ctx, self.rules.scorer, live)
            self._reach[key] = None if found is None else found.total
        return self._reach[key]


@dataclass
class GameReview:
    """One game's review: its decisions in order, and where its log parted from the table (None: it
    replayed to its end)."""

    game: Any
    decisions: list[Decision] = field(default_factory=list)
    divergence: str | None = None


class _Reviewing:
    """One game replayed event by event, the seat's decisions reviewed as they come."""

    def __init__(self, head: dict[str, Any], rules: GameRules, seat: int, reviewer: Reviewer, weigher: Weigher) -> None:
        self.review = GameReview(head.get("game"))
        self.seat, self.reviewer, self.weigher = seat, reviewer, weigher
        self.index = 0
        self.table: Table | None = None
        try:
            self.table = table_from_header(head, rules)
        except ValueError as err:
            self.review.divergence = str(err)
        #: The seat's last discard (or kong) decision, while the table may still answer it.
        self.open: Decision | None = None

    def feed(self, event: dict[str, Any]) -> None:
        i, self.index = self.index, self.index + 1
        table = self.table
        if table is None or self.review.divergence is not None or event.get("type") not in ("action", "bar"):
            return
        try:
            if event["type"] == "bar":
                table.bar(event.get("player", -1))
                return
            action = Action.from_json(event)
        except (IllegalAction, ValueError) as err:
            self.review.divergence = f"event {i}: {err}"
            return
        decision = self._decide(table, action, i) if action.player == self.seat and action in table.legal(self.seat) else None
        try:
            table.step(action)
        except IllegalAction as err:
            self.review.divergence = f"event {i}: {err}"
            return
        if decision is not None:
            said = event.get("reason")
            decision.said = said if isinstance(said, str) else ""
            self.review.decisions.append(decision)
            if action.kind in (ActionKind.DISCARD, ActionKind.ADDED_KONG):
                self.open = decision
        self._outcome(table)

    def _decide(self, table: Table, action: Action, index: int) -> Decision | None:
        legal = table.legal(self.seat)
        if not is_decision(legal):
            return None
        seen = observe(table, self.seat)
        suggested = self.reviewer(seen)
        if suggested not in seen.legal:
            raise ReviewError(f"game {self.review.game}, event {index}: the reviewer chose {suggested}, "
                              f"which player {self.seat} may not do there")
        reason = getattr(self.reviewer, "reason", "")
        win = table.win_candidate(self.seat) if any(a.kind == ActionKind.WIN for a in legal) else None
        points = None if win is None else win.points(self.weigher.rules.procedure.flowers_count)
        weigh = self.weigher.weigh
        taken = weigh(seen, action, points)
        advised = taken if suggested == action else weigh(seen, suggested, points)
        return Decision(self.review.game, index, seen, action, suggested, reason if isinstance(reason, str) else "",
                        taken, advised)

    def _outcome(self, table: Table) -> None:
        """What became of the seat's last discard (or added kong) once the table answers it, and of its
        hand when the hand ends."""
        last = self.open
        if table.over:
            flowers = self.weigher.rules.procedure.flowers_count
            for win in table.wins:
                if win.player == self.seat and self.review.decisions:
                    ended = self.review.decisions[-1]
                    ended.won, ended.outcome = True, f"won: {win.points(flowers)} points"
                elif last is not None and win.discarder == self.seat:
                    last.dealt_in = True
                    last.outcome = f"dealt in: player {win.player} won {win.points(flowers)} points on it"
            self.open = None
        elif last is not None and table.window is None:
            if table.phase == Phase.TURN and table.current != self.seat:
                last.outcome = f"claimed by player {table.current}"
            self.open = None


def review_games(stream: IO[str], rules_of: Callable[[dict[str, Any]], GameRules], seat: int,
                 reviewer_of: Callable[[GameRules, Any], Reviewer]) -> Iterator[GameReview]:
    """The review of each game of a log as it is read (one game's table in memory, never the log):
    ``rules_of`` gives a header's rules, ``reviewer_of`` a fresh reviewer for a game (rules, game id).
    ValueError as ``log.log_objects``, or on events before any header."""
    game: _Reviewing | None = None
    weighers: dict[int, Weigher] = {}
    for number, obj in log_objects(stream):
        if obj.get("type") == "header":
            if game is not None:
                yield game.review
            rules = rules_of(obj)
            weigher = weighers.setdefault(id(rules), Weigher(rules))
            game = _Reviewing(obj, rules, seat, reviewer_of(rules, obj.get("game")), weigher)
        elif game is None:
            raise ValueError(f"line {number}: an event before any header")
        else:
            game.feed(obj)
    if game is not None:
        yield game.review


#: How many of the costliest decisions a summary names.
COSTLIEST = 10


@dataclass
class Summary:
    """What a review found in all: decisions, how many the reviewer agreed with, the seat's deal-ins and
    wins, the live useful copies given up, the games whose log parted from the table, and the costliest
    decisions (cost, game, event), the costliest first."""

    seat: int
    reviewer: str
    games: int = 0
    decisions: int = 0
    agreed: int = 0
    deal_ins: int = 0
    wins: int = 0
    useful_given_up: int = 0
    diverged: list[str] = field(default_factory=list)
    costliest: list[tuple[float, Any, int]] = field(default_factory=list)

    def add(self, review: GameReview) -> None:
        self.games += 1
        if review.divergence is not None:
            self.diverged.append(f"game {review.game}: {review.divergence}")
        for d in review.decisions:
            self.decisions += 1
            self.agreed += d.agrees
            self.deal_ins += d.dealt_in
            self.wins += d.won
            self.useful_given_up += d.useful_given_up
            if not d.agrees:
                self.costliest.append((round(d.cost, 2), d.game, d.event))
        self.costliest.sort(key=lambda c: -c[0])  # stable: of equal costs the earlier first
        del self.costliest[COSTLIEST:]

    @property
    def agreement(self) -> float | None:
        """The share of the decisions where the action taken is the reviewer's (None: no decision)."""
        return self.agreed / self.decisions if self.decisions else None

    def to_json(self) -> dict[str, Any]:
        return {"type": "summary", "seat": self.seat, "reviewer": self.reviewer, "games": self.games,
                "decisions": self.decisions, "agreement": self.agreement, "disagreements": self.decisions - self.agreed,
                "deal_ins": self.deal_ins, "wins": self.wins, "useful_given_up": self.useful_given_up,
                "costliest": [{"game": g, "event": e, "cost": c} for c, g, e in self.costliest],
                "diverged": self.diverged}


def action_words(action: Action) -> str:
    """An action as a review says it: ``discard 7s``, ``chow 3m4m5m``, ``pung 8s``, ``pass``, ``win``."""
    if action.tiles:
        return f"{action.kind} {''.join(TILE_CODES[t] for t in action.tiles)}"
    return f"{action.kind}" if action.tile is None else f"{action.kind} {TILE_CODES[action.tile]}"
