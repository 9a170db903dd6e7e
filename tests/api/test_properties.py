"""Hypothesis properties over random hands and whole matches of every profile.

Each example deals a hand from a random seed, dealer and stakes and plays it to the end with random
moves, checking after every move: cards conserved, legal moves accepted and a sample of others
refused, the previous state unchanged, the money invariants (payments positive, the players' net
equal to minus the change of the pools, the settlement built up trick by trick); at random moments
that views leak nothing; at the end that replay and pickling give an equal hand. Random whole
matches check that counters are conserved at every step. By default 200 hands and 20 matches a
profile; ``CI_FULL=1`` runs 20,000 hands and 1,000 matches a profile.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import seeded, sized
from reversis import (
    IllegalMoveError,
    MatchPhase,
    Phase,
    deal_from_deck,
    deal_hand,
    load_profile,
    new_hand,
    new_match,
    settle,
)
from reversis.testing import all_moves, check_money, knowable_cards
from reversis.views.view import view_cards

PROFILES = {
    name: load_profile(name) for name in ("fournier-1785", "fournier-1785-3p", "english", "hoyle")
}
HANDS = sized(200, 20_000)
MATCHES = sized(20, 1_000)


def _stakes(profile, seed: int | None):  # type: ignore[no-untyped-def]
    """Random valid stakes for ``profile`` (``None``: the first hand of a match)."""
    if seed is None:
        return None
    rng = random.Random(seed)
    if profile.mechanism == "basket":
        count = rng.choice([0, 0, 1, 2, 5])
        beasts = [
            {
                "owner": rng.randrange(profile.players),
                "amount": rng.randint(1, 80),
                "in_play": False,
            }
            for _ in range(count)
        ]
        if beasts:
            beasts[rng.randrange(count)]["in_play"] = True
        return {"basket": rng.choice([0, 4, 20, 57]), "beasts": beasts}
    if profile.mechanism == "remise":
        pots = [rng.randint(1, 90) for _ in range(rng.choice([1, 1, 2, 3]))]
        return {"pots": pots, "cycle_remised": len(pots) > 1 or rng.random() < 0.5}
    # pools below, at and above their stakes, at and above three stakes
    return {
        "great": rng.choice([0, 26, 40, 100, 130, 220]),
        "little": rng.choice([0, 13, 20, 50, 75, 110]),
    }


def _conserved(hand, deck_mask: int) -> None:  # type: ignore[no-untyped-def]
    seen = 0
    count = 0
    groups = [*hand.hands, hand.reversis.pot, *(t.cards for t in hand.tricks)]
    if hand.current_trick is not None:
        groups.append(hand.current_trick.cards)
    if hand.phase is Phase.EXCHANGE:
        used = sum(1 for e in hand.events if type(e).__name__ in ("Exchanged", "Declined"))
        groups.append(hand.deal.widow[used:])
    for cards in groups:
        for card in cards:
            seen |= card.mask
            count += 1
    assert seen == deck_mask
    assert count == deck_mask.bit_count()


@pytest.mark.parametrize("name", sorted(PROFILES))
@seeded(HANDS)
@given(
    seed=st.integers(0, 2**64),
    dealer=st.integers(0, 3),
    choices=st.integers(0, 2**32),
    stakes=st.one_of(st.none(), st.integers(0, 2**32)),
)
def test_random_hands(name: str, seed: int, dealer: int, choices: int, stakes: int | None) -> None:
    profile = PROFILES[name]
    rng = random.Random(choices)
    dealer %= profile.players
    deck_mask = sum(c.mask for c in profile.deck)
    candidates = all_moves(profile)
    hand = new_hand(profile, seed=seed, dealer=dealer, stakes=_stakes(profile, stakes))
    previous = None
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
        if hand.current_trick is None or hand.is_over:
            check_money(hand, previous)
            previous = hand
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(legal))
        step += 1
    # Replay from the pack, from the dealt cards, and through pickle: an equal hand.
    again = deal_from_deck(
        profile, hand.deal.deck, dealer=dealer, seed=seed, stakes=hand.deal.stakes
    )
    for move in hand.moves:
        again = again.apply(str(move))
    assert again == hand
    assert hash(again) == hash(hand)
    assert again.events == hand.events
    dealt = deal_hand(
        profile, hand.deal.dealt, hand.deal.widow, dealer=dealer, stakes=hand.deal.stakes.to_dict()
    )
    for move in hand.moves:
        dealt = dealt.apply(move)
    assert dealt.events == hand.events
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert len(hand.tricks) == (
        10 if hand.reversis.breaker is not None and len(hand.tricks) == 10 else 11
    )


@pytest.mark.parametrize("name", sorted(PROFILES))
@seeded(MATCHES)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_matches(name: str, seed: int, choices: int) -> None:
    profile = PROFILES[name]
    rng = random.Random(choices)
    match = new_match(profile, seed=seed)
    total = profile.players * profile.money.bankroll
    continuing = 0
    while not match.is_over and continuing < 40:
        assert sum(match.bankrolls) + match.stakes.pool_total == total
        if match.phase is MatchPhase.DECIDING:
            for seat in match.deciders:
                match = match.choose(seat, rng.choice(["continue", "share"]))
            continue
        continuing += match.phase is MatchPhase.CONTINUING
        dealer = match.dealer
        match = match.start_hand()
        assert sum(match.bankrolls) + match.stakes.pool_total == total
        assert match.hand is not None
        hand = match.hand
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_moves()))
        result = settle(hand)
        assert sum(result.net) == match.stakes.pool_total - result.stakes.pool_total
        match = match.finish_hand(hand)
        assert match.dealer == (dealer + 1) % profile.players
    assert sum(match.bankrolls) + match.stakes.pool_total == total
    if match.is_over:
        assert match.hands_played >= match.total_hands
