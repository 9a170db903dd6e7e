"""Ship the networks of ``imitate.py`` or ``league.py`` runs in the package, and evaluate them as
``make_bot("learned")`` plays them (issue 39).

    python examples/learn/ship.py runs/league-hearts runs/league-tetka ... --hands 1000

Each run folder's ``policy.npz`` is copied to ``src/reversis/bots/policies/<profile>.npz`` (its
arrays as float32, no more), and ``src/reversis/bots/policies/index.json`` gets, for each
profile, what the run recorded (the command that makes it again, the settings and seed, the CPU
time, the shapes, the digest of the weights) and an evaluation over ``--hands`` hands: the shipped
bot at one seat against :class:`~reversis.bots.players.CautiousBot` at the others, hand ``i`` dealt
from seed ``(seed, i)`` by dealer ``(i div n) mod n`` with the learned seat at ``i mod n``, as
``benchmarks/strength.py`` plays them (the deals are not the training's), and the time a move of
the learned bot. A ``league.py`` run must have started from the imitation network that ships for
its profile (the digest it records); that imitation's record is kept in the profile's entry
(``imitation``). The runs' curves go together to ``docs/_static/learned-curves.csv`` (columns
``profile`` and ``stage`` first: a league run's rows follow the rounds of the imitation it started
from, its CPU time after theirs), which ``plot_learned.py`` draws. ``--evaluate-only`` evaluates
what ships and prints it, writing nothing.
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


def imitation_of(run: Path, record: dict, shipped: dict | None) -> dict:
    """What the imitation a ``league.py`` run started from recorded (its command, settings, CPU
    time, digest and evaluation), from what ships now: the run must have started from its
    weights (the digest its ``init`` names)."""
    imitation = None if shipped is None else shipped.get("imitation", shipped)
    start = record["init"].rsplit("digest ", 1)[-1]
    if imitation is None or imitation["digest"] != start:
        raise SystemExit(
            f"error: {run} started from weights of digest {start[:16]}, not from the imitation "
            f"network shipped for {record['profile']}: ship the imitate.py run it started from "
            "first"
        )
    keep = ("command", "settings", "cpu_seconds", "digest", "evaluation", "benchmark")
    return {k: imitation[k] for k in keep if k in imitation}


def curve_of(shipped: list[dict], rows: list[dict], imitation: dict | None) -> list[dict]:
    """A profile's curve once a run's ``rows`` ship: an imitation run's rows alone; a league
    run's after the rounds of the imitation it started from (``imitation``, its record; its rows
    are those of ``shipped``, the profile's curve so far, that are not a league's), each point's
    CPU time after the imitation's. Each row gets its ``stage``."""
    if imitation is None:
        return [dict(r, stage="imitation") for r in rows]
    before = [dict(r, stage="imitation") for r in shipped if r.get("stage", "") != "league"]
    offset = imitation["cpu_seconds"]
    after = [
        dict(r, stage="league", cpu_seconds=str(round(offset + float(r["cpu_seconds"]), 1)))
        for r in rows
    ]
    return before + after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", type=Path, nargs="*", help="imitate.py or league.py run folders")
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
            if "init" in record:
                record["imitation"] = imitation_of(run, record, index.get(record["profile"]))
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
            record = json.loads((run / "run.json").read_text())
            profile = record["profile"]
            with open(run / "curve.csv", newline="") as f:
                rows = [{"profile": profile, **row} for row in csv.DictReader(f)]
            imitation = index[profile].get("imitation") if "init" in record else None
            curves[profile] = curve_of(curves.get(profile, []), rows, imitation)
        text = io.StringIO(newline="")
        every = [row for name in sorted(curves) for row in curves[name]]
        fields = ["profile", "stage"]
        fields += [k for row in every for k in row if k not in fields]
        fields = list(dict.fromkeys(fields))
        writer = csv.DictWriter(text, fieldnames=fields, restval="", lineterminator="\n")
        writer.writeheader()
        writer.writerows(every)
        write_atomic(CURVES, text.getvalue().encode())
        index = dict(sorted(index.items()))
        write_atomic(index_path, (json.dumps(index, indent=2) + "\n").encode())
        print(f"wrote {index_path}")


if __name__ == "__main__":
    main()
