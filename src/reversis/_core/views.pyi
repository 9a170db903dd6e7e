"""Types of :mod:`reversis._core.views` (compiled; a seat's view of a core state)."""

from typing import Any

from reversis._core.state import CoreState
from reversis.games.payments import Settlement
from reversis.moves import Move

def view_of(
    state: CoreState, seat: int, settlement: Settlement, legal: tuple[Move, ...], view_class: type
) -> Any: ...
