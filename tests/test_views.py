"""Per-player views: own cards, known widow cards, public plays; nothing else."""

from __future__ import annotations

import random

from helpers import deal, play
from reversis import Card, Phase, Profile, new_hand
from reversis import events as ev
from reversis.testing import knowable_cards
from reversis.views import view_cards

HANDS = [
    "AS KS QS JS 2S 5H 4H 3H 6C 5C 4C 3C",
    "5S 4S 3S AH KH QH JH 9H 8H 7H 6H",
    "9S 8S 7S 6S AC KC QC JC 9C 8C 7C",
    "AD KD QD JD 9D 8D 7D 6D 5D 4D 3D",
]
WIDOW = "2H 2C 2D"


def test_view_before_and_after_the_exchange(fournier: Profile) -> None:
    hand = deal(fournier, HANDS, WIDOW)
    first = hand.view(1)
    assert first.widow_card is None
    assert first.hand == hand.hand_of(1)
    assert first.legal_moves == hand.legal_moves()
    assert hand.view(2).legal_moves == ()
    assert first.card_counts == (12, 11, 11, 11)
    hand = play(hand, "exchange 5S, decline, exchange 3D, discard KS")
    v1, v2, v3, v0 = hand.view(1), hand.view(2), hand.view(3), hand.view(0)
    assert (v1.widow_card, v1.put_aside) == (Card.parse("2H"), (Card.parse("5S"),))
    assert (v2.widow_card, v2.put_aside) == (Card.parse("2C"), (Card.parse("2C"),))
    assert v0.put_aside == (Card.parse("KS"),)
    assert v0.widow_card is None
    # others see that seat 1 exchanged, not which cards
    assert ev.Exchanged(1, None, None) in v2.events
    assert ev.Exchanged(1, Card.parse("5S"), Card.parse("2H")) in v1.events
    assert ev.Discarded(0, None) in v3.events
    for seat in range(4):
        assert Card.parse("KS") not in view_cards(hand.view(seat)) or seat == 0
    assert v1.phase is Phase.PLAY
    assert v1.to_move == 1


def test_pot_turned_at_the_end(fournier: Profile) -> None:
    hand = new_hand(fournier, seed=21)
    rng = random.Random(21)
    while not hand.is_over:
        assert hand.view(0).pot is None
        hand = hand.apply(rng.choice(hand.legal_moves()))
    if hand.reversis_player is None:
        assert hand.view(2).pot == hand.pot


def test_views_leak_nothing_random(fournier: Profile, fournier3: Profile) -> None:
    for profile in (fournier, fournier3):
        for seed in range(40):
            hand = new_hand(profile, seed=seed, dealer=seed % profile.players)
            rng = random.Random(seed)
            while True:
                for seat in range(profile.players):
                    assert view_cards(hand.view(seat)) <= knowable_cards(hand, seat)
                if hand.is_over:
                    break
                hand = hand.apply(rng.choice(hand.legal_moves()))


def test_privilege_used_is_private_until_the_end(fournier: Profile) -> None:
    aces = [
        "6S 5S 4S JH 6H 5H 4H 6D 5D 4D 7C 6C",
        "AS AH AD AC 2S 3S 2H 3H 2D 3D 2C",
        "KS QS JS 9S 8S 7S KH QH 9H 8H 7H",
        "KD QD JD 9D 8D 7D KC QC JC 9C 8C",
    ]
    hand = play(deal(fournier, aces, "5C 4C 3C"), "decline, decline, decline, discard 7C")
    hand = play(hand, "2S KS KD 6S KH KC 4H AS")
    assert ev.PrivilegeUsed(1, 2) in hand.view(1).events
    assert ev.PrivilegeUsed(1, 2) not in hand.view(2).events
    rng = random.Random(1)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert ev.PrivilegeUsed(1, 2) in hand.view(2).events
