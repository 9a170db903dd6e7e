"""Random hands per second on the state-level API: the reference engine, the compiled core and
OpenSpiel's Hearts, in the same run, batch by batch in turn (reference, core, ..., OpenSpiel, then
again), so that every side sees the same machine; the medians of the repeats are printed, with each
side's ratio to OpenSpiel.

The library's sides call the engine's functions directly (``start``, ``legal_moves``, ``apply``,
``rollout``: :mod:`reversis.engine.play` and :mod:`reversis._core.core`), not the public ``Hand``
(which the lead wires to the core); each hand is dealt with the seeded shuffle
(``reversis.dealing.seeded_deal``; the ``C shuffle`` rows make the pack with ``core.seeded_pack``)
and, in the ``+ settle`` rows, settled by its game at the end (``game.settle(state)``, Python on both
engines). OpenSpiel: ``pyspiel.load_game("hearts", {"pass_cards": False})``, 52 chance events from
``legal_actions()``, then ``legal_actions()`` and ``apply_action()`` at every step and
``returns()`` at the end, driven from Python.

Rollouts: ``rollout(start(deal), rng.random)`` per dealt hand (the deal made beforehand), and
``rollout(state, rng.random)`` from one dealt state (the moves only), against OpenSpiel's random
games above.

    pip install -e ".[openspiel]"
    python benchmarks/core_vs_openspiel.py                       # fournier-1785
    python benchmarks/core_vs_openspiel.py --profile hearts --hands 1000 --repeats 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from reversis import load_profile
from reversis._core import available
from reversis.dealing import seeded_deal
from reversis.engine import play as reference
from reversis.engine.deal import deal_of_pack
from reversis.games import game_of

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit('OpenSpiel is not installed: pip install -e ".[openspiel]"')
if not available():
    sys.exit("the compiled core is not built: pip install -e . with a C compiler")
from reversis._core import core

Side = Callable[[int, int], float]


def state_api(engine: Any, profile: Any, settle: bool, c_shuffle: bool = False) -> Side:
    """Random hands through ``engine``'s functions: (hands, seed) -> seconds."""
    game = game_of(profile)
    n = profile.players

    def run(hands: int, seed: int) -> float:
        draw = random.Random(seed).random
        start, legal_moves, apply = engine.start, engine.legal_moves, engine.apply
        began = time.perf_counter()
        for i in range(hands):
            if c_shuffle:
                pack = core.seeded_pack(profile, seed + i)
                deal = deal_of_pack(profile, pack, dealer=i % n, seed=seed + i, stakes=None)
            else:
                deal = seeded_deal(profile, seed=seed + i, dealer=i % n)
            state = start(deal)
            moves = legal_moves(state)
            while moves:
                state = apply(state, moves[int(draw() * len(moves))])
                moves = legal_moves(state)
            if settle:
                game.settle(state)
        return time.perf_counter() - began

    return run


def rollouts(engine: Any, profile: Any, from_start: bool) -> Side:
    """Rollouts on ``engine``: per dealt hand (``start`` + ``rollout``), or from one dealt state."""
    deals = [seeded_deal(profile, seed=i, dealer=i % profile.players) for i in range(64)]
    dealt = engine.start(deals[0])

    def run(hands: int, seed: int) -> float:
        draw = random.Random(seed).random
        rollout, start = engine.rollout, engine.start
        began = time.perf_counter()
        if from_start:
            for i in range(hands):
                rollout(start(deals[i & 63]), draw)
        else:
            for _ in range(hands):
                rollout(dealt, draw)
        return time.perf_counter() - began

    return run


def openspiel(game: Any) -> Side:
    """Random OpenSpiel games from Python (chance from ``legal_actions()``)."""

    def run(hands: int, seed: int) -> float:
        draw = random.Random(seed).random
        new_state = game.new_initial_state
        began = time.perf_counter()
        for _ in range(hands):
            state = new_state()
            while state.is_chance_node():
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
            legal = state.legal_actions()
            while legal:
                state.apply_action(legal[int(draw() * len(legal))])
                legal = state.legal_actions()
            state.returns()
        return time.perf_counter() - began

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="fournier-1785")
    parser.add_argument("--hands", type=int, default=1000, help="hands per batch")
    parser.add_argument("--repeats", type=int, default=5, help="batches per side, in turn")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    profile = load_profile(args.profile)
    params = {"pass_cards": False} if profile.hearts is None else {}
    game = pyspiel.load_game("hearts", params)
    sides: dict[str, Side] = {
        "reference: deal + play": state_api(reference, profile, settle=False),
        "core: deal + play": state_api(core, profile, settle=False),
        "core: deal (C shuffle) + play": state_api(core, profile, settle=False, c_shuffle=True),
        "reference: deal + play + settle": state_api(reference, profile, settle=True),
        "core: deal + play + settle": state_api(core, profile, settle=True),
        "reference: rollout per dealt hand": rollouts(reference, profile, from_start=True),
        "core: rollout per dealt hand": rollouts(core, profile, from_start=True),
        "core: rollout from a dealt state": rollouts(core, profile, from_start=False),
        f"OpenSpiel {game}": openspiel(game),
    }
    times: dict[str, list[float]] = {name: [] for name in sides}
    for side in sides.values():  # warm up (imports, caches)
        side(20, 0)
    for repeat in range(args.repeats):
        for name, side in sides.items():
            times[name].append(side(args.hands, args.seed + 1000 * repeat))
    rates = {name: args.hands / statistics.median(t) for name, t in times.items()}
    base = rates[f"OpenSpiel {game}"]
    print(f"{args.profile} against OpenSpiel {game}: {args.hands} hands a batch, median of "
          f"{args.repeats} batches per side, in turn")  # fmt: skip
    print(f"{'side':45} {'hands/s':>10} {'µs/hand':>9} {'× OpenSpiel':>12}")
    for name, rate in rates.items():
        print(f"{name:45} {rate:10,.0f} {1e6 / rate:9.1f} {rate / base:12.2f}")


if __name__ == "__main__":
    main()
