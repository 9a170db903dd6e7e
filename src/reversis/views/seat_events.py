"""The parts of a seat's view read from the hand's events and tricks (for :mod:`reversis.views.view`).

A view shows the public events with the cards that seat may not know hidden, and what its own
events tell: the widow card it took or looked at, the cards it put aside, gave and received. The
events and tricks are the hand's (kept with the hand: every seat's view shares them); on the
compiled core, a seat's events and the tricks are made from the state's arrays in one pass
(``seat_events_of``, ``tricks_of`` in ``_core/events.pyx``: equal to the reference's, the events
every seat sees interned), quicker than the hand's.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

from reversis import events as ev
from reversis._core import engine_name
from reversis.cards import Card
from reversis.engine.state import State
from reversis.engine.tricks import Trick
from reversis.views.rules import seen_by

if TYPE_CHECKING:
    from reversis.hand import Hand

__all__ = ["SeatEvents", "hand_tricks", "seat_events"]

#: The core's events and its state class where the core plays, else ``None``.
_CORE: ModuleType | None = None
_CORE_STATE: type | None = None
if engine_name() == "compiled":
    from reversis._core import events as _core_events
    from reversis._core.state import CoreState as _CoreState

    _CORE = _core_events
    _CORE_STATE = _CoreState
#: Events that every seat sees as they are.
_PUBLIC = frozenset({ev.CardPlayed, ev.TrickTaken})


def hand_tricks(hand: Hand, state: State) -> tuple[Trick, ...]:
    """``hand.tricks``, read from ``state`` (the hand's own) by the core where it is a core
    state."""
    if _CORE is None or type(state) is not _CORE_STATE:
        return hand.tricks
    return _CORE.tricks_of(state)  # type: ignore[no-any-return]


class SeatEvents(NamedTuple):
    """What ``seat``'s view shows of the hand's events."""

    events: tuple[ev.Event, ...]
    widow_card: Card | None
    put_aside: tuple[Card, ...]
    given: tuple[Card, ...]
    received: tuple[Card, ...]


def seat_events(hand: Hand, state: State, seat: int) -> SeatEvents:
    """The events ``seat`` may know of ``hand`` (whose state is ``state``), and what its own
    tell: on the core and before the hand is over (the game's facts of the end are the game's),
    read from the state in one pass by the core; else from ``hand.events``."""
    if _CORE is not None and type(state) is _CORE_STATE and state.to_move >= 0:
        return SeatEvents(*_CORE.seat_events_of(state, seat))
    over = hand.is_over
    widow_card: Card | None = None
    put_aside: list[Card] = []
    given: list[Card] = []
    received: list[Card] = []
    coming: list[Card] = []
    out: list[ev.Event] = []
    public = _PUBLIC
    for event in hand.events:
        if type(event) in public:
            out.append(event)
            continue
        if isinstance(event, ev.Exchanged) and event.seat == seat:
            widow_card = event.taken
            if event.discarded:
                put_aside.append(event.discarded)
        elif isinstance(event, ev.Declined) and event.seat == seat and event.widow_card:
            widow_card = event.widow_card
            put_aside.append(event.widow_card)
        elif isinstance(event, ev.Discarded) and event.seat == seat and event.card:
            put_aside.append(event.card)
        elif isinstance(event, ev.CardGiven) and event.card is not None:
            if event.seat == seat:
                given.append(event.card)
            elif event.to == seat:
                coming.append(event.card)
        elif isinstance(event, ev.CardsPassed):
            received.extend(coming)
            coming = []
        kept = seen_by(event, seat, over)
        if kept is not None:
            out.append(kept)
    return SeatEvents(tuple(out), widow_card, tuple(put_aside), tuple(given), tuple(received))
