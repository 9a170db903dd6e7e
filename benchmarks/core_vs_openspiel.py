"""Random hands per second: the public API on the compiled core and on the reference engine, the
engines' state-level functions, and OpenSpiel's Hearts, in the same run, batch by batch in turn
(every side, then again), so that every side sees the same machine; the medians of the repeats are
printed, with each side's ratio to OpenSpiel.

The public API (the issue's measure): ``new_hand(profile, seed=..., dealer=...)``, then
``hand.legal_moves()`` and ``hand.apply(move)`` with a random move until the hand is over, and, in
the ``+ settle`` rows, ``reversis.settle(hand)``. The core's rows run in this process; the reference
engine's run in a worker process started with ``REVERSIS_ENGINE=python`` (the engine is chosen at
import), which plays its batch when its turn comes and reports the time its loop took.

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
    python benchmarks/core_vs_openspiel.py                       # fournier-1785, public API
    python benchmarks/core_vs_openspiel.py --profile hearts --hands 1000 --repeats 5
    python benchmarks/core_vs_openspiel.py --state               # the state-level rows too

With ``--profile hearts``, OpenSpiel plays ``hearts()`` (its passes included); else
``hearts(pass_cards=false)``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import reversis
from reversis import load_profile
from reversis._core import available, engine_name
from reversis.dealing import seeded_deal
from reversis.engine import play as reference
from reversis.engine.deal import deal_of_pack
from reversis.games import game_of

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit('OpenSpiel is not installed: pip install -e ".[openspiel]"')
WORKER = "--worker" in sys.argv
if not WORKER and (not available() or engine_name() != "compiled"):
    sys.exit("the compiled core is not built or not playing: pip install -e . with a C compiler")
from openspiel_games import openspiel  # noqa: E402 - benchmarks/, the script's folder

from reversis._core import core  # noqa: E402

Side = Callable[[int, int], float]


def public_api(profile: Any, settle: bool) -> Side:
    """Random hands through the public API, on the engine this process plays on."""
    n = profile.players

    def run(hands: int, seed: int) -> float:
        draw = random.Random(seed).random
        new_hand, settle_hand = reversis.new_hand, reversis.settle
        began = time.perf_counter()
        for i in range(hands):
            hand = new_hand(profile, seed=seed + i, dealer=i % n)
            moves = hand.legal_moves()
            while moves:
                hand = hand.apply(moves[int(draw() * len(moves))])
                moves = hand.legal_moves()
            if settle:
                settle_hand(hand)
        return time.perf_counter() - began

    return run


def reference_worker(profile_name: str) -> tuple[Side, Side]:
    """The public API on the reference engine, in a worker process (``REVERSIS_ENGINE=python``):
    its two sides (without and with ``settle``), each playing a batch there when called."""
    worker = subprocess.Popen(
        [sys.executable, __file__, "--worker", "--profile", profile_name],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "REVERSIS_ENGINE": "python"},
    )
    assert worker.stdin is not None
    assert worker.stdout is not None
    ready = worker.stdout.readline().strip()
    assert ready == "python", f"the worker plays on {ready!r}"

    def side(settle: bool) -> Side:
        def run(hands: int, seed: int) -> float:
            assert worker.stdin is not None
            assert worker.stdout is not None
            worker.stdin.write(f"{hands} {seed} {int(settle)}\n")
            worker.stdin.flush()
            return float(worker.stdout.readline())

        return run

    return side(False), side(True)


def serve(profile_name: str) -> None:
    """The worker: play the batches asked for on stdin, print each one's seconds."""
    profile = load_profile(profile_name)
    sides = {False: public_api(profile, False), True: public_api(profile, True)}
    print(engine_name(), flush=True)
    for line in sys.stdin:
        hands, seed, settle = (int(word) for word in line.split())
        print(sides[bool(settle)](hands, seed), flush=True)


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="fournier-1785")
    parser.add_argument("--hands", type=int, default=1000, help="hands per batch")
    parser.add_argument("--repeats", type=int, default=5, help="batches per side, in turn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--state", action="store_true", help="the state-level rows too")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        serve(args.profile)
        return
    profile = load_profile(args.profile)
    params = {"pass_cards": False} if profile.hearts is None else {}
    game = pyspiel.load_game("hearts", params)
    ref_play, ref_settle = reference_worker(args.profile)
    sides: dict[str, Side] = {
        "public API, core: new_hand + play": public_api(profile, settle=False),
        "public API, reference: new_hand + play": ref_play,
        "public API, core: + settle": public_api(profile, settle=True),
        "public API, reference: + settle": ref_settle,
        f"OpenSpiel {game}": openspiel(game),
    }
    if not args.state:
        run_sides(sides, args, game)
        return
    sides |= {
        "reference: deal + play": state_api(reference, profile, settle=False),
        "core: deal + play": state_api(core, profile, settle=False),
        "core: deal (C shuffle) + play": state_api(core, profile, settle=False, c_shuffle=True),
        "reference: deal + play + settle": state_api(reference, profile, settle=True),
        "core: deal + play + settle": state_api(core, profile, settle=True),
        "reference: rollout per dealt hand": rollouts(reference, profile, from_start=True),
        "core: rollout per dealt hand": rollouts(core, profile, from_start=True),
        "core: rollout from a dealt state": rollouts(core, profile, from_start=False),
    }
    run_sides(sides, args, game)


def run_sides(sides: dict[str, Side], args: Any, game: Any) -> None:
    """Run every side in turn, ``args.repeats`` times, and print the medians."""
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
    print(f"reversis {reversis.__version__}, engine {engine_name()}, {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
