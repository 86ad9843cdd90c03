"""subprocess_player: a Botzone bot program at a fanrules table. The minimal bot of the tests, and a
public Botzone bot (tests/data/botzone_bots/ccr_cheng_random, MIT, scoring through PyMahjongGB's API,
answered here by fanrules.botzone), play hands through it without a failed turn."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable

import pytest
from botzone_bots import BOTS, MINIMAL
from fanrules.botzone import SubprocessPlayer, subprocess_player
from fanrules.botzone import player as player_module
from fanrules.botzone.botside import BotSide
from fanrules.game import Action, Observation, Phase, Table, greedy_player, play
from fanrules.game.winning import GameRules, game_rules


class InProcessBot:
    """A BotProcess stand-in: fanrules' own Botzone bot (greedy) in this process, recording requests."""

    def __init__(self, *args: object) -> None:
        greedy = greedy_player(RULES_OF[0])
        #: What the bot was shown at each decision (its hand, the tiles left, the actions it believes legal).
        self.shown: list[Observation] = []

        def shown(obs: Observation) -> Action:
            self.shown.append(obs)
            return greedy(obs)
        self.side = BotSide(RULES_OF[0], shown)
        self.requests: list[str] = []

    def ask(self, request: str) -> str:
        self.requests.append(request)
        return self.side.respond(request)  # a request it cannot follow raises: the test fails

    def close(self) -> None:
        pass


RULES_OF: list[GameRules] = []


@pytest.mark.parametrize("rules", ["botzone", "mcr"])
def test_the_requests_rebuilt_from_observations_keep_every_bot_in_step(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four subprocess players (bots in this process): the requests rebuilt between decisions tell each
    bot exactly its hand and sets, so that no answer is refused, and the discard pools nearly always (the
    order of what happened between two decisions is guessed: a discard claimed, then another, may come
    out the other way round). What the bot believes legal is the table's, and nearly always the tiles it
    believes left, whichever walls the rule set's procedure draws from (one shared, or one a seat)."""
    game = game_rules(rules)
    RULES_OF[:] = [game]
    monkeypatch.setattr(player_module, "BotProcess", InProcessBot)
    checked = pools_differ = 0

    def checking(p: SubprocessPlayer) -> Callable[[Observation], Action]:
        def decide(obs: Observation) -> Action:
            nonlocal checked, pools_differ
            action = p(obs)
            asked = obs.phase in (Phase.CLAIMS, Phase.ROB) or (obs.phase == Phase.TURN and obs.drawn is not None)
            if asked and p.bot is not None:
                # what the bot was told, at each decision it is asked (not the discard named with a claim), is the table
                side = p.bot.side  # type: ignore[attr-defined]
                assert sorted(side.hand) == sorted(t for t in obs.hand if t < 34)
                assert [m.tiles for m in side.melds[obs.player]] == [m.tiles for m in obs.melds[obs.player]]
                mine = next(o for o in reversed(p.bot.shown) if o.phase == obs.phase and (o.drawn is None) == (obs.drawn is None))  # type: ignore[attr-defined]
                if obs.phase != Phase.ROB:  # Botzone has no request to rob a concealed kong
                    assert set(mine.legal) == set(obs.legal)
                # a guessed order may also tell a draw too many or too few before the decision
                pools_differ += [tuple(d) for d in side.discards] != list(obs.discards) or mine.wall_left != obs.wall_left
                checked += 1
            return action
        return decide

    for seed in range(12):
        players = [subprocess_player("in-process") for _ in range(4)]
        play(Table(game, seed=seed), [checking(p) for p in players])
        assert [p.failures for p in players] == [[], [], [], []], seed
    assert checked > 500 and pools_differ < checked / 40


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["botzone", "mcr"])
def test_the_minimal_bot_plays_hands_at_a_fanrules_table(rules: str) -> None:
    game = game_rules(rules)
    for seed in range(3):
        bot = subprocess_player(MINIMAL + ["--keep"], time_limit=30)
        try:
            table = play(Table(game, seed=seed), [greedy_player(game), bot, greedy_player(game), greedy_player(game)])
        finally:
            bot.close()
        assert table.over
        assert bot.failures == []
        assert any(e.get("player") == 1 and e.get("action") == "discard" for e in table.events)


@pytest.mark.slow
def test_a_public_botzone_bot_plays_a_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    shim, bot_dir = BOTS / "mahjonggb_shim", BOTS / "ccr_cheng_random"
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(shim), str(bot_dir), os.environ.get("PYTHONPATH", "")]))
    game = game_rules("botzone")
    bot = subprocess_player([sys.executable, str(bot_dir)], time_limit=60, json=True)
    try:
        table = play(Table(game, seed=1), [greedy_player(game), bot, greedy_player(game), greedy_player(game)])
    finally:
        bot.close()
    assert table.over
    assert bot.failures == []
    assert any(e.get("player") == 1 and e.get("action") == "discard" for e in table.events)
