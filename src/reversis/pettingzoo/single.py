"""The Gymnasium environment of one seat: :class:`SingleAgentEnv`, the other seats played by bots
(:data:`BOTS` names those it knows)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from reversis.bots import Bot, CautiousBot, RandomBot
from reversis.bounds import net_bounds
from reversis.encoding import observation_size
from reversis.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from reversis.hand import Hand, new_hand
from reversis.pettingzoo.actions import Actions
from reversis.pettingzoo.common import observation_spaces, observe_afresh, profile_of
from reversis.profile import Profile
from reversis.scoring import settle
from reversis.text import render

__all__ = ["BOTS", "SingleAgentEnv"]

#: The bots that can play the other seats of :class:`SingleAgentEnv`, by name.
BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "random": RandomBot,
    "cautious": CautiousBot,
}


class SingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """A Gymnasium environment: ``seat`` learns, the other seats are played by ``opponent`` (a
    name of :data:`BOTS`, or a function of a :class:`random.Random` making a bot).

    Observations and actions are those of the AEC environment for ``seat``; the reward is
    ``settle(hand).net[seat]`` when the hand ends. An action that is not legal ends the episode
    with the lowest net the profile allows (:func:`reversis.bounds.net_bounds`) as its reward and
    ``info["illegal"] = True``, as Gymnasium's checkers and learners expect from an environment
    with a fixed action space; use the ``action_mask`` to choose legal actions. ``reset(seed=s)``
    deals ``new_hand(profile, seed=s, dealer=dealer)`` and seeds the bots from ``s``.

        >>> from reversis.pettingzoo import SingleAgentEnv
        >>> single = SingleAgentEnv("tetka", seat=2, opponent="random")
        >>> observation, info = single.reset(seed=3)
        >>> observation["observation"].shape, info["seat"]
        ((930,), 2)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's field

    def __init__(
        self,
        profile: Profile | str = "fournier-1785",
        *,
        seat: int = 0,
        opponent: str | Callable[[random.Random], Bot] = "cautious",
        render_mode: str | None = None,
        dealer: int = 0,
    ) -> None:
        self.profile = profile_of(profile)
        n = self.profile.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ArgumentError(f"seat: a seat from 0 to {n - 1}, not {seat!r}")
        if type(dealer) is not int or not 0 <= dealer < n:
            raise ArgumentError(f"dealer: a seat from 0 to {n - 1}, not {dealer!r}")
        if isinstance(opponent, str):
            if opponent not in BOTS:
                raise ArgumentError(f"opponent: one of {sorted(BOTS)}, not {opponent!r}")
            opponent = BOTS[opponent]
        if not callable(opponent):
            raise ArgumentError("opponent: a bot's name or a function making a bot")
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode: 'ansi' or None, not {render_mode!r}")
        self.seat = seat
        self.dealer = dealer
        self.render_mode = render_mode
        self._opponent = opponent
        self._actions = Actions(self.profile)
        self._size = observation_size(self.profile)
        self._worst = float(net_bounds(self.profile)[0])
        self.observation_space = observation_spaces(self.profile)
        self.action_space = spaces.Discrete(self._actions.size)
        self._bots: list[Bot] = []
        self._ended = False
        #: The hand being played (``None`` before the first reset).
        self.hand: Hand | None = None

    def _advance(self, hand: Hand) -> Hand:
        """Let the bots play until ``seat`` is to move or the hand is over."""
        while not hand.is_over and hand.to_move != self.seat:
            seat = hand.to_move
            assert seat is not None
            hand = hand.apply(self._bots[seat](hand.view(seat)))
        return hand

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a hand and play the bots up to ``seat``'s first move."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        self._bots = [self._opponent(random.Random(seed * 8 + s)) for s in range(8)]
        self.hand = self._advance(new_hand(self.profile, seed=seed, dealer=self.dealer))
        self._ended = False
        return observe_afresh(self.hand, self.seat, self._actions, self._size), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """``seat`` plays move number ``action``, then the bots play up to its next move."""
        hand = self.hand
        if hand is None or hand.is_over or self._ended:
            raise ArgumentError("the episode is over: reset() the environment")
        try:
            hand = hand.apply(self._actions.move(action))
        except (IllegalMoveError, InvalidMoveError):
            self._ended = True
            observation = observe_afresh(hand, self.seat, self._actions, self._size)
            return observation, self._worst, True, False, {"seat": self.seat, "illegal": True}
        hand = self._advance(hand)
        self.hand = hand
        reward = float(settle(hand).net[self.seat]) if hand.is_over else 0.0
        observation = observe_afresh(hand, self.seat, self._actions, self._size)
        return observation, reward, hand.is_over, False, {"seat": self.seat}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, ``seat``'s view as text."""
        if self.render_mode is None or self.hand is None:
            return None
        return render(self.hand.view(self.seat))
