"""The Gymnasium face of :mod:`reversis.vector.functional`: :class:`VectorEnv`, N hands stepped together,
one seat acting per hand and step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
    mode_of,
    new_batch,
    output_arrays,
    profile_of,
    seed_of,
    seeds_of,
)
from reversis.views.encoding import observation_size

if TYPE_CHECKING:
    from reversis.hand import Hand

__all__ = ["VectorEnv"]

#: The bound of the observation space's box (as :data:`reversis.pettingzoo.LIMIT`).
LIMIT = 1000.0


class VectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` hands of ``profile`` stepped together (see :mod:`reversis.vector.functional`),
    a Gymnasium vector environment.

    ``reset(seed=…)`` deals them; ``step(actions)`` takes one move number per hand, for the seat
    to move in it, and returns ``(observation, reward, terminated, truncated, info)``:

    * ``observation`` ``(N, size)``: the observation of the seat to move next in each hand;
    * ``reward`` ``(N,)``: by default the reward of the seat that just acted; with
      ``reward_seat=p``, seat ``p``'s reward at every step, whoever acted (summed over a hand:
      seat ``p``'s return, what Gymnasium's ``RecordEpisodeStatistics`` records);
    * ``terminated``: the hands that ended; ``truncated``: none, ever;
    * ``info``: a new dict at each step, Gymnasium's vector style (each key an array over the
      hands, with its ``_key`` mask of the hands that have it): ``"action_mask"`` ``(N,
      actions)``, ``"seat"`` (whose observation each row is: the seat to move next),
      ``"rewards"`` (every seat's reward for this step, ``(N, players)``) and, at a step where
      hands ended, ``"returns"`` (every seat's return of each hand that ended, ``(N, players)``,
      its net ``settle(hand).net``; ``"_returns"`` marks those hands).

    ``autoreset_mode`` (Gymnasium's ``AutoresetMode``, or its value; in ``metadata``):

    * ``SAME_STEP`` (the default): an ended hand is dealt again within the step that ends it;
      its row is the new hand's (a hand that ended has no seat to move: no ``"final_obs"``);
    * ``NEXT_STEP`` (Gymnasium's default; its observation wrappers need it): the step that ends a
      hand returns, in its row, the view of the seat that moved last (``info["seat"]``) with an
      all-zero action mask; the next step ignores the action given for that hand (any integer),
      deals it again and returns the new hand's first observation, reward 0, not terminated;
    * ``DISABLED``: an ended hand stays as ``NEXT_STEP`` leaves it until
      ``reset(options={"reset_mask": mask})`` deals the hands of ``mask`` again; stepping it before
      raises :class:`~reversis.ArgumentError`.

    An action not legal in its hand raises :class:`~reversis.IllegalMoveError` naming the hand,
    and nothing is applied: draw actions from the mask, with
    ``env.action_space.sample(mask=tuple(info["action_mask"]))`` (Gymnasium's ``MultiDiscrete``
    takes one ``int8`` mask per hand; a hand with no legal move, ended in ``NEXT_STEP``, gets 0,
    ignored) or :func:`~reversis.vector.random_actions`. ``action_space.sample()`` without a mask
    draws any move number, mostly illegal ones.

    The arrays are the environment's own, written again by the next step: copy what you keep.
    ``render_mode="ansi"``: :meth:`render` gives the text of each hand as its row's seat sees it.

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
        seed: int | list[int | None] | None = None,
        dealer: int = 0,
        shaping: bool = False,
        autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
        reward_seat: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.profile = profile_of(profile)
        self.num_envs = count_of(num_envs, self.profile)
        self.dealer = dealer_of(self.profile, dealer)
        self.shaping = bool(shaping)
        self._mode = mode_of(autoreset_mode)
        #: The autoreset mode (also ``metadata["autoreset_mode"]``).
        self.autoreset_mode = AutoresetMode(("SameStep", "NextStep", "Disabled")[self._mode])
        if reward_seat is not None and (
            type(reward_seat) is not int or not 0 <= reward_seat < self.profile.players
        ):
            raise ArgumentError(
                f"reward_seat: None or a seat from 0 to {self.profile.players - 1}, "
                f"not {reward_seat!r}"
            )
        #: Whose reward ``step`` returns: ``None`` for the seat that just acted, or a seat.
        self.reward_seat = reward_seat
        if render_mode not in (None, "ansi"):
            raise ArgumentError(f"render_mode: None or 'ansi', not {str(render_mode)[:40]!r}")
        self.render_mode = render_mode
        self.metadata = {"autoreset_mode": self.autoreset_mode, "render_modes": ["ansi"]}
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
        self._reward_seat = -1 if reward_seat is None else reward_seat
        self._returns = np.zeros((self.num_envs, self.profile.players), np.float64)
        self._done = self._arrays[4].view(np.uint8)
        self._all = np.ones(self.num_envs, np.bool_)
        self._all.flags.writeable = False
        listed = isinstance(seed, list | tuple | np.ndarray)
        self._seed = None if listed else seed_of(seed)
        self._seeds = self._seeds_of(seed) if listed else None
        self._deals: Deals | None = None
        self._batch: Any = None

    def _seeds_of(self, seed: object) -> tuple[int | None, ...]:
        return seeds_of(seed, self.num_envs)

    @property
    def hand_seeds(self) -> Any:
        """The seed of the hand each slot is playing now (:func:`reversis.new_hand`'s)."""
        if self._deals is None:
            raise ArgumentError("no hands yet: reset() the environment first")
        return self._deals.seeds

    def hand(self, index: int) -> Hand:
        """The hand slot ``index`` is playing now, as a :class:`~reversis.Hand` of its own (a value:
        later steps leave it as it is). A seat of the batch can so be played by any bot of
        :mod:`reversis.bots` (``bot(env.hand(i).view(seat))``, then the move's number,
        :func:`reversis.move_index`, into ``step``'s actions), as the league of
        ``examples/learn/league.py`` plays the cautious bot beside a network. An ``index`` that is
        not a slot of the batch (0 to ``num_envs - 1``, a Python ``int``) raises
        :class:`~reversis.ArgumentError`.

            >>> from reversis.vector.functional import VectorEnv
            >>> env = VectorEnv("hearts", 2, seed=5)
            >>> obs, info = env.reset(seed=5)
            >>> hand = env.hand(1)
            >>> hand.to_move == int(info["seat"][1])
            True
            >>> len(hand.legal_moves()) == int(info["action_mask"][1].sum())
            True
        """
        if self._batch is None:
            raise ArgumentError("no hands yet: reset() the environment first")
        from reversis.hand import hand_of_state  # noqa: PLC0415 - on use

        return hand_of_state(self._batch.state(index))

    def _info(self) -> dict[str, Any]:
        """A new info dict over the arrays of the last step."""
        _, mask, seat, rewards, _ = self._arrays
        every = self._all
        return {
            "action_mask": mask,
            "_action_mask": every,
            "seat": seat,
            "_seat": every,
            "rewards": rewards,
            "_rewards": every,
        }

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal ``num_envs`` new hands. ``seed``: an integer, the seed of one generator that
        deals every hand of the batch, in the order they are dealt (so a slot's later hands
        depend on when the others end); a list of one seed per hand (``None`` entries: fresh
        entropy), as Gymnasium's vector environments take it: hand ``i`` is
        ``new_hand(profile, seed=seed[i], dealer=dealer)`` and its later hands come from a
        generator of its own seeded by ``seed[i]`` (so each slot's hands depend on its seed
        only, whatever the batch's size, the other hands or the autoreset mode); ``None``: the
        seed given to the constructor (then that seed plus 1 at the next reset, and so on).

        ``options={"reset_mask": mask}`` (a boolean array of ``num_envs``, Gymnasium's partial
        reset) deals again only the hands of ``mask``, each from ``seed[i]`` if a list is given,
        else from the batch's generator (a new one if ``seed`` is an integer); the info then marks
        only their rows (``_key`` masks) and has no ``"rewards"``.
        """
        if options is not None and not isinstance(options, dict):
            raise ArgumentError(
                f"options: None or a dict (only 'reset_mask' is read), not {options!r}"
            )
        seeds = self._seeds_of(seed) if isinstance(seed, list | tuple | np.ndarray) else None
        given = None if seeds is not None else seed_of(seed)
        if options is not None and "reset_mask" in options:
            return self._reset_some(options["reset_mask"], given, seeds)
        if seeds is None and given is None:
            if self._seeds is not None:
                seeds, self._seeds = self._seeds, None
            else:
                given = self._seed
                self._seed = None if given is None else given + 1
        deals = Deals(self.profile, self.num_envs, given if seeds is None else seeds, self.dealer)
        self._batch = new_batch(self.profile, self.num_envs, deals, self.shaping)
        self._deals = deals
        obs, mask, seat, rewards, done = self._arrays
        self._batch.observe(obs, mask, seat)
        rewards[:] = 0.0
        done[:] = False
        return obs, self._info()

    def _reset_some(
        self, reset_mask: object, given: int | None, seeds: tuple[int | None, ...] | None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal again the hands of ``reset_mask`` (see :meth:`reset`)."""
        if (
            not isinstance(reset_mask, np.ndarray)
            or reset_mask.dtype != np.bool_
            or reset_mask.shape != (self.num_envs,)
        ):
            raise ArgumentError(
                f"options['reset_mask']: a NumPy bool array of {self.num_envs} entries, not "
                f"{str(reset_mask)[:40]!r}"
            )
        if self._batch is None or self._deals is None:
            raise ArgumentError("no hands yet: reset() the environment first")
        deals = self._deals
        if seeds is not None or given is not None:
            fresh = Deals(
                self.profile, self.num_envs, seeds if seeds is not None else given, self.dealer
            )
            fresh.seeds = deals.seeds
            deals.rng, deals.rngs, deals.first = fresh.rng, fresh.rngs, fresh.first
        obs, mask, seat, _, _ = self._arrays
        rows = np.flatnonzero(reset_mask)
        for i in rows.tolist():
            self._batch.deal(i, deals(i))
        self._batch.observe(obs, mask, seat)
        # (``terminated`` and ``info["rewards"]`` of the last step are left as they were: a caller
        # may hold them, or pass ``terminated`` itself as the mask.)
        return obs, {
            "action_mask": mask,
            "_action_mask": reset_mask.copy(),
            "seat": seat,
            "_seat": reset_mask.copy(),
        }

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """One move number per hand (see the class's docstring); an action not legal in its hand
        raises :class:`~reversis.IllegalMoveError` and changes nothing."""
        if self._batch is None:
            raise ArgumentError("no hands yet: reset() the environment first")
        obs, mask, seat, rewards, done = self._arrays
        chosen = actions_of(actions, self.num_envs)
        ended = self._batch.step(
            chosen,
            obs,
            mask,
            seat,
            rewards,
            self._done,
            self._mode,
            self._returns,
            self._reward,
            self._reward_seat,
        )
        every = self._all
        info = {
            "action_mask": mask,
            "_action_mask": every,
            "seat": seat,
            "_seat": every,
            "rewards": rewards,
            "_rewards": every,
        }
        if ended:
            info["returns"] = np.where(done[:, None], self._returns, 0.0)
            info["_returns"] = done.copy()
        return obs, self._reward, done, self._truncated, info

    def render(self) -> tuple[str, ...] | None:
        """With ``render_mode="ansi"``, each hand as text (:func:`reversis.text.render.render`),
        as its row's seat (``info["seat"]``) sees it; ``None`` without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: give render_mode='ansi'")
            return None
        if self._batch is None:
            raise ArgumentError("no hands yet: reset() the environment first")
        from reversis.hand import hand_of_state  # noqa: PLC0415 - on use
        from reversis.text.render import render  # noqa: PLC0415 - text only when rendering

        seats = self._arrays[2]
        return tuple(
            render(hand_of_state(self._batch.state(i)).view(int(seats[i])))
            for i in range(self.num_envs)
        )

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
