"""Draw the curves of runs of ``train.py`` (``curve.csv`` in each run's folder) into one PNG with
matplotlib, one panel per run: the greedy policy's mean net per hand against the run's opponents,
by training timesteps, with its 95 % interval shaded.

    python -m examples.sb3.plot examples/sb3/hearts examples/sb3/fournier-1785 --out curve.png
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m examples.sb3.plot", description=__doc__)
    parser.add_argument("folders", type=Path, nargs="+", help="runs' folders (with curve.csv)")
    parser.add_argument("--out", type=Path, required=True, help="the PNG to write")
    args = parser.parse_args(argv)
    fig, axes = plt.subplots(1, len(args.folders), figsize=(4.2 * len(args.folders), 3.4))
    axes = [axes] if len(args.folders) == 1 else list(axes)
    for ax, folder in zip(axes, args.folders, strict=True):
        with open(folder / "curve.csv", newline="") as f:
            rows = list(csv.DictReader(f))
        profile, versions = folder.name, ""
        if (folder / "evaluation.json").exists():
            run = json.loads((folder / "evaluation.json").read_text())
            profile = run["args"]["profile"]
            versions = f"sb3-contrib {run['versions']['sb3-contrib']}"
        x = [int(r["timesteps"]) / 1000 for r in rows]
        y = [float(r["mean_net"]) for r in rows]
        half = [float(r["half_width"]) for r in rows]
        ax.plot(x, y, marker=".", color="C0")
        ax.fill_between(
            x, [a - h for a, h in zip(y, half, strict=True)],
            [a + h for a, h in zip(y, half, strict=True)], alpha=0.25, color="C0",
        )  # fmt: skip
        ax.axhline(0, color="grey", linewidth=0.8)
        opponent, hands = rows[0]["opponent"], rows[0]["eval_hands"]
        ax.set_title(f"{profile}: vs 3 × {opponent} ({hands} hands)", fontsize=10)
        ax.set_xlabel("training timesteps (thousands)")
        ax.set_ylabel("net per hand (95 % interval)")
        if versions:
            ax.text(0.99, 0.02, f"MaskablePPO, {versions}", transform=ax.transAxes,
                    ha="right", fontsize=7, color="grey")  # fmt: skip
    fig.tight_layout()
    fig.savefig(args.out, dpi=90)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
