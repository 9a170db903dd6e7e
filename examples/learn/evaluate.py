"""Evaluate a learned policy with reversis.simulate: against three RandomBots and against three
CautiousBots, seats rotating, the mean net per hand with its 95 % confidence interval.

    python examples/learn/evaluate.py runs/learn-hearts/policy.npz --hands 2000

The result goes to ``evaluation.json`` beside the policy (or ``--out``); the shipped results of
the repository are refused unless ``--refresh-shipped``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from folders import check_target, write_atomic

import reversis
from reversis.bots.learned import load_policy


def evaluate(path: Path, hands: int, seed: int, workers: int) -> dict[str, object]:
    profile, _ = load_policy(path)
    n = reversis.load_profile(profile).players
    out: dict[str, object] = {"profile": profile, "hands": hands, "seed": seed}
    for opponent in ("random", "cautious"):
        began = time.perf_counter()
        result = reversis.simulate(
            profile,
            [f"learned:{path}"] + [opponent] * (n - 1),
            hands=hands,
            seed=seed,
            workers=workers,
        )
        me = result.bots[0]
        out[opponent] = {
            "net_per_hand": round(me.mean_net, 3),
            "interval": round(me.net_interval, 3),
            "seconds": round(time.perf_counter() - began, 1),
        }
        print(
            f"{profile}: learned vs {n - 1} x {opponent}: {me.mean_net:+.2f} "
            f"±{me.net_interval:.2f} per hand ({hands} hands)",
            flush=True,
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("policy", type=Path)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="(default: beside the policy)")
    parser.add_argument(
        "--refresh-shipped", action="store_true", help="write over the repository's results"
    )
    args = parser.parse_args()
    out = args.out if args.out is not None else args.policy.parent / "evaluation.json"
    check_target(out, args.refresh_shipped, "--out")
    result = evaluate(args.policy, args.hands, args.seed, args.workers)
    write_atomic(out, (json.dumps(result, indent=2) + "\n").encode())
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
