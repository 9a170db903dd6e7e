"""OpenSpiel's information-set MCTS playing a hand of Reversis (the ``openspiel`` extra).

Seat 0 is OpenSpiel's Python IS-MCTS bot, sampling the hidden cards with ``reversis.sample_world``;
the other seats play at random. The deal is OpenSpiel's chance events (one card of the pack at a
time). Prints each of the bot's decisions and the hand's returns (its settlement).

    python examples/openspiel_mcts.py [profile] [simulations]
"""

from __future__ import annotations

import random
import sys

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from reversis import openspiel


def main() -> None:
    profile = sys.argv[1] if len(sys.argv) > 1 else "fournier-1785"
    simulations = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    game = openspiel.load_game(profile)  # pyspiel.load_game("python_reversis(profile=...)")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations,
        random_state=np.random.RandomState(2),
    )  # fmt: skip
    bot.set_resampler(openspiel.resampler(random.Random(3)))
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        elif state.current_player() == 0:
            action = bot.step(state)
            trick = len(state.hand.tricks) + 1
            print(f"trick {trick:2}: IS-MCTS plays {state.action_to_string(0, action)}")
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    print(f"{profile}: returns {state.returns()} (IS-MCTS is seat 0)")


if __name__ == "__main__":
    main()
