"""Types of :mod:`reversis._core.settle` (compiled; the twin of reversis.games' settlements)."""

from collections.abc import Iterable

from reversis._core.state import CoreState
from reversis.games.payments import Payment, Settlement

class PaymentsSource:
    """The payments of a settlement the core made, kept as C records until first read."""

    def payments(self) -> tuple[Payment, ...]: ...

def settle_state(state: CoreState) -> Settlement: ...
def settle_nets(states: Iterable[CoreState]) -> list[tuple[int, ...]]: ...
