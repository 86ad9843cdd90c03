"""fanrules.env: PettingZoo's own API test, the action index, rewards from the rule set's payments, and
a seeded random rollout that is byte-identical from one process to the next."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install fanrules[rl])")

import fanrules.env as fenv
import numpy as np
from fanrules.env import actions as A
from fanrules.game import Action, ActionKind
from pettingzoo.test import api_test

ROLLOUT = """
import hashlib, json, numpy as np, fanrules.env as fenv
env = fenv.env(rules="{rules}")
out = []
for episode in range(3):
    env.reset(seed=11 + episode)
    rng = np.random.default_rng(episode)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        out.append(f"{{agent}} {{reward}} {{action}} {{hashlib.sha1(obs['observation'].tobytes()).hexdigest()[:8]}}")
        env.step(action)
print("\\n".join(out))
"""


def _rollout(rules: str, hash_seed: str) -> str:
    run = subprocess.run([sys.executable, "-c", ROLLOUT.format(rules=rules)], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": hash_seed}, timeout=300)
    return run.stdout


@pytest.mark.slow
def test_pettingzoo_api_test_passes() -> None:
    api_test(fenv.env(), num_cycles=1000, verbose_progress=False)


def test_action_index_is_fixed_and_covers_every_kind() -> None:
    assert A.ACTION_COUNT == 34 + 3 + 1 + 1 + 34 + 34 + 4
    assert A.action_index(Action(0, ActionKind.DISCARD, 5)) == 5
    assert A.action_index(Action(0, ActionKind.CHOW, 3, (2, 3, 4))) == A.CHOW + 1
    assert A.action_index(Action(0, ActionKind.CHOW, 2, (2, 3, 4))) == A.CHOW
    assert A.action_index(Action(0, ActionKind.ADDED_KONG, 33)) == A.ADDED_KONG + 33
    assert A.index_name(A.CONCEALED_KONG + 27) == "concealed_kong E"
    assert A.index_name(A.PASS) == "pass"


@pytest.mark.slow
def test_seeded_random_rollout_is_byte_identical_across_processes() -> None:
    first = _rollout("mcr", "1")
    assert first == _rollout("mcr", "2")
    assert len(first.splitlines()) > 100


def test_rewards_are_the_hands_payments_and_sum_to_zero() -> None:
    env = fenv.env(rules="mcr")
    ended = 0
    for seed in range(6):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] += reward
            mask = obs["action_mask"]
            assert obs["observation"].shape == (len(fenv.PLANES), 34)
            if not (term or trunc):
                assert mask.sum() >= 1
                legal = np.flatnonzero(mask)
                action = A.WIN if mask[A.WIN] else int(rng.choice(legal))
            else:
                action = None
            env.step(action)
        assert sum(totals.values()) == 0
        table = env.unwrapped.table
        if table.wins:
            ended += 1
            win = table.wins[0]
            assert totals[f"player_{win.player}"] > 0
    assert ended >= 1


def test_an_action_outside_the_mask_is_refused_with_a_sentence() -> None:
    env = fenv.env()
    env.reset(seed=3)
    obs, *_ = env.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=r"may not .* now: the action_mask says"):
        env.step(bad)
    assert "holds" in env.unwrapped.render()


def test_discard_shanten_is_the_fresh_shanten_of_each_discard() -> None:
    """The environment's per-discard shanten (incremental) equals a fresh shanten of the tiles left."""
    from fanrules.analysis.shanten import shanten
    env = fenv.raw_env()
    checked = 0
    for seed in range(3):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        while not env.table.over:
            agent = env.agent_selection
            player = env.possible_agents.index(agent)
            found = env.discard_shanten(agent)
            tiles = [t for t in env.table.seats[player].tiles() if t < 34]
            melds = len(env.table.seats[player].melds)
            for index, value in found.items():
                rest = list(tiles)
                rest.remove(index - A.DISCARD)
                assert value == shanten(rest, melds)
                checked += 1
            mask = env.observe(agent)["action_mask"]
            env.step(A.WIN if mask[A.WIN] else int(rng.choice(np.flatnonzero(mask))))
    assert checked > 100
