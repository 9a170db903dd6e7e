"""Evaluate a learned policy with reversis.simulate: against three RandomBots and against three
CautiousBots, seats rotating, the mean net per hand with its 95 % confidence interval.

    python examples/learn/evaluate.py examples/learn/hearts/policy.npz --hands 2000
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

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
    args = parser.parse_args()
    result = evaluate(args.policy, args.hands, args.seed, args.workers)
    (args.policy.parent / "evaluation.json").write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
