"""Chance: the seeded shuffle, the cut, the deal (fournier-1785 §3)."""

from __future__ import annotations

import random

import pytest

from reversis import Card, DealError, Profile, deal_from_deck, deal_hand, new_hand
from reversis.deal import cut, deal_cards, draw_first_dealer, seeded_deck

# The documented shuffle, pinned: one seed gives one pack on every Python version.
PINNED = {
    0: "7S 3S 2H 8H 7H JC QD 4H KC 8D KH 9S QS 2D JH 7D KD AC 9D AH 6S QH 3D 4S KS 3C 7C 5C 6D 8C "
    "3H 5D 9H 2C 9C JD 6C 4D 5H 6H 2S AS QC 4C JS 8S AD 5S",
    7: "JD 4C AS AD 5C 7H 9C 5D 9H 4S 4H 3D 2H KC 2D QC 7C 9D QH AH 3H 4D 2C JC QD 8D KH 9S 8H 8C "
    "3S 2S JH KD 5S 5H AC 7D QS 6S KS 6C 6H 8S JS 7S 6D 3C",
    2**64 + 3: "4D QH QS KH 6S AC 8H 7D 7H 6H 9C 4H 2D 3S 3H 9D 6D 7C QD 5H 7S 4C JD KD KS 3C 6C "
    "AH 8C 8S 8D JH 5S AD 5D JS JC 2C 4S AS 9S KC 2H 2S 9H 5C 3D QC",
}
PINNED_3P_7 = (
    "6D AH KH 5C QS 2C QD QC JH 2H 5D 6C QH 3H 3D JS 2S 5S 4S JD 3C AS AD 4C 6H JC 4D KD KS 3S "
    "5H AC 2D 4H 6S KC"
)


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_seeded_pack_is_pinned(fournier: Profile, seed: int) -> None:
    assert " ".join(c.code for c in seeded_deck(fournier, seed)) == PINNED[seed]


def test_seeded_pack_3p_is_pinned(fournier3: Profile) -> None:
    assert " ".join(c.code for c in seeded_deck(fournier3, 7)) == PINNED_3P_7


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**100])
def test_shuffle_follows_its_documentation(fournier: Profile, seed: int) -> None:
    """Re-derive the pack from the algorithm as the docs state it."""
    rng = random.Random(seed)
    pack = list(fournier.deck)
    for i in range(len(pack) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        pack[i], pack[j] = pack[j], pack[i]
    m = fournier.deal.cut_minimum
    k = m + int(rng.random() * (len(pack) - 2 * m + 1))
    assert list(seeded_deck(fournier, seed)) == pack[k:] + pack[:k]


@pytest.mark.parametrize("seed", [-1, 1.5, "7", 2**128, True])
def test_bad_seeds(fournier: Profile, seed: object) -> None:
    with pytest.raises(DealError, match="seed"):
        new_hand(fournier, seed=seed)  # type: ignore[arg-type]


def test_cut_keeps_three_cards_each_side(fournier: Profile) -> None:
    # fournier-1785 §3: each packet of the cut has at least 3 cards.
    deck = list(fournier.deck)
    assert cut(deck, 3, 3) == deck[3:] + deck[:3]
    for k in (2, 46):
        with pytest.raises(DealError):
            cut(deck, k, 3)


def test_packets_from_the_eldest(fournier: Profile) -> None:
    # fournier-1785 §3: 3 to each other player and 4 to the dealer, then twice 4 to each, from the
    # eldest (dealer + 1) in playing order; the 3 left are the widow.
    deck = list(fournier.deck)
    hands, widow = deal_cards(fournier, deck, dealer=2)
    assert [len(h) for h in hands] == [11, 11, 12, 11]
    assert hands[3][:3] == tuple(deck[0:3])  # the eldest first
    assert hands[0][:3] == tuple(deck[3:6])
    assert hands[1][:3] == tuple(deck[6:9])
    assert hands[2][:4] == tuple(deck[9:13])  # then the dealer's 4
    assert hands[3][3:7] == tuple(deck[13:17])
    assert widow == tuple(deck[45:])


def test_three_player_deal(fournier3: Profile) -> None:
    # fournier-1785 three players: dealer 12, others 11, widow 2.
    hand = new_hand(fournier3, seed=3, dealer=1)
    assert [len(h) for h in hand.hands] == [11, 12, 11]
    assert len(hand.widow) == 2
    assert hand.eldest == 2


def test_new_hand_uses_the_seeded_pack(fournier: Profile) -> None:
    hand = new_hand(fournier, seed=7, dealer=1)
    assert hand.deck == seeded_deck(fournier, 7)
    assert hand.seed == 7
    hands, widow = deal_cards(fournier, hand.deck, 1)
    assert hand.hands == tuple(tuple(sorted(h)) for h in hands)
    assert hand.widow == widow
    again = deal_from_deck(fournier, [c.code for c in hand.deck], dealer=1)
    assert again.hands == hand.hands
    assert again.widow == hand.widow


def test_deal_hand_canonical_pack(fournier: Profile) -> None:
    source = new_hand(fournier, seed=11, dealer=3)
    hand = deal_hand(fournier, source.dealt, source.widow, dealer=3)
    rebuilt = deal_from_deck(fournier, hand.deck, dealer=3)
    assert rebuilt.hands == hand.hands
    assert rebuilt.widow == hand.widow
    assert sorted(hand.deck) == sorted(fournier.deck)


def test_first_dealer_draw(fournier: Profile, fournier3: Profile) -> None:
    # fournier-1785 §3: whoever finds the Quinola in their pile deals; a seeded chance event.
    for profile in (fournier, fournier3):
        seats = {draw_first_dealer(profile, s) for s in range(200)}
        assert seats == set(range(profile.players))
    assert [draw_first_dealer(fournier, s) for s in range(8)] == [3, 3, 2, 0, 3, 3, 2, 2]


def test_first_dealer_is_the_quinola_pile(fournier: Profile) -> None:
    from reversis.deal import shuffled

    for seed in range(20):
        pack = shuffled(fournier.deck, random.Random(seed))
        pile = pack.index(Card.parse("JH")) // 12
        assert draw_first_dealer(fournier, seed) == pile


@pytest.mark.parametrize(
    ("hands", "widow", "words"),
    [
        (lambda h: h[:3], lambda w: w, "cards of 4 seats"),
        (lambda h: [h[0][:-1], *h[1:]], lambda w: w, "must be dealt 12 cards"),
        (lambda h: [[*h[0][:-1], h[1][0]], *h[1:]], lambda w: w, "dealt twice"),
        (lambda h: h, lambda w: w[:2], "widow must hold 3"),
        (lambda h: h, lambda w: [*w[:2], "10H"], "not in the fournier-1785 pack"),
        (lambda h: h, lambda w: [*w[:2], "ZZ"], "not a card"),
        (lambda h: "AS KS", lambda w: w, "one collection of cards per seat"),
    ],
)
def test_deal_errors(fournier: Profile, hands: object, widow: object, words: str) -> None:
    source = new_hand(fournier, seed=2)
    h = [list(x) for x in source.dealt]
    w = list(source.widow)
    with pytest.raises(DealError, match=words):
        deal_hand(fournier, hands(h), widow(w))  # type: ignore[operator]


def test_deck_errors(fournier: Profile) -> None:
    deck = list(fournier.deck)
    with pytest.raises(DealError, match="twice"):
        deal_from_deck(fournier, [*deck[:-1], deck[0]])
    with pytest.raises(DealError, match="48 cards"):
        deal_from_deck(fournier, deck[:-1])
    with pytest.raises(DealError, match="dealer"):
        deal_from_deck(fournier, deck, dealer=4)
    with pytest.raises(DealError, match="dealer"):
        new_hand(fournier, seed=1, dealer=-1)
