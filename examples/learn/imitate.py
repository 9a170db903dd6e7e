"""Imitation of a search bot with DAgger, NumPy only: the shipped policies of ``make_bot("learned")``
(issue 39).

The student is :func:`reversis.bots.learned.policy_logits`' network (one hidden layer of rectified
units over :mod:`reversis.views.encoding`); the teacher is :class:`reversis.bots.players.MonteCarloBot`
(``--playouts`` worlds a decision, each legal move played out by the cautious rules), which beats
:class:`~reversis.bots.players.CautiousBot` in every shipped profile. Each round plays ``--hands``
hands with one learning seat against cautious bots at the others (hand ``i``: the learning seat is
``i mod n`` and the dealer ``(i div n) mod n``, as ``benchmarks/strength.py`` rotates them), and
records every decision of the learning seat that has more than one legal move, labelled with the
teacher's move. In round 0 the teacher itself plays the learning seat; from round 1 on the student
plays it (DAgger: positions the student reaches, moves the teacher would make). After each round the
network takes ``--epochs`` passes of Adam over all the decisions recorded so far (cross-entropy of
its masked scores against the teacher's move), and plays ``--eval-hands`` hands against cautious
bots on deals of its own (a seed apart from training's), which gives the curve.

Every decision is the network's, the steps before play (the exchange, Hearts' pass, the discard)
included: the teacher chooses them as it chooses a card.

Everything is counted, nothing timed, so that one seed gives one set of weights on one machine
(with ``OPENBLAS_NUM_THREADS=1``): the teacher's generator is seeded per hand, the deals per hand,
the minibatches from the run's generator. The run's folder (``--out``, default
``./runs/imitate-<profile>``) gets ``policy.npz`` (a bot: ``learned:DIR/policy.npz``),
``curve.csv`` and ``run.json`` (the command, the settings, the CPU time, a digest of the weights
and the last evaluation).

    OPENBLAS_NUM_THREADS=1 python examples/learn/imitate.py --profile hearts --seed 1
    python examples/learn/imitate.py --profile tetka --rounds 1 --hands 4 --eval-hands 4 \\
        --out /tmp/smoke                                            # a smoke run (seconds)
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import math
import random
import shlex
import sys
import time
from pathlib import Path

import numpy as np
from folders import check_target, write_atomic
from numerics import Adam, masked_probs, new_weights

import reversis
from reversis.bots.learned import LearnedBot
from reversis.bots.players import CautiousBot, MonteCarloBot
from reversis.engine.actions import action_count
from reversis.views.encoding import encode_view, observation_size

#: The evaluation deals: a seed apart from the training deals.
EVAL_SEED = 7_000_003


def hand_seed(seed: int, index: int) -> int:
    """The deal of hand ``index`` (as ``benchmarks/strength.py`` makes it)."""
    return seed * 1_000_003 + index


def collect(profile: reversis.Profile, student: LearnedBot | None, args: argparse.Namespace,
            round_: int) -> tuple[list, list, list]:  # fmt: skip
    """Play ``args.hands`` hands, the learning seat played by ``student`` (the teacher if None),
    and return the observations, legal actions and teacher's actions of its decisions."""
    n = profile.players
    xs, legal, labels = [], [], []
    for i in range(args.hands):
        s = hand_seed(args.seed * 1000 + round_, i)
        seat = i % n
        teacher = MonteCarloBot(random.Random(s), playouts=args.playouts)
        cautious = CautiousBot()
        hand = reversis.new_hand(profile, seed=s, dealer=(i // n) % n)
        while not hand.is_over:
            mover = hand.to_move
            view = hand.view(mover)
            if mover != seat:
                hand = hand.apply(cautious(view))
                continue
            moves = view.legal_moves
            if len(moves) == 1:
                hand = hand.apply(moves[0])
                continue
            label = teacher(view)
            indices = view.legal_indices()
            xs.append(np.asarray(encode_view(view), np.float32))
            legal.append(np.asarray(indices, np.int64))
            labels.append(indices[moves.index(label)])
            hand = hand.apply(label if student is None else student(view))
    return xs, legal, labels


def train(weights: dict, adam: Adam, data: dict, args: argparse.Namespace,
          rng: np.random.Generator) -> float:  # fmt: skip
    """``args.epochs`` passes of Adam over ``data``; the mean loss of the last pass."""
    x, mask, y = data["x"], data["mask"], data["y"]
    count = len(y)
    loss = 0.0
    for _ in range(args.epochs):
        order = rng.permutation(count)
        total = 0.0
        for start in range(0, count, args.batch):
            rows = order[start : start + args.batch]
            xb, mb, yb = x[rows], mask[rows], y[rows]
            hidden = np.maximum(xb @ weights["w1"] + weights["b1"], 0.0)
            p = masked_probs(hidden @ weights["w2"] + weights["b2"], mb)
            r = np.arange(len(rows))
            total += float(-np.log(np.maximum(p[r, yb], 1e-12)).sum())
            d = p
            d[r, yb] -= 1.0
            d = (d / len(rows)).astype(np.float32)
            dhidden = (d @ weights["w2"].T) * (hidden > 0)
            grads = {
                "w2": hidden.T @ d + args.decay * weights["w2"],
                "b2": d.sum(axis=0),
                "w1": xb.T @ dhidden + args.decay * weights["w1"],
                "b1": dhidden.sum(axis=0),
            }
            adam.step(weights, grads)
        loss = total / count
    return loss


def evaluate(profile: reversis.Profile, bot: LearnedBot, hands: int) -> dict:
    """``bot`` at one seat against cautious bots, seats rotating: its mean net per hand and the
    mean difference to the others', each with its 95 % half-width."""
    n = profile.players
    mine, diffs = [], []
    for i in range(hands):
        s = hand_seed(EVAL_SEED, i)
        seat = i % n
        bots = [bot if k == seat else CautiousBot() for k in range(n)]
        hand = reversis.new_hand(profile, seed=s, dealer=(i // n) % n)
        while not hand.is_over:
            mover = hand.to_move
            hand = hand.apply(bots[mover](hand.view(mover)))
        net = reversis.settle(hand).net
        mine.append(net[seat])
        diffs.append(net[seat] - sum(net[k] for k in range(n) if k != seat) / (n - 1))

    def interval(values: list) -> tuple[float, float]:
        a = np.asarray(values, np.float64)
        half = 1.96 * a.std(ddof=1) / math.sqrt(len(a)) if len(a) > 1 else 0.0
        return round(float(a.mean()), 3), round(float(half), 3)

    (m, mh), (d, dh) = interval(mine), interval(diffs)
    return {"net_vs_cautious": m, "interval": mh, "difference": d, "difference_interval": dh}


def digest(weights: dict) -> str:
    """A SHA-256 of the weights' bytes, in key order (the .npz file itself carries a time)."""
    h = hashlib.sha256()
    for key in ("w1", "b1", "w2", "b2"):
        h.update(np.ascontiguousarray(weights[key], np.float32).tobytes())
    return h.hexdigest()


def save(out: Path, profile: str, weights: dict, rows: list, run: dict) -> None:
    buffer = io.BytesIO()
    np.savez(buffer, profile=np.array(profile), **weights)
    write_atomic(out / "policy.npz", buffer.getvalue())
    text = io.StringIO(newline="")
    writer = csv.DictWriter(text, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_atomic(out / "curve.csv", text.getvalue().encode())
    write_atomic(out / "run.json", (json.dumps(run, indent=2) + "\n").encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="hearts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=6, help="DAgger rounds (0: the teacher's)")
    parser.add_argument("--hands", type=int, default=1500, help="hands a round")
    parser.add_argument("--playouts", type=int, default=32, help="the teacher's worlds a move")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=6, help="passes over the data a round")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--decay", type=float, default=1e-5, help="L2 weight decay")
    parser.add_argument("--eval-hands", type=int, default=500, help="hands of each evaluation")
    parser.add_argument("--out", type=Path, default=None, help="(default: runs/imitate-PROFILE)")
    parser.add_argument(
        "--refresh-shipped", action="store_true", help="write over the repository's results"
    )
    args = parser.parse_args()
    out = args.out if args.out is not None else Path("runs") / f"imitate-{args.profile}"
    check_target(out, args.refresh_shipped, "--out")
    out.mkdir(parents=True, exist_ok=True)
    profile = reversis.load_profile(args.profile)
    size, actions = observation_size(profile), action_count(profile)
    rng = np.random.default_rng(args.seed)
    weights = new_weights(size, args.hidden, actions, rng)
    adam = Adam(weights, args.lr)
    data: dict = {"x": [], "legal": [], "y": []}
    rows: list = []
    cpu0 = time.process_time()
    settings = {k: v for k, v in vars(args).items() if k not in ("out", "refresh_shipped")}
    command = ["python", "examples/learn/imitate.py"]
    for key, value in settings.items():
        command += [f"--{key.replace('_', '-')}", str(value)]
    student: LearnedBot | None = None
    for round_ in range(args.rounds):
        xs, legal, labels = collect(profile, student, args, round_)
        data["x"] += xs
        data["legal"] += legal
        data["y"] += labels
        x = np.stack(data["x"])
        mask = np.zeros((len(x), actions), bool)
        for row, indices in enumerate(data["legal"]):
            mask[row, indices] = True
        batch = {"x": x, "mask": mask, "y": np.asarray(data["y"], np.int64)}
        loss = train(weights, adam, batch, args, rng)
        student = LearnedBot(profile.name, {k: v.copy() for k, v in weights.items()})
        row = {
            "round": round_,
            "decisions": len(data["y"]),
            "hands": (round_ + 1) * args.hands,
            "cpu_seconds": round(time.process_time() - cpu0, 1),
            "loss": round(loss, 4),
        }
        row |= evaluate(profile, student, args.eval_hands)
        rows.append(row)
        print(row, flush=True)
    run = {
        "profile": profile.name,
        "command": "OPENBLAS_NUM_THREADS=1 " + shlex.join(command),
        "settings": settings,
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
