"""What one seat may know of a hand or a match, and nothing else: the views, their checks, the
keys of the documents, and a view as numbers.

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.view`                 the views: :class:`~.view.HandView`, :class:`~.view.MatchView`, how made
:mod:`~.seat_events`          the parts of a view read from the hand's events and tricks
:mod:`~.rules`                what a view's deal, events, turn and legal moves must be
:mod:`~.check`                what a valid view is: :func:`~.check.check_view`, the readers of view data
:mod:`~.documents`            the keys of every document the library writes and reads, one table each
:mod:`~.encoding`             a view as a fixed-size observation of floats, the layout defined once
============================  ======================================================================

Computed from a hand, never carried: a view holds only what its seat may know (the compiled
core makes the same view in C, :mod:`reversis._core.views`). The names of :mod:`~.view` are
re-exported here.
"""

from __future__ import annotations

from reversis.views.view import (
    HandView,
    MatchView,
    check_view,
    hand_view,
    match_view,
    view_cards,
)

__all__ = [
    "HandView",
    "MatchView",
    "check_view",
    "hand_view",
    "match_view",
    "view_cards",
]
