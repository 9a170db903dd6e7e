"""Batches of hands stepped together, for learning at scale (the ``pettingzoo`` extra brings NumPy
and Gymnasium).

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.functional`           the functional face: :func:`~.functional.init`, :func:`~.functional.step`
:mod:`~.env`                  the Gymnasium face: :class:`~.env.VectorEnv`
:mod:`~.checks`               what both faces share: the checks of the values given, the batch made
:mod:`~.python_batch`         the batch on the reference engine, where the compiled core is not built
============================  ======================================================================

The names of :mod:`~.functional` are re-exported here.
"""

from __future__ import annotations

from reversis.vector.functional import (
    MAX_BATCH_BYTES,
    BatchState,
    Deals,
    VectorEnv,
    batch_bytes,
    init,
    max_envs,
    random_actions,
    step,
)

__all__ = [
    "MAX_BATCH_BYTES",
    "BatchState",
    "Deals",
    "VectorEnv",
    "batch_bytes",
    "init",
    "max_envs",
    "random_actions",
    "step",
]
