"""fanrules judge and fanrules bot: Botzone's protocol both ways. Four bots (a minimal bot written from
the protocol alone, tests/data/botzone_bots/minimal_bot.py, and fanrules bot --player greedy) play 20
hands without a protocol error; a bot that answers garbage, too late or an illegal move is penalised
as the rule set says, with the reason and its output in the log; the logs replay."""
from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from botzone_bots import FANRULES_BOT, MINIMAL, failing
from fanrules.botzone.botside import BotSide
from fanrules.botzone.codec import to_botzone
from fanrules.botzone.judge import Match, judge_hand
from fanrules.botzone.process import BotProcess
from fanrules.game import Action, ActionKind, Observation, Phase, Player, greedy_player, random_player
from fanrules.game.log import replay_log
from fanrules.game.winning import game_rules
from fanrules.tools.cli import main

RULES = game_rules("botzone")


class InProcess:
    """A fanrules player as a Botzone bot in this process (what fanrules bot runs)."""

    def __init__(self, player: object) -> None:
        self.side = BotSide(RULES, player)  # type: ignore[arg-type]

    def ask(self, request: str) -> str:
        return self.side.respond(request)


def _replays(lines: list[str]) -> bool:
    return all(report.ok for _, report in replay_log(io.StringIO("\n".join(lines) + "\n"), lambda head: RULES))


def test_in_process_bots_follow_the_table_exactly() -> None:
    """What each bot keeps from the requests (hand, sets, discards, tiles left) is the table's."""
    for seed in range(8):
        bots = [InProcess(greedy_player(RULES)) if p % 2 == 0 else InProcess(random_player(seed * 4 + p)) for p in range(4)]
        judged = judge_hand(bots, RULES, seed)
        assert judged.outcome in ("win", "draw")
        assert sum(judged.changes) == 0
        for p, bot in enumerate(bots):
            seat = judged.table.seats[p]
            assert [m.tiles for m in seat.melds] == [m.tiles for m in bot.side.melds[p]]
            assert [list(s.discards) for s in judged.table.seats] == bot.side.discards
            assert [bot.side.left(q) for q in range(4)] == [judged.table.left(q) for q in range(4)]
            if judged.outcome == "draw":
                assert sorted(t for t in seat.concealed() if t < 34) == sorted(bot.side.hand)
        assert _replays(judged.log(seed))


@pytest.mark.parametrize("rules", ["botzone", "mcr"])
def test_what_each_bot_believes_legal_is_what_the_table_allows(rules: str) -> None:
    """At every decision a bot is asked (its draw, a discard, an added kong to rob), the actions it
    believes legal and the tiles it believes left are the table's, to the end of the walls: one wall
    shared (mcr), or one a seat (botzone: the next drawer's empty wall bars claims, kongs need a tile in
    the declarer's wall and the next player's)."""
    game = game_rules(rules)
    match: list[Match] = []
    seen = {"compared": 0, "barred": 0}

    def checked(player: Player) -> Player:
        def decide(obs: Observation) -> Action:
            if obs.phase != Phase.TURN or obs.drawn is not None:  # not the discard named with a claim
                table = match[0].table
                window = table.window  # a discard or kong no one may claim: the bot may only pass
                options = window.options.get(obs.player) if window is not None else None
                allowed = table.legal(obs.player) if obs.phase == Phase.TURN else options or [Action(obs.player, ActionKind.PASS)]
                assert (set(obs.legal), obs.wall_left) == (set(allowed), max(table.wall_left, 0))
                seen["compared"] += 1
                seen["barred"] += obs.phase == Phase.CLAIMS and table.wall_left <= 0
            return player(obs)
        return decide

    for seed in range(30):
        bots = [InProcess(checked(random_player(seed * 4 + p))) for p in range(4)]
        for bot in bots:
            bot.side.rules = game
        match[:] = [Match(bots, game, seed, 0)]
        match[0].play()
    assert seen["compared"] > 3000 and seen["barred"] > 10, seen


class Told:
    """BotSides of some seats told one hand request by request; each passes every claim and discards
    what it draws, keeping what it was shown at each decision."""

    def __init__(self, rules: str, hands: dict[int, list[int]]) -> None:
        game = game_rules(rules)
        self.shown: dict[int, list[Observation]] = {p: [] for p in hands}
        self.sides = {p: BotSide(game, self._scripted(p)) for p in hands}
        for p, side in self.sides.items():
            side.respond(f"0 {p} 0")
            side.respond(" ".join(["1", "0 0 0 0", *(to_botzone(t) for t in hands[p])]))

    def _scripted(self, p: int) -> Player:
        def decide(obs: Observation) -> Action:
            self.shown[p].append(obs)
            return Action(p, ActionKind.PASS) if obs.phase == Phase.CLAIMS else Action(p, ActionKind.DISCARD, obs.drawn)
        return decide

    def draw(self, p: int, tile: int, *after: str) -> None:
        """Player ``p`` draws ``tile`` (each seat told its own request), then the requests ``after``."""
        for q, side in self.sides.items():
            side.respond(f"2 {to_botzone(tile)}" if q == p else f"3 {p} DRAW")
            for request in after:
                side.respond(request)

    def tell(self, request: str) -> None:
        for side in self.sides.values():
            side.respond(request)


@pytest.mark.parametrize(("rules", "per_seat"), [("botzone", True), ("mcr", False)])
def test_an_empty_next_wall_makes_the_last_tile_under_walls_per_seat(rules: str, per_seat: bool) -> None:
    """Seat 3 kongs twice and so empties its own wall before the others (botzone: 21 tiles a seat to
    draw). Seat 2's next draw, though its own wall still holds a tile, is then the last (docs/game.md
    "walls per seat", judge/main.cpp checkHu): its single wait on E, 7 points, wins by 妙手回春; it may
    not kong its four W5; and seat 0 may not pung the E it discards. A turn earlier the kong and the
    pung were allowed; with one shared wall (mcr) they still are, and the 7 points do not win."""
    hands = {2: [4, 4, 4, 4, 5, 6, 10, 11, 12, 23, 24, 25, 27], 0: [9, 9, 27, 27]}  # seat 0: pairs of B1 and E
    pool = [t for t in range(34) for _ in range(4)]
    for t in (*hands[2], *hands[0], 9, 27):  # the B1 and the E seat 2 draws at the end
        pool.remove(t)
    random.Random(5).shuffle(pool)
    hands[0] += [pool.pop() for _ in range(9)]
    table = Told(rules, hands)
    for r in range(20):
        for p in range(3 if r == 19 else 4):
            if p == 3 and r in (0, 1):  # a concealed kong, and its replacement
                table.draw(3, pool.pop(), "3 3 GANG")
            tile = {18: 9, 19: 27}[r] if p == 2 and r >= 18 else pool.pop()
            table.draw(p, tile)
            offered = {a.kind for a in table.shown[2][-1].legal} if p == 2 else set()
            table.tell(f"3 {p} PLAY {to_botzone(tile)}")
            if p == 2 and r >= 18:
                pung = Action(0, ActionKind.PUNG, tile) in table.shown[0][-1].legal
                last = per_seat and r == 19
                assert (ActionKind.WIN in offered, ActionKind.CONCEALED_KONG in offered, pung) == (last, not last, not last), r
    assert [table.sides[2].left(q) for q in range(4)] == ([1, 1, 1, 0] if per_seat else [table.sides[2].left(0)] * 4)


@pytest.mark.slow
def test_twenty_hands_without_a_protocol_error(tmp_path: Path) -> None:
    log = tmp_path / "judge.log"
    bots = [" ".join(FANRULES_BOT + ["--player", "greedy"]), " ".join(MINIMAL + ["--keep"])] * 2
    run = subprocess.run([sys.executable, "-m", "fanrules", "judge", "--bots", *bots, "--games", "20", "--seed", "3",
                          "--log", str(log), "--json", "--time-limit", "30"], capture_output=True, text=True, timeout=1200)
    assert run.returncode == 0, run.stderr
    hands = [json.loads(line) for line in run.stdout.splitlines()[:-1]]
    assert len(hands) == 20
    assert {h["outcome"] for h in hands} <= {"win", "draw"}
    assert any(h["outcome"] == "win" for h in hands)
    totals = json.loads(run.stdout.splitlines()[-1])["totals"]
    assert sum(totals) == 0
    replay = subprocess.run([sys.executable, "-m", "fanrules", "replay", str(log)], capture_output=True, text=True, timeout=600)
    assert "20 game(s) replayed: 20 matched the log" in replay.stdout


@pytest.mark.slow
def test_a_bot_in_simple_interaction_plays_a_hand() -> None:
    """The minimal bot started afresh each turn with the whole history (Botzone's simple interaction)."""
    bots = [BotProcess(MINIMAL, 30), BotProcess(MINIMAL + ["--keep"], 30), BotProcess(MINIMAL, 30), BotProcess(MINIMAL + ["--keep"], 30)]
    try:
        judged = judge_hand(bots, RULES, 5)
    finally:
        for bot in bots:
            bot.close()
    assert judged.outcome in ("win", "draw"), judged.penalty
    assert not bots[0].keep_running and bots[1].keep_running


@pytest.mark.slow
@pytest.mark.parametrize(("mode", "reason"), [("garbage", "malformed response 'LET ME THINK'"), ("late", "late: no answer within 2 s"),
                                              ("illegal", "illegal move 'BUGANG W1'")])
def test_a_failing_bot_is_penalised_and_the_log_says_why(mode: str, reason: str) -> None:
    bots = [BotProcess(MINIMAL + ["--keep"], 10) for _ in range(4)]
    bots[2] = BotProcess(failing(mode), 2)
    try:
        judged = judge_hand(bots, RULES, 0)
    finally:
        for bot in bots:
            bot.close()
    assert judged.outcome == "penalty"
    assert judged.changes == (10, 10, -30, 10)  # Botzone's: -30 to the offender, +10 to each other
    header = json.loads(judged.log(0)[0])
    assert header["judge"]["offender"] == 2 and header["judge"]["reason"].startswith(reason)
    assert header["judge"]["penalty"] == "invalid_action"
    if mode != "late":
        assert header["judge"]["output"].strip() in ("LET ME THINK", "BUGANG W1")
    assert _replays(judged.log(0))


def test_a_false_win_is_penalised_under_mcr_by_its_own_penalty() -> None:
    """A rule set without Botzone's invalid_action penalty uses its false_win one."""

    class FalseWin:
        def ask(self, request: str) -> str:
            return "HU" if request.startswith("2") else "PASS"

    judged = judge_hand([FalseWin(), InProcess(greedy_player(RULES)), InProcess(greedy_player(RULES)), InProcess(greedy_player(RULES))], "mcr", 1)
    assert judged.outcome == "penalty" and judged.penalty["penalty"] == "false_win"
    assert judged.changes == (-30, 10, 10, 10)
    assert "refused" in judged.penalty["reason"] or "not" in judged.penalty["reason"]


def test_fanrules_bot_answers_simple_and_json_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    deal = "1 0 0 0 0 W1 W2 W3 W5 W6 W7 B1 B2 B3 B5 B6 B7 J1"
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"3\n0 0 0\nPASS\n{deal}\nPASS\n2 F1\n"))
    assert main(["bot", "--player", "greedy"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("PLAY ") and out[1] == ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps({"requests": ["0 1 0", deal, "3 0 PLAY W4"], "responses": ["PASS", "PASS"]}) + "\n"))
    assert main(["bot", "--player", "greedy"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert json.loads(first)["response"] in ("PASS", "HU")
