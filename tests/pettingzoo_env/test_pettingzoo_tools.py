"""Researchers' own tools on the adapter, unmodified (issue 37): PettingZoo's test utilities
(``api_test``, ``seed_test``, ``render_test``, ``parallel_api_test`` and ``parallel_seed_test``
through ``turn_based_aec_to_parallel``, ``average_total_reward``), its ``CaptureStdoutWrapper``,
and Gymnasium's ``check_env`` in every render mode, on every profile. They sample actions without
a mask, so an illegal action must end the hand (PettingZoo's ``TerminateIllegalWrapper``, as in
its classic games) instead of raising; and they render in ``"human"`` mode."""

from __future__ import annotations

import os
import warnings

import pytest

import reversis
from reversis.games import net_bounds
from reversis.text.render import render

if os.environ.get("REVERSIS_REQUIRE_PETTINGZOO") == "1":  # .ci/run: the tests must run
    import numpy as np
else:
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo", reason="pip install -e '.[pettingzoo]'")
    pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import (
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)
from pettingzoo.utils import average_total_reward, wrappers
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from reversis.pettingzoo import ReversisEnv, SingleAgentEnv, env, raw_env

PROFILES = sorted(reversis.available_profiles())


def _illegal(observation: dict[str, object]) -> int:
    """An action of the space that the observation's mask rules out."""
    return int(np.flatnonzero(observation["action_mask"] == 0)[0])  # type: ignore[call-overload]


@pytest.mark.parametrize("name", PROFILES)
def test_pettingzoo_test_utilities(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own tests, each as a researcher calls it, on the wrapped environment (their
    API test on the AEC environment is test_pettingzoo_api_test)."""
    seed_test(lambda: env(name), num_cycles=60)
    render_test(lambda render_mode=None: env(name, render_mode=render_mode))
    parallel_api_test(turn_based_aec_to_parallel(env(name)), num_cycles=100)
    parallel_seed_test(lambda: turn_based_aec_to_parallel(env(name)), num_cycles=20)
    # It draws its actions without the mask (it reads no observation): each hand ends at the first
    # illegal one, which costs its agent the profile's lowest net (a hand of legal draws alone,
    # some fifty of them, is out of reach).
    average = average_total_reward(env(name), max_episodes=3)
    assert average == net_bounds(reversis.load_profile(name))[0]
    assert "Average total reward" in capsys.readouterr().out


@pytest.mark.parametrize("name", PROFILES)
def test_unmasked_samples_end_the_hand_as_in_pettingzoos_classic_games(name: str) -> None:
    """An action drawn from the action space without the mask (as ``average_total_reward`` and
    ``parallel_seed_test`` draw them) is taken: an illegal one ends the hand, the agent that made
    it receiving the profile's lowest net and the others 0; every agent is then done. In the
    single-agent environment it ends the episode with the same reward (as it did already)."""
    game = env(name)
    worst = float(net_bounds(game.unwrapped.profile)[0])
    assert game.unwrapped.illegal_reward == worst
    for seed in range(3):
        game.reset(seed=seed)
        game.action_space(game.agent_selection).seed(seed)
        ended: str | None = None
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            if termination or truncation:
                assert ended is not None  # (a hand of legal draws alone is out of reach)
                assert reward == (worst if agent == ended else 0.0)
                game.step(None)
                continue
            action = game.action_space(agent).sample()  # no mask: a Discrete draws any number
            legal = bool(observation["action_mask"][action])
            game.step(action)
            if not legal:
                ended = agent
                assert all(game.terminations.values())
        assert game.unwrapped.agents == []
        game.reset(seed=seed)  # a new hand after an illegal end
        observation, reward, termination, truncation, _ = game.last()
        assert not termination
        assert reward == 0.0
        assert observation["action_mask"].sum() > 0
    single = SingleAgentEnv(name, opponent="random")
    single.action_space.seed(1)
    for seed in range(3):
        observation, _ = single.reset(seed=seed)
        done = False
        while not done:
            action = single.action_space.sample()
            legal = bool(observation["action_mask"][action])
            observation, reward, done, _, info = single.step(action)
            assert info.get("illegal", False) is not legal
            if not legal:
                assert done
                assert reward == worst


def test_the_illegal_end_in_detail() -> None:
    """The hand as PettingZoo's TerminateIllegalWrapper leaves it: the hand itself unchanged, the
    illegal agent's reward the profile's lowest net (-78 in hearts), the others' 0; a refused
    value (out of the space, a float) is still refused with the environment's typed error. The
    raw environment raises an IllegalMoveError instead, unchanged."""
    game = env("hearts")
    game.reset(seed=3)
    raw = game.unwrapped
    before = raw.hand
    observation, *_ = game.last()
    culprit = game.agent_selection
    with pytest.raises(reversis.InvalidMoveError, match="not an action"):
        game.step(10_000)  # not an AssertionError of AssertOutOfBoundsWrapper
    with pytest.raises(reversis.InvalidMoveError, match="not an action number"):
        game.step(1.0)
    assert raw.hand is before
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game.step(np.int64(_illegal(observation)))
    assert raw.hand is before  # the move was not made
    assert raw.rewards == {a: (-78.0 if a == culprit else 0.0) for a in raw.possible_agents}
    assert all(raw.terminations.values())
    rewards = {}
    for agent in game.agent_iter():
        _, reward, termination, truncation, _ = game.last()
        assert termination or truncation
        with pytest.raises(reversis.ArgumentError, match="None"):
            game.step(0)  # a done agent's only action is None
        rewards[agent] = reward
        game.step(None)
    assert rewards == {a: (-78.0 if a == culprit else 0.0) for a in raw.possible_agents}
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        game.step(None)
    raw = raw_env("hearts")  # the class itself raises, for those who want the error
    raw.reset(seed=3)
    with pytest.raises(reversis.IllegalMoveError):
        raw.step(_illegal(raw.observe(raw.agent_selection)))
    assert raw.hand == before
    assert not any(raw.terminations.values())


def test_env_is_wrapped_as_pettingzoos_classic_games() -> None:
    """``env()`` = OrderEnforcing(AssertOutOfBounds(TerminateIllegal(raw))), as in
    ``pettingzoo.classic``'s ``env()`` functions."""
    game = env("tetka")
    assert isinstance(game, wrappers.OrderEnforcingWrapper)
    assert isinstance(game.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(game.env.env, wrappers.TerminateIllegalWrapper)
    assert isinstance(game.env.env.env, ReversisEnv)
    assert game.unwrapped is game.env.env.env


@pytest.mark.parametrize("make", [env, raw_env])
def test_human_rendering_prints_the_ansi_text(
    make: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """``render_mode="human"`` prints what ``"ansi"`` returns (after each reset and step too) and
    returns ``None``; PettingZoo's CaptureStdoutWrapper turns it back into text."""
    human = make("reunion", render_mode="human")  # type: ignore[operator]
    ansi = make("reunion", render_mode="ansi")  # type: ignore[operator]
    for game in (human, ansi):
        game.reset(seed=4)
    assert capsys.readouterr().out == ansi.render() + "\n"  # the reset printed the view
    observation, *_ = human.last()
    action = int(np.flatnonzero(observation["action_mask"])[0])
    human.step(action)
    ansi.step(action)
    assert capsys.readouterr().out == ansi.render() + "\n"
    assert human.render() is None
    assert capsys.readouterr().out == ansi.render() + "\n"
    captured = wrappers.CaptureStdoutWrapper(make("reunion", render_mode="human"))  # type: ignore[operator]
    captured.reset(seed=4)
    capsys.readouterr()
    hand = reversis.new_hand("reunion", seed=4)
    assert captured.render() == render(hand.view(hand.to_move)) + "\n"
    assert ReversisEnv.metadata["render_modes"] == ["human", "ansi"]  # the class's is untouched
    with pytest.raises(reversis.ArgumentError, match="render_mode"):
        make("reunion", render_mode="rgb_array")  # type: ignore[operator]


@pytest.mark.parametrize("name", PROFILES)
def test_gymnasium_check_env_in_every_render_mode(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Gymnasium's checker, render checks included, on the single-agent environment in each of
    its render modes (its metadata's ``render_modes``, with a ``render_fps``)."""
    modes = SingleAgentEnv.metadata["render_modes"]
    assert set(modes) == {"human", "ansi"}
    for mode in [None, *modes]:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no warning of the checker either
            warnings.filterwarnings("ignore", ".*Not able to test alternative render modes")
            check_env(SingleAgentEnv(name, opponent="random", render_mode=mode))
    capsys.readouterr()


def test_single_agent_human_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    """``render_mode="human"`` prints the seat's view (the ``"ansi"`` text) after each reset and
    step, and ``render()`` prints it again and returns ``None``."""
    human = SingleAgentEnv("tetka", seat=1, opponent="random", render_mode="human")
    ansi = SingleAgentEnv("tetka", seat=1, opponent="random", render_mode="ansi")
    observation, _ = human.reset(seed=2)
    ansi.reset(seed=2)
    assert capsys.readouterr().out == ansi.render() + "\n"
    action = int(np.flatnonzero(observation["action_mask"])[0])
    human.step(action)
    ansi.step(action)
    assert capsys.readouterr().out == ansi.render() + "\n"
    assert human.render() is None
    assert capsys.readouterr().out == ansi.render() + "\n"
