"""What a valid view is, and the readers that check views read from data (see :func:`check_view`).

A view read from JSON comes from outside (a client, a file): before anything uses it, it is checked
against its profile, so that a bad view is a :class:`~reversis.RecordError` naming the problem, never
a crash deep inside :func:`reversis.sample_world` or a bot.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from reversis import jsonio
from reversis.cards import CARD_SCHEMA, Card, mask_of, read_card
from reversis.engine.actions import move_index
from reversis.engine.tricks import Phase, Trick, trick_winner
from reversis.errors import ArgumentError, InvalidMoveError, ProfileError, RecordError, StakesError
from reversis.games.payments import Payment, profile_accounts
from reversis.moves import Move, parse_move
from reversis.profile import Profile, profile_from_data
from reversis.profile.stakes import parse_stakes
from reversis.stakes import Stakes, stakes_from_dict
from reversis.views.rules import check_rules, seen_by, view_deal

if TYPE_CHECKING:
    from reversis.views.view import HandView

__all__ = ["check_view", "seen_by"]

#: The views known to pass :func:`check_view` against their own profile (``view.rules``): those
#: :func:`~reversis.views.view.hand_view` made from a hand, those ``HandView.from_dict`` checked. By
#: identity: ``id(view)`` to a weak reference to the view (an id outlives its object, so a view is
#: known only while the reference still gives it back); a view made from one (``attrs.evolve``) is
#: another object, checked again. The registry changes no result, it only spares checking a view
#: twice. The references of views gone are swept out when the registry has doubled since the last
#: sweep (``_SWEEP_AT``), so that it stays within twice the views alive. Every change to it is
#: made holding ``_LOCK`` (views are made from many threads at once); a look-up is one dict
#: access, safe without it. The sweep reads a copy of the entries and removes an entry only if it
#: is still the dead reference it read, so that nothing, not even a call made again on the same
#: thread during the sweep (the lock is reentrant), can change the dict under its iteration.
_CHECKED: dict[int, weakref.ReferenceType[HandView]] = {}
_SWEEP_AT = [1024]
_LOCK = threading.RLock()


def mark_checked(view: HandView) -> None:
    """Note that ``view`` passes :func:`check_view` against ``view.rules`` (see
    :func:`is_checked`); safe from any number of threads."""
    ref = weakref.ref(view)
    with _LOCK:
        _CHECKED[id(view)] = ref
        if len(_CHECKED) < _SWEEP_AT[0]:
            return
        for key, known in list(_CHECKED.items()):
            if known() is None and _CHECKED.get(key) is known:
                _CHECKED.pop(key, None)
        _SWEEP_AT[0] = max(1024, 2 * len(_CHECKED))


def is_checked(view: HandView, profile: Profile) -> bool:
    """Whether :func:`check_view` ``(view, profile)`` is known to pass: ``view`` itself (not an equal
    one) was made by a hand or checked when read, against this very ``profile``."""
    ref = _CHECKED.get(id(view))
    return ref is not None and ref() is view and view.rules is profile


#: The fields of events that name a seat.
_EVENT_SEATS = ("seat", "dealer", "eldest", "leader", "winner", "loser", "to", "breaker")


#: The keys of a trick in a view's data (its ``plays`` are ``[seat, card]`` pairs).
TRICK_FIELDS = {
    "number": jsonio.Field(jsonio.integer_schema(1, 100)),
    "leader": jsonio.Field(jsonio.integer_schema(0, 7)),
    "plays": jsonio.Field(
        jsonio.list_schema(jsonio.pair_schema(jsonio.integer_schema(0, 7), CARD_SCHEMA), 8)
    ),
    "winner": jsonio.Field(jsonio.nullable(jsonio.integer_schema(0, 7))),
}


def read_trick(data: Any, what: str) -> Trick:
    """A trick from its data (:class:`~reversis.RecordError` if malformed)."""
    jsonio.read_fields(data, what, TRICK_FIELDS)
    plays = []
    for i, play in enumerate(jsonio.items(data["plays"], f"{what}.plays", 8)):
        pair = jsonio.items(play, f"{what}.plays[{i}]", 2)
        if len(pair) != 2:
            raise RecordError(f"{what}.plays[{i}] must be [seat, card]")
        plays.append(
            (
                jsonio.integer(pair[0], f"{what}.plays[{i}][0]", 0, 7),
                read_card(pair[1], f"{what}.plays[{i}][1]"),
            )
        )
    return Trick(
        jsonio.integer(data["number"], f"{what}.number", 1, 100),
        jsonio.integer(data["leader"], f"{what}.leader", 0, 7),
        tuple(plays),
        jsonio.optional_integer(data["winner"], f"{what}.winner", 0, 7),
    )


def read_move(text: str, what: str) -> Move:
    """A move from its notation in data."""
    try:
        return parse_move(text)
    except InvalidMoveError as exc:
        raise RecordError(f"{what}: {exc}") from None


def resolve(name: Any, given: Profile | None, what: str) -> Profile:
    """The profile a view names: ``given`` if it has that name, else a shipped profile."""
    if given is not None and not isinstance(given, Profile):
        raise ArgumentError(f"profile must be a Profile, not {type(given).__name__}")
    name = jsonio.text(name, what, 60)
    try:
        return profile_from_data(name, what, profiles=() if given is None else (given,))
    except ProfileError as exc:
        raise RecordError(f"{what}: {exc.problem}") from None


def read_stakes(profile: Profile, data: Any, what: str, *, at_start: bool = True) -> Stakes:
    """Stakes of ``profile`` from data."""
    stakes_from_dict(data, what)  # the shape, with errors naming the key
    try:
        return parse_stakes(profile, data, at_start=at_start)
    except StakesError as exc:
        raise RecordError(f"{what}: {exc}") from None


def check_payments(payments: Sequence[Payment], profile: Profile, what: str) -> None:
    """Payments between seats and accounts of ``profile``, on its tricks."""
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


def check_net(payments: Sequence[Payment], net: Sequence[int], what: str) -> None:
    """``net`` is what ``payments`` give each seat."""
    sums = [0] * len(net)
    for p in payments:
        if isinstance(p.payer, int) and p.payer < len(net):
            sums[p.payer] -= p.amount
        if isinstance(p.payee, int) and p.payee < len(net):
            sums[p.payee] += p.amount
    if tuple(sums) != tuple(net):
        raise RecordError(f"{what}: {list(net)} is not what the payments give ({sums})")


def check_view(view: HandView, profile: Profile, what: str = "view") -> None:
    """Check that ``view`` is a view some hand of ``profile`` could show its seat;
    :class:`~reversis.RecordError` naming the first field that is wrong.

    The view names the profile and its number of players; its seats (the viewer, the dealer, the
    seat to move, every seat in its tricks, events and payments) are seats of the table; every
    per-seat field (``card_counts``, ``tricks_taken``, ``points``, ``net``) has a value for each
    seat. Every card is of the profile's pack, and no card is in two places (the seat's hand, in
    card order, the tricks, the current trick, the cards put aside, the pot). The card shown at
    the deal is there exactly when the profile shows one, ``trump`` is its suit in a game with
    trumps and ``None`` otherwise, ``pass_direction`` one of the profile's directions in Hearts
    and ``None`` otherwise. The tricks are numbered in order, each led by the winner of the one
    before, played in turn round the table and won by the card the rules of play say; the tricks
    taken are those tricks' winners; each seat's card count is what its steps before play and its
    plays leave it. The events are those the seat may see (another seat's cards hidden), in the
    order of a hand: the deal, the card shown, the steps before play in the deal's order, the
    cards changing hands, then every card played and trick taken as the tricks show them, and
    ``HandOver`` exactly when the hand is over; the seat's widow card and the cards it put aside,
    gave and received are those its events show. The phase and the seat to move follow from the
    steps done and the tricks, and the legal moves are exactly the moves the rules allow the seat
    now (empty when it is not to move). The payments are positive, between two different accounts
    of the profile, and add up to ``net``; the stakes are stakes of the profile; the pot, shown
    at the end of an ordinary hand of Reversis or Réunion, holds the cards put aside and has the
    value the game gives it.

    It does not prove that some deal leads to the view (the points, the payments and the stakes
    after the hand's start, what the other seats' plays imply of their cards, are not worked
    out): :func:`reversis.sample_world` does that, by finding one, and raises
    :class:`~reversis.NoWorldError` when it finds none.
    """
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
    for key in ("card_counts", "tricks_taken", "points", "net"):
        if len(getattr(view, key)) != n:
            fail(f"{key} must give a value for each of the {n} seats")
    pack = set(profile.deck)
    if (view.shown is not None) != (profile.deal.shown != "none"):
        fail("the card shown at the deal is given exactly when the profile shows one")
    for key, at_start in (("stakes_at_start", True), ("stakes", False)):
        try:
            parse_stakes(profile, getattr(view, key), at_start=at_start)
        except StakesError as exc:
            fail(f"{key}: {exc}")
    # the engine's deal of what the view shows, whose rules every check below asks
    deal = view_deal(view, profile)
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
    leader = view.tricks[0].leader if view.tricks else -1
    if leader < 0 and view.current_trick is not None:
        leader = view.current_trick.leader
    if not deal.rules.first_lead and leader >= 0 and leader != (view.dealer + 1) % n:
        # fournier-1785 §6 (hearts §5: the holder of the two of clubs, checked with the turn)
        fail("the first trick is led by the eldest")
    played = [0] * n
    taken = [0] * n
    for i, trick in enumerate((*view.tricks, *filter(None, [view.current_trick]))):
        current = i == len(view.tricks)
        where = "the current trick" if current else f"trick {trick.number}"
        if trick.number != i + 1 or trick.leader != leader or not 0 <= leader < n:
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
        cards = tuple(card.index for card in trick.cards)
        if trick.winner != trick_winner(deal, trick.leader, cards, mask_of(trick.cards)):
            fail(f"{where} is not won by the card that wins it")
        leader = trick.winner
        taken[leader] += 1
    if tuple(taken) != view.tricks_taken:
        fail("tricks_taken must count the tricks each seat won")
    place(view.put_aside, "the cards put aside", unique=False)
    for card in (view.widow_card, view.shown, *view.given, *view.received):
        if card is not None:
            place([card], "the deal and the exchange", unique=False)
    if view.pot is not None:
        place(view.pot, "the pot", unique=False)
        clash = [c for c in view.pot if c in places]
        if clash:
            fail(f"{clash[0].code} is both in the pot and in {places[clash[0]]}")
    elif view.pot_value is not None:
        fail("pot_value is given without the pot")
    if view.card_counts[view.seat] != len(view.hand):
        fail(f"card_counts[{view.seat}] is not the size of the seat's hand")
    for seat, count in enumerate(view.card_counts):
        full = profile.tricks + (1 if seat == view.dealer else 0) + len(profile.compiled.steps[0])
        if count > full or (
            view.phase is not Phase.EXCHANGE and count + played[seat] != profile.tricks
        ):
            fail(f"card_counts[{seat}] does not fit the cards seat {seat} has played")
    if bool(view.legal_moves) != (view.to_move == view.seat):
        fail("legal moves are listed exactly when the seat is to move")
    for move in view.legal_moves:
        try:
            move_index(profile, move)
        except InvalidMoveError:
            fail(f"{move} is not a move of the {profile.name} profile")
    for event in view.events:
        for key in _EVENT_SEATS:
            value = getattr(event, key, None)
            if value is not None and not 0 <= value < n:
                fail(f"event {type(event).__name__}: {key} {value} is not a seat")
        trick_no = getattr(event, "trick", None)
        if trick_no is not None and not 1 <= trick_no <= profile.tricks:
            fail(f"event {type(event).__name__}: trick {trick_no} is not a trick of the hand")
    check_payments(view.payments, profile, f"{what}.payments")
    check_net(view.payments, view.net, f"{what}.net")
    check_rules(view, profile, fail, deal=deal)
