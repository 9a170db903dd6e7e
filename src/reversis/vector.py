"""Batches of hands stepped together, for learning at scale (the ``pettingzoo`` extra brings NumPy
and Gymnasium: ``pip install reversis[pettingzoo]``).

N hands of one profile (shipped or a house profile) are stepped together by the compiled core: one
action index per hand (the move numbers of :func:`reversis.move_index`), for the seat to move in
that hand. Each step writes, into NumPy arrays kept by the batch (read them, or copy them to keep
them):

* ``observation`` ``(N, size)`` ``float32``: the observation of the seat to move next, the
  documented :mod:`reversis.encoding` (the numbers :mod:`reversis.pettingzoo` gives that seat);
* ``action_mask`` ``(N, actions)`` ``int8``: its legal moves;
* ``seat`` ``(N,)`` ``int32``: the seat to move;
* ``rewards`` ``(N, players)`` ``float32``: each seat's reward, ``settle(hand).net`` when the hand
  ends and 0 before, or with ``shaping=True`` the change of the provisional settlement at each
  trick, as :mod:`reversis.pettingzoo` pays them;
* ``terminated`` ``(N,)`` ``bool``: the hands that ended with this step. An ended hand is dealt
  again at once (auto-reset): the observation, mask and seat of its row are then the new hand's.

Hand ``i`` is ``new_hand(profile, seed=hand_seeds[i], dealer=dealer)``; the seeds are drawn from a
generator seeded by ``reset(seed)`` (63 bits each, as the PettingZoo environment draws them). An
action that is not legal in its hand raises :class:`~reversis.IllegalMoveError` naming the hand and
the action, and nothing is applied (every action is checked before any is applied).

Two faces: :class:`VectorEnv`, a Gymnasium vector environment, and the functional :func:`init` and
:func:`step` in the style of Pgx, whose state is a value (a step returns a new one).

    >>> import numpy as np
    >>> from reversis import vector
    >>> state = vector.init("hearts", 4, seed=1)
    >>> state.observation.shape, state.action_mask.shape, state.seat.tolist()
    ((4, 930), (4, 104), [1, 1, 1, 1])
    >>> rng = np.random.default_rng(0)
    >>> for _ in range(64):  # a hand of Hearts: 12 cards passed, 52 played
    ...     state = vector.step(state, vector.random_actions(state.action_mask, rng))
    >>> state.terminated.tolist(), state.rewards.sum(axis=1).tolist()
    ([True, True, True, True], [0.0, 0.0, 0.0, 0.0])

Without the compiled core (``REVERSIS_ENGINE=python``), the same batch runs on the reference
engine, one :class:`~reversis.Hand` per slot: the same numbers, many times slower.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as error:  # pragma: no cover - numpy is installed in the test environments
    raise ImportError("reversis.vector needs NumPy: pip install 'reversis[pettingzoo]'") from error

from reversis._core import core_module
from reversis.dealing import seeded_deal
from reversis.encoding import observation_size
from reversis.engine.actions import action_count
from reversis.engine.deal import Deal
from reversis.errors import ArgumentError
from reversis.profile import Profile, available_profiles, load_profile
from reversis.vectorbatch import PythonBatch

if TYPE_CHECKING:
    from reversis.vectorenv import VectorEnv

__all__ = ["BatchState", "Deals", "VectorEnv", "init", "random_actions", "step"]


def _profile(profile: object) -> Profile:
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str) and profile in available_profiles():
        return load_profile(profile)
    raise ArgumentError(f"profile: {str(profile)[:60]!r} is neither a Profile nor a shipped name")


def _count(value: object) -> int:
    if type(value) is not int and not isinstance(value, np.integer):
        raise ArgumentError(f"num_envs: an integer from 1 to 2**24, not {str(value)[:40]!r}")
    count = int(value)
    if not 1 <= count <= 1 << 24:
        raise ArgumentError(f"num_envs: an integer from 1 to 2**24, not {count}")
    return count


def _seed(seed: object) -> int | None:
    if seed is None:
        return None
    if isinstance(seed, bool) or (type(seed) is not int and not isinstance(seed, np.integer)):
        raise ArgumentError(f"seed: an integer from 0 (or None), not {str(seed)[:40]!r}")
    if int(seed) < 0:
        raise ArgumentError(f"seed: an integer from 0 (or None), not {int(seed)}")
    return int(seed)


class Deals:
    """Where a batch's hands come from: hand ``i`` is dealt with the next seed of a generator
    seeded once (``random.Random(seed).getrandbits(63)``), kept in :attr:`seeds`."""

    def __init__(self, profile: Profile, count: int, seed: int | None, dealer: int) -> None:
        self.profile = profile
        self.dealer = dealer
        self.rng = random.Random(seed)
        #: The seed of the hand each slot is playing now.
        self.seeds = np.zeros(count, np.uint64)

    def __call__(self, i: int) -> Deal:
        """A new deal for slot ``i``."""
        seed = self.rng.getrandbits(63)
        self.seeds[i] = seed
        return seeded_deal(self.profile, seed=seed, dealer=self.dealer)

    def copy(self) -> Deals:
        """A source of its own that deals the same hands from here on."""
        out = object.__new__(Deals)
        out.profile, out.dealer = self.profile, self.dealer
        out.rng = random.Random()
        out.rng.setstate(self.rng.getstate())
        out.seeds = self.seeds.copy()
        return out


def _new_batch(profile: Profile, count: int, deals: Callable[[int], Deal], shaping: bool) -> Any:
    core = core_module()
    if core is None:
        return PythonBatch(profile, count, deals, shaping)
    return core.new_batch(profile, count, deals, shaping)


def _dealer(profile: Profile, dealer: object) -> int:
    if type(dealer) is not int or not 0 <= dealer < profile.players:
        raise ArgumentError(f"dealer: a seat from 0 to {profile.players - 1}, not {dealer!r}")
    return dealer


@attrs.frozen(eq=False)
class BatchState:
    """The state of a batch of hands (the functional face): the arrays of the last step, and
    the hands. A value: :func:`step` returns a new one and leaves this one as it was."""

    #: ``(N, size)`` ``float32``: the observation of the seat to move in each hand.
    observation: NDArray[np.float32]
    #: ``(N, actions)`` ``int8``: its legal moves.
    action_mask: NDArray[np.int8]
    #: ``(N,)`` ``int32``: the seat to move.
    seat: NDArray[np.int32]
    #: ``(N, players)`` ``float32``: each seat's reward for the last step.
    rewards: NDArray[np.float32]
    #: ``(N,)`` ``bool``: the hands the last step ended (each then dealt again).
    terminated: NDArray[np.bool_]
    #: The seed of the hand each slot is playing now.
    hand_seeds: NDArray[np.uint64]
    _batch: Any = attrs.field(repr=False)
    _deals: Deals = attrs.field(repr=False)


def _arrays(count: int, profile: Profile) -> tuple[Any, ...]:
    return (
        np.zeros((count, observation_size(profile)), np.float32),
        np.zeros((count, action_count(profile)), np.int8),
        np.zeros(count, np.int32),
        np.zeros((count, profile.players), np.float32),
        np.zeros(count, np.bool_),
    )


def init(
    profile: Profile | str,
    num_envs: int,
    seed: int | None = None,
    *,
    dealer: int = 0,
    shaping: bool = False,
) -> BatchState:
    """``num_envs`` hands of ``profile`` dealt from ``seed`` (see the module's docstring)."""
    profile = _profile(profile)
    count = _count(num_envs)
    deals = Deals(profile, count, _seed(seed), _dealer(profile, dealer))
    batch = _new_batch(profile, count, deals, shaping)
    obs, mask, seat, rewards, done = _arrays(count, profile)
    batch.observe(obs, mask, seat)
    return BatchState(obs, mask, seat, rewards, done, deals.seeds.copy(), batch, deals)


def _actions(actions: object, count: int) -> NDArray[np.int64]:
    """``actions`` as a contiguous ``int64`` array of ``count`` entries (integers only)."""
    if (
        type(actions) is np.ndarray
        and actions.dtype == np.int64
        and actions.shape == (count,)
        and actions.flags.c_contiguous
    ):
        return actions
    array = np.asarray(actions)
    if array.shape != (count,) or not (
        np.issubdtype(array.dtype, np.integer) and array.dtype != np.bool_
    ):
        raise ArgumentError(
            f"actions: {count} integers (one action per hand), not {array.dtype} of shape "
            f"{array.shape}"
        )
    return np.ascontiguousarray(array, np.int64)


def step(state: BatchState, actions: object) -> BatchState:
    """The batch after one action per hand (see the module's docstring); ``state`` unchanged.
    An action not legal in its hand raises :class:`~reversis.IllegalMoveError` naming the hand
    and the action."""
    if not isinstance(state, BatchState):
        raise ArgumentError(f"step() needs a BatchState, not {type(state).__name__}")
    count = state.seat.shape[0]
    chosen = _actions(actions, count)
    deals = state._deals.copy()
    batch = state._batch.copy(deals)
    profile = deals.profile
    obs, mask, seat, rewards, done = _arrays(count, profile)
    batch.step(chosen, obs, mask, seat, rewards, done.view(np.uint8))
    return BatchState(obs, mask, seat, rewards, done, deals.seeds.copy(), batch, deals)


def random_actions(action_mask: NDArray[np.int8], rng: np.random.Generator) -> NDArray[np.int64]:
    """One legal action per row of ``action_mask``, uniformly at random (for tests and
    baselines): the ``k``-th legal action, ``k`` drawn below the row's count."""
    counts = action_mask.sum(axis=1)
    picks = (rng.random(action_mask.shape[0]) * counts).astype(np.int64)
    cumulative = np.cumsum(action_mask, axis=1)
    return np.asarray((cumulative <= picks[:, None]).sum(axis=1), np.int64)


def __getattr__(name: str) -> Any:
    """:class:`VectorEnv`, loaded with Gymnasium when first asked for."""
    if name == "VectorEnv":
        from reversis.vectorenv import VectorEnv  # noqa: PLC0415 - Gymnasium loads on use

        return VectorEnv
    raise AttributeError(f"module 'reversis.vector' has no attribute {name!r}")
