"""The compiled core: the rules of play in C, checked against the reference engine.

Cython extension modules, installed whole or not at all: one for each rules module of the
reference engine, with its declarations in a ``.pxd`` (inline rules are a ``.pxd`` alone), and one
for each layer above the rules that has a part in C. Each layer of the library imports the core's
module of its own layer, or a lower one, and only where the core plays (:func:`engine_name`); the
rules import nothing from the layers above.

============================  ======================================================================
module                        what it holds (its twin in the reference)
============================  ======================================================================
``state``                     a hand's state in C, :class:`CoreState` (``engine/state.py``)
``bits``                      the bit operations on card masks, inline
``facts``                     recording a fact (``engine/facts.py``)
``lowered``                   a ``Rules`` value and a deal lowered to C, once (``profile/compiled``)
``lower``                     the tables of that lowering, in Python
``tables``                    the moves as tables (``engine/tables.py``)
``follow``                    what may be played (``engine/follow.py``)
``tricks``                    who takes a trick (``engine/tricks.py``)
``commitment``                the reversis committed, broken or made (``engine/commitment.py``)
``steps``                     the steps before play (``engine/steps.py``)
``play``                      the rules of a move put together (``engine/play.py``)
``draws``                     the seeded random draws of rollouts
``engine``                    ``start``, ``legal_moves``, ``apply``, ``rollout``, ``replay``
``chance``                    the seeded shuffle (``engine/chance.py``)
``deal``                      the deal (``engine/deal.py``)
``settle``                    the settlement (``games/``), with ``settle_reversis`` and
                              ``settle_points``, and ``settle_lower`` (its tables, in Python)
``values``                    making the library's frozen values from C
``events``                    the public events of a state (the views)
``views``                     a seat's view of a state (``views/view.py``)
``hand``                      the base of :class:`reversis.Hand` (``playing.py``)
``sampling``                  the hot part of the worlds' sampler (``worlds/sampler.py``)
``worlds``                    a view's worlds planned and drawn (``worlds/plan.py``)
``playouts``                  playouts of states and worlds (``bots/playouts.py``)
``search``                    information-set Monte Carlo tree search (``bots/search.py``)
``vector``                    batches of hands (``vector/``)
``core``                      every module's names in one namespace, for tests and benchmarks
============================  ======================================================================

The core plays any profile (its compiled :class:`~reversis.profile.compiled.Rules` lowered to
flat C data) with the functions of :mod:`reversis.engine.play`, on states whose fields are those
of the reference :class:`~reversis.engine.state.State`. It is built by ``pip install .`` where a C
compiler is present; where it is not, the reference engine plays alone (same rules, slower).

:func:`engine_module` is the module whose functions the facades call: the core's ``engine`` where
it is built, the reference engine's where it is not or where ``REVERSIS_ENGINE=python`` was set
when the library was imported (read once, at import). :func:`engine_name` says which
(``"compiled"`` or ``"python"``).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["available", "core_module", "engine_module", "engine_name"]


def _load() -> ModuleType | None:
    """The core's rules engine, or ``None`` where the core is not built (a pure-Python install)
    or was built for another Python. The core is installed whole or not at all, so the other
    modules are there when this one is."""
    try:
        from reversis._core import engine  # noqa: PLC0415
    except ImportError:
        return None
    return engine


_compiled = _load()

#: The engine asked for by ``REVERSIS_ENGINE`` at import: ``python``, ``compiled`` or ``""``
#: (the core where it is built).
_CHOICE = os.environ.get("REVERSIS_ENGINE", "").strip().lower()


def available() -> bool:
    """Whether the compiled core is built and importable."""
    return _compiled is not None


def engine_name() -> str:
    """The engine that plays hands: ``"compiled"`` (the core) or ``"python"`` (the reference
    engine, where the core is not built or ``REVERSIS_ENGINE=python``)."""
    return "compiled" if _compiled is not None and _CHOICE != "python" else "python"


def engine_module() -> ModuleType:
    """The module whose ``start``, ``legal_moves``, ``apply``, ``apply_card``, ``rollout`` and
    ``replay`` play hands (see :func:`engine_name`); ``REVERSIS_ENGINE=compiled`` without the core
    built is an :class:`ImportError` saying so."""
    if _CHOICE == "compiled" and _compiled is None:
        raise ImportError(
            "REVERSIS_ENGINE=compiled, but the compiled core is not built: reinstall with a C "
            "compiler (pip install --force-reinstall --no-binary reversis reversis), or unset it"
        )
    if _compiled is not None and _CHOICE != "python":
        return _compiled
    from reversis.engine import play  # noqa: PLC0415

    return play


def core_module() -> ModuleType | None:
    """For tests and benchmarks: :mod:`reversis._core.core`, every module's names in one namespace,
    where the core plays (:func:`engine_name` is ``"compiled"``), else ``None``. The library's own
    modules never call it: each imports the core's module of its layer (``tests/test_layout.py``)."""
    if engine_name() != "compiled":
        return None
    core = importlib.import_module("reversis._core.core")
    if not str(getattr(core, "__file__", "")).endswith(".py"):
        raise ImportError(
            f"{core.__file__} is the core of an older build: build in place again "
            "(python setup.py build_ext --inplace removes it)"
        )
    return core
