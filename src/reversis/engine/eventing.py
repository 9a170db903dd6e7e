"""The facts of a hand as the public events (see :mod:`reversis.engine.facts` and
:mod:`reversis.events`): the same records with :class:`~reversis.Card` values for card bits.

Imported when events are first asked for (``hand.events``, a view), so that importing the library
stays quick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reversis import events as ev
from reversis.cards import CARD_AT, Card
from reversis.engine import facts as fx

__all__ = ["KINDS", "event_of"]

#: The kinds of play as the events name them, by :class:`~reversis.engine.facts.Kind`.
KINDS = {
    fx.Kind.LED: ev.PlayKind.LED,
    fx.Kind.FORCED: ev.PlayKind.FORCED,
    fx.Kind.PLAYED: ev.PlayKind.PLAYED,
    fx.Kind.PLACED: ev.PlayKind.PLACED,
}


def _card(bit: int) -> Card:
    found = CARD_AT[bit]
    assert found is not None
    return found


#: How each kind of fact becomes its event.
_MAKERS: dict[type, Callable[[Any], ev.Event]] = {
    fx.Dealt: lambda f: ev.HandDealt(f.dealer, f.eldest),
    fx.Shown: lambda f: ev.CardShown(f.seat, _card(f.card)),
    fx.Exchanged: lambda f: ev.Exchanged(f.seat, _card(f.discarded), _card(f.taken)),
    fx.Declined: lambda f: ev.Declined(f.seat, _card(f.card)),
    fx.Discarded: lambda f: ev.Discarded(f.seat, _card(f.card)),
    fx.Given: lambda f: ev.CardGiven(f.seat, f.to, _card(f.card)),
    fx.Received: lambda f: ev.CardsPassed(),
    fx.Played: lambda f: ev.CardPlayed(f.seat, _card(f.card), f.trick, KINDS[f.kind]),
    fx.PrivilegeUsed: lambda f: ev.PrivilegeUsed(f.seat, f.trick),
    fx.PoolWon: lambda f: ev.PoolWon(f.seat, f.pool, f.trick),
    fx.PoolOwed: lambda f: ev.PoolOwed(f.seat, f.pool, f.trick),
    fx.TrickTaken: lambda f: ev.TrickTaken(f.number, f.leader, f.winner),
    fx.Committed: lambda f: ev.ReversisCommitted(f.seat, f.trick),
    fx.Broken: lambda f: ev.ReversisBroken(f.seat, f.breaker, f.trick),
    fx.Made: lambda f: ev.ReversisMade(f.seat),
    fx.MoonShot: lambda f: ev.MoonShot(f.seat),
    fx.MostTricks: lambda f: ev.MostTricks(f.seat, f.decided_by),
    fx.HandOver: lambda f: ev.HandOver(f.winner, f.loser, f.points, f.tricks),
}


def event_of(fact: fx.Fact) -> ev.Event:
    """The event of one of the engine's facts."""
    return _MAKERS[type(fact)](fact)
