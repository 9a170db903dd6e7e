"""The worlds of a view drawn, replayed and checked in C (``reversis.worlds.plan``,
``_core/worlds.pyx``) are the reference's: for views of every shipped profile and of Hypothesis
house profiles, each candidate world the core draws is the one ``_Plan.sample`` draws from the same
generator (the same deal, moves and generator state after it, or none for both), and the core's
check of each candidate (accept, reject, or ask for the full check) agrees with the full check
``world.view(seat) == view``: on accepted and rejected candidates alike, both counted. Then
``rollouts(view, n)`` and ``world_sampler`` give the same results with the core's plan as without
it. Seeded, sized by ``conftest.sized``; not timed.
"""

from __future__ import annotations

import random
from array import array
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reversis
import reversis.worlds.plan as worldplan
import reversis.worlds.sampler as worlds
from conftest import sized
from helpers import after_plays
from reversis import Profile, available_profiles
from reversis._core import core_module
from reversis.hand import Hand, state_of
from reversis.worlds.plan import Draws, draw_world, lower_plan
from reversis.worlds.sampler import ATTEMPTS, view_plan, world_sampler
from test_core import house_profiles

pytestmark = pytest.mark.skipif(core_module() is None, reason="the compiled core draws worlds")

PROFILES = sorted(available_profiles())
VIEWS = sized(12, 120)
CANDIDATES = 12
HOUSE = sized(25, 250)

#: Verdicts compared, by profile: (core's verdict, full check's verdict) -> count.
COUNTS: dict[str, Counter[tuple[Any, bool]]] = {}


def _same_world(a: Hand | None, b: Hand | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.moves == b.moves and state_of(a).deal == state_of(b).deal


def _compare(view: reversis.HandView, seed: int, counts: Counter[tuple[Any, bool]]) -> bool:
    """Candidates and verdicts of the core's plan against the reference's for ``view``; whether
    the core draws the view's worlds."""
    plan = view_plan(view)
    fast = lower_plan(plan)
    if fast is None:
        return False
    seat = view.seat
    for k in range(CANDIDATES):
        draws = Draws(seed)
        expected = plan.sample(draws)
        state, verdict, after = fast.candidate(seed)
        got = None if state is None else reversis.hand.hand_of_state(state)
        assert _same_world(got, expected)
        if got is not None:
            assert after == draws.value
            full = got.view(seat) == view
            assert verdict is None or verdict == full
            counts[verdict, full] += 1
        seed = after
        if k == 2:  # the core learns the view's print from a world it checks in full
            world, _ = fast.world(seed ^ 0x5EED, ATTEMPTS)
            assert world is not None
    # whole draws: the core's first accepted world is the reference's
    for start in (seed, seed + 1):
        draws = Draws(start)
        expected_world = draw_world(plan, None, draws, ATTEMPTS)
        state, after = fast.world(start, ATTEMPTS)
        assert state is not None
        assert _same_world(reversis.hand.hand_of_state(state), expected_world)
        assert after == draws.value
    return True


@pytest.mark.parametrize("name", PROFILES)
def test_the_cores_worlds_and_verdicts_are_the_references(name: str) -> None:
    counts = COUNTS.setdefault(name, Counter())
    lowered = 0
    for i in range(VIEWS):
        hand = after_plays(name, 100 + i, 1 + i * 7 % 30)
        if hand.is_over:
            continue
        for seat in range(hand.players):
            lowered += _compare(hand.view(seat), 7919 * i + seat, counts)
    assert lowered > 0
    # the core's check has decided candidates on its own
    assert counts[True, True] > 0
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
def test_the_cores_worlds_of_house_profiles_are_the_references(
    profile: Profile, seed: int, plays: int
) -> None:
    hand = after_plays(profile, seed, plays)
    if hand.is_over:
        return
    view = hand.view((hand.to_move + seed) % hand.players)
    _compare(view, seed, COUNTS.setdefault("house", Counter()))


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
        monkeypatch.setattr(worldplan, "lower_plan", lambda plan: None)
        slow = reversis.rollouts(view, 6, seed=i, policy=policy, result=result).tolist()
        monkeypatch.undo()
        assert fast == slow


def test_the_samplers_later_worlds_are_the_references(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("fournier-1785", "hearts", "hoyle", "tetka"):
        view = after_plays(name, 3, 6).view(1)
        fast = world_sampler(view)
        got = [fast(random.Random(k)) for k in range(4)]
        monkeypatch.setattr(worlds, "lower_plan", lambda plan: None)
        slow = world_sampler(view)
        assert got == [slow(random.Random(k)) for k in range(4)]
        monkeypatch.undo()
        assert all(world.view(1) == view for world in got)


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
