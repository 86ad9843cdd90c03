"""``fanrules judge --duplicate``: each wall played four times with the bots rotated one seat each time
(seat p holds bot (p + rotation) mod 4), and each bot's results with their 95% intervals over the walls,
as ``simulate --duplicate`` gives each player's."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from botzone_bots import FANRULES_BOT, MINIMAL
from fanrules.tools.cli import main

GREEDY = " ".join([*FANRULES_BOT, "--player", "greedy"])
MINIMAL_BOT = " ".join([*MINIMAL, "--keep"])
WALLS = 2


@pytest.mark.slow  # 32 bot processes
def test_judge_duplicate_rotates_the_bots_over_each_wall(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bots = [GREEDY, MINIMAL_BOT, MINIMAL_BOT, MINIMAL_BOT]
    log = tmp_path / "duplicate.jsonl"
    assert main(["judge", "--duplicate", "--games", str(WALLS), "--seed", "5", "--json", "--quiet", "--log", str(log), "--bots", *bots]) == 0
    *hands, end = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(h["game"], h["rotation"]) for h in hands] == [(g, r) for g in range(WALLS) for r in range(4)]
    points = {GREEDY: 0, MINIMAL_BOT: 0}
    for h in hands:
        for seat, change in enumerate(h["changes"]):
            points[bots[(seat + h["rotation"]) % 4]] += change
    by_player = end["by_player"]
    assert [p["player"] for p in by_player] == bots and all(p["hands"] == 4 * WALLS for p in by_player)
    assert by_player[0]["points"] == points[GREEDY] and sum(p["points"] for p in by_player[1:]) == points[MINIMAL_BOT]
    ppm = end["points_per_hand"]
    assert set(ppm) == {GREEDY, MINIMAL_BOT} and all(m["units"] == WALLS for m in ppm.values())
    assert ppm[GREEDY]["mean"] == pytest.approx(points[GREEDY] / (4 * WALLS), abs=1e-4)
    assert ppm[GREEDY]["ci95"][0] <= ppm[GREEDY]["mean"] <= ppm[GREEDY]["ci95"][1]
    assert end["margin"]["of"] == GREEDY and end["margin"]["over"] == MINIMAL_BOT
    heads = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if '"judge"' in line]
    assert [(h["game"], h["rotation"]) for h in heads] == [(g, r) for g in range(WALLS) for r in range(4)]
    assert main(["replay", str(log)]) == 0


def test_judge_duplicate_prints_each_bots_points_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", "--duplicate", "--games", "1", "--quiet", "--bots", *[MINIMAL_BOT] * 4]) == 0
    out = capsys.readouterr().out
    assert "hand 0 rotation 3:" in out and "duplicate: 1 walls" in out
    assert f"player 3 {MINIMAL_BOT}" in out
