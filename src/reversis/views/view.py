"""Per-player views: what one seat may know of a hand or a match, and nothing else.

A front-end sends ``hand.view(seat)`` to that player's client (``view.to_json()``); a bot decides
from it. A view holds the seat's own cards and the cards it saw or moved, the card shown to all,
the public plays and tricks, the counts, points, payments and stakes, whose turn it is and, on its
turn, its legal moves. Events are filtered: another player's exchange, discard or pass shows that
it happened, not which cards; a privilege used by another player shows only when the hand is over.

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
from types import ModuleType
from typing import TYPE_CHECKING, Any

import attrs

from reversis import events as ev
from reversis import jsonio
from reversis._core import engine_name
from reversis.cards import Card, cards_from_mask, mask_of, read_cards, read_optional_card
from reversis.engine.actions import action_count, move_index
from reversis.engine.deal import direction_name
from reversis.engine.state import State
from reversis.engine.tricks import Phase, Trick
from reversis.errors import ArgumentError, RecordError
from reversis.games import game_of
from reversis.games.payments import Payment, Settlement
from reversis.games.table import MatchPhase
from reversis.moves import Move
from reversis.profile import Profile
from reversis.stakes import Stakes
from reversis.views.check import (
    check_payments,
    check_view,
    mark_checked,
    read_move,
    read_stakes,
    read_trick,
    resolve,
)
from reversis.views.documents import HAND_VIEW_FIELDS, MATCH_VIEW_FIELDS
from reversis.views.seat_events import hand_tricks, seat_events

if TYPE_CHECKING:
    from reversis.hand import Hand
    from reversis.match import Match

__all__ = ["HandView", "MatchView", "check_view", "hand_view", "match_view", "view_cards"]


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


@attrs.frozen
class HandView:
    """What ``seat`` may know of a hand.

    Cards of other players that ``seat`` cannot know are never present; where an event involves such
    a card, the view's copy of the event has ``None`` in its place."""

    #: The seat whose view this is.
    seat: int
    #: The profile's name.
    profile: str
    players: int
    dealer: int
    #: The hand's number in its match (Hearts' pass direction follows it).
    hand_number: int
    phase: Phase
    #: The seat to move, or ``None`` when the hand is over.
    to_move: int | None
    #: The number of the trick being played (or to be played).
    trick_number: int
    #: The seat's own cards, in card order.
    hand: tuple[Card, ...]
    #: The card shown to everyone at the deal (Tëtka's bum card, Réunion's turn-up), if any.
    shown: Card | None
    #: The trump suit's letter, if the game has trumps.
    trump: str | None
    #: Hearts: the pass direction (``left``, ``across``, ``right``, ``none``).
    pass_direction: str | None
    #: The widow card the seat took (exchange) or looked at (decline), once it has done so.
    widow_card: Card | None
    #: The cards the seat put aside (its exchange or discards), or that a decline put aside.
    put_aside: tuple[Card, ...]
    #: The cards the seat gave or passed to another player.
    given: tuple[Card, ...]
    #: The cards the seat received, once the cards have changed hands.
    received: tuple[Card, ...]
    #: How many cards each seat holds.
    card_counts: tuple[int, ...]
    #: How many tricks each seat has taken.
    tricks_taken: tuple[int, ...]
    #: The points each seat has (``hand.points``: public).
    points: tuple[int, ...]
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
    #: The cards put aside, once shown at the end of the hand (Reversis' pot, turned at the end of
    #: an ordinary hand; Réunion's discards); ``None`` before. The pot's value (Reversis).
    pot: tuple[Card, ...] | None
    pot_value: int | None
    #: Whether this seat holds the privilege (four aces, espagnolette): its own secret.
    privileged: bool
    #: The profile itself, when the view was made from a hand or read with it (not in the data).
    _rules: Profile | None = attrs.field(
        default=None, eq=False, repr=False, alias="rules", metadata={"internal": True}
    )

    @property
    def rules(self) -> Profile:
        """The view's profile: the one it was made or read with, else the shipped profile of its
        name (:class:`~reversis.RecordError` if there is none)."""
        if self._rules is not None and self._rules.name == self.profile:
            return self._rules
        return resolve(self.profile, None, "view.profile")

    def legal_indices(self) -> tuple[int, ...]:
        """The legal moves as their numbers in the profile's action space."""
        profile = self.rules
        return tuple(move_index(profile, m) for m in self.legal_moves)

    def legal_mask(self) -> tuple[bool, ...]:
        """For each action of the profile's action space, whether it is legal for this seat now:
        a mask for bots and reinforcement learning."""
        mask = [False] * action_count(self.rules)
        for index in self.legal_indices():
            mask[index] = True
        return tuple(mask)

    def to_dict(self) -> dict[str, Any]:
        """The view as plain data, ready for JSON (cards as codes, moves in their notation)."""
        return {
            "schema": jsonio.SCHEMA,
            "type": "hand-view",
            "seat": self.seat,
            "profile": self.profile,
            "players": self.players,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "phase": self.phase.value,
            "to_move": self.to_move,
            "trick_number": self.trick_number,
            "hand": [c.code for c in self.hand],
            "shown": _code(self.shown),
            "trump": self.trump,
            "pass_direction": self.pass_direction,
            "widow_card": _code(self.widow_card),
            "put_aside": [c.code for c in self.put_aside],
            "given": [c.code for c in self.given],
            "received": [c.code for c in self.received],
            "card_counts": list(self.card_counts),
            "tricks_taken": list(self.tricks_taken),
            "points": list(self.points),
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
        """A view from :meth:`to_dict`'s data, checked against its profile (see
        :func:`~reversis.views.view.check_view`): :class:`~reversis.RecordError` if malformed or
        impossible.

        The view's ``profile`` names a shipped profile, or ``profile`` (a :class:`Profile` the
        caller gives, for a profile of its own); a name read from data never opens a file.
        """
        players = _players(cls, data, "view", "hand-view")
        resolved = resolve(data["profile"], profile, "view.profile")

        def seat(value: Any, what: str) -> int:
            return jsonio.integer(value, what, 0, players - 1)

        def counts(value: Any, what: str) -> tuple[int, ...]:
            return jsonio.listed(value, what, lambda v, w: jsonio.integer(v, w, 0, 60), players)

        def optional_text(value: Any, what: str) -> str | None:
            return None if value is None else jsonio.text(value, what, 10)

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
            hand_number=jsonio.integer(data["hand_number"], "view.hand_number", 1, 1_000_000),
            phase=jsonio.member(Phase, data["phase"], "view.phase", "a phase"),
            to_move=None if data["to_move"] is None else seat(data["to_move"], "view.to_move"),
            trick_number=jsonio.integer(data["trick_number"], "view.trick_number", 1, 100),
            hand=read_cards(data["hand"], "view.hand"),
            shown=read_optional_card(data["shown"], "view.shown"),
            trump=optional_text(data["trump"], "view.trump"),
            pass_direction=optional_text(data["pass_direction"], "view.pass_direction"),
            widow_card=read_optional_card(data["widow_card"], "view.widow_card"),
            put_aside=read_cards(data["put_aside"], "view.put_aside"),
            given=read_cards(data["given"], "view.given"),
            received=read_cards(data["received"], "view.received"),
            card_counts=counts(data["card_counts"], "view.card_counts"),
            tricks_taken=counts(data["tricks_taken"], "view.tricks_taken"),
            points=jsonio.listed(data["points"], "view.points", jsonio.money, players),
            tricks=jsonio.listed(data["tricks"], "view.tricks", read_trick, 60),
            current_trick=None if current is None else read_trick(current, "view.current_trick"),
            legal_moves=tuple(read_move(m, f"view.legal_moves[{i}]") for i, m in enumerate(moves)),
            events=jsonio.listed(data["events"], "view.events", ev.event_from_dict, 1000),
            payments=jsonio.listed(data["payments"], "view.payments", Payment.from_dict, 1000),
            net=jsonio.listed(data["net"], "view.net", jsonio.money, players),
            stakes_at_start=read_stakes(resolved, data["stakes_at_start"], "view.stakes_at_start"),
            stakes=read_stakes(resolved, data["stakes"], "view.stakes", at_start=False),
            pot=None if pot is None else read_cards(pot, "view.pot"),
            pot_value=jsonio.optional_integer(
                data["pot_value"], "view.pot_value", 0, jsonio.MAX_MONEY
            ),
            privileged=jsonio.boolean(data["privileged"], "view.privileged"),
            rules=resolved,
        )
        check_view(view, resolved, "view")
        mark_checked(view)
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
    fields = MATCH_VIEW_FIELDS if kind == "match-view" else HAND_VIEW_FIELDS
    jsonio.read_fields(data, what, fields)  # the attrs fields but the internal ones (a test)
    jsonio.of_type(data, what, kind)
    return jsonio.integer(data["players"], f"{what}.players", 3, 8)


def _nested(data: dict[str, Any]) -> dict[str, Any]:
    data.pop("schema", None)
    return data


#: The core's views and its state class where the core plays, else ``None``.
_CORE: ModuleType | None = None
_CORE_STATE: type | None = None
if engine_name() == "compiled":
    from reversis._core import views as _core_views
    from reversis._core.state import CoreState as _CoreState

    _CORE = _core_views
    _CORE_STATE = _CoreState
_STATES = (State, _CORE_STATE or State)  # the reference's, the core's


def hand_view(
    hand: Hand, seat: int, state: State | None = None, settlement: Settlement | None = None
) -> HandView:
    """The view of ``hand`` for ``seat``: what ``hand.view(seat)`` gives.

    :meth:`Hand.view <reversis.Hand.view>` calls :func:`own_view` with the hand's engine ``state``
    and its ``settlement`` (``reversis.settle(hand)``): the views sit below the hand, and read of
    it only what its public names give and these. Called with them, this function checks that they
    are the hand's; called with neither, it asks the hand (``hand.view(seat)``).
    :class:`~reversis.ArgumentError` if ``hand`` is not a hand, or the other arguments are not what
    the hand gives."""
    if state is None and settlement is None:
        made = getattr(hand, "view", None)
        view = made(seat) if callable(made) else None
        if not isinstance(view, HandView):
            raise ArgumentError(f"hand_view() needs a Hand, not {type(hand).__name__}")
        return view
    if state is None or not isinstance(state, _STATES) or not isinstance(settlement, Settlement):
        raise ArgumentError("hand_view() takes the hand's state and settlement, or neither")
    if type(seat) is not int or not 0 <= seat < len(state.held):
        raise ArgumentError(f"{str(seat)[:40]!r} is not a seat (0 to {len(state.held) - 1})")
    deal = state.deal
    if (
        deal.profile is not hand.profile
        or deal.dealer != hand.dealer
        or state.to_move != (-1 if hand.to_move is None else hand.to_move)
        or len(state.tricks) != len(hand_tricks(hand, state))
        or state.held[seat] != mask_of(hand.hand_of(seat))
    ):
        raise ArgumentError("hand_view(): the state is not the hand's own (call hand.view(seat))")
    return own_view(hand, seat, state, settlement)


def own_view(hand: Hand, seat: int, state: State, settlement: Settlement) -> HandView:
    """The view of ``hand`` for ``seat``, made from the hand's own engine ``state`` and its
    ``settlement``, which are not checked (what :meth:`Hand.view <reversis.Hand.view>` calls;
    :func:`hand_view` checks them first).

    On the compiled core and while the hand is in play, the core makes the view from the state in
    one call (``view_of`` in ``_core/views.pyx``), equal to the one made here otherwise from the
    hand's public values and the game's ``seen`` (``tests/views/test_view_core.py``)."""
    if _CORE is not None and type(state) is _CORE_STATE:
        made: HandView | None = _CORE.view_of(state, seat, settlement, hand.legal_moves(), HandView)
        if made is not None:
            mark_checked(made)  # valid by construction (tests/views/test_views.py checks it)
            return made
    deal = state.deal
    tricks = hand_tricks(hand, state)
    mine = seat_events(hand, state, seat)
    profile = hand.profile
    # What the game shows of its own facts: the points as this seat knows them, the cards put
    # aside once turned, the pot's value, the seat's privilege (see reversis.games).
    seen = game_of(profile).seen(state, seat)
    trumps = deal.trumps
    view = HandView(
        seat=seat,
        profile=profile.name,
        players=hand.players,
        dealer=hand.dealer,
        hand_number=deal.hand_number,
        phase=hand.phase,
        to_move=hand.to_move,
        trick_number=len(tricks) + 1,
        hand=hand.hand_of(seat),
        shown=None if deal.shown < 0 else Card.from_index(deal.shown),
        trump=None if trumps is None else "CDHS"[trumps.suit],
        pass_direction=direction_name(deal) if deal.rules.passing else None,
        widow_card=mine.widow_card,
        put_aside=mine.put_aside,
        given=mine.given,
        received=mine.received,
        card_counts=tuple(cards.bit_count() for cards in state.held),
        tricks_taken=hand.tricks_taken,
        points=seen.points,
        tricks=tricks,
        current_trick=hand.current_trick,
        legal_moves=hand.legal_moves() if hand.to_move == seat else (),
        events=mine.events,
        payments=settlement.payments,
        net=settlement.net,
        stakes_at_start=deal.stakes,
        stakes=settlement.stakes,
        pot=None if seen.aside is None else cards_from_mask(seen.aside),
        pot_value=seen.pot_value,
        privileged=seen.privileged,
        rules=profile,
    )
    mark_checked(view)  # valid by construction (tests/views/test_views.py checks it)
    return view


@attrs.frozen
class MatchView:
    """What ``seat`` may know of a match: everything public (counters, stakes, dealer, round, the
    settlements and points of the finished hands, the end-of-match choice) and its view of the hand
    in play."""

    seat: int
    profile: str
    players: int
    bankrolls: tuple[int, ...]
    stakes: Stakes
    dealer: int
    round: int
    hand_number: int
    hands_played: int
    #: The agreed number of hands, or ``None`` for a match that ends on a limit of points.
    total_hands: int | None
    phase: MatchPhase
    deciders: tuple[int, ...]
    choices: tuple[tuple[int, str], ...]
    #: The antes of the hand in play.
    antes: tuple[Payment, ...]
    #: The payments of each finished hand, and its points.
    results: tuple[tuple[Payment, ...], ...]
    points_by_hand: tuple[tuple[int, ...], ...]
    #: The payments at the end of the match (stakes shared, the game's payments).
    final_payments: tuple[Payment, ...]
    #: The seat's view of the hand in play, if any.
    hand: HandView | None

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points over the finished hands."""
        return tuple(sum(points[s] for points in self.points_by_hand) for s in range(self.players))

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
            "points_by_hand": [list(p) for p in self.points_by_hand],
            "final_payments": [p.to_dict() for p in self.final_payments],
            "hand": _nested(self.hand.to_dict()) if self.hand else None,
        }

    @classmethod
    def from_dict(cls, data: Any, *, profile: Profile | None = None) -> MatchView:
        """A view from :meth:`to_dict`'s data, checked against its profile as
        :meth:`HandView.from_dict` does (:class:`~reversis.RecordError` if malformed)."""
        players = _players(cls, data, "match view", "match-view")
        resolved = resolve(data["profile"], profile, "match view.profile")

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
            check_payments(listed, resolved, what)
            return listed

        def points(value: Any, what: str) -> tuple[int, ...]:
            return jsonio.listed(value, what, jsonio.money, players)

        hand = data["hand"]
        total = data["total_hands"]
        view = cls(
            seat=seat(data["seat"], "match view.seat"),
            profile=resolved.name,
            players=players,
            bankrolls=jsonio.listed(
                data["bankrolls"], "match view.bankrolls", jsonio.money, players
            ),
            stakes=read_stakes(resolved, data["stakes"], "match view.stakes", at_start=False),
            dealer=seat(data["dealer"], "match view.dealer"),
            round=count(data["round"], "match view.round"),
            hand_number=count(data["hand_number"], "match view.hand_number"),
            hands_played=count(data["hands_played"], "match view.hands_played"),
            total_hands=None if total is None else count(total, "match view.total_hands"),
            phase=jsonio.member(MatchPhase, data["phase"], "match view.phase", "a phase"),
            deciders=jsonio.listed(data["deciders"], "match view.deciders", seat, players),
            choices=jsonio.listed(data["choices"], "match view.choices", choice, 100),
            antes=payments(data["antes"], "match view.antes"),
            results=jsonio.listed(data["results"], "match view.results", payments, 100_000),
            points_by_hand=jsonio.listed(
                data["points_by_hand"], "match view.points_by_hand", points, 100_000
            ),
            final_payments=payments(data["final_payments"], "match view.final_payments"),
            hand=None if hand is None else HandView.from_dict(hand, profile=resolved),
        )
        if players != resolved.players:
            raise RecordError(
                f"match view.players: the {resolved.name} profile has {resolved.players}"
            )
        if len(view.bankrolls) != players or any(len(p) != players for p in view.points_by_hand):
            raise RecordError(f"match view: counters and points must be given for {players} seats")
        if view.hand is not None and (
            view.hand.seat != view.seat
            or view.hand.dealer != view.dealer
            or view.hand.hand_number != view.hand_number
            or view.hand.stakes_at_start != view.stakes
        ):
            raise RecordError(
                "match view.hand: the hand's seat, dealer, number and stakes at the start must be"
                " the match's"
            )
        if view.hand is not None and view.phase not in (MatchPhase.PLAYING, MatchPhase.CONTINUING):
            raise RecordError(f"match view.hand: no hand is in play when the match is {view.phase}")
        if (
            view.hands_played != len(view.results)
            or view.hands_played != len(view.points_by_hand)
            or view.hand_number != view.hands_played + 1
        ):
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


def match_view(
    match: Match,
    seat: int,
    hand: Hand | None = None,
    results: tuple[tuple[Payment, ...], ...] | None = None,
) -> MatchView:
    """The view of ``match`` for ``seat``: what ``match.view(seat, hand)`` gives. ``hand`` is the
    hand in play as it stands now (by default the hand in progress as dealt); ``results`` are the
    payments of each finished hand, ``tuple(settle(h).payments for h in match.history)``, which
    :meth:`Match.view <reversis.Match.view>` gives (the views sit below the settlement and do not
    settle hands). :class:`~reversis.ArgumentError` without them, or for a seat, hand or results
    that are not the match's."""
    if type(seat) is not int or not 0 <= seat < match.players:
        raise ArgumentError(f"{str(seat)[:40]!r} is not a seat (0 to {match.players - 1})")
    if hand is not None and (
        match.hand is None or not isinstance(hand, type(match.hand)) or hand.deal != match.hand.deal
    ):
        raise ArgumentError("hand must be the match's hand in progress, as it stands now")
    if not (
        isinstance(results, tuple)
        and len(results) == match.hands_played
        and all(isinstance(r, tuple) and all(isinstance(p, Payment) for p in r) for r in results)
    ):
        raise ArgumentError(
            f"match_view() needs results, the payments of each of the {match.hands_played} finished"
            " hands: match.view(seat) gives them"
        )
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
        results=results,
        points_by_hand=match.points_by_hand,
        final_payments=match.final_payments,
        hand=hand_view(live, seat) if live is not None else None,
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
            fields = attrs.fields(kind)
            stack.extend(getattr(item, f.name) for f in fields if not f.metadata.get("internal"))
    return found
