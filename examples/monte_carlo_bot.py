"""A determinized Monte Carlo bot: it samples worlds consistent with its view and plays each legal
move out in them, then plays the move that did best on average.

python examples/monte_carlo_bot.py [seed] [worlds]

The bot sees only its view; :func:`reversis.sample_world` deals the cards it cannot see, under every
constraint the view implies. It plays seat 0 against three cautious bots for one hand and prints the
money each seat won or lost.
"""

from __future__ import annotations

import random
import sys

import reversis
from reversis.bots import Bot, CautiousBot, play_hand


class MonteCarloBot:
    """Chooses the legal move with the best average result over ``worlds`` sampled worlds."""

    def __init__(self, rng: random.Random, worlds: int) -> None:
        self.rng = rng
        self.worlds = worlds

    def __call__(self, view: reversis.HandView) -> reversis.Move:
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        totals = dict.fromkeys(moves, 0)
        for _ in range(self.worlds):
            world = reversis.sample_world(view, self.rng)
            for move in moves:
                rollout = [CautiousBot(random.Random(self.rng.random())) for _ in range(4)]
                end = play_hand(world.apply(move), rollout)
                totals[move] += reversis.settle(end).net[view.seat]
        return max(moves, key=lambda m: totals[m])


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    worlds = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    rng = random.Random(seed)
    bots: list[Bot] = [
        MonteCarloBot(rng, worlds),
        *(CautiousBot(random.Random(seed + s)) for s in (1, 2, 3)),
    ]
    hand = play_hand(reversis.new_hand("fournier-1785", seed=seed), bots)
    net = reversis.settle(hand).net
    for seat, amount in enumerate(net):
        who = "Monte Carlo" if seat == 0 else "cautious"
        print(f"seat {seat} ({who}): {amount:+d}")


if __name__ == "__main__":
    main()
