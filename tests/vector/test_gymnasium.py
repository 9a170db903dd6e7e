"""reversis.vector.VectorEnv under Gymnasium's own vector wrappers (issue 37): researchers' tools run
on it unmodified.

Gymnasium 1.x's ``RecordEpisodeStatistics``, ``NormalizeObservation``, ``NormalizeReward``,
``TransformObservation`` and ``DictInfoToList`` wrap the environment in each autoreset mode it
offers (those a wrapper accepts; the others must refuse it as Gymnasium does) and step through
several finished hands with masked random actions; the info is a fresh vector-style dict at each
step; each seat's return is recorded; ``reset(seed=[…])`` deals hand ``i`` from its own seed;
``render()`` gives each hand's text; ``action_space.sample()`` does not raise.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from reversis import new_hand, settle
from reversis.bots.players import CautiousBot
from reversis.engine.actions import move_at, move_index
from reversis.errors import ArgumentError, IllegalMoveError
from reversis.hand import state_of
from reversis.text.render import render
from reversis.views.encoding import encode_view, observation_entries

if os.environ.get("REVERSIS_REQUIRE_PETTINGZOO") == "1":  # .ci/run: the tests must run
    import gymnasium
    import numpy as np
else:
    np = pytest.importorskip("numpy", reason="pip install -e '.[pettingzoo]'")
    gymnasium = pytest.importorskip("gymnasium", reason="pip install -e '.[pettingzoo]'")

from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from gymnasium.wrappers import vector as wrappers

from reversis.vector import VectorEnv, random_actions
from reversis.vector import init as vector_init

MODES = [AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP, AutoresetMode.DISABLED]
PROFILES = ["hearts", "fournier-1785"]
#: Steps of each wrapped run: several hands end in every slot (a hand is 52 to 64 steps).
STEPS = 240


def drive(env: Any, steps: int, seed: int) -> tuple[int, list[Any]]:
    """Step ``env`` (wrapped or not) with masked random actions; in DISABLED mode, reset the
    hands that ended. The number of hands ended and the infos seen."""
    obs, info = env.reset(seed=seed)
    base = env.unwrapped
    rng = np.random.default_rng(seed)
    ended = 0
    infos = [info]
    for _ in range(steps):
        mask = base._arrays[1]
        obs, reward, terminated, truncated, info = env.step(random_actions(mask, rng))
        assert obs.shape == env.observation_space.shape
        assert reward.shape == (env.num_envs,)
        assert not truncated.any()
        ended += int(terminated.sum())
        # (Copied: RecordEpisodeStatistics's "_episode" is its own array, cleared in place by a
        # partial reset.)
        infos.append(
            {k: v.copy() if isinstance(v, np.ndarray) else v for k, v in info.items()}
            if isinstance(info, dict)
            else info
        )
        if base.autoreset_mode == AutoresetMode.DISABLED and terminated.any():
            env.reset(options={"reset_mask": terminated.copy()})
    return ended, infos


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", PROFILES)
def test_record_episode_statistics_records_each_ended_hand(name: str, mode: AutoresetMode) -> None:
    seat = 1
    env = wrappers.RecordEpisodeStatistics(
        VectorEnv(name, 3, autoreset_mode=mode, reward_seat=seat), buffer_length=1000
    )
    ended, infos = drive(env, STEPS, 4)
    assert ended >= 6
    episodes = [i for i in infos if "episode" in i]
    assert sum(int(i["_episode"].sum()) for i in episodes) == ended == env.episode_count
    for info in episodes:
        done = info["_episode"]
        # The recorded return is seat 1's return of the hand: its net, as info["returns"] says.
        np.testing.assert_array_equal(info["episode"]["r"][done], info["returns"][done, seat])
        assert (info["episode"]["l"][done] >= 48).all()  # a card played each step, at least
    assert len(env.return_queue) == ended


@pytest.mark.parametrize("mode", MODES)
def test_the_returns_are_the_nets_of_the_hands(mode: AutoresetMode) -> None:
    """info["returns"] at a hand's end: every seat's net, settle(hand).net, shaping or not."""
    for shaping in (False, True):
        env = VectorEnv("hearts", 2, seed=[5, 6], autoreset_mode=mode, shaping=shaping)
        env.reset(seed=[5, 6])
        hands = [new_hand("hearts", seed=5), new_hand("hearts", seed=6)]
        rng = np.random.default_rng(0)
        seen = 0
        for _ in range(130):
            actions = random_actions(env._arrays[1], rng)
            before = env.hand_seeds.copy()
            _, _, terminated, _, info = env.step(actions)
            for i in range(2):
                if hands[i].is_over:  # NEXT_STEP's reset step: the action is ignored
                    hands[i] = new_hand("hearts", seed=int(env.hand_seeds[i]))
                    continue
                assert env.hand_seeds[i] == before[i] or terminated[i]
                hands[i] = hands[i].apply(env_move(env, int(actions[i])))
                if terminated[i]:
                    seen += 1
                    assert info["_returns"][i]
                    assert info["returns"][i].tolist() == list(settle(hands[i]).net)
                    if mode == AutoresetMode.SAME_STEP:
                        hands[i] = new_hand("hearts", seed=int(env.hand_seeds[i]))
            if mode == AutoresetMode.DISABLED and terminated.any():
                ended = terminated.copy()
                env.reset(options={"reset_mask": terminated})  # the array itself, as callers do
                for i in np.flatnonzero(ended):
                    hands[i] = new_hand("hearts", seed=int(env.hand_seeds[i]))
        assert seen >= 2


def env_move(env: VectorEnv, action: int) -> Any:
    from reversis.engine.actions import move_at

    return move_at(env.profile, action)


@pytest.mark.parametrize("name", PROFILES)
def test_observation_wrappers_run_in_next_step_mode(name: str) -> None:
    env = wrappers.NormalizeObservation(VectorEnv(name, 3, autoreset_mode=AutoresetMode.NEXT_STEP))
    ended, _ = drive(env, STEPS, 5)
    assert ended >= 6
    size = env.single_observation_space.shape[0]
    env = wrappers.TransformObservation(
        VectorEnv(name, 3, autoreset_mode=AutoresetMode.NEXT_STEP),
        lambda obs: obs[:, :8],
        single_observation_space=gymnasium.spaces.Box(-1000, 1000, (8,), np.float32),
    )
    ended, _ = drive(env, STEPS, 6)
    assert ended >= 6
    assert env.observation_space.shape == (3, 8)
    assert size > 8


def test_transform_observation_runs_in_disabled_mode() -> None:
    env = wrappers.TransformObservation(
        VectorEnv("hearts", 2, autoreset_mode=AutoresetMode.DISABLED), lambda obs: obs * 2.0
    )
    ended, _ = drive(env, 140, 7)
    assert ended >= 2


def test_observation_wrappers_refuse_same_step_as_gymnasium_says() -> None:
    env = VectorEnv("hearts", 2, autoreset_mode=AutoresetMode.SAME_STEP)
    with pytest.raises(ValueError, match="NEXT_STEP"):
        wrappers.NormalizeObservation(env)
    with pytest.raises(ValueError, match="NEXT_STEP"):
        wrappers.TransformObservation(env, lambda obs: obs)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", PROFILES)
def test_normalize_reward_and_dict_info_to_list(name: str, mode: AutoresetMode) -> None:
    env = wrappers.DictInfoToList(
        wrappers.NormalizeReward(VectorEnv(name, 3, autoreset_mode=mode, shaping=True))
    )
    ended, infos = drive(env, STEPS, 8)
    assert ended >= 6
    for info in infos:
        assert isinstance(info, list)
        assert len(info) == 3
        assert {"action_mask", "seat", "rewards"} <= set(info[0])
    assert any("returns" in row for info in infos for row in info)


@pytest.mark.parametrize("mode", MODES)
def test_the_info_is_a_fresh_vector_style_dict(mode: AutoresetMode) -> None:
    env = VectorEnv("hearts", 3, seed=2, autoreset_mode=mode)
    _, first = env.reset(seed=2)
    seen = [first]
    rng = np.random.default_rng(2)
    for _ in range(70):
        _, _, terminated, _, info = env.step(random_actions(info_mask(env), rng))
        assert not any(info is other for other in seen)
        seen.append(info)
        for key in ("action_mask", "seat", "rewards"):
            assert info[f"_{key}"].all()
            assert info[key].shape[0] == 3
        if terminated.any():
            np.testing.assert_array_equal(info["_returns"], terminated)
            assert info["returns"].shape == (3, 4)
        else:
            assert "returns" not in info
        if mode == AutoresetMode.DISABLED and terminated.any():
            env.reset(options={"reset_mask": terminated.copy()})


def info_mask(env: VectorEnv) -> Any:
    return env._arrays[1]


def test_next_step_returns_the_final_observation_then_ignores_the_action() -> None:
    env = VectorEnv("hearts", 2, seed=[3, 4], autoreset_mode="NextStep")
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    obs, info = env.reset(seed=[3, 4])
    hand = new_hand("hearts", seed=3)
    rng = np.random.default_rng(1)
    while True:
        actions = random_actions(info["action_mask"], rng)
        seat = int(info["seat"][0])
        obs, reward, terminated, _, info = env.step(actions)
        hand = hand.apply(env_move(env, int(actions[0])))
        if terminated[0]:
            break
    # The ended hand's row: the view of the seat that moved last, no legal move.
    assert hand.is_over
    assert int(info["seat"][0]) == seat
    expected = np.zeros(obs.shape[1], np.float32)
    ones, indices, values = observation_entries(hand, seat, state_of(hand))
    expected[ones] = 1.0
    expected[indices] = values
    np.testing.assert_array_equal(obs[0], expected)
    assert not info["action_mask"][0].any()
    assert reward[0] == settle(hand).net[seat]
    # The next step ignores its action (even an illegal one) and deals the hand again.
    actions = random_actions(info["action_mask"], rng)
    actions[0] = 103
    obs, reward, terminated, _, info = env.step(actions)
    assert reward[0] == 0.0
    assert not terminated[0]
    assert not info["rewards"][0].any()
    fresh = new_hand("hearts", seed=int(env.hand_seeds[0]))
    assert int(info["seat"][0]) == fresh.to_move
    assert info["action_mask"][0].sum() == len(fresh.legal_moves())


def test_disabled_mode_refuses_to_step_an_ended_hand() -> None:
    env = VectorEnv("hearts", 2, autoreset_mode=AutoresetMode.DISABLED)
    _, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    terminated = np.zeros(2, bool)
    while not terminated.any():
        _, _, terminated, _, info = env.step(random_actions(info["action_mask"], rng))
    with pytest.raises(ArgumentError, match="reset_mask"):
        env.step(random_actions(info["action_mask"], rng))
    _, info = env.reset(options={"reset_mask": terminated.copy()})
    assert info["action_mask"].any(axis=1).all()
    env.step(random_actions(info["action_mask"], rng))
    with pytest.raises(ArgumentError):
        env.reset(options={"reset_mask": [True, False]})


def test_a_list_of_seeds_deals_each_hand_from_its_own() -> None:
    env = VectorEnv("fournier-1785", 3)
    obs, _ = env.reset(seed=[11, 12, 13])
    assert env.hand_seeds.tolist() == [11, 12, 13]
    for i, seed in enumerate((11, 12, 13)):
        hand = new_hand("fournier-1785", seed=seed)
        expected = np.zeros(obs.shape[1], np.float32)
        ones, indices, values = observation_entries(hand, hand.to_move, state_of(hand))
        expected[ones] = 1.0
        expected[indices] = values
        np.testing.assert_array_equal(obs[i], expected)
    # A slot's hands depend on its seed only: the same in a batch of another size.
    alone = VectorEnv("fournier-1785", 1)
    alone.reset(seed=[12])
    assert alone.hand_seeds.tolist() == [12]
    for bad in (
        [1, 2],
        [1, 2, 3, 4],
        [1, 2.5, 3],
        [1, -1, 3],
        [1, True, 3],
        ["a", 1, 2],
        [2**64, 1, 2],
    ):
        with pytest.raises(ArgumentError, match="seed"):
            env.reset(seed=bad)
    given = VectorEnv("fournier-1785", 2, seed=[7, 8])  # the seeds of the first reset
    given.reset()
    assert given.hand_seeds.tolist() == [7, 8]
    assert vector_init("fournier-1785", 2, seed=[7, 8]).hand_seeds.tolist() == [7, 8]
    with pytest.raises(ArgumentError, match="seed"):
        VectorEnv("fournier-1785", 2, seed=[7])
    env.reset(seed=[1, None, 3])  # None: that hand from fresh entropy, as Gymnasium's
    assert env.hand_seeds[0] == 1
    assert env.hand_seeds[2] == 3


def test_a_list_of_seeds_gives_the_same_hands_in_every_mode() -> None:
    seen = []
    for mode in (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP):
        env = VectorEnv("hearts", 2, autoreset_mode=mode)
        _, info = env.reset(seed=[21, 22])
        rng = np.random.default_rng(3)
        seeds = [set(), set()]
        for _ in range(200):
            _, _, _, _, info = env.step(random_actions(info["action_mask"], rng))
            for i in range(2):
                seeds[i].add(int(env.hand_seeds[i]))
        seen.append([sorted(s)[:2] for s in seeds])
    assert seen[0] == seen[1]


def test_render_gives_each_hands_text() -> None:
    env = VectorEnv("hearts", 2, seed=1, render_mode="ansi")
    assert "ansi" in env.metadata["render_modes"]
    assert env.render_mode == "ansi"
    _, info = env.reset(seed=1)
    frames = env.render()
    assert isinstance(frames, tuple)
    assert len(frames) == 2
    for i, frame in enumerate(frames):
        hand = new_hand("hearts", seed=int(env.hand_seeds[i]))
        assert frame == render(hand.view(int(info["seat"][i])))
    with pytest.raises(ArgumentError, match="render_mode"):
        VectorEnv("hearts", 2, render_mode="rgb_array")
    with pytest.warns(UserWarning, match="render_mode"):
        assert VectorEnv("hearts", 2).render() is None


def test_action_space_sampling() -> None:
    env = VectorEnv("hearts", 4, seed=1, autoreset_mode=AutoresetMode.NEXT_STEP)
    _, info = env.reset(seed=1)
    env.action_space.seed(0)
    sample = env.action_space.sample()  # possibly illegal moves, but no error
    assert sample.shape == (4,)
    assert env.action_space.contains(sample)
    rng = np.random.default_rng(0)
    for _ in range(140):
        actions = env.action_space.sample(mask=tuple(info["action_mask"]))
        assert all(
            info["action_mask"][i, a] or not info["action_mask"][i].any()
            for i, a in enumerate(actions)
        )
        _, _, _, _, info = env.step(actions)
    bad = random_actions(info["action_mask"], rng)
    row = int(np.flatnonzero(info["action_mask"].any(axis=1))[0])
    bad[row] = int(np.flatnonzero(info["action_mask"][row] == 0)[0])
    with pytest.raises(IllegalMoveError, match=f"hand {row} of the batch"):
        env.step(bad)


def test_the_spaces_agree() -> None:
    for mode in MODES:
        env = VectorEnv("fournier-1785", 5, autoreset_mode=mode)
        assert env.observation_space == batch_space(env.single_observation_space, 5)
        assert env.action_space == batch_space(env.single_action_space, 5)
        obs, _ = env.reset(seed=1)
        assert env.observation_space.contains(obs)
    with pytest.raises(ArgumentError, match="autoreset_mode"):
        VectorEnv("hearts", 2, autoreset_mode="sometimes")
    with pytest.raises(ArgumentError, match="reward_seat"):
        VectorEnv("hearts", 2, reward_seat=4)


@pytest.mark.parametrize("name", PROFILES)
def test_hand_gives_each_slots_hand_for_a_librarys_bot(name: str) -> None:
    """``env.hand(i)`` is the hand slot ``i`` plays (the scalar API's after the same moves, its
    view the row's observation and mask): a library bot plays a seat of the batch through it,
    and a hand taken is a value that later steps leave alone."""
    env = VectorEnv(name, 3, seed=4)
    obs, info = env.reset(seed=4)
    hands = [new_hand(name, seed=int(env.hand_seeds[i])) for i in range(3)]
    rng = np.random.default_rng(4)
    bot = CautiousBot()
    ended = 0
    for _ in range(150):
        kept, before = env.hand(0), state_of(hands[0])
        actions = random_actions(info["action_mask"], rng)
        for i in range(3):
            hand = env.hand(i)
            assert state_of(hand) == state_of(hands[i])
            assert hand.to_move == info["seat"][i]
            view = hand.view(hand.to_move)
            assert np.array_equal(np.asarray(encode_view(view), np.float32), obs[i])
            legal = sorted(move_index(env.profile, m) for m in view.legal_moves)
            assert legal == np.flatnonzero(info["action_mask"][i]).tolist()
            if i == 1:  # the cautious bot plays slot 1
                actions[i] = move_index(env.profile, bot(view))
        obs, _, done, _, info = env.step(actions)
        for i in range(3):
            if done[i]:
                ended += 1
                hands[i] = new_hand(name, seed=int(env.hand_seeds[i]))
            else:
                hands[i] = hands[i].apply(move_at(env.profile, int(actions[i])))
        assert state_of(kept) == before
    assert ended >= 3
    with pytest.raises(ArgumentError, match="hand 3 is not in the batch"):
        env.hand(3)
    with pytest.raises(ArgumentError, match="is not in the batch"):
        env.hand(np.int64(0))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="reset"):
        VectorEnv(name, 2).hand(0)
