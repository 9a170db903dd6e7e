"""Per-player views: own cards, known widow cards, public plays; nothing else."""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import reversis
from helpers import deal, play, random_hand, random_moves, sized, tampered
from reversis import (
    ArgumentError,
    Card,
    HandView,
    Phase,
    Profile,
    ProfileError,
    RecordError,
    load_profile,
    new_hand,
    sample_world,
    settle,
    views,
)
from reversis import events as ev
from reversis.hand import state_of
from reversis.testing import knowable_cards
from reversis.views.view import view_cards

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


# ---------------------------------------------------------------------------------------------
# Views from outside: tampered, of house profiles, naming files
# ---------------------------------------------------------------------------------------------


VIEW_TAMPERING: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("short card_counts", lambda d: d["card_counts"].pop(), "card_counts"),
    ("players", lambda d: d.__setitem__("players", 5), "players"),
    ("dealer out of range", lambda d: d.__setitem__("dealer", 5), "dealer"),
    ("another profile", lambda d: d.__setitem__("profile", "fournier-1785-3p"), "players"),
    ("seat out of range", lambda d: d.__setitem__("seat", 6), "seat"),
    ("event seat", lambda d: d["events"][0].__setitem__("dealer", 6), "not a seat"),
    ("duplicate card", lambda d: d["hand"].__setitem__(1, d["hand"][0]), "twice|both"),
    ("count not hand", lambda d: d["card_counts"].__setitem__(d["seat"], 3), "card_counts"),
    ("unknown profile", lambda d: d.__setitem__("profile", "chess"), "no shipped profile"),
    ("path", lambda d: d.__setitem__("profile", "../profiles/hoyle"), "no shipped profile"),
    ("net", lambda d: d["net"].__setitem__(0, d["net"][0] + 1), "net"),
    ("trick winner", lambda d: d["tricks"][0].__setitem__("winner", 3), "trick"),
    ("pool names", lambda d: d.__setitem__("stakes_at_start", {"great": 1, "small": 2}), "stakes"),
    ("card of no pack", lambda d: d["hand"].__setitem__(0, "10S"), "pack"),
    ("to_move when over", lambda d: d.__setitem__("phase", "over"), "to move"),
]


@pytest.mark.parametrize(
    ("what", "change", "words"), VIEW_TAMPERING, ids=[t[0] for t in VIEW_TAMPERING]
)
def test_impossible_views_are_refused(what: str, change: Any, words: str) -> None:
    hand = random_hand("fournier-1785")
    assert hand.tricks, "the state has a completed trick"
    view = hand.view(hand.to_move or 0)
    data = tampered(view.to_dict(), change)
    with pytest.raises(RecordError, match=words):
        HandView.from_dict(data)


def test_a_view_never_opens_a_file() -> None:
    with tempfile.TemporaryDirectory() as folder:
        fifo = os.path.join(folder, "fifo")
        os.mkfifo(fifo)
        view = random_hand("fournier-1785").view(1)
        data = view.to_dict()
        data["profile"] = fifo
        with pytest.raises(RecordError, match="no shipped profile"):
            HandView.from_dict(data)
        with pytest.raises(RecordError, match="no shipped profile"):
            sample_world(attrs.evolve(view, profile=fifo), random.Random(1))
        # load_profile reads files only when asked, and only regular files
        with pytest.raises(ProfileError, match="not a regular file"):
            load_profile(fifo)


def test_a_view_of_a_house_profile_needs_that_profile() -> None:
    house = load_profile("fournier-1785").evolve(name="house", points={"pot_bonus": 9})
    view = random_moves(new_hand(house, seed=2), 2, 20).view(1)
    with pytest.raises(RecordError, match="no shipped profile"):
        HandView.from_json(view.to_json())
    assert HandView.from_json(view.to_json(), profile=house) == view
    assert sample_world(view, random.Random(2), profile=house).view(1) == view
    with pytest.raises(RecordError, match="not fournier"):
        sample_world(view, random.Random(2), profile=load_profile("fournier-1785"))
