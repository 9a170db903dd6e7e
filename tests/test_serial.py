"""Plain data and JSON for every public value: exact round trips, typed errors."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import reversis
from helpers import random_moves
from reversis import (
    Card,
    Decline,
    Exchange,
    Hand,
    HandView,
    Match,
    MatchPhase,
    MatchView,
    Payment,
    Profile,
    ProfileError,
    RecordError,
    Settlement,
    load_profile,
    new_hand,
    new_match,
    parse_move,
    settle,
)
from reversis import events as ev
from reversis.stakes import stakes_from_dict

PROFILES = sorted(reversis.available_profiles())


def _played(name: str, seed: int, steps: int | None = None) -> Hand:
    hand = new_hand(name, seed=seed, dealer=seed % reversis.load_profile(name).players)
    return random_moves(hand, seed, steps)


def test_cards_and_moves() -> None:
    card = Card.parse("JH")
    assert card.to_dict() == {"schema": 1, "card": "JH"}
    assert Card.from_dict(card.to_dict()) == card
    assert Card.from_json(card.to_json()) == card
    for move in (
        parse_move("QS"),
        Exchange("QS"),
        Decline(),
        parse_move("discard 2C"),
        parse_move("give 7S"),
    ):
        assert move.to_dict() == {"schema": 1, "move": str(move)}
        assert type(move).from_dict(move.to_dict()) == move
        assert type(move).from_json(move.to_json()) == move


@pytest.mark.parametrize("name", PROFILES)
def test_events_round_trip(name: str) -> None:
    hand = _played(name, 3)
    for event in hand.events:
        data = event.to_dict()
        assert data["event"] == type(event).__name__
        assert ev.event_from_dict(json.loads(json.dumps(data)), "event") == event
        assert type(event).from_json(event.to_json()) == event


@pytest.mark.parametrize("name", PROFILES)
def test_hands_round_trip(name: str) -> None:
    for seed in range(10):
        for steps in (0, 5, 30, None):
            hand = _played(name, seed, steps)
            data = hand.to_dict()
            assert data["schema"] == 1
            assert data["profile"] == name  # a shipped profile is written by name
            again = Hand.from_dict(json.loads(json.dumps(data)))
            assert again == hand
            assert hash(again) == hash(hand)
            assert again.events == hand.events
            assert Hand.from_json(hand.to_json()) == hand
            assert pickle.loads(pickle.dumps(hand)) == hand


def test_custom_profile_is_written_whole(fournier: Profile) -> None:
    house = fournier.evolve(name="house", reversis={"end_on_break": False})
    hand = new_hand(house, seed=4).apply("decline")
    data = hand.to_dict()
    assert isinstance(data["profile"], dict)
    assert data["profile"]["name"] == "house"
    assert Hand.from_dict(data) == hand
    assert Profile.from_json(house.to_json()) == house


@pytest.mark.parametrize("name", PROFILES)
def test_settlements_and_views_round_trip(name: str) -> None:
    for seed in range(6):
        for steps in (3, 25, None):
            hand = _played(name, seed, steps)
            result = settle(hand)
            assert Settlement.from_json(result.to_json()) == result
            assert Settlement.from_dict(result.to_dict()).stakes == result.stakes
            for payment in result.payments:
                assert Payment.from_dict(payment.to_dict()) == payment
            for seat in range(hand.players):
                view = hand.view(seat)
                data = json.loads(view.to_json())
                assert HandView.from_dict(data) == view
                assert data["hand"] == [c.code for c in view.hand]


@pytest.mark.parametrize("name", PROFILES)
def test_matches_round_trip(name: str) -> None:
    profile = load_profile(name).evolve(match={"rounds": 1})
    for seed in range(6):
        match = new_match(profile, seed=seed)
        rng = random.Random(seed)
        states = [match]
        while not match.is_over and match.hands_played < 12:
            if match.phase is MatchPhase.DECIDING:
                for seat in match.deciders:
                    match = match.choose(seat, rng.choice(["continue", "share"]))
                states.append(match)
                continue
            match = match.start_hand()
            states.append(match)
            hand = match.hand
            assert hand is not None
            while not hand.is_over:
                hand = hand.apply(rng.choice(hand.legal_moves()))
            match = match.finish_hand(hand)
            states.append(match)
        for state in states:
            again = Match.from_json(state.to_json())
            assert again == state
            assert hash(again) == hash(state)
            assert pickle.loads(pickle.dumps(state)) == state
            for seat in range(state.players):
                view = state.view(seat)
                assert json.loads(view.to_json())["bankrolls"] == list(state.bankrolls)
                assert MatchView.from_json(view.to_json()) == view
                assert MatchView.from_dict(view.to_dict()) == view


def test_stakes_from_dict() -> None:
    for data in (
        {"basket": 28, "beasts": [{"owner": 2, "amount": 24, "in_play": True}]},
        {"pots": [25, 60], "cycle_remised": True},
        {"great": 26, "little": 13},
    ):
        assert stakes_from_dict(data).to_dict() == data


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{", "not valid JSON"),
        ("[]", "must be a table"),
        ('{"schema": 2}', "version 2"),
        ('{"schema": 1, "profile": "fournier-1785"}', "missing"),
        (
            '{"profile": "nope", "dealer": 0, "deck": [], "stakes": {}, "moves": []}',
            "no shipped profile",
        ),
        (
            '{"profile": "fournier-1785", "dealer": 9, "deck": [], "stakes": {}, "moves": []}',
            "out of range",
        ),
        (
            '{"profile": "fournier-1785", "dealer": 0, "deck": ["ZZ"], "stakes": {}, "moves": []}',
            "not a card",
        ),
        (
            '{"profile": "fournier-1785", "dealer": 0, "deck": [], "stakes": {}, "moves": [], "x": 1}',
            "unknown key",
        ),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("x" * 6_000_000, "longer than"),
    ],
)
def test_bad_hand_json(text: str, words: str) -> None:
    with pytest.raises((RecordError, ProfileError), match=words):
        Hand.from_json(text)


def test_bad_moves_in_a_hand_name_the_move() -> None:
    data = new_hand("fournier-1785", seed=1).to_dict()
    data["moves"] = ["decline", "decline", "AS"]
    with pytest.raises(RecordError, match=r"move 3 \('AS'\)"):
        Hand.from_dict(data)
    data["moves"] = ["decline", "jump"]
    with pytest.raises(RecordError, match="move 2"):
        Hand.from_dict(data)


def test_inconsistent_match_is_refused() -> None:
    match = new_match("fournier-1785", seed=2).start_hand()
    data = match.to_dict()
    data["bankrolls"] = [100, 100, 100, 100]
    with pytest.raises(RecordError, match="bankrolls"):
        Match.from_dict(data)
