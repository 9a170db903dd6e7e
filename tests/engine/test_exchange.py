"""The exchange (fournier-1785 §4) and the value of the pot (§5)."""

from __future__ import annotations

import pytest

import reversis
from helpers import deal, play, random_states
from reversis import (
    Card,
    Decline,
    Discard,
    Exchange,
    IllegalMoveError,
    Phase,
    Play,
    Profile,
    load_profile,
    new_hand,
)
from reversis import events as ev
from reversis.engine.steps import step_text
from reversis.hand import state_of

# Dealer 0, eldest 1 (fournier-1785 §1: seats in playing order, eldest = dealer + 1).
HANDS = [
    "AS KS QS JS 2S 5H 4H 3H 6C 5C 4C 3C",  # seat 0, the dealer (12)
    "5S 4S 3S AH KH QH JH 9H 8H 7H 6H",  # seat 1, the eldest
    "9S 8S 7S 6S AC KC QC JC 9C 8C 7C",  # seat 2
    "AD KD QD JD 9D 8D 7D 6D 5D 4D 3D",  # seat 3
]
WIDOW = "2H 2C 2D"


def test_order_non_dealers_then_dealer(fournier: Profile) -> None:
    hand = deal(fournier, HANDS, WIDOW)
    assert hand.phase is Phase.EXCHANGE
    seen = []
    while hand.phase is Phase.EXCHANGE:
        seen.append(hand.to_move)
        hand = hand.apply(hand.legal_moves()[-1])
    assert seen == [1, 2, 3, 0]
    assert hand.phase is Phase.PLAY
    assert hand.to_move == 1  # fournier-1785 §6: the eldest leads the first trick


def test_exchange_takes_the_top_widow_card(fournier: Profile) -> None:
    hand = deal(fournier, HANDS, WIDOW).apply("exchange 5S")
    assert Card.parse("2H") in hand.hand_of(1)
    assert Card.parse("5S") not in hand.hand_of(1)
    assert hand.reversis.pot == (Card.parse("5S"),)
    hand = hand.apply("exchange AC")  # the second non-dealer gets the second widow card
    assert Card.parse("2C") in hand.hand_of(2)
    assert hand.events[-1] == ev.Exchanged(2, Card.parse("AC"), Card.parse("2C"))


def test_decline_puts_the_widow_card_in_the_pot(fournier: Profile) -> None:
    hand = deal(fournier, HANDS, WIDOW)
    after = hand.apply("decline")
    assert after.hand_of(1) == hand.hand_of(1)
    assert after.reversis.pot == (Card.parse("2H"),)
    assert after.events[-1] == ev.Declined(1, Card.parse("2H"))
    assert after.view(1).widow_card == Card.parse("2H")
    assert after.view(2).widow_card is None


def test_any_card_may_be_discarded(fournier: Profile) -> None:
    # fournier-1785 §4: aces and the Quinola included.
    hand = deal(fournier, HANDS, WIDOW)
    legal = hand.legal_moves()
    assert Exchange("AH") in legal
    assert Exchange("JH") in legal
    assert legal[-1] == Decline()
    assert len(legal) == 12
    hand = play(hand, "decline, decline, decline")
    legal = hand.legal_moves()
    assert Discard("AS") in legal
    assert len(legal) == 12
    assert Decline() not in legal


def test_after_the_exchange_everyone_holds_eleven(fournier: Profile) -> None:
    hand = play(deal(fournier, HANDS, WIDOW), "exchange 5S, decline, exchange 3D, discard KS")
    assert [len(h) for h in hand.hands] == [11, 11, 11, 11]
    assert sorted(c.code for c in hand.reversis.pot) == sorted(["5S", "2C", "3D", "KS"])


@pytest.mark.parametrize(
    ("moves", "move", "words"),
    [
        ("", "QS", "it is the exchange: seat 1 must exchange or decline"),
        ("", "discard 5S", "seat 1 must exchange or decline now"),
        ("", "exchange AS", "seat 1 does not hold AS"),
        ("decline, decline, decline", "decline", "the dealer, seat 0, must discard now"),
        ("decline, decline, decline", "exchange AS", "the dealer, seat 0, must discard now"),
        ("decline, decline, decline, discard 3H", "discard 4H", "the exchange is over"),
        ("decline, decline, decline, discard 3H", "give 4H", "the exchange is over"),
        ("", "give 5S", "must exchange or decline now"),
    ],
)
def test_exchange_errors(fournier: Profile, moves: str, move: str, words: str) -> None:
    hand = play(deal(fournier, HANDS, WIDOW), moves)
    with pytest.raises(IllegalMoveError, match=words) as info:
        hand.apply(move)
    assert str(info.value.move) == move
    assert hand == play(deal(fournier, HANDS, WIDOW), moves)  # unchanged


def test_three_players_two_exchanges(fournier3: Profile) -> None:
    hand = new_hand(fournier3, seed=5, dealer=2)
    order = []
    while hand.phase is Phase.EXCHANGE:
        order.append(hand.to_move)
        hand = hand.apply(hand.legal_moves()[0])
    assert order == [0, 1, 2]
    assert len(hand.reversis.pot) == 3
    assert [len(h) for h in hand.hands] == [11, 11, 11]


@pytest.mark.parametrize(
    ("widow", "discard", "value"),
    [
        # fournier-1785 §5 worked examples.
        ("AC QH JH", "2S", 14),
        ("7D 7S 5C", "2D", 4),
    ],
)
def test_pot_value_examples(fournier: Profile, widow: str, discard: str, value: int) -> None:
    cards = set((widow + " " + discard).split())
    rest = [c.code for c in fournier.deck if c.code not in cards]
    hands = [" ".join([discard, *rest[:11]]), " ".join(rest[11:22])]
    hands += [" ".join(rest[22:33]), " ".join(rest[33:44])]
    hand = deal(fournier, hands, widow)
    hand = play(hand, f"decline, decline, decline, discard {discard}")
    assert sorted(hand.reversis.pot) == sorted(Card.parse(c) for c in cards)
    assert hand.reversis.pot_value == value


def test_play_is_refused_until_the_exchange_is_over(fournier: Profile) -> None:
    hand = deal(fournier, HANDS, WIDOW)
    assert not hand.is_legal(Play("5S"))
    assert hand.is_legal("decline")
    assert not hand.is_legal("nonsense")


# ---------------------------------------------------------------------------------------------
# The steps' words and refusals (fournier-1785 §4, hoyle §4, hearts §4, reunion §4)
# ---------------------------------------------------------------------------------------------


def test_the_steps_say_what_they_ask_for() -> None:
    """fournier-1785 §4, hoyle §4, hearts §4: the words of each kind of step."""
    hoyle = reversis.new_hand("hoyle", seed=3)
    deal = state_of(hoyle).deal
    texts = [step_text(deal, k) for k in range(len(deal.steps))]
    assert texts[0] == "seat 1 must exchange"  # no declining in Hoyle
    assert "the dealer, seat 0, must discard" in texts
    assert texts[-1] == "seat 0 must give a card to the player opposite"  # the dealer last
    fournier = reversis.new_hand("fournier-1785", seed=3)
    assert step_text(state_of(fournier).deal, 0) == "seat 1 must exchange or decline"
    hearts = reversis.new_hand("hearts", seed=3, pass_direction="right")
    assert step_text(state_of(hearts).deal, 0) == "seat 1 must pass a card to seat 0"


def test_every_refused_step_names_its_move() -> None:
    """fournier-1785 §4, hoyle §4, reunion §4: a refused exchange, discard, decline or give is an
    ``IllegalMoveError`` that carries the move refused."""
    refused: list[tuple[reversis.Hand, reversis.Move]] = []
    hoyle = reversis.new_hand("hoyle", seed=3)
    refused.append((hoyle, reversis.Decline()))  # no declining in Hoyle
    while hoyle.phase is reversis.Phase.EXCHANGE and not isinstance(
        hoyle.legal_moves()[0], reversis.Give
    ):
        hoyle = hoyle.apply(hoyle.legal_moves()[0])
    first = hoyle.legal_moves()[0]
    hoyle = hoyle.apply(first)  # the first give: its card stays in the hand until all are given
    refused.append((hoyle, first))  # the same card chosen again (hoyle §4)
    for seed in range(40):
        reunion = reversis.new_hand("reunion", seed=seed)
        aces = [c for c in reunion.hand_of(reunion.dealer) if c.rank.code == "A"]
        if aces:
            refused.append((reunion, reversis.Discard(aces[0])))  # never an ace (reunion §4)
            break
    over = random_states(load_profile(), 1)[-1]
    refused.append((over, reversis.Decline()))  # the hand is over
    for hand, move in refused:
        with pytest.raises(IllegalMoveError) as info:
            hand.apply(move)
        assert info.value.move == move, (move, info.value.reason)
    assert len(refused) == 4
