"""Batches of hands stepped together, for learning at scale (the ``pettingzoo`` extra brings NumPy
and Gymnasium: ``pip install reversis[pettingzoo]``).

N hands of one profile (shipped or a house profile) are stepped together by the compiled core: one
action index per hand (the move numbers of :func:`reversis.move_index`), for the seat to move in
that hand. Each step writes, into NumPy arrays kept by the batch (read them, or copy them to keep
them):

* ``observation`` ``(N, size)`` ``float32``: the observation of the seat to move next, the
  documented :mod:`reversis.views.encoding` (the numbers :mod:`reversis.pettingzoo` gives that seat);
* ``action_mask`` ``(N, actions)`` ``int8``: its legal moves;
* ``seat`` ``(N,)`` ``int32``: the seat to move;
* ``rewards`` ``(N, players)`` ``float32``: each seat's reward, ``settle(hand).net`` when the hand
  ends and 0 before, or with ``shaping=True`` the change of the provisional settlement at each
  trick, as :mod:`reversis.pettingzoo` pays them;
* ``terminated`` ``(N,)`` ``bool``: the hands that ended with this step. An ended hand is dealt
  again at once (auto-reset, Gymnasium's same-step mode): the observation, mask and seat of its
  row are then the new hand's. With ``autoreset_mode="NextStep"`` (Gymnasium's next-step mode) its
  row is instead the view of the seat that moved last in it (``seat``), with no legal move (an
  all-zero mask); the next step ignores the action given for it, deals it again, and pays it
  nothing (rewards 0, not ended).

Hand ``i`` is ``new_hand(profile, seed=hand_seeds[i], dealer=dealer)``; the seeds are drawn from a
generator seeded by ``reset(seed)`` (63 bits each, as the PettingZoo environment draws them), or,
from a list of one seed per hand, hand ``i`` is dealt from ``seed[i]`` and its later hands from a
generator of its own (:class:`~reversis.vector.Deals`). An
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

A batch takes :func:`batch_bytes` (about 12 KB a hand, its arrays and its state): at most
:data:`MAX_BATCH_BYTES` (4 GiB), that is :func:`max_envs` hands (about 350,000); a larger
``num_envs`` is refused with :class:`~reversis.ArgumentError` naming the limit, before anything is
allocated.

Without the compiled core (``REVERSIS_ENGINE=python``), the same batch runs on the reference
engine, one :class:`~reversis.Hand` per slot: the same numbers, many times slower.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as error:  # pragma: no cover - numpy is installed in the test environments
    raise ImportError(
        "reversis.vector.functional needs NumPy: pip install 'reversis[pettingzoo]'"
    ) from error

from reversis.errors import ArgumentError
from reversis.profile import Profile
from reversis.vector import checks as vectorcommon
from reversis.vector.checks import (
    Deals,
    actions_of,
    batch_bytes,
    count_of,
    dealer_of,
    max_envs,
    mode_of,
    new_batch,
    output_arrays,
    profile_of,
    seed_of,
    seeds_of,
)

if TYPE_CHECKING:
    from reversis.vector.env import VectorEnv

__all__ = [
    "MAX_BATCH_BYTES",
    "BatchState",
    "Deals",
    "VectorEnv",
    "batch_bytes",
    "init",
    "max_envs",
    "random_actions",
    "step",
]


#: The most bytes a batch of hands may take (4 GiB): a ``num_envs`` whose :func:`batch_bytes`
#: exceed it is refused with an :class:`~reversis.ArgumentError` naming the limit, before anything
#: is allocated.
MAX_BATCH_BYTES = vectorcommon.MAX_BATCH_BYTES


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
    _mode: int = attrs.field(default=0, repr=False)


def init(
    profile: Profile | str,
    num_envs: int,
    seed: int | list[int | None] | None = None,
    *,
    dealer: int = 0,
    shaping: bool = False,
    autoreset_mode: object = "SameStep",
) -> BatchState:
    """``num_envs`` hands of ``profile`` dealt from ``seed`` (see the module's docstring):
    an integer (or ``None``), or a list of one seed per hand (see
    :class:`~reversis.vector.Deals`). ``autoreset_mode``: ``"SameStep"`` or ``"NextStep"``
    (or Gymnasium's ``AutoresetMode``)."""
    profile = profile_of(profile)
    count = count_of(num_envs, profile)
    mode = mode_of(autoreset_mode, ("SameStep", "NextStep"))
    seeds = seeds_of(seed, count) if isinstance(seed, list | tuple | np.ndarray) else seed_of(seed)
    deals = Deals(profile, count, seeds, dealer_of(profile, dealer))
    batch = new_batch(profile, count, deals, shaping)
    obs, mask, seat, rewards, done = output_arrays(count, profile)
    batch.observe(obs, mask, seat)
    return BatchState(obs, mask, seat, rewards, done, deals.seeds.copy(), batch, deals, mode)


def step(state: BatchState, actions: object) -> BatchState:
    """The batch after one action per hand (see the module's docstring); ``state`` unchanged.
    An action not legal in its hand raises :class:`~reversis.IllegalMoveError` naming the hand
    and the action."""
    if not isinstance(state, BatchState):
        raise ArgumentError(f"step() needs a BatchState, not {type(state).__name__}")
    count = state.seat.shape[0]
    chosen = actions_of(actions, count)
    deals = state._deals.copy()
    batch = state._batch.copy(deals)
    profile = deals.profile
    obs, mask, seat, rewards, done = output_arrays(count, profile)
    batch.step(chosen, obs, mask, seat, rewards, done.view(np.uint8), state._mode)
    return BatchState(obs, mask, seat, rewards, done, deals.seeds.copy(), batch, deals, state._mode)


def random_actions(action_mask: NDArray[np.int8], rng: np.random.Generator) -> NDArray[np.int64]:
    """One legal action per row of ``action_mask``, uniformly at random (for tests and
    baselines): the ``k``-th legal action, ``k`` drawn below the row's count; 0 for a row with no
    legal action (a hand ended in the next-step autoreset mode, whose action is ignored)."""
    counts = action_mask.sum(axis=1)
    picks = (rng.random(action_mask.shape[0]) * counts).astype(np.int64)
    cumulative = np.cumsum(action_mask, axis=1)
    out = np.asarray((cumulative <= picks[:, None]).sum(axis=1), np.int64)
    out[counts == 0] = 0
    return out


def __getattr__(name: str) -> Any:
    """:class:`VectorEnv`, loaded with Gymnasium when first asked for."""
    if name == "VectorEnv":
        from reversis.vector.env import VectorEnv  # noqa: PLC0415 - Gymnasium loads on use

        return VectorEnv
    raise AttributeError(f"module 'reversis.vector.functional' has no attribute {name!r}")
