"""Moves and their notation."""

from __future__ import annotations

import pytest

from reversis import (
    Card,
    Decline,
    Discard,
    Exchange,
    Give,
    InvalidMoveError,
    Play,
    parse_move,
)
from reversis.moves import MAX_MOVE_TEXT


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("QS", Play(Card.parse("QS"))),
        ("exchange QS", Exchange(Card.parse("QS"))),
        ("decline", Decline()),
        ("discard 2C", Discard(Card.parse("2C"))),
        ("give 7S", Give(Card.parse("7S"))),
    ],
)
def test_notation_round_trip(text: str, move: object) -> None:
    assert parse_move(text) == move
    assert str(move) == text
    assert parse_move(str(move)) == move
    assert eval(repr(move)) == move


@pytest.mark.parametrize(
    "text",
    ["q♠", "Exchange qs", "DECLINE", "  discard  2♣ ", "give 7s"],
)
def test_lenient_reading(text: str) -> None:
    assert str(parse_move(text)) == str(parse_move(text.lower()))


@pytest.mark.parametrize(
    "text",
    ["", "jump", "exchange", "exchange QS QH", "discard 1Z", "play QS", "decline QS", "x" * 100],
)
def test_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(text)


def test_invalid_types() -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(3)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        Play(3)  # type: ignore[arg-type]
    assert len("x" * MAX_MOVE_TEXT) == MAX_MOVE_TEXT


def test_moves_accept_codes_and_are_values() -> None:
    assert Play("QS") == Play(Card.parse("Q♠"))
    assert hash(Exchange("QS")) == hash(Exchange(Card.parse("QS")))
    assert Play("QS") != Exchange("QS")
    assert parse_move(Play("QS")) == Play("QS")
