"""A PettingZoo environment for MCR with real fans, editions and payments (``pip install fanrules[rl]``):
``fanrules.env.env(rules="mcr")`` is an AEC environment over fanrules' table. docs/interop.md shows a
training loop."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.winning import RulesLike
from .actions import ACTION_COUNT, action_index, index_name
from .aec import PLANES, MahjongEnv

if TYPE_CHECKING:  # the rl extra's; the environment's module imports it when it is made
    from pettingzoo import AECEnv


def raw_env(rules: RulesLike = "mcr", render_mode: str | None = None) -> MahjongEnv:
    """The environment without PettingZoo's wrappers."""
    return MahjongEnv(rules, render_mode)


def env(rules: RulesLike = "mcr", render_mode: str | None = None) -> AECEnv:
    """The environment in PettingZoo's order-enforcing wrapper (a step out of turn is refused): a
    PettingZoo ``AECEnv``."""
    from pettingzoo.utils import wrappers
    return wrappers.OrderEnforcingWrapper(raw_env(rules, render_mode))


__all__ = ["ACTION_COUNT", "PLANES", "MahjongEnv", "action_index", "env", "index_name", "raw_env"]
