"""The attacker (game/attacker.py): in the roster beside the calibrated expert, plays whole hands, and
differs from the expert where it was made to: it folds only when it cannot win in time, never for a
threat, and weighs a ready hand by the live copies of its scoring waits."""
from __future__ import annotations

from fanrules.game import Table, greedy_player, observe, play
from fanrules.game.actions import Phase
from fanrules.game.attacker import AttackerPlayer, attacker_player
from fanrules.game.defence import TableView
from fanrules.game.expert import ExpertPlayer
from fanrules.game.players import PLAYERS
from fanrules.game.winning import game_rules

RULES = game_rules("mcr")


def test_the_attacker_is_a_built_in_player_that_plays_whole_hands() -> None:
    assert "attacker" in PLAYERS and "expert" in PLAYERS
    for seed in range(4):
        first = play(Table(RULES, seed), [attacker_player(RULES) for _ in range(4)])
        again = play(Table(RULES, seed), [PLAYERS["attacker"](RULES, seed) for _ in range(4)])
        assert first.over and [s.discards for s in first.seats] == [s.discards for s in again.seats]


def _threatened_late() -> tuple[TableView, int]:
    """A view late in a wall where an opponent threatens (greedy players played up to there)."""
    for seed in range(50):
        table = Table(RULES, seed)
        players = [greedy_player(RULES) for _ in range(4)]
        while not table.over:
            player = table.to_act()[0]
            legal = table.legal(player)
            if table.phase == Phase.TURN and 12 <= table.wall_left <= 24:
                view = TableView.of(observe(table, player))
                if view.most is not None and view.most.level >= 0.5:
                    return view, table.wall_left
            table.step(legal[0] if len(legal) == 1 else players[player](observe(table, player)))
    raise AssertionError("no threatened late turn in 50 walls")


def test_the_attacker_folds_only_when_it_cannot_win_in_time() -> None:
    view, left = _threatened_late()
    assert ExpertPlayer.folds(2, view, left)  # the expert gives up a hand two from ready late against a threat
    assert not AttackerPlayer.folds(2, view, left)
    assert AttackerPlayer.folds(3, view, 8) and ExpertPlayer.folds(3, view, 8)  # 4 draws needed, 2 left
