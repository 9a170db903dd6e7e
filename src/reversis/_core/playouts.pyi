"""Types of :mod:`reversis._core.playouts` (compiled; the playouts of search bots)."""

from array import array
from collections.abc import Callable, Sequence

from reversis._core.state import CoreState
from reversis.engine.play import Policy

def cautious_rollout(state: CoreState, draw: Callable[[], float], policy: object) -> CoreState: ...
def cautious_choice(legal: int, trick: Sequence[int], danger: Sequence[int]) -> int: ...
def play_outs(
    state: CoreState,
    count: int,
    seed: int,
    policy: str | Policy | None,
    danger: Sequence[int],
    result: str | Callable[[CoreState], Sequence[int]],
) -> tuple[array[int], int]: ...
def play_out(
    state: CoreState,
    seed: int,
    policy: str | Policy | None,
    danger: Sequence[int],
    result: str | Callable[[CoreState], Sequence[int]],
) -> tuple[tuple[int, ...], int]: ...
