"""Types of :mod:`reversis._core.vector` (compiled; batches of hands)."""

from collections.abc import Callable
from typing import Any

from reversis.engine.deal import Deal
from reversis.profile import Profile

class Batch:
    """N hands of one profile stepped together in C (``_core/vector.pyx``)."""

    def __getattr__(self, name: str) -> Any: ...

def batch_hand_bytes(players: int) -> int: ...
def new_batch(
    profile: Profile, count: int, deal_source: Callable[[int], Deal], shaping: bool = False
) -> Batch: ...
