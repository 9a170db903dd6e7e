"""The settlement of finished hands per profile: the reference games
(``reversis.games.game_of(profile).settle(state)``, Python) against the compiled core's
(``reversis._core.core.settle_state(state)``), in the same run, batch by batch in turn; the medians
of the repeats are printed in microseconds a hand, with the core's speed-up.

Both sides settle the same finished core states (random hands from ``new_hand(profile, seed=…)``,
played with ``random.Random``). The reference reads the state's Python fields (``tricks``,
``extra``), which the core makes when first read and then keeps: the ``reference (fresh)`` column
settles states whose fields were never read (the cost a hand pays once), the ``reference`` column
states already read (its cost with the fields cached).

With ``--public``, random hands through the public API instead (``new_hand``, ``legal_moves``,
``apply``, then the settlement), settled by the reference (``game.settle(state_of(hand))``) or by
``reversis.settle(hand)`` (the core's), against OpenSpiel's Hearts
(``hearts(pass_cards=false)``, or ``hearts()`` for a profile of Hearts) driven from Python, in
games per second, in the same run, batch by batch in turn.

    python benchmarks/settle.py                          # every shipped profile
    python benchmarks/settle.py --profile fournier-1785 --hands 2000 --repeats 7
    python benchmarks/settle.py --public --profile fournier-1785 --profile hearts
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from typing import Any

from openspiel_games import openspiel as openspiel_games  # benchmarks/, the script's folder

from reversis import available_profiles, load_profile, new_hand, settle
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


def public(name: str, core_settle: bool) -> Any:
    """Random hands of ``name`` through the public API: (hands, seed) -> seconds."""
    profile = load_profile(name)
    game = game_of(profile)
    n = profile.players

    def run(hands: int, seed: int) -> float:
        draw = random.Random(seed).random
        began = time.perf_counter()
        for i in range(hands):
            hand = new_hand(profile, seed=seed + i, dealer=i % n)
            moves = hand.legal_moves()
            while moves:
                hand = hand.apply(moves[int(draw() * len(moves))])
                moves = hand.legal_moves()
            if core_settle:
                settle(hand)
            else:
                game.settle(state_of(hand))
        return time.perf_counter() - began

    return run


def openspiel(hearts: bool) -> Any:
    """Random OpenSpiel Hearts games from Python, as benchmarks/core_vs_openspiel.py plays them."""
    import pyspiel  # noqa: PLC0415 - the --public rows only

    game = pyspiel.load_game("hearts", {} if hearts else {"pass_cards": False})
    return openspiel_games(game)


def main_public(names: list[str], hands: int, repeats: int, seed: int) -> None:
    """The ``--public`` rows."""
    for name in names:
        sides = {
            "public API + reference settle": public(name, core_settle=False),
            "public API + core settle": public(name, core_settle=True),
            "OpenSpiel": openspiel(load_profile(name).hearts is not None),
        }
        times: dict[str, list[float]] = {side: [] for side in sides}
        for r in range(repeats):
            for side, run in sides.items():
                times[side].append(run(hands, seed + r * hands) / hands)
        spiel = statistics.median(times["OpenSpiel"])
        print(f"{name}:")
        for side, values in times.items():
            median = statistics.median(values)
            print(f"  {side:32} {median * 1e6:8.1f} µs a game  {spiel / median:5.2f} × OpenSpiel")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", action="append", help="a profile (default: every shipped one)")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--public", action="store_true", help="the public API against OpenSpiel")
    args = parser.parse_args()
    names = args.profile or list(available_profiles())
    if args.public:
        main_public(names, args.hands, args.repeats, args.seed)
        return
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
