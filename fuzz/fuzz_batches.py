"""Fuzz the batches (``reversis.vector.functional``): a batch of a fuzzed size and seed, stepped with actions
from the fuzzer, legal or not, of any shape and type. Typed errors only; the legal actions keep
every mask, seat and reward array in range; a refused step leaves the batch as it was. Run:
``bash fuzz/run.sh batches`` (needs NumPy)."""

from __future__ import annotations

import atheris
import numpy as np
from common import profile_name, run, size

with atheris.instrument_imports(include=["reversis"]):
    from reversis import ReversisError
    from reversis.vector import functional as vector


def test_one_input(data: bytes) -> None:
    """One input of the fuzzer (see the module's docstring)."""
    fdp = atheris.FuzzedDataProvider(data)
    try:
        state = vector.init(profile_name(fdp), size(fdp, 8), seed=fdp.ConsumeIntInRange(-1, 2**64))
    except ReversisError:
        return
    count = state.seat.shape[0]
    rng = np.random.default_rng(fdp.ConsumeIntInRange(0, 2**32))
    for _ in range(fdp.ConsumeIntInRange(0, 40)):
        if fdp.ConsumeIntInRange(0, 7):
            actions = vector.random_actions(state.action_mask, rng)
        else:  # anything: wrong length, out of range, not integers
            length = fdp.ConsumeIntInRange(0, count + 1)
            actions = np.array(fdp.ConsumeIntListInRange(length, -(2**40), 2**40), dtype=np.int64)
            if fdp.ConsumeBool():
                actions = actions.astype(np.float64)
        before = (state.action_mask.copy(), state.seat.copy(), state.hand_seeds.copy())
        try:
            after = vector.step(state, actions)
        except ReversisError:
            assert (state.action_mask == before[0]).all()
            assert (state.seat == before[1]).all()
            assert (state.hand_seeds == before[2]).all()
            continue
        state = after
        assert state.action_mask.shape[0] == count
        assert ((state.seat >= 0) & (state.seat < 8)).all()
        assert (state.action_mask.sum(axis=1) > 0).all()


if __name__ == "__main__":
    run(test_one_input)
