"""A table's whole state as JSON: at every step of 200 simulated games the table is saved, restored
from the saved JSON and played on from the copy; the copy saves to the same JSON, shows each player
the same observation, and the continued game's log is byte for byte the log of the game never saved."""
from __future__ import annotations

import json

import pytest
from fanrules.game import Table, game_rules, observe
from fanrules.game.simulate import game_seed, players_of

#: (rule set, players, games): a shared wall with flowers and the jump draw; walls per seat.
RUNS = [("mcr", "greedy", 60), ("mcr", "random", 40), ("botzone", "greedy", 60), ("botzone", "random", 40)]


def played(rules_name: str, kind: str, index: int, restore: bool) -> list[str]:
    rules = game_rules(rules_name)
    seed = game_seed(11, index)
    players = players_of(kind)(rules, seed)
    tab = Table(rules, seed)
    step = 0
    while not tab.over:
        if restore:
            saved = tab.to_json()
            copy = Table.from_json(json.loads(json.dumps(saved)))
            assert copy.to_json() == saved
            player = tab.to_act()[0]
            assert step % 5 or observe(copy, player) == observe(tab, player)
            tab = copy
        step += 1
        player = tab.to_act()[0]
        tab.step(players[player](observe(tab, player)))
    if restore:
        assert Table.from_json(tab.to_json()).log() == tab.log()
    return tab.log()


@pytest.mark.slow
@pytest.mark.parametrize("rules_name,kind,games", RUNS)
def test_a_table_restored_at_every_step_plays_on_byte_identical(rules_name: str, kind: str, games: int) -> None:
    for index in range(games):
        assert played(rules_name, kind, index, True) == played(rules_name, kind, index, False), index


def test_a_state_is_refused_under_other_rules_or_when_it_is_not_a_table() -> None:
    saved = Table("mcr", 5).to_json()
    with pytest.raises(ValueError, match="other rules than botzone"):
        Table.from_json(saved, "botzone")
    with pytest.raises(ValueError, match="not a table state"):
        Table.from_json({"type": "header"})
    broken = dict(saved, seats=[{"tiles": []}])
    with pytest.raises(ValueError, match="a bad table state"):
        Table.from_json(broken)


def test_the_state_holds_the_wall_and_every_hand_the_log_holds_the_events() -> None:
    tab = Table("botzone", 3)
    saved = tab.to_json()
    assert len(saved["wall"]) == 136 and saved["fronts"] == [13, 47, 81, 115]
    assert [len(s["tiles"]) for s in saved["seats"]] == [13, 13, 13, 13]
    head = json.loads(tab.log({"game": 1})[0])
    assert head["type"] == "header" and head["game"] == 1 and head["rules"] == "botzone"
