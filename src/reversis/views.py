"""Per-player views: what one seat may know of a hand or a match, and nothing else.

A front-end sends ``hand.view(seat)`` to that player's client (``view.to_json()``); a bot decides
from it. A view holds the seat's own cards, the widow card it took or looked at, the cards it put aside
or gave and received, the public plays and tricks, how many cards and tricks each player has, the
payments standing so far and the stakes, whose turn it is and, on its turn, its legal moves. Events are
filtered: another player's exchange shows that it happened, not which cards; a privilege used by
another player shows only when the hand is over.

    >>> from reversis import load_profile, new_hand
    >>> hand = new_hand(load_profile(), seed=7).apply("decline")
    >>> view = hand.view(1)
    >>> view.widow_card is not None, hand.view(2).widow_card
    (True, None)
    >>> hand.view(2).events[-1]
    Declined(seat=1, widow_card=None)
    >>> hand.view(2).to_dict()["events"][-1]
    {'event': 'Declined', 'seat': 1, 'widow_card': None}
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import attrs

from reversis import events as ev
from reversis import jsonio
from reversis.cards import Card
from reversis.errors import RecordError
from reversis.moves import Move, parse_move
from reversis.settlement import Payment, settle
from reversis.stakes import Stakes, stakes_from_dict

if TYPE_CHECKING:
    from reversis.hand import Hand, Phase, Trick
    from reversis.match import Match, MatchPhase

__all__ = ["HandView", "MatchView", "hand_view", "match_view", "view_cards"]


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
    #: The number of the trick being played (or to be played).
    trick_number: int
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
    #: How many tricks each seat has taken.
    tricks_taken: tuple[int, ...]
    #: The completed tricks (public).
    tricks: tuple[Trick, ...]
    #: The trick in progress, if any card of it is played.
    current_trick: Trick | None
    #: The seat's legal moves when it is to move, else empty.
    legal_moves: tuple[Move, ...]
    #: The events the seat may know, in order.
    events: tuple[ev.Event, ...]
    #: The payments standing so far (all public), and what they gave or took from each seat.
    payments: tuple[Payment, ...]
    net: tuple[int, ...]
    #: The stakes at the start of play, and as the payments so far leave them.
    stakes_at_start: Stakes
    stakes: Stakes
    #: The pot's cards and value, once turned at the end of an ordinary hand; ``None`` before.
    pot: tuple[Card, ...] | None
    pot_value: int | None
    #: Whether this seat holds the privilege (four aces, espagnolette): its own secret.
    privileged: bool

    def to_dict(self) -> dict[str, Any]:
        """The view as plain data, ready for JSON (cards as codes, moves in their notation)."""
        return {
            "schema": jsonio.SCHEMA,
            "type": "hand-view",
            "seat": self.seat,
            "profile": self.profile,
            "players": self.players,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "to_move": self.to_move,
            "trick_number": self.trick_number,
            "hand": [c.code for c in self.hand],
            "widow_card": self.widow_card.code if self.widow_card else None,
            "put_aside": [c.code for c in self.put_aside],
            "given": self.given.code if self.given else None,
            "received": self.received.code if self.received else None,
            "card_counts": list(self.card_counts),
            "tricks_taken": list(self.tricks_taken),
            "tricks": [t.to_dict() for t in self.tricks],
            "current_trick": self.current_trick.to_dict() if self.current_trick else None,
            "legal_moves": [str(m) for m in self.legal_moves],
            "events": [_nested(e.to_dict()) for e in self.events],
            "payments": [p.to_dict() for p in self.payments],
            "net": list(self.net),
            "stakes_at_start": self.stakes_at_start.to_dict(),
            "stakes": self.stakes.to_dict(),
            "pot": [c.code for c in self.pot] if self.pot is not None else None,
            "pot_value": self.pot_value,
            "privileged": self.privileged,
        }

    @classmethod
    def from_dict(cls, data: Any) -> HandView:
        """A view from :meth:`to_dict`'s data (:class:`~reversis.RecordError` if malformed)."""
        from reversis.hand import Phase, Trick  # noqa: PLC0415

        players = _players(cls, data, "view", "hand-view")

        def seat(value: Any, what: str) -> int:
            return jsonio.integer(value, what, 0, players - 1)

        def counts(value: Any, what: str) -> tuple[int, ...]:
            return jsonio.listed(value, what, lambda v, w: jsonio.integer(v, w, 0, 20), players)

        phase = jsonio.member(Phase, data["phase"], "view.phase", "a phase")
        moves = jsonio.listed(
            data["legal_moves"], "view.legal_moves", lambda v, w: jsonio.text(v, w, 40), 300
        )
        current = data["current_trick"]
        pot = data["pot"]
        return cls(
            seat=seat(data["seat"], "view.seat"),
            profile=jsonio.text(data["profile"], "view.profile", 60),
            players=players,
            dealer=seat(data["dealer"], "view.dealer"),
            phase=phase,
            to_move=None if data["to_move"] is None else seat(data["to_move"], "view.to_move"),
            trick_number=jsonio.integer(data["trick_number"], "view.trick_number", 1, 100),
            hand=jsonio.cards(data["hand"], "view.hand"),
            widow_card=jsonio.optional_card(data["widow_card"], "view.widow_card"),
            put_aside=jsonio.cards(data["put_aside"], "view.put_aside"),
            given=jsonio.optional_card(data["given"], "view.given"),
            received=jsonio.optional_card(data["received"], "view.received"),
            card_counts=counts(data["card_counts"], "view.card_counts"),
            tricks_taken=counts(data["tricks_taken"], "view.tricks_taken"),
            tricks=jsonio.listed(data["tricks"], "view.tricks", Trick.from_dict, 20),
            current_trick=None
            if current is None
            else Trick.from_dict(current, "view.current_trick"),
            legal_moves=tuple(parse_move(m) for m in moves),
            events=jsonio.listed(data["events"], "view.events", ev.event_from_dict, 500),
            payments=jsonio.listed(data["payments"], "view.payments", Payment.from_dict, 1000),
            net=jsonio.listed(
                data["net"],
                "view.net",
                lambda v, w: jsonio.integer(v, w, -(10**13), 10**13),
                players,
            ),
            stakes_at_start=stakes_from_dict(data["stakes_at_start"], "view.stakes_at_start"),
            stakes=stakes_from_dict(data["stakes"], "view.stakes"),
            pot=None if pot is None else jsonio.cards(pot, "view.pot"),
            pot_value=jsonio.optional_integer(data["pot_value"], "view.pot_value", 0, 1000),
            privileged=jsonio.boolean(data["privileged"], "view.privileged"),
        )

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> HandView:
        """A view from :meth:`to_json`'s text."""
        return cls.from_dict(jsonio.loads(text, "view"))


def _players(cls: type, data: Any, what: str, kind: str) -> int:
    """Check that ``data`` holds exactly the fields of the view class ``cls`` and is of type
    ``kind``; return its number of players."""
    jsonio.table(data, what, [f.name for f in attrs.fields(cls)])
    jsonio.of_type(data, what, kind)
    return jsonio.integer(data["players"], f"{what}.players", 3, 8)


def _nested(data: dict[str, Any]) -> dict[str, Any]:
    data.pop("schema", None)
    return data


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
    turned = over and hand.reversis_player is None
    result = settle(hand)
    return HandView(
        seat=seat,
        profile=hand.profile.name,
        players=hand.players,
        dealer=hand.dealer,
        phase=hand.phase,
        to_move=hand.to_move,
        trick_number=hand.trick_number,
        hand=hand.hand_of(seat),
        widow_card=widow_card,
        put_aside=tuple(put_aside),
        given=given,
        received=received,
        card_counts=tuple(len(h) for h in hand.hands),
        tricks_taken=hand.tricks_taken,
        tricks=hand.tricks,
        current_trick=hand.current_trick,
        legal_moves=hand.legal_moves() if hand.to_move == seat else (),
        events=tuple(events),
        payments=result.payments,
        net=result.net,
        stakes_at_start=hand.stakes,
        stakes=result.stakes,
        pot=hand.pot if turned else None,
        pot_value=hand.pot_value if turned else None,
        privileged=hand.privilege_holder == seat and hand.phase is not Phase.EXCHANGE,
    )


@attrs.frozen
class MatchView:
    """What ``seat`` may know of a match: everything public (counters, stakes, dealer, round, the
    settlements of the finished hands, the end-of-match choice) and its view of the hand in play."""

    seat: int
    profile: str
    players: int
    bankrolls: tuple[int, ...]
    stakes: Stakes
    dealer: int
    round: int
    hand_number: int
    hands_played: int
    total_hands: int
    phase: MatchPhase
    deciders: tuple[int, ...]
    choices: tuple[tuple[int, str], ...]
    #: The antes of the hand in play.
    antes: tuple[Payment, ...]
    #: The payments of each finished hand.
    results: tuple[tuple[Payment, ...], ...]
    #: The seat's view of the hand in play, if any.
    hand: HandView | None

    def to_dict(self) -> dict[str, Any]:
        """The view as plain data, ready for JSON."""
        return {
            "schema": jsonio.SCHEMA,
            "type": "match-view",
            "seat": self.seat,
            "profile": self.profile,
            "players": self.players,
            "bankrolls": list(self.bankrolls),
            "stakes": self.stakes.to_dict(),
            "dealer": self.dealer,
            "round": self.round,
            "hand_number": self.hand_number,
            "hands_played": self.hands_played,
            "total_hands": self.total_hands,
            "phase": self.phase.value,
            "deciders": list(self.deciders),
            "choices": [[s, c] for s, c in self.choices],
            "antes": [p.to_dict() for p in self.antes],
            "results": [[p.to_dict() for p in r] for r in self.results],
            "hand": _nested(self.hand.to_dict()) if self.hand else None,
        }

    @classmethod
    def from_dict(cls, data: Any) -> MatchView:
        """A view from :meth:`to_dict`'s data (:class:`~reversis.RecordError` if malformed)."""
        from reversis.match import MatchPhase  # noqa: PLC0415

        players = _players(cls, data, "match view", "match-view")

        def seat(value: Any, what: str) -> int:
            return jsonio.integer(value, what, 0, players - 1)

        def money(value: Any, what: str) -> int:
            return jsonio.integer(value, what, -(10**13), 10**13)

        def count(value: Any, what: str) -> int:
            return jsonio.integer(value, what, 0, 10**6)

        def choice(value: Any, what: str) -> tuple[int, str]:
            pair = jsonio.items(value, what, 2)
            if len(pair) != 2:
                raise RecordError(f"{what} must be [seat, choice]")
            return seat(pair[0], f"{what}[0]"), jsonio.text(pair[1], f"{what}[1]", 20)

        def payments(value: Any, what: str) -> tuple[Payment, ...]:
            return jsonio.listed(value, what, Payment.from_dict, 1000)

        phase = jsonio.member(MatchPhase, data["phase"], "match view.phase", "a phase")
        hand = data["hand"]
        view = cls(
            seat=seat(data["seat"], "match view.seat"),
            profile=jsonio.text(data["profile"], "match view.profile", 60),
            players=players,
            bankrolls=jsonio.listed(data["bankrolls"], "match view.bankrolls", money, players),
            stakes=stakes_from_dict(data["stakes"], "match view.stakes"),
            dealer=seat(data["dealer"], "match view.dealer"),
            round=count(data["round"], "match view.round"),
            hand_number=count(data["hand_number"], "match view.hand_number"),
            hands_played=count(data["hands_played"], "match view.hands_played"),
            total_hands=count(data["total_hands"], "match view.total_hands"),
            phase=phase,
            deciders=jsonio.listed(data["deciders"], "match view.deciders", seat, players),
            choices=jsonio.listed(data["choices"], "match view.choices", choice, 100),
            antes=payments(data["antes"], "match view.antes"),
            results=jsonio.listed(data["results"], "match view.results", payments, 100_000),
            hand=None if hand is None else HandView.from_dict(hand),
        )
        if len(view.bankrolls) != players:
            raise RecordError(f"match view.bankrolls must hold {players} counters")
        return view

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchView:
        """A view from :meth:`to_json`'s text."""
        return cls.from_dict(jsonio.loads(text, "match view"))


def match_view(match: Match, seat: int, hand: Hand | None = None) -> MatchView:
    """The view of ``match`` for ``seat``; ``hand`` is the hand in play as it stands now (by default
    the hand in progress as dealt)."""
    if type(seat) is not int or not 0 <= seat < match.players:
        raise ValueError(f"{seat!r} is not a seat (0 to {match.players - 1})")
    live = hand if hand is not None else match.hand
    return MatchView(
        seat=seat,
        profile=match.profile.name,
        players=match.players,
        bankrolls=match.bankrolls,
        stakes=match.stakes,
        dealer=match.dealer,
        round=match.round,
        hand_number=match.hand_number,
        hands_played=match.hands_played,
        total_hands=match.total_hands,
        phase=match.phase,
        deciders=match.deciders,
        choices=match.choices,
        antes=match.antes,
        results=tuple(settle(h).payments for h in match.history),
        hand=live.view(seat) if live is not None else None,
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
