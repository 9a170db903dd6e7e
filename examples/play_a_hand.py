"""Play one hand between a cautious bot and three random bots, and print what happened.

python examples/play_a_hand.py [seed]
"""

from __future__ import annotations

import random
import sys

import reversis
from reversis.bots.players import CautiousBot, RandomBot, play_hand
from reversis.text.narration import describe_hand


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    profile = reversis.load_profile("fournier-1785")
    bots = [
        CautiousBot(random.Random(seed)),
        *(RandomBot(random.Random(seed + s)) for s in (1, 2, 3)),
    ]
    hand = play_hand(reversis.new_hand(profile, seed=seed), bots)
    print("\n".join(describe_hand(hand)))


if __name__ == "__main__":
    main()
