"""Playouts per second for search bots, against OpenSpiel's random games, in the same run.

Sides, batch by batch in turn (each side once, then again, ``--repeats`` times; medians printed):

* ``rollouts(hand, n)``: :func:`reversis.rollouts` from one dealt hand with the random policy, each
  seat's net money per playout (``result="net"``: the settlement, Python on both engines until it is
  compiled), and with ``result="points"``; ``loop only`` is the same loop with a result that reads
  nothing (what the playouts alone cost); ``reference`` runs the reference engine's loop on the
  same state (the same draws);
* ``hand.rollout(rng)``: one public rollout at a time (no settlement);
* ``rollouts(view, n)``: from a view, a fresh world sampled for each playout;
* OpenSpiel: ``pyspiel.load_game("hearts", {"pass_cards": False})`` random games from Python
  (chance from ``legal_actions()``, then ``legal_actions()``/``apply_action()``, ``returns()``).

Then, timed alone: ``sample_world(view)`` and the first ``hand.view(seat)`` of a mid-hand state
(µs a call), and :class:`~reversis.bots.players.MonteCarloBot` a decision with about 1,000 playouts (worlds
× legal moves). ``--engines`` also runs ``benchmarks/env_speed.py`` (the PettingZoo environment)
and ``benchmarks/simulate_speed.py`` (``simulate``) on both engines (``REVERSIS_ENGINE``).

    python benchmarks/rollouts.py
    python benchmarks/rollouts.py --profile hearts --playouts 2000 --repeats 7 --engines
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
from pathlib import Path
from typing import Any

from openspiel_games import openspiel  # benchmarks/, the script's folder

import reversis
from reversis.bots.players import MonteCarloBot
from reversis.bots.playouts import _play_outs, result_function
from reversis.hand import hand_of_state, state_of

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the environment
    sys.exit('OpenSpiel is not installed: pip install -e ".[openspiel]"')

Side = Callable[[int, int], float]


def mid_hand(profile: reversis.Profile, seed: int, plays: int) -> reversis.Hand:
    """A hand of ``profile`` after its steps before play and ``plays`` random plays."""
    hand = reversis.new_hand(profile, seed=seed)
    rng = random.Random(seed)
    while not hand.is_over and sum(isinstance(m, reversis.Play) for m in hand.moves) < plays:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    return hand


def public(source: Any, result: str = "net") -> Side:
    def run(count: int, seed: int) -> float:
        began = time.perf_counter()
        reversis.rollouts(source, count, seed=seed, result=result)
        return time.perf_counter() - began

    return run


def loop_only(state: Any) -> Side:
    zeros = (0,) * len(state.held)

    def run(count: int, seed: int) -> float:
        began = time.perf_counter()
        _play_outs(state, count, seed, None, lambda _: zeros)
        return time.perf_counter() - began

    return run


def reference_loop(hand: reversis.Hand) -> Side:
    state = state_of(hand)
    state = state.to_state() if hasattr(state, "to_state") else state
    value = result_function(hand.profile, "net")

    def run(count: int, seed: int) -> float:
        began = time.perf_counter()
        _play_outs(state, count, seed, None, value)
        return time.perf_counter() - began

    return run


def one_at_a_time(hand: reversis.Hand) -> Side:
    def run(count: int, seed: int) -> float:
        rng = random.Random(seed)
        rollout = hand.rollout
        began = time.perf_counter()
        for _ in range(count):
            rollout(rng)
        return time.perf_counter() - began

    return run


def per_call_us(call: Callable[[Any], object], items: list[Any]) -> float:
    began = time.perf_counter()
    for item in items:
        call(item)
    return (time.perf_counter() - began) / len(items) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="fournier-1785")
    parser.add_argument("--playouts", type=int, default=1000, help="playouts a batch")
    parser.add_argument("--repeats", type=int, default=5, help="batches per side, in turn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engines", action="store_true", help="also PettingZoo and simulate")
    args = parser.parse_args()
    profile = reversis.load_profile(args.profile)
    game = pyspiel.load_game("hearts", {"pass_cards": False} if profile.hearts is None else {})
    dealt = reversis.new_hand(profile, seed=args.seed)
    middle = mid_hand(profile, args.seed, 2 * profile.players)
    view = middle.view(middle.to_move)
    small = max(args.playouts // 10, 10)
    engine = reversis.engine_name()
    sides: dict[str, tuple[Side, int]] = {
        f"{engine}: rollouts(hand, n), net": (public(dealt), args.playouts),
        f"{engine}: rollouts(hand, n), points": (public(dealt, "points"), args.playouts),
        f"{engine}: rollouts(hand, n), loop only": (loop_only(state_of(dealt)), args.playouts),
        "python: rollouts(hand, n), net": (reference_loop(dealt), small),
        f"{engine}: hand.rollout(rng), one at a time": (one_at_a_time(dealt), args.playouts),
        f"{engine}: rollouts(view, n), net": (public(view), small),
        f"{engine}: rollouts(view, n), points": (public(view, "points"), small),
        f"OpenSpiel {game}": (openspiel(game), small),
    }
    times: dict[str, list[float]] = {name: [] for name in sides}
    for side, _ in sides.values():  # warm up (imports, caches)
        side(10, 0)
    for repeat in range(args.repeats):
        for name, (side, count) in sides.items():
            times[name].append(side(count, args.seed + 1000 * repeat) / count)
    rates = {name: 1 / statistics.median(t) for name, t in times.items()}
    base = rates[f"OpenSpiel {game}"]
    print(
        f"{profile.name} ({reversis.engine_name()} engine) against OpenSpiel {game}: median of "
        f"{args.repeats} batches per side, in turn ({args.playouts} playouts a batch; "
        f"{small} for the slow sides)"
    )
    print(f"{'side':48} {'per second':>11} {'µs each':>9} {'× OpenSpiel':>12}")
    for name, rate in rates.items():
        print(f"{name:48} {rate:11,.0f} {1e6 / rate:9.1f} {rate / base:12.2f}")

    hands = [mid_hand(profile, args.seed + i, 4 + i % 20) for i in range(100)]
    hands = [h for h in hands if not h.is_over]
    views = [h.view(h.to_move) for h in hands]
    rng = random.Random(args.seed)
    first = statistics.median(
        per_call_us(lambda h: h.view(h.to_move), [hand_of_state(state_of(h)) for h in hands])
        for _ in range(args.repeats)
    )
    worlds = statistics.median(
        per_call_us(lambda v: reversis.sample_world(v, rng), views) for _ in range(args.repeats)
    )
    print(f"first hand.view(seat), mid-hand            {first:9.1f} µs")
    print(f"sample_world(view), mid-hand               {worlds:9.1f} µs")
    decisions = []
    for h in hands[:10]:
        moves = len(h.legal_moves())
        bot = MonteCarloBot(random.Random(1), playouts=max(1, round(1000 / moves)))
        began = time.perf_counter()
        bot(h.view(h.to_move))
        decisions.append((time.perf_counter() - began) * 1000)
    print(
        f"MonteCarloBot, ~1,000 playouts a decision  {statistics.median(decisions):9.1f} ms "
        "(median of 10 decisions)"
    )
    if args.engines:
        here = Path(__file__).parent
        for name in ("python", "compiled"):
            for script, extra in (("env_speed.py", ["--hands", "200"]),
                                  ("simulate_speed.py", ["--hands", "400"])):  # fmt: skip
                found = subprocess.run(
                    [sys.executable, str(here / script), "--profile", profile.name, *extra],
                    capture_output=True,
                    text=True,
                    env={**os.environ, "REVERSIS_ENGINE": name},
                    check=False,
                )
                print(f"--- {script} on the {name} engine ---")
                print((found.stdout + found.stderr).strip())


if __name__ == "__main__":
    main()
