"""Chance: the seeded shuffle, the cut, the deal (fournier-1785 §3)."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

import reversis
from reversis import (
    ArgumentError,
    Card,
    DealError,
    MatchError,
    Profile,
    RecordError,
    deal_from_deck,
    deal_hand,
    load_profile,
    new_hand,
    new_match,
    records,
)
from reversis.engine.chance import cut, deal_cards, draw_first_dealer, seeded_deck

PROFILES = tuple(reversis.available_profiles())

# The documented shuffle, pinned: one seed gives one pack on every Python version.
PINNED = {
    0: "7H QS 3D 6D KC AH 5H 8S JH 8H 5C AS 6C 2C 7S 5D KH JC QD 2D 4H 7C KS 4S JS 2H 9H 9D 3S AC "
    "6S 4D 7D 3H QC AD 6H 5S 9C JD 9S 8C QH 2S 3C KD 4C 8D",
    7: "JC 2C 2H 6S JD KH 3C 5C KS AD AS 9S JS QC 8D 3S 7H 6D AH 9C KD QH 6H 7S 2D 6C 9D 7D 8C 8H "
    "4C 2S 5D QD 9H 3H 3D 8S 7C QS 4S 4H KC 5S 5H AC JH 4D",
    2**64
    + 3: "5H 3D JH 8C AH AD 2C 7H KD AC 9D 6D 3H 3C 4H 5S 8S QS QD 9S KS JS 6C QC 7C 5D 2D KC JD 8H "
    "4C 2S 4D 7S 9C QH 5C 6H 9H JC 8D AS 2H 6S 4S 3S 7D KH",
}
PINNED_3P_7 = (
    "6S 6C QS 3S KD 5S JS JC 3C QC JD QH 6D AS 2C 2D AC 5C JH 5H 4S AD 3H KC AH 5D 2S KS 4H 4C "
    "KH 4D QD 6H 2H 3D"
)


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_seeded_pack_is_pinned(fournier: Profile, seed: int) -> None:
    assert " ".join(c.code for c in seeded_deck(fournier, seed)) == PINNED[seed]


def test_seeded_pack_3p_is_pinned(fournier3: Profile) -> None:
    assert " ".join(c.code for c in seeded_deck(fournier3, 7)) == PINNED_3P_7


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**100, 2**128 - 1])
@pytest.mark.parametrize("name", ["fournier-1785", "fournier-1785-3p"])
def test_shuffle_follows_its_documentation(name: str, seed: int) -> None:
    """Re-derive the pack from the algorithm as the docs state it."""
    profile = load_profile(name)
    n = len(profile.deck)
    digest = hashlib.shake_256(b"reversis-deck\x00" + seed.to_bytes(16, "little")).digest(8 * n)
    w = [int.from_bytes(digest[8 * i : 8 * i + 8], "little") for i in range(n)]
    pack = list(profile.deck)
    for i in range(n - 1, 0, -1):
        j = (w[n - 1 - i] * (i + 1)) >> 64
        pack[i], pack[j] = pack[j], pack[i]
    m = profile.deal.cut_minimum
    k = m + ((w[n - 1] * (n - 2 * m + 1)) >> 64)
    assert list(seeded_deck(profile, seed)) == pack[k:] + pack[:k]


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
    assert len(hand.deal.widow) == 2
    assert hand.deal.eldest == 2


def test_new_hand_uses_the_seeded_pack(fournier: Profile) -> None:
    hand = new_hand(fournier, seed=7, dealer=1)
    assert hand.deal.deck == seeded_deck(fournier, 7)
    assert hand.deal.seed == 7
    hands, widow = deal_cards(fournier, hand.deal.deck, 1)
    assert hand.hands == tuple(tuple(sorted(h)) for h in hands)
    assert hand.deal.widow == widow
    again = deal_from_deck(fournier, [c.code for c in hand.deal.deck], dealer=1)
    assert again.hands == hand.hands
    assert again.deal.widow == hand.deal.widow


def test_deal_hand_canonical_pack(fournier: Profile) -> None:
    source = new_hand(fournier, seed=11, dealer=3)
    hand = deal_hand(fournier, source.deal.dealt, source.deal.widow, dealer=3)
    rebuilt = deal_from_deck(fournier, hand.deal.deck, dealer=3)
    assert rebuilt.hands == hand.hands
    assert rebuilt.deal.widow == hand.deal.widow
    assert sorted(hand.deal.deck) == sorted(fournier.deck)


def test_first_dealer_draw(fournier: Profile, fournier3: Profile) -> None:
    # fournier-1785 §3: whoever finds the Quinola in their pile deals; a seeded chance event.
    for profile in (fournier, fournier3):
        seats = {draw_first_dealer(profile, s) for s in range(200)}
        assert seats == set(range(profile.players))
    assert [draw_first_dealer(fournier, s) for s in range(8)] == [1, 0, 3, 2, 3, 2, 1, 2]


def test_first_dealer_is_the_quinola_pile(fournier: Profile) -> None:
    from reversis.engine.chance import random_words, shuffled

    for seed in range(20):
        pack = shuffled(fournier.deck, random_words(seed, b"reversis-dealer", 48))
        pile = pack.index(Card.parse("JH")) // 12
        assert draw_first_dealer(fournier, seed) == pile


def test_shuffled_refuses_too_few_words(fournier: Profile) -> None:
    # chance.py step 3: one word per swap, 47 for a pack of 48.
    from reversis.engine.chance import random_words, shuffled

    words = random_words(1, b"reversis-deck", 48)
    assert sorted(shuffled(fournier.deck, words[:47]), key=lambda c: c.index) == list(fournier.deck)
    with pytest.raises(ArgumentError, match="shuffling 48 cards takes 47 words, not 46"):
        shuffled(fournier.deck, words[:46])


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
    h = [list(x) for x in source.deal.dealt]
    w = list(source.deal.widow)
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


# ---------------------------------------------------------------------------------------------
# The eldest, and seeds refused where they come in (fournier-1785 §3)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_the_deal_names_the_dealer_and_the_eldest(name: str) -> None:
    """fournier-1785 §3: the eldest is the dealer's next seat (hand.deal.eldest), in every game."""
    profile = load_profile(name)
    for dealer in range(profile.players):
        hand = reversis.new_hand(profile, seed=dealer, dealer=dealer)
        first = hand.events[0]
        assert isinstance(first, reversis.events.HandDealt)
        assert (first.dealer, first.eldest) == (dealer, (dealer + 1) % profile.players)
        assert hand.deal.eldest == first.eldest


@pytest.mark.parametrize("seed", ["x", 1.5, 2**200, -5, True, 2**128])
def test_bad_seeds_are_refused_where_they_come_in(seed: Any) -> None:
    profile = load_profile("fournier-1785")
    deck = new_hand(profile, seed=1).deal.deck
    with pytest.raises(DealError, match="seed"):
        deal_from_deck(profile, deck, seed=seed)
    with pytest.raises(DealError, match="seed"):
        new_hand(profile, seed=seed)
    with pytest.raises(MatchError, match="seed"):
        new_match(profile, seed=seed if seed != 2**128 else 2**120)


def test_a_seed_must_give_its_pack() -> None:
    profile = load_profile("fournier-1785")
    deck = new_hand(profile, seed=1).deal.deck
    assert deal_from_deck(profile, deck, seed=1) == new_hand(profile, seed=1)
    with pytest.raises(DealError, match="does not give this pack"):
        deal_from_deck(profile, deck, seed=2)
    text = records.dump(new_hand(profile, seed=1)).replace('[Seed "1"]', '[Seed "2"]')
    with pytest.raises(RecordError, match="does not give"):
        records.replay(text)
