"""The worlds of a view drawn, replayed and checked in C (``reversis.worlds.plan``,
``_core/worlds.pyx``) are the reference's. For views of every shipped profile and of Hypothesis
house profiles: the plan read from the view's public fields in C (``view_worlds``) is the one
lowered in Python from the view's constraints (``lower_plan``), field by field, and so is the plan
of the view read back from JSON; each candidate world either plan draws is the one ``_Plan.sample``
draws from the same generator (the same deal, moves and generator state after it, or none for
both), and its check of each candidate (accept, reject, or ask for the full check) agrees with the
full check ``world.view(seat) == view``, on accepted and rejected candidates alike, both counted;
the worlds they draw whole are the reference's draws (``draw_world``), their deals equal in every
field and without a pack or seed, before and after a plan has learned the view's print. Then
``sample_world``, ``world_sampler`` and ``rollouts(view, n)`` give the same results on the plan
read in C, on the plan lowered in Python and on the reference's draws; a copy of the view, or the
view read back from JSON, gets the same plan and the same worlds; the scratch deals kept for the
views are the views' deals; and the plan refuses bad arguments. Seeded, sized by
``helpers.sized``; not timed.
"""

from __future__ import annotations

import copy
import pickle
import random
from array import array
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reversis
import reversis.worlds.plan as worldplan
import reversis.worlds.sampler as worlds
from compare import house_profiles
from helpers import after_plays, seeded, sized
from reversis import HandView, Profile, available_profiles
from reversis._core import core_module
from reversis.hand import Hand, hand_of_state, state_of
from reversis.worlds.plan import Draws, draw_world, lower_plan, view_worlds
from reversis.worlds.sampler import ATTEMPTS, view_plan, world_sampler

pytestmark = pytest.mark.skipif(core_module() is None, reason="the compiled core draws worlds")

PROFILES = sorted(available_profiles())
VIEWS = sized(12, 120)
CANDIDATES = 12
HOUSE = sized(25, 250)


def _deal_fields(world: Hand) -> dict[str, Any]:
    deal = state_of(world).deal
    return {f.name: getattr(deal, f.name) for f in attrs.fields(type(deal))}


def _same_world(a: Hand | None, b: Hand | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.moves == b.moves and state_of(a).deal == state_of(b).deal


def _same_draws(plan: Any, fast: tuple[Any, ...], view: HandView, seed: int) -> None:
    """Whole draws of each of the core's plans ``fast`` are the reference's draws from ``plan``
    (the view's constraints), every field of their deals, with the generator left alike."""
    for start in (seed, seed + 1):
        draws = Draws(start)
        expected = draw_world(plan, None, draws, ATTEMPTS)  # the reference's, checked in full
        for each in fast:
            state, after = each.world(start, ATTEMPTS)
            assert state is not None
            assert after == draws.value
            world = hand_of_state(state)
            assert world.moves == expected.moves
            assert _deal_fields(world) == _deal_fields(expected)  # every field, pack and seed too
            assert state_of(world).deal.pack is None
            assert state_of(world).deal.seed is None
            assert world.view(view.seat) == view


def _compare(view: HandView, seed: int, counts: Counter[tuple[Any, bool]]) -> bool:
    """The core's plans of ``view``'s worlds (read in C, lowered in Python, read from the view's
    JSON) against the reference's draws; whether the core draws the view's worlds. The verdicts
    on candidates are counted in ``counts``: (the core's verdict, the full check's) -> count."""
    plan = view_plan(view)
    lowered = lower_plan(plan)
    read = view_worlds(view, plan.profile)
    assert (lowered is None) == (read is None)
    if read is None:
        return False
    assert read.fields() == lowered.fields()
    again = view_worlds(HandView.from_json(view.to_json(), profile=plan.profile), plan.profile)
    assert again.fields() == read.fields()
    fast = (read, lowered, again)
    _same_draws(plan, fast, view, seed)
    for k in range(CANDIDATES):
        draws = Draws(seed)
        expected = plan.sample(draws)
        for each in fast:
            state, verdict, after = each.candidate(seed)
            got = None if state is None else hand_of_state(state)
            assert _same_world(got, expected)
            if got is None:
                assert verdict is None
                continue
            assert after == draws.value
            full = got.view(view.seat) == view
            assert verdict is None or verdict == full
            counts[verdict, full] += 1
        seed = after
        if k == 2:  # the core learns the view's print from a world it checks in full
            for each in fast:
                world, _ = each.world(seed ^ 0x5EED, ATTEMPTS)
                assert world is not None
    _same_draws(plan, fast, view, seed)
    return True


@pytest.mark.parametrize("name", PROFILES)
def test_the_cores_plans_worlds_and_verdicts_are_the_references(name: str) -> None:
    counts: Counter[tuple[Any, bool]] = Counter()
    compared = 0
    for i in range(VIEWS):
        hand = after_plays(name, 100 + i, 1 + i * 7 % 30)
        if hand.is_over:
            continue
        for seat in range(hand.players):
            compared += _compare(hand.view(seat), 7919 * i + seat, counts)
    assert compared > 0
    assert counts[True, False] == counts[False, True] == 0
    # the core's check has decided candidates on its own
    assert counts[True, True] > 0
    if name == "hoyle":  # its candidates are rejected at times: both checks reject them
        assert counts[False, False] > 0


@seeded(HOUSE)
@given(profile=house_profiles(), seed=st.integers(0, 2**32), plays=st.integers(0, 30))
def test_the_cores_plans_worlds_and_verdicts_of_house_profiles_are_the_references(
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


@pytest.mark.parametrize("name", PROFILES)
@pytest.mark.parametrize(("policy", "result"), [("random", "net"), ("cautious", "points")])
def test_rollouts_of_a_view_are_the_same_without_the_cores_plan(
    name: str, policy: str, result: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for i in range(3):
        hand = after_plays(name, 40 + i, 2 + 9 * i)
        if hand.is_over:
            continue
        view = hand.view(hand.to_move)
        fast = reversis.rollouts(view, 6, seed=i, policy=policy, result=result).tolist()
        # no plan read in C: each world drawn by the reference, then played out
        monkeypatch.setattr(worlds, "view_worlds", lambda *args: None)
        slow = reversis.rollouts(view, 6, seed=i, policy=policy, result=result).tolist()
        monkeypatch.undo()
        assert fast == slow


def test_rollouts_of_a_plan_refuse_bad_arguments() -> None:
    """The plan sizes its results itself: no buffer or row is given; every count, seed and number
    of attempts is checked in Python integers before the loop (ArgumentError)."""
    view = after_plays("hearts", 3, 6).view(1)
    fast = lower_plan(view_plan(view))
    for count in (-1, 2**62, 2**64 + 1, 2**20 + 1, 1.0, "1", None):
        with pytest.raises(reversis.ArgumentError):
            fast.rollouts(count, 1, ATTEMPTS, None, (), "net")
    for seed in (-1, 2**64, 1.5):
        with pytest.raises(reversis.ArgumentError):
            fast.rollouts(1, seed, ATTEMPTS, None, (), "net")
        with pytest.raises(reversis.ArgumentError):
            fast.world(seed, ATTEMPTS)
    for attempts in (0, -1, 2**31, 2**63, 2**64 + 3):
        with pytest.raises(reversis.ArgumentError):
            fast.rollouts(1, 1, attempts, None, (), "net")
        with pytest.raises(reversis.ArgumentError):
            fast.world(1, attempts)
    with pytest.raises(reversis.ArgumentError):
        fast.rollouts(1, 1, ATTEMPTS, "clever", (), "net")
    with pytest.raises(reversis.ArgumentError):
        fast.rollouts(1, 1, ATTEMPTS, "cautious", (1, 2), "net")
    with pytest.raises(reversis.ArgumentError):
        fast.rollouts(1, 1, ATTEMPTS, None, (), "most")
    out, after = fast.rollouts(3, 1, ATTEMPTS, None, (), "net")
    assert isinstance(out, array)
    assert out.typecode == "q"
    assert len(out) == 3 * 4
    assert after >= 0
    assert fast.rollouts(0, 1, ATTEMPTS, None, (), "net") == (array("q"), 1)
    core = core_module()
    with pytest.raises(reversis.ArgumentError):
        core.plan_worlds(state_of(after_plays("hearts", 3, 6)).deal, None, None, {"seat": 9})


def test_a_world_plan_is_made_by_plan_worlds_only() -> None:
    core = core_module()
    with pytest.raises(TypeError):
        core.WorldPlan()


def test_plan_worlds_refuses_short_lists_rather_than_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core indexes without bounds checks: a plan whose lists are short is refused (this
    crashed the interpreter before the lengths were checked)."""
    hand = after_plays("hearts", 3, 6)
    captured: dict[str, Any] = {}
    core = core_module()

    class Catch:
        @staticmethod
        def plan_worlds(*args: Any) -> None:
            captured["args"] = args

        @staticmethod
        def world_deal(*args: Any) -> Any:
            return core.world_deal(*args)

    monkeypatch.setattr(worldplan, "_CORE", Catch)
    lower_plan(view_plan(hand.view(1)))
    monkeypatch.undo()
    template, check, make_deal, plan = captured["args"]
    for key in ("cur0", "played", "priv_cand", "counts", "want", "guesses"):
        with pytest.raises(reversis.ArgumentError):
            core.plan_worlds(template, check, make_deal, {**plan, key: []})
    with pytest.raises(ValueError, match="unpack"):
        core.plan_worlds(template, check, make_deal, {**plan, "units": [[0]]})
