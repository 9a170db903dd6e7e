"""Micro-benchmarks of the calls bots and simulations make, in microseconds per call.

It first plays a sample of random hands (seeded) and keeps every state of them, then times, on
those states, ``hand.legal_moves()``, ``hand.apply(move)`` (a legal move), ``hand.view(seat)``
(the seat to move), ``reversis.settle(hand)`` (mid-hand and finished hands alike) and
``reversis.sample_world(view, rng)`` (views and worlds on mid-hand states); whole random hands per
second (deal, then ``legal_moves()`` and ``apply()`` to the end, as
``benchmarks/random_playout.py`` does, or ``hand.rollout(rng)``, then ``settle()``); and the time
of ``import reversis``. Each figure is the best of ``--repeat`` runs, to be as little disturbed as
possible by other work on the machine. The states are made afresh for every run: a hand keeps what
its views share, so ``view(seat)`` is the first view of a state, ``view(seat), again`` a second
call on the same state, and ``view, every seat`` the cost per seat of the views of all seats of one
state (what a server sends after each move).

    python benchmarks/micro.py --profile fournier-1785
"""

from __future__ import annotations

import argparse
import platform
import random
import subprocess
import sys
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


def best_us(call: Callable[[Any], object], make: Callable[[], Sequence[Any]], repeat: int) -> float:
    """The best of ``repeat`` runs of ``call`` over the items ``make()`` gives (made afresh for each
    run, untimed, so that nothing a hand keeps from an earlier call helps), in µs per call."""
    best = float("inf")
    for _ in range(repeat):
        items = make()
        start = time.perf_counter()
        for item in items:
            call(item)
        best = min(best, time.perf_counter() - start)
    return best / len(items) * 1e6


def hands_per_second(
    profile: reversis.Profile, hands: int, seed: int, repeat: int, rollout: bool = False
) -> float:
    """Whole random hands per second: deal, then legal moves and apply to the end (or
    ``hand.rollout``), and the settlement."""
    best = float("inf")
    for _ in range(repeat):
        rng = random.Random(seed)
        draw = rng.random
        start = time.perf_counter()
        for i in range(hands):
            hand = reversis.new_hand(profile, seed=seed + i, dealer=i % profile.players)
            if rollout:
                hand = hand.rollout(rng)
            else:
                moves = hand.legal_moves()
                while moves:
                    hand = hand.apply(moves[int(draw() * len(moves))])
                    moves = hand.legal_moves()
            reversis.settle(hand)
        best = min(best, time.perf_counter() - start)
    return hands / best


def import_ms(repeat: int) -> float:
    """The best of ``repeat`` fresh interpreters' ``import reversis``, in milliseconds (as
    ``python -X importtime`` reports it)."""
    best = float("inf")
    for _ in range(repeat):
        report = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", "import reversis"],
            capture_output=True,
            text=True,
            check=True,
        ).stderr.splitlines()
        line = next(line for line in reversed(report) if line.rstrip().endswith("| reversis"))
        best = min(best, int(line.split("|")[1]) / 1000)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="fournier-1785", help="(default: fournier-1785)")
    parser.add_argument("--hands", type=int, default=200, help="hands sampled (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="(default: 1)")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best counts (default: 5)")
    args = parser.parse_args()
    profile = reversis.load_profile(args.profile)

    def sample() -> list[reversis.Hand]:
        return states(profile, args.hands, args.seed)

    def playing() -> list[reversis.Hand]:
        return [h for h in sample() if not h.is_over]

    def middle() -> list[reversis.Hand]:
        # mid-hand states: from the end of the steps before play to the last trick
        def plays(h: reversis.Hand) -> int:
            return sum(isinstance(move, reversis.Play) for move in h.moves)

        return [h for h in playing() if 0 < plays(h) < 4 * profile.players * 2]

    def moves() -> list[tuple[reversis.Hand, reversis.Move]]:
        rng = random.Random(args.seed)
        return [(h, rng.choice(h.legal_moves())) for h in playing()]

    def viewed() -> list[reversis.Hand]:
        hands = middle()
        for h in hands:
            h.view(h.to_move)
        return hands

    def views() -> list[reversis.HandView]:
        hands = middle()
        return [h.view(h.to_move) for h in hands[:: max(1, len(hands) // 300)]]

    world_rng = random.Random(args.seed)
    every_seat = range(profile.players)
    figures = [
        ("legal_moves()", best_us(lambda h: h.legal_moves(), playing, args.repeat)),
        ("apply(move)", best_us(lambda hm: hm[0].apply(hm[1]), moves, args.repeat)),
        ("settle(hand)", best_us(reversis.settle, sample, args.repeat)),
        ("view(seat)", best_us(lambda h: h.view(h.to_move), middle, args.repeat)),
        ("view(seat), again", best_us(lambda h: h.view(h.to_move), viewed, args.repeat)),
        (
            "view, every seat",
            best_us(lambda h: [h.view(s) for s in every_seat], middle, args.repeat)
            / profile.players,
        ),
        (
            "sample_world(view)",
            best_us(lambda v: reversis.sample_world(v, world_rng), views, args.repeat),
        ),
    ]
    print(
        f"reversis {reversis.__version__}, profile {profile.name}, Python "
        f"{platform.python_version()} ({platform.python_implementation()}), {platform.machine()}"
    )
    print(f"{len(sample())} states of {args.hands} random hands; best of {args.repeat} runs")
    for name, micros in figures:
        print(f"  {name:<20}{micros:>9.1f} µs")
    hands = max(args.hands, 500)
    rate = hands_per_second(profile, hands, args.seed, args.repeat)
    print(f"  {'whole hands':<20}{rate:>9,.0f} hands/s (deal, legal_moves and apply, settle)")
    rate = hands_per_second(profile, hands, args.seed, args.repeat, rollout=True)
    print(f"  {'rollouts':<20}{rate:>9,.0f} hands/s (deal, hand.rollout(rng), settle)")
    print(f"  {'import reversis':<20}{import_ms(args.repeat):>9.1f} ms")


if __name__ == "__main__":
    main()
