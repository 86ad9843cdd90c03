"""fanrules' table as a PettingZoo AEC environment (``fanrules.env.env()``): four agents ``player_0`` ..
``player_3`` (the table's player numbers, player 0 the first dealer), the fixed action index of
actions.py with its ``action_mask``, observation planes from the acting player's chair, and at the end
of the hand the rule set's payments as rewards. A reset with the same seed deals the same wall; actions
with no choice in them (a draw, setting aside the only kind of flower) are taken by the environment."""
from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..analysis.incremental import Tracked
from ..core.tiles import KINDS_COUNT, is_flower, tile_code
from ..game import Action, ActionKind, Observation, Table, observe
from ..game.procedure import GameError
from ..game.winning import RulesLike, as_game_rules
from ..settlement.payments import draw_changes, settle
from .actions import ACTION_COUNT, DISCARD, action_index, index_name

PLANES = ("hand", "melds_self", "melds_next", "melds_across", "melds_previous", "discards_self", "discards_next",
          "discards_across", "discards_previous", "claimable", "drawn", "seat_wind", "prevalent_wind")
"""The observation planes (34 columns, one per tile kind): own concealed tiles, each player's declared
sets and discards from the observer's chair (self, next, across, previous), the tile open to claims or
robbing, the drawn tile, the seat and the prevalent wind."""


def encode(obs: Observation) -> np.ndarray:
    """The planes of one observation (int8 counts 0..4)."""
    planes = np.zeros((len(PLANES), KINDS_COUNT), dtype=np.int8)
    for t in obs.hand:
        if not is_flower(t):
            planes[0, t] += 1
    for k in range(4):
        other = (obs.player + k) % 4
        for meld in obs.melds[other]:
            for t in meld.tiles:
                planes[1 + k, t] += 1
        for t in obs.discards[other]:
            planes[5 + k, t] += 1
    open_tile = obs.last_discard[1] if obs.last_discard is not None else obs.kong_tile
    if open_tile is not None:
        planes[9, open_tile] = 1
    if obs.drawn is not None and not is_flower(obs.drawn):
        planes[10, obs.drawn] = 1
    planes[11, obs.seat_winds[obs.player]] = 1
    planes[12, obs.prevalent_wind] = 1
    return planes


class MahjongEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """One hand of the rule set's table per episode."""

    metadata: ClassVar[dict[str, Any]] = {"name": "fanrules_mcr_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, rules: RulesLike = "mcr", render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = as_game_rules(rules)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(4)]
        box = spaces.Box(0, 4, (len(PLANES), KINDS_COUNT), dtype=np.int8)
        mask = spaces.Box(0, 1, (ACTION_COUNT,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTION_COUNT) for a in self.possible_agents}
        self._seeds = random.Random()
        self.table: Table | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations: the planes and the action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: PettingZoo's, a Discrete of ACTION_COUNT."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new hand: with ``seed`` the wall of that seed, else the next of the environment's own seeds."""
        if seed is not None:
            self._seeds.seed(seed)
        self.table = Table(self.rules, seed=self._seeds.randrange(1 << 62))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._advance()

    def _legal(self, player: int) -> dict[int, Action]:
        assert self.table is not None
        out: dict[int, Action] = {}
        for action in self.table.legal(player):
            out.setdefault(action_index(action), action)
        return out

    def _advance(self) -> None:
        """Take the steps without a choice, then select the next player to act (or end the hand)."""
        table = self.table
        assert table is not None
        while not table.over:
            player = table.to_act()[0]
            legal = self._legal(player)
            if len(legal) > 1 or next(iter(legal.values())).kind not in (ActionKind.DRAW, ActionKind.FLOWER):
                self.agent_selection = self.possible_agents[player]
                return
            table.step(next(iter(legal.values())))
        self._end()

    def _end(self) -> None:
        table = self.table
        assert table is not None
        changes = [0, 0, 0, 0]
        for win in table.wins:
            for p, c in enumerate(settle(win.result, win.player, discarder=win.discarder, rules=self.rules.ruleset)):
                changes[p] += c
        if not table.wins:
            changes = list(draw_changes((), self.rules.ruleset))
        for p, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(changes[p])
            self.terminations[agent] = True
            self.infos[agent] = {"winners": [w.player for w in table.wins]}
        self.agent_selection = self.possible_agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` sees now: its planes and its action mask."""
        assert self.table is not None
        player = self.possible_agents.index(agent)
        mask = np.zeros(ACTION_COUNT, dtype=np.int8)
        if not self.table.over:
            mask[list(self._legal(player))] = 1
        return {"observation": encode(observe(self.table, player)), "action_mask": mask}

    def discard_shanten(self, agent: str) -> dict[int, int]:
        """On ``agent``'s turn, the shanten of its hand after each discard it may make, by action index
        (``DISCARD + tile``; empty when it has no discard to make): a baseline policy's or a shaped
        reward's view of the hand, by the incremental shanten the greedy players use (one part of the
        hand looked up again per discard, analysis/incremental.py)."""
        assert self.table is not None
        player = self.possible_agents.index(agent)
        tiles = [t for t in self.table.seats[player].tiles() if not is_flower(t)]
        discards = [i for i in self._legal(player) if DISCARD <= i < DISCARD + KINDS_COUNT] if not self.table.over else []
        if not discards:
            return {}
        hand = Tracked.of(tiles, len(self.table.seats[player].melds))
        return {i: hand.without(i - DISCARD) for i in discards}

    def step(self, action: int | None) -> None:
        """Play ``action`` (an index of the action space the mask allows; None for an agent that is done).
        ValueError for any other action; RuntimeError before ``reset`` or once every agent is done."""
        agent = self.agent_selection if getattr(self, "agents", None) else None
        if self.table is None or agent is None or agent not in self.terminations:
            raise RuntimeError("no hand is being played (every agent is done, or reset was not called): call reset()")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise GameError(f"{agent} is done: step it with None")
            self._was_dead_step(action)
            return
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= int(action) < ACTION_COUNT:
            raise GameError(f"an action is a whole number 0..{ACTION_COUNT - 1} of the action space, not {str(action)[:40]}")
        legal = self._legal(self.possible_agents.index(agent))
        if int(action) not in legal:
            raise GameError(f"{agent} may not {index_name(int(action))} now: the action_mask says what it may do")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.table.step(legal[int(action)])
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str:
        """The table as text: each player's discards and sets, and the acting player's hand."""
        table = self.table
        if table is None:
            return "(no hand yet: call reset)"
        lines = [f"wall {table.wall_left}  phase {table.phase}"]
        for p, seat in enumerate(table.seats):
            sets = " ".join("".join(tile_code(t) for t in m.tiles) for m in seat.melds)
            lines.append(f"player {p} {tile_code(table.seat_winds[p])}: discards {' '.join(tile_code(t) for t in seat.discards)}"
                         + (f" | sets {sets}" if sets else ""))
        if not table.over:
            p = self.possible_agents.index(self.agent_selection)
            lines.append(f"player {p} holds {' '.join(tile_code(t) for t in table.seats[p].tiles())}; may "
                         + ", ".join(index_name(i) for i in self._legal(p)))
        else:
            lines.append("over: " + (", ".join(f"player {w.player} wins {w.result.total}" for w in table.wins) or "draw"))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release: the environment holds no files or windows."""
        self.table = None
