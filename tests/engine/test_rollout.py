"""``Hand.rollout``: one loop to the end of the hand, equal to step-by-step play with the same choices.

The property holds it for every shipped profile, from random points of random hands (the deal, the
steps before play, the middle of a trick, the last trick): with the same random source, the final
hand (its state, events, moves and settlement) equals what ``legal_moves()`` and ``apply()`` give
choosing ``moves[int(rng.random() * len(moves))]``; and the same for a policy, played step by step
as the card it names. ``CI_FULL=1`` runs 100 times more examples.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import seeded, sized, started
from reversis import (
    ArgumentError,
    IllegalMoveError,
    Play,
    available_profiles,
    load_profile,
    new_hand,
    settle,
)
from reversis.cards import CARD_AT
from reversis.hand import state_of

PROFILES = {name: load_profile(name) for name in available_profiles()}
EXAMPLES = sized(250, 10_000)


def _random_step_by_step(hand, rng: random.Random):  # type: ignore[no-untyped-def]
    moves = hand.legal_moves()
    while moves:
        hand = hand.apply(moves[int(rng.random() * len(moves))])
        moves = hand.legal_moves()
    return hand


def _same(a, b) -> None:  # type: ignore[no-untyped-def]
    assert state_of(a) == state_of(b)
    assert a == b
    assert a.events == b.events
    assert a.moves == b.moves
    assert settle(a) == settle(b)


@pytest.mark.parametrize("name", sorted(PROFILES))
@seeded(EXAMPLES)
@given(seed=st.integers(0, 2**32), before=st.integers(0, 60), choices=st.integers(0, 2**32))
def test_rollout_equals_random_play(name: str, seed: int, before: int, choices: int) -> None:
    hand = started(name, seed, before)
    expected = _random_step_by_step(hand, random.Random(choices))
    rng = random.Random(choices)
    got = hand.rollout(rng)
    _same(got, expected)
    assert got.is_over
    # The random source was drawn from exactly as often as step-by-step play draws.
    assert rng.random() == _draws_after(hand, choices)


def _draws_after(hand, choices: int) -> float:  # type: ignore[no-untyped-def]
    rng = random.Random(choices)
    _random_step_by_step(hand, rng)
    return rng.random()


def _highest(seat: int, legal: int, trick: tuple[int, ...]) -> int:
    return legal.bit_length() - 1


@pytest.mark.parametrize("name", sorted(PROFILES))
@seeded(EXAMPLES)
@given(seed=st.integers(0, 2**32), before=st.integers(0, 60), choices=st.integers(0, 2**32))
def test_rollout_with_a_policy_equals_its_plays(
    name: str, seed: int, before: int, choices: int
) -> None:
    hand = started(name, seed, before)
    calls: list[tuple[int, int, tuple[int, ...]]] = []

    def policy(seat: int, legal: int, trick: tuple[int, ...]) -> int:
        calls.append((seat, legal, trick))
        return _highest(seat, legal, trick)

    got = hand.rollout(random.Random(choices), policy)
    # Step by step: the steps before play random as in the rollout, each play the highest legal.
    rng = random.Random(choices)
    step = hand
    seen = []
    while not step.is_over:
        moves = step.legal_moves()
        if isinstance(moves[0], Play):
            legal = sum(1 << m.card.index for m in moves)
            trick = step.current_trick
            cards = tuple(c.index for c in trick.cards) if trick else ()
            seen.append((step.to_move, legal, cards))
            step = step.apply(Play(CARD_AT[_highest(step.to_move, legal, cards)]))
        else:
            step = step.apply(moves[int(rng.random() * len(moves))])
    _same(got, step)
    assert calls == seen


def test_rollout_leaves_the_hand_unchanged_and_a_finished_hand_as_it_is() -> None:
    hand = new_hand(PROFILES["fournier-1785"], seed=3)
    before = state_of(hand)
    end = hand.rollout(random.Random(5))
    assert state_of(hand) == before
    assert not hand.is_over
    assert end.is_over
    assert end.rollout(random.Random(9)) == end
    assert type(end) is type(hand)


def test_rollout_refuses_an_illegal_policy_card() -> None:
    hand = started("fournier-1785", 11, 4)  # after the exchange: seat to lead
    held = {card.index for card in hand.hand_of(hand.to_move)}
    foreign = next(bit for bit in range(64) if CARD_AT[bit] is not None and bit not in held)
    with pytest.raises(IllegalMoveError, match=f"seat {hand.to_move}, who may play") as caught:
        hand.rollout(random.Random(1), lambda seat, legal, trick: foreign)
    assert caught.value.move == CARD_AT[foreign].code
    with pytest.raises(IllegalMoveError, match="'x'"):
        hand.rollout(random.Random(1), lambda seat, legal, trick: "x")  # type: ignore[arg-type, return-value]


def test_rollout_checks_its_arguments() -> None:
    hand = new_hand(PROFILES["hearts"], seed=1)
    with pytest.raises(ArgumentError, match="rng"):
        hand.rollout(42)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="policy"):
        hand.rollout(random.Random(1), policy=3)  # type: ignore[arg-type]
    assert hand.rollout().is_over  # a fresh random source by default
