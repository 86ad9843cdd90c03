"""A person at a table with three built-in players, for the table page: the game engine's Table, the
greedy players, the settlement's Session and the analysis, behind what the page may see.

The page is sent only what its player sees (``observe``): its own tiles, and of the others their
discards, declared sets (concealed kongs face down), flowers and tile counts; of the actions, what
the table shows (another player's draw without its tile, a concealed kong without its tile). A win
shows the winner's hand, as at a real table. The server keeps the whole table and writes its log."""
from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any

from ..analysis.advice import HandTiles
from ..core.context import Context
from ..core.errors import FanrulesError
from ..core.hand import format_meld
from ..core.notation import format_hand
from ..core.tiles import compact, is_flower, tile_code
from ..game import Action, ActionKind, GameRules, IllegalAction, Table, greedy_player, log_lines, observe
from ..game.expert import ExpertPlayer, expert_player
from ..game.session import ready_players
from ..game.simulate import game_seed
from ..scoring.reach import analyze_tiles
from ..settlement import Session

#: The person's player number (seat winds change from hand to hand; the number stays).
PERSON = 0
#: The most steps the built-in players take between two of the person's choices (a hand takes a few hundred).
MAX_STEPS = 2_000
#: Actions the table takes for the person: the only legal one when it is a draw or a pass.
AUTOMATIC = (ActionKind.DRAW,)


def public_action(event: dict[str, Any], viewer: int) -> dict[str, Any]:
    """An action event as ``viewer`` sees it: another player's draw and concealed kong hide their tile."""
    shown: dict[str, Any] = {k: event[k] for k in ("player", "action", "tile", "tiles") if k in event}
    if shown["player"] != viewer and event["action"] in (ActionKind.DRAW, ActionKind.CONCEALED_KONG):
        shown.pop("tile", None)
    return shown


def hand_text(hand: Iterable[int], melds: Iterable[Any]) -> str:
    """A hand string of declared sets and concealed tiles (flowers left out), as ``fanrules analyze`` reads it."""
    return "".join(format_meld(m) for m in melds) + compact(sorted(t for t in hand if not is_flower(t)))


class PersonTable:
    """One person's game: a hand, or a session of hands (``session``) seated and paid by the rule set's
    settlement section. ``seed`` makes the walls (hand n on ``game_seed(seed, n)``, for tests and
    replays); without it each wall has a seed of its own, drawn at random, so that the log of one hand
    (whose header holds its seed) tells nothing of the next."""

    def __init__(self, rules: GameRules, seed: int | None, session: bool) -> None:
        self.id = secrets.token_urlsafe(12)
        self.rules, self.seed, self.whole_session = rules, seed, session
        self.session = Session(rules.ruleset)
        self.bots: list[Callable[..., Any]] = [greedy_player(rules) for _ in range(4)]
        self.logs: list[str] = []
        self.results: list[dict[str, Any]] = []
        self.used = time.monotonic()
        #: The last table whose end was recorded (log, result, settlement).
        self.recorded: Table | None = None
        #: The expert whose choice and reason a hint gives when the person may claim (made when first asked).
        self.expert: ExpertPlayer | None = None
        self.table = self._new_table()
        self.advance()

    def _new_table(self) -> Table:
        seat = self.session.seating
        n = self.session.hand_number
        return Table(self.rules, secrets.randbelow(2 ** 63) if self.seed is None else game_seed(self.seed, n),
                     seat_winds=seat.seat_winds, prevalent_wind=seat.prevalent_wind)

    @property
    def finished(self) -> bool:
        """No hand left to play: the one hand is over, or the whole session."""
        return self.table.over and (self.session.finished or not self.whole_session)

    def advance(self) -> None:
        """Let the built-in players act until the person has a choice or the hand is over."""
        table = self.table
        for _ in range(MAX_STEPS):
            if table.over:
                return self._hand_over()
            player = table.to_act()[0] if PERSON not in table.to_act() else PERSON
            legal = table.legal(player)
            if player == PERSON:
                if len(legal) == 1 and legal[0].kind in AUTOMATIC:
                    table.step(legal[0])
                    continue
                return None
            table.step(legal[0] if len(legal) == 1 else self.bots[player](observe(table, player)))
        raise RuntimeError(f"the built-in players took more than {MAX_STEPS} steps")

    def act(self, data: Any) -> None:
        """The person's action (an action object as the page sends it: ``action``, ``tile``, ``tiles``);
        IllegalAction, with why, for one the table does not allow now."""
        if not isinstance(data, dict):
            raise IllegalAction("an action is an object with 'action' and maybe 'tile' and 'tiles'")
        self.table.step(Action.from_json({**data, "player": PERSON}))
        self.used = time.monotonic()
        self.advance()

    def next_hand(self) -> None:
        """The next hand of the session, once this one is over."""
        if not self.table.over or self.finished:
            raise IllegalAction("the next hand starts when this one is over, within the session")
        self.table = self._new_table()
        self.used = time.monotonic()
        self.advance()

    def _hand_over(self) -> None:
        table = self.table
        if self.recorded is table:
            return
        self.recorded = table
        self.logs.extend(log_lines(table, {"hand": self.session.hand_number + 1}))
        if table.wins:
            win = table.wins[0]
            self.session.win(win.player, win.result, win.discarder)
            self.results.append({"outcome": "win", "winner": win.player, "from": win.discarder, "record": win.record,
                                 "result": win.result.to_json(), "hand": format_hand(win.hand),
                                 "bonus": [f.number for f in self.rules.ruleset.fans if f.bonus]})
        else:
            ready = ready_players(table)
            self.session.draw(ready)
            self.results.append({"outcome": "draw", "ready": ready})

    def hint(self) -> dict[str, Any]:
        """The analysis of the person's tiles now (13 or 14), with every tile in sight counted out:
        what ``fanrules analyze HAND --visible SEEN --seat W --round R --flowers N --json`` prints, with the
        rule set's ``minimum`` and, when the person may claim a discard, the expert player's ``advice``
        (its choice and its reason: it sees what the person sees)."""
        obs = observe(self.table, PERSON)
        melds = obs.melds[PERSON]
        tiles = tuple(t for t in obs.hand if not is_flower(t))
        seen = [t for pool in obs.discards for t in pool]
        seen += [t for p, ms in enumerate(obs.melds) if p != PERSON for m in ms for t in m.tiles]
        if len(tiles) + 3 * len(melds) not in (13, 14):
            raise FanrulesError("a hint is for 13 or 14 tiles: set your flowers aside first")
        context = Context(seat_wind=obs.seat_winds[PERSON], prevalent_wind=obs.prevalent_wind, flowers=min(obs.flowers[PERSON], 8))
        analysis = analyze_tiles(HandTiles(tiles, melds), self.rules.scorer, context, tuple(seen))
        hint = {"hand": hand_text(tiles, melds), "visible": compact(sorted(seen)),
                "seat_wind": tile_code(obs.seat_winds[PERSON]), "prevalent_wind": tile_code(obs.prevalent_wind),
                "flowers": obs.flowers[PERSON], "minimum": self.rules.procedure.minimum, **analysis.to_json()}
        if any(a.kind == ActionKind.PASS for a in obs.legal):
            self.expert = self.expert or expert_player(self.rules)
            choice = self.expert(obs)
            hint["advice"] = {**choice.to_json(), "reason": self.expert.reason}
        return hint

    def view(self) -> dict[str, Any]:
        """Everything the page is sent: the person's observation, the actions so far as they saw them,
        the results of the hands played, the session's payments and standings."""
        table = self.table
        actions = [public_action(e, PERSON) for e in table.events if e["type"] == "action"]
        return {"id": self.id, "rules": self.rules.name, "hand_number": self.session.hand_number + (0 if table.over else 1),
                "hands": self.session.length if self.whole_session else 1, "over": table.over, "finished": self.finished,
                "observation": observe(table, PERSON).to_json(), "step": len(actions), "actions": actions[-40:],
                "result": self.results[-1] if table.over and self.results else None, "session": self.session.to_json()}


class Tables:
    """The tables the server holds: at most ``limit``, at most ``per_client`` of one client address, each
    dropped after ``idle`` seconds without play. A finished table (its hand or session over) is freed
    as soon as its place is wanted; looking at a table does not keep it."""

    def __init__(self, limit: int = 32, idle: float = 3600.0, per_client: int = 8) -> None:
        self.limit, self.idle, self.per_client = limit, idle, per_client
        self.tables: dict[str, PersonTable] = {}
        self.owners: dict[str, str] = {}

    def _drop(self, key: str) -> None:
        del self.tables[key]
        self.owners.pop(key, None)

    def _free(self, keys: list[str]) -> None:
        """Drop the finished tables among ``keys``, least recently played first, one a call."""
        finished = sorted((self.tables[k].used, k) for k in keys if self.tables[k].finished)
        if finished:
            self._drop(finished[0][1])

    def add(self, make: Callable[[], PersonTable], client: str = "") -> PersonTable:
        """A new table made by ``make`` for ``client``; FanrulesError when ``limit`` tables are in play,
        or ``per_client`` of ``client``'s."""
        now = time.monotonic()
        for key in [k for k, t in self.tables.items() if now - t.used > self.idle]:
            self._drop(key)
        if sum(owner == client for owner in self.owners.values()) >= self.per_client:
            self._free([k for k, owner in self.owners.items() if owner == client])
            if sum(owner == client for owner in self.owners.values()) >= self.per_client:
                raise TableQuota(f"one client may hold {self.per_client} tables in play: finish or leave one first")
        if len(self.tables) >= self.limit:
            self._free(list(self.tables))
        if len(self.tables) >= self.limit:
            raise FanrulesError(f"the server holds {self.limit} tables, its most: try again when one has been left for {self.idle / 60:g} minutes")
        table = make()
        self.tables[table.id] = table
        self.owners[table.id] = client
        return table

    def get(self, key: str) -> PersonTable | None:
        """The table ``key`` (its idle clock moves only when it is played)."""
        return self.tables.get(key)


class TableQuota(FanrulesError):
    """A client holds as many tables as one client may."""
