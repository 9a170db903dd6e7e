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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from reversis import events as ev
from reversis import jsonio
from reversis.cards import Card
from reversis.errors import (
    ArgumentError,
    InvalidMoveError,
    ProfileError,
    RecordError,
    StakesError,
)
from reversis.moves import Move, move_index, parse_move
from reversis.profile import Profile, profile_from_data
from reversis.settlement import Payment, profile_accounts, settle
from reversis.stakes import Stakes, parse_stakes, stakes_from_dict

if TYPE_CHECKING:
    from reversis.hand import Hand, Phase, Trick
    from reversis.match import Match, MatchPhase

__all__ = ["HandView", "MatchView", "check_view", "hand_view", "match_view", "view_cards"]


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
    def from_dict(cls, data: Any, *, profile: Profile | None = None) -> HandView:
        """A view from :meth:`to_dict`'s data, checked against its profile (see :func:`check_view`):
        :class:`~reversis.RecordError` if malformed or impossible.

        The view's ``profile`` names a shipped profile, or ``profile`` (a :class:`Profile` the
        caller gives, for a profile of its own); a name read from data never opens a file.
        """
        from reversis.hand import Phase, Trick  # noqa: PLC0415

        players = _players(cls, data, "view", "hand-view")
        resolved = _resolve(data["profile"], profile, "view.profile")

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
        view = cls(
            seat=seat(data["seat"], "view.seat"),
            profile=resolved.name,
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
            legal_moves=tuple(_move(m, f"view.legal_moves[{i}]") for i, m in enumerate(moves)),
            events=jsonio.listed(data["events"], "view.events", ev.event_from_dict, 500),
            payments=jsonio.listed(data["payments"], "view.payments", Payment.from_dict, 1000),
            net=jsonio.listed(data["net"], "view.net", jsonio.money, players),
            stakes_at_start=_stakes(resolved, data["stakes_at_start"], "view.stakes_at_start"),
            stakes=_stakes(resolved, data["stakes"], "view.stakes", at_start=False),
            pot=None if pot is None else jsonio.cards(pot, "view.pot"),
            pot_value=jsonio.optional_integer(
                data["pot_value"], "view.pot_value", 0, jsonio.MAX_MONEY
            ),
            privileged=jsonio.boolean(data["privileged"], "view.privileged"),
        )
        check_view(view, resolved, "view")
        return view

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes, *, profile: Profile | None = None) -> HandView:
        """A view from :meth:`to_json`'s text (see :meth:`from_dict`)."""
        return cls.from_dict(jsonio.loads(text, "view"), profile=profile)


def _players(cls: type, data: Any, what: str, kind: str) -> int:
    """Check that ``data`` holds exactly the fields of the view class ``cls`` and is of type
    ``kind``; return its number of players."""
    jsonio.table(data, what, [f.name for f in attrs.fields(cls)])
    jsonio.of_type(data, what, kind)
    return jsonio.integer(data["players"], f"{what}.players", 3, 8)


def _move(text: str, what: str) -> Move:
    try:
        return parse_move(text)
    except InvalidMoveError as exc:
        raise RecordError(f"{what}: {exc}") from None


def _resolve(name: Any, given: Profile | None, what: str) -> Profile:
    """The profile a view names: ``given`` if it has that name, else a shipped profile."""
    if given is not None and not isinstance(given, Profile):
        raise ArgumentError(f"profile must be a Profile, not {type(given).__name__}")
    name = jsonio.text(name, what, 60)
    try:
        return profile_from_data(name, what, profiles=() if given is None else (given,))
    except ProfileError as exc:
        raise RecordError(f"{what}: {exc.problem}") from None


def _stakes(profile: Profile, data: Any, what: str, *, at_start: bool = True) -> Stakes:
    stakes_from_dict(data, what)  # the shape, with errors naming the key
    try:
        return parse_stakes(profile, data, at_start=at_start)
    except StakesError as exc:
        raise RecordError(f"{what}: {exc}") from None


def _check_payments(payments: Sequence[Payment], profile: Profile, what: str) -> None:
    accounts = set(profile_accounts(profile))
    n = profile.players
    for i, p in enumerate(payments):
        for party in (p.payer, p.payee):
            if isinstance(party, int) and not 0 <= party < n:
                raise RecordError(f"{what}[{i}]: seat {party} is not a seat (0 to {n - 1})")
            if isinstance(party, str) and party not in accounts:
                raise RecordError(f"{what}[{i}]: {party[:40]!r} is not an account of the profile")
        if p.trick is not None and p.trick > profile.tricks:
            raise RecordError(f"{what}[{i}].trick: {p.trick} is not a trick of the profile")


def check_view(view: HandView, profile: Profile, what: str = "view") -> None:
    """Check that ``view`` is a valid view of a hand of ``profile``; :class:`~reversis.RecordError`
    naming the first problem.

    Valid means: it names the profile and its number of players; its seats (the viewer, the dealer,
    the seat to move, every seat in its tricks, events and payments) are seats of the table; the
    phase and the seat to move agree; every card is of the profile's pack, and no card is in two
    places (the seat's hand, the tricks, the current trick, the pot); the seat's card count is the
    size of its hand, and during play each seat's count plus the cards it played is a full hand;
    the tricks are numbered in order, each led by the winner of the one before (the first by the
    eldest), played in turn round the table and won by the highest card of the suit led; the tricks
    taken are those tricks' winners; the legal moves are moves of the profile, present exactly when
    the seat is to move; the payments are positive, between two different accounts of the profile,
    and add up to ``net``; the stakes are stakes of the profile; the pot, once shown, has the value
    the profile gives it. It does not prove that some deal leads to the view:
    :func:`reversis.sample_world` does that, by finding one.
    """
    from reversis.hand import Phase  # noqa: PLC0415

    n = profile.players

    def fail(problem: str) -> NoReturn:
        raise RecordError(f"{what}: {problem}")

    if view.profile != profile.name:
        fail(f"it is a view of the {view.profile!r} profile, not {profile.name!r}")
    if view.players != n:
        fail(f"players is {view.players}, but the {profile.name} profile has {n}")
    for key in ("seat", "dealer"):
        value = getattr(view, key)
        if type(value) is not int or not 0 <= value < n:
            fail(f"{key} {value!r} is not a seat (0 to {n - 1})")
    if (view.phase is Phase.OVER) != (view.to_move is None):
        fail("the seat to move is given exactly when the hand is not over")
    if view.to_move is not None and not 0 <= view.to_move < n:
        fail(f"to_move {view.to_move} is not a seat")
    if len(view.tricks) > profile.tricks or view.trick_number != len(view.tricks) + 1:
        fail("trick_number must be the number of completed tricks plus one")
    pack = set(profile.deck)
    places: dict[Card, str] = {}

    def place(cards: Iterable[Card], where: str, *, unique: bool = True) -> None:
        for card in cards:
            if card not in pack:
                fail(f"{card.code} ({where}) is not in the {profile.name} pack")
            if unique:
                if card in places:
                    fail(f"{card.code} is both in {places[card]} and in {where}")
                places[card] = where

    place(view.hand, "the seat's hand")
    eldest = (view.dealer + 1) % n
    leader = eldest
    played = [0] * n
    taken = [0] * n
    for i, trick in enumerate((*view.tricks, *filter(None, [view.current_trick]))):
        current = i == len(view.tricks)
        where = "the current trick" if current else f"trick {trick.number}"
        if trick.number != i + 1 or trick.leader != leader:
            fail(f"{where} must be trick {i + 1}, led by seat {leader}")
        if len(trick.plays) > n or (not current and len(trick.plays) != n) or not trick.plays:
            fail(f"{where} must hold {'fewer than ' if current else ''}{n} cards")
        for k, (seat, _) in enumerate(trick.plays):
            if seat != (leader + k) % n:
                fail(f"{where}: seat {seat} plays out of turn")
            played[seat] += 1
        place(trick.cards, where)
        if current:
            if trick.winner is not None:
                fail("the current trick has no winner yet")
            continue
        if trick.winner != _trick_winner(trick.plays):
            fail(f"{where} is won by the highest card of the suit led")
        leader = trick.winner
        taken[leader] += 1
    if tuple(taken) != view.tricks_taken:
        fail("tricks_taken must count the tricks each seat won")
    place(view.put_aside, "the cards put aside", unique=False)
    for card in (view.widow_card, view.given, view.received):
        if card is not None:
            place([card], "the exchange", unique=False)
    if view.pot is not None:
        place(view.pot, "the pot", unique=False)
        clash = [c for c in view.pot if places.get(c) not in (None,)]
        if clash:
            fail(f"{clash[0].code} is both in the pot and in {places[clash[0]]}")
        if view.pot_value != _pot_value(profile, view.pot):
            fail("pot_value is not the value of the pot's cards")
    elif view.pot_value is not None:
        fail("pot_value is given without the pot")
    if len(view.card_counts) != n or len(view.tricks_taken) != n or len(view.net) != n:
        fail(f"card_counts, tricks_taken and net must give a value for each of the {n} seats")
    if view.card_counts[view.seat] != len(view.hand):
        fail(f"card_counts[{view.seat}] is not the size of the seat's hand")
    for seat, count in enumerate(view.card_counts):
        full = profile.tricks + (1 if seat == view.dealer else 0)
        if count > full or (
            view.phase is not Phase.EXCHANGE and count + played[seat] != profile.tricks
        ):
            fail(f"card_counts[{seat}] does not fit the cards seat {seat} has played")
    to_move = view.to_move == view.seat
    if bool(view.legal_moves) != to_move:
        fail("legal moves are listed exactly when the seat is to move")
    for move in view.legal_moves:
        try:
            move_index(profile, move)
        except InvalidMoveError:
            fail(f"{move} is not a move of the {profile.name} pack")
    for event in view.events:
        for key in _EVENT_SEATS:
            value = getattr(event, key, None)
            if value is not None and not 0 <= value < n:
                fail(f"event {type(event).__name__}: {key} {value} is not a seat")
        trick_no = getattr(event, "trick", None)
        if trick_no is not None and not 1 <= trick_no <= profile.tricks:
            fail(f"event {type(event).__name__}: trick {trick_no} is not a trick of the hand")
    _check_payments(view.payments, profile, f"{what}.payments")
    _check_net(view.payments, view.net, f"{what}.net")
    for key, at_start in (("stakes_at_start", True), ("stakes", False)):
        try:
            parse_stakes(profile, getattr(view, key), at_start=at_start)
        except StakesError as exc:
            fail(f"{key}: {exc}")


#: The fields of events that name a seat.
_EVENT_SEATS = ("seat", "dealer", "eldest", "leader", "winner", "loser", "to", "breaker")


def _trick_winner(plays: Sequence[tuple[int, Card]]) -> int:
    led = plays[0][1].suit
    return max((c.rank, seat) for seat, c in plays if c.suit == led)[1]


def _pot_value(profile: Profile, pot: Iterable[Card]) -> int:
    rules = profile._rules
    return rules.pot_bonus + sum(rules.pot_points[c.index] for c in pot)


def _check_net(payments: Sequence[Payment], net: Sequence[int], what: str) -> None:
    sums = [0] * len(net)
    for p in payments:
        if isinstance(p.payer, int) and p.payer < len(net):
            sums[p.payer] -= p.amount
        if isinstance(p.payee, int) and p.payee < len(net):
            sums[p.payee] += p.amount
    if tuple(sums) != tuple(net):
        raise RecordError(f"{what}: {list(net)} is not what the payments give ({sums})")


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
    def from_dict(cls, data: Any, *, profile: Profile | None = None) -> MatchView:
        """A view from :meth:`to_dict`'s data, checked against its profile as
        :meth:`HandView.from_dict` does (:class:`~reversis.RecordError` if malformed)."""
        from reversis.match import MatchPhase  # noqa: PLC0415

        players = _players(cls, data, "match view", "match-view")
        resolved = _resolve(data["profile"], profile, "match view.profile")

        def seat(value: Any, what: str) -> int:
            return jsonio.integer(value, what, 0, players - 1)

        def count(value: Any, what: str) -> int:
            return jsonio.integer(value, what, 0, 10**6)

        def choice(value: Any, what: str) -> tuple[int, str]:
            pair = jsonio.items(value, what, 2)
            if len(pair) != 2:
                raise RecordError(f"{what} must be [seat, choice]")
            return seat(pair[0], f"{what}[0]"), jsonio.text(pair[1], f"{what}[1]", 20)

        def payments(value: Any, what: str) -> tuple[Payment, ...]:
            listed = jsonio.listed(value, what, Payment.from_dict, 1000)
            _check_payments(listed, resolved, what)
            return listed

        phase = jsonio.member(MatchPhase, data["phase"], "match view.phase", "a phase")
        hand = data["hand"]
        view = cls(
            seat=seat(data["seat"], "match view.seat"),
            profile=resolved.name,
            players=players,
            bankrolls=jsonio.listed(
                data["bankrolls"], "match view.bankrolls", jsonio.money, players
            ),
            stakes=_stakes(resolved, data["stakes"], "match view.stakes", at_start=False),
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
            hand=None if hand is None else HandView.from_dict(hand, profile=resolved),
        )
        if players != resolved.players:
            raise RecordError(
                f"match view.players: the {resolved.name} profile has {resolved.players}"
            )
        if len(view.bankrolls) != players:
            raise RecordError(f"match view.bankrolls must hold {players} counters")
        if view.hand is not None and (
            view.hand.seat != view.seat or view.hand.dealer != view.dealer
        ):
            raise RecordError("match view.hand: the hand's seat and dealer must be the match's")
        if view.hands_played != len(view.results) or view.hand_number != view.hands_played + 1:
            raise RecordError("match view: hands_played, hand_number and results disagree")
        if any(c not in ("continue", "share") or s not in view.deciders for s, c in view.choices):
            raise RecordError("match view.choices: a choice is 'continue' or 'share', by a decider")
        return view

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes, *, profile: Profile | None = None) -> MatchView:
        """A view from :meth:`to_json`'s text (see :meth:`from_dict`)."""
        return cls.from_dict(jsonio.loads(text, "match view"), profile=profile)


def match_view(match: Match, seat: int, hand: Hand | None = None) -> MatchView:
    """The view of ``match`` for ``seat``; ``hand`` is the hand in play as it stands now (by default
    the hand in progress as dealt)."""
    from reversis.hand import Hand  # noqa: PLC0415

    if type(seat) is not int or not 0 <= seat < match.players:
        raise ArgumentError(f"{str(seat)[:40]!r} is not a seat (0 to {match.players - 1})")
    if hand is not None and (
        not isinstance(hand, Hand) or match.hand is None or hand.deal != match.hand.deal
    ):
        raise ArgumentError("hand must be the match's hand in progress, as it stands now")
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
