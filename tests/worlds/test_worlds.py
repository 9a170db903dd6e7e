"""Sampled worlds (:func:`reversis.sample_world`) know what the rules of play prove of the hidden
cards: the rules as the engine applies them (``legal_cards``), whatever the profile's data."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import reversis
from helpers import random_hand, sized
from reversis import Hand, RecordError, ReversisError, Suit, deal_hand, sample_world

#: Seat 2's cards: hearts and the queen of spades, and one club in the second deal.
ONLY_HEARTS = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "QS"]
WITH_A_CLUB = ["AC", *ONLY_HEARTS[1:]]


def _deal(profile: reversis.Profile, seat_two: list[str]) -> Hand:
    rest = [c.code for c in profile.deck if c.code not in seat_two]
    random.Random(5).shuffle(rest)
    hands = [rest[0:13], rest[13:26], seat_two, rest[26:39]]
    return deal_hand(profile, hands, dealer=3, pass_direction="none")


def _worlds_hold_only_hearts(hand: Hand) -> None:
    """Every other seat's worlds give seat 2 nothing but hearts and the queen of spades."""
    for seat in (0, 1, 3):
        view = hand.view(seat)
        for world in (sample_world(view, random.Random(k), attempts=200) for k in range(5)):
            assert world.view(seat) == view
            assert all(c.suit is Suit.HEARTS or c.code == "QS" for c in world.hand_of(2))


def test_a_point_card_renounced_on_the_first_trick_proves_the_hand() -> None:
    # hearts §5: a heart goes to the first trick only from a hand of nothing else (hearts and the
    # queen of spades). The worlds used to bar only clubs and diamonds from such a hand, so that
    # almost every world held a spade and was refused: NoWorldError on a view made by Hand.view.
    hand = _deal(reversis.load_profile("hearts"), ONLY_HEARTS)
    while not hand.tricks:
        hand = hand.apply(hand.legal_moves()[0])
    assert dict(hand.tricks[0].plays)[2].suit is Suit.HEARTS
    _worlds_hold_only_hearts(hand)


def test_a_heart_led_before_hearts_are_broken_proves_the_hand() -> None:
    # hearts §7 with can_lead_hearts_instead_of_qs: a heart is led before hearts are broken only
    # from a hand of hearts and the queen of spades. The worlds used to leave the other spades
    # open to such a hand: NoWorldError again.
    profile = reversis.load_profile("hearts").evolve(
        name="house", hearts={"can_lead_hearts_instead_of_qs": True}
    )
    hand = _deal(profile, WITH_A_CLUB)
    while not hand.tricks:
        low = min(hand.legal_moves(), key=lambda m: m.card.rank)  # type: ignore[attr-defined]
        hand = hand.apply("AC" if hand.to_move == 2 else low)
    assert hand.tricks[0].winner == 2
    assert {c.suit for c in hand.tricks[0].cards} == {Suit.CLUBS}  # hearts are not broken
    hand = hand.apply("KH")
    _worlds_hold_only_hearts(hand)


@pytest.mark.parametrize("seed", range(3))
def test_worlds_of_random_hearts_hands(seed: int) -> None:
    hand = reversis.new_hand("hearts", seed=seed).rollout(random.Random(seed))
    for seat in range(4):
        view = hand.view(seat)
        assert sample_world(view, random.Random(seed)).view(seat) == view


@pytest.mark.parametrize("lead_free", [False, True])
def test_worlds_of_hands_short_of_all_but_hearts(lead_free: bool) -> None:
    # The fuzzing that found the two cases above: a seat dealt hearts and the queen of spades
    # (and maybe one club), random play, and every view of the others at every move has worlds.
    profile = reversis.load_profile("hearts").evolve(
        name="house", hearts={"can_lead_hearts_instead_of_qs": lead_free}
    )
    rng = random.Random(f"short {lead_free}")
    points = [c.code for c in profile.deck if c.suit is Suit.HEARTS or c.code == "QS"]
    for _ in range(sized(6, 60)):
        short = rng.sample(points, 13) if rng.random() < 0.5 else ["AC", *rng.sample(points, 12)]
        rest = [c.code for c in profile.deck if c.code not in short]
        rng.shuffle(rest)
        seat = rng.randrange(4)
        hands = [rest[13 * k : 13 * k + 13] for k in range(3)]
        hands.insert(seat, short)
        hand = deal_hand(profile, hands, dealer=rng.randrange(4), pass_direction="none")
        while not hand.is_over and rng.random() < 0.9:
            hand = hand.apply(rng.choice(hand.legal_moves()))
            other = rng.choice([s for s in range(4) if s != seat])
            view = hand.view(other)
            assert sample_world(view, rng, attempts=100).view(other) == view


# ---------------------------------------------------------------------------------------------
# Views that do not fit their profile
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "change",
    [{"players": 5}, {"dealer": 7}, {"seat": 9}, {"profile": "hoyle"}, {"card_counts": (1, 2)}],
)
def test_sample_world_refuses_views_that_do_not_fit_their_profile(change: dict[str, Any]) -> None:
    # a view built by hand is checked too: a typed error, never an IndexError or a KeyError
    view = random_hand("fournier-1785").view(2)
    with pytest.raises(ReversisError):
        sample_world(attrs.evolve(view, **change), random.Random(1))


def test_sample_world_rejects_hoyle_stakes_of_other_pools() -> None:
    hand = random_hand("hoyle")
    view = attrs.evolve(hand.view(1), stakes_at_start=reversis.PoolStakes((("pots", 3),)))
    with pytest.raises(RecordError, match="stakes"):
        sample_world(view, random.Random(1))
