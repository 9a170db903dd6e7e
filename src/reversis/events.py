"""Events: the facts of a hand, in order.

A hand records what happened as events; it moves no money (that is :mod:`reversis.settlement`).
``hand.events`` lists them all; a player's view lists only those the player may know.

    >>> from reversis import new_hand, load_profile
    >>> hand = new_hand(load_profile(), seed=7)
    >>> hand.events[0]
    HandDealt(dealer=0, eldest=1)
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from reversis.cards import Card

__all__ = [
    "CardGiven",
    "CardPlayed",
    "CardsPassed",
    "Declined",
    "Discarded",
    "Event",
    "Exchanged",
    "HandDealt",
    "HandOver",
    "PlayKind",
    "PoolOwed",
    "PoolWon",
    "PrivilegeUsed",
    "ReversisBroken",
    "ReversisCommitted",
    "ReversisMade",
    "TrickTaken",
]


class PlayKind(enum.Enum):
    """How a card was played to a trick; the payments of aces and quinolas depend on it."""

    #: First card of the trick.
    LED = "led"
    #: Of the suit led (by the profile's ``play.forced`` rule: any such card, or the player's only one).
    FORCED = "forced"
    #: Of the suit led while holding another card of it (profiles with ``forced = 'only-card'``).
    PLAYED = "played"
    #: Of another suit than the one led: a renounce (with or without a privilege).
    PLACED = "placed"

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class HandDealt:
    """The cards were dealt; ``eldest`` leads the first trick."""

    dealer: int
    eldest: int


@attrs.frozen
class Exchanged:
    """``seat`` put ``discarded`` aside and took its widow card ``taken`` (both ``None`` in another
    player's view)."""

    seat: int
    discarded: Card | None
    taken: Card | None


@attrs.frozen
class Declined:
    """``seat`` declined the exchange; it looked at ``widow_card``, which was put aside (``None`` in
    another player's view)."""

    seat: int
    widow_card: Card | None


@attrs.frozen
class Discarded:
    """The dealer ``seat`` put ``card`` aside (``None`` in another player's view)."""

    seat: int
    card: Card | None


@attrs.frozen
class CardGiven:
    """``seat`` chose ``card`` to give to the player opposite, ``to``; the cards change hands when all
    have chosen (``card`` is ``None`` in another player's view)."""

    seat: int
    to: int
    card: Card | None


@attrs.frozen
class CardsPassed:
    """The cards chosen for the opposite exchange changed hands."""


@attrs.frozen
class CardPlayed:
    """``seat`` played ``card`` to trick number ``trick`` (1-based), as a card of ``kind``."""

    seat: int
    card: Card
    trick: int
    kind: PlayKind


@attrs.frozen
class PrivilegeUsed:
    """``seat`` renounced for the first time while able to follow (four aces / espagnolette)."""

    seat: int
    trick: int


@attrs.frozen
class PoolWon:
    """``seat`` placed a quinola on trick ``trick`` and wins ``pool`` (the basket, a pot, a pool)."""

    seat: int
    pool: str
    trick: int


@attrs.frozen
class PoolOwed:
    """``seat`` played a quinola otherwise than placed and owes ``pool`` (a beast, a remise, a stake)."""

    seat: int
    pool: str
    trick: int


@attrs.frozen
class TrickTaken:
    """``winner`` took trick number ``trick`` (1-based), which ``leader`` led."""

    trick: int
    leader: int
    winner: int


@attrs.frozen
class ReversisCommitted:
    """``seat`` won the first ``trick`` tricks: it is committed to the reversis.

    From here the pot is out of play, and the ace and quinola payments of the tricks so far are undone
    as the profile says (``reversis.undo``).
    """

    seat: int
    trick: int


@attrs.frozen
class ReversisMade:
    """``seat`` took every trick: the reversis is made."""

    seat: int


@attrs.frozen
class ReversisBroken:
    """``breaker`` took trick ``trick`` from the committed ``seat``: the reversis is broken."""

    seat: int
    breaker: int
    trick: int


@attrs.frozen
class HandOver:
    """The hand is over. ``winner`` and ``loser`` of the pot, or ``None`` when a reversis was committed.

    ``points`` and ``tricks`` are per seat (points in the tricks each took).
    """

    winner: int | None
    loser: int | None
    points: tuple[int, ...]
    tricks: tuple[int, ...]


#: Any event.
Event: TypeAlias = (
    HandDealt
    | Exchanged
    | Declined
    | Discarded
    | CardGiven
    | CardsPassed
    | CardPlayed
    | PrivilegeUsed
    | PoolWon
    | PoolOwed
    | TrickTaken
    | ReversisCommitted
    | ReversisMade
    | ReversisBroken
    | HandOver
)
