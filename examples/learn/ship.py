"""Ship the networks of ``imitate.py`` runs in the package, and evaluate them as
``make_bot("learned")`` plays them (issue 39).

    python examples/learn/ship.py runs/imitate-hearts runs/imitate-tetka ... --hands 1000

Each run folder's ``policy.npz`` is copied to ``src/reversis/bots/policies/<profile>.npz`` (its
arrays as float32, no more), and ``src/reversis/bots/policies/index.json`` gets, for each
profile, what the run recorded (the command that makes it again, the settings and seed, the CPU
time, the shapes, the digest of the weights) and an evaluation over ``--hands`` hands: the shipped
bot at one seat against :class:`~reversis.bots.players.CautiousBot` at the others, hand ``i`` dealt
from seed ``(seed, i)`` by dealer ``(i div n) mod n`` with the learned seat at ``i mod n``, as
``benchmarks/strength.py`` plays them (the deals are not the training's), and the time a move of
the learned bot. The runs' curves go together to ``docs/_static/learned-curves.csv`` (a column
``profile`` first), which ``plot_imitate.py`` draws. ``--evaluate-only`` evaluates what ships and
prints it, writing nothing.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import time
from pathlib import Path

import numpy as np
from folders import ROOT, write_atomic

import reversis
from reversis.bots.learned import ShippedLearnedBot, shipped_policies
from reversis.bots.players import CautiousBot

POLICIES = ROOT / "src" / "reversis" / "bots" / "policies"
CURVES = ROOT / "docs" / "_static" / "learned-curves.csv"


def hand_seed(seed: int, index: int) -> int:
    """As ``benchmarks/strength.py`` deals hand ``index``."""
    return seed * 1_000_003 + index


def interval(values: list[float]) -> tuple[float, float]:
    a = np.asarray(values, np.float64)
    return float(a.mean()), float(1.96 * a.std(ddof=1) / math.sqrt(len(a)))


def evaluate(profile: str, hands: int, seed: int) -> dict[str, object]:
    """The shipped bot against cautious bots over ``hands`` hands (see the module)."""
    rules = reversis.load_profile(profile)
    n = rules.players
    bot = ShippedLearnedBot()
    mine, diffs = [], []
    thinking, moves = 0.0, 0
    for i in range(hands):
        s = hand_seed(seed, i)
        seat = i % n
        hand = reversis.new_hand(rules, seed=s, dealer=(i // n) % n)
        while not hand.is_over:
            mover = hand.to_move
            view = hand.view(mover)
            if mover == seat:
                began = time.perf_counter()
                move = bot(view)
                thinking += time.perf_counter() - began
                moves += 1
            else:
                move = CautiousBot()(view)
            hand = hand.apply(move)
        net = reversis.settle(hand).net
        mine.append(net[seat])
        diffs.append(net[seat] - sum(net[k] for k in range(n) if k != seat) / (n - 1))
    (m, mh), (d, dh) = interval(mine), interval(diffs)
    return {
        "against": "cautious",
        "hands": hands,
        "seed": seed,
        "net_per_hand": round(m, 3),
        "interval": round(mh, 3),
        "difference": round(d, 3),
        "difference_interval": round(dh, 3),
        "millis_a_move": round(1000 * thinking / moves, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", type=Path, nargs="*", help="imitate.py run folders")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--evaluate-only", action="store_true")
    args = parser.parse_args()
    index_path = POLICIES / "index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else {}
    if not args.evaluate_only:
        POLICIES.mkdir(exist_ok=True)
        for run in args.runs:
            record = json.loads((run / "run.json").read_text())
            with np.load(run / "policy.npz", allow_pickle=False) as data:
                arrays = {k: np.asarray(data[k], np.float32) for k in ("w1", "b1", "w2", "b2")}
            buffer = io.BytesIO()
            np.savez(buffer, profile=np.array(record["profile"]), **arrays)
            write_atomic(POLICIES / f"{record['profile']}.npz", buffer.getvalue())
            index[record["profile"]] = record
    made = [json.loads((run / "run.json").read_text())["profile"] for run in args.runs]
    for profile in made or shipped_policies():
        result = evaluate(profile, args.hands, args.seed)
        print(f"{profile:<18} {json.dumps(result)}", flush=True)
        if not args.evaluate_only:
            index[profile]["benchmark"] = result
            index[profile]["bytes"] = (POLICIES / f"{profile}.npz").stat().st_size
    if not args.evaluate_only:
        curves = {}
        if CURVES.exists():
            with open(CURVES, newline="") as f:
                for row in csv.DictReader(f):
                    curves.setdefault(row["profile"], []).append(row)
        for run in args.runs:
            profile = json.loads((run / "run.json").read_text())["profile"]
            with open(run / "curve.csv", newline="") as f:
                curves[profile] = [{"profile": profile, **row} for row in csv.DictReader(f)]
        text = io.StringIO(newline="")
        every = [row for name in sorted(curves) for row in curves[name]]
        writer = csv.DictWriter(text, fieldnames=list(every[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(every)
        write_atomic(CURVES, text.getvalue().encode())
        index = dict(sorted(index.items()))
        write_atomic(index_path, (json.dumps(index, indent=2) + "\n").encode())
        print(f"wrote {index_path}")


if __name__ == "__main__":
    main()
