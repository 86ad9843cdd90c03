"""The game around the hand: a table that plays one hand by a rule set's ``procedure:`` section (a
seeded wall, the deal, flowers, claims, kongs, wins scored with the context the table derives),
per-player observations, players, logs that replay, and simulation. docs/game.md describes it."""
from __future__ import annotations

from ..core.deprecation import module_aliases
from ..core.tiles import tile_code, tile_of_code
from .actions import KINDS, Action, ActionKind, IllegalAction, Phase
from .expert import ExpertPlayer, expert_player
from .log import Replay, read_games, replay_game
from .observation import Observation, observe
from .players import GreedyPlayer, Player, greedy_player, random_player
from .procedure import Procedure, ProcedureError
from .session import PlayedSession, play_session, ready_players
from .simulate import Stats, Study, play, run_study, simulate
from .state import log_lines
from .table import Table
from .wall import arranged_wall
from .winning import GameRules, Win, game_rules, rules_hash

__all__ = [
    "KINDS", "Action", "ActionKind", "ExpertPlayer", "GameRules", "GreedyPlayer", "IllegalAction", "Observation", "Phase", "PlayedSession", "Player", "Procedure",
    "ProcedureError", "Replay", "Stats", "Study", "Table", "Win", "arranged_wall", "expert_player", "game_rules", "greedy_player",
    "log_lines", "observe", "play", "play_session", "random_player", "read_games", "ready_players", "replay_game", "rules_hash", "run_study", "simulate",
    "tile_code", "tile_of_code",
]

#: Old names, one minor version more: ``study`` is ``run_study`` (``fanrules.study`` is the executors' package,
#: ``Study`` what a study measured).
__getattr__ = module_aliases("fanrules.game", {"study": ("run_study", lambda: run_study)})
