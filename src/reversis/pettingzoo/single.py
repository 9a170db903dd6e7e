"""The Gymnasium environment of one seat: :class:`SingleAgentEnv`, the other seats played by bots
(:data:`BOTS` names those it knows)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from reversis.bots.players import Bot, CautiousBot, RandomBot
from reversis.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from reversis.games import net_bounds
from reversis.hand import Hand, new_hand, settle
from reversis.moves import Move
from reversis.pettingzoo.actions import Actions
from reversis.pettingzoo.common import (
    RENDER_MODES,
    observation_spaces,
    observe_afresh,
    options_of,
    profile_of,
    render_mode_of,
    rendered,
    seat_of,
    seed_of,
    shown,
)
from reversis.profile import Profile
from reversis.text.render import render
from reversis.views.encoding import observation_size

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
    ``settle(hand).net[seat]`` when the hand ends. An action of the action space that is not legal
    now ends the episode with the lowest net the profile allows (:func:`reversis.games.net_bounds`)
    as its reward and ``info["illegal"] = True``, as Gymnasium's checkers and learners expect from
    an environment with a fixed action space; use the ``action_mask`` to choose legal actions
    (``action_space.sample()`` without it draws any number of the space, most often an illegal
    one, which ends the episode so). A value that is no action of the space (a number out of it, a
    bool, a float, text, ``None``) is refused with an :class:`~reversis.InvalidMoveError`, the
    environment unchanged. ``render_mode="ansi"``: ``render()`` returns ``seat``'s view as text;
    ``"human"``: it prints it, after each reset and step too, and returns ``None``.
    ``reset(seed=s)`` deals ``new_hand(profile, seed=s, dealer=dealer)`` and seeds the bots from
    ``s`` (an integer from 0 to ``2**128 - 1``, a NumPy integer dealing as its value).

    ``opponent`` is called once when the environment is made, to check that it makes a bot (a
    callable taking a view and returning a move): anything else is an
    :class:`~reversis.ArgumentError` then. A bot that returns no move or an illegal one is refused
    where it plays, with an :class:`~reversis.InvalidMoveError` or
    :class:`~reversis.IllegalMoveError` naming the opponent, its seat and the move, the
    environment unchanged.

        >>> from reversis.pettingzoo import SingleAgentEnv
        >>> single = SingleAgentEnv("tetka", seat=2, opponent="random")
        >>> observation, info = single.reset(seed=3)
        >>> observation["observation"].shape, info["seat"]
        ((930,), 2)
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium's field
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
    }

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
        seat = seat_of(seat, "seat", n)
        dealer = seat_of(dealer, "dealer", n)
        if isinstance(opponent, str):
            if opponent not in BOTS:
                raise ArgumentError(f"opponent: one of {sorted(BOTS)}, not {shown(opponent)}")
            self._name = opponent
            opponent = BOTS[opponent]
        else:
            if not callable(opponent):
                raise ArgumentError(
                    f"opponent: a name of {sorted(BOTS)} or a function of a random.Random "
                    f"making a bot, not {shown(opponent)}"
                )
            self._name = getattr(opponent, "__qualname__", type(opponent).__name__)
        self._opponent = opponent
        self._made(0)  # the opponent makes bots (one at least)
        render_mode = render_mode_of(render_mode)
        self.seat = seat
        self.dealer = dealer
        self.render_mode = render_mode
        self._actions = Actions(self.profile)
        self._size = observation_size(self.profile)
        self._worst = float(net_bounds(self.profile)[0])
        self.observation_space = observation_spaces(self.profile)
        self.action_space = spaces.Discrete(self._actions.size)
        self._bots: list[Bot] = []
        self._ended = False
        #: The hand being played (``None`` before the first reset).
        self.hand: Hand | None = None

    def _made(self, seed: int) -> list[Bot]:
        """The opponent's bots for the seats, seeded from ``seed`` (an
        :class:`~reversis.ArgumentError` if it makes something else than a bot)."""
        try:
            bots = [self._opponent(random.Random(seed * 8 + s)) for s in range(8)]
        except Exception as error:
            raise ArgumentError(
                f"opponent {self._name!r}: called with a random.Random to make a bot, it raised "
                f"{type(error).__name__}: {shown(str(error))} (give a function making a bot, such "
                "as RandomBot, not a bot)"
            ) from error
        for bot in bots:
            if not callable(bot):
                raise ArgumentError(
                    f"opponent {self._name!r}: it made {shown(bot)}, not a bot (a function of a "
                    "view returning a move)"
                )
        return bots

    def _advance(self, hand: Hand, bots: list[Bot]) -> Hand:
        """Let the bots play until ``seat`` is to move or the hand is over; a bot's move that is
        no move or not legal is refused, naming the opponent."""
        while not hand.is_over and hand.to_move != self.seat:
            seat = hand.to_move
            assert seat is not None
            move: object = bots[seat](hand.view(seat))
            said = f"the opponent {self._name!r} at seat {seat}"
            if not isinstance(move, Move | str):  # (the engine takes a move's notation too)
                raise InvalidMoveError(f"{said} chose {shown(move)}, which is not a move")
            try:
                hand = hand.apply(move)
            except InvalidMoveError as error:
                raise InvalidMoveError(f"{said} chose {shown(move)}: {error}") from None
            except IllegalMoveError as error:
                raise IllegalMoveError(error.move, f"{error.reason} (chosen by {said})") from None
        return hand

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a hand and play the bots up to ``seat``'s first move. ``seed``: an integer from 0
        to ``2**128 - 1`` (a NumPy integer deals as its value) or ``None``; ``options`` (``None``
        or a dict) are not read. A refused argument, or a bot's refused move, leaves the
        environment as it was."""
        seed = seed_of(seed)
        options_of(options)
        generator = self._np_random, self._np_random_seed
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        try:
            bots = self._made(seed)
            hand = self._advance(new_hand(self.profile, seed=seed, dealer=self.dealer), bots)
        except Exception:
            self._np_random, self._np_random_seed = generator  # as it was
            raise
        self._bots, self.hand, self._ended = bots, hand, False
        if self.render_mode == "human":
            self.render()
        return observe_afresh(hand, self.seat, self._actions, self._size), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """``seat`` plays move number ``action``, then the bots play up to its next move."""
        hand = self.hand
        if hand is None or hand.is_over or self._ended:
            raise ArgumentError("the episode is over: reset() the environment")
        move = self._actions.move(action)  # InvalidMoveError: no action of the space
        try:
            hand = hand.apply(move)
        except IllegalMoveError:
            self._ended = True
            if self.render_mode == "human":
                self.render()
            observation = observe_afresh(hand, self.seat, self._actions, self._size)
            return observation, self._worst, True, False, {"seat": self.seat, "illegal": True}
        hand = self._advance(hand, self._bots)
        self.hand = hand
        if self.render_mode == "human":
            self.render()
        reward = float(settle(hand).net[self.seat]) if hand.is_over else 0.0
        observation = observe_afresh(hand, self.seat, self._actions, self._size)
        return observation, reward, hand.is_over, False, {"seat": self.seat}

    def render(self) -> str | None:
        """``seat``'s view as text: returned with ``render_mode="ansi"``, printed with
        ``"human"`` (which prints it after each reset and step too, and returns ``None``), as
        Gymnasium's text environments render; ``None`` before the first reset."""
        if self.render_mode is None or self.hand is None:
            return None
        return rendered(render(self.hand.view(self.seat)), self.render_mode)
