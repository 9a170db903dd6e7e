"""A simulation's result for people: a text table (``simulate``'s output) and a picture
(``simulate --plot FILE``), from a :class:`~reversis.simulation.runs.SimulationResult`.

The picture needs matplotlib, the optional extra ``plot`` (``pip install "reversis[plot]"``);
without it :func:`plot` says so.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from reversis.errors import ArgumentError

if TYPE_CHECKING:
    from reversis.simulation.runs import SimulationResult

__all__ = ["check_picture", "labels", "picture_metadata", "plot", "table"]

#: The kinds of picture file :func:`plot` writes, by suffix.
FORMATS = (".svg", ".png", ".pdf")


def labels(names: Sequence[str]) -> list[str]:
    """The bots' names for the rows, numbered where a name is used more than once, in the order of
    the bots: ``labels(["cautious", "random", "random"])`` is
    ``["cautious", "random #1", "random #2"]``."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        out.append(f"{name} #{seen[name]}" if names.count(name) > 1 else name)
    return out


def table(result: SimulationResult) -> str:
    """The result as a text table, one line per bot; ``—`` where the game has no such thing."""
    kind = result.kind if result.count != 1 else result.kind[:-1]
    lines = [
        f"{result.profile}: {result.count} {kind}, seed {result.seed}; mean net per hand with its "
        "95 % confidence interval"
        + ("; mean net per match likewise" if result.kind == "matches" else ""),
    ]
    rows = labels([b.name for b in result.bots])
    width = max(8, *(len(label) for label in rows))
    head = (
        f"{'bot':<{width}} {'hands':>6} {'pot won':>8}  {'net per hand':>12}"
        f"  {'reversis made/broken':>20}  {'privilege used':>14}"
    )
    if result.kind == "matches":
        head += f"  {'net per match':>15}"
    lines.append(head)
    for label, b in zip(rows, result.bots, strict=True):
        pot = f"{b.pot_won_percent:.1f} %" if b.pot_won_percent is not None else "—"
        rev = f"{b.reversis_made}/{b.reversis_broken}" if b.reversis_made is not None else "—"
        priv = str(b.privilege_used) if b.privilege_used is not None else "—"
        net = f"{b.mean_net:+.2f} ±{b.net_interval:.2f}"
        line = f"{label:<{width}} {b.hands:>6} {pot:>8}  {net:>12}  {rev:>20}  {priv:>14}"
        if result.kind == "matches":
            line += f"  {b.mean_match_net or 0:+.1f} ±{b.match_interval or 0:.1f}"
        lines.append(line)
    return "\n".join(lines)


def _figure() -> Any:
    """Matplotlib's ``Figure`` class (no pyplot, no global backend), or a clear error naming the
    extra."""
    try:
        importlib.import_module("matplotlib")
        return importlib.import_module("matplotlib.figure").Figure
    except ImportError:
        raise ModuleNotFoundError(
            'a simulation\'s picture needs matplotlib: pip install "reversis[plot]"',
            name="matplotlib",
        ) from None


def check_picture(path: str | os.PathLike[str]) -> None:
    """Check, before any work, that :func:`plot` can draw into ``path``: its suffix names a
    picture format and matplotlib (the ``plot`` extra) is installed.

    :class:`~reversis.ArgumentError` for another suffix; :class:`ModuleNotFoundError` naming the
    ``plot`` extra without matplotlib (``simulate --plot`` calls it before it simulates).
    """
    name = os.fspath(path)
    suffix = os.path.splitext(name)[1].lower()
    if suffix not in FORMATS:
        raise ArgumentError(
            f"--plot: {name[-60:]!r} is not a picture file's name: end it with "
            + ", ".join(FORMATS)
        )
    _figure()


def plot(result: SimulationResult, path: str | os.PathLike[str]) -> None:
    """Draw each bot's mean net per hand, with its 95 % confidence interval as an error bar, into
    the picture file ``path`` (its suffix, ``.svg``, ``.png`` or ``.pdf``, gives the format).

    :class:`~reversis.ArgumentError` for another suffix; :class:`ModuleNotFoundError` naming the
    ``plot`` extra without matplotlib.
    """
    check_picture(path)
    name = os.fspath(path)
    suffix = os.path.splitext(name)[1].lower()
    figure_class = _figure()
    rows = labels([b.name for b in result.bots])
    means = [b.mean_net for b in result.bots]
    errors = [b.net_interval for b in result.bots]
    figure = figure_class(figsize=(1.6 + 1.3 * len(rows), 4.2), layout="constrained")
    axes = figure.subplots()
    places = list(range(len(rows)))
    axes.errorbar(places, means, yerr=errors, fmt="o", capsize=6, color="#1f4d37")
    axes.axhline(0, color="#888888", linewidth=0.8)
    axes.set_xticks(places, rows)
    axes.set_xlim(-0.6, len(rows) - 0.4)
    axes.set_ylabel("mean net per hand (95 % interval)")
    kind = result.kind if result.count != 1 else result.kind[:-1]
    axes.set_title(f"{result.profile}: {result.count} {kind}, seed {result.seed}")
    # A fixed salt for the SVG's element ids: one result, one file.
    with importlib.import_module("matplotlib").rc_context({"svg.hashsalt": "reversis"}):
        figure.savefig(name, format=suffix[1:], metadata=picture_metadata(suffix))


def picture_metadata(suffix: str) -> dict[str, Any]:
    """The picture's metadata: none that changes from run to run (an SVG's date), so that one
    result always makes the same file."""
    if suffix == ".svg":
        return {"Date": None}
    if suffix == ".pdf":
        return {"CreationDate": None}
    return {}
