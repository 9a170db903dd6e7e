"""Batch random steps through reversis.vector against OpenSpiel's Hearts, in the same run (issue 26).

Each side's step is a random legal action with its observation and mask made, as a learner's loop
makes them: for OpenSpiel, ``hearts(pass_cards=false)`` driven from Python (``legal_actions()``,
``apply_action()`` and ``information_state_tensor()`` at every step: its Hearts has no
``observation_tensor()``, "ObservationTensorShape unimplemented"; its chance nodes dealt the same
way); for the batch, ``hearts`` without passing (the same game, hearts §11) stepped N hands at a
time by ``VectorEnv.step`` (the observation, mask, seat, rewards written for every hand), the
actions drawn from the masks by NumPy (``reversis.vector.functional.random_actions``). At N = 1 the vector env
is also timed against the PettingZoo environment (its ``last()`` and ``step()``). The memory per
hand is the batch's C data per hand plus its arrays' row. Rates are per second of this process's CPU
time (both sides run in it), so that other load on the machine does not skew them.

    python benchmarks/vector.py                 # N = 1, 64, 1,024, 4,096, 16,384
    python benchmarks/vector.py --quick         # fewer steps
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import time

import numpy as np
import pyspiel

import reversis
from reversis.pettingzoo import env
from reversis.vector import functional as vector
from reversis.vector.functional import VectorEnv


def hearts_without_passing() -> reversis.Profile:
    return reversis.load_profile("hearts").evolve(
        name="hearts-no-pass", hearts={"pass_cards": False}
    )


def openspiel_steps(steps: int, seed: int) -> float:
    """OpenSpiel's random steps per second (observation tensor and legal actions every step)."""
    game = pyspiel.load_game("hearts(pass_cards=false)")
    draw = random.Random(seed).random
    done = 0
    began = time.process_time()
    while done < steps:
        state = game.new_initial_state()
        while state.is_chance_node():
            legal = state.legal_actions()
            state.apply_action(legal[int(draw() * len(legal))])
        while not state.is_terminal():
            player = state.current_player()
            state.information_state_tensor(player)  # Hearts has no observation_tensor
            legal = state.legal_actions()
            state.apply_action(legal[int(draw() * len(legal))])
            done += 1
        state.returns()
    return done / (time.process_time() - began)


def batch_steps(profile: reversis.Profile, count: int, steps: int, seed: int) -> float:
    """The vector env's random steps per second (hand-steps: N per call)."""
    env = VectorEnv(profile, count, seed=seed)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    mask = env._arrays[1]
    calls = max(1, steps // count)
    began = time.process_time()
    if count == 1:  # one hand: the action drawn as the PettingZoo loop draws it
        draw = random.Random(seed).random
        action = np.zeros(1, np.int64)
        for _ in range(calls):
            legal = mask[0].nonzero()[0]
            action[0] = legal[int(draw() * len(legal))]
            env.step(action)
        return calls / (time.process_time() - began)
    for _ in range(calls):
        env.step(vector.random_actions(mask, rng))
    return calls * count / (time.process_time() - began)


def pettingzoo_steps(profile: reversis.Profile, steps: int, seed: int) -> float:
    """The PettingZoo environment's random steps per second (``last()`` then ``step()``)."""
    game = env(profile)
    draw = random.Random(seed).random
    done = 0
    hand = 0
    began = time.process_time()
    while done < steps:
        game.reset(seed=seed + hand)
        hand += 1
        for _ in game.agent_iter():
            observation, _, termination, truncation, _ = game.last()
            if termination or truncation:
                game.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            game.step(int(legal[int(draw() * len(legal))]))
            done += 1
    return done / (time.process_time() - began)


def memory_per_hand(profile: reversis.Profile, count: int) -> float:
    """Bytes per hand: the batch's C data and its arrays' rows."""
    env = VectorEnv(profile, count, seed=1)
    env.reset(seed=1)
    rows = sum(a[0].nbytes if a.ndim > 1 else a.itemsize for a in env._arrays)
    return float(env._batch.nbytes + rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer steps")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    profile = hearts_without_passing()
    scale = 1 if args.quick else 4
    print(f"engine {reversis._core.engine_name()}, cpu {os.cpu_count()}; hearts without passing")
    cpu0 = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    spiel = openspiel_steps(20_000 * scale, args.seed)
    print(f"OpenSpiel hearts(pass_cards=false), from Python: {spiel:12,.0f} steps/s")
    for count in (1, 64, 1024, 4096, 16384):
        steps = max(count * 52, 50_000 * scale) if count > 1 else 10_000 * scale
        rate = batch_steps(profile, count, steps, args.seed)
        memory = memory_per_hand(profile, min(count, 4096))
        print(
            f"vector N = {count:6,}: {rate:12,.0f} steps/s = {rate / spiel:6.1f} x OpenSpiel; "
            f"{memory:,.0f} bytes per hand"
        )
    zoo = pettingzoo_steps(profile, 5_000 * scale, args.seed)
    one = batch_steps(profile, 1, 5_000 * scale, args.seed)
    print(
        f"N = 1: vector env {one:,.0f} steps/s, PettingZoo env {zoo:,.0f} steps/s "
        f"({one / zoo:.2f} x)"
    )
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime - cpu0
    print(f"CPU time {cpu:.1f} s")


if __name__ == "__main__":
    main()
