"""A determinized Monte Carlo bot against three cautious bots, for one hand.

python examples/monte_carlo_bot.py [seed] [worlds]

The search bot is the library's :class:`reversis.bots.MonteCarloBot`: at each decision it samples
``worlds`` worlds consistent with its view (:func:`reversis.sample_world` deals the cards it cannot
see, under every constraint the view implies), plays each legal move out in every world with the
cautious rules (:meth:`reversis.Hand.rollout` and :func:`reversis.bots.cautious_policy`), and plays
the move that did best on average. It plays seat 0; the script prints the money each seat won or
lost.
"""

from __future__ import annotations

import random
import sys

import reversis
from reversis.bots.players import Bot, CautiousBot, MonteCarloBot, play_hand


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    worlds = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    bots: list[Bot] = [
        MonteCarloBot(random.Random(seed), playouts=worlds),
        *(CautiousBot(random.Random(seed + s)) for s in (1, 2, 3)),
    ]
    hand = play_hand(reversis.new_hand("fournier-1785", seed=seed), bots)
    net = reversis.settle(hand).net
    for seat, amount in enumerate(net):
        who = "Monte Carlo" if seat == 0 else "cautious"
        print(f"seat {seat} ({who}): {amount:+d}")


if __name__ == "__main__":
    main()
