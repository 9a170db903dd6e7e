"""Many hands or matches with one bot per seat, on one process, several, or a cluster.

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.runs`                 :func:`~.runs.simulate` and its results
:mod:`~.workers`              the worker processes: how many, how the work reaches them, how they end
:mod:`~.seating`              the bots of ``simulate --bots``, one name per seat, a list cycled
:mod:`~.report`               a simulation's result for people: a text table and a picture
:mod:`~.ladder`               the bots' ladder: every pair on the same deals, ratings, intervals
:mod:`~.ladder_report`        the ladder for people: text tables and a picture
============================  ======================================================================

The names of :mod:`~.runs` are re-exported here.
"""

from __future__ import annotations

from reversis.simulation.runs import (
    BotFactory,
    BotResult,
    SimulationResult,
    hand_seed,
    simulate,
)

__all__ = [
    "BotFactory",
    "BotResult",
    "SimulationResult",
    "hand_seed",
    "simulate",
]
