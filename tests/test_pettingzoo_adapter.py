"""The PettingZoo and Gymnasium adapter (reversis.pettingzoo): PettingZoo's API and seed tests and
Gymnasium's environment checker on every profile; observations equal to the library's encoding at
every step; deals equal to new_hand's; rewards equal to the settlement."""

from __future__ import annotations

import os
import random

import pytest

import reversis
from conftest import sized
from reversis.text import render

if os.environ.get("REVERSIS_REQUIRE_PETTINGZOO") == "1":  # .ci/run: the tests must run
    import numpy as np
else:
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo", reason="pip install -e '.[pettingzoo]'")
    pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from reversis.encoding import encode_observation, observation_size
from reversis.pettingzoo import SingleAgentEnv, env, raw_env

PROFILES = sorted(reversis.available_profiles())


def _play(game: object, rng: random.Random, check: bool) -> dict[str, float]:
    """Play the hand in ``game`` at random; with ``check``, compare every seat's observation with
    the library's encoding at every step. Returns each agent's total reward."""
    totals: dict[str, float] = {}
    raw = game.unwrapped  # type: ignore[attr-defined]
    for agent in game.agent_iter():  # type: ignore[attr-defined]
        observation, reward, termination, truncation, _ = game.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        if check:
            seats = range(raw.profile.players) if rng.random() < 0.5 else [raw._seats[agent]]
            for seat in seats:
                expected = np.array(encode_observation(raw.hand, seat), np.float32)
                seen = game.observe(f"player_{seat}")["observation"]  # type: ignore[attr-defined]
                assert np.array_equal(seen, expected)
            mask = observation["action_mask"]
            if not termination:
                legal = {reversis.move_index(raw.profile, m) for m in raw.hand.legal_moves()}
                assert set(np.flatnonzero(mask)) == legal
        if termination or truncation:
            game.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(legal[rng.randrange(len(legal))]))  # type: ignore[attr-defined]
    return totals


@pytest.mark.parametrize("name", PROFILES)
def test_pettingzoo_api_test(name: str) -> None:
    api_test(env(name), num_cycles=sized(200, 2000))


@pytest.mark.parametrize("name", PROFILES)
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=sized(50, 500))


@pytest.mark.parametrize("name", PROFILES)
def test_observations_equal_the_encoding_and_rewards_the_settlement(name: str) -> None:
    rng = random.Random(1)
    for shaping in (False, True):
        game = env(name, shaping=shaping, dealer=1 % reversis.load_profile(name).players)
        for seed in range(sized(3, 30)):
            game.reset(seed=seed)
            raw = game.unwrapped
            assert raw.hand == reversis.new_hand(name, seed=seed, dealer=raw.dealer)
            totals = _play(game, rng, check=True)
            net = reversis.settle(raw.hand).net
            assert totals == {f"player_{s}": float(net[s]) for s in range(len(net))}


def test_shaping_pays_during_the_hand() -> None:
    game = env("fournier-1785", shaping=True)
    rng = random.Random(2)
    paid_early = False
    for seed in range(10):
        game.reset(seed=seed)
        for _agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            if reward and not termination:
                paid_early = True
            if termination or truncation:
                game.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(legal[rng.randrange(len(legal))]))
    assert paid_early  # aces and quinolas pay when their trick is taken


def test_resets_follow_the_seed() -> None:
    one, two = raw_env("tetka"), raw_env("tetka")
    one.reset(seed=5)
    two.seed(5)
    two.reset()
    assert one.hand != two.hand  # reset(seed=5) deals seed 5; seed(5) seeds the following deals
    three = raw_env("tetka")
    three.seed(5)
    three.reset()
    assert three.hand == two.hand
    one.reset()
    again = raw_env("tetka")
    again.reset(seed=5)
    again.reset()
    assert again.hand == one.hand


def test_bad_actions_leave_the_environment_unchanged() -> None:
    game = env("hearts")
    game.reset(seed=3)
    raw = game.unwrapped
    before = raw.hand
    observation, *_ = game.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(reversis.IllegalMoveError):
        game.step(illegal)
    with pytest.raises(reversis.InvalidMoveError, match="not an action"):
        game.step(10_000)
    with pytest.raises(reversis.InvalidMoveError, match="not an action number"):
        game.step("QS")
    assert raw.hand is before
    assert game.agent_selection == f"player_{before.to_move}"
    with pytest.raises(reversis.ArgumentError, match="render_mode"):
        raw_env("hearts", render_mode="human")
    with pytest.raises(reversis.ArgumentError, match="profile"):
        raw_env("whist")
    with pytest.raises(reversis.ArgumentError, match="dealer"):
        raw_env("hearts", dealer=7)


@pytest.mark.parametrize("name", ["fournier-1785", "hoyle", "reunion"])
def test_ansi_render_shows_the_view_of_the_agent_to_move(name: str) -> None:
    game = env(name, render_mode="ansi")
    game.reset(seed=4)
    rng = random.Random(4)
    for _ in range(15):
        observation, *_ = game.last()
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(legal[rng.randrange(len(legal))]))
    raw = game.unwrapped
    seat = raw.hand.to_move
    text = game.render()
    assert isinstance(text, str)
    # The library's rendering of the seat's view (tests/test_text.py: it shows nothing the view
    # does not hold).
    assert text == render(raw.hand.view(seat))
    assert raw_env(name).render() is None  # no render mode: nothing (and a warning)


@pytest.mark.parametrize("name", PROFILES)
def test_gymnasium_single_agent_env(name: str) -> None:
    profile = reversis.load_profile(name)
    single = SingleAgentEnv(name, seat=profile.players - 1, opponent="cautious")
    check_env(single, skip_render_check=True)
    rng = random.Random(3)
    observation, _ = single.reset(seed=8)
    assert observation["observation"].shape == (observation_size(profile),)
    assert single.observation_space.contains(observation)
    done, total = False, 0.0
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal)
        assert single.hand.to_move == single.seat
        observation, reward, done, _, _ = single.step(int(rng.choice(list(legal))))
        total += reward
    assert total == reversis.settle(single.hand).net[single.seat]


def test_gymnasium_illegal_action_ends_the_episode() -> None:
    single = SingleAgentEnv("hearts", opponent="random", render_mode="ansi")
    observation, _ = single.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = single.step(illegal)
    assert terminated
    assert info["illegal"]
    assert reward == -78.0  # the lowest net of the hearts profile
    with pytest.raises(reversis.ArgumentError, match="reset"):
        single.step(0)
    assert single.render() == render(single.hand.view(single.seat))
    with pytest.raises(reversis.ArgumentError, match="opponent"):
        SingleAgentEnv("hearts", opponent="shark")
