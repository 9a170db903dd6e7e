"""Events: the facts of a hand, in order.

A hand records what happened as events; it moves no money (that is :func:`reversis.settle`).
``hand.events`` lists them all; a player's view lists only those the player may know.

    >>> from reversis import new_hand, load_profile
    >>> hand = new_hand(load_profile(), seed=7)
    >>> hand.events[0]
    HandDealt(dealer=0, eldest=1)
"""

from __future__ import annotations

import enum
import functools
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

import attrs

from reversis import jsonio
from reversis.cards import CARD_SCHEMA, Card, read_card, read_optional_card
from reversis.errors import RecordError

__all__ = [
    "CardGiven",
    "CardPlayed",
    "CardShown",
    "CardsPassed",
    "Declined",
    "Discarded",
    "Event",
    "Exchanged",
    "HandDealt",
    "HandOver",
    "MoonShot",
    "MostTricks",
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


class _EventData:
    """``to_dict()`` and friends, shared by the event classes."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """``{"schema": 1, "event": "CardPlayed", "seat": 1, "card": "JH", ...}``; a hidden card
        is ``null``."""
        out: dict[str, Any] = {"schema": 1, "event": type(self).__name__}
        for field in attrs.fields(type(self)):  # type: ignore[arg-type]
            value = getattr(self, field.name)
            if isinstance(value, Card):
                value = value.code
            elif isinstance(value, PlayKind):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            out[field.name] = value
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Event:
        """The event of :meth:`to_dict`'s data (:class:`~reversis.RecordError` if malformed)."""
        return event_from_dict(data, "event")

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @staticmethod
    def from_json(text: str) -> Event:
        """The event of :meth:`to_json`'s text."""
        return event_from_dict(jsonio.loads(text, "event"), "event")


@attrs.frozen
class HandDealt(_EventData):
    """The cards were dealt; ``eldest`` leads the first trick."""

    dealer: int
    eldest: int


@attrs.frozen
class Exchanged(_EventData):
    """``seat`` put ``discarded`` aside and took its widow card ``taken`` (both ``None`` in another
    player's view)."""

    seat: int
    discarded: Card | None
    taken: Card | None


@attrs.frozen
class Declined(_EventData):
    """``seat`` declined the exchange; it looked at ``widow_card``, which was put aside (``None`` in
    another player's view)."""

    seat: int
    widow_card: Card | None


@attrs.frozen
class Discarded(_EventData):
    """The dealer ``seat`` put ``card`` aside (``None`` in another player's view)."""

    seat: int
    card: Card | None


@attrs.frozen
class CardGiven(_EventData):
    """``seat`` chose ``card`` to give to the player opposite, ``to``; the cards change hands when all
    have chosen (``card`` is ``None`` in another player's view)."""

    seat: int
    to: int
    card: Card | None


@attrs.frozen
class CardsPassed(_EventData):
    """The cards chosen for the opposite exchange changed hands."""


@attrs.frozen
class CardShown(_EventData):
    """``card``, dealt to ``seat``, is shown to everyone: Tëtka's bum card, the last card dealt
    (tetka §2), or Réunion's turn-up, which the dealer takes up (reunion §4)."""

    seat: int
    card: Card


@attrs.frozen
class CardPlayed(_EventData):
    """``seat`` played ``card`` to trick number ``trick`` (1-based), as a card of ``kind``."""

    seat: int
    card: Card
    trick: int
    kind: PlayKind


@attrs.frozen
class PrivilegeUsed(_EventData):
    """``seat`` renounced for the first time while able to follow (four aces / espagnolette)."""

    seat: int
    trick: int


@attrs.frozen
class PoolWon(_EventData):
    """``seat`` placed a quinola on trick ``trick`` and wins ``pool`` (the basket, a pot, a pool)."""

    seat: int
    pool: str
    trick: int


@attrs.frozen
class PoolOwed(_EventData):
    """``seat`` played a quinola otherwise than placed and owes ``pool`` (a beast, a remise, a stake)."""

    seat: int
    pool: str
    trick: int


@attrs.frozen
class TrickTaken(_EventData):
    """``winner`` took trick number ``trick`` (1-based), which ``leader`` led."""

    trick: int
    leader: int
    winner: int


@attrs.frozen
class ReversisCommitted(_EventData):
    """``seat`` won the first ``trick`` tricks: it is committed to the reversis.

    From here the pot is out of play, and the ace and quinola payments of the tricks so far are undone
    as the profile says (``reversis.undo``).
    """

    seat: int
    trick: int


@attrs.frozen
class ReversisMade(_EventData):
    """``seat`` took every trick: the reversis is made."""

    seat: int


@attrs.frozen
class ReversisBroken(_EventData):
    """``breaker`` took trick ``trick`` from the committed ``seat``: the reversis is broken."""

    seat: int
    breaker: int
    trick: int


@attrs.frozen
class MoonShot(_EventData):
    """``seat`` won every heart and the queen of spades: it shot the moon (hearts §9)."""

    seat: int


@attrs.frozen
class MostTricks(_EventData):
    """``seat`` won the most tricks and scores for it; ``decided_by`` names the step that decided
    a tie: ``tricks`` (no tie), ``bum_suit_cards``, ``highest_bum_card`` or ``latest_trick``
    (tetka §5)."""

    seat: int
    decided_by: str


@attrs.frozen
class HandOver(_EventData):
    """The hand is over. ``winner`` and ``loser`` of the pot (Reversis), or ``None`` when a reversis
    was committed or the game has no pot.

    ``points`` and ``tricks`` are per seat: the hand's final points as the profile counts them
    (``hand.points``) and the tricks each took.
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
    | CardShown
    | CardPlayed
    | PrivilegeUsed
    | PoolWon
    | PoolOwed
    | TrickTaken
    | ReversisCommitted
    | ReversisMade
    | ReversisBroken
    | MoonShot
    | MostTricks
    | HandOver
)


_EVENTS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        HandDealt,
        Exchanged,
        Declined,
        Discarded,
        CardGiven,
        CardsPassed,
        CardShown,
        CardPlayed,
        PrivilegeUsed,
        PoolWon,
        PoolOwed,
        TrickTaken,
        ReversisCommitted,
        ReversisMade,
        ReversisBroken,
        MoonShot,
        MostTricks,
        HandOver,
    )
}


#: Largest seat and trick number read from data (a view checks them against its profile).
MAX_SEAT = 7
MAX_TRICKS = 100


def _trick_count(value: Any, what: str) -> int:
    return jsonio.integer(value, what, 0, MAX_TRICKS)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """The types of an event class's fields (worked out once: reading views and hands reads
    many events)."""
    return typing.get_type_hints(cls)


#: How a field of an event is read from data, and its JSON Schema.
_Reader: TypeAlias = tuple[Callable[[Any, str], Any], dict[str, Any]]


def _optional_seat(value: Any, what: str) -> int | None:
    return jsonio.optional_integer(value, what, 0, MAX_SEAT)


def _seat(value: Any, what: str) -> int:
    return jsonio.integer(value, what, 0, MAX_SEAT)


def _trick(value: Any, what: str) -> int:
    return jsonio.integer(value, what, 1, MAX_TRICKS)


def _short_text(value: Any, what: str) -> str:
    return jsonio.text(value, what, 40)


def _play_kind(value: Any, what: str) -> PlayKind:
    return jsonio.member(PlayKind, value, what, "a kind of play")


def _points(value: Any, what: str) -> tuple[int, ...]:
    return jsonio.listed(value, what, jsonio.money, 8)


def _counts(value: Any, what: str) -> tuple[int, ...]:
    return jsonio.listed(value, what, _trick_count, 8)


def _field_reader(key: str, hint: Any) -> _Reader:
    """How the field ``key`` of type ``hint`` of an event is read, and its schema: the one table
    that :func:`event_from_dict` and :func:`event_schema` both use."""
    if hint is Card:
        return read_card, dict(CARD_SCHEMA)
    if hint == Card | None:
        return read_optional_card, jsonio.nullable(CARD_SCHEMA)
    if hint is PlayKind:
        return _play_kind, jsonio.member_schema(PlayKind)
    if hint is str:
        return _short_text, jsonio.text_schema(40)
    if hint == int | None:
        return _optional_seat, jsonio.nullable(jsonio.integer_schema(0, MAX_SEAT))
    if key == "points":
        return _points, jsonio.list_schema(jsonio.MONEY_SCHEMA, 8)
    if hint == tuple[int, ...]:
        return _counts, jsonio.list_schema(jsonio.integer_schema(0, MAX_TRICKS), 8)
    if key == "trick":
        return _trick, jsonio.integer_schema(1, MAX_TRICKS)
    return _seat, jsonio.integer_schema(0, MAX_SEAT)


@functools.cache
def _event_fields(cls: type) -> dict[str, _Reader]:
    hints = _hints(cls)
    return {f.name: _field_reader(f.name, hints[f.name]) for f in attrs.fields(cls)}


def event_schema() -> dict[str, Any]:
    """The JSON Schema of an event in data: one table per kind of event, told by ``"event"``."""
    kinds = []
    for name, cls in _EVENTS.items():
        fields = {"event": jsonio.Field({"const": name})}
        fields |= {key: jsonio.Field(schema) for key, (_, schema) in _event_fields(cls).items()}
        kinds.append(jsonio.object_schema(fields, title=name))
    return {"oneOf": kinds}


def event_from_dict(data: Any, what: str) -> Event:
    """An event from its plain data (see :meth:`_EventData.to_dict`)."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{what} must be a table of keys")
    name = data.get("event")
    cls = _EVENTS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise RecordError(f"{what}.event: {str(name)[:40]!r} is not an event")
    fields = _event_fields(cls)
    jsonio.table(data, what, ["event", *fields])
    values = {key: read(data[key], f"{what}.{key}") for key, (read, _) in fields.items()}
    event: Event = cls(**values)
    return event
