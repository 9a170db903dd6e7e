"""The compiled core: the rules of play in C, checked against the reference engine.

The core is a set of Cython extension modules, one for each rules module of the reference engine
(``engine``, ``state``, ``follow``, ``tricks``, ``steps``, ``play``, ``deal``, ``settle``...) and
one for each layer above them (``hand``, ``views``, ``worlds``, ``playouts``, ``vector``),
gathered in the namespace :mod:`reversis._core.core`; installed whole or not at all. It plays any
profile (the profile's compiled :class:`~reversis.profile.compiled.Rules` lowered to flat C data
by :mod:`reversis._core.lower`) with the functions of :mod:`reversis.engine.play` (``start``,
``legal_moves``, ``apply``, ``apply_card``, ``rollout``, ``replay``), on states whose fields are
those of the reference :class:`~reversis.engine.state.State`. It is built by ``pip install .``
where a C compiler is present; where it is not, the reference engine plays alone (same rules,
slower).

:func:`engine_module` is the module whose functions the facades call: the core's where it is built,
the reference engine's where it is not or where ``REVERSIS_ENGINE=python`` was set when the library
was imported (read once, at import). :func:`engine_name` says which (``"compiled"`` or ``"python"``).
"""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["available", "core_module", "engine_module", "engine_name"]


def _load() -> ModuleType | None:
    """The core's namespace, or ``None`` where it is not built (a pure-Python install), was built
    for another Python, or lacks a module. An extension module ``core`` left in a development
    checkout by a build of an older version (when the core was one extension) would be found
    before ``core.py``: it is not the core of this version, and is not used."""
    try:
        from reversis._core import core  # noqa: PLC0415
    except ImportError:
        return None
    if not str(getattr(core, "__file__", "")).endswith(".py"):
        return None
    return core


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
    """The compiled core's module where it plays (:func:`engine_name` is ``"compiled"``), else
    ``None``: for the layers that use its other functions (the deal in C)."""
    return _compiled if engine_name() == "compiled" else None
