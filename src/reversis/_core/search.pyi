"""Types of :mod:`reversis._core.search` (compiled; information-set Monte Carlo tree search)."""

from collections.abc import Sequence
from typing import Any

MAX_ITERATIONS: int
MAX_MILLIS: int
MAX_WORLDS: int
POOL_WORLDS: int

def search(
    plan: Any,
    iterations: int | None,
    millis: float | None,
    seed: int,
    attempts: int,
    danger: Sequence[int],
    low: int,
    high: int,
    exploration: float,
    epsilon: float,
    inference: float = ...,
) -> tuple[int | None, int, int]: ...
