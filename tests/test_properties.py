"""Hypothesis properties over thousands of random hands per profile.

Each example deals a hand from a random seed and dealer and plays it to the end with random moves,
checking after every move: cards conserved, legal moves accepted and a sample of others refused,
the previous state unchanged; at random moments that views leak nothing; at the end that replay
and pickling give an equal hand. ``CI_FULL=1`` runs ten times as many hands.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SCALE
from reversis import IllegalMoveError, Phase, deal_from_deck, deal_hand, load_profile, new_hand
from reversis.testing import all_moves, knowable_cards
from reversis.views import view_cards

PROFILES = {name: load_profile(name) for name in ("fournier-1785", "fournier-1785-3p")}
HANDS = 2000 * SCALE


def _conserved(hand, deck_mask: int) -> None:  # type: ignore[no-untyped-def]
    seen = 0
    count = 0
    groups = [*hand.hands, hand.pot, *(t.cards for t in hand.tricks)]
    if hand.current_trick is not None:
        groups.append(hand.current_trick.cards)
    if hand.phase is Phase.EXCHANGE:
        used = sum(1 for e in hand.events if type(e).__name__ in ("Exchanged", "Declined"))
        groups.append(hand.widow[used:])
    for cards in groups:
        for card in cards:
            seen |= card.mask
            count += 1
    assert seen == deck_mask
    assert count == deck_mask.bit_count()


@pytest.mark.parametrize("name", sorted(PROFILES))
@settings(max_examples=HANDS, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 2**64), dealer=st.integers(0, 3), choices=st.integers(0, 2**32))
def test_random_hands(name: str, seed: int, dealer: int, choices: int) -> None:
    profile = PROFILES[name]
    rng = random.Random(choices)
    dealer %= profile.players
    deck_mask = sum(c.mask for c in profile.deck)
    candidates = all_moves(profile)
    hand = new_hand(profile, seed=seed, dealer=dealer)
    looks = {rng.randrange(60) for _ in range(3)}
    step = 0
    while True:
        _conserved(hand, deck_mask)
        legal = hand.legal_moves()
        assert (not legal) == hand.is_over
        before = (hand.moves, hand.hands, len(hand.events))
        for move in legal:
            hand.apply(move)
        legal_set = set(legal)
        for move in rng.sample(candidates, 4):
            if move in legal_set:
                continue
            with pytest.raises(IllegalMoveError):
                hand.apply(move)
        assert (hand.moves, hand.hands, len(hand.events)) == before
        if step in looks or hand.is_over:
            for seat in range(profile.players):
                assert view_cards(hand.view(seat)) <= knowable_cards(hand, seat)
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(legal))
        step += 1
    # Replay from the pack, from the dealt cards, and through pickle: an equal hand.
    again = deal_from_deck(profile, hand.deck, dealer=dealer, seed=seed)
    for move in hand.moves:
        again = again.apply(str(move))
    assert again == hand
    assert hash(again) == hash(hand)
    assert again.events == hand.events
    dealt = deal_hand(profile, hand.dealt, hand.widow, dealer=dealer)
    for move in hand.moves:
        dealt = dealt.apply(move)
    assert dealt.events == hand.events
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert len(hand.tricks) == (
        10 if hand.reversis_breaker is not None and len(hand.tricks) == 10 else 11
    )
