"""The observation encoding (reversis.views.encoding): the fast encoder (from the hand's engine state)
equals the one built from the view on random states of every profile, for every seat, and reads
nothing the seat cannot know."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reversis
from helpers import random_moves, sized
from reversis.hand import state_of
from reversis.views.encoding import (
    PART_NAMES,
    PRIVATE_PARTS,
    encode_observation,
    encode_view,
    observation_entries,
    observation_layout,
    observation_size,
    private_entries,
)

PROFILES = sorted(reversis.available_profiles())


@settings(max_examples=sized(60, 600))
@given(
    name=st.sampled_from(PROFILES),
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 70),
    dealer=st.integers(0, 3),
)
def test_fast_encoding_equals_the_views(name: str, seed: int, steps: int, dealer: int) -> None:
    profile = reversis.load_profile(name)
    hand = reversis.new_hand(profile, seed=seed, dealer=dealer % profile.players)
    hand = random_moves(hand, seed, steps)
    for seat in range(profile.players):
        vector = encode_observation(hand, seat, state_of(hand))
        assert len(vector) == observation_size(profile)
        assert vector == encode_view(hand.view(seat))
        assert encode_observation(hand, seat) == vector  # without the state: from the view


@pytest.mark.parametrize("name", PROFILES)
def test_layout_covers_the_vector(name: str) -> None:
    profile = reversis.load_profile(name)
    parts = observation_layout(profile)
    assert tuple(p.name for p in parts) == PART_NAMES
    assert parts[0].offset == 0
    for before, after in itertools.pairwise(parts):
        assert after.offset == before.offset + before.size
    n, d = profile.players, len(profile.deck)
    assert (
        parts[-1].offset + parts[-1].size
        == observation_size(profile)
        == d * (2 * n + 9) + 8 * n + 14
    )


def _swap_hidden(hand: reversis.Hand, seat: int, rng: random.Random) -> reversis.Hand:
    """Another world with the same view for ``seat`` (its hidden cards dealt otherwise)."""
    return reversis.sample_world(hand.view(seat), rng)


@pytest.mark.parametrize("name", PROFILES)
def test_hidden_cards_do_not_change_the_observation(name: str) -> None:
    """Two worlds that a seat cannot tell apart encode alike for it, and the other seats' cards
    appear nowhere in its vector (the hand part holds exactly its own cards)."""
    profile = reversis.load_profile(name)
    rng = random.Random(5)
    for seed in range(sized(6, 60)):
        hand = random_moves(reversis.new_hand(profile, seed=seed), seed, rng.randrange(60))
        seat = rng.randrange(profile.players)
        world = _swap_hidden(hand, seat, rng)
        assert encode_observation(world, seat) == encode_observation(hand, seat)
        vector = encode_observation(hand, seat, state_of(hand))
        assert encode_observation(world, seat, state_of(world)) == vector
        d = len(profile.deck)
        held = {profile.deck[i] for i in range(d) if vector[i]}
        assert held == set(hand.hand_of(seat))


def test_relative_seats_and_values() -> None:
    hand = reversis.new_hand("hearts", seed=3)
    at = {p.name: p.offset for p in observation_layout(hand.profile)}
    to_move = hand.to_move
    assert to_move is not None
    own = encode_observation(hand, to_move)
    assert own[at["to_move"]] == 1.0  # relative seat 0: the observer moves
    other = encode_observation(hand, (to_move + 1) % 4)
    assert other[at["to_move"] + 3] == 1.0  # three places after the next seat
    assert own[at["pass_direction"] + 0] == 1.0  # hand 1 passes left
    assert own[at["phase"]] == 1.0  # the steps before play
    for state in (state_of(hand), None):
        ones, indices, values = observation_entries(hand, to_move, state)
        assert all(own[i] == 1.0 for i in ones)
        assert all(own[i] == v for i, v in zip(indices, values, strict=True))
        assert sum(1 for x in own if x) == len(
            set(ones) | {i for i, v in zip(indices, values, strict=True) if v}
        )


def test_bad_arguments() -> None:
    hand = reversis.new_hand("hearts", seed=3)
    with pytest.raises(reversis.ArgumentError, match="not a seat"):
        encode_observation(hand, 4)
    with pytest.raises(reversis.ArgumentError, match="needs a Hand"):
        encode_observation("hand", 0)  # type: ignore[arg-type]
    with pytest.raises(reversis.ArgumentError, match="not a seat"):
        encode_observation(hand, 4, state_of(hand))
    with pytest.raises(reversis.ArgumentError, match="not a seat"):
        observation_entries(hand, True, state_of(hand))
    with pytest.raises(reversis.ArgumentError, match="engine state"):
        encode_observation(hand, 0, hand)  # type: ignore[arg-type]
    with pytest.raises(reversis.ArgumentError, match="needs a Hand"):
        private_entries(hand.view(0), 0)  # type: ignore[arg-type]
    with pytest.raises(reversis.ArgumentError, match="needs a HandView"):
        encode_view(hand)  # type: ignore[arg-type]
    with pytest.raises(reversis.ArgumentError, match="Profile"):
        observation_size("hearts")  # type: ignore[arg-type]


class _Array:
    """Something with a ``view`` method that is not a hand's (as numpy's arrays have)."""

    def view(self, dtype: object) -> object:
        raise TypeError(f"Cannot interpret {dtype!r} as a data type")


def test_an_object_with_another_view_method_is_no_hand() -> None:
    """Was a TypeError from the object's own view() (a numpy array given for the hand)."""
    for encode in (encode_observation, observation_entries, private_entries):
        with pytest.raises(reversis.ArgumentError, match="needs a Hand"):
            encode(_Array(), 0)  # type: ignore[arg-type]


@settings(max_examples=sized(40, 400))
@given(name=st.sampled_from(PROFILES), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 70))
def test_private_entries_are_the_private_parts(name: str, seed: int, steps: int) -> None:
    """private_entries gives exactly the 1s of the observer's own parts (which hold only 0s and
    1s)."""
    profile = reversis.load_profile(name)
    hand = random_moves(reversis.new_hand(profile, seed=seed), seed, steps)
    parts = {p.name: p for p in observation_layout(profile)}
    private = {
        i
        for name_ in PRIVATE_PARTS
        for i in range(parts[name_].offset, parts[name_].offset + parts[name_].size)
    }
    for seat in range(profile.players):
        for state in (state_of(hand), None):
            ones, indices, _ = observation_entries(hand, seat, state)
            assert sorted(i for i in ones if i in private) == sorted(
                private_entries(hand, seat, state)
            )
            assert not private & set(indices)
