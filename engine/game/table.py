"""A table playing one hand by a rule set's procedure: seeded walls, the deal, flower replacement, draws,
discards, claims resolved by priority, kongs with replacement and robbing, wins scored with the context
derived from the table, and the exhaustive draw. Every step is logged as a JSON event.

Players are numbered 0..3 and keep their number; their seat winds say the turn order (E, S, W, N) and
who deals (E). ``legal(player)`` lists what a player may do now; ``step(action)`` does it or
raises IllegalAction and leaves the table as it was."""
from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any, assert_never

from ..core.context import Context
from ..core.deprecation import warn_renamed
from ..core.hand import Meld, MeldKind
from ..core.tiles import COPIES, EAST, KINDS_COUNT, WIND_TILES, TileLike, is_flower, tile_code, tile_numbers
from .actions import DISCARD_OF, DRAW_OF, WIN_OF, Action, ActionKind, IllegalAction, Phase, Source, action_event
from .claims import ClaimWindow, open_window
from .procedure import GameError
from .refusal import why_illegal
from .restore import replayed, rules_of_state
from .seat import DISCARDER, SEAT_COUNT, Seat, Wind, first_go_round, own_flowers, wind_tiles
from .state import TableState, after_of
from .wall import Opening, deal_order, recorded_wall, shuffled_wall, tile_set, wall_bounds
from .winning import GameRules, RulesLike, Win, as_game_rules, score_win


class Table(TableState):
    """One hand at a table. ``seed`` makes the wall (and dice) reproducible, as Gymnasium's ``reset(seed=)``:
    a given seed deals the same wall every time, None (the default) a fresh one (``seed`` then holds
    the seed drawn, which a log records); ``wall`` instead gives the live wall in drawing order
    (scripted games, see ``arranged_wall``). ``seat_winds[p]`` is player p's seat wind (a letter E S W
    N or its tile); the player with east deals. GameError for winds or a wall that cannot be."""

    def __init__(self, rules: RulesLike = "mcr", seed: int | str | None = None, *,
                 seat_winds: Sequence[Wind] = WIND_TILES, prevalent_wind: Wind = EAST,
                 wall: Sequence[TileLike] | None = None) -> None:
        self.rules = as_game_rules(rules)
        proc = self.proc = self.rules.procedure
        #: The seed of the wall: the one given, or the one drawn for ``seed=None`` (0 for a wall given).
        self.seed = seed if seed is not None else 0 if wall is not None else secrets.randbits(63)
        self.seat_winds, self.prevalent_wind = wind_tiles(seat_winds, prevalent_wind)
        self.order = tuple(sorted(range(SEAT_COUNT), key=lambda p: self.seat_winds[p]))
        self._after = after_of(self.order)
        self.dealer = self.order[0]
        if wall is None:
            live, self.opening = shuffled_wall(random.Random(self.seed), proc)
        else:
            live, self.opening = list(tile_numbers(wall)), Opening((), 0, 0)
            if sorted(live) != tile_set(proc):
                raise GameError(f"a wall must hold the {proc.tile_count} tiles of the set exactly once each")
        self.wall = live
        #: The wall was given, not shuffled from the seed: a log must carry it.
        self.scripted = wall is not None
        #: Where each wall drawn from starts and ends now (positions in ``wall``): one shared wall, or one
        #: a seat by turn offset from the dealer (``procedure.wall``); ``wall_index[p]`` is player p's.
        self.fronts, self.backs = wall_bounds(proc, len(live))
        self.wall_index = [0 if len(self.fronts) == 1 else self.order.index(p) for p in range(SEAT_COUNT)]
        self.seats = [Seat() for _ in range(SEAT_COUNT)]
        self.phase = Phase.DEAL
        self.current = self.dealer
        self.may_self_win = False
        #: The claims open on a discard or a kong's tile (phases CLAIMS and ROB).
        self.window: ClaimWindow | None = None
        self.initial: list[int] = []
        self.wins: list[Win] = []
        #: Players barred from winning this hand (停和, ``bar``): no win of theirs is legal.
        self.barred: set[int] = set()
        self.events: list[dict[str, Any]] = []
        self._legal: tuple[int, int, list[Action]] | None = None
        self._turn_win: Win | None = None
        self._steps = 0
        self._deal()

    @classmethod
    def from_deal(cls, rules: RulesLike, hands: Sequence[Sequence[TileLike]],
                  draws: Sequence[tuple[int, TileLike, str]] = (), *, seat_winds: Sequence[Wind] = WIND_TILES,
                  prevalent_wind: Wind = EAST) -> Table:
        """The table of a recorded hand: ``hands[p]`` is what player p was dealt (the dealer's 14 with the
        jump draw), ``draws`` the tiles drawn after the deal as they came: (player, tile, where from:
        ``wall``, ``kong`` or ``flower`` for a replacement). The tiles nobody drew fill the walls' middles.
        Tiles by number or code."""
        game = as_game_rules(rules)
        seats, _ = wind_tiles(seat_winds, prevalent_wind)
        order = sorted(range(SEAT_COUNT), key=lambda p: seats[p])
        wall = recorded_wall(game.procedure, [hands[p] for p in order], [(order.index(p), t, s) for p, t, s in draws])
        return cls(game, 0, seat_winds=seat_winds, prevalent_wind=prevalent_wind, wall=wall)

    @classmethod
    def from_json(cls, data: dict[str, Any], rules: GameRules | str | None = None) -> Table:
        """The table ``to_json`` saved, under ``rules`` (default: the shipped rule set it names, by name
        only), to play on exactly as it would have (game/restore.py: its seed, winds and events played
        again, so a state no game reaches is refused). ValueError when the data is not such a table's
        state or was saved under other rules."""
        game = rules_of_state(data, rules)
        return replayed(data, lambda seed, winds, prevalent, wall: cls(game, seed, seat_winds=winds, prevalent_wind=prevalent, wall=wall))

    # --- what the table looks like -------------------------------------------------------------------
    def __repr__(self) -> str:
        """The rule set, seed and phase, whose turn, the wall left, and each seat's wind, tiles (in
        codes), declared sets and discards."""
        codes = "".join
        seats = "; ".join(
            f"{p} {tile_code(self.seat_winds[p])} {codes(map(tile_code, sorted(s.tiles())))}"
            + "".join(f" [{codes(map(tile_code, m.tiles)) or 'hidden'}]" for m in s.melds)
            + (f" discards {codes(map(tile_code, s.discards))}" if s.discards else "")
            for p, s in enumerate(self.seats))
        return (f"<Table {self.rules.name} seed={self.seed!r} {self.phase.value}, player {self.current} "
                f"({tile_code(self.seat_winds[self.current])}) to act, {self.wall_left} in the wall: {seats}>")

    @property
    def over(self) -> bool:
        """Whether the hand is over (a win, or the exhaustive draw)."""
        return self.phase == Phase.OVER

    @property
    def last_discard(self) -> tuple[int, int] | None:
        """Who discarded which tile, while the others may claim it."""
        w = self.window
        return (w.discarder, w.tile) if self.phase == Phase.CLAIMS and w is not None else None

    @property
    def kong_tile(self) -> int | None:
        """The tile of the kong being declared, while the others may rob it."""
        return self.window.tile if self.phase == Phase.ROB and self.window is not None else None

    def to_act(self) -> list[int]:
        """The players whose action the table waits for."""
        if self.window is not None:
            return self.window.to_answer()
        return [] if self.phase == Phase.OVER else [self.current]

    # --- the deal ------------------------------------------------------------------------------------
    def _deal(self) -> None:
        for seat_offset in deal_order(self.proc):
            player = self.order[seat_offset]
            i = self.wall_index[player]
            tile = self.wall[self.fronts[i]]
            self.fronts[i] += 1
            self.seats[player].take(tile)
            self.seats[player].drawn = tile
        self.events.append({"type": "deal", "dice": list(self.opening.throws), "counted_on": self.opening.side,
                            "stacks": self.opening.counted, "dealer": self.dealer,
                            "hands": [[tile_code(t) for t in s.concealed()] for s in self.seats]})
        wind_order = [self.seat_winds.index(w) for w in self.proc.flower_order]
        self.initial = [p for p in wind_order if self.seats[p].held_flowers()]
        self._after_initial_flowers()

    def _after_initial_flowers(self) -> None:
        """The next player with flowers from the deal sets them aside, or play starts. Each player keeps
        where their own last tile came from; a replacement within the deal counts as dealt (1998 p17:
        the flowers of the deal are replaced before play; p22: 天和 is the dealer's dealt hand)."""
        while self.initial and not self.seats[self.initial[0]].held_flowers():
            self.initial.pop(0)
        if self.initial:
            self.phase, self.current = Phase.FLOWERS, self.initial[0]
        elif self.proc.jump_draw:
            self._turn(self.dealer, may_self_win=True)
        else:
            self._to_draw(self.dealer, Source.WALL)

    def _turn(self, player: int, may_self_win: bool) -> None:
        self.phase, self.current, self.may_self_win = Phase.TURN, player, may_self_win

    def _to_draw(self, player: int, source: Source) -> None:
        if self.left(player) <= 0:
            self._end()
        else:
            self.phase, self.current = Phase.DRAW, player
            self.seats[player].draw_from = source

    # --- legal actions -------------------------------------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        """Deprecated: ``legal``."""
        warn_renamed("Table.legal_actions", "Table.legal")
        return self.legal(player)

    def legal(self, player: int) -> list[Action]:
        """What ``player`` may do now (empty when the table is not waiting for them): what an Observation's
        ``legal`` says."""
        made = self._legal
        if made is not None and made[0] == self._steps and made[1] == player:
            return made[2]
        acts = self._compute_legal(player)
        self._legal = (self._steps, player, acts)
        return acts

    def _compute_legal(self, player: int) -> list[Action]:
        window = self.window
        if window is not None:  # to_act() written out: the players the window waits for
            return window.options[player] if player in window.options and player not in window.responses else []
        phase = self.phase
        if phase == Phase.OVER or player != self.current:
            return []
        if phase == Phase.DRAW:
            return [DRAW_OF[player]]
        seat = self.seats[player]
        held = seat.tiles()
        if phase == Phase.FLOWERS or (held and is_flower(held[-1])):
            return [Action(player, ActionKind.FLOWER, f) for f in seat.held_flowers()]
        may_self_win = self.may_self_win
        win = self._turn_win = self._self_win(player) if may_self_win else None
        acts = [WIN_OF[player]] if win is not None else []
        if may_self_win and self.wall_left > 0 and self.left(player) > 0:
            counts = seat.counts
            if COPIES in counts:  # a scan in C first: most turns hold no four of a kind
                acts += [Action(player, ActionKind.CONCEALED_KONG, t) for t in range(KINDS_COUNT) if counts[t] == COPIES]
            if seat.melds:
                acts += [Action(player, ActionKind.ADDED_KONG, m.tiles[0]) for m in seat.melds
                         if m.kind is MeldKind.PUNG and counts[m.tiles[0]]]
        acts += map(DISCARD_OF[player].__getitem__, dict.fromkeys(held))
        return acts

    # --- wins ----------------------------------------------------------------------------------------
    def _context(self, player: int, self_drawn: bool, kong: bool, last: bool, visible: int, discarder: int | None = None) -> Context:
        seat_wind = self.seat_winds[player]
        return Context(self_drawn=self_drawn, last_copy=visible == COPIES - 1, kong_related=kong, last_tile=last,
                       seat_wind=seat_wind, prevalent_wind=self.prevalent_wind,
                       flowers=len(self.seats[player].flowers),
                       flower_replacement=self_drawn and self.seats[player].source == Source.FLOWER,
                       first_turn=first_go_round(self.seats, player, self_drawn),
                       discard_after_kong=discarder is not None and not kong and self.seats[discarder].source == Source.KONG,
                       discarder="none" if discarder is None else DISCARDER[self.relative(player, discarder)],
                       seat_flowers=own_flowers(self.seats[player].flowers, seat_wind))

    def _win(self, player: int, tile: int, discarder: int | None, ctx: Context, minimum: bool = True) -> Win | None:
        if player in self.barred:
            return None
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
        if tile is None or is_flower(tile) or (minimum and tile not in seat.waits(without=tile)):
            return None
        ctx = self._context(player, True, seat.source == Source.KONG, seat.wall_last, self.visible(tile))
        return self._win(player, tile, None, ctx, minimum)

    def claim_win(self, player: int, discarder: int, tile: int, robbing: bool, last: bool,
                  minimum: bool = True) -> Win | None:
        """The win ``player`` may declare on ``discarder``'s ``tile`` (robbing a kong, or on a discard
        that came on an empty wall when ``last``)."""
        ctx = self._context(player, False, robbing, last, self.visible(tile) - (0 if robbing else 1), discarder)
        return self._win(player, tile, discarder, ctx, minimum)

    def win_candidate(self, player: int) -> Win | None:
        """The win ``player`` would declare now, scored whether or not it reaches the minimum (None when
        there is no tile to win on or no winning shape): what a refused win is explained with."""
        if self.phase == Phase.TURN and player == self.current and self.may_self_win:
            return self._self_win(player, minimum=False)
        w = self.window
        if w is not None and w.discarder != player:
            return self.claim_win(player, w.discarder, w.tile, w.kong is not None, w.last, minimum=False)
        return None

    # --- steps ---------------------------------------------------------------------------------------
    def step(self, action: Action) -> list[dict[str, Any]]:
        """Do ``action``; returns the events it logged. Raises IllegalAction (table unchanged) when the
        action is not one of ``legal(action.player)``."""
        legal = self.legal(action.player)
        for listed in legal:  # by identity first: a player answers with a listed action, as a rule
            if listed is action:
                break
        else:
            self._refuse(action, legal)
        start = len(self.events)
        self._steps += 1
        event = action_event(action)
        self.events.append(event)
        kind = action.kind
        match kind:
            case ActionKind.DRAW:
                self._draw(action.player, event)
            case ActionKind.DISCARD:
                self._discard(action)
            case ActionKind.FLOWER:
                self._flower(action)
            case ActionKind.CONCEALED_KONG | ActionKind.ADDED_KONG:
                self._kong_declared(action)
            case ActionKind.WIN if self.window is None:
                assert self._turn_win is not None
                self._finish([self._turn_win])
            case ActionKind.WIN | ActionKind.PASS | ActionKind.PUNG | ActionKind.KONG | ActionKind.CHOW:
                self._answer(action)
            case _:
                assert_never(kind)
        return self.events[start:]

    def _refuse(self, action: Action, legal: list[Action]) -> None:
        """Raise IllegalAction unless ``action`` equals a legal action (one not listed by identity)."""
        if action in legal:
            return
        if action.kind == ActionKind.WIN and legal and action.player in self.barred:
            raise IllegalAction(f"{action}: refused: player {action.player} is barred from winning this hand (停和)")
        win = self.win_candidate(action.player) if action.kind == ActionKind.WIN and legal else None
        raise IllegalAction(why_illegal(action, legal, self.phase, self.to_act(), win, self.proc))

    def bar(self, player: int) -> None:
        """Bar ``player`` from winning the rest of the hand (停和, after a penalty that says so: the
        rule set's ``bars_win``); they play on. Logged, so that a replay bars them at the same point."""
        if self.over or isinstance(player, bool) or not isinstance(player, int) or player not in range(SEAT_COUNT):
            raise GameError(f"cannot bar player {player!r}: " + ("the hand is over" if self.over else "not a player 0..3"))
        self.barred.add(player)
        self._legal = None
        if self.window is not None and player in self.window.options and player not in self.window.responses:
            self.window.options[player] = [a for a in self.window.options[player] if a.kind != ActionKind.WIN]
            self.window.wins.pop(player, None)
        self.events.append({"type": "bar", "player": player})

    def _draw(self, player: int, event: dict[str, Any]) -> None:
        seat = self.seats[player]
        source = seat.draw_from
        from_end = source != Source.WALL and (
            self.proc.kong_replace_from if source == Source.KONG else self.proc.flower_replace_from) == "end"
        i = self.wall_index[player]
        if from_end:
            self.backs[i] -= 1
            tile = self.wall[self.backs[i]]
        else:
            tile = self.wall[self.fronts[i]]
            self.fronts[i] += 1
        seat.source = Source.DEAL if self.initial else source
        seat.wall_last = self.left(self._after[player]) <= 0
        event["tile"] = tile_code(tile)
        event["source"] = source
        seat.take(tile)
        seat.drawn = tile
        if self.initial:
            self._after_initial_flowers()
        else:
            self._turn(player, may_self_win=True)

    def _flower(self, action: Action) -> None:
        seat = self.seats[action.player]
        assert action.tile is not None
        seat.give(action.tile)
        seat.flowers.append(action.tile)
        self._to_draw(action.player, Source.FLOWER)

    def _discard(self, action: Action) -> None:
        p, tile = action.player, action.tile
        assert tile is not None
        seat = self.seats[p]
        seat.give(tile)
        seat.discards.append(tile)
        self._open(p, tile, None)

    def _kong_declared(self, action: Action) -> None:
        player, tile = action.player, action.tile
        assert tile is not None
        kind = "concealed" if action.kind == ActionKind.CONCEALED_KONG else "added"
        if kind == "concealed":
            seat = self.seats[player]
            seat.give(tile, COPIES)
            seat.declare(Meld(MeldKind.CONCEALED_KONG, (tile,) * COPIES))
        if kind in self.proc.robbing:
            self._open(player, tile, kind)
        else:
            self._complete_kong(player, tile, kind)

    def _open(self, discarder: int, tile: int, kong: str | None) -> None:
        """Open the claims on a discard or a kong's tile; with no one to claim, play goes on."""
        self.window = open_window(self, discarder, tile, kong)
        if self.window is not None:
            self.phase = Phase.CLAIMS if kong is None else Phase.ROB
        elif kong is None:
            self._to_draw(self.next_of(discarder), Source.WALL)
        else:
            self._complete_kong(discarder, tile, kong)

    def _complete_kong(self, player: int, tile: int, kind: str) -> None:
        seat = self.seats[player]
        if kind == "added":
            i = seat.pung_of(tile)
            assert i is not None
            old = seat.melds[i]
            seat.give(tile)
            seat.declare(Meld(MeldKind.KONG, (tile,) * COPIES, old.claimed_from, None, True), i)
        self._to_draw(player, Source.KONG)

    def _answer(self, action: Action) -> None:
        """A claim or a pass; the last answer resolves the window."""
        window = self.window
        assert window is not None
        if not window.answer(action):
            return
        self.window = None
        outcome = window.resolve(self.proc)
        if isinstance(outcome, list):
            self._finish(outcome)
        elif outcome is not None:
            self._meld(window, outcome)
        elif window.kong is not None:
            self._complete_kong(window.discarder, window.tile, window.kong)
        else:
            self._to_draw(self.next_of(window.discarder), Source.WALL)

    def _meld(self, window: ClaimWindow, action: Action) -> None:
        discarder, tile = window.discarder, window.tile
        seat = self.seats[action.player]
        self.seats[discarder].discards.pop()
        source = self.relative(action.player, discarder)
        if action.kind == ActionKind.CHOW:
            for t in action.tiles:
                if t != tile:
                    seat.give(t)
            seat.declare(Meld(MeldKind.CHOW, action.tiles, source, tile))
        else:
            kong = action.kind == ActionKind.KONG
            size = COPIES if kong else 3
            seat.give(tile, size - 1)
            seat.declare(Meld(MeldKind.KONG if kong else MeldKind.PUNG, (tile,) * size, source))
        if action.kind == ActionKind.KONG:
            self._to_draw(action.player, Source.KONG)
        else:
            self._turn(action.player, may_self_win=False)

    def _finish(self, wins: list[Win]) -> None:
        self.wins = wins
        self.events.extend(w.to_json() for w in wins)
        self._end()

    def _end(self) -> None:
        self.phase = Phase.OVER
        self.window = None
        self.events.append({"type": "end", "outcome": "win" if self.wins else "draw",
                            "winners": [w.player for w in self.wins],
                            "wall_left": sum(b - f for f, b in zip(self.fronts, self.backs))})

