"""The Gymnasium face of :mod:`reversis.vector.functional`: :class:`VectorEnv`, N hands stepped together,
one seat acting per hand and step."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from reversis.engine.actions import action_count
from reversis.errors import ArgumentError
from reversis.profile import Profile
from reversis.vector.checks import (
    Deals,
    actions_of,
    count_of,
    dealer_of,
    new_batch,
    output_arrays,
    profile_of,
    seed_of,
)
from reversis.views.encoding import observation_size

__all__ = ["VectorEnv"]

#: The bound of the observation space's box (as :data:`reversis.pettingzoo.LIMIT`).
LIMIT = 1000.0


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` hands of ``profile`` stepped together (see :mod:`reversis.vector.functional`).

    ``reset(seed=s)`` deals them; ``step(actions)`` takes one move number per hand, for the seat
    to move in it, and returns ``(observation, reward, terminated, truncated, info)``: the
    observation of the seat to move next, the reward of the seat that just acted, the hands that
    ended (dealt again at once: Gymnasium's same-step auto-reset; the observation of an ended
    hand's row is the new hand's first), no truncation, and ``info`` with ``"action_mask"``,
    ``"seat"`` (the seat to move next) and ``"rewards"`` (every seat's reward, ``(N, players)``).
    The arrays are the environment's own, written again by the next step: copy what you keep.
    ``info`` has no ``"final_obs"``: a hand that ended has no seat to move, so no observation of it
    to give; what every seat got from it is in ``info["rewards"]`` at that step.

        >>> from reversis.vector.functional import VectorEnv
        >>> env = VectorEnv("fournier-1785", 8, seed=3)
        >>> obs, info = env.reset(seed=3)
        >>> obs.shape, info["action_mask"].shape, info["seat"][:3].tolist()
        ((8, 862), (8, 193), [1, 1, 1])
    """

    def __init__(
        self,
        profile: Profile | str,
        num_envs: int,
        *,
        seed: int | None = None,
        dealer: int = 0,
        shaping: bool = False,
    ) -> None:
        self.metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}
        self.profile = profile_of(profile)
        self.num_envs = count_of(num_envs, self.profile)
        self.dealer = dealer_of(self.profile, dealer)
        self.shaping = bool(shaping)
        size = observation_size(self.profile)
        self.single_observation_space = spaces.Box(-LIMIT, LIMIT, (size,), np.float32)
        self.single_action_space = spaces.Discrete(action_count(self.profile))
        self.observation_space = spaces.Box(-LIMIT, LIMIT, (self.num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(
            np.full(self.num_envs, action_count(self.profile), np.int64)
        )
        self._arrays = output_arrays(self.num_envs, self.profile)
        self._truncated = np.zeros(self.num_envs, np.bool_)
        self._reward = np.zeros(self.num_envs, np.float32)
        self._acting = np.zeros(self.num_envs, np.int32)
        self._rows = np.arange(self.num_envs)
        self._done = self._arrays[4].view(np.uint8)
        self._info = {"action_mask": self._arrays[1], "seat": self._arrays[2]}
        self._info["rewards"] = self._arrays[3]
        self._seed = seed_of(seed)
        self._deals: Deals | None = None
        self._batch: Any = None

    @property
    def hand_seeds(self) -> Any:
        """The seed of the hand each slot is playing now (:func:`reversis.new_hand`'s)."""
        if self._deals is None:
            raise ArgumentError("no hands yet: reset() the environment first")
        return self._deals.seeds

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal ``num_envs`` new hands from ``seed`` (the seed given to the constructor if
        ``None``, then a new generator each reset)."""
        if options is not None and not isinstance(options, dict):
            raise ArgumentError(f"options: None or a dict (none are read), not {options!r}")
        given = seed_of(seed)
        if given is None:
            given = self._seed
            self._seed = None if given is None else given + 1
        deals = Deals(self.profile, self.num_envs, given, self.dealer)
        self._batch = new_batch(self.profile, self.num_envs, deals, self.shaping)
        self._deals = deals
        obs, mask, seat, rewards, done = self._arrays
        self._batch.observe(obs, mask, seat)
        rewards[:] = 0.0
        done[:] = False
        return obs, self._info

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """One move number per hand (see the class's docstring); an action not legal in its hand
        raises :class:`~reversis.IllegalMoveError` and changes nothing."""
        if self._batch is None:
            raise ArgumentError("no hands yet: reset() the environment first")
        obs, mask, seat, rewards, done = self._arrays
        chosen = actions_of(actions, self.num_envs)
        acting = self._acting
        acting[:] = seat
        self._batch.step(chosen, obs, mask, seat, rewards, self._done)
        self._reward[:] = rewards[self._rows, acting]
        return obs, self._reward, done, self._truncated, self._info

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
