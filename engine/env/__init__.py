"""A PettingZoo environment for MCR with real fans, editions and payments (``pip install fanrules[rl]``):
``fanrules.env.env(rules="mcr")`` is an AEC environment over fanrules' table. docs/interop.md shows a
training loop."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..game.winning import GameRules
from .actions import ACTION_COUNT, action_index, index_name
from .aec import PLANES, MahjongEnv


def raw_env(rules: GameRules | str | Path = "mcr", render_mode: str | None = None) -> MahjongEnv:
    """The environment without PettingZoo's wrappers."""
    return MahjongEnv(rules, render_mode)


def env(rules: GameRules | str | Path = "mcr", render_mode: str | None = None) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper (a step out of turn is refused)."""
    from pettingzoo.utils import wrappers
    return wrappers.OrderEnforcingWrapper(raw_env(rules, render_mode))


__all__ = ["ACTION_COUNT", "PLANES", "MahjongEnv", "action_index", "env", "index_name", "raw_env"]
