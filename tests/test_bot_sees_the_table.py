"""``fanrules bot`` sees what the table shows: the same walls played by four ``fanrules bot`` processes
under ``fanrules judge`` and by the same four players seated in process give, at every decision, the
same observation (hand, sets, discard pools after claims, hand sizes, tiles left, legal actions) and the
same action.

Two kinds of question differ by the protocol itself and are left out of the comparison: in process a
player may be asked which of its flowers to replace (Botzone's judge replaces them), and Botzone asks a
bot for the discard that follows its pung or chow together with the claim, so a bot whose claim lost
to another's (or to a win) was asked a discard the table never needed."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from botzone_recorder import RECORD_DIR, Recorder
from fanrules.core.tiles import WIND_TILES
from fanrules.game import Table
from fanrules.game.seat import SEAT_COUNT
from fanrules.game.simulate import game_seed, play
from fanrules.game.winning import game_rules
from fanrules.tools.cli import main

TESTS = Path(__file__).resolve().parent
BOT = f"{sys.executable} -m fanrules bot --rules {{rules}} --player botzone_recorder:Recorder"
HANDS, SEED = 10, 51


def _decisions(folder: Path, player: int) -> list[dict[str, object]]:
    path = folder / f"{player}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


def _asked_in_process(record: dict[str, object]) -> bool:
    """Whether the table asks the player this (more than one action, not only a choice of flower)."""
    legal = record["observation"]["legal"]  # type: ignore[index]
    return len(legal) > 1 and any(a["action"] != "flower" for a in legal)


def _took_effect(records: list[dict[str, object]], i: int, player: int, final_sets: int) -> bool:
    """Whether the decision ``i`` of a bot counts: a discard named with a pung or chow counts only when
    the claim was made (the bot's next observation, or the table at the end, still shows the set)."""
    obs = records[i]["observation"]
    if obs["phase"] != "turn" or obs["drawn"] is not None:  # type: ignore[index]
        return True
    sets = len(obs["melds"][player])  # type: ignore[index]
    after = len(records[i + 1]["observation"]["melds"][player]) if i + 1 < len(records) else final_sets  # type: ignore[index]
    return after >= sets


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["botzone", "mcr"])
def test_fanrules_bot_under_the_judge_sees_and_does_what_the_table_shows(
        rules: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PYTHONPATH", f"{TESTS}")
    compared = 0
    for hand in range(HANDS):  # one judge run a wall: wall ``hand`` is game 0 of seed SEED + hand
        bots, local = tmp_path / f"bots{hand}", tmp_path / f"local{hand}"
        bots.mkdir()
        local.mkdir()
        monkeypatch.setenv(RECORD_DIR, str(bots))
        command = BOT.format(rules=rules)
        assert main(["judge", "--rules", rules, "--seed", str(SEED + hand), "--quiet", "--json", "--bots", *[command] * SEAT_COUNT]) == 0
        judged = json.loads(capsys.readouterr().out.splitlines()[0])
        monkeypatch.setenv(RECORD_DIR, str(local))
        table = play(Table(game_rules(rules), game_seed(SEED + hand, 0), prevalent_wind=WIND_TILES[0]),
                     [Recorder(game_rules(rules)) for _ in range(SEAT_COUNT)])
        assert judged["outcome"] != "penalty"
        for p in range(SEAT_COUNT):
            remote = _decisions(bots, p)
            remote = [r for i, r in enumerate(remote) if _took_effect(remote, i, p, len(table.seats[p].melds))]
            remote = [r for r in remote if len(r["observation"]["legal"]) > 1]  # type: ignore[index]
            mine = [r for r in _decisions(local, p) if _asked_in_process(r)]
            assert remote == mine, (hand, p)
            compared += len(mine)
    assert compared > 100
