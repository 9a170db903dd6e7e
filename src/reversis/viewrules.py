"""What a view's deal, events, turn and legal moves must be: the checks of
:func:`reversis.viewcheck.check_view` that read one field against the others.

They hold a view read from data to what some hand could show its seat, so that every consumer
(:func:`reversis.text.render`, :func:`reversis.encoding.encode_view`,
:func:`reversis.sample_world`, the bots) can rely on it: the trump is the suit of the card shown,
the steps before play and the plays in the events are those of the deal and the tricks, the seat
to move is the one whose turn it is, and the legal moves are those the rules allow (worked out here
from the seat's hand, the trick in progress and its privilege, as the engine does).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from reversis import events as ev
from reversis.cards import Card, mask_of
from reversis.engine.deal import DIRECTIONS, Trumps, pass_offset, trumps_of
from reversis.engine.tables import (
    DISCARD_TABLES,
    EXCHANGE_TABLES,
    GIVE_TABLES,
    PASS_TABLES,
    moves_of,
    plays_of,
)
from reversis.engine.trick import Phase
from reversis.errors import DealError
from reversis.moves import DECLINE, Move
from reversis.profile import Profile
from reversis.profile.compiled import (
    MODE_HEARTS,
    MODE_TRUMPS,
    STEP_DISCARD,
    STEP_EXCHANGE,
    STEP_GIVE,
    STEP_PASS,
)
from reversis.profile.stakes import exchange_limits

if TYPE_CHECKING:
    from reversis.views import HandView

__all__ = ["check_rules", "seen_by"]

#: Raises the error naming a problem (check_view's ``fail``).
Fail = Callable[[str], NoReturn]
#: A step before play: ``(seat, kind, argument)`` (see :mod:`reversis.profile.compiled`).
Step = tuple[int, int, int]
#: A play the events must show: seat, card, trick number and the kinds of play it may be.
_Play = tuple[int, Card, int, frozenset[ev.PlayKind]]

_STEP_EVENTS = (ev.Exchanged, ev.Declined, ev.Discarded, ev.CardGiven)
#: The events each kind of step makes, and its name.
_STEP_KINDS: dict[int, tuple[tuple[type, ...], str]] = {
    STEP_EXCHANGE: ((ev.Exchanged, ev.Declined), "exchange"),
    STEP_DISCARD: ((ev.Discarded,), "discard"),
    STEP_GIVE: ((ev.CardGiven,), "gift"),
    STEP_PASS: ((ev.CardGiven,), "pass"),
}
_LED = frozenset({ev.PlayKind.LED})
_PLACED = frozenset({ev.PlayKind.PLACED})
_FORCED = frozenset({ev.PlayKind.FORCED})
_PLAYED = frozenset({ev.PlayKind.PLAYED})
_FOLLOWED = _FORCED | _PLAYED


def seen_by(event: ev.Event, seat: int, over: bool) -> ev.Event | None:
    """``event`` as ``seat`` may know it (``over``: once the hand is over), or ``None`` if it may
    not know of it yet: another player's exchange, discard or gift shows that it happened, not
    which cards; a privilege used by another player shows only when the hand is over."""
    if isinstance(event, ev.Exchanged) and event.seat != seat:
        return ev.Exchanged(event.seat, None, None)
    if isinstance(event, ev.Declined) and event.seat != seat:
        return ev.Declined(event.seat, None)
    if isinstance(event, ev.Discarded) and event.seat != seat:
        return ev.Discarded(event.seat, None)
    if isinstance(event, ev.CardGiven) and event.seat != seat:
        # hoyle §4, hearts §4: only the giver knows the card until it is received; the receiver
        # learns it from its own hand (received), not from the event.
        return ev.CardGiven(event.seat, event.to, None)
    if isinstance(event, ev.PrivilegeUsed) and event.seat != seat and not over:
        return None
    return event


def _trumps(profile: Profile, shown: Card | None) -> Trumps | None:
    rules = profile.compiled
    return trumps_of(rules, shown.index) if rules.mode == MODE_TRUMPS and shown else None


def _follows(profile: Profile, trumps: Trumps | None, led: Card) -> int:
    """The mask of the cards that follow ``led`` (reunion §2: the left bower is a trump)."""
    if trumps is not None:
        return trumps.suits[trumps.suit if led.index == trumps.left else led.index >> 4]
    return profile.compiled.suit_masks[led.index >> 4]


def _steps(view: HandView, profile: Profile) -> tuple[Step, ...]:
    """The steps before play of the view's deal (hearts §3: the passes of its direction)."""
    rules = profile.compiled
    try:
        offset = pass_offset(profile, view.pass_direction, view.hand_number)
    except DealError:
        offset = 0  # refused by _check_deal
    return rules.pass_steps[view.dealer][offset] if offset else rules.steps[view.dealer]


def _check_deal(view: HandView, profile: Profile, fail: Fail) -> None:
    """The fields of the deal (trumps, pass direction) and the seat's own cards."""
    trumps = _trumps(profile, view.shown)
    trump = None if trumps is None else "CDHS"[trumps.suit]
    if view.trump != trump:
        why = "the suit of the card shown" if trump else f"the {profile.name} profile has no trumps"
        fail(f"trump must be {trump!r} ({why}), not {str(view.trump)[:20]!r}")
    if profile.hearts is None and view.pass_direction is not None:
        fail(f"pass_direction: the {profile.name} profile passes no cards")
    if profile.hearts is not None:
        if view.pass_direction not in DIRECTIONS:
            fail(f"pass_direction must be one of {', '.join(DIRECTIONS)}")
        try:
            pass_offset(profile, view.pass_direction, view.hand_number)
        except DealError as exc:
            fail(f"pass_direction: {exc}")
    if any(a.index > b.index for a, b in itertools.pairwise(view.hand)):
        fail("hand: the seat's cards must be in card order")
    if view.privileged and (profile.privilege is None or view.phase is Phase.EXCHANGE):
        fail("privileged: a privilege of the profile is held once the steps before play are done")
    mine = set(view.hand)
    for trick in (*view.tricks, *filter(None, [view.current_trick])):
        mine.update(c for s, c in trick.plays if s == view.seat)
    for key in ("put_aside", "given", "received"):
        cards = getattr(view, key)
        if len(set(cards)) != len(cards):
            fail(f"{key}: a card is listed twice")
    if set(view.put_aside) & (mine | set(view.given) | set(view.received)):
        fail("put_aside: a card put aside is out of play, not held, played, given or received")
    if set(view.given) & set(view.received) or not set(view.received) <= mine:
        fail("received: the cards received are the seat's (held or played), not cards it gave")


def _plays(view: HandView, profile: Profile) -> list[_Play | ev.TrickTaken]:
    """The plays and tricks the events must show, in order (each play with the kinds of play it
    may be: hoyle §6, *played* holding another card of the suit led, else *forced*)."""
    rules = profile.compiled
    trumps = _trumps(profile, view.shown)
    tricks = (*view.tricks, *filter(None, [view.current_trick]))
    # what the seat held when play began: what it holds and what it played
    held = mask_of(view.hand) | mask_of(c for t in tricks for s, c in t.plays if s == view.seat)
    out: list[_Play | ev.TrickTaken] = []
    for trick in tricks:
        led = _follows(profile, trumps, trick.plays[0][1])
        for k, (seat, card) in enumerate(trick.plays):
            if k == 0:
                kinds = _LED
            elif not led >> card.index & 1:
                kinds = _PLACED
            elif not rules.only_card_forced:
                kinds = _FORCED
            elif seat != view.seat:
                kinds = _FOLLOWED  # what another seat held is its secret
            else:
                kinds = _PLAYED if held & led != card.mask else _FORCED
            if seat == view.seat:
                held &= ~card.mask
            out.append((seat, card, trick.number, kinds))
        if trick.winner is not None:
            out.append(ev.TrickTaken(trick.number, trick.leader, trick.winner))
    return out


def _is_play(event: ev.CardPlayed | ev.TrickTaken, expected: _Play | ev.TrickTaken) -> bool:
    """Whether ``event`` is the play or trick the tricks show next."""
    if isinstance(expected, ev.TrickTaken) or isinstance(event, ev.TrickTaken):
        return event == expected
    seat, card, trick, kinds = expected
    return (event.seat, event.card, event.trick) == (seat, card, trick) and event.kind in kinds


def _check_events(view: HandView, profile: Profile, steps: Sequence[Step], fail: Fail) -> int:
    """The events against the deal, the steps before play, the tricks and the seat's own cards;
    return how many steps before play are done."""
    n, seat, events = profile.players, view.seat, view.events
    over = view.phase is Phase.OVER
    if not events or events[0] != ev.HandDealt(view.dealer, (view.dealer + 1) % n):
        fail("events: the first is HandDealt, of the view's dealer and the eldest after him")
    plays = _plays(view, profile)
    gives = any(kind in (STEP_GIVE, STEP_PASS) for _, kind, _ in steps)
    done = played = coming = received = 0
    passed = committed = broken = False
    widow: Card | None = None
    aside: list[Card] = []
    given: list[Card] = []
    privileged: set[int] = set()
    for i, event in enumerate(events[1:], 1):
        where = f"events[{i}] ({type(event).__name__})"
        if seen_by(event, seat, over) != event:
            fail(f"{where} shows what seat {seat} may not know")
        if isinstance(event, ev.HandDealt):
            fail(f"{where}: the hand is dealt once")
        elif isinstance(event, ev.CardShown):
            if i != 1 or event != ev.CardShown(view.dealer, event.card) or event.card != view.shown:
                fail(f"{where}: the card shown at the deal is the dealer's, shown after the deal")
        elif isinstance(event, _STEP_EVENTS):
            if passed or played or done >= len(steps):
                fail(f"{where}: the deal has {len(steps)} steps before play, before the play")
            step_seat, kind, argument = steps[done]
            kinds, name = _STEP_KINDS[kind]
            if event.seat != step_seat or not isinstance(event, kinds):
                fail(f"{where}: step {done + 1} before play is seat {step_seat}'s {name}")
            done += 1
            if isinstance(event, ev.CardGiven) and event.to != (event.seat + argument) % n:
                fail(
                    f"{where}: seat {event.seat}'s {name} goes to seat {(event.seat + argument) % n}"
                )
            if event.seat != seat:
                coming += isinstance(event, ev.CardGiven) and event.to == seat
                continue
            if isinstance(event, ev.Exchanged):
                out, taken = event.discarded, event.taken
            elif isinstance(event, ev.Declined):
                out = taken = event.widow_card
            else:
                out, taken = event.card, widow  # a discard or a gift takes no widow card
            if out is None or (taken is None and isinstance(event, ev.Exchanged | ev.Declined)):
                fail(f"{where}: the seat's own step shows its cards")
            widow = taken
            (given if isinstance(event, ev.CardGiven) else aside).append(out)
        elif isinstance(event, ev.CardsPassed):
            if passed or played or done != len(steps) or not gives:
                fail(f"{where}: the cards change hands once, when every card is chosen")
            passed, received, coming = True, received + coming, 0
        elif isinstance(event, ev.CardPlayed | ev.TrickTaken):
            if done < len(steps) or gives != passed:
                fail(f"{where}: the play begins once the steps before play are done")
            if played >= len(plays) or not _is_play(event, plays[played]):
                fail(f"{where} is not the next play or trick of the view's tricks")
            played += 1
        elif isinstance(event, ev.HandOver):
            if not over or i != len(events) - 1:
                fail(f"{where}: HandOver is the last event of a hand that is over")
            if event.tricks != view.tricks_taken or event.points != view.points:
                fail(f"{where}: its tricks and points must be the view's")
        else:
            trick = getattr(event, "trick", None)
            if trick is not None and trick > len(view.tricks) + bool(view.current_trick):
                fail(f"{where}: trick {trick} is not played yet")
            committed |= isinstance(event, ev.ReversisCommitted)
            broken |= isinstance(event, ev.ReversisBroken)
            if isinstance(event, ev.PrivilegeUsed):
                privileged.add(event.seat)
    if played != len(plays):
        fail("events: every card played and every trick taken is an event")
    if over and not isinstance(events[-1], ev.HandOver):
        fail("events: the last event of a hand that is over is HandOver")
    if view.shown is not None and (len(events) < 2 or not isinstance(events[1], ev.CardShown)):
        fail("events: the card shown at the deal is an event")
    if len(privileged) > 1 or (privileged and profile.privilege is None):
        fail("events: one seat at most uses the privilege, in a profile that has one")
    if view.privileged and privileged - {seat}:
        fail("privileged: another seat used the privilege")
    if (view.widow_card, view.put_aside, view.given) != (widow, tuple(aside), tuple(given)):
        fail("widow_card, put_aside and given must be the cards of the seat's own steps")
    if len(view.received) != received:
        fail(f"received must hold the {received} cards given to the seat once passed")
    shows = over and not committed and profile.game in ("reversis", "reunion")
    if (view.pot is not None) != shows:
        fail(
            "pot: the cards put aside are shown at the end of an ordinary hand of Reversis or Réunion"
        )
    if view.pot is not None:
        put = sum(isinstance(e, ev.Exchanged | ev.Declined | ev.Discarded) for e in events)
        if len(view.pot) != put or len(set(view.pot)) != put or not set(aside) <= set(view.pot):
            fail(f"pot: the pot holds the {put} cards put aside")
        if (view.pot_value is None) != (profile.game != "reversis"):
            fail("pot_value: the pot's value is shown with the pot, in Reversis")
    if done < len(steps):
        _check_counts(view, profile, steps, done, fail)
    if broken and profile.compiled.end_on_break and not over:
        fail("phase: the hand ends when the reversis is broken")
    return done


def _check_counts(
    view: HandView, profile: Profile, steps: Sequence[Step], done: int, fail: Fail
) -> None:
    """Before play, each seat's card count is what the deal gave it less what its steps took out
    (a discard, hearts §4 a card passed; an exchange or a gift changes no count)."""
    rules = profile.compiled
    getters, widow = rules.deal_getters[view.dealer]
    pack = range(len(profile.deck))
    counts = [len(get(pack)) for get in getters]
    if rules.widow == "dealer":
        counts[view.dealer] += len(widow(pack))  # reunion §4: the dealer takes up the widow
    for seat, kind, _ in steps[:done]:
        counts[seat] -= kind in (STEP_DISCARD, STEP_PASS)
    if tuple(counts) != view.card_counts:
        fail(f"card_counts must be {counts}, what the deal and the steps before play leave")


def _check_turn(
    view: HandView, profile: Profile, steps: Sequence[Step], done: int, fail: Fail
) -> None:
    """The phase and the seat to move follow from the steps done and the tricks."""
    n = profile.players
    if done < len(steps):
        if view.phase is not Phase.EXCHANGE:
            fail(f"phase: {len(steps) - done} steps before play remain, so it is the exchange")
        if view.to_move != steps[done][0]:
            fail(f"to_move must be seat {steps[done][0]}, whose step before play it is")
        return
    if view.phase is Phase.EXCHANGE:
        fail("phase: the steps before play are done, so it is the play")
    if view.phase is Phase.OVER:
        ended = any(isinstance(e, ev.ReversisBroken) for e in view.events)
        if view.current_trick is not None or (
            len(view.tricks) < profile.tricks and not (ended and profile.compiled.end_on_break)
        ):
            fail("phase: the hand is over once every trick is played (or a reversis broken)")
        return
    if len(view.tricks) >= profile.tricks:
        fail("phase: every trick is played, so the hand is over")
    current = view.current_trick
    if current is not None:
        turn = (current.leader + len(current.plays)) % n
    elif view.tricks:
        winner = view.tricks[-1].winner
        turn = winner if winner is not None else -1
    elif profile.compiled.mode == MODE_HEARTS:
        # hearts §5: the holder of the two of clubs leads; the seat knows whether it holds it
        holds = Card.parse("2C") in view.hand
        if holds != (view.to_move == view.seat):
            fail("to_move: the holder of the two of clubs leads the first trick")
        return
    else:
        turn = (view.dealer + 1) % n
    if view.to_move != turn:
        fail(f"to_move must be seat {turn}, whose turn it is to play")


def _legal_moves(view: HandView, profile: Profile, step: int | None) -> tuple[Move, ...]:
    """The moves the rules allow the seat now, when it is to move (as ``Hand.legal_moves``):
    at the step before play of kind ``step``, or in the play (``None``)."""
    rules = profile.compiled
    held = mask_of(view.hand)
    trumps = _trumps(profile, view.shown)
    if step is None:
        return plays_of(_legal_cards(view, profile, trumps, held))
    may_decline, barred = exchange_limits(profile, view.stakes_at_start)
    barred |= rules.discard_barred
    if trumps is not None and rules.discard_bowers:
        barred |= sum(1 << b for b in (trumps.right, trumps.left) if b >= 0)
    if step == STEP_EXCHANGE:
        out = moves_of(held & ~barred, EXCHANGE_TABLES)
        return (*out, DECLINE) if may_decline else out
    if step == STEP_DISCARD:
        return moves_of(held & ~barred, DISCARD_TABLES)
    return moves_of(held, GIVE_TABLES if step == STEP_GIVE else PASS_TABLES)


def _legal_cards(view: HandView, profile: Profile, trumps: Trumps | None, held: int) -> int:
    """The cards the seat may play (as ``engine.play.legal_cards``, from what the view shows)."""
    rules = profile.compiled
    current = view.current_trick
    if trumps is not None:
        if current is None:
            return held
        # reunion §5: follow the suit led if able (a led bower leads trumps); else trump if able.
        follow = held & _follows(profile, trumps, current.plays[0][1])
        ruff = held & trumps.suits[trumps.suit] if rules.follow_trump else 0
        return follow or ruff or held
    first = not view.tricks
    if current is not None:
        # fournier-1785 §6: follow suit if able; §11: the privileged may renounce at will.
        follow = held & rules.suit_masks[current.plays[0][1].index >> 4]
        if follow and (not view.privileged or len(view.tricks) >= rules.priv_last):
            return follow
        if not follow and rules.mode == MODE_HEARTS and first and rules.first_trick_barred:
            return held & ~rules.first_trick_barred or held  # hearts §5
        return held
    if rules.mode == MODE_HEARTS:
        if first:
            return held & rules.first_lead or held  # hearts §5
        broken = any(mask_of(t.cards) & rules.breakers for t in view.tricks)
        if rules.lead_barred and not broken:
            # hearts §7: no heart led before hearts are broken, unless nothing else is held
            allowed = held & ~rules.lead_barred
            if allowed and allowed != rules.lead_free:
                return allowed
    return held


def check_rules(view: HandView, profile: Profile, fail: Fail) -> None:
    """Check ``view``'s fields against each other as the rules of ``profile`` tie them (its
    fields are known to be of the right types and ranges, its tricks well formed); ``fail``
    raises the error naming the problem."""
    _check_deal(view, profile, fail)
    steps = _steps(view, profile)
    done = _check_events(view, profile, steps, fail)
    _check_turn(view, profile, steps, done, fail)
    if view.to_move == view.seat and view.legal_moves != _legal_moves(
        view, profile, steps[done][1] if done < len(steps) else None
    ):
        fail("legal_moves must be the moves the rules allow the seat now, in action order")
