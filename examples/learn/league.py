"""Self-play against a league, by PPO with action masks, on the batches of ``reversis.vector``
(issue 39): the shipped policies of ``make_bot("learned")`` are this script's fine-tuning of the
imitation networks of ``imitate.py``.

The learner is :func:`reversis.bots.learned.policy_logits`' network (one hidden layer of rectified
units over :mod:`reversis.views.encoding`, a score per action), started from ``--init``: the network
the package ships for the profile (``shipped``, the default: ``imitate.py``'s DAgger of
``MonteCarloBot``), a policy file, or ``scratch`` (random weights). Each iteration deals
``--envs`` hands of :class:`reversis.vector.VectorEnv` (``shaping=True``: every trick pays the
change of the provisional settlement, so that what a seat makes from a move to the end of the hand
is the money that move earned) and plays each to its end. In hand ``i`` the learning seat is
``(i + iteration) mod n``; every other seat is drawn from the league, independently:

* the learner itself (self-play), with what is left after the two below;
* a past self (``--past``): one of the snapshots of the learner taken every ``--snapshot-every``
  iterations (the starting network first; the ``--league-size`` latest are kept), sampling its
  moves;
* the library's :class:`~reversis.bots.players.CautiousBot` (``--cautious``), playing the hand of
  its slot through :meth:`reversis.vector.VectorEnv.hand`.

Every decision of the learner with more than one legal move (the learning seat's and the self-play
seats') is a sample: its observation, legal actions, the action drawn and its probability, and its
return (the seat's rewards from then to the end of the hand). A value network of its own (one hidden
layer, ``--value-hidden`` units; not shipped) is the baseline: the advantage is the return less the
value, normalised over the batch. Then ``--epochs`` passes of PPO (Schulman et al. 2017: the clipped
ratio of the masked probabilities, ``--clip``, an entropy bonus ``--entropy``) in minibatches of
``--minibatch`` with Adam, stopped early when the mean KL divergence from the rollout's policy
passes ``--target-kl``.

Every ``--eval-every`` iterations (and before the first, and at the end) the greedy policy plays
``--eval-hands`` hands against cautious bots, as ``imitate.py`` evaluates (the same deals, apart
from training's): the curve. Everything is counted, nothing timed, and every generator seeded, so
that one command gives one set of weights on one machine (``OPENBLAS_NUM_THREADS=1``). The run's
folder (``--out``, default ``./runs/league-<profile>``) gets ``policy.npz``, ``curve.csv`` and
``run.json``, as ``imitate.py`` writes them, so that ``ship.py`` ships it.

    OPENBLAS_NUM_THREADS=1 python examples/learn/league.py --profile hearts --seed 1
    python examples/learn/league.py --profile tetka --iterations 2 --envs 8 --eval-hands 4 \\
        --eval-every 1 --out /tmp/smoke                                  # a smoke run (seconds)
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

import numpy as np
from folders import check_target
from imitate import digest, evaluate, save
from numerics import Adam, masked_probs, new_weights, sample

import reversis
from reversis.bots.learned import LearnedBot, load_policy, policy_logits, shipped_policy
from reversis.bots.players import CautiousBot
from reversis.engine.actions import action_count, move_index
from reversis.vector import random_actions
from reversis.vector.functional import VectorEnv
from reversis.views.encoding import observation_size

#: The kinds of player at a seat of a hand: the learner, the cautious bot, then past selves.
LEARNER, CAUTIOUS, PAST = 0, 1, 2


def value_of(value: dict, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The value network's estimate for ``x``, and its hidden layer."""
    hidden = np.maximum(x @ value["w1"] + value["b1"], 0.0)
    return (hidden @ value["w2"] + value["b2"])[:, 0], hidden


def seats_of(rng: np.random.Generator, envs: int, players: int, iteration: int,
             args: argparse.Namespace, past: int) -> np.ndarray:  # fmt: skip
    """``(envs, players)``: who plays each seat of each hand (LEARNER, CAUTIOUS or PAST + k)."""
    draw = rng.random((envs, players))
    kind = np.full((envs, players), LEARNER, np.int64)
    kind[draw < args.cautious + args.past] = PAST
    kind[draw < args.cautious] = CAUTIOUS
    pick = rng.integers(0, past, (envs, players))
    kind = np.where(kind == PAST, PAST + pick, kind)
    rows = np.arange(envs)
    kind[rows, (rows + iteration) % players] = LEARNER
    return kind


def play(env: VectorEnv, weights: dict, league: list[dict], kind: np.ndarray, seed: int,
         rng: np.random.Generator) -> dict:  # fmt: skip
    """Deal ``env``'s hands from ``seed`` and play each to its end, the seats as ``kind`` says;
    the learner's decisions that had a choice, with their returns."""
    profile = env.profile
    obs, info = env.reset(seed=seed)
    n = env.num_envs
    rows = np.arange(n)
    alive = np.ones(n, bool)
    cautious = CautiousBot()
    xs, masks, actions, probs, seats, steps, slots, rewards = [], [], [], [], [], [], [], []
    t = 0
    while alive.any():
        mask = info["action_mask"]
        seat = info["seat"].astype(np.int64)
        who = kind[rows, seat]
        a = random_actions(mask, rng)  # the rows of hands already over: ignored
        choice = mask.sum(axis=1) > 1
        mine = alive & (who == LEARNER)
        if mine.any():
            p = masked_probs(policy_logits(weights, obs[mine]), mask[mine])
            drawn = sample(p, rng)
            a[mine] = drawn
            keep = choice[mine]
            xs.append(obs[mine][keep].copy())
            masks.append(mask[mine][keep].astype(bool))
            actions.append(drawn[keep])
            probs.append(p[np.arange(len(drawn)), drawn][keep])
            seats.append(seat[mine][keep])
            slots.append(rows[mine][keep])
            steps.append(np.full(int(keep.sum()), t))
        for k, past in enumerate(league):
            theirs = alive & (who == PAST + k)
            if theirs.any():
                p = masked_probs(policy_logits(past, obs[theirs]), mask[theirs])
                a[theirs] = sample(p, rng)
        for i in np.flatnonzero(alive & (who == CAUTIOUS)):
            if choice[i]:
                hand = env.hand(int(i))
                a[i] = move_index(profile, cautious(hand.view(hand.to_move)))
        obs, _, done, _, info = env.step(a)
        rewards.append(info["rewards"] * alive[:, None])
        alive &= ~done
        t += 1
    togo = np.cumsum(np.stack(rewards)[::-1], axis=0)[::-1]  # (steps, hands, players)
    step, slot, seat = np.concatenate(steps), np.concatenate(slots), np.concatenate(seats)
    return {
        "x": np.concatenate(xs),
        "mask": np.concatenate(masks),
        "a": np.concatenate(actions),
        "p": np.concatenate(probs),
        "g": togo[step, slot, seat].astype(np.float64),
    }


def ppo_gradients(weights: dict, x: np.ndarray, mask: np.ndarray, a: np.ndarray,
                  p_old: np.ndarray, adv: np.ndarray, clip: float,
                  entropy: float) -> tuple[float, dict]:  # fmt: skip
    """PPO's loss on a minibatch (the clipped surrogate's negative, less ``entropy`` times the
    policy's entropy, averaged over the rows) and its gradient in each weight."""
    hidden = np.maximum(x @ weights["w1"] + weights["b1"], 0.0)
    p = masked_probs(hidden @ weights["w2"] + weights["b2"], mask)
    rows = np.arange(len(a))
    ratio = p[rows, a] / p_old
    surrogate = np.minimum(ratio * adv, np.clip(ratio, 1 - clip, 1 + clip) * adv)
    logp = np.log(np.where(mask, np.maximum(p, np.finfo(p.dtype).tiny), 1.0))  # 0 where illegal
    h = -(p * logp).sum(axis=1)
    loss = float(np.mean(-surrogate - entropy * h))
    # The surrogate's gradient flows only where the ratio is inside the clip on the side the
    # advantage pushes it to: d(ratio)/d(logit j) = ratio * (1[j = a] - p_j).
    active = ((adv > 0) & (ratio < 1 + clip)) | ((adv < 0) & (ratio > 1 - clip))
    push = adv * ratio * active
    d = p * push[:, None]
    d[rows, a] -= push
    d += entropy * p * (logp + h[:, None])  # the gradient of -entropy * H
    d = (d / len(a)).astype(weights["w2"].dtype)
    dhidden = (d @ weights["w2"].T) * (hidden > 0)
    grads = {
        "w2": hidden.T @ d,
        "b2": d.sum(axis=0),
        "w1": x.T @ dhidden,
        "b1": dhidden.sum(axis=0),
    }
    return loss, grads


def update(weights: dict, value: dict, adam: Adam, value_adam: Adam, batch: dict, scale: float,
           args: argparse.Namespace, rng: np.random.Generator) -> dict:  # fmt: skip
    """PPO's passes over ``batch``; what they measured (the last pass's KL, passes made,
    the fraction of clipped ratios, the value's error)."""
    x, mask, a, p_old, g = batch["x"], batch["mask"], batch["a"], batch["p"], batch["g"]
    target = (g / scale).astype(np.float32)
    base, _ = value_of(value, x)
    adv = target - base
    adv = ((adv - adv.mean()) / (adv.std() + 1e-8)).astype(np.float32)
    count = len(a)
    passes, kl, clipped, error = 0, 0.0, 0.0, 0.0
    for _ in range(args.epochs):
        order = rng.permutation(count)
        for start in range(0, count, args.minibatch):
            r = order[start : start + args.minibatch]
            xb, mb, ab, pb, advb = x[r], mask[r], a[r], p_old[r], adv[r]
            _, grads = ppo_gradients(weights, xb, mb, ab, pb, advb, args.clip, args.entropy)
            adam.step(weights, grads)
            v, vhidden = value_of(value, xb)
            dv = (2.0 * (v - target[r]) / len(r)).astype(np.float32)[:, None]
            dvh = (dv @ value["w2"].T) * (vhidden > 0)
            value_adam.step(value, {
                "w2": vhidden.T @ dv, "b2": dv.sum(axis=0),
                "w1": xb.T @ dvh, "b1": dvh.sum(axis=0),
            })  # fmt: skip
        passes += 1
        p = masked_probs(policy_logits(weights, x), mask)
        new = p[np.arange(count), a]
        ratio = np.maximum(new, 1e-12) / p_old
        kl = float(np.mean(ratio - 1 - np.log(ratio)))  # an estimate of KL(old, new), never < 0
        clipped = float(np.mean(np.abs(ratio - 1) > args.clip))
        if kl > args.target_kl:
            break
    v, _ = value_of(value, x)
    error = float(np.mean((v - target) ** 2))
    return {"passes": passes, "kl": round(kl, 5), "clipped": round(clipped, 4),
            "value_error": round(error, 4)}  # fmt: skip


def start(args: argparse.Namespace, profile: reversis.Profile,
          rng: np.random.Generator) -> tuple[dict, str]:  # fmt: skip
    """The learner's first weights, and what they are."""
    size, actions = observation_size(profile), action_count(profile)
    if args.init == "scratch":
        return new_weights(size, args.hidden, actions, rng), "scratch"
    if args.init == "shipped":
        weights = shipped_policy(profile.name).weights
        what = f"shipped {profile.name}.npz, digest {digest(weights)}"
    else:
        name, weights = load_policy(args.init)
        if name != profile.name:
            raise SystemExit(f"error: --init {args.init} plays {name}, not {profile.name}")
        what = f"{args.init}, digest {digest(weights)}"
    return {k: np.array(weights[k], np.float32) for k in ("w1", "b1", "w2", "b2")}, what


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="hearts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--init", default="shipped", help="shipped, scratch or a policy file")
    parser.add_argument("--hidden", type=int, default=128, help="(with --init scratch)")
    parser.add_argument("--iterations", type=int, default=1500)
    parser.add_argument("--envs", type=int, default=128, help="hands an iteration")
    parser.add_argument("--cautious", type=float, default=0.4, help="share of cautious seats")
    parser.add_argument("--past", type=float, default=0.3, help="share of past selves' seats")
    parser.add_argument("--snapshot-every", type=int, default=10)
    parser.add_argument("--league-size", type=int, default=6, help="past selves kept")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=1e-3)
    parser.add_argument("--target-kl", type=float, default=0.02)
    parser.add_argument("--value-hidden", type=int, default=64)
    parser.add_argument("--value-lr", type=float, default=1e-3)
    parser.add_argument("--eval-every", type=int, default=250)
    parser.add_argument("--eval-hands", type=int, default=500)
    parser.add_argument("--out", type=Path, default=None, help="(default: runs/league-PROFILE)")
    parser.add_argument(
        "--refresh-shipped", action="store_true", help="write over the repository's results"
    )
    args = parser.parse_args()
    if not (args.cautious >= 0 and args.past >= 0 and args.cautious + args.past <= 1):
        raise SystemExit(
            "error: --cautious and --past are shares: each 0 or more, 1 at most together"
        )
    for name in ("iterations", "envs", "snapshot_every", "league_size", "epochs", "minibatch",
                 "eval_every", "eval_hands", "value_hidden", "hidden"):  # fmt: skip
        if getattr(args, name) < 1:
            raise SystemExit(f"error: --{name.replace('_', '-')} must be 1 or more")
    out = args.out if args.out is not None else Path("runs") / f"league-{args.profile}"
    check_target(out, args.refresh_shipped, "--out")
    profile = reversis.load_profile(args.profile)
    rng = np.random.default_rng(args.seed)
    weights, init = start(args, profile, rng)
    value = new_weights(observation_size(profile), args.value_hidden, 1, rng)
    adam, value_adam = Adam(weights, args.lr), Adam(value, args.value_lr)
    league = [{k: v.copy() for k, v in weights.items()}]
    env = VectorEnv(profile, args.envs, shaping=True)
    out.mkdir(parents=True, exist_ok=True)
    settings = {k: v for k, v in vars(args).items() if k not in ("out", "refresh_shipped")}
    command = ["python", "examples/learn/league.py"]
    for key, val in settings.items():
        command += [f"--{key.replace('_', '-')}", str(val)]
    cpu0 = time.process_time()
    rows: list = []
    scale = 0.0
    hands = decisions = 0
    last: dict = {"passes": "", "kl": "", "clipped": "", "value_error": ""}

    def measure(iteration: int) -> None:
        bot = LearnedBot(profile.name, {k: v.copy() for k, v in weights.items()})
        row = {"iteration": iteration, "hands": hands, "decisions": decisions,
               "cpu_seconds": round(time.process_time() - cpu0, 1)}  # fmt: skip
        row |= last
        row |= evaluate(profile, bot, args.eval_hands)
        rows.append(row)
        print(row, flush=True)

    measure(0)
    for iteration in range(args.iterations):
        kind = seats_of(rng, args.envs, profile.players, iteration, args, len(league))
        seed = int(rng.integers(0, 2**62))
        batch = play(env, weights, league, kind, seed, rng)
        if scale == 0.0:
            scale = float(batch["g"].std()) or 1.0
        last = update(weights, value, adam, value_adam, batch, scale, args, rng)
        hands += args.envs
        decisions += len(batch["a"])
        if (iteration + 1) % args.snapshot_every == 0:
            league.append({k: v.copy() for k, v in weights.items()})
            del league[1 : max(1, len(league) - args.league_size)]
        if (iteration + 1) % args.eval_every == 0 or iteration + 1 == args.iterations:
            measure(iteration + 1)
    run = {
        "profile": profile.name,
        "command": "OPENBLAS_NUM_THREADS=1 " + shlex.join(command),
        "settings": settings,
        "init": init,
        "cpu_seconds": round(time.process_time() - cpu0, 1),
        "shapes": {k: list(v.shape) for k, v in weights.items()},
        "digest": digest(weights),
        "evaluation": rows[-1],
        "python": sys.version.split()[0],
        "numpy": np.__version__,
    }
    save(out, profile.name, weights, rows, run)
    print(f"saved {out / 'policy.npz'}: digest {run['digest'][:16]}, cpu {run['cpu_seconds']} s")


if __name__ == "__main__":
    main()
