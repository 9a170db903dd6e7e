"""The Hand facade: its engine state, hashing, repr, facts and seats."""

from __future__ import annotations

import pytest

import reversis
from helpers import random_states
from reversis import ArgumentError, load_profile
from reversis.hand import state_of

PROFILES = tuple(reversis.available_profiles())


def test_the_state_holds_the_hands() -> None:
    for name in PROFILES:
        for state in random_states(load_profile(name), 3)[::5]:
            held = state_of(state).held
            for seat in range(state.players):
                assert held[seat] == sum(card.mask for card in state.hand_of(seat))


def test_hands_hash_by_their_game_and_show_it() -> None:
    hands = [reversis.new_hand("fournier-1785", seed=s) for s in range(20)]
    assert len({hash(h) for h in hands}) > 1
    assert hash(hands[0]) == hash(reversis.new_hand("fournier-1785", seed=0))
    assert repr(hands[0]) == "<Hand fournier-1785 dealer=0 phase=exchange moves=0 to_move=1>"
    after = random_states(load_profile("hoyle"), 2)[-1]
    facts = after.facts
    assert isinstance(facts[0], reversis.engine.facts.Dealt)  # the deal first
    assert len(facts) == len(after.events)  # one per event
    assert facts is after.facts  # kept with the hand, an immutable tuple


def test_a_seat_past_the_last_is_no_seat() -> None:
    for name in ("fournier-1785", "fournier-1785-3p"):
        hand = reversis.new_hand(name, seed=1)
        n = hand.players
        assert len(hand.hand_of(n - 1)) > 0
        with pytest.raises(ArgumentError):
            hand.hand_of(n)
        with pytest.raises(ArgumentError):
            hand.hand_of(-1)
