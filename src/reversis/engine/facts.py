"""The facts of a hand: what happened, one record type per kind, with named fields.

Facts are the one interface between the engine and everything above it (the games' points and
settlements, the events, the views, the records). Cards are card bits (``card.index``); seats are
numbers in playing order; tricks are numbered from 1. :mod:`reversis.engine.eventing` turns facts
into the public :mod:`reversis.events`, which carry :class:`~reversis.Card` values.

The engine records in :attr:`~reversis.engine.state.State.facts` only what the plays do not show;
:func:`reversis.engine.history.facts_of` reads the rest (the deal, each card played and how, each
trick taken) from the state and gives every fact in order. The facts of the end of a hand that
depend on a game's points (:class:`MoonShot`, :class:`MostTricks`, :class:`HandOver`) are made by
the game (:mod:`reversis.games`) and come last.
"""

from __future__ import annotations

import enum
from typing import NamedTuple, TypeAlias

__all__ = [
    "FORCED",
    "LED",
    "PLACED",
    "PLAYED",
    "Broken",
    "Committed",
    "Dealt",
    "Declined",
    "Discarded",
    "Exchanged",
    "Fact",
    "Given",
    "HandOver",
    "Kind",
    "Made",
    "MoonShot",
    "MostTricks",
    "Played",
    "PoolOwed",
    "PoolWon",
    "PrivilegeUsed",
    "Received",
    "Shown",
    "TrickTaken",
]


class Kind(enum.IntEnum):
    """How a card was played to a trick (fournier-1785 §6, hoyle §6)."""

    #: The first card of the trick.
    LED = 0
    #: A card of the suit led (with ``play.forced = "only-card"``: the player's only one).
    FORCED = 1
    #: A card of the suit led while holding another (``play.forced = "only-card"`` only).
    PLAYED = 2
    #: A card of another suit: a renounce.
    PLACED = 3


# The kinds as plain names, for the engine's rules (a look-up of a module's name is much cheaper
# than one of an enum's member, and a card is classed at every play).
LED = Kind.LED
FORCED = Kind.FORCED
PLAYED = Kind.PLAYED
PLACED = Kind.PLACED


# -- the deal -----------------------------------------------------------------------------------


class Dealt(NamedTuple):
    """The cards were dealt by ``dealer``; ``eldest`` is the seat after him."""

    dealer: int
    eldest: int


class Shown(NamedTuple):
    """``card``, one of ``seat``'s, was shown to everyone (tetka §2's bum card, reunion §4's turn-up)."""

    seat: int
    card: int


# -- the steps before play ----------------------------------------------------------------------


class Exchanged(NamedTuple):
    """``seat`` put ``discarded`` aside and took its widow card ``taken`` (fournier-1785 §4)."""

    seat: int
    discarded: int
    taken: int


class Declined(NamedTuple):
    """``seat`` declined the exchange: it looked at its widow card ``card``, which went aside
    (fournier-1785 §4)."""

    seat: int
    card: int


class Discarded(NamedTuple):
    """The dealer, ``seat``, put ``card`` aside (fournier-1785 §4, reunion §4)."""

    seat: int
    card: int


class Given(NamedTuple):
    """``seat`` chose ``card`` for seat ``to``: given to the player opposite (hoyle §4), or passed
    (``passed``, hearts §4)."""

    seat: int
    to: int
    card: int
    passed: bool


class Received(NamedTuple):
    """The cards given or passed reached their receivers, all together (hoyle §4, hearts §4)."""


# -- play -----------------------------------------------------------------------------------------


class Played(NamedTuple):
    """``seat`` played ``card`` to trick ``trick``, as ``kind`` says."""

    seat: int
    card: int
    trick: int
    kind: Kind


class PrivilegeUsed(NamedTuple):
    """``seat`` renounced by its privilege for the first time, on ``trick`` (fournier-1785 §11)."""

    seat: int
    trick: int


class PoolWon(NamedTuple):
    """``seat`` placed a quinola on ``trick`` and wins its ``pool`` (fournier-1785 §9)."""

    seat: int
    pool: str
    trick: int


class PoolOwed(NamedTuple):
    """``seat`` led or was forced to play a quinola on ``trick`` and owes its ``pool`` (a beast,
    a remise; fournier-1785 §9)."""

    seat: int
    pool: str
    trick: int


class TrickTaken(NamedTuple):
    """Trick ``number``, led by ``leader``, was taken by ``winner``."""

    number: int
    leader: int
    winner: int


class Committed(NamedTuple):
    """``seat`` took each of the first tricks and is committed to the reversis (fournier-1785 §8)."""

    seat: int
    trick: int


class Broken(NamedTuple):
    """``breaker`` took trick ``trick`` and broke ``seat``'s reversis (fournier-1785 §8)."""

    seat: int
    breaker: int
    trick: int


class Made(NamedTuple):
    """``seat`` took every trick: the reversis is made (fournier-1785 §8)."""

    seat: int


# -- the end of the hand (made by the games) -----------------------------------------------------


class MoonShot(NamedTuple):
    """``seat`` took every point card (hearts §9)."""

    seat: int


class MostTricks(NamedTuple):
    """``seat`` scores for most tricks; ``decided_by`` says what decided it (tetka §5)."""

    seat: int
    decided_by: str


class HandOver(NamedTuple):
    """The hand is over: the final ``points`` and ``tricks`` taken of each seat, and Reversis' pot
    ``winner`` and ``loser`` (``None`` in another game, or under a reversis)."""

    winner: int | None
    loser: int | None
    points: tuple[int, ...]
    tricks: tuple[int, ...]


#: Any fact.
Fact: TypeAlias = (
    Dealt | Shown | Exchanged | Declined | Discarded | Given | Received | Played | PrivilegeUsed
    | PoolWon | PoolOwed | TrickTaken | Committed | Broken | Made | MoonShot | MostTricks | HandOver
)  # fmt: skip
