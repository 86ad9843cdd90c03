"""Studies you can trust: the 95% intervals of paired differences cover a true difference of zero and
a known one about 95% of the time; --players seats built-in players and your own (module:Name);
--duplicate rotates the players over each wall; per-seat and per-player results, statistics keyed by
fan number, the labelled difference (rules minus against) and the human comparison in the output."""
from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path

import pytest
from fanrules.game import run_study, simulate
from fanrules.game.paired import Moments, Paired
from fanrules.game.roster import RosterError, players_of, roster
from fanrules.tools.cli import main
from fanrules.tools.simulate_report import human_table


def _coverage(true_mean: float, reps: int = 400, units: int = 120, seed: int = 1) -> tuple[float, float]:
    """(share of intervals that cover ``true_mean``, share that leave out zero) over ``reps`` studies of
    ``units`` paired units each, whose two sides differ by ``true_mean`` plus noise."""
    rng = random.Random(seed)
    covered = significant = 0
    for _ in range(reps):
        paired = Paired()
        for _ in range(units):
            shared = rng.gauss(10, 3)  # what the two sides share (the same wall) cancels in the pair
            paired.add({"points": shared + true_mean + rng.gauss(0, 1)}, {"points": shared + rng.gauss(0, 1)})
        m = paired.get("points")
        low, high = m.interval
        covered += low <= true_mean <= high
        significant += m.significant
    return covered / reps, significant / reps


def test_intervals_cover_a_true_difference_of_zero_about_95_percent_of_the_time() -> None:
    cover, significant = _coverage(0.0)
    assert 0.92 <= cover <= 0.98, cover
    assert abs((1 - cover) - significant) < 1e-9  # with a true zero, a miss is exactly a false significance


def test_intervals_cover_a_known_difference_and_find_it_significant() -> None:
    cover, significant = _coverage(0.5)
    assert 0.92 <= cover <= 0.98, cover
    assert significant > 0.95  # 0.5 is five standard errors from zero here


def test_paired_merges_as_if_added_in_one_place() -> None:
    rng = random.Random(4)
    pairs = [({"a": rng.random()}, {"a": rng.random(), "b": 1.0}) for _ in range(30)]
    whole, left, right = Paired(), Paired(), Paired()
    for i, (x, y) in enumerate(pairs):
        whole.add(x, y)
        (left if i < 13 else right).add(x, y)
    left.merge(right)
    for key in ("a", "b"):
        assert left.get(key).n == whole.get(key).n == 30
        assert left.get(key).mean == pytest.approx(whole.get(key).mean)
        assert left.get(key).half_width == pytest.approx(whole.get(key).half_width)
    assert Moments().half_width == 0.0 and not Moments().significant


def test_a_simulation_against_itself_differs_by_exactly_zero() -> None:
    found = run_study("mcr", 6, seed=3, players="greedy", against="mcr")
    assert found.other is not None and found.stats.games == found.other.games == 6
    assert found.paired.units == 6 and found.paired.diffs
    for key, m in found.paired.diffs.items():
        assert m.total == 0 and m.interval == (0.0, 0.0) and not m.significant, key


def test_a_simulation_with_a_known_difference_finds_it() -> None:
    # botzone has no fan for flowers: the paired difference of the wins scoring mcr's flower fan is
    # exactly mcr's count of them, and it is far from zero
    found = run_study("mcr", 12, seed=3, players="greedy", against="botzone")
    assert found.other is not None
    absent = [n for n in found.stats.fans if n not in found.other.fans and found.stats.names[n][1] == "Flower Tiles"]
    assert absent
    flowers = absent[0]
    m = found.paired.get(f"fan {flowers}")
    assert m.total == found.stats.fans[flowers] > 0 and m.significant


def test_players_names_one_player_or_four_and_refuses_the_rest() -> None:
    assert roster("greedy") == ("greedy",) * 4
    assert roster("expert, greedy,shanten,random") == ("expert", "greedy", "shanten", "random")
    with pytest.raises(RosterError, match="one player or four"):
        roster("expert,greedy")
    with pytest.raises(RosterError, match="unknown player 'nonesuch'"):
        players_of("nonesuch")
    with pytest.raises(RosterError, match="No module named"):
        players_of("no_such_module_here:Player")


def test_players_seats_a_module_class(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "my_players.py").write_text(textwrap.dedent('''
        from fanrules.game import ActionKind, GreedyPlayer

        class Cautious(GreedyPlayer):
            """Greedy, but never claims a set: only wins or passes on a discard."""
            def __call__(self, obs):
                if obs.phase in ("claims", "rob"):
                    return next((a for a in obs.legal if a.kind == ActionKind.WIN),
                                next(a for a in obs.legal if a.kind == ActionKind.PASS))
                return super().__call__(obs)
    '''), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["simulate", "--games", "3", "--seed", "2", "--players", "my_players:Cautious,greedy,greedy,greedy", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [p["player"] for p in out["by_player"]] == ["my_players:Cautious", "greedy", "greedy", "greedy"]
    assert set(out["points_per_hand"]) == {"my_players:Cautious", "greedy"} and out["margin"]["of"] == "my_players:Cautious"
    assert sum(p["points"] for p in out["by_player"]) == 0  # what one wins the others pay (mcr's settlement)
    assert main(["simulate", "--games", "1", "--players", "my_players:Nonesuch"]) == 2
    assert "has no attribute 'Nonesuch'" in capsys.readouterr().err


def test_duplicate_plays_each_wall_four_times_with_the_players_rotated(capsys: pytest.CaptureFixture[str]) -> None:
    found = run_study("mcr", 2, seed=5, players="expert,greedy,greedy,greedy", duplicate=True)
    stats = found.stats
    assert stats.games == 8
    assert [t.hands for t in stats.by_seat] == [8] * 4 and [t.hands for t in stats.by_player] == [8] * 4
    assert sum(t.wins for t in stats.by_player) == stats.wins == sum(t.wins for t in stats.by_seat)
    assert stats.strength["expert"].n == stats.strength["greedy"].n == 2  # one unit per wall
    # the same wall four times: the first rotation is the plain game of that seed
    plain = simulate("mcr", 1, seed=5, kind="expert,greedy,greedy,greedy")
    assert plain.games == 1
    lines: list[str] = []
    run_study("mcr", 1, seed=5, players="greedy", duplicate=True, log=lines.append)
    heads = [json.loads(line) for line in lines if '"type": "header"' in line]
    assert [h["rotation"] for h in heads] == [0, 1, 2, 3] and len({h["seed"] for h in heads}) == 1


def test_the_study_log_of_existing_players_is_the_simulation_log_byte_for_byte(tmp_path: Path) -> None:
    old: list[str] = []
    simulate("mcr", 3, seed=2, kind="greedy", log=old.append)
    log = tmp_path / "g.jsonl"
    assert main(["simulate", "--games", "3", "--seed", "2", "--players", "greedy", "--log", str(log), "--json"]) == 0
    assert log.read_text(encoding="utf-8").splitlines() == old


def test_the_output_labels_the_players_frequencies_the_difference_and_keys_fans_by_number(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "4", "--seed", "1", "--players", "greedy", "--against", "botzone"]) == 0
    text = capsys.readouterr().out
    assert "difference (rules - against)" in text and "95% interval" in text
    assert "the players' frequencies" in text and "per seat and per player" in text
    assert main(["simulate", "--games", "4", "--seed", "1", "--players", "greedy", "--against", "botzone", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["differences"]["of"] == "rules - against" and "not of MCR play" in out["note"]
    wins = out["differences"]["wins"]
    assert set(wins) == {"mean", "ci95", "significant", "units"} and wins["units"] == 4
    assert all(k.isdigit() for k in out["rules"]["fans_by_number"])
    fan_keys = [k for k in out["differences"] if k.startswith("fan ")]
    assert fan_keys and all(k.split()[1].isdigit() for k in fan_keys)


def test_compare_human_puts_the_players_shares_beside_the_shipped_human_table(capsys: pytest.CaptureFixture[str]) -> None:
    human = human_table()
    assert "MahjongSoft" in human["source"] and human["fans"]
    assert main(["simulate", "--games", "6", "--seed", "1", "--players", "greedy", "--compare-human", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)["compare_human"]
    assert [r["fan"] for r in out["fans"]] == [int(n) for n in human["fans"]]
    for row in out["fans"]:
        assert row["ratio"] == pytest.approx(row["players_share"] / row["human_share"], abs=1e-3)
    assert 0 < out["wins_per_game"] <= 1 and 0 <= out["self_drawn_share"] <= 1
    assert main(["simulate", "--games", "6", "--seed", "1", "--players", "greedy", "--compare-human"]) == 0
    assert "beside human play" in capsys.readouterr().out
