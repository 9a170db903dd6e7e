"""For bots and learning: the action space, legal masks, views that hide, and sampled worlds."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reversis
from helpers import SCALE, random_moves, seeded
from reversis import (
    Decline,
    Hand,
    IllegalMoveError,
    InvalidMoveError,
    ReversisError,
    deal_hand,
    load_profile,
    new_hand,
    sample_world,
)
from reversis.engine.actions import action_count, move_at, move_index
from reversis.hand import state_of
from reversis.testing import all_moves, knowable_cards

PROFILES = {name: load_profile(name) for name in reversis.available_profiles()}


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_action_space(name: str) -> None:
    profile = PROFILES[name]
    moves = all_moves(profile)
    sizes = {"reversis": 4 * len(profile.deck) + 1, "hearts": 104, "tetka": 52, "reunion": 64}
    assert action_count(profile) == len(moves) == sizes[profile.game]
    for index, move in enumerate(moves):
        assert move_index(profile, move) == index
        assert move_at(profile, index) == move
    if profile.game == "reversis":
        assert move_index(profile, Decline()) == action_count(profile) - 1
    else:
        with pytest.raises(InvalidMoveError, match="not a move of"):
            move_index(profile, Decline())
    with pytest.raises(InvalidMoveError):
        move_at(profile, action_count(profile))
    if name.endswith("3p"):
        with pytest.raises(InvalidMoveError, match="not a move of"):
            move_index(profile, reversis.Play("7S"))


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_legal_mask(name: str) -> None:
    profile = PROFILES[name]
    hand = new_hand(profile, seed=2)
    rng = random.Random(2)
    while not hand.is_over:
        mask = hand.legal_mask()
        assert len(mask) == action_count(profile)
        legal = hand.legal_moves()
        assert [move_at(profile, i) for i, on in enumerate(mask) if on] == list(legal)
        assert tuple(move_index(profile, m) for m in legal) == tuple(
            i for i, on in enumerate(mask) if on
        )
        hand = hand.apply(rng.choice(legal))
    assert not any(hand.legal_mask())


def _random_state(profile: reversis.Profile, seed: int, steps: int) -> Hand:
    return random_moves(new_hand(profile, seed=seed, dealer=seed % profile.players), seed, steps)


def _random_views(test: Callable[..., None]) -> Callable[..., None]:
    """Run ``test`` on every profile over random states: a seed and a number of random moves, a
    seat, and a seed for the test's own choices."""
    test = given(
        seed=st.integers(0, 2**32),
        steps=st.integers(0, 55),
        seat=st.integers(0, 3),
        pick=st.integers(0, 2**32),
    )(test)
    test = seeded(150 * SCALE)(test)
    return pytest.mark.parametrize("name", sorted(PROFILES))(test)


def _swapped(hand: Hand, seat: int, rng: random.Random) -> Hand | None:
    """The same hand with two cards the seat cannot know swapped between two other players: cards
    of the same suit that neither has played. ``None`` if no such pair or the swap is not a game."""
    others = [p for p in range(hand.players) if p != seat]
    rng.shuffle(others)
    held = {p: set(hand.hand_of(p)) for p in others}
    for a in others:
        for b in others:
            if a >= b:
                continue
            pairs = [(x, y) for x in held[a] for y in held[b] if x.suit == y.suit and x != y]
            known = knowable_cards(hand, seat)
            pairs = [(x, y) for x, y in pairs if x not in known and y not in known]
            if not pairs:
                continue
            x, y = rng.choice(sorted(pairs))
            dealt = [list(cards) for cards in hand.deal.dealt]
            widow = list(hand.deal.widow)
            for cards in (*dealt, widow):
                for i, card in enumerate(cards):
                    if card == x:
                        cards[i] = y
                    elif card == y:
                        cards[i] = x
            moves = [str(m) for m in hand.moves]
            moves = [
                m.replace(x.code, "@").replace(y.code, x.code).replace("@", y.code) for m in moves
            ]
            try:
                other = deal_hand(
                    hand.profile,
                    dealt,
                    widow,
                    dealer=hand.dealer,
                    stakes=hand.deal.stakes,
                    bum=None if hand.tetka is None else hand.tetka.bum,
                    pass_direction=hand.deal.pass_direction,
                    hand_number=hand.deal.hand_number,
                )
                for move in moves:
                    other = other.apply(move)
            except IllegalMoveError:
                return None
            return other
    return None


@_random_views
def test_views_ignore_what_the_seat_cannot_know(
    name: str, seed: int, steps: int, seat: int, pick: int
) -> None:
    profile = PROFILES[name]
    seat %= profile.players
    hand = _random_state(profile, seed, steps)
    other = _swapped(hand, seat, random.Random(pick))
    if other is None or other.hands == hand.hands:
        return
    assert other != hand
    assert other.view(seat) == hand.view(seat)
    assert other.view(seat).to_json() == hand.view(seat).to_json()


@_random_views
def test_sampled_worlds_agree_with_the_view(
    name: str, seed: int, steps: int, seat: int, pick: int
) -> None:
    profile = PROFILES[name]
    seat %= profile.players
    hand = _random_state(profile, seed, steps)
    view = hand.view(seat)
    world = sample_world(view, random.Random(pick))
    assert world.view(seat) == view
    assert world.hand_of(seat) == hand.hand_of(seat)
    steps = state_of(hand).deal.nsteps
    assert [str(m) for m in world.moves][steps:] == [str(m) for m in hand.moves][steps:]


def test_sampled_worlds_vary() -> None:
    hand = _random_state(PROFILES["fournier-1785"], 5, 12)
    view = hand.view(1)
    rng = random.Random(0)
    worlds = {sample_world(view, rng).hands for _ in range(10)}
    assert len(worlds) > 5


def test_sample_world_errors() -> None:
    view = new_hand("fournier-1785", seed=1).view(0)
    with pytest.raises(ReversisError, match="view is of the fournier-1785 profile"):
        sample_world(view, random.Random(1), profile=PROFILES["hoyle"])


def test_sampled_worlds_allow_a_secret_privilege() -> None:
    # fournier-1785 §11: the four-aces holder may renounce while able to follow, and nobody else
    # knows it until the hand is over. Here seat 2 holds the four aces and renounced hearts and
    # spades while holding A♥ and A♠: for seat 1 the renounces do not prove voids.
    profile = PROFILES["fournier-1785-3p"]
    hand = _random_state(profile, 163, 18)
    assert hand.reversis.privilege_holder == 2
    assert {"AH", "AS"} <= {c.code for c in hand.hand_of(2)}
    view = hand.view(1)
    assert not any(isinstance(e, reversis.events.PrivilegeUsed) for e in view.events)
    rng = random.Random(0)
    worlds = [sample_world(view, rng) for _ in range(20)]
    assert all(w.view(1) == view for w in worlds)
    # Seat 2 holds 6 cards and only 5 unseen clubs and diamonds remain (5C QC 4D QD AD), so it
    # cannot be void in both hearts and spades: it must hold the privilege in every world.
    assert all(w.reversis.privilege_holder == 2 for w in worlds)
