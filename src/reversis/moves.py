"""Moves and their text notation.

========================  ==================  ==============================================
move                      notation            meaning
========================  ==================  ==============================================
``Play(card)``            ``QS``              play a card to the trick
``Exchange(card)``        ``exchange QS``     put a card aside and take one's widow card
``Decline()``             ``decline``         look at one's widow card and put it aside
``Discard(card)``         ``discard 2C``      the dealer puts a card aside
``Give(card)``            ``give 7S``         give a card to the player opposite (Hoyle)
``Pass(card)``            ``pass QS``         pass a card to another player (Hearts)
========================  ==================  ==============================================

``str(move)`` gives the notation and :func:`parse_move` reads it back::

    >>> from reversis import parse_move
    >>> move = parse_move("exchange Q♠")
    >>> move, str(move)
    (Exchange(Card.parse('QS')), 'exchange QS')
    >>> parse_move("qs") == parse_move("Q♠")
    True

Moves compare equal by value, so ``move in hand.legal_moves()`` works with a move built by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

import attrs

from reversis import jsonio
from reversis.cards import CARD_AT, CARD_PATTERN, Card
from reversis.errors import InvalidCardError, InvalidMoveError, RecordError

__all__ = [
    "Decline",
    "Discard",
    "Exchange",
    "Give",
    "Move",
    "Pass",
    "Play",
    "parse_move",
]

#: Longest move text accepted by :func:`parse_move`.
MAX_MOVE_TEXT = 40


class _MoveData:
    """``to_dict()`` and friends, shared by the move classes."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """``{"schema": 1, "move": "exchange QS"}``: the move's notation."""
        return {"schema": 1, "move": str(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Move:
        """The move of :meth:`to_dict`'s data (:class:`~reversis.RecordError` if malformed, or if
        it is not a move of this class: ``Play.from_dict`` reads only plays)."""
        notation = jsonio.text(
            jsonio.read_fields(data, "move", MOVE_FIELDS)["move"], "move.move", 60
        )
        move = parse_move(notation)
        if cls is not _MoveData and type(move) is not cls:
            raise RecordError(f"move.move: {notation!r} is not a {cls.__name__} move")
        return move

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Move:
        """The move of :meth:`to_json`'s text."""
        return cls.from_dict(jsonio.loads(text, "move"))


def _card(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return Card.parse(value)
        except InvalidCardError as exc:
            raise InvalidMoveError(str(exc)) from None
    raise InvalidMoveError(f"a move needs a card, not {value!r}")


@attrs.frozen(repr=False)
class Play(_MoveData):
    """Play ``card`` to the current trick. Notation: the card code, ``"QS"``."""

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return self.card.code

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


@attrs.frozen(repr=False)
class Exchange(_MoveData):
    """A non-dealer puts ``card`` aside and takes their widow card. Notation: ``"exchange QS"``."""

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"exchange {self.card.code}"

    def __repr__(self) -> str:
        return f"Exchange({self.card!r})"


@attrs.frozen(repr=False)
class Discard(_MoveData):
    """The dealer puts ``card`` aside. Notation: ``"discard 2C"``."""

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"discard {self.card.code}"

    def __repr__(self) -> str:
        return f"Discard({self.card!r})"


@attrs.frozen(repr=False)
class Give(_MoveData):
    """Give ``card`` face down to the player opposite (Hoyle's opposite exchange). ``"give 7S"``."""

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"give {self.card.code}"

    def __repr__(self) -> str:
        return f"Give({self.card!r})"


@attrs.frozen(repr=False)
class Pass(_MoveData):
    """Pass ``card`` face down to the player the hand's pass direction names (Hearts).
    Notation: ``"pass QS"``."""

    card: Card = attrs.field(converter=_card)

    def __str__(self) -> str:
        return f"pass {self.card.code}"

    def __repr__(self) -> str:
        return f"Pass({self.card!r})"


@attrs.frozen(repr=False)
class Decline(_MoveData):
    """A non-dealer declines the exchange: looks at their widow card, which is put aside."""

    def __str__(self) -> str:
        return "decline"

    def __repr__(self) -> str:
        return "Decline()"


#: Any move.
Move: TypeAlias = Play | Exchange | Discard | Give | Pass | Decline

_VERBS: dict[str, type[Exchange] | type[Discard] | type[Give] | type[Pass]] = {
    "exchange": Exchange,
    "discard": Discard,
    "give": Give,
    "pass": Pass,
}


def _either_case(word: str) -> str:
    return "".join(f"[{c.upper()}{c}]" for c in word)


#: A move's notation as :func:`parse_move` reads it, as a regular expression: a card, ``decline``,
#: or a verb and a card, any spaces around and between (the letters of the words in either case).
MOVE_PATTERN = (
    rf"^\s*(?:{CARD_PATTERN}|{_either_case('decline')}"
    rf"|(?:{'|'.join(_either_case(verb) for verb in _VERBS)})\s+{CARD_PATTERN})\s*$"
)


def move_schema(limit: int = MAX_MOVE_TEXT) -> dict[str, Any]:
    """The JSON Schema of a move's notation in data, of at most ``limit`` characters."""
    return {"type": "string", "maxLength": limit, "pattern": MOVE_PATTERN}


#: The keys of a move's own document (``move.to_dict()``).
MOVE_FIELDS = {"move": jsonio.Field(move_schema(60))}

# Interned moves, by card bit: the engine hands these out instead of building new ones.
PLAYS: list[Play | None] = [Play(c) if c is not None else None for c in CARD_AT]
EXCHANGES: list[Exchange | None] = [Exchange(c) if c is not None else None for c in CARD_AT]
DISCARDS: list[Discard | None] = [Discard(c) if c is not None else None for c in CARD_AT]
GIVES: list[Give | None] = [Give(c) if c is not None else None for c in CARD_AT]
PASSES: list[Pass | None] = [Pass(c) if c is not None else None for c in CARD_AT]
DECLINE = Decline()


def parse_move(text: str | Move) -> Move:
    """Read a move from its notation (``"QS"``, ``"exchange QS"``, ``"decline"``, ``"discard 2C"``,
    ``"give 7S"``, ``"pass QS"``); a move is returned as it is.

    Raises :class:`~reversis.InvalidMoveError` for text that is no move.
    """
    if isinstance(text, Play | Exchange | Discard | Give | Pass | Decline):
        return text
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is a Move or its text, not {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT:
        raise InvalidMoveError(f"move text is longer than {MAX_MOVE_TEXT} characters")
    words = text.split()
    if len(words) == 1:
        word = words[0]
        if word.lower() == "decline":
            return DECLINE
        try:
            card = Card.parse(word)
        except InvalidCardError:
            raise InvalidMoveError(
                f"{text!r} is not a move: expected a card code such as 'QS', 'decline', "
                "'exchange QS', 'discard QS', 'give QS' or 'pass QS'"
            ) from None
        move = PLAYS[card.index]
        assert move is not None
        return move
    if len(words) == 2 and words[0].lower() in _VERBS:
        return _VERBS[words[0].lower()](_card(words[1]))
    raise InvalidMoveError(
        f"{text!r} is not a move: expected a card code such as 'QS', 'decline', "
        "'exchange QS', 'discard QS', 'give QS' or 'pass QS'"
    )
