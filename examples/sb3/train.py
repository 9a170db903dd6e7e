"""MaskablePPO (sb3-contrib) on :class:`reversis.pettingzoo.SingleAgentEnv` (issue 37).

One policy learns to play one seat of a profile against the library's bots
(:data:`reversis.pettingzoo.BOTS`: ``cautious`` or ``random``). The vectorised environment holds
one :class:`~reversis.pettingzoo.SingleAgentEnv` per seat, so that the policy learns every seat.
SB3's policies take a flat observation and MaskablePPO reads the legal moves from an
``action_masks()`` method; ``SingleAgentEnv`` gives a dict (``"observation"``, ``"action_mask"``)
and no such method, so :class:`MaskedSeat` wraps it: the vector as the observation, the mask kept
for ``action_masks()``, the reward (the hand's net for the seat, paid at its end) divided by the
largest net the profile allows (:func:`reversis.games.net_bounds`) so that it lies in [-1, 1].

After each PPO update that ends ``--eval-every`` timesteps or more since the last evaluation (and
before the first, and after the last) the greedy policy (the legal move it scores highest) plays
``--eval-hands`` hands against ``--opponent`` bots, its seat rotating (hand *i* at seat
*i mod players*, the same deals at each evaluation), and the mean net per hand with its 95 %
interval is appended to ``curve.csv``; the model is saved to ``model.zip`` at the same time, so an
interrupted run keeps its work. At the end the policy plays ``--final-hands`` hands against each
bot of ``BOTS``, written to ``evaluation.json``.

    python -m examples.sb3.train --profile hearts --timesteps 300000 --out runs/hearts
    python -m examples.sb3.train --profile hearts --timesteps 256 --n-steps 64 \\
        --eval-every 128 --eval-hands 8 --final-hands 8 --out /tmp/smoke      # a smoke run

Reproducible on CPU for the same versions: the seed seeds SB3 (Python's, NumPy's and torch's
generators, the environments' first deals) and torch runs on one thread (``--threads 1``, the
default), as torch's reductions on several threads may add in another order.

Needs the ``sb3`` extra (``pip install 'reversis[sb3]'``, see README.md for a CPU-only torch);
``--help`` works without it.
"""

# torch and SB3 are imported where they are used: --help and the environments' wrapper need only
# the pettingzoo extra.
# ruff: noqa: PLC0415
from __future__ import annotations

import argparse
import csv
import json
import math
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

import reversis
from reversis.games import net_bounds
from reversis.hand import settle
from reversis.pettingzoo import BOTS, SingleAgentEnv

#: The columns of ``curve.csv``.
CURVE_FIELDS = [
    "timesteps",
    "hands",
    "cpu_seconds",
    "wall_seconds",
    "opponent",
    "eval_hands",
    "mean_net",
    "half_width",
]
#: The deals of the evaluations: hand i is dealt with seed EVAL_SEED + i (the training hands draw
#: theirs from the environments' generators, seeded by --seed).
EVAL_SEED = 10**9


class MaskedSeat(gymnasium.Wrapper):
    """``SingleAgentEnv`` for SB3: the observation's vector as the observation, the action mask
    kept for ``action_masks()`` (MaskablePPO's way), the reward times ``scale``; ``info["net"]``
    is the unscaled reward."""

    def __init__(self, env: SingleAgentEnv, scale: float) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]
        self.scale = scale
        self._mask = np.zeros(env.action_space.n, bool)

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        self._mask = observation["action_mask"].astype(bool)
        return observation["observation"], info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        observation, reward, terminated, truncated, info = self.env.step(int(action))
        self._mask = observation["action_mask"].astype(bool)
        info["net"] = reward
        return observation["observation"], reward * self.scale, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal moves of the seat now (MaskablePPO calls this before each step)."""
        return self._mask


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % confidence interval (normal approximation)."""
    n = len(values)
    mean = float(np.mean(values))
    if n < 2:
        return mean, math.inf
    return mean, 1.96 * float(np.std(values, ddof=1)) / math.sqrt(n)


def evaluate(model: Any, profile: str, opponent: str, hands: int, batch: int = 64) -> list[float]:
    """The nets of the greedy policy over ``hands`` hands against ``opponent`` bots: hand *i* is
    dealt with seed ``EVAL_SEED + i``, the policy at seat *i mod players*; ``batch`` hands are
    played together (one call of the policy for all of them)."""
    players = SingleAgentEnv(profile).profile.players
    nets: list[float] = []
    for start in range(0, hands, batch):
        envs, observations = [], []
        for i in range(start, min(start + batch, hands)):
            env = SingleAgentEnv(profile, seat=i % players, opponent=opponent)
            observation, _ = env.reset(seed=EVAL_SEED + i)
            assert env.hand is not None
            if env.hand.is_over:  # (no move for the seat: no profile deals so, but be safe)
                nets.append(float(settle(env.hand).net[env.seat]))
                continue
            envs.append(env)
            observations.append(observation)
        while envs:
            actions, _ = model.predict(
                np.stack([o["observation"] for o in observations]),
                action_masks=np.stack([o["action_mask"] for o in observations]).astype(bool),
                deterministic=True,
            )
            still, following = [], []
            for env, action in zip(envs, actions, strict=True):
                observation, reward, terminated, _, _ = env.step(int(action))
                if terminated:
                    nets.append(float(reward))
                else:
                    still.append(env)
                    following.append(observation)
            envs, observations = still, following
    return nets


def output_folder(out: str | None, profile: str) -> Path:
    """``--out``, or ``runs/sb3-PROFILE-TIMESTAMP`` under the current directory; a folder that
    already holds a run is refused (nothing is overwritten)."""
    if out is None:
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        path = Path.cwd() / "runs" / f"sb3-{profile}-{stamp}"
    else:
        path = Path(out)
    taken = [
        name for name in ("curve.csv", "model.zip", "evaluation.json") if (path / name).exists()
    ]
    if taken:
        sys.exit(f"{path} already holds a run ({', '.join(taken)}): give another --out")
    path.mkdir(parents=True, exist_ok=True)
    return path


def versions() -> dict[str, str]:
    """The versions that made a run."""
    import sb3_contrib
    import stable_baselines3
    import torch

    return {
        "python": platform.python_version(),
        "reversis": reversis.__version__,
        "engine": reversis.engine_name(),
        "torch": torch.__version__,
        "stable-baselines3": stable_baselines3.__version__,
        "sb3-contrib": sb3_contrib.__version__,
        "gymnasium": gymnasium.__version__,
        "numpy": np.__version__,
    }


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train, evaluating and saving as it goes; returns what ``evaluation.json`` holds."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(args.threads)
    out = output_folder(args.out, args.profile)
    began_cpu, began_wall = time.process_time(), time.monotonic()
    players = SingleAgentEnv(args.profile).profile.players
    lowest, highest = net_bounds(SingleAgentEnv(args.profile).profile)
    scale = 1.0 / max(abs(lowest), abs(highest))

    def make(seat: int) -> Any:
        return lambda: MaskedSeat(
            SingleAgentEnv(args.profile, seat=seat, opponent=args.opponent), scale
        )

    vec_env = DummyVecEnv([make(seat) for seat in range(players)])
    model = MaskablePPO(
        "MlpPolicy",
        vec_env,
        learning_rate=args.learning_rate,
        n_steps=args.n_steps,
        batch_size=min(args.batch_size, args.n_steps * players),
        n_epochs=args.epochs,
        gamma=1.0,  # one reward, at the end of a short hand
        gae_lambda=0.95,
        ent_coef=args.ent_coef,
        policy_kwargs={"net_arch": [args.hidden, args.hidden]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    run = {"args": vars(args) | {"out": str(out)}, "versions": versions(), "players": players}
    (out / "run.json").write_text(json.dumps(run, indent=2) + "\n")
    curve_path = out / "curve.csv"
    with curve_path.open("w", newline="") as f:
        csv.writer(f).writerow(CURVE_FIELDS)

    def checkpoint(timesteps: int, hands: int) -> None:
        nets = evaluate(model, args.profile, args.opponent, args.eval_hands)
        mean, half = interval(nets)
        row = [
            timesteps,
            hands,
            f"{time.process_time() - began_cpu:.1f}",
            f"{time.monotonic() - began_wall:.1f}",
            args.opponent,
            len(nets),
            f"{mean:.3f}",
            f"{half:.3f}",
        ]
        with curve_path.open("a", newline="") as f:
            csv.writer(f).writerow(row)
        model.save(out / "model.partial.zip")
        os.replace(out / "model.partial.zip", out / "model.zip")
        print(
            f"{timesteps:>9} timesteps {hands:>7} hands: {mean:+.2f} ± {half:.2f} a hand",
            flush=True,
        )

    class Checkpoints(BaseCallback):  # type: ignore[misc]
        """Count the hands; evaluate and save at the first rollout's start (after PPO's update)
        once --eval-every more timesteps are done; stop after --max-cpu-minutes."""

        def __init__(self) -> None:
            super().__init__()
            self.hands = 0
            self.last = 0  # the timesteps of the last evaluation

        def _on_rollout_start(self) -> None:
            if self.num_timesteps - self.last >= args.eval_every:
                self.last = self.num_timesteps
                checkpoint(self.num_timesteps, self.hands)

        def _on_step(self) -> bool:
            self.hands += int(np.sum(self.locals["dones"]))
            limit = args.max_cpu_minutes
            return limit is None or time.process_time() - began_cpu < 60 * limit

    checkpoint(0, 0)
    callback = Checkpoints()
    model.learn(total_timesteps=args.timesteps, callback=callback)
    if model.num_timesteps != callback.last:  # the model after the last update
        checkpoint(model.num_timesteps, callback.hands)
    trained_cpu = time.process_time() - began_cpu
    trained_wall = time.monotonic() - began_wall

    final: dict[str, Any] = {}
    for opponent in sorted(BOTS):
        mean, half = interval(evaluate(model, args.profile, opponent, args.final_hands))
        final[opponent] = {"hands": args.final_hands, "mean_net": mean, "half_width": half}
        print(f"against {opponent}: {mean:+.2f} ± {half:.2f} a hand ({args.final_hands} hands)")
    result = run | {
        "timesteps": model.num_timesteps,
        "hands": callback.hands,
        "train_cpu_seconds": round(trained_cpu, 1),
        "train_wall_seconds": round(trained_wall, 1),
        "total_cpu_seconds": round(time.process_time() - began_cpu, 1),
        "evaluation": final,
    }
    (out / "evaluation.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"saved in {out}")
    return result


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(
        prog="python -m examples.sb3.train",
        description="Train sb3-contrib's MaskablePPO on reversis.pettingzoo.SingleAgentEnv.",
    )
    p.add_argument("--profile", default="hearts", help="the profile to play (default: hearts)")
    p.add_argument("--timesteps", type=int, default=300_000, help="total timesteps (moves)")
    p.add_argument("--seed", type=int, default=0, help="seed of SB3, torch and the deals")
    p.add_argument(
        "--opponent",
        default="cautious",
        choices=sorted(BOTS),
        help="the bots at the other seats, in training and in the curve (default: cautious)",
    )
    p.add_argument(
        "--out",
        default=None,
        help="the run's folder (created; one that holds a run is refused); "
        "default: runs/sb3-PROFILE-TIMESTAMP under the current directory",
    )
    p.add_argument("--eval-every", type=int, default=10_000, help="timesteps between evaluations")
    p.add_argument("--eval-hands", type=int, default=400, help="hands of each evaluation")
    p.add_argument("--final-hands", type=int, default=2000, help="hands of the final evaluations")
    p.add_argument("--max-cpu-minutes", type=float, default=None, help="stop training after this")
    p.add_argument("--n-steps", type=int, default=512, help="PPO's rollout length per seat")
    p.add_argument("--batch-size", type=int, default=256, help="PPO's minibatch size")
    p.add_argument("--epochs", type=int, default=4, help="PPO's epochs per rollout")
    p.add_argument("--learning-rate", type=float, default=3e-4, help="Adam's step size")
    p.add_argument("--ent-coef", type=float, default=0.01, help="entropy bonus")
    p.add_argument("--hidden", type=int, default=128, help="units of each of two hidden layers")
    p.add_argument("--threads", type=int, default=1, help="torch's threads (1: reproducible)")
    return p


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and train."""
    args = parser().parse_args(argv)
    SingleAgentEnv(args.profile)  # an unknown profile fails here, before torch is loaded
    train(args)


if __name__ == "__main__":
    main()
