"""Sampled worlds against OpenSpiel's random games, in the same run, per profile.

For each profile, views of mid-hand states (the seat to move, after 4 to 23 random plays):

* ``sample_world(view)``: one call per view, its median (µs);
* ``world_sampler(view)``, from its second world on: the median per world (µs);
* ``rollouts(view, n)``: ``n`` playouts (each on a fresh world of the view, random policy, each
  seat's net), per playout (µs), batches alternating with OpenSpiel's random games
  (``hearts(pass_cards=false)``; ``hearts()`` for a Hearts profile), medians of the batches;
* :class:`~reversis.bots.players.MonteCarloBot` with about 1,000 playouts a decision (worlds × legal
  moves): the median of 10 decisions (ms).

Only the public API is used, so the script measures any version of the library (the figures before
a change: run it with ``PYTHONPATH`` at that version's ``src``).

    python benchmarks/worlds.py
    python benchmarks/worlds.py --profiles fournier-1785 hearts --playouts 1000 --repeats 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from openspiel_games import openspiel  # benchmarks/, the script's folder

import reversis
from reversis.bots.players import MonteCarloBot
from reversis.worlds.sampler import world_sampler

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit('OpenSpiel is not installed: pip install -e ".[openspiel]"')


def mid_hands(profile: reversis.Profile, count: int, seed: int) -> list[reversis.Hand]:
    """Hands of ``profile`` after their steps and 4 to 23 random plays (none over)."""
    hands = []
    for i in range(count):
        hand = reversis.new_hand(profile, seed=seed + i)
        rng = random.Random(seed + i)
        plays = 4 + i % 20
        while not hand.is_over and sum(isinstance(m, reversis.Play) for m in hand.moves) < plays:
            hand = hand.apply(rng.choice(hand.legal_moves()))
        if not hand.is_over:
            hands.append(hand)
    return hands


def timed(call: object) -> float:
    began = time.perf_counter()
    call()  # type: ignore[operator]
    return time.perf_counter() - began


def measure(name: str, args: argparse.Namespace) -> None:
    profile = reversis.load_profile(name)
    game = pyspiel.load_game("hearts", {"pass_cards": False} if profile.hearts is None else {})
    views = [h.view(h.to_move) for h in mid_hands(profile, args.views, args.seed)]
    rng = random.Random(args.seed)
    once = statistics.median(
        timed(lambda v=v: reversis.sample_world(v, rng)) * 1e6 for v in views
    )  # fmt: skip
    later = []
    for view in views:
        sample = world_sampler(view)
        sample(rng)
        later.append(timed(lambda s=sample: [s(rng) for _ in range(20)]) / 20 * 1e6)
    spiel = openspiel(game)
    spiel(10, 0)  # warm up
    ours: list[float] = []
    theirs: list[float] = []
    for repeat in range(args.repeats):
        view = views[repeat % len(views)]
        seed = args.seed + repeat
        ours.append(timed(lambda v=view, s=seed: reversis.rollouts(v, args.playouts, seed=s)))
        theirs.append(spiel(args.games, seed))
    per_playout = statistics.median(t / args.playouts for t in ours)
    per_game = statistics.median(t / args.games for t in theirs)
    decisions = []
    for hand in mid_hands(profile, 10, args.seed + 100):
        moves = len(hand.legal_moves())
        bot = MonteCarloBot(random.Random(1), playouts=max(1, round(1000 / moves)))
        decisions.append(timed(lambda b=bot, h=hand: b(h.view(h.to_move))) * 1000)
    print(
        f"{name:18} {once:9.1f} {statistics.median(later):9.1f} {per_playout * 1e6:9.2f} "
        f"{per_game * 1e6:9.1f} {per_game / per_playout:7.1f} {statistics.median(decisions):8.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", nargs="*", default=sorted(reversis.available_profiles()))
    parser.add_argument("--views", type=int, default=60, help="mid-hand views a profile")
    parser.add_argument("--playouts", type=int, default=1000, help="n of rollouts(view, n)")
    parser.add_argument("--games", type=int, default=100, help="OpenSpiel games a batch")
    parser.add_argument("--repeats", type=int, default=5, help="batches per side, in turn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{reversis.engine_name()} engine; OpenSpiel {pyspiel.__file__.split('/')[-2]}")
    print(
        f"{'profile':18} {'sample_w':>9} {'sampler':>9} {'rollout':>9} {'OpenSpiel':>9} "
        f"{'× OS':>7} {'bot ms':>8}"
    )
    print(f"{'':18} {'µs':>9} {'µs/world':>9} {'µs each':>9} {'µs/game':>9}")
    for name in args.profiles:
        measure(name, args)


if __name__ == "__main__":
    main()
