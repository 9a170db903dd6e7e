"""The worlds of a view the core made, their plan read from the hand's state
(``_core/worldsource.pxi``, ``reversis.worldplan.source_plan``): for views of every shipped profile
and of Hypothesis house profiles, the plan read from the state is the one lowered from the view's
constraints, field by field; its worlds are those of the lowered plan and of the reference's draws
(``_Plan.sample``, the view compared), their deals equal in every field and without the hand's
pack or seed; its verdicts on candidates are the full check's. A copy of the view, or a view read
with another profile, has no such plan and gets the same worlds. Seeded, sized by
``conftest.sized``; not timed.
"""

from __future__ import annotations

import copy
import gc
import pickle
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reversis
import reversis.worldplan as worldplan
import reversis.worlds as worlds
from conftest import sized
from helpers import after_plays
from reversis import HandView, Profile, available_profiles
from reversis._core import core_module
from reversis.hand import Hand, hand_of_state, state_of
from reversis.worldplan import Draws, draw_world, lower_plan, source_plan
from reversis.worlds import ATTEMPTS, view_plan, world_sampler
from test_core import house_profiles

pytestmark = pytest.mark.skipif(core_module() is None, reason="the compiled core makes views")

PROFILES = sorted(available_profiles())
VIEWS = sized(10, 100)
HOUSE = sized(25, 250)
CANDIDATES = 8


def _deal_fields(world: Hand) -> dict[str, Any]:
    deal = state_of(world).deal
    return {f.name: getattr(deal, f.name) for f in attrs.fields(type(deal))}


def _compare(view: HandView, seed: int, counts: Counter[tuple[Any, bool]]) -> bool:
    """The plan read from the state against the one lowered from ``view`` and the reference's
    draws; whether there is one."""
    plan = view_plan(view)
    lowered = lower_plan(plan)
    sourced = source_plan(view, view.rules)
    assert (lowered is None) == (sourced is None)
    if sourced is None:
        return False
    assert sourced.fields() == lowered.fields()
    seat = view.seat
    for start in (seed, seed + 1):
        draws = Draws(start)
        expected = draw_world(plan, None, draws, ATTEMPTS)  # the reference's, checked in full
        state, after = sourced.world(start, ATTEMPTS)
        assert after == draws.value
        world = hand_of_state(state)
        assert world.moves == expected.moves
        assert _deal_fields(world) == _deal_fields(expected)  # every field, pack and seed too
        assert state_of(world).deal.pack is None
        assert state_of(world).deal.seed is None
        assert world.view(seat) == view
        again, _ = lowered.world(start, ATTEMPTS)
        assert _deal_fields(hand_of_state(again)) == _deal_fields(world)
    # the verdicts of the check in C, which knows the view's print from the hand's state
    for _ in range(CANDIDATES):
        state, verdict, seed = sourced.candidate(seed)
        if state is None:
            assert verdict is None
            continue
        full = hand_of_state(state).view(seat) == view
        assert verdict is None or verdict == full
        counts[verdict, full] += 1
    return True


@pytest.mark.parametrize("name", PROFILES)
def test_the_plan_read_from_the_state_is_the_views(name: str) -> None:
    counts: Counter[tuple[Any, bool]] = Counter()
    read = 0
    for i in range(VIEWS):
        hand = after_plays(name, 300 + i, 1 + i * 7 % 30)
        if hand.is_over:
            continue
        for seat in range(hand.players):
            read += _compare(hand.view(seat), 7919 * i + seat, counts)
    assert read > 0
    assert counts[True, True] > 0
    assert counts[True, False] == counts[False, True] == 0
    if name == "hoyle":  # its candidates are rejected at times: both checks reject them
        assert counts[False, False] > 0


@settings(
    max_examples=HOUSE,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(profile=house_profiles(), seed=st.integers(0, 2**32), plays=st.integers(0, 30))
def test_the_plan_read_from_the_state_of_house_profiles_is_the_views(
    profile: Profile, seed: int, plays: int
) -> None:
    hand = after_plays(profile, seed, plays)
    if hand.is_over:
        return
    counts: Counter[tuple[Any, bool]] = Counter()
    _compare(hand.view((hand.to_move + seed) % hand.players), seed, counts)
    assert counts[True, False] == counts[False, True] == 0


def test_hearts_first_worlds_need_no_check_in_full() -> None:
    """Without a privilege, the hand's state settles every candidate of the view's print."""
    for i in range(6):
        view = after_plays("hearts", 50 + i, 3 + 5 * i).view(i % 4)
        sourced = source_plan(view, view.rules)
        state, _ = sourced.world(i, ATTEMPTS)
        assert state is not None
        assert sourced.full_checks == 0


def test_worlds_are_the_references_with_and_without_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """sample_world and world_sampler on the state's plan, on the plan lowered from the view, and
    on the reference's draws: the same worlds for the same generator."""
    for name in PROFILES:
        view = after_plays(name, 11, 7).view(2)
        rounds = []
        for patch in ((), ("source_plan",), ("source_plan", "lower_plan")):
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


def test_a_copy_of_a_view_has_no_source_and_the_same_worlds() -> None:
    hand = after_plays("fournier-1785", 5, 9)
    view = hand.view(1)
    assert source_plan(view, view.rules) is not None
    copies = [
        attrs.evolve(view),
        copy.copy(view),
        copy.deepcopy(view),
        pickle.loads(pickle.dumps(view)),
        HandView.from_dict(view.to_dict()),
    ]
    world = reversis.sample_world(view, random.Random(3))
    for other in copies:
        assert other == view
        assert hash(other) == hash(view)
        assert repr(other) == repr(view)
        assert source_plan(other, other.rules) is None
        assert reversis.sample_world(other, random.Random(3)) == world
    # a profile given that is the hand's own: the state's plan; another, equal: none
    other_profile = attrs.evolve(view.rules)
    assert source_plan(view, other_profile) is None
    assert reversis.sample_world(view, random.Random(3), profile=view.rules) == world
    assert reversis.sample_world(view, random.Random(3), profile=other_profile) == world


def test_a_source_serves_only_its_own_view() -> None:
    """A hostile caller moving a view's source to another view gets the other view's worlds."""
    first = after_plays("hearts", 8, 6).view(0)
    second = after_plays("hearts", 9, 10).view(0)
    fields = {f.alias: getattr(second, f.name) for f in attrs.fields(HandView)}
    for source in (first._source, "not a source", 7):
        forged = HandView(**{**fields, "source": source})
        assert source_plan(forged, forged.rules) is None
        world = reversis.sample_world(forged, random.Random(1))
        assert world.view(0) == second
    with pytest.raises(TypeError):
        type(first._source)()
    assert repr(first._source) == "<ViewSource>"
    assert "source" not in first.to_dict()
    assert "_source" not in first.to_dict()


def test_a_plan_read_from_a_state_plays_no_playouts() -> None:
    from array import array

    view = after_plays("hearts", 3, 6).view(1)
    sourced = source_plan(view, view.rules)
    with pytest.raises(reversis.ArgumentError):
        sourced.play_outs(1, 1, ATTEMPTS, None, (), "net", array("q", bytes(8 * 4)))
    # rollouts of the view are those of the plan lowered from it
    assert (
        reversis.rollouts(view, 5, seed=2).tolist()
        == reversis.rollouts(attrs.evolve(view), 5, seed=2).tolist()
    )
    assert worldplan.source_plan is source_plan


@pytest.mark.parametrize("name", ["fournier-1785", "english", "hoyle"])
def test_the_hand_tells_no_secret_privilege(name: str) -> None:
    """Where another seat may secretly hold the privilege, the plan read from the state knows only
    the view's print: before a world is checked in full, no candidate is accepted unchecked (a
    verdict would tell who holds it); where the view shows it (the seat's own), some are."""
    unchecked = {False: 0, True: 0}
    gc_seen = []
    for i in range(VIEWS):
        hand = after_plays(name, 700 + i, 2 + i * 5 % 25)
        if hand.is_over:
            continue
        for seat in range(hand.players):
            view = hand.view(seat)
            sourced = source_plan(view, view.rules)
            if sourced is None:
                continue
            gc_seen.extend(gc.get_referents(view._source))
            seed = i * 31 + seat
            for _ in range(CANDIDATES):
                _, verdict, seed = sourced.candidate(seed)
                unchecked[view.privileged] += verdict is True
    assert unchecked[False] == 0
    assert gc_seen == []
