"""Every profile as an OpenSpiel game (the ``openspiel`` extra: ``pip install reversis[openspiel]``).

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.game`                 the game and its states; importing it registers ``python_reversis``
:mod:`~.observers`            the observers: a seat's information and observation, public, private
:mod:`~.strings`              the game's state strings as text records, read without running anything
============================  ======================================================================

The names of :mod:`~.game` are re-exported here.
"""

from __future__ import annotations

from reversis.openspiel.game import (
    GAME_TYPE,
    ReversisGame,
    ReversisObserver,
    ReversisState,
    deserialize_game_and_state,
    game_info,
    load_game,
    resampler,
    serialize_game_and_state,
)

__all__ = [
    "GAME_TYPE",
    "ReversisGame",
    "ReversisObserver",
    "ReversisState",
    "deserialize_game_and_state",
    "game_info",
    "load_game",
    "resampler",
    "serialize_game_and_state",
]
