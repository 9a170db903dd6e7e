"""Draw the curves of the shipped policies (``docs/_static/learned-curves.csv``, which ``ship.py``
writes) into ``docs/_static/learned-curves.png`` with matplotlib (``pip install 'reversis[learn]'``):
for each profile, the learned policy's net per hand against cautious players (the difference to
their mean, with its 95 % interval) after each round of imitation (``imitate.py``), then along its
self-play against the league (``league.py``), by training CPU minutes.

    python examples/learn/plot_learned.py [--out PICTURE]
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import matplotlib
from folders import ROOT

matplotlib.use("Agg")
import matplotlib.pyplot as plt

CURVES = ROOT / "docs" / "_static" / "learned-curves.csv"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--curves", type=Path, default=CURVES)
    parser.add_argument("--out", type=Path, default=CURVES.with_suffix(".png"))
    args = parser.parse_args()
    curves: dict[str, list[dict[str, str]]] = {}
    with open(args.curves, newline="") as f:
        for row in csv.DictReader(f):
            curves.setdefault(row["profile"], []).append(row)
    columns = 4
    rows = (len(curves) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(3.2 * columns, 2.6 * rows), squeeze=False)
    for ax, (profile, points) in zip(axes.flat, sorted(curves.items()), strict=False):
        for stage, label in (("imitation", "imitation (DAgger)"), ("league", "league (PPO)")):
            part = [p for p in points if p.get("stage", "imitation") == stage]
            if not part:
                continue
            x = [float(p["cpu_seconds"]) / 60 for p in part]
            y = [float(p["difference"]) for p in part]
            half = [float(p["difference_interval"]) for p in part]
            ax.plot(x, y, marker="o", markersize=3, label=label)
            low = [a - h for a, h in zip(y, half, strict=True)]
            high = [a + h for a, h in zip(y, half, strict=True)]
            ax.fill_between(x, low, high, alpha=0.25)
        ax.axhline(0, color="grey", linewidth=0.8)
        ax.set_title(profile, fontsize=10)
        ax.tick_params(labelsize=8)
    for ax in list(axes.flat)[len(curves) :]:
        ax.set_visible(False)
    for ax in axes[-1]:
        ax.set_xlabel("training CPU minutes", fontsize=8)
    for ax in axes[:, 0]:
        ax.set_ylabel("net − others' mean / hand", fontsize=8)
    axes.flat[0].legend(fontsize=7, loc="lower right")
    fig.suptitle("Imitating MonteCarloBot (DAgger), then PPO against a league; against CautiousBot: "
                 "500 hands a point, 95 % intervals", fontsize=10)  # fmt: skip
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
