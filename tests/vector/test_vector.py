"""reversis.vector.functional (issue 26): a batch of hands stepped together gives, at every step, the numbers
the scalar API and the PettingZoo environment give for the same deals and the same actions.

Each shipped profile (and house profiles made by Hypothesis, on the core) is played as a batch and
as one :class:`~reversis.Hand` per slot, with random legal actions; at every step the observation
(:func:`reversis.views.encoding.observation_entries` into ``float32``, as the PettingZoo environment
fills it), the action mask, the seat to move, the rewards (``settle(hand).net`` at the end, or the
PettingZoo environment's shaping) and the hands ended are compared. Both engines run it: the
compiled core's batch, and the reference engine's (``REVERSIS_ENGINE=python``).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from compare import house_profiles
from helpers import seeded, sized
from reversis import _core, new_hand, settle
from reversis.engine.actions import action_count, move_at, move_index
from reversis.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from reversis.hand import Hand, state_of
from reversis.profile import Profile, available_profiles, load_profile
from reversis.views.encoding import observation_entries, observation_size

if os.environ.get("REVERSIS_REQUIRE_PETTINGZOO") == "1":  # .ci/run: the tests must run
    import numpy as np
else:
    np = pytest.importorskip("numpy", reason="pip install -e '.[pettingzoo]'")

from reversis.vector import functional as vector  # after the check: it needs NumPy

#: The profiles of the house-profile test: house profiles where the core is built, else Hearts.
HOUSE_PROFILES = (
    house_profiles() if _core.available() else st.sampled_from([load_profile("hearts")])
)

PROFILES = {name: load_profile(name) for name in available_profiles()}
#: Steps of each batch compared (a few hands per slot on the core; fewer on the reference).
STEPS = sized(150, 1500) if _core.available() else sized(60, 300)


def expected(profile: Profile, hand: Hand, last: int | None = None) -> tuple[Any, Any, int]:
    """The PettingZoo environment's observation and mask for the seat to move of ``hand`` (of an
    ended hand: for ``last``, the seat that moved last, with no legal move)."""
    seat = hand.to_move if last is None else last
    assert seat is not None
    obs = np.zeros(observation_size(profile), np.float32)
    ones, indices, values = observation_entries(hand, seat, state_of(hand))
    obs[ones] = 1.0
    obs[indices] = values
    mask = np.zeros(action_count(profile), np.int8)
    if last is None:
        for move in hand.legal_moves():
            mask[move_index(profile, move)] = 1
    return obs, mask, seat


def play_both(
    profile: Profile, count: int, seed: int, steps: int, shaping: bool, mode: str = "SameStep"
) -> int:
    """Step a batch and its scalar hands side by side; the number of hands ended. In the
    next-step autoreset mode, an ended hand's row is the view of the seat that moved last, and
    the next step (whose action is ignored) deals it again."""
    state = vector.init(
        profile, count, seed, dealer=1 % profile.players, shaping=shaping, autoreset_mode=mode
    )
    dealer = 1 % profile.players
    hands = [new_hand(profile, seed=int(s), dealer=dealer) for s in state.hand_seeds]
    paid = [[0] * profile.players for _ in hands]
    last: list[int | None] = [None] * count
    rng = np.random.default_rng(seed)
    ended = 0
    for number in range(steps):
        for i, hand in enumerate(hands):
            obs, mask, seat = expected(profile, hand, last[i])
            where = f"{profile.name}, step {number}, hand {i}"
            assert state.seat[i] == seat, where
            np.testing.assert_array_equal(state.action_mask[i], mask, err_msg=where)
            np.testing.assert_array_equal(state.observation[i], obs, err_msg=where)
        actions = vector.random_actions(state.action_mask, rng)
        state = vector.step(state, actions)
        for i, hand in enumerate(hands):
            where = f"{profile.name}, step {number}, hand {i}"
            if last[i] is not None:  # next-step mode: dealt again, the action ignored
                hands[i] = new_hand(profile, seed=int(state.hand_seeds[i]), dealer=dealer)
                paid[i] = [0] * profile.players
                last[i] = None
                assert not state.rewards[i].any(), where
                assert not state.terminated[i], where
                continue
            after = hand.apply(move_at(profile, int(actions[i])))
            rewards = np.zeros(profile.players, np.float32)
            if after.is_over or (shaping and len(after.tricks) > len(hand.tricks)):
                net = settle(after).net
                rewards[:] = [net[p] - paid[i][p] for p in range(profile.players)]
                paid[i] = list(net)
            np.testing.assert_array_equal(state.rewards[i], rewards, err_msg=where)
            assert bool(state.terminated[i]) == after.is_over, where
            if after.is_over:
                ended += 1
                if mode == "NextStep":
                    last[i] = hand.to_move
                else:
                    after = new_hand(profile, seed=int(state.hand_seeds[i]), dealer=dealer)
                    paid[i] = [0] * profile.players
            hands[i] = after
    return ended


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_a_batch_steps_as_the_scalar_hands(name: str) -> None:
    ended = play_both(PROFILES[name], 3, 11, STEPS, shaping=False)
    assert ended >= 1 or STEPS < 100


@pytest.mark.parametrize("name", ["fournier-1785", "hearts", "reunion", "tetka"])
def test_a_batch_shapes_rewards_as_the_pettingzoo_env(name: str) -> None:
    play_both(PROFILES[name], 2, 5, STEPS, shaping=True)


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_a_batch_in_next_step_mode_steps_as_the_scalar_hands(name: str) -> None:
    """The final observation of each ended hand (the view of the seat that moved last, with no
    legal move), then the hand dealt again: the same numbers as the scalar hands."""
    ended = play_both(PROFILES[name], 3, 13, STEPS, shaping=name == "hearts", mode="NextStep")
    assert ended >= 1 or STEPS < 100


@seeded(sized(8, 100))
@given(profile=HOUSE_PROFILES, seed=st.integers(0, 2**32))
def test_a_batch_steps_house_profiles_as_the_scalar_hands(profile: Profile, seed: int) -> None:
    play_both(
        profile, 2, seed, 60, shaping=bool(seed & 1), mode=("SameStep", "NextStep")[seed >> 1 & 1]
    )


def test_an_illegal_action_names_the_hand_and_changes_nothing() -> None:
    state = vector.init("hearts", 3, seed=2)
    actions = vector.random_actions(state.action_mask, np.random.default_rng(1))
    bad = actions.copy()
    bad[2] = int(np.flatnonzero(state.action_mask[2] == 0)[0])
    before = (state.observation.copy(), state.seat.copy())
    with pytest.raises(IllegalMoveError, match="hand 2 of the batch: action"):
        vector.step(state, bad)
    with pytest.raises(InvalidMoveError, match="hand 0 of the batch"):
        vector.step(state, np.array([999, 0, 0]))
    np.testing.assert_array_equal(state.observation, before[0])
    # The batch itself is untouched: the legal actions still step it as they would have.
    after = vector.step(state, actions)
    again = vector.step(state, actions)
    np.testing.assert_array_equal(after.observation, again.observation)


def test_the_vector_env_refuses_bad_arguments_with_typed_errors() -> None:
    for call in (
        lambda: vector.init("no-such", 2),
        lambda: vector.init("hearts", 0),
        lambda: vector.init("hearts", 2.5),
        lambda: vector.init("hearts", 2, seed=-1),
        lambda: vector.init("hearts", 2, dealer=4),
        lambda: vector.step(vector.init("hearts", 2), [0.5, 1.5]),
        lambda: vector.step(vector.init("hearts", 2), [1, 2, 3]),
        lambda: vector.step("state", [1, 2]),
    ):
        with pytest.raises(ArgumentError):
            call()


def test_the_gymnasium_face_matches_the_functional_face() -> None:
    pytest.importorskip("gymnasium")
    env = vector.VectorEnv("fournier-1785", 4, seed=9)
    obs, info = env.reset(seed=9)
    state = vector.init("fournier-1785", 4, seed=9)
    rng = np.random.default_rng(3)
    for _ in range(80):
        np.testing.assert_array_equal(obs, state.observation)
        np.testing.assert_array_equal(info["action_mask"], state.action_mask)
        actions = vector.random_actions(state.action_mask, rng)
        acting = state.seat.copy()
        obs, reward, terminated, truncated, info = env.step(actions)
        state = vector.step(state, actions)
        np.testing.assert_array_equal(reward, state.rewards[np.arange(4), acting])
        np.testing.assert_array_equal(terminated, state.terminated)
        assert not truncated.any()
    with pytest.raises(ArgumentError):
        vector.VectorEnv("hearts", 2).step([0, 0])


@pytest.mark.parametrize("mode", [0, 1, 2])
@pytest.mark.parametrize("name", ["hearts", "fournier-1785", "reunion"])
def test_the_core_batch_and_the_reference_batch_give_the_same_numbers(name: str, mode: int) -> None:
    """Each autoreset mode of the batches (0 same-step, 1 next-step, 2 disabled: the caller deals
    an ended hand again), the compiled core's and the reference engine's side by side."""
    if _core.core_module() is None:
        pytest.skip("the compiled core is not built (or REVERSIS_ENGINE=python)")
    from reversis._core.vector import new_batch
    from reversis.vector.checks import Deals, output_arrays
    from reversis.vector.python_batch import PythonBatch

    profile = PROFILES[name]
    deals = [Deals(profile, 2, 8, 0), Deals(profile, 2, 8, 0)]
    batches = [new_batch(profile, 2, deals[0], True), PythonBatch(profile, 2, deals[1], True)]
    arrays = [output_arrays(2, profile), output_arrays(2, profile)]
    for batch, (obs, mask, seat, _, _) in zip(batches, arrays, strict=True):
        batch.observe(obs, mask, seat)
    rng = np.random.default_rng(mode)
    ended = 0
    for number in range(150):
        actions = vector.random_actions(arrays[0][1], rng)
        for batch, (obs, mask, seat, rewards, done) in zip(batches, arrays, strict=True):
            batch.step(actions, obs, mask, seat, rewards, done.view(np.uint8), mode)
        for a, b in zip(arrays[0], arrays[1], strict=True):
            np.testing.assert_array_equal(a, b, err_msg=f"{name}, mode {mode}, step {number}")
        np.testing.assert_array_equal(deals[0].seeds, deals[1].seeds)
        done = arrays[0][4]
        ended += int(done.sum())
        if mode == 2 and done.any():
            with pytest.raises(ArgumentError, match="has ended"):
                batches[0].step(actions, *arrays[0][:4], arrays[0][4].view(np.uint8), 2)
            with pytest.raises(ArgumentError, match="has ended"):
                batches[1].step(actions, *arrays[1][:4], arrays[1][4].view(np.uint8), 2)
            for i in np.flatnonzero(done).tolist():
                for batch, source, (obs, mask, seat, _, _) in zip(
                    batches, deals, arrays, strict=True
                ):
                    batch.deal(i, source(i))
                    batch.observe(obs, mask, seat)
    assert ended >= 2
