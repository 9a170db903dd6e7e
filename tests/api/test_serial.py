"""Plain data and JSON for every public value: exact round trips, typed errors."""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reversis
from helpers import SCALE, paying_settlement, random_moves, tampered
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
    records,
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


# ---------------------------------------------------------------------------------------------
# Settlements, matches and house profiles read back what they write
# ---------------------------------------------------------------------------------------------


def test_settlement_from_dict_follows_the_profile() -> None:
    fournier = load_profile()
    settlement = paying_settlement(fournier)
    data = settlement.to_dict()
    assert Settlement.from_dict(data, profile=fournier) == settlement
    assert Settlement.from_json(settlement.to_json(), profile=fournier) == settlement
    # Another profile's number of players is refused when the profile is given.
    three = load_profile("fournier-1785-3p")
    with pytest.raises(reversis.RecordError):
        Settlement.from_json(settlement.to_json(), profile=three)
    # An account the profile does not have (a Hoyle pool in a Fournier settlement).
    first = data["payments"][0]
    net = [0] * 4
    net[first["payer"]] -= first["amount"]  # the net of that one payment to a pool
    bad = {**data, "payments": [{**first, "payee": "great_quinola"}], "net": net}
    assert Settlement.from_dict(bad).net == tuple(net)  # well formed without a profile
    with pytest.raises(reversis.RecordError, match="not an account of the profile"):
        Settlement.from_dict(bad, profile=fournier)


def test_settlement_from_dict_seat_bounds() -> None:
    def doc(n: int, payer: int) -> dict[str, object]:
        net = [0] * n
        net[payer] -= 1
        net[0 if payer else 1] += 1
        pay = Payment(payer, 0 if payer else 1, 1, "points", None)
        return {
            "schema": 1,
            "type": "settlement",
            "payments": [pay.to_dict()],
            "net": net,
            "final": True,
            "stakes": {},
        }

    # 8 seats are the most a settlement may have; a seat must be below the number of seats.
    assert Settlement.from_dict(doc(8, 7)).net[7] == -1
    for n in (2, 9):
        with pytest.raises(reversis.RecordError):
            Settlement.from_dict(doc(n, 1))
    bad = doc(4, 1)
    bad["payments"] = [{**bad["payments"][0], "payer": 4}]  # type: ignore[index, dict-item]
    with pytest.raises(reversis.RecordError):
        Settlement.from_dict(bad)


def test_settlements_read_from_data_are_consistent() -> None:
    hand = random_moves(new_hand(load_profile("fournier-1785"), seed=4), 4)
    data = settle(hand).to_dict()
    assert Settlement.from_dict(data) == settle(hand)
    assert Settlement.from_dict(data, profile=hand.profile) == settle(hand)
    wrong_net = tampered(data, lambda d: d["net"].__setitem__(0, d["net"][0] + 5))
    with pytest.raises(RecordError, match="net"):
        Settlement.from_dict(wrong_net)
    to_self = tampered(
        data, lambda d: d["payments"][0].__setitem__("payee", d["payments"][0]["payer"])
    )
    with pytest.raises(RecordError, match="same"):
        Settlement.from_dict(to_self)
    bad_account = tampered(data, lambda d: d["payments"][0].__setitem__("payee", "great"))
    with pytest.raises(RecordError, match="account|net"):
        Settlement.from_dict(bad_account, profile=hand.profile)
    seats = tampered(data, lambda d: d["net"].append(0))
    with pytest.raises(RecordError, match="seats"):
        Settlement.from_dict(seats, profile=hand.profile)


@pytest.mark.parametrize("seed", [0, 2**70, 2**100])
def test_match_seeds_round_trip(seed: int) -> None:
    match = new_match(load_profile("fournier-1785"), seed=seed).start_hand()
    assert Match.from_json(match.to_json()) == match
    assert records.replay(records.dump(match)) == match


_NUMBER = st.integers(0, 10**9)


@st.composite
def house_profiles(draw: st.DrawFn) -> Profile:
    base = load_profile(draw(st.sampled_from([n for n in PROFILES if load_profile(n).reversis])))
    title = draw(
        st.text(
            st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")),
            min_size=1,
            max_size=30,
        )
    )
    changes: dict[str, Any] = {
        "name": "house-" + draw(st.text("abcdefghij0123456789-_.", min_size=1, max_size=10)),
        "title": title,
        "points": {
            "pot_bonus": draw(_NUMBER),
            "trick": {"A": draw(_NUMBER), "K": draw(_NUMBER), "Q": draw(st.integers(0, 9))},
        },
        "reversis": {
            "made": draw(_NUMBER),
            "broken": draw(_NUMBER),
            "end_on_break": draw(st.booleans()),
        },
        "money": {"claim_led": draw(st.booleans()), "bankroll": draw(_NUMBER)},
        "match": {"rounds": draw(st.integers(1, 3))},
    }
    if base.basket is not None:
        changes["basket"] = {"ante": draw(_NUMBER), "dealer_ante": draw(_NUMBER)}
    if base.remise is not None:
        changes["remise"] = {
            "ante": draw(_NUMBER),
            "dealer_first_ante": draw(_NUMBER),
            "dealer_ante": draw(_NUMBER),
        }
    specials = [attrs.asdict(s) for s in base.specials]
    for special in specials:
        special["placed"] = draw(_NUMBER)
        special["forced"] = draw(_NUMBER)
        special["led"] = draw(_NUMBER)
    changes["specials"] = specials
    return base.evolve(**changes)


@st.composite
def game_profiles(draw: st.DrawFn) -> Profile:
    """House profiles of the games of points: their flags drawn at random."""
    game = draw(st.sampled_from(["hearts", "tetka", "reunion"]))
    name = "house-" + draw(st.text("abcdefghij", min_size=1, max_size=6))
    if game == "hearts":
        flags = {
            key: draw(st.booleans())
            for key in (
                "pass_cards",
                "no_pts_on_first_trick",
                "can_lead_any_club",
                "jd_bonus",
                "avoid_all_tricks_bonus",
                "must_break_hearts",
                "qs_breaks_hearts",
                "can_lead_hearts_instead_of_qs",
            )
        }
        return load_profile("hearts").evolve(name=name, hearts=flags)
    if game == "tetka":
        return load_profile("tetka").evolve(name=name, tetka={"orbits": draw(st.integers(1, 3))})
    flags = {"ten_high": draw(st.booleans()), "discard_needs_trick": draw(st.booleans())}
    return load_profile("reunion").evolve(name=name, reunion=flags)


def _round_trips(profile: Profile, seed: int) -> None:
    assert Profile.from_toml(profile.to_toml()) == profile
    assert Profile.from_json(profile.to_json()) == profile
    rng = random.Random(seed)
    hand = new_hand(profile, seed=seed, dealer=seed % profile.players)
    steps = rng.randrange(60)
    for _ in range(steps):
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert Hand.from_json(hand.to_json()) == hand
    assert records.replay(records.dump(hand)) == hand
    result = settle(hand)
    assert Settlement.from_json(result.to_json()) == result
    assert Settlement.from_json(result.to_json(), profile=profile) == result
    for seat in range(profile.players):
        view = hand.view(seat)
        assert HandView.from_json(view.to_json(), profile=profile) == view
    match = new_match(profile, seed=seed).start_hand()
    assert match.hand is not None
    match = match.finish_hand(random_moves(match.hand, seed))
    assert Match.from_json(match.to_json()) == match
    assert records.replay(records.dump(match)) == match
    view = match.view(0)
    assert MatchView.from_json(view.to_json(), profile=profile) == view


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_shipped_profiles_round_trip(name: str) -> None:
    for seed in range(5 * SCALE):
        _round_trips(load_profile(name), seed)


@settings(max_examples=25 * SCALE, database=None, suppress_health_check=list(HealthCheck))
@given(profile=house_profiles(), seed=st.integers(0, 2**32))
def test_house_profiles_round_trip(profile: Profile, seed: int) -> None:
    _round_trips(profile, seed)


@settings(max_examples=15 * SCALE, database=None, suppress_health_check=list(HealthCheck))
@given(profile=game_profiles(), seed=st.integers(0, 2**32))
def test_house_profiles_of_the_point_games_round_trip(profile: Profile, seed: int) -> None:
    _round_trips(profile, seed)
