"""A Botzone bot program as a fanrules player: ``subprocess_player(cmd)`` is a Player (Observation ->
Action) for ``Table``, ``play`` and ``simulate``. A player is asked only when it has a choice, and sees
only its Observation, so the requests Botzone would have sent in between (the others' draws, discards,
claims and kongs, in turn order) are rebuilt from what changed since its last decision: each is sent to
the bot, and its answers to all but the request that asks a decision are not used. What a Botzone
request tells and an Observation does not (which flower another player set aside) is sent as the
first flower not yet seen. A bot that fails a turn (late, too long, an answer the table does not
allow) is recorded in ``failures`` and plays the table's first legal action instead (never a win)."""
from __future__ import annotations

from collections.abc import Sequence

from ..core.hand import Meld, MeldKind
from ..core.tiles import COPIES, FLOWER_BASE, WIND_TILES
from ..game import Action, ActionKind, Observation, Phase
from ..game.seat import RELATIVE
from ..game.seat import SEAT_COUNT as SEATS
from .codec import from_botzone, to_botzone
from .process import BotFailure, BotProcess

#: The turn offset from a claimer to the discarder, by the relative seat a declared set names.
_OFFSET = {seat: offset for offset, seat in RELATIVE.items()}


class SubprocessPlayer:
    """A Botzone bot behind the Player interface, one hand at a time (a new hand restarts the bot)."""

    def __init__(self, command: str | Sequence[str], time_limit: float = 6.0, output_limit: int = 65536, json: bool = False) -> None:
        self.command, self.time_limit, self.output_limit, self.json = command, time_limit, output_limit, json
        self.bot: BotProcess | None = None
        self.failures: list[str] = []
        self._follow: int | None = None
        #: Tiles out of the walls at the last decision (``_tiles_out``): fewer now means a new hand.
        self.tiles_out = 0

    def close(self) -> None:
        if self.bot is not None:
            self.bot.close()
            self.bot = None

    def _send(self, request: str) -> str:
        assert self.bot is not None
        return self.bot.ask(request)

    def _start(self, obs: Observation) -> None:
        self.close()
        self.bot = BotProcess(self.command, self.time_limit, self.output_limit, self.json)
        self.failures = []
        me = obs.player
        self.me, self.last = me, obs.dealer
        #: The last discard (player, tile) whose request was sent in this decision's catch-up, with the
        #: bot's answer to it; the discard the bot was last asked to claim.
        self.fresh: tuple[tuple[int, int], str] | None = None
        self.offered: tuple[int, int] | None = None
        #: Each player's discard pool as the bot was last told it.
        self.discards: list[tuple[int, ...]] = [()] * SEATS
        self.melds: list[tuple[Meld, ...]] = [()] * SEATS
        self.flowers = list(obs.flowers)
        self.flower_codes = iter(range(FLOWER_BASE, FLOWER_BASE + 8))
        self._send(f"0 {WIND_TILES.index(obs.seat_winds[me])} {WIND_TILES.index(obs.prevalent_wind)}")
        hand = [t for t in obs.hand if t < FLOWER_BASE]
        if obs.drawn is not None:
            hand.remove(obs.drawn)
        flowers = [to_botzone(next(self.flower_codes)) for _ in range(sum(obs.flowers))]
        self._send(" ".join(["1", *(str(n) for n in obs.flowers), *(to_botzone(t) for t in hand[:13]), *flowers]))

    def _seat(self, obs: Observation, q: int) -> int:
        """Botzone's player id of table player ``q`` (its seat wind)."""
        return WIND_TILES.index(obs.seat_winds[q])

    def _announce(self, discarder: int, tile: int, request: str) -> None:
        """Send the request that shows ``tile`` discarded, remembering it and the bot's answer to it."""
        self.fresh = (discarder, tile), self._send(request)

    def _catch_up(self, obs: Observation) -> None:
        """Send the requests of what happened since the bot's last decision, replayed in turn order: the
        next player's kongs and discard, then a claim on that discard if one was made (with the
        claimer's own discard after it), and so on until every change is told."""
        self.fresh = None
        claims: dict[int, list[tuple[int, Meld]]] = {q: [] for q in range(SEATS)}
        kongs: dict[int, list[Meld]] = {q: [] for q in range(SEATS)}
        for q in range(SEATS):
            known = self.melds[q]
            for i, m in enumerate(obs.melds[q]):  # by place: two sets may be alike; an added kong changes one
                if i < len(known) and known[i] == m:
                    continue
                if m.claimed_from is not None and not m.added:
                    claims[(q + _OFFSET[m.claimed_from]) % SEATS].append((q, m))
                else:
                    kongs[q].append(m)
        told = [len(d) for d in self.discards]
        if self.offered is not None and any(_claimed_tile(m) == self.offered[1] for _, m in claims[self.offered[0]]):
            told[self.offered[0]] -= 1  # the discard offered at the last decision was claimed: it left the pool
        pools = {q: list(obs.discards[q][told[q]:]) for q in range(SEATS)}
        for q in range(SEATS):
            for _ in range(obs.flowers[q] - self.flowers[q]):
                self._send(f"3 {self._seat(obs, q)} BUHUA {to_botzone(next(self.flower_codes, FLOWER_BASE))}")
        open_tile, cur = self.offered, self.last
        for _ in range(64):
            if open_tile is not None:
                open_tile, cur = self._claim_on(obs, open_tile, pools, claims)
                continue
            if not any(pools.values()) and not any(claims.values()) and not any(kongs.values()):
                break
            open_tile = self._move_of(obs, cur, pools, claims, kongs)
            if open_tile is None:
                cur = (cur + 1) % SEATS
        self.flowers, self.melds = list(obs.flowers), [tuple(ms) for ms in obs.melds]
        self.discards = list(obs.discards)

    def _move_of(self, obs: Observation, q: int, pools: dict[int, list[int]], claims: dict[int, list[tuple[int, Meld]]],
                 kongs: dict[int, list[Meld]]) -> tuple[int, int] | None:
        """Player ``q``'s turn: its kongs, then its discard (one that was claimed first); the discard."""
        sid = self._seat(obs, q)
        for m in kongs[q]:
            if q != self.me:  # this bot's own draw was its request 2
                self._send(f"3 {sid} DRAW")
            self._send(f"3 {sid} GANG" if m.kind is MeldKind.CONCEALED_KONG else f"3 {sid} BUGANG {to_botzone(m.tiles[0])}")
        kongs[q] = []
        if claims[q]:
            tile = _claimed_tile(claims[q][0][1])
        elif pools[q]:
            tile = pools[q].pop(0)
        else:
            return None
        if q != self.me:
            self._send(f"3 {sid} DRAW")
        self._announce(q, tile, f"3 {sid} PLAY {to_botzone(tile)}")
        return q, tile

    def _claim_on(self, obs: Observation, discard: tuple[int, int], pools: dict[int, list[int]],
                  claims: dict[int, list[tuple[int, Meld]]]) -> tuple[tuple[int, int] | None, int]:
        """The claim made on ``discard``, if any, told with the claimer's own discard; (the discard now
        open, the player whose turn is next)."""
        d, tile = discard
        found = next((i for i, (_, m) in enumerate(claims[d]) if _claimed_tile(m) == tile), None)
        if found is None:
            return None, (d + 1) % SEATS
        claimer, m = claims[d].pop(found)
        cid = self._seat(obs, claimer)
        if m.is_kong:
            self._send(f"3 {cid} GANG")
            return None, claimer
        if claims[claimer]:
            after = _claimed_tile(claims[claimer][0][1])
        elif pools[claimer]:
            after = pools[claimer].pop(0)
        else:
            return None, claimer
        what = f"CHI {to_botzone(m.tiles[1])}" if m.kind is MeldKind.CHOW else "PENG"
        self._announce(claimer, after, f"3 {cid} {what} {to_botzone(after)}")
        return (claimer, after), claimer

    def __call__(self, obs: Observation) -> Action:
        if all(a.kind in (ActionKind.FLOWER, ActionKind.DRAW) for a in obs.legal):
            return obs.legal[0]  # which flower is set aside first is no decision Botzone asks about
        tiles_out = _tiles_out(obs)
        if self.bot is None or tiles_out < self.tiles_out:  # a new hand
            try:
                self._start(obs)
            except BotFailure as err:
                self.failures.append(f"{err.reason}: {err.message}")
                return self._fallback(obs)
        if self._follow is not None and obs.phase == Phase.TURN and obs.drawn is None:
            return self._checked(obs, Action(obs.player, ActionKind.DISCARD, self._follow), "the discard named with a claim")
        self._follow = None
        self.tiles_out = tiles_out
        me = obs.player
        try:
            self._catch_up(obs)
            if obs.phase == Phase.TURN and obs.drawn is not None:
                answer = self._send(f"2 {to_botzone(obs.drawn)}")
                self.last, self.offered = me, None
                return self._checked(obs, self._turn_action(obs, answer), answer)
            if obs.phase == Phase.CLAIMS and obs.last_discard is not None:
                d, tile = obs.last_discard
                told = self.fresh is not None and self.fresh[0] == (d, tile)
                answer = self.fresh[1] if told and self.fresh is not None else self._send(f"3 {self._seat(obs, d)} PLAY {to_botzone(tile)}")
                self.last, self.offered = d, (d, tile)
                return self._checked(obs, self._claim_action(obs, answer, tile), answer)
            if obs.phase == Phase.ROB and obs.kong_tile is not None:
                return self._rob(obs, obs.kong_tile)
        except BotFailure as err:
            self.failures.append(f"{err.reason}: {err.message}")
        return self._fallback(obs)

    def _rob(self, obs: Observation, tile: int) -> Action:
        """The chance to rob an added kong: its requests (the konger's draw and kong) sent now, and the
        kong it becomes marked as told."""
        me = obs.player
        found = [(q, m) for q in range(SEATS) if q != me for m in obs.melds[q] if m.kind is MeldKind.PUNG and m.tiles[0] == tile]
        if not found:  # a concealed kong being robbed: Botzone has no request for it
            return Action(me, ActionKind.PASS)
        d, pung = found[0]
        self._send(f"3 {self._seat(obs, d)} DRAW")
        answer = self._send(f"3 {self._seat(obs, d)} BUGANG {to_botzone(tile)}")
        melds = list(self.melds[d])
        if pung in melds:
            melds[melds.index(pung)] = Meld(MeldKind.KONG, (tile,) * 4, pung.claimed_from, None, True)
        self.melds[d] = tuple(melds)
        self.last, self.offered = d, None
        return self._checked(obs, Action(me, ActionKind.WIN if answer.strip() == "HU" else ActionKind.PASS), answer)

    def _turn_action(self, obs: Observation, answer: str) -> Action | None:
        words = answer.split()
        kinds = {"PLAY": ActionKind.DISCARD, "GANG": ActionKind.CONCEALED_KONG, "BUGANG": ActionKind.ADDED_KONG}
        if words == ["HU"]:
            return Action(obs.player, ActionKind.WIN)
        if len(words) == 2 and words[0] in kinds:
            return Action(obs.player, kinds[words[0]], _tile(words[1]))
        return None

    def _claim_action(self, obs: Observation, answer: str, tile: int) -> Action | None:
        words, me = answer.split(), obs.player
        simple = {"PASS": ActionKind.PASS, "HU": ActionKind.WIN}
        if len(words) == 1 and words[0] in simple:
            return Action(me, simple[words[0]])
        if words == ["GANG"]:
            return Action(me, ActionKind.KONG, tile)
        if len(words) == 2 and words[0] == "PENG":
            self._follow = _tile(words[1])
            return Action(me, ActionKind.PUNG, tile)
        mid = _tile(words[1]) if len(words) == 3 and words[0] == "CHI" else None
        if mid is not None and mid >= 0:
            self._follow = _tile(words[2])
            return Action(me, ActionKind.CHOW, tile, (mid - 1, mid, mid + 1))
        return None

    def _checked(self, obs: Observation, action: Action | None, answer: str) -> Action:
        if action is not None and action in obs.legal:
            return action
        self._follow = None
        self.failures.append(f"not allowed now: {answer[:80]!r}")
        return self._fallback(obs)

    def _fallback(self, obs: Observation) -> Action:
        return next((a for a in obs.legal if a.kind not in (ActionKind.WIN, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)), obs.legal[0])


def _tiles_out(obs: Observation) -> int:
    """Tiles drawn from the walls so far (in hands, sets, pools and flowers): it only grows during a
    hand, whether the players share one wall or each draws from their own (``obs.wall_left`` then
    counts one player's wall, which may hold more than the one counted at the last decision)."""
    in_sets = sum(COPIES if m.is_kong else 3 for ms in obs.melds for m in ms)
    return sum(obs.hand_sizes) + in_sets + sum(len(d) for d in obs.discards) + sum(obs.flowers)


def _claimed_tile(meld: Meld) -> int:
    tile = meld.claimed_tile if meld.kind is MeldKind.CHOW else meld.tiles[0]
    assert tile is not None
    return tile


def _tile(code: str) -> int:
    try:
        return from_botzone(code)
    except ValueError:
        return -1


def subprocess_player(cmd: str | Sequence[str], time_limit: float = 6.0, output_limit: int = 65536, json: bool = False) -> SubprocessPlayer:
    """A Player that asks the Botzone bot program ``cmd`` (a command line) for each decision; ``json``
    for a bot that reads Botzone's JSON form."""
    return SubprocessPlayer(cmd, time_limit, output_limit, json)
