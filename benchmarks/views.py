"""The cost of ``hand.view(seat)``, per profile, on both engines.

For each profile: ``--hands`` hands dealt and played a random number of moves (mid-hand, the seat to
move's view, as a bot or ``sample_world`` asks it), then, timed batch by batch (``--repeats``
batches; the best batch printed, the figure that other work on the machine disturbs least):

* ``first view``: ``hand.view(seat)`` of a hand object that has made nothing yet (a fresh hand of
  the same state, so that nothing kept from an earlier call is reused): what a view costs the first
  time, the hand's settlement included;
* ``repeated view``: the same call again on a hand that has made that view once.

The compiled core is measured in this process, the reference engine in a worker process started with
``REVERSIS_ENGINE=python`` (the same hands: the same seeds and moves).

    python benchmarks/views.py
    python benchmarks/views.py --hands 300 --repeats 7 --profile fournier-1785 --profile hearts
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable

import reversis
from reversis.hand import hand_of_state, state_of


def mid_hands(profile: reversis.Profile, count: int, seed: int) -> list[reversis.Hand]:
    """``count`` hands of ``profile`` in play, each after a random number of random moves."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        hand = reversis.new_hand(profile, seed=rng.getrandbits(32))
        for _ in range(rng.randrange(4 * profile.tricks * profile.players // 5)):
            hand = hand.apply(rng.choice(hand.legal_moves()))
        if not hand.is_over:
            out.append(hand)
    return out


def per_call_us(call: Callable[[reversis.Hand], object], hands: list[reversis.Hand]) -> float:
    began = time.perf_counter()
    for hand in hands:
        call(hand)
    return (time.perf_counter() - began) / len(hands) * 1e6


def measure(name: str, count: int, repeats: int, seed: int) -> dict[str, float]:
    """``{"first": µs, "again": µs}`` for the profile ``name`` on this process's engine."""
    hands = mid_hands(reversis.load_profile(name), count, seed)

    def view(hand: reversis.Hand) -> object:
        return hand.view(hand.to_move if hand.to_move is not None else 0)

    for hand in hands[:10]:  # warm up (imports, the core's tables)
        view(hand)
    first, again = [], []
    for _ in range(repeats):
        fresh = [hand_of_state(state_of(hand)) for hand in hands]
        first.append(per_call_us(view, fresh))
        again.append(per_call_us(view, fresh))
    return {"first": min(first), "again": min(again)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", action="append", help="a profile (default: every shipped one)")
    parser.add_argument("--hands", type=int, default=200, help="hands a batch")
    parser.add_argument("--repeats", type=int, default=5, help="batches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = args.profile or sorted(reversis.available_profiles())
    if args.worker:
        out = {name: measure(name, args.hands, args.repeats, args.seed) for name in names}
        print(json.dumps({"engine": reversis.engine_name(), "results": out}))
        return
    engine = reversis.engine_name()
    results = {engine: {name: measure(name, args.hands, args.repeats, args.seed) for name in names}}
    if engine == "compiled":
        worker = subprocess.run(
            [sys.executable, __file__, "--worker", *sys.argv[1:]],
            capture_output=True,
            text=True,
            env={**os.environ, "REVERSIS_ENGINE": "python"},
            check=True,
        )
        found = json.loads(worker.stdout)
        results[found["engine"]] = found["results"]
    print(
        f"hand.view(seat) of mid-hand hands, µs a call: the best of {args.repeats} batches of "
        f"{args.hands} hands"
    )
    header = "".join(f"{e + ': first':>18}{e + ': again':>18}" for e in results)
    print(f"{'profile':18}{header}")
    for name in names:
        row = "".join(
            f"{results[e][name]['first']:18.1f}{results[e][name]['again']:18.1f}" for e in results
        )
        print(f"{name:18}{row}")


if __name__ == "__main__":
    main()
