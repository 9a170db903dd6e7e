"""Bounds on a hand's net result (reversis.games): random hands of every profile stay inside
them, from a match's first stakes and from the stakes later hands of a match start with."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reversis
from helpers import sized
from reversis.games import net_bounds

PROFILES = sorted(reversis.available_profiles())


def _lowest(seat: int, legal: int, trick: tuple[int, ...]) -> int:
    return (legal & -legal).bit_length() - 1


def _highest(seat: int, legal: int, trick: tuple[int, ...]) -> int:
    return legal.bit_length() - 1


@settings(max_examples=sized(150, 1500))
@given(
    name=st.sampled_from(PROFILES),
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 3),
    policy=st.sampled_from([None, _lowest, _highest]),
)
def test_random_hands_stay_within_the_bounds(
    name: str, seed: int, dealer: int, policy: object
) -> None:
    profile = reversis.load_profile(name)
    low, high = net_bounds(profile)
    assert low < 0 < high
    hand = reversis.new_hand(profile, seed=seed, dealer=dealer % profile.players)
    end = hand.rollout(random.Random(seed), policy)  # type: ignore[arg-type]
    assert all(low <= net <= high for net in reversis.settle(end).net)


@pytest.mark.parametrize("name", PROFILES)
def test_many_hands_within_the_bounds(name: str) -> None:
    profile = reversis.load_profile(name)
    low, high = net_bounds(profile)
    rng = random.Random(11)
    seen = [0, 0]
    for seed in range(sized(400, 4000)):
        end = reversis.new_hand(profile, seed=seed, dealer=seed % profile.players).rollout(rng)
        net = reversis.settle(end).net
        seen = [min(seen[0], *net), max(seen[1], *net)]
    assert low <= seen[0]
    assert seen[1] <= high


@pytest.mark.parametrize("name", ["fournier-1785", "english", "hoyle", "fournier-1785-3p"])
def test_bounds_follow_the_stakes_of_a_match(name: str) -> None:
    """Later hands of a match start with other stakes (a fuller basket, beasts, pots): the
    bounds computed from those stakes hold too."""
    profile = reversis.load_profile(name)
    rng = random.Random(3)
    match = reversis.new_match(profile, seed=4)
    for _ in range(sized(12, 60)):
        if match.phase not in (reversis.MatchPhase.PLAYING, reversis.MatchPhase.CONTINUING):
            break
        match = match.start_hand()
        hand = match.hand
        assert hand is not None
        low, high = net_bounds(profile, hand.deal.stakes)
        end = hand.rollout(rng)
        assert all(low <= net <= high for net in reversis.settle(end).net)
        match = match.finish_hand(end)


def test_the_point_games_bounds_are_reached() -> None:
    """Hearts, Tëtka and Réunion: the bounds are the extremes of the rules (reached in play)."""
    assert net_bounds(reversis.load_profile("hearts")) == (-78, 78)  # moon: 3 × 26
    assert net_bounds(reversis.load_profile("omnibus-hearts")) == (-88, 108)
    assert net_bounds(reversis.load_profile("tetka")) == (-27, 9)  # 9 points in all
    assert net_bounds(reversis.load_profile("reunion")) == (-3, 3)


def test_bad_profile() -> None:
    with pytest.raises(reversis.ArgumentError, match="Profile"):
        net_bounds("hearts")  # type: ignore[arg-type]
