"""A hand of Tëtka through the PettingZoo environment, every agent playing at random from its
action mask (the ``pettingzoo`` extra), then a Gymnasium episode of one seat against bots.

    python examples/pettingzoo_random.py [profile]
"""

from __future__ import annotations

import sys

import numpy as np

from reversis.pettingzoo import SingleAgentEnv, env


def main() -> None:
    profile = sys.argv[1] if len(sys.argv) > 1 else "tetka"
    rng = np.random.default_rng(7)
    game = env(profile, render_mode="ansi")
    game.reset(seed=7)  # the deal of reversis.new_hand(profile, seed=7)
    moves = 0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        if termination or truncation:
            print(f"{agent}: reward {reward:+g}")
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))
        moves += 1
    print(f"{profile}: {moves} moves, observations of {observation['observation'].size} floats")

    single = SingleAgentEnv(profile, seat=0, opponent="cautious")
    observation, _ = single.reset(seed=7)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, _, _ = single.step(int(rng.choice(legal)))
        total += reward
    print(f"Gymnasium: seat 0 at random against cautious bots: {total:+g}")


if __name__ == "__main__":
    main()
