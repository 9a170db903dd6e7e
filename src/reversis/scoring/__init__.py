"""Deprecated: the settlement moved to :mod:`reversis.games` (each game's own) and
:mod:`reversis.settlement` (:func:`~reversis.settlement.settle`). ``reversis.settle``,
``reversis.Payment`` and ``reversis.Settlement`` are the names to use; importing them from here
works for one release with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

#: The old names and where they live now.
_MOVED = {
    "settle": "reversis.settlement",
    "Payment": "reversis.games.payments",
    "Settlement": "reversis.games.payments",
    "BASKET": "reversis.games.payments",
    "POT": "reversis.games.payments",
    "profile_accounts": "reversis.games.payments",
}


def __getattr__(name: str) -> Any:
    """The moved names, with a :class:`DeprecationWarning` naming where they live now."""
    where = _MOVED.get(name)
    if where is None:
        raise AttributeError(f"module 'reversis.scoring' has no attribute {name!r}")
    warnings.warn(
        f"reversis.scoring.{name} is deprecated: use {where}.{name} (reversis.{name} for "
        "settle, Payment and Settlement)",
        DeprecationWarning,
        stacklevel=2,
    )
    return getattr(importlib.import_module(where), name)
