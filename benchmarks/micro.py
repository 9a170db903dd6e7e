"""Micro-benchmarks of the calls bots and simulations make, in microseconds per call.

It first plays a sample of random hands (seeded) and keeps every state of them, then times, on
those states, ``hand.legal_moves()``, ``hand.apply(move)`` (a legal move), ``hand.view(seat)``
(the seat to move), ``reversis.settle(hand)`` (mid-hand and finished hands alike) and
``reversis.sample_world(view, rng)``; and whole random hands per second (deal, then
``legal_moves()`` and ``apply()`` to the end, as ``benchmarks/random_playout.py`` does). Each figure
is the best of ``--repeat`` runs, to be as little disturbed as possible by other work on the
machine.

    python benchmarks/micro.py --profile fournier-1785
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import reversis


def states(profile: reversis.Profile, hands: int, seed: int) -> list[reversis.Hand]:
    """Every state of ``hands`` random hands, the finished ones included."""
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        hand = reversis.new_hand(profile, seed=seed + i, dealer=i % profile.players)
        out.append(hand)
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_moves()))
            out.append(hand)
    return out


def best_us(call: Callable[[Any], object], items: Sequence[Any], repeat: int) -> float:
    """The best of ``repeat`` runs of ``call`` over ``items``, in microseconds per call."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            call(item)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def hands_per_second(profile: reversis.Profile, hands: int, seed: int, repeat: int) -> float:
    """Whole random hands per second: deal, then legal moves and apply to the end."""
    best = float("inf")
    for _ in range(repeat):
        draw = random.Random(seed).random
        start = time.perf_counter()
        for i in range(hands):
            hand = reversis.new_hand(profile, seed=seed + i, dealer=i % profile.players)
            moves = hand.legal_moves()
            while moves:
                hand = hand.apply(moves[int(draw() * len(moves))])
                moves = hand.legal_moves()
        best = min(best, time.perf_counter() - start)
    return hands / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="fournier-1785", help="(default: fournier-1785)")
    parser.add_argument("--hands", type=int, default=200, help="hands sampled (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="(default: 1)")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best counts (default: 5)")
    args = parser.parse_args()
    profile = reversis.load_profile(args.profile)
    sample = states(profile, args.hands, args.seed)
    playing = [h for h in sample if not h.is_over]
    rng = random.Random(args.seed)
    moves = [(h, rng.choice(h.legal_moves())) for h in playing]
    views = [h.view(h.to_move) for h in playing if h.to_move is not None]
    worlds = views[:: max(1, len(views) // 500)]
    world_rng = random.Random(args.seed)
    figures = [
        ("legal_moves()", best_us(lambda h: h.legal_moves(), playing, args.repeat)),
        ("apply(move)", best_us(lambda hm: hm[0].apply(hm[1]), moves, args.repeat)),
        ("view(seat)", best_us(lambda h: h.view(h.to_move), playing, args.repeat)),
        ("settle(hand)", best_us(reversis.settle, sample, args.repeat)),
        (
            "sample_world(view)",
            best_us(lambda v: reversis.sample_world(v, world_rng), worlds, args.repeat),
        ),
    ]
    print(
        f"reversis {reversis.__version__}, profile {profile.name}, Python "
        f"{platform.python_version()} ({platform.python_implementation()}), {platform.machine()}"
    )
    print(f"{len(sample)} states of {args.hands} random hands; best of {args.repeat} runs")
    for name, micros in figures:
        print(f"  {name:<20}{micros:>9.1f} µs")
    rate = hands_per_second(profile, max(args.hands, 500), args.seed, args.repeat)
    print(f"  {'whole hands':<20}{rate:>9,.0f} hands/s (deal, legal_moves and apply to the end)")


if __name__ == "__main__":
    main()
