"""subprocess_player: a Botzone bot program at a fanrules table. The minimal bot of the tests, and a
public Botzone bot (tests/data/botzone_bots/ccr_cheng_random, MIT, scoring through PyMahjongGB's API,
answered here by fanrules.botzone), play hands through it without a failed turn."""
from __future__ import annotations

import os
import sys

import pytest
from botzone_bots import BOTS, MINIMAL
from fanrules.botzone import subprocess_player
from fanrules.game import Table, greedy_player, play
from fanrules.game.winning import game_rules


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
