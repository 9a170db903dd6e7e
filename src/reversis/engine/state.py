"""The state of a hand: what the moves have changed since the deal.

A :class:`State` is an immutable record with named fields; :func:`reversis.engine.play.apply` makes
a new one from the old and shares everything unchanged. Card sets are integer bit masks (card ``c``
is bit ``c.index``, see :mod:`reversis.cards`), one mask per seat in :attr:`State.held`.

What happened is kept two ways: the completed tricks (:attr:`State.tricks`, each a
:class:`TrickRecord`), from which every card played and how it was played are read, and the facts
that plays do not show (:attr:`State.facts`: the exchanges, the pool facts, the privilege, the
reversis), each recorded with the number of the move that caused it.
:func:`reversis.engine.history.facts_of` puts the two together into the hand's facts, in order.

Everything outside the engine reads a state and its records by their field names.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from reversis.engine.facts import Fact, Kind

if TYPE_CHECKING:
    from reversis.engine.deal import Deal

__all__ = [
    "NO_EXTRA",
    "Extra",
    "Recorded",
    "State",
    "TrickRecord",
    "make_extra",
    "make_state",
    "make_trick",
]


class TrickRecord(NamedTuple):
    """A completed trick."""

    #: The seat that led it.
    leader: int
    #: The card bits played, in the order played (the leader's first).
    cards: tuple[int, ...]
    #: How each card was played (:class:`~reversis.engine.facts.Kind`), in the same order.
    kinds: tuple[Kind, ...]
    #: The seat that took it.
    winner: int
    #: The mask of its cards.
    mask: int


class Recorded(NamedTuple):
    """A fact the plays do not show, with the number of the move that caused it (0 for the first
    move; facts of the deal itself are not recorded, see :func:`~reversis.engine.facts.facts_of`)."""

    step: int
    fact: Fact


class Extra(NamedTuple):
    """The part of a state that few moves change."""

    #: The cards put aside (Fournier's pot, the English talon, Hoyle's and Réunion's discards).
    aside: int
    #: Cards given or passed and not yet received, in the order of the steps that chose them
    #: (hoyle §4, hearts §4).
    pending: tuple[int, ...]
    #: The seat that qualified for the privilege after the exchange, or -1 (fournier-1785 §11).
    privilege: int
    #: The trick of the privilege's first use, or 0.
    privilege_used: int
    #: The seat committed to the reversis, or -1, and the seat that broke it, or -1
    #: (fournier-1785 §8).
    committed: int
    breaker: int
    #: Whether hearts are broken (hearts §7).
    broken: bool


#: The extra part of a state just dealt.
NO_EXTRA = Extra(aside=0, pending=(), privilege=-1, privilege_used=0, committed=-1, breaker=-1,
                 broken=False)  # fmt: skip


class State(NamedTuple):
    """The state of a hand (see the module's docstring)."""

    #: What chance and the table decided before the first move.
    deal: Deal
    #: The cards each seat holds, a mask per seat.
    held: tuple[int, ...]
    #: How many moves have been applied.
    step: int
    #: The seat to move, or -1 once the hand is over.
    to_move: int
    #: The leader of the trick in progress (or of the next one).
    leader: int
    #: The card bits of the trick in progress, the leader's first, and how each was played.
    current: tuple[int, ...]
    kinds: tuple[Kind, ...]
    #: The completed tricks, in order.
    tricks: tuple[TrickRecord, ...]
    #: The facts the plays do not show, in order (see the module's docstring).
    facts: tuple[Recorded, ...]
    #: What few moves change.
    extra: Extra
    #: The mask of the cards the seat to move may play (0 before play and once the hand is over),
    #: worked out once when the state is made (:func:`~reversis.engine.follow.legal_cards`).
    legal: int


#: ``make_state(fields)``: the :class:`State` of a tuple of its fields in order, as
#: ``State._make(fields)`` gives it, made in C without NamedTuple's Python-level constructor (the
#: engine makes a state at every move); ``make_trick(fields)`` likewise for a :class:`TrickRecord`.
make_state = functools.partial(tuple.__new__, State)
make_trick = functools.partial(tuple.__new__, TrickRecord)
#: ``make_extra(fields)``: likewise for an :class:`Extra`.
make_extra = functools.partial(tuple.__new__, Extra)
