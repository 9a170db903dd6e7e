"""The AEC environment: :class:`ReversisEnv` (a profile's hands, one agent acting at a time),
:func:`raw_env`, and :func:`env`, which wraps it as PettingZoo's classic games are wrapped
(``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``)."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from reversis.errors import ArgumentError
from reversis.games import net_bounds
from reversis.hand import Hand, new_hand, settle
from reversis.moves import Move
from reversis.pettingzoo.actions import Actions
from reversis.pettingzoo.common import (
    RENDER_MODES,
    observation_spaces,
    options_of,
    profile_of,
    render_mode_of,
    rendered,
    seat_of,
    seed_of,
    shown,
)
from reversis.pettingzoo.tracker import Tracker
from reversis.profile import Profile
from reversis.text.render import render
from reversis.views.encoding import observation_size

__all__ = ["ReversisEnv", "env", "raw_env"]


class ReversisEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one profile (see :mod:`reversis.pettingzoo`). It raises an
    :class:`~reversis.IllegalMoveError` for an action its mask rules out; :func:`env` wraps it as
    PettingZoo's classic games are wrapped, so that such an action ends the hand instead, with
    :attr:`illegal_reward` for the agent that made it."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's field, copied by each instance
        "render_modes": list(RENDER_MODES),
        "name": "reversis_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        profile: Profile | str = "fournier-1785",
        *,
        render_mode: str | None = None,
        shaping: bool = False,
        dealer: int = 0,
    ) -> None:
        super().__init__()
        self.profile = profile_of(profile)
        render_mode = render_mode_of(render_mode)
        # The environment's own metadata: PettingZoo's CaptureStdoutWrapper adds "ansi" to the
        # render modes of the environment it wraps, which would otherwise be the class's.
        self.metadata = {**self.metadata, "render_modes": list(RENDER_MODES)}
        n = self.profile.players
        dealer = seat_of(dealer, "dealer", n)
        self.render_mode = render_mode
        self._n = n
        self.shaping = bool(shaping)
        self.dealer = dealer
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.agents = self.possible_agents[:]
        self.agent_selection = self.agents[0]
        self._seats = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._actions = Actions(self.profile)
        self._size = observation_size(self.profile)
        self.observation_spaces = {
            a: observation_spaces(self.profile) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self._actions.size) for a in self.possible_agents}
        self._seeds: random.Random | None = None  # made when first needed
        self._seed: int | None = None  # its seed
        self._paid = [0] * n
        self._tracker = Tracker(self.profile)
        self._rewarded = False
        #: The reward of an agent whose action the mask rules out, under :func:`env`'s
        #: ``TerminateIllegalWrapper`` (the hand ends there): the lowest net a seat can receive in
        #: a hand of the profile (:func:`reversis.games.net_bounds`), so that no legal play ends
        #: worse, as the loss (-1) of PettingZoo's classic games of -1 to 1 is.
        self.illegal_reward = float(net_bounds(self.profile)[0])
        #: The hand being played (``None`` before the first reset).
        self.hand: Hand | None = None

    def _seat(self, agent: object) -> int:
        """The seat of ``agent``, one of :attr:`possible_agents` (else an
        :class:`~reversis.ArgumentError`)."""
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ArgumentError(
                f"agent: one of {', '.join(self.possible_agents)}, not {shown(agent)}"
            )
        return seat

    def _check_live(self) -> None:
        """:class:`~reversis.ArgumentError` before the first reset, and once every agent is done
        (the hand is over and each agent has stepped with ``None``)."""
        if self.hand is None:
            raise ArgumentError("no hand yet: reset() the environment first")
        if not self.agents:
            raise ArgumentError("the hand is over and every agent is done: reset() for a new hand")

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations."""
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s actions: the profile's move numbers."""
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    def seed(self, seed: int | None = None) -> None:
        """Seed the deals of the resets that follow (``reset(seed=...)`` does it too): an integer
        from 0 to ``2**128 - 1`` (a NumPy integer seeds as its value) or ``None``."""
        self._seeds, self._seed = None, seed_of(seed)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand: ``new_hand(profile, seed=seed, dealer=dealer)``, or a seed drawn from
        the generator of the last seed given. ``seed`` as for :meth:`seed`; ``options`` (``None``
        or a dict) are not read. A refused argument leaves the environment as it was."""
        seed = seed_of(seed)
        options_of(options)
        if seed is not None:
            self._seeds, self._seed = None, seed  # the generator is made on the next reset()
        else:
            if self._seeds is None:
                self._seeds = random.Random(self._seed)
            seed = self._seeds.getrandbits(63)
        self.hand = new_hand(self.profile, seed=seed, dealer=self.dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._paid = [0] * self.profile.players
        self._rewarded = False
        self._tracker.reset()
        seat = self.hand.to_move
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation and action mask (see :mod:`reversis.pettingzoo`)."""
        hand = self.hand
        if hand is None:
            raise ArgumentError("no hand yet: reset() the environment first")
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            seat = self._seat(agent)  # its error
        vector = self._tracker.vector(hand, seat)
        if hand.to_move == seat:
            mask = self._actions.mask(hand.legal_moves())
        else:
            mask = np.zeros(self._actions.size, np.int8)
        return {"observation": vector, "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to act's observation (``None`` unless ``observe``), cumulative reward,
        termination, truncation and info (:class:`~reversis.ArgumentError` before the first reset
        and once every agent is done)."""
        self._check_live()
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The agents in the order they act, until every agent is done
        (:class:`~reversis.ArgumentError` before the first reset)."""
        if self.hand is None:
            raise ArgumentError("no hand yet: reset() the environment before agent_iter()")
        return super().agent_iter(max_iter)

    def _checked(self, action: Any) -> Move | None:
        """The move numbered ``action`` for the agent to act, or ``None`` for an agent that is
        done and steps with ``None``; nothing is changed. Refused: before the first reset and once
        every agent is done, anything but ``None`` for an agent that is done
        (:class:`~reversis.ArgumentError`), no action number (:class:`~reversis.InvalidMoveError`).
        """
        if self.hand is None or not self.agents:
            self._check_live()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ArgumentError(
                    f"{agent} is done: its only action is None, not {shown(action)}"
                )
            return None
        return self._actions.move(action)

    def step(self, action: Any) -> None:
        """The agent to move plays move number ``action``; an agent that is done steps with
        ``None`` (PettingZoo's convention). Refused, the environment unchanged: before the first
        reset and once every agent is done (:class:`~reversis.ArgumentError`), anything but
        ``None`` for an agent that is done (:class:`~reversis.ArgumentError`), no action number
        (:class:`~reversis.InvalidMoveError`), a move not legal now
        (:class:`~reversis.IllegalMoveError`: :func:`env` ends the hand instead)."""
        move = self._checked(action)
        if move is None:
            self._was_dead_step(None)
            return
        hand = self.hand
        assert hand is not None
        agent = self.agent_selection
        before = hand
        hand = hand.apply(move)  # IllegalMoveError: nothing has changed
        self.hand = hand
        self._tracker.moved(before, hand)
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        players = self._n
        over = hand.is_over
        if over or (self.shaping and len(hand.tricks) > len(before.tricks)):
            self._rewarded = True
            net = settle(hand).net
            for s in range(players):
                self.rewards[self.possible_agents[s]] = float(net[s] - self._paid[s])
            self._paid = list(net)
        if over:
            self.terminations = dict.fromkeys(self.agents, True)
            seat = (self._seats[agent] + 1) % players
        else:
            seat = hand.to_move or 0
        self.agent_selection = self.possible_agents[seat]
        if self._rewarded:
            self._accumulate_rewards()  # (all rewards are 0 otherwise)
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The view of the agent to move (of seat 0 once the hand is over) as text: returned with
        ``render_mode="ansi"``, printed with ``"human"`` (which prints it after each reset and step
        too, and returns ``None``), as PettingZoo's classic games render."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() without a render_mode: give render_mode='ansi' or 'human'"
            )
            return None
        hand = self.hand
        if hand is None:
            return rendered("no hand yet: reset() the environment", self.render_mode)
        seat = hand.to_move if hand.to_move is not None else 0
        return rendered(render(hand.view(seat)), self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(profile: Profile | str = "fournier-1785", **kwargs: Any) -> ReversisEnv:
    """The environment without PettingZoo's wrappers: an action the mask rules out raises an
    :class:`~reversis.IllegalMoveError`, the environment unchanged (see :func:`env`)."""
    return ReversisEnv(profile, **kwargs)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, whose ``last()``, ``step()`` and ``agent_iter()`` read
    the environment directly where PettingZoo's attribute forwarding would cost more
    than the move itself. The environment's checks of the calls are made here, before the wrappers
    below are called, with typed errors (:class:`~reversis.ArgumentError` where PettingZoo's
    wrapper raises an ``AssertionError`` or warns: a step, an observation or ``agent_iter()``
    before the first reset, a step once every agent is done, two agents of ``agent_iter()``
    without a step between them; :class:`~reversis.InvalidMoveError` for no action number, where
    ``AssertOutOfBoundsWrapper`` raises an ``AssertionError``); the wrapper keeps PettingZoo's
    ``AttributeError`` for its attributes read before the first reset."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._raw: ReversisEnv = env.unwrapped

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (see :meth:`ReversisEnv.reset`); a refused reset is no reset."""
        seed_of(seed)  # refused before the wrappers below forget the hand's illegal end
        options_of(options)
        self.env.reset(seed=seed, options=options)
        self._has_reset = True
        self._has_updated = True

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to act's observation, cumulative reward, termination, truncation, info."""
        raw = self._raw  # the environment's own last(), one call less
        if raw.hand is None or not raw.agents:
            raw._check_live()
        agent = raw.agent_selection
        return (
            self.env.observe(agent) if observe else None,  # (TerminateIllegalWrapper keeps it)
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: Any) -> None:
        """The agent to act makes move number ``action``: refused with the environment's errors
        (see :meth:`ReversisEnv.step`) before the wrappers below are called, except a move the
        mask rules out, which ends the hand (``TerminateIllegalWrapper``)."""
        self._raw._checked(action)
        self.env.step(action)
        self._has_updated = True

    def observe(self, agent: str) -> Any:
        """``agent``'s observation (see :meth:`ReversisEnv.observe`)."""
        return self.env.observe(agent)

    def render(self) -> str | None:
        """The view of the agent to move as text (see :meth:`ReversisEnv.render`)."""
        return self._raw.render()

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The agents in the order they act, until the hand is over and every agent is done."""
        if self._raw.hand is None:
            self._raw.agent_iter()  # its error
        return _AgentIterable(self, max_iter)


class _AgentIterable(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    """PettingZoo's iterator with its checks, reading the environment directly."""

    def __next__(self) -> str:
        wrapper = self.env
        env = wrapper._raw
        if not env.agents or self.iters_til_term <= 0:
            raise StopIteration
        if not wrapper._has_updated:
            raise ArgumentError("step() or reset() between two agents of agent_iter()")
        self.iters_til_term -= 1
        wrapper._has_updated = False
        agent: str = env.agent_selection
        return agent


def env(profile: Profile | str = "fournier-1785", **kwargs: Any) -> Any:
    """The AEC environment of ``profile`` (a :class:`~reversis.Profile` or a shipped profile's
    name) wrapped as PettingZoo's classic games are: ``TerminateIllegalWrapper`` (an action the
    mask rules out ends the hand, with :attr:`ReversisEnv.illegal_reward` for the agent that made
    it and 0 for the others), ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``. The
    other bad calls are refused as :class:`ReversisEnv` refuses them, the environment unchanged
    (:class:`~reversis.InvalidMoveError` for no number of the action space,
    :class:`~reversis.ArgumentError` for a call out of order); ``render_mode``, ``shaping`` and
    ``dealer`` as for :class:`ReversisEnv`."""
    raw = ReversisEnv(profile, **kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=raw.illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return _OrderEnforcing(wrapped)
