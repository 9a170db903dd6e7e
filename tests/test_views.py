"""Per-player views: own cards, known widow cards, public plays; nothing else."""

from __future__ import annotations

import random
from typing import Any

import pytest

import reversis
from conftest import sized
from helpers import deal, play, random_moves
from reversis import (
    ArgumentError,
    Card,
    HandView,
    Phase,
    Profile,
    RecordError,
    new_hand,
    sample_world,
    settle,
    views,
)
from reversis import events as ev
from reversis.hand import state_of
from reversis.testing import knowable_cards
from reversis.views import view_cards

HANDS = [
    "AS KS QS JS 2S 5H 4H 3H 6C 5C 4C 3C",
    "5S 4S 3S AH KH QH JH 9H 8H 7H 6H",
    "9S 8S 7S 6S AC KC QC JC 9C 8C 7C",
    "AD KD QD JD 9D 8D 7D 6D 5D 4D 3D",
]
WIDOW = "2H 2C 2D"


def test_view_before_and_after_the_exchange(fournier: Profile) -> None:
    hand = deal(fournier, HANDS, WIDOW)
    first = hand.view(1)
    assert first.widow_card is None
    assert first.hand == hand.hand_of(1)
    assert first.legal_moves == hand.legal_moves()
    assert hand.view(2).legal_moves == ()
    assert first.card_counts == (12, 11, 11, 11)
    hand = play(hand, "exchange 5S, decline, exchange 3D, discard KS")
    v1, v2, v3, v0 = hand.view(1), hand.view(2), hand.view(3), hand.view(0)
    assert (v1.widow_card, v1.put_aside) == (Card.parse("2H"), (Card.parse("5S"),))
    assert (v2.widow_card, v2.put_aside) == (Card.parse("2C"), (Card.parse("2C"),))
    assert v0.put_aside == (Card.parse("KS"),)
    assert v0.widow_card is None
    # others see that seat 1 exchanged, not which cards
    assert ev.Exchanged(1, None, None) in v2.events
    assert ev.Exchanged(1, Card.parse("5S"), Card.parse("2H")) in v1.events
    assert ev.Discarded(0, None) in v3.events
    for seat in range(4):
        assert Card.parse("KS") not in view_cards(hand.view(seat)) or seat == 0
    assert v1.phase is Phase.PLAY
    assert v1.to_move == 1


def test_pot_turned_at_the_end(fournier: Profile) -> None:
    hand = new_hand(fournier, seed=21)
    rng = random.Random(21)
    while not hand.is_over:
        assert hand.view(0).pot is None
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert hand.reversis is not None
    if hand.reversis.committed is None:
        assert hand.view(2).pot == hand.reversis.pot


def test_views_leak_nothing_random(fournier: Profile, fournier3: Profile) -> None:
    for profile in (fournier, fournier3):
        for seed in range(40):
            hand = new_hand(profile, seed=seed, dealer=seed % profile.players)
            rng = random.Random(seed)
            while True:
                for seat in range(profile.players):
                    assert view_cards(hand.view(seat)) <= knowable_cards(hand, seat)
                if hand.is_over:
                    break
                hand = hand.apply(rng.choice(hand.legal_moves()))


def test_privilege_used_is_private_until_the_end(fournier: Profile) -> None:
    aces = [
        "6S 5S 4S JH 6H 5H 4H 6D 5D 4D 7C 6C",
        "AS AH AD AC 2S 3S 2H 3H 2D 3D 2C",
        "KS QS JS 9S 8S 7S KH QH 9H 8H 7H",
        "KD QD JD 9D 8D 7D KC QC JC 9C 8C",
    ]
    hand = play(deal(fournier, aces, "5C 4C 3C"), "decline, decline, decline, discard 7C")
    hand = play(hand, "2S KS KD 6S KH KC 4H AS")
    assert ev.PrivilegeUsed(1, 2) in hand.view(1).events
    assert ev.PrivilegeUsed(1, 2) not in hand.view(2).events
    rng = random.Random(1)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert ev.PrivilegeUsed(1, 2) in hand.view(2).events


def test_hand_view_is_the_hands_view_and_refuses_what_is_not_a_hand(fournier: Profile) -> None:
    # Issue 24: Hand.view gives hand_view the hand's state and settlement; called without them,
    # hand_view asks the hand, and it refuses what is not a hand, or a state of another hand.
    hand = new_hand(fournier, seed=3).apply("decline")
    assert views.hand_view(hand, 2) == hand.view(2)
    other = new_hand(fournier, seed=4)
    for bad in (
        lambda: views.hand_view("hand", 2),  # type: ignore[arg-type]
        lambda: views.hand_view(hand.view(2), 2),  # type: ignore[arg-type]
        lambda: views.hand_view(hand, 2, state_of(hand)),
        lambda: views.hand_view(hand, 2, None, settle(hand)),
        lambda: views.hand_view(hand, 2, state_of(other), settle(hand)),
        lambda: views.hand_view(hand, 9, state_of(hand), settle(hand)),
    ):
        with pytest.raises(ArgumentError):
            bad()


def test_match_view_takes_the_results_from_its_caller(fournier: Profile) -> None:
    # The views sit below the settlement: match_view is given each finished hand's payments.
    match = reversis.new_match(fournier, seed=3).start_hand()
    assert match.hand is not None
    match = match.finish_hand(match.hand.rollout(random.Random(3))).start_hand()
    results = tuple(settle(h).payments for h in match.history)
    view = views.match_view(match, 1, results=results)
    assert view == match.view(1)
    assert view.results == results != ((),)
    with pytest.raises(ArgumentError, match="results"):
        views.match_view(match, 1)
    for bad in ((), (*results, ()), ([*results[0]],), ((1,),)):
        with pytest.raises(ArgumentError, match="results"):
            views.match_view(match, 1, results=bad)  # type: ignore[arg-type]


#: House profiles: the view checks hold views to the engine's own rules, whatever the profile.
HOUSE = [
    ("hearts", {"hearts": {"can_lead_any_club": True, "can_lead_hearts_instead_of_qs": True}}),
    ("hearts", {"hearts": {"must_break_hearts": False, "no_pts_on_first_trick": False}}),
    ("omnibus-hearts", {"hearts": {"pass_cycle": ["across", "none"]}}),
    ("reunion", {"play": {"follow": "suit"}}),
    ("reunion", {"reunion": {"ten_high": False}}),
    ("fournier-1785", {"privilege": {"last_trick": 11}}),
    ("fournier-1785", {"play": {"forced": "only-card"}}),
]


@pytest.mark.parametrize(("base", "change"), HOUSE)
def test_views_of_house_profiles_read_back_and_have_worlds(
    base: str, change: dict[str, Any]
) -> None:
    house = reversis.load_profile(base).evolve(name="house", **change)
    rng = random.Random(f"house {base} {change}")
    for _ in range(sized(6, 60)):
        hand = new_hand(house, seed=rng.randrange(2**32))
        hand = random_moves(hand, rng.randrange(99), rng.randrange(60))
        for seat in range(house.players):
            view = hand.view(seat)
            data = view.to_dict()
            assert HandView.from_dict(data, profile=house) == view
            if view.legal_moves:
                data["legal_moves"] = data["legal_moves"][:-1]
                with pytest.raises(RecordError, match="legal"):
                    HandView.from_dict(data, profile=house)
        seat = rng.randrange(house.players)
        world = sample_world(hand.view(seat), rng, profile=house)
        assert world.view(seat) == hand.view(seat)
