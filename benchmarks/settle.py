"""The settlement of finished hands per profile: the reference games
(``reversis.games.game_of(profile).settle(state)``, Python) against the compiled core's
(``reversis._core.core.settle_state(state)``), in the same run, batch by batch in turn; the medians
of the repeats are printed in microseconds a hand, with the core's speed-up.

Both sides settle the same finished core states (random hands from ``new_hand(profile, seed=…)``,
played with ``random.Random``). The reference reads the state's Python fields (``tricks``,
``extra``), which the core makes when first read and then keeps: the ``reference (fresh)`` column
settles states whose fields were never read (the cost a hand pays once), the ``reference`` column
states already read (its cost with the fields cached).

    python benchmarks/settle.py                          # every shipped profile
    python benchmarks/settle.py --profile fournier-1785 --hands 2000 --repeats 7
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from reversis import available_profiles, load_profile, new_hand
from reversis._core import available, engine_name
from reversis.engine.history import facts_of, moves_of
from reversis.games import game_of
from reversis.hand import state_of

if not available() or engine_name() != "compiled":
    sys.exit("the compiled core is not built (or REVERSIS_ENGINE=python): pip install -e .")
from reversis._core import core


def finished(name: str, hands: int, seed: int) -> list[Any]:
    """``hands`` finished core states of the profile ``name``."""
    profile = load_profile(name)
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        hand = new_hand(profile, seed=seed + i, dealer=i % profile.players)
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_moves()))
        out.append(state_of(hand))
    return out


def fresh(states: list[Any]) -> list[Any]:
    """The same states, their Python fields never read (replayed)."""
    return [core.replay(s.deal, moves_of(facts_of(s))) for s in states]


def timed(settle: Any, states: list[Any]) -> float:
    began = time.perf_counter()
    for state in states:
        settle(state)
    return (time.perf_counter() - began) / len(states) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", action="append", help="a profile (default: every shipped one)")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.profile or list(available_profiles())
    print(f"{'profile':18} {'reference (fresh)':>18} {'reference':>10} {'core':>8} {'×':>6}"
          "   (µs a finished hand, medians)")  # fmt: skip
    for name in names:
        states = finished(name, args.hands, args.seed)
        game = game_of(load_profile(name))
        for state in states:
            assert game.settle(state) == core.settle_state(state)
        ref_fresh, ref, got = [], [], []
        for _ in range(args.repeats):
            ref_fresh.append(timed(game.settle, fresh(states)))
            ref.append(timed(game.settle, states))
            got.append(timed(core.settle_state, states))
        r0, r1, c = (statistics.median(x) for x in (ref_fresh, ref, got))
        print(f"{name:18} {r0:18.1f} {r1:10.1f} {c:8.2f} {r0 / c:6.0f}")


if __name__ == "__main__":
    main()
