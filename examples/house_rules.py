"""Make a house rule, check it with the consistency checker, and play with it.

python examples/house_rules.py
"""

from __future__ import annotations

import random

import reversis
from reversis.testing import check_profile


def main() -> None:
    base = reversis.load_profile("fournier-1785")
    # Play trick 11 even when a reversis is broken on trick 10, and let the four aces renounce
    # only up to trick 9.
    house = base.evolve(
        name="house",
        reversis={"end_on_break": False},
        privilege={"last_trick": 9},
    )
    print(house.to_toml())
    report = check_profile(house, hands=50)
    print(
        f"checked {report.hands} hands, {report.moves} moves: {'ok' if report.ok else report.failures}"
    )
    hand = reversis.new_hand(house, seed=1)
    rng = random.Random(1)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert hand.reversis is not None  # a house rule of Reversis: its readings are hand.reversis
    print("winner", hand.reversis.winner, "loser", hand.reversis.loser)


if __name__ == "__main__":
    main()
