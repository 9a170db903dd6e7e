"""The engine's facts as event objects (see :mod:`reversis.engine.state` and :mod:`reversis.events`).

Imported when events are first asked for (``hand.events``, a view), so that importing the library
stays quick.
"""

from __future__ import annotations

from typing import Any

from reversis import events as ev
from reversis.cards import CARD_AT, Card
from reversis.engine.state import (
    F_BROKEN,
    F_COMMITTED,
    F_DEALT,
    F_DECLINED,
    F_DISCARDED,
    F_EXCHANGED,
    F_GIVEN,
    F_MADE,
    F_MOON,
    F_MOST,
    F_PASSED,
    F_PLAYED,
    F_POOL_OWED,
    F_POOL_WON,
    F_PRIVILEGE,
    F_SHOWN,
    F_TRICK,
)

__all__ = ["KINDS", "event_of"]

#: The kinds of play by the engine's ``K_*`` codes (see :mod:`reversis.engine.state`).
KINDS = (ev.PlayKind.LED, ev.PlayKind.FORCED, ev.PlayKind.PLAYED, ev.PlayKind.PLACED)


def _card(bit: int) -> Card:
    found = CARD_AT[bit]
    assert found is not None
    return found


class _Common(dict[tuple[Any, ...], ev.Event]):
    """The events of plays and tricks, the most common, each made once and then shared: a cache of
    values that never change, bounded by the few ways to play a card or take a trick."""

    __slots__ = ()

    def __missing__(self, fact: tuple[Any, ...]) -> ev.Event:
        event = self[fact] = _event(fact)
        return event


#: ``_COMMON[fact]``: the event of a play or trick fact (``F_PLAYED``, ``F_TRICK``).
_COMMON = _Common()


def event_of(fact: tuple[Any, ...]) -> ev.Event:
    """The event object of one of the engine's facts (an ``F_*`` tuple, see
    :mod:`reversis.engine.state`)."""
    code = fact[0]
    if code in (F_PLAYED, F_TRICK):
        return _COMMON[fact]
    return _event(fact)


def _event(fact: tuple[Any, ...]) -> ev.Event:
    code = fact[0]
    if code == F_PLAYED:
        return ev.CardPlayed(fact[1], _card(fact[2]), fact[3], KINDS[fact[4]])
    if code == F_TRICK:
        return ev.TrickTaken(fact[1], fact[2], fact[3])
    if code == F_DEALT:
        return ev.HandDealt(fact[1], fact[2])
    if code == F_SHOWN:
        return ev.CardShown(fact[1], _card(fact[2]))
    if code == F_EXCHANGED:
        return ev.Exchanged(fact[1], _card(fact[2]), _card(fact[3]))
    if code == F_DECLINED:
        return ev.Declined(fact[1], _card(fact[2]))
    if code == F_DISCARDED:
        return ev.Discarded(fact[1], _card(fact[2]))
    if code == F_GIVEN:
        return ev.CardGiven(fact[1], fact[2], _card(fact[3]))
    if code == F_PASSED:
        return ev.CardsPassed()
    if code == F_PRIVILEGE:
        return ev.PrivilegeUsed(fact[1], fact[2])
    if code == F_POOL_WON:
        return ev.PoolWon(fact[1], fact[2], fact[3])
    if code == F_POOL_OWED:
        return ev.PoolOwed(fact[1], fact[2], fact[3])
    if code == F_COMMITTED:
        return ev.ReversisCommitted(fact[1], fact[2])
    if code == F_MADE:
        return ev.ReversisMade(fact[1])
    if code == F_BROKEN:
        return ev.ReversisBroken(fact[1], fact[2], fact[3])
    if code == F_MOON:
        return ev.MoonShot(fact[1])
    if code == F_MOST:
        return ev.MostTricks(fact[1], fact[2])
    return ev.HandOver(fact[1], fact[2], fact[3], fact[4])
