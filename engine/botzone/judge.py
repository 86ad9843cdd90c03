"""Botzone's judge over fanrules' table: four bots (anything with ``ask(request) -> response``, a
BotProcess for a program) play one hand of the table the chosen rule set's procedure describes, told
what happens in Botzone's requests and answering in its responses (botside.py lists them; the turns
follow ailab-pku/Chinese-Standard-Mahjong judge/main.cpp: every bot is asked every turn, and every bot
but the one concerned must answer PASS). Claims are resolved by the rule set's priorities, wins scored
and paid by its scorer and settlement. A bot that answers late, too long, something that is not a
response, or a move the table refuses, is penalised as the settlement's ``invalid_action`` penalty
says (Botzone: -30 to it, +10 to each other; a rule set without one: its ``false_win``), which ends
the hand; the log (a game log that ``fanrules replay`` checks) says who, why, what it printed and the end
of what it wrote on its standard error (a crashing bot's traceback)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.tiles import WIND_TILES, is_flower
from ..game import Action, ActionKind, IllegalAction, Phase, Table
from ..game.log import log_lines
from ..game.seat import SEAT_COUNT as SEATS
from ..game.winning import GameRules, as_game_rules
from ..settlement.payments import draw_changes, penalty_changes, settle
from ..settlement.terms import terms
from .codec import from_botzone, to_botzone
from .process import BotFailure


class Bot(Protocol):
    def ask(self, request: str) -> str: ...


class Offence(Exception):
    """A bot's failed turn: who, which penalty kind, why, and the bot's output."""

    def __init__(self, player: int, why: str, output: str, kind: str = "invalid_action", stderr: str = "") -> None:
        super().__init__(why)
        self.player, self.why, self.output, self.kind, self.stderr = player, why, output, kind, stderr


@dataclass
class Judged:
    """One judged hand: the table, how it ended (``win``, ``draw`` or ``penalty``), each player's change
    of points, and for a penalty who, why and what the bot printed."""

    table: Table
    outcome: str
    changes: tuple[int, ...]
    penalty: dict[str, Any] = field(default_factory=dict)
    turns: int = 0

    def log(self, game: int | None = None, rotation: int | None = None) -> list[str]:
        """The hand's game log, the judge's verdict in its header (and, in a duplicate match, which
        rotation of the seats over the wall it was)."""
        extra: dict[str, Any] = {"judge": {"outcome": self.outcome, "changes": list(self.changes), "turns": self.turns, **self.penalty}}
        if game is not None:
            extra["game"] = game
        if rotation is not None:
            extra["rotation"] = rotation
        return log_lines(self.table, extra)


def _parse(player: int, response: str) -> list[str]:
    words = response.split()
    if not words or len(words) > 3 or words[0] not in ("PASS", "PLAY", "GANG", "BUGANG", "HU", "PENG", "CHI"):
        raise Offence(player, f"malformed response {response[:80]!r}", response)
    return words


def _tile_of(player: int, code: str, response: str) -> int:
    try:
        tile = from_botzone(code)
    except ValueError:
        raise Offence(player, f"malformed response {response[:80]!r}: no tile {code[:10]!r}", response) from None
    return tile


class Match:
    """One hand being judged."""

    def __init__(self, bots: Sequence[Bot], rules: GameRules, seed: int | str, quan: int) -> None:
        self.bots, self.rules, self.quan = bots, rules, quan
        self.table = Table(rules, seed, prevalent_wind=WIND_TILES[quan])
        self.turns = 0
        #: The discard a bot named with its pung or chow, and the claim's announcement.
        self.follow: dict[int, int] = {}
        self.claimed: dict[int, str] = {}

    def ask_all(self, requests: Sequence[str], expect_pass: Sequence[int]) -> list[str]:
        """Each bot's answer to its request; the bots of ``expect_pass`` must answer PASS."""
        self.turns += 1
        answers: list[str] = []
        for p, (bot, request) in enumerate(zip(self.bots, requests)):
            try:
                answer = bot.ask(request)
            except BotFailure as err:
                raise Offence(p, f"{err.reason}: {err.message}", err.output, stderr=err.stderr) from None
            if p in expect_pass and answer.strip() != "PASS":
                _parse(p, answer)
                raise Offence(p, f"answered {answer[:80]!r} to {request!r}, where only PASS is allowed", answer,
                              "false_win" if answer.strip() == "HU" else "invalid_action")
            answers.append(answer)
        return answers

    def step(self, player: int, action: Action, answer: str) -> None:
        try:
            self.table.step(action)
        except IllegalAction as err:
            raise Offence(player, f"illegal move {answer[:80]!r}: {err}", answer,
                          "false_win" if action.kind == ActionKind.WIN else "invalid_action") from None

    def start(self) -> None:
        table = self.table
        self.ask_all([f"0 {p} {self.quan}" for p in range(SEATS)], range(SEATS))
        while table.initial:  # the flowers of the deal are replaced before Botzone's deal request
            player = table.to_act()[0]
            table.step(table.legal(player)[0])
        jump = table.phase == Phase.TURN
        counts = " ".join(str(len(s.flowers)) for s in table.seats)
        flowers = " ".join(to_botzone(f) for s in table.seats for f in s.flowers)
        deals = []
        for p, seat in enumerate(table.seats):
            tiles = [t for t in seat.concealed() if not is_flower(t)]
            if jump and p == table.current and seat.drawn is not None:
                tiles.remove(seat.drawn)
            deals.append(" ".join(["1", counts, *(to_botzone(t) for t in tiles), *([flowers] if flowers else [])]))
        self.ask_all(deals, range(SEATS))

    def play(self) -> None:
        table = self.table
        self.start()
        while not table.over:
            p = table.current
            if table.phase == Phase.DRAW:
                table.step(Action(p, ActionKind.DRAW))
                tile = table.seats[p].drawn
                assert tile is not None
                if is_flower(tile):
                    self.ask_all([f"3 {p} BUHUA {to_botzone(tile)}"] * SEATS, range(SEATS))
                    table.step(Action(p, ActionKind.FLOWER, tile))
                continue
            if table.phase == Phase.FLOWERS or table.seats[p].held_flowers():
                table.step(table.legal(p)[0])
                continue
            self.turn(p)

    def turn(self, p: int) -> None:
        table = self.table
        if not table.may_self_win:  # after a pung or chow: the discard named with the claim
            tile = self.follow.pop(p)
            self.step(p, Action(p, ActionKind.DISCARD, tile), f"{self.claimed[p]}")
            self.after_discard(p, tile, self.claimed.pop(p))
            return
        drawn = table.seats[p].drawn
        assert drawn is not None
        answer = self.ask_all([f"2 {to_botzone(drawn)}" if q == p else f"3 {p} DRAW" for q in range(SEATS)],
                              [q for q in range(SEATS) if q != p])[p]
        words = _parse(p, answer)
        kinds = {"PLAY": ActionKind.DISCARD, "GANG": ActionKind.CONCEALED_KONG, "BUGANG": ActionKind.ADDED_KONG}
        if words == ["HU"]:
            self.step(p, Action(p, ActionKind.WIN), answer)
            return
        if len(words) != 2 or words[0] not in kinds:
            raise Offence(p, f"answered {answer[:80]!r} to its draw: PLAY, GANG, BUGANG or HU", answer)
        tile = _tile_of(p, words[1], answer)
        self.step(p, Action(p, kinds[words[0]], tile), answer)
        if words[0] == "PLAY":
            self.after_discard(p, tile, f"3 {p} PLAY {words[1]}")
        else:
            self.after_kong(p, "GANG" if words[0] == "GANG" else f"BUGANG {words[1]}")

    def _claim(self, q: int, answer: str, tile: int, discarder: int) -> Action:
        """The table action of a bot's answer to a discard (its pung's or chow's discard remembered)."""
        words = _parse(q, answer)
        if words == ["PASS"]:
            return Action(q, ActionKind.PASS)
        if words == ["HU"]:
            return Action(q, ActionKind.WIN)
        if words == ["GANG"]:
            return Action(q, ActionKind.KONG, tile)
        if words[0] == "PENG" and len(words) == 2:
            self.follow[q] = _tile_of(q, words[1], answer)
            self.claimed[q] = f"3 {q} PENG {words[1]}"
            return Action(q, ActionKind.PUNG, tile)
        if words[0] == "CHI" and len(words) == 3:
            mid = _tile_of(q, words[1], answer)
            self.follow[q] = _tile_of(q, words[2], answer)
            self.claimed[q] = f"3 {q} CHI {words[1]} {words[2]}"
            return Action(q, ActionKind.CHOW, tile, (mid - 1, mid, mid + 1))
        raise Offence(q, f"answered {answer[:80]!r} to a discard: PASS, HU, PENG x, GANG or CHI mid x", answer)

    def after_discard(self, p: int, tile: int, announce: str) -> None:
        table = self.table
        answers = self.ask_all([announce] * SEATS, [p])
        window = table.window
        waiting = list(window.options) if window is not None else []
        for q in range(SEATS):
            if q != p and q not in waiting and answers[q].strip() != "PASS":
                words = _parse(q, answers[q])
                raise Offence(q, f"answered {answers[q][:80]!r} to a discard it cannot claim", answers[q],
                              "false_win" if words == ["HU"] else "invalid_action")
        sets = [len(seat.melds) for seat in table.seats]
        for q in waiting:
            action = self._claim(q, answers[q], tile, p)
            self.step(q, action, answers[q])
        claimer = next((q for q in waiting if len(table.seats[q].melds) > sets[q]), None)
        for q in waiting:
            if q != claimer:
                self.follow.pop(q, None)
                self.claimed.pop(q, None)
        if claimer is not None and table.seats[claimer].melds[-1].is_kong:
            self.ask_all([f"3 {claimer} GANG"] * SEATS, range(SEATS))  # a kong on the discard, before its replacement

    def after_kong(self, p: int, what: str) -> None:
        table = self.table
        answers = self.ask_all([f"3 {p} {what}"] * SEATS, [p])
        window = table.window
        waiting = list(window.options) if window is not None and table.phase == Phase.ROB else []
        for q in range(SEATS):
            if q == p:
                continue
            words = _parse(q, answers[q])
            if q in waiting and words in (["PASS"], ["HU"]):
                self.step(q, Action(q, ActionKind.WIN if words == ["HU"] else ActionKind.PASS), answers[q])
            elif words != ["PASS"]:
                raise Offence(q, f"answered {answers[q][:80]!r} to a kong it cannot rob", answers[q],
                              "false_win" if words == ["HU"] else "invalid_action")


def _penalty_kind(rules: GameRules, kind: str) -> str:
    return kind if kind in terms(rules.ruleset).penalties else "false_win"


def judge_hand(bots: Sequence[Bot], rules: GameRules | str = "botzone", seed: int | str = 0, quan: int = 0) -> Judged:
    """Play one hand with four bots and judge it."""
    game_rules = as_game_rules(rules)
    hand = Match(bots, game_rules, seed, quan)
    table = hand.table
    try:
        hand.play()
    except Offence as err:
        kind = _penalty_kind(game_rules, err.kind)
        changes = penalty_changes(err.player, kind, game_rules.ruleset)
        said = {"offender": err.player, "penalty": kind, "reason": err.why, "output": err.output[:1000]}
        if err.stderr:
            said["stderr"] = err.stderr
        return Judged(table, "penalty", changes, said, hand.turns)
    totals = [0] * SEATS
    for win in table.wins:
        for q, c in enumerate(settle(win.result, win.player, discarder=win.discarder, rules=game_rules.ruleset)):
            totals[q] += c
    if not table.wins:
        totals = list(draw_changes((), game_rules.ruleset))
    return Judged(table, "win" if table.wins else "draw", tuple(totals), turns=hand.turns)
