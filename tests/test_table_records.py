"""Real records in: Botzone's public sample of 16 games (tests/data/botzone) imported as game logs on the
``botzone`` rule set and replayed: every game verified (each action, claim and draw), both exhaustive draws
at the recorded point, every recorded fan total and score equal; a changed record is caught at its line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fanrules.game import game_rules, read_games, replay_game
from fanrules.game.records import RecordError, read_records, record_logs

SAMPLE = Path(__file__).parent / "data" / "botzone" / "sample.txt"
BOTZONE = game_rules("botzone")


def replays(text: str) -> list[tuple[dict, list[dict], str | None]]:
    out = []
    for lines in record_logs(text.splitlines()):
        [(head, events)] = list(read_games(lines))
        out.append((head, events, replay_game(head, events, BOTZONE).divergence))
    return out


def test_every_game_of_the_public_sample_replays_as_recorded() -> None:
    games = replays(SAMPLE.read_text(encoding="utf-8"))
    assert len(games) == 16 and all(divergence is None for _, _, divergence in games), [d for *_, d in games if d]
    recorded = [next(e for e in events if e["type"] == "recorded" and "outcome" in e) for _, events, _ in games]
    claims = [e for _, events, _ in games for e in events if e["type"] == "recorded" and "claimer" in e]
    assert len(claims) > 30  # each claim the record gives is checked
    ends = [next(e for e in events if e["type"] == "end") for _, events, _ in games]
    assert sum(r["outcome"] == "win" for r in recorded) == 14
    draws = [(r, e) for r, e in zip(recorded, ends) if r["outcome"] == "draw"]
    assert len(draws) == 2 and all(e["outcome"] == "draw" and e["wall_left"] > 0 for _, e in draws)
    for (head, events, _), r in zip(games, recorded):
        wins = [e for e in events if e["type"] == "win"]
        assert [w["result"]["total_with_flowers"] for w in wins] == ([r["fan"]] if r["outcome"] == "win" else [])
        assert head["rules"] == "botzone" and head["record"]["match"] == head["game"]


@pytest.mark.parametrize("old,new,says", [
    ("Score -8 33 -17 -8\n", "Score -8 33 -16 -9\n", "line 105: the record's score is [-8, 33, -16, -9]"),
    ("Fan 9 混一色*1+箭刻*1+老少副*1", "Fan 10 混一色*1+箭刻*1+老少副*1", "line 104: the record's fan total is 10"),
    ("Player 1 Draw T2\nPlayer 1 Play T2\n", "Player 1 Draw T3\nPlayer 1 Play T2\n", "event 5 (record line 10): player 1 discard 2s"),
    ("Player 0 Peng W9 Ignore Player 3 Chi W8\n", "Player 3 Chi W8 Ignore Player 0 Peng W9\n", "record line 45: the record gives the claim to player 3, the table to [0]"),
    ("Player 0 Draw T6\nPlayer 0 Play T6\nHuang\n", "Player 0 Draw T6\nHuang\n", "the record's hand ends here (draw)"),
])
def test_a_changed_record_is_caught_at_its_line(old: str, new: str, says: str) -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    assert old in text
    divergences = [d for *_, d in replays(text.replace(old, new, 1)) if d]
    assert len(divergences) == 1 and says in divergences[0], divergences


def test_a_line_out_of_the_format_is_refused_with_its_number() -> None:
    with pytest.raises(RecordError, match="line 3: unknown tile 'X9'"):
        list(read_records(["Match 1", "Wind 0", "Player 0 Deal X9 " + "W1 " * 12]))
    with pytest.raises(RecordError, match="line 1: a game must start"):
        list(read_records(["Wind 0"]))


@pytest.mark.slow
def test_the_import_and_replay_commands(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    run = [sys.executable, "-m", "fanrules"]
    done = subprocess.run([*run, "import", "botzone", str(SAMPLE), "--log", str(out)], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("16 game(s) written")
    first = json.loads(out.read_text(encoding="utf-8").splitlines()[1])
    assert first["type"] == "deal" and "line" not in first
    replay = subprocess.run([*run, "replay", str(out)], capture_output=True, text=True)
    assert replay.returncode == 0 and replay.stdout.strip().endswith("16 game(s) replayed: 16 matched the log")


def test_botzones_board_ranks_4_3_2_1_with_ties_by_seat() -> None:
    from fractions import Fraction

    from fanrules.settlement import terms
    from fanrules.settlement.ranking import ranking_points

    ranking = terms("botzone").ranking
    assert ranking_points([-30, 40, 40, -50], ranking) == ([3, 1, 2, 4], [Fraction(n) for n in (2, 4, 3, 1)])
    assert ranking_points([0, 0, 0, 0], ranking) == ([1, 2, 3, 4], [Fraction(n) for n in (4, 3, 2, 1)])
    assert ranking_points([0, 0, 0, 0], terms("mcr").ranking)[1] == [Fraction(7, 4)] * 4  # mcr's ties share
