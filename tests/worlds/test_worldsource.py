"""The worlds of a view, their plan read from the view's public fields in C
(``_core/worlds.pyx``, ``reversis.worlds.plan.view_worlds``): for views of every shipped profile
and of Hypothesis house profiles, the plan read in C is the one lowered in Python from the view's
constraints (``lower_plan``), field by field; its worlds are those of the lowered plan and of the
reference's draws (``_Plan.sample``, the view compared), their deals equal in every field and
without a pack or seed; its verdicts on candidates are the full check's. A copy of the view, or
the view read back from JSON, gets the same plan and the same worlds. Seeded, sized by
``conftest.sized``; not timed.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reversis
import reversis.worlds.sampler as worlds
from conftest import sized
from helpers import after_plays
from reversis import HandView, Profile, available_profiles
from reversis._core import core_module
from reversis.hand import Hand, hand_of_state, state_of
from reversis.worlds.plan import Draws, draw_world, lower_plan, view_worlds
from reversis.worlds.sampler import ATTEMPTS, view_plan, world_sampler
from test_core import house_profiles

pytestmark = pytest.mark.skipif(core_module() is None, reason="the compiled core draws worlds")

PROFILES = sorted(available_profiles())
VIEWS = sized(10, 100)
HOUSE = sized(25, 250)
CANDIDATES = 8


def _deal_fields(world: Hand) -> dict[str, Any]:
    deal = state_of(world).deal
    return {f.name: getattr(deal, f.name) for f in attrs.fields(type(deal))}


def _compare(view: HandView, seed: int, counts: Counter[tuple[Any, bool]]) -> bool:
    """The plan read from the view in C against the one lowered in Python and the reference's
    draws; whether there is one."""
    plan = view_plan(view)
    lowered = lower_plan(plan)
    read = view_worlds(view, plan.profile)
    assert (lowered is None) == (read is None)
    if read is None:
        return False
    assert read.fields() == lowered.fields()
    again = view_worlds(HandView.from_json(view.to_json(), profile=plan.profile), plan.profile)
    assert again.fields() == read.fields()
    seat = view.seat
    for start in (seed, seed + 1):
        draws = Draws(start)
        expected = draw_world(plan, None, draws, ATTEMPTS)  # the reference's, checked in full
        state, after = read.world(start, ATTEMPTS)
        assert after == draws.value
        world = hand_of_state(state)
        assert world.moves == expected.moves
        assert _deal_fields(world) == _deal_fields(expected)  # every field, pack and seed too
        assert state_of(world).deal.pack is None
        assert state_of(world).deal.seed is None
        assert world.view(seat) == view
    for _ in range(CANDIDATES):
        state, verdict, seed = read.candidate(seed)
        if state is None:
            assert verdict is None
            continue
        full = hand_of_state(state).view(seat) == view
        assert verdict is None or verdict == full
        counts[verdict, full] += 1
    return True


@pytest.mark.parametrize("name", PROFILES)
def test_the_plan_read_from_the_view_is_the_lowered_one(name: str) -> None:
    counts: Counter[tuple[Any, bool]] = Counter()
    read = 0
    for i in range(VIEWS):
        hand = after_plays(name, 300 + i, 1 + i * 7 % 30)
        if hand.is_over:
            continue
        for seat in range(hand.players):
            read += _compare(hand.view(seat), 7919 * i + seat, counts)
    assert read > 0
    assert counts[True, False] == counts[False, True] == 0


@settings(
    max_examples=HOUSE,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(profile=house_profiles(), seed=st.integers(0, 2**32), plays=st.integers(0, 30))
def test_the_plan_read_from_views_of_house_profiles_is_the_lowered_one(
    profile: Profile, seed: int, plays: int
) -> None:
    hand = after_plays(profile, seed, plays)
    if hand.is_over:
        return
    counts: Counter[tuple[Any, bool]] = Counter()
    _compare(hand.view((hand.to_move + seed) % hand.players), seed, counts)
    assert counts[True, False] == counts[False, True] == 0


def test_worlds_are_the_references_with_and_without_the_plan_read_in_c(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """sample_world and world_sampler on the plan read in C, on the plan lowered in Python, and
    on the reference's draws: the same worlds for the same generator."""
    for name in PROFILES:
        view = after_plays(name, 11, 7).view(2)
        rounds = []
        for patch in ((), ("view_worlds",), ("view_worlds", "lower_plan")):
            for attribute in patch:
                monkeypatch.setattr(worlds, attribute, lambda *args: None)
            sample = world_sampler(view)
            rounds.append(
                [reversis.sample_world(view, random.Random(k)) for k in range(3)]
                + [sample(random.Random(k)) for k in range(3)]
            )
            monkeypatch.undo()
        assert rounds[0] == rounds[1] == rounds[2]
        assert rounds[0][:3] == rounds[0][3:]
        assert all(world.view(2) == view for world in rounds[0])


def test_a_copy_of_a_view_has_the_same_worlds() -> None:
    hand = after_plays("fournier-1785", 5, 9)
    view = hand.view(1)
    copies = [
        attrs.evolve(view),
        copy.copy(view),
        copy.deepcopy(view),
        pickle.loads(pickle.dumps(view)),
        HandView.from_dict(view.to_dict()),
        HandView.from_json(view.to_json()),
    ]
    world = reversis.sample_world(view, random.Random(3))
    fields = view_worlds(view, view.rules).fields()
    for other in copies:
        assert other == view
        assert view_worlds(other, other.rules).fields() == fields
        assert reversis.sample_world(other, random.Random(3)) == world
    other_profile = attrs.evolve(view.rules)
    assert reversis.sample_world(view, random.Random(3), profile=view.rules) == world
    assert reversis.sample_world(view, random.Random(3), profile=other_profile) == world


def test_rollouts_of_a_view_and_its_copies_agree() -> None:
    view = after_plays("hearts", 3, 6).view(1)
    assert (
        reversis.rollouts(view, 5, seed=2).tolist()
        == reversis.rollouts(attrs.evolve(view), 5, seed=2).tolist()
        == reversis.rollouts(HandView.from_json(view.to_json()), 5, seed=2).tolist()
    )


@pytest.mark.parametrize("name", PROFILES)
def test_the_deals_kept_for_views_are_the_views_deals(name: str) -> None:
    """The scratch deal of a view's worlds, made anew or from a deal kept for another card shown
    of the same suit, is the view's deal (``view_deal``) with a widow of its size, every field."""
    import reversis.worlds.plan as worldplan
    from reversis.views.rules import view_deal

    for fresh in (True, False):
        for i in range(VIEWS):
            view = after_plays(name, 40 + i, 5).view(i % 3)
            if fresh:
                worldplan._VIEW_DEALS.clear()
                worldplan._SUIT_DEALS.clear()
            scratch, make = worldplan._view_deals(view, view.rules)
            deal = view_deal(view, view.rules)
            assert scratch == attrs.evolve(deal, widow=scratch.widow)
            assert attrs.asdict(scratch, recurse=False) == attrs.asdict(
                attrs.evolve(deal, widow=scratch.widow), recurse=False
            )
            assert make((0,) * view.players, ()) == attrs.evolve(
                deal, dealt=(0,) * view.players, widow=(), pack=None, seed=None
            )
        worldplan._VIEW_DEALS.clear()  # the views' deals kept by suit only
