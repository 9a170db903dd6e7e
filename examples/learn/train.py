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

A run writes to its folder (``--out``, default ``./runs/learn-<profile>`` under the current
directory; a folder of the repository's own files is refused unless ``--refresh-shipped``). At
each evaluation it saves the policy (``policy.npz``), the curve (``curve.csv``) and a checkpoint
(``checkpoint.npz``: the weights, Adam's moments, the generator's state, the counters), each file
replaced whole; Ctrl-C finishes the batch under way, saves and stops. ``--resume`` continues the
folder's run where its checkpoint stopped (a folder with a checkpoint is refused without it): the
budgets (``--minutes``/``--seconds`` of CPU, ``--iterations``) count the whole run, so the same
command with ``--resume`` finishes it.

    OPENBLAS_NUM_THREADS=1 python examples/learn/train.py --profile hearts --minutes 18
    python examples/learn/train.py --profile hearts --minutes 18 --resume   # after a stop
    python examples/learn/train.py --profile hearts --seconds 20 --out /tmp/smoke   # smoke run
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import signal
import time
from pathlib import Path
from types import FrameType

import numpy as np
from folders import check_target, write_atomic
from numerics import Adam, masked_probs, new_weights, sample

from reversis import vector
from reversis.bots.learned import policy_logits
from reversis.vector.functional import VectorEnv

#: What a run is made of: a checkpoint is resumed only with the same.
SETTINGS = ("profile", "envs", "hidden", "lr", "entropy", "eval_every", "eval_hands", "seed")


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


def evaluate(env: VectorEnv, weights: dict, seed: int) -> tuple:
    """The greedy policy against random players: its mean net per hand and 95 % half-width (the
    random players draw from their own generator, so that evaluating leaves training alone)."""
    rng = np.random.default_rng(seed)
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


def save_npz(path: Path, **arrays: np.ndarray) -> None:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    write_atomic(path, buffer.getvalue())


def save(out: Path, run: dict, weights: dict, adam: Adam, rng: np.random.Generator) -> None:
    """The policy, the curve and the checkpoint of the run so far, each file replaced whole."""
    save_npz(out / "policy.npz", profile=np.array(run["settings"]["profile"]), **weights)
    text = io.StringIO(newline="")
    writer = csv.DictWriter(text, fieldnames=list(run["rows"][0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(run["rows"])
    write_atomic(out / "curve.csv", text.getvalue().encode())
    state = dict(run, adam_t=adam.t, rng=rng.bit_generator.state)
    arrays = {f"weights_{k}": v for k, v in weights.items()}
    arrays |= {f"adam_m_{k}": v for k, v in adam.m.items()}
    arrays |= {f"adam_v_{k}": v for k, v in adam.v.items()}
    save_npz(out / "checkpoint.npz", state=np.array(json.dumps(state)), **arrays)


def load(out: Path, settings: dict, weights: dict, adam: Adam, rng: np.random.Generator) -> dict:
    """The run of ``out``'s checkpoint, with the weights, Adam's moments and the generator set
    to where it stopped; exits if the checkpoint was made with other settings."""
    with np.load(out / "checkpoint.npz") as data:
        run = json.loads(str(data["state"]))
        differ = [f"--{k.replace('_', '-')} {run['settings'][k]} (not {v})"
                  for k, v in settings.items() if run["settings"][k] != v]  # fmt: skip
        if differ:
            raise SystemExit(f"error: the run in {out} was made with " + ", ".join(differ))
        for k, value in weights.items():
            value[...] = data[f"weights_{k}"]
            adam.m[k] = data[f"adam_m_{k}"].copy()
            adam.v[k] = data[f"adam_v_{k}"].copy()
    adam.t = run.pop("adam_t")
    rng.bit_generator.state = run.pop("rng")
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="hearts")
    parser.add_argument("--minutes", type=float, default=18.0, help="CPU time of the whole run")
    parser.add_argument("--seconds", type=float, default=None, help="CPU seconds (overrides)")
    parser.add_argument("--iterations", type=int, default=None, help="batches of the whole run")
    parser.add_argument("--wall-minutes", type=float, default=None, help="stop sooner (wall)")
    parser.add_argument("--envs", type=int, default=256, help="hands a batch")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=10)
    parser.add_argument("--eval-hands", type=int, default=1024)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--out", type=Path, default=None, help="folder (default: runs/learn-PROFILE)"
    )
    parser.add_argument("--resume", action="store_true", help="continue the folder's run")
    parser.add_argument(
        "--refresh-shipped", action="store_true", help="write over the repository's results"
    )
    args = parser.parse_args()
    budget = args.seconds if args.seconds is not None else args.minutes * 60
    out = args.out if args.out is not None else Path("runs") / f"learn-{args.profile}"
    check_target(out, args.refresh_shipped, "--out")
    settings = {k: getattr(args, k) for k in SETTINGS}
    has_checkpoint = (out / "checkpoint.npz").exists()
    if has_checkpoint and not args.resume:
        raise SystemExit(
            f"error: {out} holds a run already (checkpoint.npz): --resume to continue it, or "
            "give another --out"
        )
    if args.resume and not has_checkpoint:
        raise SystemExit(f"error: --resume: {out} holds no checkpoint.npz to continue")
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    env = VectorEnv(args.profile, args.envs, shaping=True)
    judge = VectorEnv(args.profile, args.eval_hands)
    size = env.single_observation_space.shape[0]
    weights = new_weights(size, args.hidden, int(env.single_action_space.n), rng)
    adam = Adam(weights, args.lr)
    if args.resume:
        run = load(out, settings, weights, adam, rng)
        print(f"resuming {out} at iteration {run['iteration']}", flush=True)
    else:
        run = {"settings": settings, "iteration": 0, "hands": 0, "cpu": 0.0, "wall": 0.0}
        run["rows"] = []
    # CPU and wall-clock time of the whole run: what earlier sessions spent, then this one.
    cpu0, wall0 = time.process_time() - run["cpu"], time.perf_counter() - run["wall"]

    def log_and_save() -> None:
        run["cpu"], run["wall"] = time.process_time() - cpu0, time.perf_counter() - wall0
        mean, half = evaluate(judge, weights, 10**9 + run["iteration"])
        row = {
            "iteration": run["iteration"],
            "hands": run["hands"],
            "cpu_seconds": round(run["cpu"], 1),
            "wall_seconds": round(run["wall"], 1),
            "net_vs_random": round(mean, 3),
            "interval": round(half, 3),
        }
        run["rows"].append(row)
        print(row, flush=True)
        save(out, run, weights, adam, rng)

    stop = {"asked": False}

    def interrupt(signum: int, frame: FrameType | None) -> None:
        if stop["asked"]:  # a second Ctrl-C: at once (the last checkpoint stands)
            raise KeyboardInterrupt
        stop["asked"] = True
        print("\nstopping after this batch (Ctrl-C again: at once)", flush=True)

    signal.signal(signal.SIGINT, interrupt)
    if not run["rows"]:
        log_and_save()
    began = time.perf_counter()
    wall = args.wall_minutes * 60 if args.wall_minutes is not None else float("inf")
    iterations = args.iterations if args.iterations is not None else float("inf")
    while (
        time.process_time() - cpu0 < budget
        and time.perf_counter() - began < wall
        and run["iteration"] < iterations
        and not stop["asked"]
    ):
        seed = args.seed * 10**6 + run["iteration"]
        batch = play_hands(env, weights, seed, rng)
        adam.step(weights, gradients(weights, batch, args.entropy))
        run["hands"] += args.envs
        run["iteration"] += 1
        if run["iteration"] % args.eval_every == 0:
            log_and_save()
    if run["rows"][-1]["iteration"] != run["iteration"]:
        log_and_save()
    else:  # the last evaluation's own time counts too (the budget's test saw it)
        run["cpu"], run["wall"] = time.process_time() - cpu0, time.perf_counter() - wall0
        save(out, run, weights, adam, rng)
    print(
        f"saved {out / 'policy.npz'}: {run['hands']} hands, {run['iteration']} iterations, "
        f"cpu {run['cpu']:.0f} s, wall {run['wall']:.0f} s, pid {os.getpid()}"
        + (" (interrupted: --resume continues)" if stop["asked"] else "")
    )


if __name__ == "__main__":
    main()
