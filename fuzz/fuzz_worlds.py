"""Fuzz the worlds and rollouts of a view: random hands at random points, the view of a random
seat, read back from JSON or not, then ``sample_world``, ``world_sampler`` and ``rollouts`` with
sizes, seeds and attempts from the fuzzer (at and past every limit). Typed errors only; every world
gives the view back; then the tree search on the view, its worlds weighed or not (``inference``
from the fuzzer, past its bounds too). Run: ``bash fuzz/run.sh worlds``."""

from __future__ import annotations

import random

import atheris
from common import random_hand, run, size, typed_errors_only

with atheris.instrument_imports(include=["reversis"]):
    import reversis
    from reversis import HandView
    from reversis.bots import ISMCTSBot
    from reversis.worlds.sampler import world_sampler


def test_one_input(data: bytes) -> None:
    """One input of the fuzzer (see the module's docstring)."""
    fdp = atheris.FuzzedDataProvider(data)
    hand = random_hand(fdp, fdp.ConsumeIntInRange(0, 70))
    view = hand.view(fdp.ConsumeIntInRange(0, hand.players - 1))
    if fdp.ConsumeBool():
        view = HandView.from_json(view.to_json(), profile=view.rules)
    rng = random.Random(fdp.ConsumeIntInRange(0, 2**64))
    attempts = size(fdp, 50)
    with typed_errors_only():
        world = reversis.sample_world(view, rng, attempts=attempts)
        assert world.view(view.seat) == view
    with typed_errors_only():
        sample = world_sampler(view, attempts=attempts)
        for _ in range(fdp.ConsumeIntInRange(0, 3)):
            assert sample(rng).view(view.seat) == view
    n = size(fdp, 6)
    policy = ("random", "cautious", "best", 3)[fdp.ConsumeIntInRange(0, 3)]
    result = ("net", "points", "all")[fdp.ConsumeIntInRange(0, 2)]
    with typed_errors_only():
        out = reversis.rollouts(
            view if fdp.ConsumeBool() else hand,
            n,
            seed=fdp.ConsumeIntInRange(-1, 2**64),
            policy=policy,  # type: ignore[arg-type]
            result=result,
        )
        assert out.shape == (n, hand.players)
    inference = (0.0, 0.5, 1.0, 1e-300, -0.5, 1.5, float("nan"))[fdp.ConsumeIntInRange(0, 6)]
    iterations = fdp.ConsumeIntInRange(1, 200)
    with typed_errors_only():
        if view.legal_moves:
            bot = ISMCTSBot(rng, iterations=iterations, inference=inference)
            assert bot(view) in view.legal_moves


if __name__ == "__main__":
    run(test_one_input)
