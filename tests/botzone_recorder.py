"""A deterministic player (greedy) that writes every decision it is asked to make, its observation and
its action, one JSON line each, to ``$FANRULES_RECORD_DIR/<player>.jsonl``: the same class seated in
process and run as ``fanrules bot --player botzone_recorder:Recorder``, so that a test compares what the
bot rebuilt from Botzone's requests with what the table showed."""
from __future__ import annotations

import json
import os
from pathlib import Path

from fanrules.game import Action, Observation, greedy_player
from fanrules.game.winning import GameRules

RECORD_DIR = "FANRULES_RECORD_DIR"


class Recorder:
    def __init__(self, rules: GameRules) -> None:
        self.player = greedy_player(rules)
        self.folder = Path(os.environ[RECORD_DIR])

    def __call__(self, obs: Observation) -> Action:
        action = self.player(obs)
        line = json.dumps({"observation": obs.to_json(), "action": action.to_json()}, sort_keys=True)
        with (self.folder / f"{obs.player}.jsonl").open("a", encoding="utf-8") as out:
            out.write(line + "\n")
        return action
