"""Play N complete random hands through the public API and print hands per second.

Every step calls ``hand.legal_moves()`` and then ``hand.apply(move)`` with a move chosen at random
(``legal_moves()`` is empty exactly when the hand is over); each hand is dealt with
``new_hand(profile, seed=...)`` (the seeded shuffle included) and settled with
``reversis.settle(hand)`` at the end (unless ``--no-settle``).

    python benchmarks/random_playout.py --hands 20000 --profile fournier-1785
"""

from __future__ import annotations

import argparse
import random
import time

import reversis


def play(profile: reversis.Profile, hands: int, seed: int, settle: bool) -> tuple[float, int]:
    """Play ``hands`` random hands; return (seconds, moves applied)."""
    rng = random.Random(seed)
    draw = rng.random
    settle_fn = getattr(reversis, "settle", None) if settle else None
    steps = 0
    new_hand = reversis.new_hand
    start = time.perf_counter()
    for i in range(hands):
        hand = new_hand(profile, seed=seed + i, dealer=i % profile.players)
        moves = hand.legal_moves()
        while moves:
            hand = hand.apply(moves[int(draw() * len(moves))])
            moves = hand.legal_moves()
            steps += 1
        if settle_fn is not None:
            settle_fn(hand)
    return time.perf_counter() - start, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--profile", default="fournier-1785")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    parser.add_argument("--no-settle", action="store_true", help="do not call settle()")
    args = parser.parse_args()
    profile = reversis.load_profile(args.profile)
    settle = not args.no_settle and hasattr(reversis, "settle")
    best = None
    for _ in range(args.repeat):
        seconds, steps = play(profile, args.hands, args.seed, settle)
        best = seconds if best is None else min(best, seconds)
    assert best is not None
    print(
        f"{args.profile}: {args.hands} hands, {steps} moves, best of {args.repeat}: "
        f"{best:.3f} s = {args.hands / best:,.0f} hands/s, {steps / best:,.0f} moves/s"
        f"{' (settle() after each hand)' if settle else ''}"
    )


if __name__ == "__main__":
    main()
