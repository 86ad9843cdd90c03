"""A table playing one hand by a rule set's procedure: seeded walls, the deal, flower replacement, draws,
discards, claims resolved by priority, kongs with replacement and robbing, wins scored with the context
derived from the table, and the exhaustive draw. Every step is logged as a JSON event.

Players are numbered 0..3 and keep their number; their seat winds say the turn order (E, S, W, N) and
who deals (E). ``legal_actions(player)`` lists what a player may do now; ``step(action)`` does it or
raises IllegalAction and leaves the table as it was."""
from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.hand import Context, Meld, MeldKind
from ..core.tiles import is_flower, tile_code
from ..ruleset import RuleSet
from .actions import CLAIM_KIND, Action, IllegalAction
from .refusal import why_illegal
from .seat import RELATIVE, Seat
from .wall import Opening, deal_order, shuffled_wall
from .winning import GameRules, Win, as_game_rules, score_win

DEAL, FLOWERS, DRAW, TURN, CLAIMS, ROB, OVER = "deal", "flowers", "draw", "turn", "claims", "rob", "over"
WINDS = (27, 28, 29, 30)


class Table:
    """One hand at a table. ``seed`` makes the wall (and dice) reproducible; ``wall`` instead gives the
    live wall in drawing order (scripted games, see ``arranged_wall``). ``seat_winds[p]`` is player
    p's seat wind (tile 27..30); the player with east deals."""

    def __init__(self, rules: GameRules | RuleSet | str | Path = "mcr", seed: int | str = 0,
                 seat_winds: Sequence[int] = WINDS, prevalent_wind: int = 27, wall: Sequence[int] | None = None) -> None:
        self.rules = as_game_rules(rules)
        proc = self.proc = self.rules.procedure
        if sorted(seat_winds) != list(WINDS) or prevalent_wind not in WINDS:
            raise ValueError("seat winds must be E, S, W, N once each and the prevalent wind one of them")
        self.seed = seed
        self.seat_winds = tuple(seat_winds)
        self.prevalent_wind = prevalent_wind
        self.order = tuple(sorted(range(4), key=lambda p: self.seat_winds[p]))
        self.dealer = self.order[0]
        if wall is None:
            live, self.opening = shuffled_wall(random.Random(seed), proc)
        else:
            live, self.opening = list(wall), Opening((), 0, 0)
            if sorted(live) != sorted(t for t in range(34) for _ in range(4)) + list(range(34, 34 + proc.flowers)):
                raise ValueError(f"a wall must hold the {proc.tile_count} tiles of the set exactly once each")
        self.wall = live
        #: The wall was given, not shuffled from the seed: a log must carry it.
        self.scripted = wall is not None
        self.front, self.back = 0, len(live)
        self.seats = [Seat() for _ in range(4)]
        self.phase = DEAL
        self.current = self.dealer
        self.draw_source = "wall"
        #: How the tile of the current turn came: wall, kong, flower, deal; whether it was the wall's last.
        self.turn_source, self.turn_last = "deal", False
        self.may_self_win = False
        self.last_discard: tuple[int, int] | None = None
        self.discard_on_empty = False
        self.waiting: list[int] = []
        self.responses: dict[int, Action] = {}
        self.options: dict[int, list[Action]] = {}
        self.claim_wins: dict[int, Win] = {}
        self.pending_kong: tuple[int, int, str] | None = None
        self.initial: list[int] = []
        self.wins: list[Win] = []
        self.events: list[dict[str, Any]] = []
        self._legal: tuple[int, int, list[Action]] | None = None
        self._turn_win: Win | None = None
        self._steps = 0
        self._deal()

    # --- what the table looks like -------------------------------------------------------------------
    @property
    def remaining(self) -> int:
        """Tiles left to draw before the exhaustive draw."""
        return self.back - self.front - self.proc.tiles_left

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def next_of(self, player: int, k: int = 1) -> int:
        return self.order[(self.order.index(player) + k) % 4]

    def relative(self, claimer: int, discarder: int) -> str:
        return RELATIVE[(self.order.index(discarder) - self.order.index(claimer)) % 4]

    def to_act(self) -> list[int]:
        """The players whose action the table waits for."""
        if self.phase in (CLAIMS, ROB):
            return [p for p in self.waiting if p not in self.responses]
        return [] if self.phase == OVER else [self.current]

    def visible(self, tile: int) -> int:
        """Copies of ``tile`` every player sees: in the discard pools and in declared sets face up."""
        return sum(s.discards.count(tile) + s.exposed_count(tile) for s in self.seats)

    # --- the deal ------------------------------------------------------------------------------------
    def _deal(self) -> None:
        takers = deal_order(self.proc)
        for seat_offset, tile in zip(takers, self.wall[: len(takers)]):
            player = self.order[seat_offset]
            self.seats[player].take(tile)
            self.seats[player].drawn = tile
        self.front = len(takers)
        self.events.append({"type": "deal", "dice": list(self.opening.throws), "counted_on": self.opening.side,
                            "stacks": self.opening.counted, "dealer": self.dealer,
                            "hands": [[tile_code(t) for t in s.concealed()] for s in self.seats]})
        wind_order = [self.seat_winds.index(w) for w in self.proc.flower_order]
        self.initial = [p for p in wind_order if self.seats[p].held_flowers()]
        self._after_initial_flowers()

    def _after_initial_flowers(self) -> None:
        while self.initial and not self.seats[self.initial[0]].held_flowers():
            self.initial.pop(0)
        if self.initial:
            self.phase, self.current = FLOWERS, self.initial[0]
        elif self.proc.jump_draw:
            self._turn(self.dealer, may_self_win=True)
        else:
            self._to_draw(self.dealer, "wall")

    def _turn(self, player: int, may_self_win: bool) -> None:
        self.phase, self.current, self.may_self_win = TURN, player, may_self_win

    def _to_draw(self, player: int, source: str) -> None:
        if self.remaining <= 0:
            self._end()
        else:
            self.phase, self.current, self.draw_source = DRAW, player, source

    # --- legal actions -------------------------------------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        """What ``player`` may do now (empty when the table is not waiting for them)."""
        if self._legal is not None and self._legal[:2] == (self._steps, player):
            return self._legal[2]
        acts = self._compute_legal(player)
        self._legal = (self._steps, player, acts)
        return acts

    def _compute_legal(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        seat = self.seats[player]
        if self.phase in (CLAIMS, ROB):
            return self.options[player]
        if self.phase == DRAW:
            return [Action(player, "draw")]
        if self.phase == FLOWERS or seat.held_flowers():
            return [Action(player, "flower", f) for f in seat.held_flowers()]
        acts: list[Action] = []
        self._turn_win = self._self_win(player) if self.may_self_win else None
        if self._turn_win is not None:
            acts.append(Action(player, "win"))
        if self.may_self_win and self.remaining > 0:
            acts += [Action(player, "concealed_kong", t) for t in range(34) if seat.counts[t] == 4]
            acts += [Action(player, "added_kong", m.tiles[0]) for m in seat.melds
                     if m.kind is MeldKind.PUNG and seat.counts[m.tiles[0]]]
        acts += [Action(player, "discard", t) for t in range(34) if seat.counts[t]]
        return acts

    def _context(self, player: int, tile: int, self_drawn: bool, kong: bool, last: bool, visible: int) -> Context:
        return Context(self_drawn=self_drawn, last_copy=visible == 3, kong_related=kong, last_tile=last,
                       seat_wind=self.seat_winds[player], prevalent_wind=self.prevalent_wind,
                       flowers=len(self.seats[player].flowers),
                       flower_replacement=self_drawn and self.turn_source == "flower",
                       first_turn=self._first_turn(player, self_drawn))

    def _first_turn(self, player: int, self_drawn: bool) -> bool:
        """Whether a win now comes in the first go-round, before any claim or kong: the dealer's dealt
        hand or a player's first draw (they have not discarded yet), or a discard among the first four."""
        if any(seat.melds for seat in self.seats):
            return False
        if self_drawn:
            return not self.seats[player].discards
        return sum(len(seat.discards) for seat in self.seats) <= 4

    def _win(self, player: int, tile: int, discarder: int | None, ctx: Context, minimum: bool = True) -> Win | None:
        seat = self.seats[player]
        concealed = [t for t in seat.concealed() if not is_flower(t)]
        if discarder is None:
            concealed.remove(tile)
        win = score_win(self.rules, player, discarder, concealed, tuple(seat.melds), tile, ctx)
        if win is None or (minimum and win.points(self.proc.flowers_count) < self.proc.minimum):
            return None
        return win

    def _self_win(self, player: int, minimum: bool = True) -> Win | None:
        seat = self.seats[player]
        tile = seat.drawn
        if tile is None or (minimum and tile not in seat.waits(without=tile)):
            return None
        ctx = self._context(player, tile, True, self.turn_source == "kong", self.turn_last, self.visible(tile))
        return self._win(player, tile, None, ctx, minimum)

    def _claim_win(self, player: int, discarder: int, tile: int, robbing: bool, minimum: bool = True) -> Win | None:
        last = not robbing and self.discard_on_empty
        ctx = self._context(player, tile, False, robbing, last, self.visible(tile) - (0 if robbing else 1))
        return self._win(player, tile, discarder, ctx, minimum)

    def win_candidate(self, player: int) -> Win | None:
        """The win ``player`` would declare now, scored whether or not it reaches the minimum (None when
        there is no tile to win on or no winning shape): what a refused win is explained with."""
        if self.phase == TURN and player == self.current and self.may_self_win:
            return self._self_win(player, minimum=False)
        if self.phase == CLAIMS and self.last_discard is not None and self.last_discard[0] != player:
            return self._claim_win(player, self.last_discard[0], self.last_discard[1], False, minimum=False)
        if self.phase == ROB and self.pending_kong is not None and self.pending_kong[0] != player:
            return self._claim_win(player, self.pending_kong[0], self.pending_kong[1], True, minimum=False)
        return None

    def _claim_options(self, discarder: int, tile: int, robbing: bool) -> None:
        """Each other player's options on ``tile`` (a discard, or a kong's tile that may be robbed)."""
        self.options, self.claim_wins, self.responses = {}, {}, {}
        melds_ok = not robbing and (self.remaining > 0 or self.proc.melds_on_last_discard)
        for k in (1, 2, 3):
            q = self.next_of(discarder, k)
            seat = self.seats[q]
            acts: list[Action] = []
            if tile in seat.waits():
                win = self._claim_win(q, discarder, tile, robbing)
                if win is not None:
                    self.claim_wins[q] = win
                    acts.append(Action(q, "win"))
            if melds_ok:
                n = seat.counts[tile]
                if n >= 3 and self.remaining > 0:
                    acts.append(Action(q, "kong", tile))
                if n >= 2:
                    acts.append(Action(q, "pung", tile))
                if tile < 27 and self.relative(q, discarder) in self.proc.chow_from:
                    acts += self._chows(q, tile)
            if acts:
                self.options[q] = [Action(q, "pass"), *acts]
        self.waiting = list(self.options)

    def _chows(self, player: int, tile: int) -> list[Action]:
        counts, rank = self.seats[player].counts, tile % 9
        out = []
        for low in (tile - 2, tile - 1, tile):
            if low // 9 == tile // 9 and low % 9 <= 6 and rank - 2 <= low % 9 <= rank:
                others = [t for t in (low, low + 1, low + 2) if t != tile]
                if all(counts[t] for t in others):
                    out.append(Action(player, "chow", tile, (low, low + 1, low + 2)))
        return out

    # --- steps ---------------------------------------------------------------------------------------
    def step(self, action: Action) -> list[dict[str, Any]]:
        """Do ``action``; returns the events it logged. Raises IllegalAction (table unchanged) when the
        action is not one of ``legal_actions(action.player)``."""
        legal = self.legal_actions(action.player)
        if action not in legal:
            win = self.win_candidate(action.player) if action.kind == "win" and legal else None
            raise IllegalAction(why_illegal(action, legal, self.phase, self.to_act(), win, self.proc))
        start = len(self.events)
        self._steps += 1
        event = {"type": "action", **action.to_json()}
        self.events.append(event)
        getattr(self, f"_do_{action.kind}")(action, event)
        return self.events[start:]

    def _do_draw(self, action: Action, event: dict[str, Any]) -> None:
        seat = self.seats[action.player]
        from_end = self.draw_source != "wall" and (
            self.proc.kong_replace_from if self.draw_source == "kong" else self.proc.flower_replace_from) == "end"
        if from_end:
            self.back -= 1
            tile = self.wall[self.back]
        else:
            tile = self.wall[self.front]
            self.front += 1
        self.turn_source, self.turn_last = self.draw_source, self.remaining <= 0
        event.update(tile=tile_code(tile), source=self.draw_source)
        seat.take(tile)
        seat.drawn = tile
        if self.phase == DRAW and self.initial:
            self._after_initial_flowers()
        else:
            self._turn(action.player, may_self_win=True)

    def _do_flower(self, action: Action, event: dict[str, Any]) -> None:
        seat = self.seats[action.player]
        assert action.tile is not None
        seat.give(action.tile)
        seat.flowers.append(action.tile)
        self._to_draw(action.player, "flower")

    def _do_discard(self, action: Action, event: dict[str, Any]) -> None:
        p, tile = action.player, action.tile
        assert tile is not None
        seat = self.seats[p]
        seat.give(tile)
        seat.discards.append(tile)
        self.last_discard = (p, tile)
        self.discard_on_empty = self.remaining <= 0
        self._claim_options(p, tile, robbing=False)
        if self.waiting:
            self.phase = CLAIMS
        else:
            self._to_draw(self.next_of(p), "wall")

    def _do_concealed_kong(self, action: Action, event: dict[str, Any]) -> None:
        tile = action.tile
        assert tile is not None
        seat = self.seats[action.player]
        seat.give(tile, 4)
        seat.declare(Meld(MeldKind.CONCEALED_KONG, (tile,) * 4))
        self._kong_declared(action.player, tile, "concealed")

    def _do_added_kong(self, action: Action, event: dict[str, Any]) -> None:
        assert action.tile is not None
        self._kong_declared(action.player, action.tile, "added")

    def _kong_declared(self, player: int, tile: int, kind: str) -> None:
        self.pending_kong = (player, tile, kind)
        if kind in self.proc.robbing:
            self._claim_options(player, tile, robbing=True)
            if self.waiting:
                self.phase = ROB
                return
        self._complete_kong()

    def _complete_kong(self) -> None:
        assert self.pending_kong is not None
        player, tile, kind = self.pending_kong
        self.pending_kong = None
        seat = self.seats[player]
        if kind == "added":
            i = seat.pung_of(tile)
            assert i is not None
            old = seat.melds[i]
            seat.give(tile)
            seat.declare(Meld(MeldKind.KONG, (tile,) * 4, old.claimed_from, None, True), i)
        self._to_draw(player, "kong")

    def _do_win(self, action: Action, event: dict[str, Any]) -> None:
        if self.phase == TURN:
            assert self._turn_win is not None
            self._finish([self._turn_win])
        else:
            self._respond(action)

    def _do_pass(self, action: Action, event: dict[str, Any]) -> None:
        self._respond(action)

    _do_pung = _do_kong = _do_chow = _do_pass

    def _respond(self, action: Action) -> None:
        self.responses[action.player] = action
        if len(self.responses) == len(self.waiting):
            self._resolve()

    def _resolve(self) -> None:
        """Every claim is in: the highest in priority wins; several wins as the procedure says."""
        claims = [self.responses[q] for q in self.waiting if self.responses[q].kind != "pass"]
        for kind in self.proc.priority:
            chosen = [a for a in claims if CLAIM_KIND[a.kind] == kind]
            if not chosen:
                continue
            if kind == "win":
                winners = chosen if self.proc.several_wins == "all" else chosen[:1]
                self._finish([self.claim_wins[a.player] for a in winners])
            else:
                self._meld(chosen[0])
            return
        if self.phase == ROB:
            self._complete_kong()
        else:
            assert self.last_discard is not None
            self._to_draw(self.next_of(self.last_discard[0]), "wall")
        self.waiting, self.responses = [], {}

    def _meld(self, action: Action) -> None:
        assert self.last_discard is not None and action.tile is not None
        discarder, tile = self.last_discard
        seat = self.seats[action.player]
        self.seats[discarder].discards.pop()
        source = self.relative(action.player, discarder)
        if action.kind == "chow":
            for t in action.tiles:
                if t != tile:
                    seat.give(t)
            seat.declare(Meld(MeldKind.CHOW, action.tiles, source, tile))
        else:
            size = 4 if action.kind == "kong" else 3
            seat.give(tile, size - 1)
            seat.declare(Meld(MeldKind.KONG if size == 4 else MeldKind.PUNG, (tile,) * size, source))
        self.waiting, self.responses = [], {}
        if action.kind == "kong":
            self._to_draw(action.player, "kong")
        else:
            self._turn(action.player, may_self_win=False)

    def _finish(self, wins: list[Win]) -> None:
        self.wins = wins
        self.events.extend(w.to_json() for w in wins)
        self._end()

    def _end(self) -> None:
        self.phase = OVER
        self.waiting, self.responses = [], {}
        self.events.append({"type": "end", "outcome": "win" if self.wins else "draw",
                            "winners": [w.player for w in self.wins], "wall_left": self.back - self.front})
