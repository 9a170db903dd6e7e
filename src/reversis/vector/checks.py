"""What both faces of :mod:`reversis.vector.functional` share: the checks of the values a caller gives them
(profile, number of hands, seed, dealer, actions), the source of the deals, the batch on the
engine that plays (the compiled core's, or :class:`~reversis.vector.python_batch.PythonBatch`) and the
arrays it writes."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from reversis._core import engine_name
from reversis.dealing import seeded_deal
from reversis.engine.actions import action_count
from reversis.engine.deal import Deal
from reversis.errors import ArgumentError
from reversis.profile import Profile, available_profiles, load_profile
from reversis.vector.python_batch import PythonBatch
from reversis.views.encoding import observation_size

__all__ = [
    "MAX_BATCH_BYTES",
    "STATE_BYTES",
    "Deals",
    "actions_of",
    "batch_bytes",
    "count_of",
    "dealer_of",
    "max_envs",
    "mode_of",
    "new_batch",
    "output_arrays",
    "profile_of",
    "seed_of",
    "seeds_of",
]


def profile_of(profile: object) -> Profile:
    """``profile``: a :class:`~reversis.Profile` or a shipped profile's name (else an
    :class:`~reversis.ArgumentError`)."""
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str) and profile in available_profiles():
        return load_profile(profile)
    raise ArgumentError(f"profile: {str(profile)[:60]!r} is neither a Profile nor a shipped name")


#: The most bytes a batch of hands may take (4 GiB): a number of hands whose
#: :func:`batch_bytes` exceed it is refused with an :class:`~reversis.ArgumentError` naming the
#: limit, before anything is allocated.
MAX_BATCH_BYTES = 4 * 2**30

#: The bytes counted for each hand's state in the batch, on either engine: at least the compiled
#: core's C data for a hand (its state, facts, rewards paid and deal table: 2,508 bytes at four
#: seats) and room for the reference engine's objects.
STATE_BYTES = 8192


def batch_bytes(profile: Profile, count: int) -> int:
    """The bytes a batch of ``count`` hands of ``profile`` takes, in Python integers: per hand,
    the arrays a step writes (the observation in ``float32``, the action mask in ``int8``, the
    seat to move in ``int32``, each seat's reward in ``float32``, whether it ended), the arrays
    :class:`~reversis.vector.functional.VectorEnv` keeps beside them (the hand's seed, its reward,
    its truncation, its entry in the info's masks and each seat's return in ``float64``) and
    :data:`STATE_BYTES`."""
    arrays = 4 * observation_size(profile) + action_count(profile) + 4 + 4 * profile.players + 1
    kept = 8 + 4 + 1 + 1 + 8 * profile.players
    return count * (arrays + kept + STATE_BYTES)


def max_envs(profile: Profile) -> int:
    """The most hands of ``profile`` a batch may hold: as many as fit in
    :data:`MAX_BATCH_BYTES` (:func:`batch_bytes`)."""
    return MAX_BATCH_BYTES // batch_bytes(profile, 1)


def count_of(value: object, profile: Profile) -> int:
    """The number of hands of ``profile``: an integer from 1 to :func:`max_envs` (checked in
    Python integers, before anything is allocated)."""
    if isinstance(value, bool) or (type(value) is not int and not isinstance(value, np.integer)):
        raise ArgumentError(f"num_envs: an integer from 1, not {str(value)[:40]!r}")
    count = int(value)
    if count < 1:
        raise ArgumentError(f"num_envs: an integer from 1, not {count}")
    if batch_bytes(profile, count) > MAX_BATCH_BYTES:
        raise ArgumentError(
            f"num_envs: {count:,} hands of {profile.name} would take "
            f"{batch_bytes(profile, count):,} bytes, over MAX_BATCH_BYTES (4 GiB): at most "
            f"{max_envs(profile):,} hands"
        )
    return count


def seed_of(seed: object) -> int | None:
    """A seed: an integer from 0, or ``None``."""
    if seed is None:
        return None
    if isinstance(seed, bool) or (type(seed) is not int and not isinstance(seed, np.integer)):
        raise ArgumentError(f"seed: an integer from 0 (or None), not {str(seed)[:40]!r}")
    if int(seed) < 0:
        raise ArgumentError(f"seed: an integer from 0 (or None), not {int(seed)}")
    return int(seed)


def seeds_of(seed: object, count: int) -> tuple[int | None, ...]:
    """One seed per hand, as Gymnasium's ``reset(seed=[...])`` takes them: a list (or tuple, or
    array) of ``count`` entries, each an integer from 0 below 2**64 or ``None``."""
    if isinstance(seed, np.ndarray):
        seed = seed.tolist()
    if not isinstance(seed, list | tuple):
        raise ArgumentError(f"seed: an integer, a list of them or None, not {str(seed)[:40]!r}")
    if len(seed) != count:
        raise ArgumentError(f"seed: a list of {count} seeds (one per hand), not of {len(seed)}")
    out: list[int | None] = []
    for value in seed:
        if value is None:
            out.append(None)
            continue
        if isinstance(value, bool) or (
            type(value) is not int and not isinstance(value, np.integer)
        ):
            raise ArgumentError(f"seed: integers from 0 (or None), not {str(value)[:40]!r}")
        if not 0 <= int(value) < 2**64:
            raise ArgumentError(f"seed: integers from 0 below 2**64 (or None), not {int(value)}")
        out.append(int(value))
    return tuple(out)


class Deals:
    """Where a batch's hands come from, kept in :attr:`seeds`. From one seed (or ``None``): hand
    ``i`` is dealt with the next seed of a generator seeded once
    (``random.Random(seed).getrandbits(63)``), drawn in the order the hands are dealt. From a
    tuple of seeds, one per slot: slot ``i``'s first hand is dealt with ``seed[i]`` itself, and its
    next hands with the seeds of a generator of its own, ``random.Random(seed[i])`` (a ``None``
    seed: a generator seeded from fresh entropy, its first hand included)."""

    def __init__(
        self, profile: Profile, count: int, seed: int | tuple[int | None, ...] | None, dealer: int
    ) -> None:
        self.profile = profile
        self.dealer = dealer
        self.rngs: list[random.Random] | None = None
        self.first: list[int | None] = []
        if isinstance(seed, tuple):
            self.rngs = [random.Random(s) for s in seed]
            self.first = list(seed)
            seed = None
        self.rng = random.Random(seed)
        #: The seed of the hand each slot is playing now.
        self.seeds = np.zeros(count, np.uint64)

    def __call__(self, i: int) -> Deal:
        """A new deal for slot ``i``."""
        if self.rngs is None:
            seed = self.rng.getrandbits(63)
        else:
            first = self.first[i]
            if first is None:
                seed = self.rngs[i].getrandbits(63)
            else:
                seed, self.first[i] = first, None
        self.seeds[i] = seed
        return seeded_deal(self.profile, seed=seed, dealer=self.dealer)

    def copy(self) -> Deals:
        """A source of its own that deals the same hands from here on."""
        out = object.__new__(Deals)
        out.profile, out.dealer = self.profile, self.dealer
        out.rng = random.Random()
        out.rng.setstate(self.rng.getstate())
        out.rngs = None
        if self.rngs is not None:
            out.rngs = []
            for rng in self.rngs:
                own = random.Random()
                own.setstate(rng.getstate())
                out.rngs.append(own)
        out.first = list(self.first)
        out.seeds = self.seeds.copy()
        return out


#: The autoreset modes, by the values of Gymnasium's ``AutoresetMode``: the batches' ``mode``.
MODES = {"SameStep": 0, "NextStep": 1, "Disabled": 2}


def mode_of(value: object, modes: tuple[str, ...] = ("SameStep", "NextStep", "Disabled")) -> int:
    """The batch's ``mode`` (0, 1, 2) for an autoreset mode: Gymnasium's ``AutoresetMode`` or its
    value (``"SameStep"``, ``"NextStep"``, ``"Disabled"``), among ``modes``."""
    name = getattr(value, "value", value)
    if not isinstance(name, str) or name not in modes:
        raise ArgumentError(
            f"autoreset_mode: one of {', '.join(modes)} (gymnasium.vector.AutoresetMode), "
            f"not {str(value)[:40]!r}"
        )
    return MODES[name]


def new_batch(profile: Profile, count: int, deals: Callable[[int], Deal], shaping: bool) -> Any:
    """The batch of the engine that plays: the compiled core's, or the reference's."""
    count = count_of(count, profile)
    if engine_name() != "compiled":
        return PythonBatch(profile, count, deals, shaping)
    from reversis._core.vector import new_batch as core_batch  # noqa: PLC0415 - the core plays

    return core_batch(profile, count, deals, shaping)


def dealer_of(profile: Profile, dealer: object) -> int:
    """The dealer of every hand: a seat of ``profile``."""
    if type(dealer) is not int or not 0 <= dealer < profile.players:
        raise ArgumentError(f"dealer: a seat from 0 to {profile.players - 1}, not {dealer!r}")
    return dealer


def output_arrays(count: int, profile: Profile) -> tuple[Any, ...]:
    """The arrays a batch writes: observations, masks, seats, rewards, hands ended."""
    return (
        np.zeros((count, observation_size(profile)), np.float32),
        np.zeros((count, action_count(profile)), np.int8),
        np.zeros(count, np.int32),
        np.zeros((count, profile.players), np.float32),
        np.zeros(count, np.bool_),
    )


def actions_of(actions: object, count: int) -> NDArray[np.int64]:
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
