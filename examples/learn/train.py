"""Self-play policy gradient on reversis.vector.functional, NumPy only (issue 26).

One policy plays every seat of N hands stepped together by :class:`reversis.vector.VectorEnv`
(``shaping=True``: each trick pays the change of the provisional settlement, so that a move's
return is the money its seat makes from then to the end of the hand). Each iteration deals N
hands, plays each to its end sampling the policy's moves, and takes one Adam step of REINFORCE
(the return to go less the batch's mean, over its standard deviation) with an entropy bonus. The
network is :func:`reversis.bots.learned.policy_logits`': one hidden layer of rectified units.

Every ``--eval-every`` iterations the greedy policy plays ``--eval-hands`` hands against random
players (its seat rotating over the slots) on the vector env, and the mean net per hand with its
95 % interval goes to ``curve.csv`` beside the weights (``plot.py`` draws it).

    OPENBLAS_NUM_THREADS=1 python examples/learn/train.py --profile hearts --minutes 18
    python examples/learn/train.py --profile hearts --seconds 20 --out /tmp/smoke   # smoke run
"""

from __future__ import annotations

import argparse
import csv
import os
import time
from pathlib import Path

import numpy as np

from reversis import vector
from reversis.bots.learned import policy_logits
from reversis.vector.functional import VectorEnv


def new_weights(size: int, hidden: int, actions: int, rng: np.random.Generator) -> dict:
    return {
        "w1": (rng.standard_normal((size, hidden)) * np.sqrt(2.0 / size)).astype(np.float32),
        "b1": np.zeros(hidden, np.float32),
        "w2": (rng.standard_normal((hidden, actions)) * 0.01).astype(np.float32),
        "b2": np.zeros(actions, np.float32),
    }


class Adam:
    def __init__(self, weights: dict, lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in weights.items()}
        self.v = {k: np.zeros_like(v) for k, v in weights.items()}

    def step(self, weights: dict, grads: dict) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            weights[k] -= (self.lr * m / (np.sqrt(v) + 1e-8)).astype(np.float32)


def masked_probs(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    logits = np.where(mask > 0, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def sample(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    u = rng.random(p.shape[0])[:, None]
    return np.minimum((np.cumsum(p, axis=1) < u).sum(axis=1), p.shape[1] - 1).astype(np.int64)


def play_hands(env: VectorEnv, weights: dict, seed: int, rng: np.random.Generator) -> dict:
    """Deal N hands and play each to its end with the policy (the first hand of each slot)."""
    obs, info = env.reset(seed=seed)
    n = env.num_envs
    alive = np.ones(n, bool)
    xs, masks, actions, seats, rewards, valid = [], [], [], [], [], []
    while alive.any():
        mask = info["action_mask"]
        p = masked_probs(policy_logits(weights, obs), mask)
        a = sample(p, rng)
        xs.append(obs.copy())
        masks.append(mask.copy())
        actions.append(a)
        seats.append(info["seat"].copy())
        valid.append(alive.copy())
        obs, _, done, _, info = env.step(a)
        rewards.append(info["rewards"] * alive[:, None])
        alive &= ~done
    # The return to go of every seat, then of the seat that moved.
    togo = np.cumsum(np.stack(rewards)[::-1], axis=0)[::-1]
    seat = np.stack(seats)
    returns = np.take_along_axis(togo, seat[..., None].astype(np.int64), axis=2)[..., 0]
    keep = np.stack(valid)
    return {
        "x": np.stack(xs)[keep],
        "mask": np.stack(masks)[keep],
        "a": np.stack(actions)[keep],
        "g": returns[keep],
    }


def gradients(weights: dict, batch: dict, entropy: float) -> dict:
    x, mask, a, g = batch["x"], batch["mask"], batch["a"], batch["g"]
    adv = (g - g.mean()) / (g.std() + 1e-6)
    hidden = np.maximum(x @ weights["w1"] + weights["b1"], 0.0)
    logits = hidden @ weights["w2"] + weights["b2"]
    p = masked_probs(logits, mask)
    rows = np.arange(len(a))
    logp = np.where(mask > 0, np.log(np.maximum(p, 1e-12)), 0.0)
    ent = -(p * logp).sum(axis=1)
    # d(-adv * log p[a] - entropy * H) / d logits
    d = p.copy()
    d[rows, a] -= 1.0
    d *= adv[:, None]
    d += entropy * p * (logp + ent[:, None])
    d = (d / len(a)).astype(np.float32)
    dhidden = (d @ weights["w2"].T) * (hidden > 0)
    return {
        "w2": hidden.T @ d,
        "b2": d.sum(axis=0),
        "w1": x.T @ dhidden,
        "b1": dhidden.sum(axis=0),
    }


def evaluate(env: VectorEnv, weights: dict, seed: int, rng: np.random.Generator) -> tuple:
    """The greedy policy against random players: its mean net per hand and 95 % half-width."""
    obs, info = env.reset(seed=seed)
    n = env.num_envs
    players = env.profile.players
    learner = np.arange(n) % players
    alive = np.ones(n, bool)
    net = np.zeros(n)
    while alive.any():
        mask = info["action_mask"]
        greedy = np.where(mask > 0, policy_logits(weights, obs), -np.inf).argmax(axis=1)
        a = np.where(info["seat"] == learner, greedy, vector.random_actions(mask, rng))
        obs, _, done, _, info = env.step(a.astype(np.int64))
        net += info["rewards"][np.arange(n), learner] * alive
        alive &= ~done
    return float(net.mean()), float(1.96 * net.std(ddof=1) / np.sqrt(n))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="hearts")
    parser.add_argument("--minutes", type=float, default=18.0, help="CPU time to train")
    parser.add_argument("--seconds", type=float, default=None, help="CPU seconds (overrides)")
    parser.add_argument("--wall-minutes", type=float, default=None, help="stop sooner (wall)")
    parser.add_argument("--envs", type=int, default=256, help="hands a batch")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--eval-hands", type=int, default=1024)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="folder (default: examples/learn/<profile>)")
    args = parser.parse_args()
    budget = args.seconds if args.seconds is not None else args.minutes * 60
    out = Path(args.out or Path(__file__).parent / args.profile)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    env = VectorEnv(args.profile, args.envs, shaping=True)
    judge = VectorEnv(args.profile, args.eval_hands)
    size = env.single_observation_space.shape[0]
    weights = new_weights(size, args.hidden, int(env.single_action_space.n), rng)
    adam = Adam(weights, args.lr)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    hands = iteration = 0
    rows = []

    def log() -> None:
        mean, half = evaluate(judge, weights, 10**9 + iteration, rng)
        row = {
            "iteration": iteration,
            "hands": hands,
            "cpu_seconds": round(time.process_time() - cpu0, 1),
            "wall_seconds": round(time.perf_counter() - wall0, 1),
            "net_vs_random": round(mean, 3),
            "interval": round(half, 3),
        }
        rows.append(row)
        print(row, flush=True)

    log()
    wall = args.wall_minutes * 60 if args.wall_minutes is not None else float("inf")
    while time.process_time() - cpu0 < budget and time.perf_counter() - wall0 < wall:
        batch = play_hands(env, weights, args.seed * 10**6 + iteration, rng)
        adam.step(weights, gradients(weights, batch, args.entropy))
        hands += args.envs
        iteration += 1
        if iteration % args.eval_every == 0:
            log()
    if not rows or rows[-1]["iteration"] != iteration:
        log()
    np.savez(out / "policy.npz", profile=np.array(env.profile.name), **weights)
    with open(out / "curve.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(
        f"saved {out / 'policy.npz'}: {hands} hands, {iteration} iterations, "
        f"cpu {time.process_time() - cpu0:.0f} s, wall {time.perf_counter() - wall0:.0f} s, "
        f"pid {os.getpid()}"
    )


if __name__ == "__main__":
    main()
