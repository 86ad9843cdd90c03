"""A session at one table: hands recorded in order (a win given as a scored hand, a hand string or a
total; an exhaustive draw; a penalty), running scores, seating by the rule set, and standings."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import TILE_INDEX, Hand, parse_hand
from ..core.tiles import WIND_CODES
from ..ruleset import RulesLike, ruleset_of
from ..scoring import Result, Scorer
from .payments import Changes, draw_changes, hand_points, penalty_changes, player_index, win_changes
from .ranking import Standing, standings
from .seating import Seating, seating
from .terms import Settlement, SettlementError, settlement_of


@dataclass(frozen=True)
class Entry:
    """One recorded event: the hand it belongs to (0-based), its seating, what happened (``kind`` is
    ``win``, ``self_draw``, ``draw`` or ``penalty``), a line saying it, the changes and the totals after it."""

    hand_number: int
    seating: Seating
    kind: str
    text: str
    changes: Changes
    totals: tuple[int, int, int, int]
    points: int | None = None

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        """For apps: the hand counted from 1, its seating, the event, the points paid (a win's, flowers
        included), the changes and the totals, by player index."""
        out: dict[str, Any] = {"hand": self.hand_number + 1, "prevalent_wind": self.seating.prevalent_wind,
                               "dealer": names[self.seating.dealer], "seat_winds": list(self.seating.seat_winds),
                               "kind": self.kind, "event": self.text}
        if self.points is not None:
            out["points"] = self.points
        return {**out, "changes": list(self.changes), "totals": list(self.totals)}


class Session:
    """A session under a rule set's ``settlement:`` terms. Players are indexed 0..3 by the place they
    open at (0 East, 1 South, 2 West, 3 North); ``names`` label them. Each win or draw ends a hand;
    a penalty ends it only when its kind says so (``ends_hand``), and one that ``bars_win`` keeps the
    offender from winning the rest of the hand (停和, ``barred``)."""

    def __init__(self, rules: RulesLike = "mcr", *, names: Sequence[str] = WIND_CODES) -> None:
        self.ruleset = ruleset_of(rules)
        self.terms: Settlement = settlement_of(self.ruleset)
        if len(names) != 4 or len(set(names)) != 4 or not all(isinstance(n, str) and n for n in names):
            raise SettlementError(f"a session needs four different player names, not {list(names)!r}")
        self.names = tuple(names)
        self.entries: list[Entry] = []
        self.hand_number = 0
        self.totals: tuple[int, int, int, int] = (self.terms.session.start,) * 4
        #: The players barred from winning the hand being played, with the penalty that barred them.
        self.barred: dict[int, str] = {}
        self._scorer: Scorer | None = None
        self._seatings = tuple(seating(self.terms, h) for h in range(self.terms.session.length))

    @property
    def length(self) -> int:
        """How many hands the session has (the rule set's ``session.length``)."""
        return self.terms.session.length

    @property
    def scorer(self) -> Scorer:
        """The rule set's scorer, made when a hand is first scored here."""
        if self._scorer is None:
            self._scorer = Scorer(self.ruleset)
        return self._scorer

    @property
    def finished(self) -> bool:
        """Whether every hand of the session has been recorded."""
        return self.hand_number >= self.length

    @property
    def seating(self) -> Seating:
        """The seating of the hand being played."""
        self._check_open()
        return self._seatings[self.hand_number]

    def _check_open(self) -> None:
        if self.finished:
            raise SettlementError(f"the session is over: it has {self.length} hands")

    def _record(self, kind: str, text: str, changes: Changes, ends_hand: bool, points: int | None = None) -> Entry:
        totals = tuple(t + c for t, c in zip(self.totals, changes, strict=True))
        entry = Entry(self.hand_number, self.seating, kind, text, changes, totals, points)  # type: ignore[arg-type]  # totals: one per player, four
        self.entries.append(entry)
        self.totals = entry.totals
        if ends_hand:
            self.hand_number += 1
            self.barred = {}
        return entry

    def score(self, hand: str, winner: int, self_drawn: bool, flowers: int = 0, **context: bool) -> Result:
        """Score a hand string of ``winner`` in the hand being played: seat and prevalent winds from the
        seating, ``context`` flags (last_copy, kong_related, last_tile) as in ``fanrules.score``."""
        where = self.seating
        parsed = parse_hand(hand, self_drawn=self_drawn, flowers=flowers, seat_wind=where.seat_winds[winner],
                            prevalent_wind=where.prevalent_wind, **context)
        return self.scorer.score(parsed)

    def win(self, winner: int, hand: Result | Hand | str | int, discarder: int | None = None, flowers: int | None = None,
            **context: bool) -> Entry:
        """Record a win of ``winner`` (on ``discarder``'s discard, or self-drawn when None). ``hand`` is a
        scored Result, a Hand or hand string (scored here with this hand's winds), or its points
        without flowers (``flowers`` then counts the flowers)."""
        self._check_open()
        winner = player_index(winner, "winner")
        if discarder is not None and player_index(discarder, "discarder") == winner:
            raise SettlementError("the winner cannot be the discarder: give no discarder for a self-drawn win")
        if winner in self.barred:
            raise SettlementError(f"{self.names[winner]} may not win hand {self.hand_number + 1}: barred from winning it "
                                  f"(停和) after a {self.barred[winner].replace('_', '-')}")
        shown = f" ({hand})" if isinstance(hand, str) else ""
        if isinstance(hand, (str, Hand)):
            hand = self._score_hand(hand, winner, discarder, flowers, context)
            flowers = None
        elif context:
            raise SettlementError(f"{', '.join(context)} only apply to a hand that is scored here, not to a total")
        elif isinstance(hand, Result):
            self._check_context(hand.hand, winner, discarder)
        points, flower_points = hand_points(hand, self.terms, flowers)
        changes = win_changes(points, flower_points, winner, discarder, self.terms)
        name = self.names[winner]
        with_flowers = f" +{flower_points} for flowers" if flower_points else ""
        text = (f"{name} self-draws {points}{with_flowers}{shown}" if discarder is None
                else f"{name} wins {points}{with_flowers} from {self.names[discarder]}{shown}")
        return self._record("self_draw" if discarder is None else "win", text, changes, True, points + flower_points)

    def _score_hand(self, hand: Hand | str, winner: int, discarder: int | None, flowers: int | None,
                    context: dict[str, bool]) -> Result:
        if isinstance(hand, str):
            return self.score(hand, winner, discarder is None, flowers or 0, **context)
        if context or flowers is not None:
            raise SettlementError("a Hand carries its own context and flowers: do not give them again")
        self._check_context(hand, winner, discarder)
        return self.scorer.score(hand)

    def _check_context(self, hand: Hand, winner: int, discarder: int | None) -> None:
        """A hand given with its context must have been won as recorded, with this hand's winds."""
        where, ctx = self.seating, hand.context
        winds = (TILE_INDEX[where.seat_winds[winner]], TILE_INDEX[where.prevalent_wind])
        if ctx.self_drawn != (discarder is None) or (ctx.seat_wind, ctx.prevalent_wind) != winds:
            raise SettlementError(f"the hand's context does not match hand {self.hand_number + 1}: the winner's seat wind is "
                                  f"{where.seat_winds[winner]}, the prevalent wind {where.prevalent_wind}, "
                                  f"{'self-drawn' if discarder is None else 'won on a discard'}")

    def draw(self, ready: Iterable[int] = ()) -> Entry:
        """Record an exhaustive draw; ``ready`` lists the players who were ready."""
        self._check_open()
        ready = sorted(set(ready))
        changes = draw_changes(ready, self.terms)
        text = "draw" + (f" ready {' '.join(self.names[p] for p in ready)}" if ready else "")
        return self._record("draw", text, changes, True)

    def penalty(self, offender: int, kind: str) -> Entry:
        """Record a penalty of ``kind`` (a key of ``settlement.penalties``) against ``offender``."""
        self._check_open()
        changes = penalty_changes(offender, kind, self.terms)
        penalty = self.terms.penalty(kind)
        if penalty.bars_win and not penalty.ends_hand:
            self.barred.setdefault(offender, penalty.kind)
        return self._record("penalty", f"{self.names[offender]} {penalty.kind.replace('_', '-')}", changes, penalty.ends_hand)

    def standings(self) -> tuple[Standing, ...]:
        """The standings now (final once ``finished``): places, points, changes, ranking points."""
        return standings(self.totals, self.terms.session.start, self.names, self.terms)

    def to_json(self) -> dict[str, Any]:
        """The session for apps: rules, players, every event with its changes and totals, standings."""
        return {"rules": self.ruleset.name, "players": list(self.names), "hands_played": min(self.hand_number, self.length),
                "finished": self.finished, "events": [e.to_json(self.names) for e in self.entries],
                "totals": list(self.totals), "standings": [s.to_json() for s in self.standings()]}
