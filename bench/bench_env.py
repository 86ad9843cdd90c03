"""Steps per second of fanrules.env (the PettingZoo environment): random agents that take a win when
the mask allows one, for a number of seeded hands, timed with the process's CPU time and wall time.

Run: python bench/bench_env.py [HANDS] [RULES]   (defaults 50, mcr; needs pip install fanrules[rl])."""
from __future__ import annotations

import sys
import time

import fanrules.env as fenv
import numpy as np
from fanrules.env.actions import WIN


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    rules = sys.argv[2] if len(sys.argv) > 2 else "mcr"
    env = fenv.env(rules=rules)
    steps = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for hand in range(hands):
        env.reset(seed=hand)
        rng = np.random.default_rng(hand)
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            mask = obs["action_mask"]
            env.step(None if term or trunc else (WIN if mask[WIN] else int(rng.choice(np.flatnonzero(mask)))))
            steps += 1
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{rules}: {hands} hands, {steps} agent steps, {steps / cpu:.0f} steps/s of CPU ({steps / wall:.0f} of wall time)")


if __name__ == "__main__":
    main()
