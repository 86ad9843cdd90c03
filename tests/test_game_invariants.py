"""Invariants over many simulated games: the tiles are conserved at every step, a player's observation
holds nothing hidden from them, every logged win replays to the same result and equals what ``batch``
says of its record, and the same seed writes the same bytes.

A few hundred games by default; ``HYPOTHESIS_PROFILE=long`` (or ``FANRULES_LONG=1``) plays 2,400."""
from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter

import pytest
from fanrules.game import Table, game_rules, log_lines, observe, read_games, replay_game, simulate
from fanrules.game.seat import TABLE_TILES
from fanrules.game.simulate import game_seed, players_of
from fanrules.game.wall import tile_set
from fanrules.tools.batch import answer

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long" or os.environ.get("FANRULES_LONG") == "1"
#: (rule set, players, games): mcr with its flowers and jump draw, botzone's 136 tiles and plain deal.
RUNS = [("mcr", "random", 600 if LONG else 60), ("mcr", "greedy", 1200 if LONG else 100),
        ("botzone", "random", 200 if LONG else 20), ("botzone", "greedy", 400 if LONG else 40)]


def table_tiles(tab: Table) -> Counter[int]:
    """Every tile at the table: the wall, the concealed tiles, the sets, the discards, the flowers."""
    found: Counter[int] = Counter(tab.undrawn())
    for seat in tab.seats:
        found.update(seat.concealed())
        found.update(t for m in seat.melds for t in m.tiles)
        found.update(seat.discards)
        found.update(seat.flowers)
    return found


def hidden_reshuffled(tab: Table, player: int, rng: random.Random) -> Table:
    """A copy of ``tab`` in which everything ``player`` cannot see (the wall, the others' concealed
    tiles) is dealt again at random, sizes kept."""
    other = copy.deepcopy(tab, {id(tab.rules): tab.rules, id(tab.proc): tab.proc})
    others = [q for q in range(4) if q != player]
    pool = other.undrawn()
    for q in others:
        pool += other.seats[q].concealed()
    rng.shuffle(pool)
    for front, back in zip(other.fronts, other.backs):
        other.wall[front:back], pool = pool[:back - front], pool[back - front:]
    for q in others:
        seat = other.seats[q]
        size = seat.size()
        seat.counts = [0] * TABLE_TILES
        seat._tiles = None
        for tile in pool[:size]:
            seat.take(tile)
        pool = pool[size:]
    return other


def check_game(rules_name: str, kind: str, index: int) -> Table:
    rules = game_rules(rules_name)
    seed = game_seed(7, index)
    players = players_of(kind)(rules, seed)
    tab = Table(rules, seed)
    full = Counter(tile_set(rules.procedure))
    rng = random.Random(index)
    step = 0
    while not tab.over:
        assert table_tiles(tab) == full, f"tiles not conserved at step {step} of game {index}"
        player = tab.to_act()[0]
        obs = observe(tab, player)
        if step % 17 == 0:
            assert observe(hidden_reshuffled(tab, player, rng), player) == obs, f"step {step}: hidden tiles seen"
        tab.step(players[player](obs))
        step += 1
    assert table_tiles(tab) == full
    return tab


@pytest.mark.parametrize("rules_name,kind,games", RUNS)
def test_invariants_over_simulated_games(rules_name: str, kind: str, games: int) -> None:
    rules = game_rules(rules_name)
    scorer = rules.scorer
    wins = 0
    for index in range(games):
        tab = check_game(rules_name, kind, index)
        lines = log_lines(tab)
        [(head, events)] = list(read_games(lines))
        report = replay_game(head, events, rules)
        assert report.ok and report.events == len(events), report.divergence
        for event in events:
            if event["type"] == "win":
                wins += 1
                assert answer(json.dumps(event["record"]), scorer, 1) == event["result"]
                result, proc = event["result"], rules.procedure
                assert result["total_with_flowers" if proc.flowers_count else "total"] >= proc.minimum
    if kind == "greedy":
        assert wins > games // 4  # greedy players reach wins; a broken claim or win check would show here


def test_walls_per_seat_over_2000_botzone_games() -> None:
    """Botzone's walls per seat: the tiles are conserved, only the drawer's wall shrinks (by one a draw),
    no set is offered on a discard before an empty wall, and a hand is drawn only when the player to
    draw has an empty wall; the logs replay."""
    rules = game_rules("botzone")
    full = Counter(tile_set(rules.procedure))
    draws = 0
    for index in range(2000):
        seed = game_seed(13, index)
        players = players_of("random")(rules, seed)
        tab = Table(rules, seed)
        while not tab.over:
            player = tab.to_act()[0]
            before = [tab.left(p) for p in range(4)]
            if tab.phase == "claims" and tab.wall_left <= 0:
                assert all(a.kind in ("pass", "win") for q in tab.to_act() for a in tab.legal(q)), index
            action = players[player](observe(tab, player))
            tab.step(action)
            after = [tab.left(p) for p in range(4)]
            drew = [p for p in range(4) if after[p] != before[p]]
            assert drew == ([player] if action.kind == "draw" else []) and sum(before) - sum(after) == len(drew)
        assert table_tiles(tab) == full
        if not tab.wins:
            draws += 1
            last = next(e for e in reversed(tab.events) if e.get("action") in ("discard", "kong", "concealed_kong", "added_kong"))
            to_draw = tab.next_of(last["player"]) if last["action"] == "discard" else last["player"]
            assert tab.left(to_draw) == 0 and tab.events[-1]["wall_left"] == sum(tab.left(p) for p in range(4)), index
        if index % 20 == 0:
            [(head, events)] = list(read_games(log_lines(tab)))
            assert replay_game(head, events, rules).ok
    assert 0 < draws < 2000


def test_the_same_seed_writes_the_same_bytes_whatever_the_jobs() -> None:
    one: list[str] = []
    two: list[str] = []
    again: list[str] = []
    s1 = simulate("mcr", 12, seed=5, kind="random", jobs=1, log=one.append, chunk=3)
    simulate("mcr", 12, seed=5, kind="random", jobs=2, log=two.append, chunk=3)
    simulate("mcr", 12, seed=5, kind="random", jobs=1, log=again.append, chunk=5)
    assert one == two == again and len([line for line in one if '"type": "header"' in line]) == 12
    other: list[str] = []
    simulate("mcr", 12, seed=6, kind="random", jobs=1, log=other.append)
    assert other != one and s1.games == 12
