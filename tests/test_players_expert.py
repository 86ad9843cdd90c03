"""The expert player: it only takes legal actions, explains every choice in a line that names real
tiles (the tile it discards or claims), folds when it cannot win in time, and its explained games
replay; the shanten-only baseline is the greedy player without points."""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fanrules
import pytest
from fanrules.core.hand import Meld, MeldKind
from fanrules.core.tiles import FLOWER_CODES, TILE_CODES, tile_code, tile_of_code
from fanrules.game import Action, ActionKind, ExpertPlayer, Observation, Table, game_rules, play
from fanrules.game.actions import Phase
from fanrules.game.defence import TableView
from fanrules.game.plan import MIXED_KEEP, Plan
from fanrules.game.players import PLAYERS, ShantenPlayer
from fanrules.game.simulate import game_seed
from fanrules.tools.cli import main

#: A tile code as a whole word in a reason.
CODE = re.compile(r"(?<![\w.])([1-9][mps]|[1-8]f|[ESWNCFP])(?![\w.])")
#: Every tile code, the flowers' with them.
CODES = set(TILE_CODES) | set(FLOWER_CODES)


class Checked:
    """Wraps a player: every action it returns must be one of the observation's legal actions; keeps
    each (observation, action, reason)."""

    def __init__(self, player: Callable[[Observation], Action], seen: list[tuple[Observation, Action, str]]) -> None:
        self.player, self.seen = player, seen

    def __call__(self, obs: Observation) -> Action:
        action = self.player(obs)
        assert action in obs.legal, (action, obs.legal)
        self.seen.append((obs, action, str(getattr(self.player, "reason", ""))))
        return action


def _games(rules_name: str, count: int, seed: int = 5) -> list[tuple[Observation, Action, str]]:
    rules = game_rules(rules_name)
    seen: list[tuple[Observation, Action, str]] = []
    for i in range(count):
        s = game_seed(seed, i)
        players: list[Any] = [Checked(ExpertPlayer(rules), seen), Checked(PLAYERS["greedy"](rules, s), seen),
                              Checked(ExpertPlayer(rules), seen), Checked(PLAYERS["random"](rules, s), seen)]
        table = play(Table(rules, s), players)
        assert table.over
    return seen


@pytest.mark.parametrize(("rules_name", "count"), [("mcr", 12), ("botzone", 4)])
def test_the_expert_takes_only_legal_actions(rules_name: str, count: int) -> None:
    seen = _games(rules_name, count)
    experts = [(o, a, r) for o, a, r in seen if r]
    assert len(experts) > 100
    kinds = {a.kind for _, a, _ in experts}
    assert {ActionKind.DISCARD, ActionKind.PASS} <= kinds  # it plays turns and answers claims


def test_every_reason_names_real_tiles_and_the_tile_chosen() -> None:
    seen = [(o, a, r) for o, a, r in _games("mcr", 10, seed=8) if r]
    kinds: set[str] = set()
    for obs, action, reason in seen:
        assert reason and "\n" not in reason
        assert all(code in CODES for code in CODE.findall(reason)), reason
        if action.tile is not None and action.kind != ActionKind.PASS:
            assert tile_code(action.tile) in CODE.findall(reason), (action, reason)
            kinds.add(action.kind)
        if action.kind == ActionKind.DISCARD:
            assert TILE_CODES[action.tile] in {TILE_CODES[t] for t in obs.hand if t < 34}  # type: ignore[index]
    assert ActionKind.DISCARD in kinds and kinds & {ActionKind.PUNG, ActionKind.CHOW}  # claims explained too
    assert any(r.startswith("discard") and "live" in r for _, _, r in seen)  # weighed by live copies


def test_a_hand_that_cannot_win_in_time_folds_to_the_safest_tile() -> None:
    seen = [(o, a, r) for o, a, r in _games("mcr", 12, seed=3) if r.startswith("fold:")]
    assert seen  # late in a hand, players fold
    for obs, action, reason in seen:
        view = TableView.of(obs)
        assert action.kind == ActionKind.DISCARD and action.tile is not None
        assert view.danger(action.tile) == min(view.danger(t) for t in set(obs.hand) if t < len(TILE_CODES)), reason
        for t in set(obs.hand) - {action.tile}:  # the remembered danger is the model's sum, as a fresh view's
            if t < len(TILE_CODES):
                assert view.danger(t) == sum(threat.level * view.danger_to(threat, t) for threat in view.threats)
                assert TableView.of(obs).danger(t) == view.danger(t)
    view = TableView.of(seen[0][0])
    # one draw left (3 tiles in the wall): a hand one from ready cannot win in time; a ready one can
    assert ExpertPlayer.folds(1, view, 3) and ExpertPlayer.folds(2, view, 7)
    assert not ExpertPlayer.folds(0, view, 3) or (view.most is not None and view.most.level >= 0.5)


def test_the_shanten_player_is_greedy_without_points() -> None:
    rules = game_rules("mcr")
    assert ShantenPlayer.weigh_points is False and PLAYERS["greedy"](rules, 0).weigh_points is True  # type: ignore[attr-defined]
    table = play(Table(rules, 11), [ShantenPlayer(rules) for _ in range(4)])
    assert table.over


def test_explained_logs_carry_a_reason_per_choice_and_still_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "explained.jsonl"
    assert main(["simulate", "--games", "2", "--seed", "6", "--players", "expert,greedy,expert,greedy",
                 "--log", str(log), "--explain", "--json"]) == 0
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    reasons = [e for e in events if "reason" in e]
    assert reasons and all(e["type"] == "action" and e["player"] in (0, 2) for e in reasons)
    capsys.readouterr()
    assert main(["replay", str(log)]) == 0
    assert "2 game(s) replayed: 2 matched the log" in capsys.readouterr().out
    assert main(["simulate", "--games", "1", "--explain"]) == 2  # the reasons go into a log


def _tiles(codes: str) -> tuple[int, ...]:
    return tuple(sorted(tile_of_code(c) for c in codes.split()))


#: Three opponents, each with two sets shown and 14 discards (threat 0.8 each): no tile more than four times.
OPPONENTS = ((Meld(MeldKind.PUNG, _tiles("P P P"), "left"), Meld(MeldKind.CHOW, _tiles("6m 7m 8m"), "left")),
             (Meld(MeldKind.PUNG, _tiles("C C C"), "left"), Meld(MeldKind.CHOW, _tiles("2s 3s 4s"), "left")),
             (Meld(MeldKind.PUNG, _tiles("F F F"), "left"), Meld(MeldKind.CHOW, _tiles("6s 7s 8s"), "left")))
POOLS = ("6p 9p N N W 9m 9m 8m 7m 4s 4s 6s 1m 2m", "6p 9p W 9s 9s 8s 7s 4m 4m 6m 6m 5m N 3m",
         "6p 9p S S 5m 5m 4p 4p 5p 5p 7s 1m N 3m")


def _turn(hand: str, melds: tuple[Meld, ...], wall_left: int) -> Observation:
    """Player 0's turn holding ``hand`` with ``melds``, against OPPONENTS that discarded POOLS."""
    tiles = _tiles(hand)
    legal = [Action(0, ActionKind.DISCARD, t) for t in sorted(set(tiles))]
    legal += [Action(0, ActionKind.ADDED_KONG, m.tiles[0]) for m in melds if m.kind is MeldKind.PUNG and m.tiles[0] in tiles]
    pools = tuple(tuple(tile_of_code(c) for c in pool.split()) for pool in POOLS)
    seen = list(tiles) + [t for pool in pools for t in pool] + [t for ms in (melds, *OPPONENTS) for m in ms for t in m.tiles]
    assert all(seen.count(t) <= 4 for t in seen)
    return Observation(
        player=0, seat_winds=_tiles("E S W N"), prevalent_wind=tile_of_code("E"), dealer=0, phase=Phase.TURN,
        hand=tiles, drawn=tiles[-1], melds=(melds, *OPPONENTS), discards=((), *pools), flowers=(0, 0, 0, 0),
        hand_sizes=(len(tiles), 7, 7, 7), wall_left=wall_left, last_discard=None, kong_tile=None, legal=tuple(legal))


def test_the_expert_adds_a_kong_on_an_idle_fourth_tile_even_against_a_threat() -> None:
    pung = Meld(MeldKind.PUNG, _tiles("5s 5s 5s"), "left")
    obs = _turn("5s 1p 2p 3p 7p 8p 9p 2m 3m E E", (pung,), 40)
    assert all(t.level >= 0.8 for t in TableView.of(obs).threats)
    player = ExpertPlayer(game_rules("mcr"))
    assert player(obs) == Action(0, ActionKind.ADDED_KONG, tile_of_code("5s"))
    assert "5s" in player.reason and player.reason.startswith("added kong")


def test_a_hand_of_all_five_kinds_keeps_the_last_tile_of_each() -> None:
    tiles = _tiles("1m 2m 3m 9m 4p 5p 6p 7s 8s 9s E S C 5m")
    plan = Plan.of(tiles, ())
    assert plan.mixed and "five kinds" in plan.why()
    counts = [tiles.count(t) for t in range(len(TILE_CODES))]
    assert plan.follows(tile_of_code("C"), counts) == -MIXED_KEEP  # the only dragon
    assert plan.follows(tile_of_code("E"), counts) == 0  # one of two winds
    assert not Plan.of(_tiles("1m 2m 3m 9m 4p 5p 6p 7s 8s 9s E 5s C 5m"), ()).mixed  # two honours, no pair


def test_late_a_ready_hand_on_a_thin_wait_folds_to_a_safe_tile() -> None:
    """Discarding E would leave the hand ready on 6p 9p (one live copy each, few of them still in a
    wall of 4) against three threatening opponents: the expert breaks the wait for the safest tile;
    earlier in the wall it keeps the wait."""
    hand = "1m 2m 3m 1p 2p 3p 1s 2s 3s 5s 5s 7p 8p E"
    player = ExpertPlayer(game_rules("mcr"))
    obs = _turn(hand, (), 4)
    action = player(obs)
    view = TableView.of(obs)
    assert action.kind == ActionKind.DISCARD and action.tile is not None
    assert player.reason.startswith("fold:") and "ready on 6p 9p" in player.reason, player.reason
    assert view.danger(action.tile) == min(view.danger(t) for t in set(obs.hand))
    assert player(_turn(hand, (), 40)) == Action(0, ActionKind.DISCARD, tile_of_code("E")), player.reason


@pytest.mark.parametrize("rules_name", [n for n in fanrules.shipped_rulesets() if "procedure" in fanrules.load_ruleset(n).sections])
def test_four_experts_play_a_hand_under_every_playable_shipped_rule_set(rules_name: str) -> None:
    """Every shipped rule set with a table procedure. casual's minimum is 0: the expert measures a ready hand's points in one point there, not in the minimum."""
    rules = game_rules(rules_name)
    table = play(Table(rules, 5), [ExpertPlayer(rules) for _ in range(4)])
    assert table.over


def test_a_claim_is_not_weighed_toward_a_bare_win() -> None:
    """A ready hand whose every win is bare (one fan, once, worth just the minimum: here 无番和 on 4s
    and 7s, as the public scorer says) counts as ready on a turn, but not when a claim is weighed; a
    hand with a wait worth more stays ready either way."""
    rules = game_rules("mcr")
    expert = ExpertPlayer(rules)
    melds = (Meld(MeldKind.CHOW, (0, 1, 2), "left"), Meld(MeldKind.CHOW, (2, 3, 4), "left"))
    tiles = tuple(sorted(tile_of_code(c) for c in ("6p", "7p", "8p", "5s", "6s", "W", "W")))
    for wait in ("4s", "7s"):
        result = fanrules.score(f"[123m,1][345m,1]678p56sWW{wait}", seat_wind="E", prevalent_wind="E")
        assert result.total == 8 and [(f.fan.number, f.count) for f in result.fans] == [(43, 1)]
    live = tuple(4 - tiles.count(t) - sum(m.tiles.count(t) for m in melds) for t in range(34))
    view = TableView(live, (), ((), (), (), ()))
    ctx = fanrules.Context.of({"seat_wind": "E", "prevalent_wind": "E"})
    assert expert.weigh(tiles, melds, view, ctx).distance == 0
    assert expert.weigh(tiles, melds, view, ctx, bare_counts=False).distance == 1
    richer = tuple(sorted(tile_of_code(c) for c in ("6m", "7m", "8m", "5m", "6m", "W", "W")))  # 混一色 and more on 4m and 7m
    assert expert.weigh(richer, melds, view, ctx, bare_counts=False).distance == 0
