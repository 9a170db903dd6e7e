"""The shipped consistency checker, on every profile, and proof that it can fail."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import reversis
from helpers import sized
from reversis import Hand, Profile, Settlement, new_hand
from reversis.engine.state import State
from reversis.games.reversis import ReversisReading
from reversis.testing import (
    ConsistencyError,
    check_hand,
    check_points,
    check_profile,
    check_state,
)


@pytest.mark.parametrize("name", sorted(reversis.available_profiles()))
def test_check_every_shipped_profile(name: str) -> None:
    hands = sized(4, 250)
    report = check_profile(name, hands=hands, seed=100)
    assert report.ok, report.failures[:3]
    assert report.hands == hands
    assert report.moves >= hands * 30


@pytest.mark.parametrize("name", sorted(reversis.available_profiles()))
def test_exhaustive_check(name: str) -> None:
    report = check_profile(name, hands=2, seed=7, exhaustive=True, replay_every=1)
    assert report.ok, report.failures


def test_check_a_user_profile_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text(
        'base = "fournier-1785"\nname = "house"\n[reversis]\nend_on_break = false\n'
        "[privilege]\nlast_trick = 9\n",
        encoding="utf-8",
    )
    report = check_profile(str(path), hands=4)
    assert report.ok, report.failures
    assert report.profile == "house"


def test_detects_a_missing_legal_move(monkeypatch: pytest.MonkeyPatch, fournier: Profile) -> None:
    original = Hand.legal_moves

    def fewer(self: Hand) -> tuple[reversis.Move, ...]:
        return original(self)[:-1]

    monkeypatch.setattr(Hand, "legal_moves", fewer)
    with pytest.raises(ConsistencyError, match="illegal moves are refused|sorted|legal moves"):
        check_hand(new_hand(fournier, seed=1), exhaustive=True)


def test_detects_a_leaking_view(monkeypatch: pytest.MonkeyPatch, fournier: Profile) -> None:
    import reversis.views.view as views

    original = views.own_view  # what Hand.view calls

    def leaky(hand: Hand, seat: int, state: State, settlement: Settlement) -> reversis.HandView:
        view = original(hand, seat, state, settlement)
        import attrs

        return attrs.evolve(view, put_aside=(*view.put_aside, hand.deal.widow[-1]))

    monkeypatch.setattr(views, "own_view", leaky)
    with pytest.raises(ConsistencyError, match="views leak nothing"):
        check_state(new_hand(fournier, seed=1))


def test_detects_lost_cards(monkeypatch: pytest.MonkeyPatch, fournier: Profile) -> None:
    monkeypatch.setattr(ReversisReading, "pot", property(lambda self: ()))
    hand = new_hand(fournier, seed=1).apply("decline")
    with pytest.raises(ConsistencyError, match="cards conserved"):
        check_state(hand)


def test_report_collects_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ReversisReading, "pot", property(lambda self: ()))
    report = check_profile("fournier-1785", hands=2)
    assert not report.ok
    assert len(report.failures) == 2
    assert "cards conserved" in report.failures[0]


def test_detects_money_not_conserved(monkeypatch: pytest.MonkeyPatch, fournier: Profile) -> None:
    import reversis.testing as testing
    from reversis.games.payments import Settlement
    from reversis.hand import settle

    def leaky(hand: Hand) -> Settlement:
        result = settle(hand)
        net = (result.net[0] + 1, *result.net[1:])
        return Settlement(result.payments, net, result.stakes, result.final)

    monkeypatch.setattr(testing, "settle", leaky)
    with pytest.raises(ConsistencyError, match="money conserved"):
        testing.check_money(new_hand(fournier, seed=1))


@pytest.mark.parametrize("name", ["tetka", "reunion", "hearts", "omnibus-hearts"])
def test_check_points_detects_wrong_points(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    end = new_hand(name, seed=5).rollout(random.Random(5))
    check_points(end)
    right = Hand.points

    def shifted(self: Hand) -> tuple[int, ...]:
        points = right.__get__(self)
        return (points[0] + 1, *points[1:])

    monkeypatch.setattr(Hand, "points", property(shifted))
    with pytest.raises(ConsistencyError, match="points"):
        check_points(end)


@pytest.mark.parametrize(
    ("base", "changes"),
    [
        ("tetka", {"tetka": {"queen": 3, "tetka": 5, "most_tricks": 0, "last_trick": 2}}),
        ("reunion", {"reunion": {"last_trick": 20, "bower_points": 15, "points": {"A": 9}}}),
        ("hearts", {"hearts": {"heart_points": 2, "qs_points": 10, "moon": "self"}}),
        ("hearts", {"hearts": {"moon": "off", "avoid_all_tricks_bonus": True}}),
        ("omnibus-hearts", {"hearts": {"jd_points": -7, "no_trick_points": -3}}),
    ],
)
def test_check_points_follows_the_profiles_numbers(base: str, changes: dict[str, Any]) -> None:
    """The points a hand must give are worked out from the profile's own numbers (tetka §4-§6,
    reunion §3 and §6, hearts §8-§10), so house rules that change them check clean."""
    house = reversis.load_profile(base).evolve(name="house", **changes)
    report = check_profile(house, hands=sized(3, 40), seed=11, views=False, replay_every=0)
    assert report.ok, report.failures[:2]
