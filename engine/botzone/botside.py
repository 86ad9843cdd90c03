"""A fanrules player as a Botzone bot: the state a bot keeps from Botzone's requests (its hand, every
player's sets, discards and flowers, the tiles left), turned into the Observation and legal actions a
fanrules player decides from, and the player's Action turned back into Botzone's response.

The requests and responses are those of Botzone's "Chinese-Standard-Mahjong" page (wiki.botzone.org.cn,
Request Format and Response Format tables) and of its judge (ailab-pku/Chinese-Standard-Mahjong
judge/main.cpp, roundOutput and the checkInput functions): ``0 id quan``; ``1 hua0..hua3 <13 tiles>
<flowers>``; ``2 T6`` (you drew); ``3 id BUHUA H7 | DRAW | PLAY x | PENG x | CHI mid x | GANG | BUGANG
x``; answered ``PASS``, ``PLAY x``, ``GANG x`` (concealed), ``BUGANG x``, ``HU``, ``PENG x``, ``CHI mid x``
(a claim names the tile discarded after it) and ``GANG`` (a kong on a discard). Player ``id`` is the
seat: 0 east (the dealer), then south, west, north in turn order."""
from __future__ import annotations

from collections.abc import Callable

from ..core.context import Context
from ..core.errors import FanrulesError
from ..core.hand import Meld, MeldKind
from ..core.tiles import COPIES, FIRST_HONOUR, KINDS_COUNT, WIND_TILES
from ..game import Action, ActionKind, Observation, Phase, Player
from ..game.seat import RELATIVE
from ..game.seat import SEAT_COUNT as SEATS
from ..game.wall import wall_bounds
from ..game.winning import GameRules, score_win
from .codec import from_botzone, to_botzone


class ProtocolError(FanrulesError, ValueError):
    """A request the bot cannot read (a wrong code, a tile it does not hold)."""


def _tile(code: str) -> int:
    try:
        return from_botzone(code)
    except ValueError as err:
        raise ProtocolError(str(err)) from None


class BotSide:
    """What one bot knows of the hand, fed request by request; ``respond`` gives its answer to each."""

    def __init__(self, rules: GameRules, player: Player) -> None:
        self.rules, self.player = rules, player
        self.me, self.quan = 0, 0
        self.hand: list[int] = []
        self.melds: list[list[Meld]] = [[] for _ in range(SEATS)]
        self.discards: list[list[int]] = [[] for _ in range(SEATS)]
        self.flowers = [0] * SEATS
        #: Tiles left to draw in each wall, as the table counts them (``Table.left``): one shared wall, or
        #: one a seat, Botzone's id being the turn offset from the dealer (``procedure.wall``).
        self.walls = _full_walls(rules)
        #: The discard open to claims (discarder, tile); the concealed kong the bot has just answered;
        #: whether the bot's next draw replaces a kong or a flower of its own.
        self.open: tuple[int, int] | None = None
        self.my_kong: int | None = None
        self.after_kong = self.after_flower = False
        #: While an earlier turn is replayed (``feed``), the player is not asked.
        self.silent = False

    # --- what the bot sees -------------------------------------------------------------------------
    def _counts(self) -> list[int]:
        counts = [0] * KINDS_COUNT
        for t in self.hand:
            counts[t] += 1
        return counts

    def _visible(self, tile: int) -> int:
        """Copies of ``tile`` in the discard pools and the declared sets (as the table counts them)."""
        return sum(d.count(tile) for d in self.discards) + sum(m.tiles.count(tile) for ms in self.melds for m in ms)

    def left(self, p: int) -> int:
        """Tiles player ``p`` may still draw before the exhaustive draw."""
        return self.walls[p if len(self.walls) > 1 else 0]

    def _took(self, p: int) -> None:
        """Player ``p`` drew a tile (from the wall's front or, a replacement, from its end)."""
        self.walls[p if len(self.walls) > 1 else 0] -= 1

    def _remaining(self, phase: Phase) -> int:
        """The table's ``remaining``: the wall of the next player to draw after a turn or a discard, of
        the kong's declarer when it may be robbed."""
        if phase == Phase.ROB and self.open is not None:
            return self.left(self.open[0])
        mover = self.open[0] if phase == Phase.CLAIMS and self.open is not None else self.me
        return self.left(_next(mover))

    def _win(self, tile: int, discarder: int | None, robbing: bool = False) -> bool:
        """Whether the bot may win on ``tile`` now: a winning shape that reaches the minimum. The last
        tile is read as the table reads it: the wall of the player to draw after the winner's draw or
        after the discard is empty (never when robbing a kong)."""
        concealed = list(self.hand)
        self_drawn = discarder is None
        if self_drawn:
            concealed.remove(tile)
        seen = self._visible(tile) - (0 if self_drawn or robbing else 1)
        last = not robbing and self.left(_next(self.me if discarder is None else discarder)) <= 0
        ctx = Context(self_drawn=self_drawn, last_copy=seen == COPIES - 1, kong_related=robbing or (self_drawn and self.after_kong),
                      last_tile=last, seat_wind=WIND_TILES[self.me], prevalent_wind=WIND_TILES[self.quan],
                      flowers=self.flowers[self.me], flower_replacement=self_drawn and self.after_flower)
        win = score_win(self.rules, self.me, discarder, concealed, tuple(self.melds[self.me]), tile, ctx)
        proc = self.rules.procedure
        return win is not None and win.points(proc.flowers_count) >= proc.minimum

    def observation(self, phase: Phase, legal: list[Action], drawn: int | None = None) -> Observation:
        me = self.me
        shown = tuple(tuple(ms) if p == me else tuple(Meld(m.kind, ()) if m.kind is MeldKind.CONCEALED_KONG else m for m in ms)
                      for p, ms in enumerate(self.melds))
        return Observation(
            player=me, seat_winds=WIND_TILES, prevalent_wind=WIND_TILES[self.quan], dealer=0, phase=phase,
            hand=tuple(sorted(self.hand)), drawn=drawn, melds=shown, discards=tuple(tuple(d) for d in self.discards),
            flowers=tuple(self.flowers), hand_sizes=self._hand_sizes(phase), wall_left=max(self._remaining(phase), 0),
            last_discard=self.open if phase == Phase.CLAIMS else None,
            kong_tile=self.open[1] if phase == Phase.ROB and self.open else None, legal=tuple(legal))

    def _hand_sizes(self, phase: Phase) -> tuple[int, ...]:
        """The tiles each player holds, as the table counts them: 13 less 3 a set, and one more for the
        bot on its own turn (its draw, or the discard it names with a pung or chow)."""
        return tuple(13 - 3 * len(ms) + (p == self.me and phase == Phase.TURN) for p, ms in enumerate(self.melds))

    # --- decisions ---------------------------------------------------------------------------------
    def _turn(self, drawn: int) -> str:
        me, counts = self.me, self._counts()
        legal: list[Action] = []
        if self._win(drawn, None):
            legal.append(Action(me, ActionKind.WIN))
        if self.left(me) > 0 and self.left(_next(me)) > 0:  # the replacement, and a tile for the next player
            legal += [Action(me, ActionKind.CONCEALED_KONG, t) for t in range(KINDS_COUNT) if counts[t] == COPIES]
            legal += [Action(me, ActionKind.ADDED_KONG, m.tiles[0]) for m in self.melds[me] if m.kind is MeldKind.PUNG and counts[m.tiles[0]]]
        legal += [Action(me, ActionKind.DISCARD, t) for t in range(KINDS_COUNT) if counts[t]]
        action = self._ask(self.observation(Phase.TURN, legal, drawn), legal)
        words = {ActionKind.WIN: "HU", ActionKind.DISCARD: "PLAY", ActionKind.CONCEALED_KONG: "GANG", ActionKind.ADDED_KONG: "BUGANG"}
        self.my_kong = action.tile if action.kind == ActionKind.CONCEALED_KONG else None
        return words[action.kind] + ("" if action.tile is None else " " + to_botzone(action.tile))

    def _claims(self, discarder: int, tile: int) -> str:
        me, counts = self.me, self._counts()
        legal = [Action(me, ActionKind.PASS)]
        if self._win(tile, discarder):
            legal.append(Action(me, ActionKind.WIN))
        proc = self.rules.procedure
        open_wall = self.left(_next(discarder)) > 0  # an empty wall to draw next makes the discard the last
        if open_wall or proc.melds_on_last_discard:
            if counts[tile] >= 3 and open_wall:
                legal.append(Action(me, ActionKind.KONG, tile))
            if counts[tile] >= 2:
                legal.append(Action(me, ActionKind.PUNG, tile))
            if tile < FIRST_HONOUR and RELATIVE[(discarder - me) % SEATS] in proc.chow_from:
                for low in (tile - 2, tile - 1, tile):
                    run = (low, low + 1, low + 2)
                    if low // 9 == tile // 9 == (low + 2) // 9 and low >= 0 and all(counts[t] for t in run if t != tile):
                        legal.append(Action(me, ActionKind.CHOW, tile, run))
        action = self._ask(self.observation(Phase.CLAIMS, legal), legal)
        if action.kind in (ActionKind.PASS, ActionKind.WIN, ActionKind.KONG):
            return {ActionKind.PASS: "PASS", ActionKind.WIN: "HU", ActionKind.KONG: "GANG"}[action.kind]
        return self._claim_and_discard(action, discarder)

    def _claim_and_discard(self, claim: Action, discarder: int) -> str:
        """A pung or chow, with the discard the bot would make after it (Botzone asks both at once)."""
        tile = claim.tile
        assert tile is not None
        used = [t for t in claim.tiles if t != tile] if claim.kind == ActionKind.CHOW else [tile, tile]
        rest = list(self.hand)
        for t in used:
            rest.remove(t)
        kind = MeldKind.CHOW if claim.kind == ActionKind.CHOW else MeldKind.PUNG
        meld = Meld(kind, claim.tiles or (tile,) * 3, RELATIVE[(discarder - self.me) % SEATS], tile if kind is MeldKind.CHOW else None)
        saved_hand, saved_melds, saved_pool = self.hand, self.melds[self.me], self.discards[discarder]
        # the table as it stands after the claim: the set declared, the claimed tile gone from the pool
        self.hand, self.melds[self.me], self.discards[discarder] = rest, [*saved_melds, meld], saved_pool[:-1]
        try:
            legal = [Action(self.me, ActionKind.DISCARD, t) for t in sorted(set(rest))]
            out = self._ask(self.observation(Phase.TURN, legal), legal)
        finally:
            self.hand, self.melds[self.me], self.discards[discarder] = saved_hand, saved_melds, saved_pool
        assert out.tile is not None
        if claim.kind == ActionKind.CHOW:
            return f"CHI {to_botzone(claim.tiles[1])} {to_botzone(out.tile)}"
        return f"PENG {to_botzone(out.tile)}"

    def _ask(self, obs: Observation, legal: list[Action]) -> Action:
        if self.silent:
            return legal[0]
        action = self.player(obs)
        if action not in legal:  # a player that errs passes, or discards its first tile
            return legal[0] if legal[0].kind != ActionKind.WIN else legal[-1]
        return action

    # --- requests ----------------------------------------------------------------------------------
    def respond(self, request: str) -> str:
        """The response to one request (updating what the bot knows)."""
        words = request.split()
        if not words:
            raise ProtocolError("an empty request")
        handler = _HANDLERS.get(words[0] if words[0] != "3" else f"3 {words[2] if len(words) > 2 else ''}")
        if handler is None:
            raise ProtocolError(f"an unknown request {request[:40]!r}")
        try:
            return handler(self, words)
        except (IndexError, ValueError) as err:
            raise ProtocolError(f"a request the bot cannot follow ({request[:40]!r}): {err}") from None

    def feed(self, request: str, response: str) -> None:
        """Follow an earlier turn (its request and the response the bot gave) without asking the player:
        how a bot started afresh each turn (Botzone's simple interaction) learns the hand so far."""
        self.silent = True
        try:
            self.respond(request)
        finally:
            self.silent = False
        words = response.split()
        if request.startswith("2") and len(words) == 2 and words[0] == "GANG":
            self.my_kong = _tile(words[1])

    def _start(self, words: list[str]) -> str:
        self.me, self.quan = int(words[1]), int(words[2])
        return "PASS"

    def _deal(self, words: list[str]) -> str:
        self.flowers = [int(w) for w in words[1:5]]
        self.hand = [_tile(c) for c in words[5:18]]
        self.walls = _full_walls(self.rules)
        for p in range(SEATS):  # each dealt 13, and a replacement for each flower of the deal
            for _ in range(13 + self.flowers[p]):
                self._took(p)
        return "PASS"

    def _drawn(self, words: list[str]) -> str:
        tile = _tile(words[1])
        self.hand.append(tile)
        self._took(self.me)
        self.open = None
        answer = self._turn(tile)
        self.after_kong = self.after_flower = False
        return answer

    def _flower(self, words: list[str]) -> str:
        p = int(words[1])
        self.flowers[p] += 1
        self._took(p)  # the flower's draw, which no DRAW request told
        if p == self.me:
            self.after_flower = True
        return "PASS"

    def _other_draws(self, words: list[str]) -> str:
        self._took(int(words[1]))
        self.open = None
        return "PASS"

    def _discarded(self, p: int, tile: int) -> str:
        self.discards[p].append(tile)
        if p == self.me:
            self.hand.remove(tile)
        self.open = (p, tile)
        return "PASS" if p == self.me else self._claims(p, tile)

    def _play(self, words: list[str]) -> str:
        return self._discarded(int(words[1]), _tile(words[3]))

    def _claimed(self, p: int, kind: MeldKind, tiles: tuple[int, ...]) -> None:
        if self.open is None:
            raise ProtocolError("a claim with no discard to claim")
        discarder, tile = self.open
        self.discards[discarder].pop()
        if p == self.me:
            held = list(tiles)
            held.remove(tile)
            for t in held:
                self.hand.remove(t)
        self.melds[p].append(Meld(kind, tiles, RELATIVE[(discarder - p) % SEATS], tile if kind is MeldKind.CHOW else None))
        self.open = None

    def _pung(self, words: list[str]) -> str:
        if self.open is None:
            raise ProtocolError("a pung with no discard to claim")
        p = int(words[1])
        self._claimed(p, MeldKind.PUNG, (self.open[1],) * 3)
        return self._discarded(p, _tile(words[3]))

    def _chow(self, words: list[str]) -> str:
        p, mid = int(words[1]), _tile(words[3])
        self._claimed(p, MeldKind.CHOW, (mid - 1, mid, mid + 1))
        return self._discarded(p, _tile(words[4]))

    def _kong(self, words: list[str]) -> str:
        p = int(words[1])
        if self.open is not None and self.open[0] != p:
            self._claimed(p, MeldKind.KONG, (self.open[1],) * COPIES)
        elif p == self.me:
            tile = self.my_kong
            if tile is None:
                raise ProtocolError("a concealed kong the bot did not declare")
            for _ in range(COPIES):
                self.hand.remove(tile)
            self.melds[p].append(Meld(MeldKind.CONCEALED_KONG, (tile,) * COPIES))
        else:
            self.melds[p].append(Meld(MeldKind.CONCEALED_KONG, ()))
        self.open = None
        self.after_kong = p == self.me
        return "PASS"

    def _added_kong(self, words: list[str]) -> str:
        p, tile = int(words[1]), _tile(words[3])
        answer = "PASS"
        if p != self.me:  # the others may rob it, before the pung becomes a kong
            legal = [Action(self.me, ActionKind.PASS)]
            if self._win(tile, p, robbing=True):
                legal.append(Action(self.me, ActionKind.WIN))
            self.open = (p, tile)
            answer = "HU" if self._ask(self.observation(Phase.ROB, legal), legal).kind == ActionKind.WIN else "PASS"
        for i, m in enumerate(self.melds[p]):
            if m.kind is MeldKind.PUNG and m.tiles[0] == tile:
                self.melds[p][i] = Meld(MeldKind.KONG, (tile,) * COPIES, m.claimed_from, None, True)
        if p == self.me:
            self.hand.remove(tile)
            self.after_kong = True
        self.open = None
        return answer


def _next(p: int) -> int:
    """The player after ``p`` in turn order (Botzone's ids are turn offsets from the dealer)."""
    return (p + 1) % SEATS


def _full_walls(rules: GameRules) -> list[int]:
    """Tiles each wall gives before the deal, less those left undrawn (``procedure.tiles_left``)."""
    proc = rules.procedure
    fronts, backs = wall_bounds(proc, proc.tile_count)
    return [b - f - proc.tiles_left for f, b in zip(fronts, backs)]


_HANDLERS: dict[str, Callable[[BotSide, list[str]], str]] = {
    "0": BotSide._start, "1": BotSide._deal, "2": BotSide._drawn, "3 BUHUA": BotSide._flower, "3 DRAW": BotSide._other_draws,
    "3 PLAY": BotSide._play, "3 PENG": BotSide._pung, "3 CHI": BotSide._chow, "3 GANG": BotSide._kong, "3 BUGANG": BotSide._added_kong,
}
