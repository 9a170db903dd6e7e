"""Random hands per second through the PettingZoo environment, against the bare API.

Each hand through the environment: ``reset(seed=...)``, then for every agent in turn ``last()``
(its observation: the encoded state and the action mask) and ``step`` with a legal action chosen
at random from the mask's non-zero entries, until the hand is over (the agents then leave with
``step(None)``), so that every move makes one observation, as a learner's loop would. The bare API's figure is
``benchmarks/random_playout.py``'s loop (``legal_moves()``, ``apply()``, ``settle()`` at the
end) on the same profile and seeds.

    python benchmarks/env_speed.py --hands 1000 --profile fournier-1785
"""

from __future__ import annotations

import argparse
import random
import time

from random_playout import play

import reversis
from reversis.pettingzoo import env, raw_env


def through_env(game: object, hands: int, seed: int) -> tuple[float, int]:
    """Play ``hands`` random hands through ``game``; return (seconds, moves)."""
    rng = random.Random(seed)
    draw = rng.random
    moves = 0
    start = time.perf_counter()
    for i in range(hands):
        game.reset(seed=seed + i)  # type: ignore[attr-defined]
        for _ in game.agent_iter():  # type: ignore[attr-defined]
            observation, _, termination, truncation, _ = game.last()  # type: ignore[attr-defined]
            if termination or truncation:
                game.step(None)  # type: ignore[attr-defined]
                continue
            legal = observation["action_mask"].nonzero()[0]
            game.step(int(legal[int(draw() * len(legal))]))  # type: ignore[attr-defined]
            moves += 1
    return time.perf_counter() - start, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--profile", default="fournier-1785")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best is reported")
    args = parser.parse_args()
    profile = reversis.load_profile(args.profile)
    games = {"env()": env(args.profile), "raw_env()": raw_env(args.profile)}
    best = {"bare": float("inf"), **{name: float("inf") for name in games}}
    for _ in range(args.repeat):  # interleaved, so that a busy machine weighs on each alike
        best["bare"] = min(best["bare"], play(profile, args.hands, args.seed, True)[0])
        for name, game in games.items():
            best[name] = min(best[name], through_env(game, args.hands, args.seed)[0])
    bare = best["bare"]
    print(f"{args.profile}: bare API {args.hands / bare:,.0f} hands/s")
    for name in games:
        seconds = best[name]
        print(
            f"{args.profile}: through {name} {args.hands / seconds:,.0f} hands/s = "
            f"{100 * bare / seconds:.1f} % of the bare API"
        )


if __name__ == "__main__":
    main()
