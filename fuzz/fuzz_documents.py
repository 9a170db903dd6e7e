"""Fuzz the JSON documents: hands, matches, views, settlements, profiles, read from the fuzzer's
text; a view that reads back goes through every consumer of a view (the text, the encoding,
``sample_world``, the bots, ``rollouts``). Typed errors only; a document that reads back writes
the same document again. Run: ``bash fuzz/run.sh documents``."""

from __future__ import annotations

import random

import atheris
from common import run, typed_errors_only

with atheris.instrument_imports(include=["reversis"]):
    import reversis
    from reversis import Hand, HandView, Match, Profile, Settlement
    from reversis.bots.players import CautiousBot, RandomBot
    from reversis.text.render import render
    from reversis.views.encoding import encode_view

READERS = (Hand, HandView, Match, Settlement, Profile)


def test_one_input(data: bytes) -> None:
    """One input of the fuzzer (see the module's docstring)."""
    if not data:
        return
    reader = READERS[data[0] % len(READERS)]
    text = data[1:].decode("utf-8", "replace")
    with typed_errors_only():
        value = reader.from_json(text)  # type: ignore[attr-defined]
        again = type(value).from_json(value.to_json())
        assert again == value
        if isinstance(value, HandView):
            _consume(value)


def _consume(view: HandView) -> None:
    """Every consumer of a view, on a view read from a document."""
    render(view)
    encode_view(view)
    rng = random.Random(7)
    with typed_errors_only():  # NoWorldError for a view no deal can give
        world = reversis.sample_world(view, rng, attempts=3)
        assert world.view(view.seat) == view
        reversis.rollouts(view, 2, seed=5)
    if view.legal_moves:
        for bot in (RandomBot(rng), CautiousBot()):
            assert bot(view) in view.legal_moves


if __name__ == "__main__":
    run(test_one_input)
