"""Worlds consistent with a view: the deals a seat cannot tell from the true one, for determinized
search.

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.sampler`              the sampler of a view's worlds: :func:`~.sampler.sample_world`
:mod:`~.plan`                 its random draws, and its plans lowered for the compiled core
:mod:`~.hand`                 a sampled world's hand, made directly as the engine's state
============================  ======================================================================

A sampler reads the view and nothing else (the compiled core's :mod:`reversis._core.worlds`
and :mod:`reversis._core.sampling` do the same in C). The names of :mod:`~.sampler` are
re-exported here.
"""

from __future__ import annotations

from reversis.worlds.sampler import (
    core_plan,
    sample_world,
    view_plan,
    world_sampler,
)

__all__ = [
    "core_plan",
    "sample_world",
    "view_plan",
    "world_sampler",
]
