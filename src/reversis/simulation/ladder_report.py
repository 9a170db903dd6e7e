"""The ladder for people: text tables (``ladder``'s output) and a picture (``ladder --out DIR``),
from a :class:`~reversis.simulation.ladder.LadderResult`.

The picture needs matplotlib, the optional extra ``plot`` (``pip install "reversis[plot]"``).
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING

from reversis.simulation.report import check_picture, picture_metadata

if TYPE_CHECKING:
    from reversis.simulation.ladder import LadderResult, ProfileLadder

__all__ = ["plot", "profile_table", "table"]


def _signed(value: float) -> str:
    """``value`` with its sign and two decimals; what rounds to zero is ``+0.00``."""
    return f"{value:+.2f}" if round(value, 2) != 0 else "+0.00"


def profile_table(result: ProfileLadder, seed: int) -> str:
    """One profile's ladder as text: the ratings, best first, then every pair's margin."""
    n = result.players
    lines = [
        f"{result.profile}: {result.deals} deals a pair, each played {2 * n} times (each bot "
        f"alone at each seat against the other), seed {seed}",
        "rating: net a hand against the field (least squares of the margins, sum zero), "
        "95 % bootstrap interval over the deals",
    ]
    width = max(10, *(len(r.bot) for r in result.ratings))
    lines.append(f"{'bot':<{width}}  {'rating':>7}  {'95 % interval':>17}  {'ms a decision':>13}")
    for r in result.ratings:
        interval = f"[{_signed(r.low)}, {_signed(r.high)}]"
        lines.append(f"{r.bot:<{width}}  {_signed(r.rating):>7}  {interval:>17}  {r.millis:>13.2f}")
    lines.append("")
    # Each pair with the bot ahead first: its margin is then never below zero.
    pairs = [
        (p.first, p.second, p.margin, p.low, p.high)
        if p.margin >= 0
        else (p.second, p.first, -p.margin, -p.high, -p.low)
        for p in result.pairs
    ]
    labels = [f"{first} over {second}" for first, second, *_ in pairs]
    width = max(26, *(len(label) for label in labels))
    lines.append(f"{'pair (margin of the first)':<{width}}  {'margin':>7}  {'95 % interval':>17}")
    for label, (_, _, margin, low, high) in zip(labels, pairs, strict=True):
        interval = f"[{_signed(low)}, {_signed(high)}]"
        lines.append(f"{label:<{width}}  {_signed(margin):>7}  {interval:>17}")
    return "\n".join(lines)


def table(result: LadderResult) -> str:
    """The whole ladder as text, one block per profile."""
    return "\n\n".join(profile_table(p, result.seed) for p in result.profiles)


def plot(result: LadderResult, path: str | os.PathLike[str]) -> None:
    """Draw each profile's ratings with their 95 % intervals (one panel per profile, the bots in
    the same order in every panel) into the picture file ``path`` (``.svg``, ``.png`` or
    ``.pdf``). :class:`~reversis.ArgumentError` for another suffix; :class:`ModuleNotFoundError`
    naming the ``plot`` extra without matplotlib."""
    check_picture(path)
    name = os.fspath(path)
    suffix = os.path.splitext(name)[1].lower()
    figure_class = importlib.import_module("matplotlib.figure").Figure
    bots = list(result.bots)
    count = len(result.profiles)
    columns = min(count, 4)
    rows = -(-count // columns)
    figure = figure_class(
        figsize=(3.2 * columns + 1.2, 0.45 * len(bots) * rows + 1.2 * rows), layout="constrained"
    )
    axes = figure.subplots(rows, columns, squeeze=False, sharey=True)
    places = list(range(len(bots)))
    for k, ladder in enumerate(result.profiles):
        ax = axes[k // columns][k % columns]
        by_bot = {r.bot: r for r in ladder.ratings}
        values = [by_bot[b].rating for b in bots]
        errors = [
            [by_bot[b].rating - by_bot[b].low for b in bots],
            [by_bot[b].high - by_bot[b].rating for b in bots],
        ]
        ax.errorbar(values, places, xerr=errors, fmt="o", capsize=4, color="#1f4d37")
        ax.axvline(0, color="#888888", linewidth=0.8)
        ax.set_title(ladder.profile, fontsize=10)
        ax.set_yticks(places, bots)
        if k == 0:  # the axes share y: the first bot on top in every panel
            ax.invert_yaxis()
        ax.set_xlabel("rating (net a hand)", fontsize=8)
    for k in range(count, rows * columns):
        axes[k // columns][k % columns].set_visible(False)
    figure.suptitle(f"The bots' ladder: {result.deals} deals a pair, seed {result.seed}")
    with importlib.import_module("matplotlib").rc_context({"svg.hashsalt": "reversis"}):
        figure.savefig(name, format=suffix[1:], metadata=picture_metadata(suffix))
