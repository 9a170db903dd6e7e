"""The views the compiled core makes equal the reference's, field by field (issue 25).

On the core, ``hand.view(seat)`` of a hand in play is made in one call from the hand's C state
(``view_of`` in ``_core/views.pyx``). Held here against the view made from the same hand by the
reference (``views.hand_view`` given the reference engine's ``State`` of the hand and the game's own
settlement, so that nothing of it comes from the core): at every step of random hands of every
shipped profile (random dealers, hand numbers and stakes) and of house profiles made by Hypothesis
(``tests/compare.py``'s), for every seat, every field is equal and of the same type (the profile
itself the same object), and the views are equal, hash alike, print alike and give the same data;
now and then they also survive pickling and ``to_dict``/``from_dict`` as equal views. While the hand
is in play the core makes the view of every shipped profile (``view_of`` does not hand it back).

The tests skip when the core is not built or not playing (``REVERSIS_ENGINE=python``), unless
``REVERSIS_REQUIRE_CORE=1``.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reversis
from compare import PROFILES, compiled_core, house_profiles, random_stakes, reference_view
from helpers import seeded, sized
from reversis.hand import settle, state_of
from reversis.profile import Profile
from reversis.views import view as views

core = compiled_core(playing=True)

#: Hands per shipped profile, every seat's view compared at every step.
HANDS = sized(8, 200)
#: House profiles, two hands each.
HOUSE = sized(15, 300)


def typed(value: Any) -> Any:
    """``value`` with the type of every part in it (so that ``1`` and ``True`` differ)."""
    if isinstance(value, tuple):
        return (type(value), tuple(typed(item) for item in value))
    if attrs.has(type(value)):
        return (
            type(value),
            tuple(typed(getattr(value, f.name)) for f in attrs.fields(type(value))),
        )
    return (type(value), value)


def same_view(got: reversis.HandView, want: reversis.HandView, deep: bool) -> None:
    """``got`` is ``want``, field by field and type by type."""
    assert type(got) is type(want)
    for field in attrs.fields(views.HandView):
        a, b = getattr(got, field.name), getattr(want, field.name)
        if field.name == "_rules":
            assert a is b
            continue
        assert a == b, f"{field.name}: {a!r} != {b!r}"
        assert typed(a) == typed(b), f"{field.name}: {a!r} and {b!r} differ in type"
    assert got == want
    assert hash(got) == hash(want)
    assert repr(got) == repr(want)
    assert got.to_dict() == want.to_dict()
    if deep:
        assert pickle.loads(pickle.dumps(got)) == want
        assert views.HandView.from_dict(got.to_dict(), profile=got.rules) == want


def check_hand(profile: Profile, rng: random.Random, *, every_profile_on_core: bool) -> int:
    """A random hand of ``profile``, every seat's view compared at every step; the views."""
    hand = reversis.new_hand(
        profile,
        seed=rng.getrandbits(64),
        dealer=rng.randrange(profile.players),
        stakes=random_stakes(profile, rng),
        hand_number=rng.randint(1, 4),
    )
    compared = 0
    while True:
        for seat in range(hand.players):
            got = hand.view(seat)
            same_view(got, reference_view(hand, seat), deep=rng.random() < 0.02)
            made = core.view_of(
                state_of(hand), seat, settle(hand), hand.legal_moves(), reversis.HandView
            )
            if every_profile_on_core and not hand.is_over:
                assert made is not None
            if made is not None:
                same_view(made, got, deep=False)
            compared += 1
        if hand.is_over:
            return compared
        moves = hand.legal_moves()
        hand = hand.apply(moves[int(rng.random() * len(moves))])


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_the_cores_views_are_the_references(name: str) -> None:
    rng = random.Random(f"view-core-{name}")
    compared = sum(
        check_hand(PROFILES[name], rng, every_profile_on_core=True) for _ in range(HANDS)
    )
    assert compared > 50 * HANDS


@seeded(HOUSE)
@given(profile=house_profiles(), seed=st.integers(0, 2**32))
def test_the_cores_views_of_house_profiles_are_the_references(profile: Profile, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2):
        check_hand(profile, rng, every_profile_on_core=False)


def test_view_of_refuses_what_is_no_seat() -> None:
    hand = reversis.new_hand(PROFILES["fournier-1785"], seed=1)
    for seat in (-1, 4, 99):
        with pytest.raises(reversis.ArgumentError):
            core.view_of(state_of(hand), seat, settle(hand), hand.legal_moves(), reversis.HandView)
