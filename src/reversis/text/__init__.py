"""Words and pictures for people: sentences, the account of a hand, a view as text, the terminal's
table, pictures of cards and the page of a played hand.

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.sentences`            a payment, an event and the end of a hand as English sentences
:mod:`~.narration`            the plain-text account of a hand or a match
:mod:`~.render`               a seat's view as text, for terminal front-ends
:mod:`~.terminal`             a person at the table: the loop of ``python -m reversis play``
:mod:`~.glossary`             the game's aim and words for a newcomer (``demo --explain``)
:mod:`~.pictures`             cards, tricks and the table as SVG
:mod:`~.page`                 a played hand as one self-contained HTML page
:mod:`~.progress`             the progress of a long run, on a terminal or in a log
============================  ======================================================================

Import the module you need (``from reversis.text import sentences``), or name it after ``import
reversis``: ``reversis.text.sentences`` imports it when first asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__: list[str] = []

#: The modules of the package, imported when first named (``reversis.text.sentences``).
_MODULES = frozenset(
    {"sentences", "narration", "render", "terminal", "glossary", "pictures", "page", "progress"}
)


def __getattr__(name: str) -> Any:
    """The modules of :data:`_MODULES`, imported when first asked for."""
    if name not in _MODULES:
        raise AttributeError(f"module 'reversis.text' has no attribute {name!r}")
    return importlib.import_module(f"reversis.text.{name}")
