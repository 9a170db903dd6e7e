"""What a view's deal, events, turn and legal moves must be: the checks of
:func:`reversis.views.check.check_view` that read one field against the others.

They hold a view read from data to what some hand could show its seat, so that every consumer
(:func:`reversis.text.render.render`, :func:`reversis.views.encoding.encode_view`,
:func:`reversis.sample_world`, the bots) can rely on it: the trump is the suit of the card shown,
the steps before play and the plays in the events are those of the deal and the tricks, the seat
to move is the one whose turn it is, and the legal moves are those the rules allow.

Every rule is the engine's or the game's, asked with what the view shows (:func:`view_deal`, the
engine's deal of the view; the seat's cards, its tricks, its privilege): the steps before play
and the moves each allows (:mod:`reversis.engine.steps`), the first leader and the cards that may
be played (:func:`~reversis.engine.follow.first_leader`,
:func:`~reversis.engine.follow.legal_cards`), how a card is played
(:func:`~reversis.engine.follow.play_kind`), hearts broken
(:func:`~reversis.engine.follow.breaks_hearts`), the trick's winner
(:func:`~reversis.engine.tricks.trick_winner`) and what the game shows of the cards put aside
(:meth:`~reversis.games.base.Game.shown_aside`). None is written again here.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from reversis import events as ev
from reversis.cards import Card, mask_of
from reversis.engine.deal import DIRECTIONS, Deal, deal_of_pack, make_deal, pass_offset
from reversis.engine.eventing import KINDS
from reversis.engine.follow import breaks_hearts, first_leader, legal_cards, play_kind
from reversis.engine.play import start
from reversis.engine.state import NO_EXTRA, State, TrickRecord
from reversis.engine.steps import apply_step, step_moves
from reversis.engine.tables import plays_of
from reversis.engine.tricks import Phase, Trick, trick_winner
from reversis.errors import DealError
from reversis.games import game_of
from reversis.moves import Move
from reversis.profile import Profile
from reversis.profile.compiled import STEP_DISCARD, STEP_EXCHANGE, STEP_GIVE, STEP_PASS

if TYPE_CHECKING:
    from reversis.views.view import HandView

__all__ = ["check_rules", "seen_by", "view_deal"]

#: Raises the error naming a problem (check_view's ``fail``).
Fail = Callable[[str], NoReturn]
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


def view_deal(view: HandView, profile: Profile) -> Deal:
    """The engine's deal of what ``view`` shows of its deal: its dealer, stakes at the start, pass
    direction and card shown (the cards dealt, which the view does not show, are left out). Its
    tables are the engine's for the hand: the steps before play, the suit each card follows, the
    trumps, the cards that may not be put aside. ``view``'s stakes are known to be stakes of
    ``profile``, and its card shown to be there when the profile shows one (as
    :func:`~reversis.views.check.check_view` checks first)."""
    try:
        direction = pass_offset(profile, view.pass_direction, view.hand_number)
    except DealError:
        direction = 0  # refused by _check_deal
    shown = -1 if view.shown is None or profile.compiled.shown == "none" else view.shown.index
    return make_deal(
        profile,
        (0,) * profile.players,
        () if shown < 0 else (shown,),
        dealer=view.dealer,
        stakes=view.stakes_at_start,
        shown=shown,
        direction=direction,
        hand_number=view.hand_number,
    )


def _trick_records(view: HandView, deal: Deal) -> tuple[TrickRecord, ...]:
    """The view's completed tricks as the engine records them, each with the winner the engine's
    rule gives (:func:`~reversis.engine.tricks.trick_winner`; the view's own winner is checked
    against it), and without how each card was played (``kinds``), which the rules of play do
    not ask."""
    out = []
    for trick in view.tricks:
        cards = tuple(card.index for _, card in trick.plays)
        mask = mask_of(trick.cards)
        winner = trick_winner(deal, trick.leader, cards, mask)
        out.append(
            TrickRecord(leader=trick.leader, cards=cards, kinds=(), winner=winner, mask=mask)
        )
    return tuple(out)


def _check_deal(view: HandView, profile: Profile, deal: Deal, fail: Fail) -> None:
    """The fields of the deal (trumps, pass direction) and the seat's own cards."""
    trump = None if deal.trumps is None else "CDHS"[deal.trumps.suit]
    if view.trump != trump:
        why = "the suit of the card shown" if trump else f"the {profile.name} profile has no trumps"
        fail(f"trump must be {trump!r} ({why}), not {str(view.trump)[:20]!r}")
    if not deal.rules.passing and view.pass_direction is not None:
        fail(f"pass_direction: the {profile.name} profile passes no cards")
    if deal.rules.passing:
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
    for trick in _all_tricks(view):
        mine.update(c for s, c in trick.plays if s == view.seat)
    for key in ("put_aside", "given", "received"):
        cards = getattr(view, key)
        if len(set(cards)) != len(cards):
            fail(f"{key}: a card is listed twice")
    if set(view.put_aside) & (mine | set(view.given) | set(view.received)):
        fail("put_aside: a card put aside is out of play, not held, played, given or received")
    if set(view.given) & set(view.received) or not set(view.received) <= mine:
        fail("received: the cards received are the seat's (held or played), not cards it gave")


def _all_tricks(view: HandView) -> tuple[Trick, ...]:
    """The view's tricks, the trick in progress last."""
    return (*view.tricks, *filter(None, [view.current_trick]))


def _plays(view: HandView, deal: Deal) -> list[_Play | ev.TrickTaken]:
    """The plays and tricks the events must show, in order, each play with the kinds of play it
    may be (:func:`~reversis.engine.follow.play_kind`): the seat's own plays as the engine
    classes them from what it held; another seat's, which held what is its secret, any kind
    between holding no other card of the suit led and holding every other."""
    tricks = _all_tricks(view)
    # what the seat held when play began: what it holds and what it played
    held = mask_of(view.hand) | mask_of(c for t in tricks for s, c in t.plays if s == view.seat)
    out: list[_Play | ev.TrickTaken] = []
    for trick in tricks:
        current: tuple[int, ...] = ()
        for seat, card in trick.plays:
            bit = card.index
            if seat == view.seat:
                kinds = frozenset({KINDS[play_kind(deal, held, current, bit)]})
                held &= ~card.mask
            else:
                most = card.mask | (deal.led_cards[current[0]] if current else 0)
                kinds = frozenset(
                    KINDS[play_kind(deal, cards, current, bit)] for cards in (card.mask, most)
                )
            current += (bit,)
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


def _check_events(view: HandView, profile: Profile, deal: Deal, fail: Fail) -> int:
    """The events against the deal, the steps before play, the tricks and the seat's own cards;
    return how many steps before play are done."""
    n, seat, events, steps = profile.players, view.seat, view.events, deal.steps
    over = view.phase is Phase.OVER
    if not events or events[0] != ev.HandDealt(view.dealer, (view.dealer + 1) % n):
        fail("events: the first is HandDealt, of the view's dealer and the eldest after him")
    plays = _plays(view, deal)
    gives = any(kind in (STEP_GIVE, STEP_PASS) for _, kind, _ in steps)
    done = played = coming = received = 0
    passed = broken = False
    committed = -1
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
            if isinstance(event, ev.ReversisCommitted):
                committed = event.seat
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
    # fournier-1785 §7, reunion §4: the cards put aside are shown as the game shows them
    extra = NO_EXTRA._replace(aside=mask_of(view.pot or ()), committed=committed)
    shown, value = game_of(profile).shown_aside(deal, extra, over)
    if (view.pot is not None) != (shown is not None):
        fail(
            "pot: the cards put aside are shown at the end of an ordinary hand of Reversis or Réunion"
        )
    if view.pot is not None:
        put = sum(isinstance(e, ev.Exchanged | ev.Declined | ev.Discarded) for e in events)
        if len(view.pot) != put or len(set(view.pot)) != put or not set(aside) <= set(view.pot):
            fail(f"pot: the pot holds the {put} cards put aside")
        if (view.pot_value is None) != (value is None):
            fail("pot_value: the pot's value is shown with the pot, in Reversis")
        if view.pot_value != value:
            fail("pot_value is not the value of the pot's cards")
    if done < len(steps):
        _check_counts(view, profile, deal, done, fail)
    if broken and profile.compiled.end_on_break and not over:
        fail("phase: the hand ends when the reversis is broken")
    return done


def _check_counts(view: HandView, profile: Profile, deal: Deal, done: int, fail: Fail) -> None:
    """Before play, each seat's card count is what the engine's deal and the steps done leave
    (fournier-1785 §4, hoyle §4, hearts §4, reunion §4): the counts of a hand of the same deal
    dealt from the profile's pack in order, its steps made with the first move each allows (the
    counts do not depend on which cards)."""
    pack = profile.compiled.deck_masks
    state = start(
        deal_of_pack(
            profile,
            pack,
            dealer=view.dealer,
            seed=None,
            stakes=view.stakes_at_start,
            hand_number=view.hand_number,
            direction=view.pass_direction,
        )
    )
    for _ in range(done):
        state = apply_step(state, step_moves(state)[0])
    counts = tuple(cards.bit_count() for cards in state.held)
    if counts != view.card_counts:
        fail(f"card_counts must be {list(counts)}, what the deal and the steps before play leave")


def _check_turn(view: HandView, profile: Profile, deal: Deal, done: int, fail: Fail) -> None:
    """The phase and the seat to move follow from the steps done and the tricks."""
    n, steps = profile.players, deal.steps
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
    else:
        # The first leader (fournier-1785 §6, hearts §5), as far as the seat knows: it holds its
        # own cards, and each other seat may hold any other.
        mine = mask_of(view.hand)
        held = tuple(mine if s == view.seat else deal.rules.deck_mask & ~mine for s in range(n))
        turn = first_leader(deal, held)
        if deal.rules.first_lead and turn != view.seat:
            # hearts §5: the holder of the two of clubs leads, and another seat holds it
            if view.to_move == view.seat:
                fail("to_move: the holder of the two of clubs leads the first trick")
            return
    if view.to_move != turn:
        fail(f"to_move must be seat {turn}, whose turn it is to play")


def _legal_moves(view: HandView, deal: Deal, done: int) -> tuple[Move, ...]:
    """The moves the rules allow the seat now, when it is to move (as ``Hand.legal_moves``), the
    engine's rules asked with what the view shows (``done``: the steps before play done)."""
    seat, held = view.seat, mask_of(view.hand)
    if done < deal.nsteps:
        # The step's moves (fournier-1785 §4, english §10, hoyle §4, hearts §4, reunion §4).
        state = State(
            deal=deal,
            held=tuple(held if s == seat else 0 for s in range(deal.rules.players)),
            step=done,
            to_move=seat,
            leader=-1,
            current=(),
            kinds=(),
            tricks=(),
            facts=(),
            extra=NO_EXTRA,
            legal=0,
        )
        return step_moves(state)
    tricks = _trick_records(view, deal)
    current = () if view.current_trick is None else tuple(c.index for c in view.current_trick.cards)
    # The seat's privilege is its own (fournier-1785 §11); hearts are broken by the tricks
    # (hearts §7).
    extra = NO_EXTRA._replace(
        privilege=seat if view.privileged else -1,
        broken=any(breaks_hearts(deal, trick.mask) for trick in tricks),
    )
    return plays_of(legal_cards(deal, seat, held, current, tricks, extra))


def check_rules(view: HandView, profile: Profile, fail: Fail, *, deal: Deal | None = None) -> None:
    """Check ``view``'s fields against each other as the rules of ``profile`` tie them (its
    fields are known to be of the right types and ranges, its tricks well formed); ``fail``
    raises the error naming the problem. ``deal`` is :func:`view_deal`'s, if the caller has it."""
    if deal is None:
        deal = view_deal(view, profile)
    _check_deal(view, profile, deal, fail)
    done = _check_events(view, profile, deal, fail)
    _check_turn(view, profile, deal, done, fail)
    if view.to_move == view.seat and view.legal_moves != _legal_moves(view, deal, done):
        fail("legal_moves must be the moves the rules allow the seat now, in action order")
