"""The consistency checker: play random hands of any profile and check every invariant after every move.

Run it on a shipped profile or on your own house rules::

    >>> from reversis import load_profile
    >>> from reversis.testing import check_profile
    >>> report = check_profile(load_profile("fournier-1785-3p"), hands=3, seed=1)
    >>> report.hands, report.failures
    (3, ())

or from the command line: ``python -m reversis check --profile my-rules.toml --hands 500``.

After every move it checks that

* cards are conserved: the hands, the widow cards not yet taken, the pot and the tricks are the pack,
  each card once;
* ``legal_moves()`` is sorted, without repeats, empty exactly when the hand is over, and is exactly
  the set of moves ``apply`` accepts (every legal move is accepted; illegal moves — a sample, or every
  move of the game with ``exhaustive=True`` — are refused with :class:`~reversis.IllegalMoveError`);
* a refused move leaves the hand unchanged, and so does an accepted one (hands are immutable);
* each seat's view shows its own cards and no card it may not know;
* replaying the moves from the deal, pickling, and JSON (of the hand and of each view) give back an
  equal value with an equal hash;
* money (:func:`check_money`): every payment is positive between two different accounts, the net of
  the players is minus the change of the pools (beasts are debts, not counters), the stakes after
  the hand are valid stakes, and in Reversis, until the hand ends or a reversis is committed, each
  state's payments extend those of the state before it (the settlement is built up trick by
  trick; the games of points settle the points so far afresh).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from reversis import events as ev
from reversis.cards import Card
from reversis.engine.actions import action_count, move_at
from reversis.errors import ArgumentError, IllegalMoveError, StakesError
from reversis.games import game_of
from reversis.hand import Hand, Phase, deal_hand, new_hand, settle, state_of
from reversis.moves import DECLINE, Discard, Exchange, Give, Move, Pass, Play, parse_move
from reversis.profile import Profile, load_profile
from reversis.profile.stakes import parse_stakes
from reversis.views.view import HandView, view_cards

__all__ = [
    "CheckReport",
    "ConsistencyError",
    "all_moves",
    "check_hand",
    "check_money",
    "check_points",
    "check_profile",
    "check_state",
    "foreign_moves",
    "knowable_cards",
]


#: Largest number of hands, seed or probes :func:`check_profile` takes.
MAX_CHECK = 10**9


class ConsistencyError(AssertionError):
    """An invariant does not hold. The message names it, the profile, the seed and the move."""


@attrs.frozen
class CheckReport:
    """What :func:`check_profile` did: how many ``hands`` and ``moves`` it checked, and the
    ``failures`` (messages of :class:`ConsistencyError`), empty when every invariant held."""

    profile: str
    hands: int
    moves: int
    failures: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """Whether every invariant held."""
        return not self.failures


def all_moves(profile: Profile) -> tuple[Move, ...]:
    """Every move of ``profile``'s action space (see :mod:`reversis.engine.actions`), in order."""
    return tuple(move_at(profile, i) for i in range(action_count(profile)))


def foreign_moves(profile: Profile) -> tuple[Move, ...]:
    """Moves of every kind for every card of the pack, ``decline`` too, outside ``profile``'s
    action space: ``apply`` must refuse each of them."""
    inside = set(all_moves(profile))
    kinds = (Play, Exchange, Discard, Give, Pass)
    every = [kind(card) for kind in kinds for card in profile.deck]
    return tuple(m for m in (*every, DECLINE) if m not in inside)


def knowable_cards(hand: Hand, seat: int) -> set[Card]:
    """The cards ``seat`` may know, worked out from the events (independently of the views): its own
    cards (Réunion's dealer: the widow he takes up), the card shown to all at the deal, the two of
    clubs once play begins where its holder leads (hearts §5), the widow card it took or looked at,
    what it put aside, gave, passed and received, the cards played, and the cards put aside once
    shown at the end of the hand (Reversis' pot, Réunion's discards)."""
    deal = hand.deal
    known: set[Card] = set(deal.dealt[seat]) | set(hand.hand_of(seat))
    if hand.profile.deal.widow == "dealer" and seat == hand.dealer:
        known.update(deal.widow)
    if deal.shown is not None:
        known.add(deal.shown)
    if hand.profile.compiled.first_lead and hand.phase is not Phase.EXCHANGE:
        # hearts §5: the holder of the two of clubs leads the first trick, for everyone to see.
        known.add(Card.parse("2C"))
    coming: list[Card] = []
    for event in hand.events:
        if isinstance(event, ev.Exchanged) and event.seat == seat:
            known.update(c for c in (event.discarded, event.taken) if c is not None)
        elif isinstance(event, ev.Declined) and event.seat == seat and event.widow_card:
            known.add(event.widow_card)
        elif isinstance(event, ev.Discarded) and event.seat == seat and event.card:
            known.add(event.card)
        elif isinstance(event, ev.CardGiven) and event.card:
            if event.seat == seat:
                known.add(event.card)
            elif event.to == seat:
                coming.append(event.card)
        elif isinstance(event, ev.CardsPassed):
            known.update(coming)
            coming = []
        elif isinstance(event, ev.CardPlayed):
            known.add(event.card)
    if hand.is_over and state_of(hand).extra.committed < 0:
        # fournier-1785 §7, reunion §4: what was put aside is shown at the end, unless a reversis
        # put the pot out of play (fournier-1785 §8).
        known.update(_aside(hand))
    return known


def _places(hand: Hand) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Where the hand's game keeps cards besides the hands, the widow and the tricks (Reversis'
    pot, Réunion's discards, Hearts' cards in passage), as its reading shows them."""
    return game_of(hand.profile).card_places(state_of(hand))


def _aside(hand: Hand) -> tuple[Card, ...]:
    """The cards put aside so far: Reversis' pot, Réunion's discards (none in the other games;
    Hearts' cards in passage are all received before play)."""
    return tuple(card for _, cards in _places(hand) for card in cards)


def _fail(what: str, hand: Hand, detail: str) -> None:
    raise ConsistencyError(
        f"{what} [{hand.profile.name}, seed {hand.deal.seed}, dealer {hand.dealer}, after "
        f"{len(hand.moves)} moves: {' '.join(map(str, hand.moves[-6:]))}]: {detail}"
    )


def _snapshot(hand: Hand) -> tuple[Any, ...]:
    return (hand.moves, hand.hands, _aside(hand), hand.tricks, hand.current_trick, hand.events)


def check_state(
    hand: Hand,
    *,
    rng: random.Random | None = None,
    probes: int = 6,
    exhaustive: bool = False,
    views: bool = True,
    replay: bool = True,
) -> None:
    """Check every invariant of one state (see the module's docstring).

    ``probes`` illegal moves drawn with ``rng`` are tried (all of them with ``exhaustive``).
    Raises :class:`ConsistencyError` naming the first invariant that fails.
    """
    rng = rng or random.Random(0)
    profile = hand.profile
    deck = set(profile.deck)
    # Cards conserved.
    places: list[tuple[str, Iterable[Card]]] = [
        *((f"seat {s}", cards) for s, cards in enumerate(hand.hands)),
        *_places(hand),
        ("the widow", _widow_left(hand)),
        *((f"trick {t.number}", t.cards) for t in hand.tricks),
    ]
    if hand.current_trick is not None:
        places.append(("the current trick", hand.current_trick.cards))
    seen: dict[Card, str] = {}
    for where, cards in places:
        for card in cards:
            if card in seen:
                _fail("cards conserved", hand, f"{card.code} is in {seen[card]} and in {where}")
            seen[card] = where
    if set(seen) != deck:
        missing = " ".join(c.code for c in sorted(deck - set(seen)))
        extra = " ".join(c.code for c in sorted(set(seen) - deck))
        _fail("cards conserved", hand, f"missing {missing or '-'}, not of the pack {extra or '-'}")

    # Legal moves.
    legal = hand.legal_moves()
    if len(set(legal)) != len(legal):
        _fail("legal moves", hand, "a move is listed twice")
    if list(legal) != sorted(legal, key=_move_order):
        _fail("legal moves", hand, "the moves are not sorted")
    if hand.is_over != (not legal):
        _fail("legal moves", hand, f"over={hand.is_over} but {len(legal)} legal moves")
    if hand.is_over != (hand.phase is Phase.OVER) or hand.is_over != (hand.to_move is None):
        _fail("phase", hand, "is_over, phase and to_move disagree")
    before = _snapshot(hand)
    for move in legal:
        try:
            after = hand.apply(move)
        except IllegalMoveError as exc:
            _fail("legal moves are accepted", hand, f"{move} is listed but refused: {exc}")
        if after.moves != (*hand.moves, move):
            _fail("apply", hand, f"{move} did not record the move")
        if parse_move(str(move)) != move:
            _fail("notation", hand, f"{move!r} does not read back from {str(move)!r}")
    candidates = [m for m in all_moves(profile) if m not in set(legal)]
    foreign = list(foreign_moves(profile))
    if not exhaustive:
        candidates = rng.sample(candidates, min(probes, len(candidates)))
        foreign = rng.sample(foreign, min(2, len(foreign)))
    for move in (*candidates, *foreign):
        try:
            hand.apply(move)
        except IllegalMoveError:
            continue
        _fail("illegal moves are refused", hand, f"{move} is not listed but was accepted")
    if _snapshot(hand) != before:
        _fail("immutability", hand, "applying moves changed the hand")

    # Views.
    if views:
        for seat in range(profile.players):
            view = hand.view(seat)
            if view.hand != hand.hand_of(seat):
                _fail("views", hand, f"seat {seat}'s view does not show its own cards")
            leaked = view_cards(view) - knowable_cards(hand, seat)
            if leaked:
                shown = " ".join(c.code for c in sorted(leaked))
                _fail("views leak nothing", hand, f"seat {seat}'s view shows {shown}")
            if view.legal_moves != (legal if hand.to_move == seat else ()):
                _fail("views", hand, f"seat {seat}'s view has the wrong legal moves")
            if HandView.from_json(view.to_json(), profile=profile) != view:
                _fail("JSON", hand, f"seat {seat}'s view does not come back from its JSON")

    # Replay and pickling.
    if replay:
        deal = hand.deal
        again = deal_hand(
            profile,
            deal.dealt,
            deal.widow,
            dealer=hand.dealer,
            stakes=deal.stakes,
            bum=deal.shown if profile.compiled.shown == "last-dealt" else None,
            pass_direction=deal.pass_direction,
            hand_number=deal.hand_number,
        )
        for move in hand.moves:
            again = again.apply(move)
        if (again.hands, again.events, again.moves) != (hand.hands, hand.events, hand.moves):
            _fail("replay", hand, "replaying the moves from the deal gives another state")
        copy = pickle.loads(pickle.dumps(hand))
        if copy != hand or hash(copy) != hash(hand):
            _fail("pickling", hand, "a pickled copy is not equal")
        restored = Hand.from_json(hand.to_json())
        if restored != hand or hash(restored) != hash(hand) or restored.events != hand.events:
            _fail("JSON", hand, "the hand does not come back from its JSON")


def check_money(hand: Hand, previous: Hand | None = None) -> None:
    """Check the money invariants of ``hand`` (see the module's docstring); ``previous`` is the state
    before the last move, if any. Raises :class:`ConsistencyError`."""
    result = settle(hand)
    for payment in result.payments:
        if payment.amount <= 0 or payment.payer == payment.payee:
            _fail("payments", hand, f"{payment} is not a payment")
        for party in (payment.payer, payment.payee):
            if isinstance(party, int) and not 0 <= party < hand.players:
                _fail("payments", hand, f"{payment} names no seat")
    change = result.stakes.pool_total - hand.deal.stakes.pool_total
    if sum(result.net) != -change:
        _fail("money conserved", hand, f"net {result.net} but the pools changed by {change}")
    try:
        parse_stakes(hand.profile, result.stakes.to_dict(), at_start=False)
    except StakesError as exc:
        _fail("stakes", hand, f"the stakes after the hand are not valid: {exc}")
    if result.final != hand.is_over:
        _fail("settlement", hand, "final does not say whether the hand is over")
    if previous is not None and not hand.is_over and game_of(hand.profile).pays_as_played:
        # fournier-1785 §8: a reversis committed puts the pot out of play, and its payments with it.
        committed = state_of(hand).extra.committed >= 0 > state_of(previous).extra.committed
        if not committed:
            before = settle(previous).payments
            if result.payments[: len(before)] != before:
                _fail("settlement built up trick by trick", hand, "earlier payments changed")


def check_points(hand: Hand) -> None:
    """Check the points of a finished hand against what its game's spec says, worked out afresh
    from the public tricks and the profile's numbers: Tëtka's scoring items, one of each a hand (9
    points with the spec's values: tetka §4-§6), Réunion's card points of the whole pack and the
    last trick (150 a deal: reunion §3, §6), Hearts' card points with the moon and the bonus
    (hearts §8-§10): the game's :meth:`~reversis.games.base.Game.check_points`, held to
    ``hand.points``. Raises :class:`ConsistencyError`."""
    if not hand.is_over:
        return
    wrong = game_of(hand.profile).check_points(state_of(hand), hand.points)
    if wrong is not None:
        _fail("points", hand, wrong)


def _move_order(move: Move) -> tuple[int, int]:
    if isinstance(move, Play):
        return (0, move.card.index)
    if isinstance(move, Exchange):
        return (1, move.card.index)
    if isinstance(move, Discard):
        return (2, move.card.index)
    if isinstance(move, Give):
        return (3, move.card.index)
    return (4, 0)


def _widow_left(hand: Hand) -> list[Card]:
    """The widow cards no non-dealer has taken yet (Réunion's dealer takes them all at the deal)."""
    if hand.profile.deal.widow in ("dealer", "none"):
        return []
    used = sum(
        isinstance(e, ev.Exchanged | ev.Declined) for e in hand.events
    )  # widow cards are taken in order, one per non-dealer
    return list(hand.deal.widow[used:])


def check_hand(
    hand: Hand,
    *,
    rng: random.Random | None = None,
    choose: Callable[[Hand, random.Random], Move] | None = None,
    probes: int = 6,
    exhaustive: bool = False,
    views: bool = True,
    replay_every: int = 1,
    money: bool = True,
    extra: Callable[[Hand, Hand | None], None] | None = None,
) -> Hand:
    """Play ``hand`` to the end with random moves (or ``choose``), checking every state (and its
    money, with ``money``).

    ``extra(state, previous)`` is called after every move too, for further invariants (money, JSON).
    Returns the finished hand.
    """
    rng = rng or random.Random(0)
    previous: Hand | None = None
    step = 0
    while True:
        check_state(
            hand,
            rng=rng,
            probes=probes,
            exhaustive=exhaustive,
            views=views,
            replay=replay_every > 0 and (step % replay_every == 0 or hand.is_over),
        )
        if money:
            check_money(hand, previous)
        check_points(hand)
        if extra is not None:
            extra(hand, previous)
        if hand.is_over:
            return hand
        move = choose(hand, rng) if choose else rng.choice(hand.legal_moves())
        previous, hand = hand, hand.apply(move)
        step += 1


def check_profile(
    profile: Profile | str,
    *,
    hands: int = 100,
    seed: int = 0,
    probes: int = 6,
    exhaustive: bool = False,
    views: bool = True,
    replay_every: int = 8,
    money: bool = True,
    stop_at_first: bool = False,
    extra: Callable[[Hand, Hand | None], None] | None = None,
) -> CheckReport:
    """Play ``hands`` random hands of ``profile`` (a profile, a name or a path) and check every
    invariant after every move. Dealers rotate; hand ``i`` uses seed ``seed + i``.

    Returns a :class:`CheckReport`; with ``stop_at_first``, raises the first :class:`ConsistencyError`.
    """
    if not isinstance(profile, Profile):
        profile = load_profile(profile)
    for key, value, low in (("hands", hands, 0), ("seed", seed, 0), ("probes", probes, 0)):
        if type(value) is not int or not low <= value <= MAX_CHECK:
            raise ArgumentError(f"{key} must be an integer from {low} to {MAX_CHECK}")
    if type(replay_every) is not int or replay_every < 0:
        raise ArgumentError("replay_every must be a non-negative integer")
    failures: list[str] = []
    moves = 0
    for i in range(hands):
        rng = random.Random(seed + i)
        hand = new_hand(profile, seed=seed + i, dealer=i % profile.players)
        try:
            done = check_hand(
                hand,
                rng=rng,
                probes=probes,
                exhaustive=exhaustive,
                views=views,
                replay_every=replay_every,
                money=money,
                extra=extra,
            )
            moves += len(done.moves)
        except ConsistencyError as exc:
            if stop_at_first:
                raise
            failures.append(str(exc))
    return CheckReport(profile.name, hands, moves, tuple(failures))
