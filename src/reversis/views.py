"""Per-player views: what one seat may know of a hand, and nothing else.

A front-end sends ``hand.view(seat)`` to that player's client; a bot decides from it. A view holds the
seat's own cards, the widow card it took or looked at, the cards it put aside or gave, the public plays
and tricks, how many cards each player holds, whose turn it is and, on its turn, its legal moves.
Events are filtered: another player's exchange shows that it happened, not which cards.

    >>> from reversis import load_profile, new_hand
    >>> hand = new_hand(load_profile(), seed=7).apply("decline")
    >>> view = hand.view(1)
    >>> view.widow_card is not None, hand.view(2).widow_card
    (True, None)
    >>> hand.view(2).events[-1]
    Declined(seat=1, widow_card=None)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import attrs

from reversis import events as ev
from reversis.cards import Card
from reversis.moves import Move

if TYPE_CHECKING:
    from reversis.hand import Hand, Phase, Trick

__all__ = ["HandView", "hand_view"]


@attrs.frozen
class HandView:
    """What ``seat`` may know of a hand.

    Cards of other players that ``seat`` cannot know are never present; where an event involves such
    a card, the view's copy of the event has ``None`` in its place.
    """

    #: The seat whose view this is.
    seat: int
    #: The profile's name.
    profile: str
    players: int
    dealer: int
    phase: Phase
    #: The seat to move, or ``None`` when the hand is over.
    to_move: int | None
    #: The seat's own cards, in card order.
    hand: tuple[Card, ...]
    #: The widow card the seat took (exchange) or looked at (decline), once it has done so.
    widow_card: Card | None
    #: The cards the seat put aside (its exchange or discard), or that a decline put aside.
    put_aside: tuple[Card, ...]
    #: The card the seat chose to give to the player opposite (Hoyle), if any.
    given: Card | None
    #: The card the seat received from the player opposite, once the cards have changed hands.
    received: Card | None
    #: How many cards each seat holds.
    card_counts: tuple[int, ...]
    #: The completed tricks (public).
    tricks: tuple[Trick, ...]
    #: The trick in progress, if any card of it is played.
    current_trick: Trick | None
    #: The seat's legal moves when it is to move, else empty.
    legal_moves: tuple[Move, ...]
    #: The events the seat may know, in order.
    events: tuple[ev.Event, ...]
    #: The pot's cards, once turned at the end of an ordinary hand; ``None`` before.
    pot: tuple[Card, ...] | None
    #: Whether this seat holds the privilege (four aces, espagnolette) — its own secret.
    privileged: bool


def _filter(event: ev.Event, seat: int, over: bool) -> ev.Event | None:
    if isinstance(event, ev.Exchanged) and event.seat != seat:
        return ev.Exchanged(event.seat, None, None)
    if isinstance(event, ev.Declined) and event.seat != seat:
        return ev.Declined(event.seat, None)
    if isinstance(event, ev.Discarded) and event.seat != seat:
        return ev.Discarded(event.seat, None)
    if isinstance(event, ev.CardGiven) and event.seat != seat:
        return ev.CardGiven(event.seat, event.to, None)
    if isinstance(event, ev.PrivilegeUsed) and event.seat != seat and not over:
        return None
    return event


def hand_view(hand: Hand, seat: int) -> HandView:
    """The view of ``hand`` for ``seat`` (also ``hand.view(seat)``)."""
    from reversis.hand import Phase  # noqa: PLC0415

    widow_card: Card | None = None
    put_aside: list[Card] = []
    given: Card | None = None
    received: Card | None = None
    events: list[ev.Event] = []
    over = hand.is_over
    pending_give: Card | None = None
    for event in hand.events:
        if isinstance(event, ev.Exchanged) and event.seat == seat:
            widow_card = event.taken
            if event.discarded:
                put_aside.append(event.discarded)
        elif isinstance(event, ev.Declined) and event.seat == seat and event.widow_card:
            widow_card = event.widow_card
            put_aside.append(event.widow_card)
        elif isinstance(event, ev.Discarded) and event.seat == seat and event.card:
            put_aside.append(event.card)
        elif isinstance(event, ev.CardGiven):
            if event.seat == seat:
                given = event.card
            elif event.to == seat:
                pending_give = event.card
        elif isinstance(event, ev.CardsPassed):
            received = pending_give
        kept = _filter(event, seat, over)
        if kept is not None:
            events.append(kept)
    reversis = hand.reversis_player is not None
    pot: tuple[Card, ...] | None = hand.pot if over and not reversis else None
    return HandView(
        seat=seat,
        profile=hand.profile.name,
        players=hand.players,
        dealer=hand.dealer,
        phase=hand.phase,
        to_move=hand.to_move,
        hand=hand.hand_of(seat),
        widow_card=widow_card,
        put_aside=tuple(put_aside),
        given=given,
        received=received,
        card_counts=tuple(len(h) for h in hand.hands),
        tricks=hand.tricks,
        current_trick=hand.current_trick,
        legal_moves=hand.legal_moves() if hand.to_move == seat else (),
        events=tuple(events),
        pot=pot,
        privileged=hand.privilege_holder == seat and hand.phase is not Phase.EXCHANGE,
    )


def view_cards(value: Any) -> set[Card]:
    """Every card found anywhere inside a view (used by the consistency checker)."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is Card:
            found.add(item)
        elif kind is tuple or kind is list:
            stack.extend(item)
        elif kind in (int, str, bool, type(None)) or isinstance(item, enum.Enum):
            continue
        elif attrs.has(kind):
            stack.extend(getattr(item, f.name) for f in attrs.fields(kind))
    return found
