"""Draw the learning curves (``curve.csv`` beside each policy) into ``curve.png`` with matplotlib
(``pip install 'reversis[learn]'``).

    python examples/learn/plot.py runs/learn-hearts runs/learn-fournier-1785

The picture goes to ``runs/learn-curve.png`` under the current directory (or ``--out``); the
repository's own ``curve.png`` is refused unless ``--refresh-shipped``.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import matplotlib
from folders import check_target

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--out", type=Path, default=Path("runs") / "learn-curve.png")
    parser.add_argument(
        "--refresh-shipped", action="store_true", help="write over the repository's curve.png"
    )
    args = parser.parse_args()
    check_target(args.out, args.refresh_shipped, "--out")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(7, 4))
    for folder in args.folders:
        with open(folder / "curve.csv", newline="") as f:
            rows = list(csv.DictReader(f))
        x = [float(r["cpu_seconds"]) / 60 for r in rows]
        y = [float(r["net_vs_random"]) for r in rows]
        half = [float(r["interval"]) for r in rows]
        ax.plot(x, y, label=folder.name)
        ax.fill_between(
            x,
            [a - h for a, h in zip(y, half, strict=False)],
            [a + h for a, h in zip(y, half, strict=False)],
            alpha=0.25,
        )
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xlabel("training CPU minutes")
    ax.set_ylabel("net per hand vs 3 random players")
    ax.set_title("Self-play policy gradient on reversis.vector.functional (95 % intervals)")
    ax.legend()
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
