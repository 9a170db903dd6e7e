"""Players that decide from a seat's view only, never from hidden cards.

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.players`              the bots: random, cautious, Monte Carlo; :func:`~.players.make_bot`
:mod:`~.search`               information-set Monte Carlo tree search: :class:`~.search.ISMCTSBot`
:mod:`~.playouts`             playouts in a batch for search bots: :func:`~.playouts.rollouts`
:mod:`~.learned`              a learned policy as a bot (NumPy needed)
:mod:`~.budgets`              the search bots' settings, checked alike
:mod:`~.specs`                a bot named with its budget: ``monte-carlo@50ms``
:mod:`~.levels`               levels for people: easy, medium, hard
============================  ======================================================================

The names of :mod:`~.players` and :class:`~.search.ISMCTSBot` are re-exported here.
"""

from __future__ import annotations

from reversis.bots.players import (
    BOT_NAMES,
    LEARNED,
    Bot,
    CautiousBot,
    MonteCarloBot,
    RandomBot,
    cautious_policy,
    danger,
    is_bot_name,
    make_bot,
    play_hand,
    play_match,
)
from reversis.bots.search import ISMCTSBot

__all__ = [
    "BOT_NAMES",
    "LEARNED",
    "Bot",
    "CautiousBot",
    "ISMCTSBot",
    "MonteCarloBot",
    "RandomBot",
    "cautious_policy",
    "danger",
    "is_bot_name",
    "make_bot",
    "play_hand",
    "play_match",
]
