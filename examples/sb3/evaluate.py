"""Evaluate a run of ``train.py`` (its saved ``model.zip``) against each bot of
:data:`reversis.pettingzoo.BOTS`, as ``train.py`` does at its end: the greedy policy, its seat
rotating, hand *i* dealt with seed ``EVAL_SEED + i``; the mean net per hand with its 95 % interval.
The result goes to the run's ``evaluation.json`` when the run has none (a run stopped before its
end), else it is only printed.

    python -m examples.sb3.evaluate runs/hearts --hands 2000
"""

# torch and SB3 are imported where they are used (--help needs only the pettingzoo extra).
# ruff: noqa: PLC0415
from __future__ import annotations

import argparse
import csv
import json
import time
from pathlib import Path
from typing import Any

from reversis.pettingzoo import BOTS

try:  # python -m examples.sb3.evaluate
    from examples.sb3.train import evaluate, interval, versions
except ImportError:  # python examples/sb3/evaluate.py
    from train import evaluate, interval, versions  # type: ignore[no-redef]


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m examples.sb3.evaluate", description=__doc__)
    parser.add_argument("run", type=Path, help="a run's folder (model.zip, run.json, curve.csv)")
    parser.add_argument("--hands", type=int, default=2000, help="hands against each bot")
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    began = time.process_time()
    run = json.loads((args.run / "run.json").read_text())
    with open(args.run / "curve.csv", newline="") as f:
        last = list(csv.DictReader(f))[-1]  # the evaluation that saved model.zip
    model = MaskablePPO.load(args.run / "model.zip", device="cpu")
    profile = run["args"]["profile"]
    final: dict[str, Any] = {}
    for opponent in sorted(BOTS):
        mean, half = interval(evaluate(model, profile, opponent, args.hands))
        final[opponent] = {"hands": args.hands, "mean_net": mean, "half_width": half}
        print(f"against {opponent}: {mean:+.2f} ± {half:.2f} a hand ({args.hands} hands)")
    result = run | {
        "timesteps": int(last["timesteps"]),
        "hands": int(last["hands"]),
        "train_cpu_seconds": float(last["cpu_seconds"]),
        "train_wall_seconds": float(last["wall_seconds"]),
        "evaluated_by": "evaluate.py",
        "evaluation_cpu_seconds": round(time.process_time() - began, 1),
        "evaluation_versions": versions(),
        "evaluation": final,
    }
    path = args.run / "evaluation.json"
    if path.exists():
        print(f"{path} exists: not written")
    else:
        path.write_text(json.dumps(result, indent=2) + "\n")
        print(f"wrote {path}")
    return result


if __name__ == "__main__":
    main()
