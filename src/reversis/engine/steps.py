"""The steps before play: exchanges with the widow, discards, gives and passes.

Each step is ``(seat, kind, argument)`` (see :mod:`reversis.profile.compiled`): a non-dealer
exchanges with his widow card or declines (fournier-1785 §4), the dealer discards (fournier-1785 §4,
reunion §4), a player gives a card to the player opposite (hoyle §4) or passes one (hearts §4).
Given cards change hands together after the last choice (hoyle §4); passed cards leave the hand
at once and reach the receivers together after the last pass (hearts §4). When the steps are over,
the privilege is judged (fournier-1785 §11) and the first leader takes the lead.
"""

from __future__ import annotations

from typing import NoReturn

from reversis.cards import Card
from reversis.engine.deal import Deal
from reversis.engine.facts import Declined, Discarded, Exchanged, Fact, Given, Received
from reversis.engine.follow import to_play
from reversis.engine.state import Extra, Recorded, State, make_extra, make_state
from reversis.engine.tables import (
    DISCARD_TABLES,
    EXCHANGE_TABLES,
    GIVE_TABLES,
    PASS_TABLES,
    moves_of,
)
from reversis.errors import IllegalMoveError, InvalidMoveError
from reversis.moves import DECLINE, Decline, Discard, Exchange, Give, Move, Pass, Play
from reversis.profile.compiled import STEP_DISCARD, STEP_EXCHANGE, STEP_GIVE, STEP_PASS

__all__ = ["apply_step", "step_moves", "step_text"]

#: The move each kind of step asks for (an exchange may also be declined).
_MOVE_OF_STEP: dict[int, type] = {
    STEP_EXCHANGE: Exchange,
    STEP_DISCARD: Discard,
    STEP_GIVE: Give,
    STEP_PASS: Pass,
}
_MOVE_TYPES = (Play, Exchange, Discard, Give, Pass, Decline)


def _fail(move: object, reason: str) -> NoReturn:
    raise IllegalMoveError(move, reason)


def step_text(deal: Deal, step: int) -> str:
    """What the step ``step`` asks for, in words."""
    seat, kind, argument = deal.steps[step]
    n = deal.rules.players
    if kind == STEP_EXCHANGE:
        return f"seat {seat} must exchange" + (" or decline" if deal.may_decline else "")
    if kind == STEP_DISCARD:
        return f"the dealer, seat {seat}, must discard"
    if kind == STEP_GIVE:
        return f"seat {seat} must give a card to the player opposite"
    return f"seat {seat} must pass a card to seat {(seat + argument) % n}"


def step_moves(state: State) -> tuple[Move, ...]:
    """The legal moves of the step to make now (card order, ``decline`` last)."""
    deal = state.deal
    held = state.held[state.to_move]
    kind = deal.steps[state.step][1]
    if kind == STEP_EXCHANGE:
        out = moves_of(held & ~deal.no_discard, EXCHANGE_TABLES)
        return (*out, DECLINE) if deal.may_decline else out
    if kind == STEP_DISCARD:
        return moves_of(held & ~deal.no_discard, DISCARD_TABLES)
    return moves_of(held, GIVE_TABLES if kind == STEP_GIVE else PASS_TABLES)


def _why_no_discard(deal: Deal, card: int) -> str:
    code = Card.from_index(card).code
    if deal.rules.discard_barred >> card & 1 or deal.trumps is not None:
        # reunion §4 (the profile's deal.discard_barred)
        return f"{code} may not be discarded: never an ace or a bower (reunion §4)"
    # english §10, hoyle §9: a quinola stays in hand unless its pool is at three stakes.
    return f"{code} may not be put out: its pool is not at three stakes"


def _why_no_decline(deal: Deal) -> str:
    if deal.rules.decline == "never":
        return "this profile has no declining: the exchange is compulsory"
    return "the exchange is compulsory unless a pool is at three stakes"


def _with(held: tuple[int, ...], seat: int, cards: int) -> tuple[int, ...]:
    """``held`` with ``seat``'s cards toggled by the mask ``cards``."""
    toggled = list(held)
    toggled[seat] ^= cards
    return tuple(toggled)


def _put_aside(extra: Extra, cards: int) -> Extra:
    """``extra`` with the cards of the mask ``cards`` put aside too (fournier-1785 §4)."""
    aside, pending, privilege, privilege_used, committed, breaker, broken = extra
    return make_extra(
        (aside | cards, pending, privilege, privilege_used, committed, breaker, broken)
    )


def apply_step(state: State, move: object) -> State:
    """The state after ``move`` at the step to make now (:class:`~reversis.IllegalMoveError`
    saying why if the rules do not allow it)."""
    if not isinstance(move, _MOVE_TYPES):
        raise InvalidMoveError(f"{move!r} is not a move")
    deal, held, step, seat, _, _, _, _, facts, extra, _ = state
    if seat < 0:
        _fail(move, "the hand is over")
    if step >= deal.nsteps:
        _fail(move, f"the exchange is over: seat {seat} must play a card")
    _, kind, argument = deal.steps[step]
    if isinstance(move, Decline):
        if kind != STEP_EXCHANGE:
            _fail(move, step_text(deal, step) + " now")
        # fournier-1785 §4: look at the widow card and put it under the basket.
        if not deal.may_decline:
            _fail(move, _why_no_decline(deal))
        widow = deal.widow[argument]
        fact: Fact = Declined(seat, widow)
        extra = _put_aside(extra, 1 << widow)
        return _next(state, held, (*facts, Recorded(step, fact)), extra)
    if type(move) is not _MOVE_OF_STEP[kind]:
        _fail(move, step_text(deal, step) + " now")
    card = move.card.index
    if not held[seat] >> card & 1:
        _fail(move, f"seat {seat} does not hold {move.card.code}")
    if kind in (STEP_EXCHANGE, STEP_DISCARD):
        if deal.no_discard >> card & 1:
            _fail(move, _why_no_discard(deal, card))
        extra = _put_aside(extra, 1 << card)
        if kind == STEP_EXCHANGE:
            # fournier-1785 §4: put a card under the basket and take the top widow card.
            widow = deal.widow[argument]
            held = _with(held, seat, 1 << card | 1 << widow)
            fact = Exchanged(seat, card, widow)
        else:
            # fournier-1785 §4: the dealer discards one card under the basket (reunion §4: two).
            held = _with(held, seat, 1 << card)
            fact = Discarded(seat, card)
        return _next(state, held, (*facts, Recorded(step, fact)), extra)
    # hoyle §4: each player chooses a card for the player opposite, and the cards change hands
    # together after the last choice; hearts §4: a passed card leaves the hand at once, and the
    # passes are received together after the last one.
    n = deal.rules.players
    passed = kind == STEP_PASS
    if passed:
        held = _with(held, seat, 1 << card)
    elif card in extra.pending:
        _fail(move, f"{move.card.code} is already chosen")
    pending = (*extra.pending, card)
    facts = (*facts, Recorded(step, Given(seat, (seat + argument) % n, card, passed)))
    if step + 1 == deal.nsteps or deal.steps[step + 1][1] != kind:
        first = step + 1 - len(pending)
        for k, given in enumerate(pending):
            giver, _, offset = deal.steps[first + k]
            if not passed:
                held = _with(held, giver, 1 << given)
            held = _with(held, (giver + offset) % n, 1 << given)
        pending = ()
        facts = (*facts, Recorded(step, Received()))
    return _next(state, held, facts, extra._replace(pending=pending))


def _next(state: State, held: tuple[int, ...], facts: tuple[Recorded, ...], extra: Extra) -> State:
    """``state`` after its step's move, which left ``held``, ``facts`` and ``extra``: at the next
    step, or at the first trick."""
    deal, _, step, _, leader, current, kinds, tricks, _, _, _ = state
    step += 1
    if step < deal.nsteps:
        seat = deal.steps[step][0]
        return make_state((deal, held, step, seat, leader, current, kinds, tricks, facts, extra, 0))
    rules = deal.rules
    if rules.priv_mask:
        # fournier-1785 §11: whether a player holds the privilege is judged once the exchange is
        # over (english §12, hoyle §12: after the opposite exchange).
        for seat, cards in enumerate(held):
            if (cards & rules.priv_mask).bit_count() >= rules.priv_needed:
                extra = extra._replace(privilege=seat)
    return to_play(
        make_state((deal, held, step, -1, leader, current, kinds, tricks, facts, extra, 0))
    )
