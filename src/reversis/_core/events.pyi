"""Types of :mod:`reversis._core.events` (compiled; the public events of a state)."""

from reversis._core.state import CoreState
from reversis.cards import Card
from reversis.engine.tricks import Trick
from reversis.events import Event

def events_of(state: CoreState) -> tuple[Event, ...]: ...
def tricks_of(state: CoreState) -> tuple[Trick, ...]: ...
def seat_events_of(
    state: CoreState, seat: int
) -> tuple[
    tuple[Event, ...], Card | None, tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]
]: ...
