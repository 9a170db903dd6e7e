"""What the fuzz harnesses share: the inputs they draw from the fuzzer's bytes, and the one rule
they all check, that bad input gets one of the library's typed errors and nothing else.

Every harness imports this module first, inside ``atheris.instrument_imports()``, so that the
library's Python code is instrumented for coverage beside the compiled core (which ``build.sh``
builds with ``-fsanitize=fuzzer-no-link``)."""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import atheris

with atheris.instrument_imports(include=["reversis"]):
    import reversis
    from reversis import ReversisError

#: The profiles a harness draws from (the shipped ones).
PROFILES: tuple[str, ...] = tuple(reversis.available_profiles())

#: Sizes a harness asks for: mostly small, sometimes at or past a limit, or not a size at all.
EXTREME_SIZES: tuple[Any, ...] = (
    -1,
    -(2**63),
    2**31 - 1,
    2**31,
    2**32,
    2**62,
    2**63 - 1,
    2**63,
    2**64,
    2**64 + 1,
    10**30,
    True,
    1.5,
    "3",
    None,
)


def size(fdp: atheris.FuzzedDataProvider, small: int) -> Any:
    """A size from ``0`` to ``small`` nine times in ten; otherwise one of :data:`EXTREME_SIZES`."""
    if fdp.ConsumeIntInRange(0, 9):
        return fdp.ConsumeIntInRange(0, small)
    return EXTREME_SIZES[fdp.ConsumeIntInRange(0, len(EXTREME_SIZES) - 1)]


def profile_name(fdp: atheris.FuzzedDataProvider) -> str:
    """One of the shipped profiles."""
    return PROFILES[fdp.ConsumeIntInRange(0, len(PROFILES) - 1)]


def random_hand(fdp: atheris.FuzzedDataProvider, moves: int) -> reversis.Hand:
    """A hand of a drawn profile and seed, played ``moves`` moves at most, each chosen by the
    fuzzer among the legal ones."""
    hand = reversis.new_hand(profile_name(fdp), seed=fdp.ConsumeIntInRange(0, 2**64 - 1))
    for _ in range(moves):
        legal = hand.legal_moves()
        if not legal:
            break
        hand = hand.apply(legal[fdp.ConsumeIntInRange(0, len(legal) - 1)])
    return hand


@contextlib.contextmanager
def typed_errors_only() -> Iterator[None]:
    """Let the library's typed errors through silently; anything else is a finding and stops the
    fuzzer (the exception propagates)."""
    with contextlib.suppress(ReversisError):
        yield


def run(test_one_input: Callable[[bytes], None]) -> None:
    """Start libFuzzer on ``test_one_input`` with the command line's options."""
    random.seed(0)  # a harness never uses the global generator; this keeps it so if one does
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
