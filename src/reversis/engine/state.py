"""The state record of a hand: what the moves have changed since the deal (internal, read by name).

A :class:`~reversis.Hand` holds one state; :meth:`~reversis.Hand.apply` makes a new one and shares
everything unchanged with the old. For speed the engine keeps it as a plain tuple (:data:`Raw`) in
the order of :class:`State`'s fields, and reads it with the field names below (``s[TRICKS]``);
``hand.state`` gives it as a :class:`State`, whose fields other modules read by name. Card sets
are integer bit masks (card ``c`` is bit
``c.index``); the four hands are packed in one integer, 64 bits a seat (seat ``s`` is
``hands >> 64 * s & M64``). Modules outside the engine read the record by its field names
(``hand.state.tricks``), never by position.

Facts are the engine's compact record of what happened beyond the cards played (the plays are read
from the tricks): a chain of nodes ``(previous node, step, fact, …)``, each fact a tuple whose first
item is one of the ``F_*`` codes below. :attr:`reversis.Hand.events` turns them into event objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeAlias

if TYPE_CHECKING:
    from reversis.engine.deal import Deal

__all__ = ["BIT", "M64", "Extra", "Raw", "State", "TrickRecord"]

#: One seat's field of the packed hands.
M64 = (1 << 64) - 1

#: ``BIT[k]`` is ``1 << k`` for every position of the packed hands (made once: a look-up is
#: cheaper than a shift on the hot paths).
BIT: tuple[int, ...] = tuple(1 << k for k in range(64 * 8))

# The positions of :class:`State`'s fields in the engine's plain tuple (engine modules only).
DEAL: Final = 0
HANDS: Final = 1
STEP: Final = 2
TO_MOVE: Final = 3
LEADER: Final = 4
CURRENT: Final = 5
TRICKS: Final = 6
FACTS: Final = 7
EXTRA: Final = 8

# Fact codes (see the module's docstring), with the items that follow the code.
F_DEALT = 0  # dealer, eldest
F_EXCHANGED = 1  # seat, card put aside, widow card taken
F_DECLINED = 2  # seat, widow card
F_DISCARDED = 3  # seat, card
F_GIVEN = 4  # seat, seat given to, card, step kind (give or pass)
F_PASSED = 5  # (the cards given change hands)
F_PLAYED = 6  # seat, card, trick, kind of play (read from the tricks, never recorded)
F_PRIVILEGE = 7  # seat, trick
F_POOL_WON = 8  # seat, pool, trick
F_POOL_OWED = 9  # seat, pool, trick
F_TRICK = 10  # trick, leader, winner (read from the tricks)
F_COMMITTED = 11  # seat, trick
F_MADE = 12  # seat
F_BROKEN = 13  # seat, breaker, trick
F_OVER = 14  # winner or None, loser or None, points, tricks
F_SHOWN = 15  # seat, card (read from the deal)
F_MOON = 16  # seat
F_MOST = 17  # seat, decided by

# Kinds of play, as stored in ``F_PLAYED`` facts.
K_LED = 0
K_FORCED = 1
K_PLAYED = 2
K_PLACED = 3


#: A completed trick: ``(leader, cards, winner, mask)``, its leader, the card bits played (the
#: leader's first), its winner and the mask of its cards. A plain tuple, which CPython makes,
#: unpacks and frees faster than a named one (a hand makes eleven or more); read it by unpacking
#: into those names, ``leader, cards, winner, mask = trick``.
TrickRecord: TypeAlias = tuple[int, tuple[int, ...], int, int]


class Extra(NamedTuple):
    """The part of a state that few moves change."""

    #: The cards put aside (Fournier's pot, the English talon, Hoyle's and Réunion's discards).
    aside: int
    #: Cards given or passed and not yet received, in the order of the steps that chose them.
    pending: tuple[int, ...]
    #: The seat that qualified for the privilege after the exchange, or -1.
    privilege: int
    #: The trick of the privilege's first use, or 0.
    privilege_used: int
    #: The seat committed to the reversis, or -1, and the seat that broke it, or -1.
    reversis: int
    breaker: int
    #: Hearts: whether hearts are broken by a completed trick (hearts §7).
    broken: bool


class State(NamedTuple):
    """The state of a hand (see the module's docstring)."""

    #: What chance and the table decided before the first move.
    deal: Deal
    #: The cards each seat holds, packed 64 bits a seat.
    hands: int
    #: How many moves have been applied.
    step: int
    #: The seat to move, or -1 once the hand is over.
    to_move: int
    #: The leader of the trick in progress (or of the next one).
    leader: int
    #: The card bits of the trick in progress, the leader's first.
    current: tuple[int, ...]
    #: The completed tricks, in order.
    tricks: tuple[TrickRecord, ...]
    #: The last node of the chain of facts.
    facts: tuple[Any, ...]
    extra: Extra


#: A state as the engine keeps it: :class:`State`'s fields in a plain tuple.
Raw: TypeAlias = (
    "tuple[Deal, int, int, int, int, tuple[int, ...], tuple[TrickRecord, ...], Any, Extra]"
)

#: The extra part of a state just dealt.
NO_EXTRA = Extra(0, (), -1, 0, -1, -1, False)
