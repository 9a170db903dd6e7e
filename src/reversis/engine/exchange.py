"""The steps before play: exchanges with the widow, discards, gives and passes.

Each step is ``(seat, kind, argument)`` (see :mod:`reversis.profile.compiled`): a non-dealer
exchanges with his widow card or declines (fournier-1785 §4), the dealer discards (fournier-1785 §4,
reunion §4), a player gives a card to the player opposite (hoyle §4) or passes one (hearts §4).
Given cards change hands together after the last choice (hoyle §4); passed cards leave the hand
at once and reach the receivers together after the last pass (hearts §4). When the steps are over,
the privilege is judged (fournier-1785 §11) and the first leader takes the lead.
"""

from __future__ import annotations

from typing import Any, NoReturn

from reversis.cards import Card
from reversis.engine.deal import Deal
from reversis.engine.play import first_leader
from reversis.engine.state import (
    BIT,
    DEAL,
    F_DECLINED,
    F_DISCARDED,
    F_EXCHANGED,
    F_GIVEN,
    F_PASSED,
    HANDS,
    STEP,
    TO_MOVE,
    Extra,
    Raw,
)
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

_MOVE_OF_STEP: dict[int, type] = {
    STEP_DISCARD: Discard,
    STEP_GIVE: Give,
    STEP_PASS: Pass,
}
_MOVE_TYPES = frozenset((Play, Exchange, Discard, Give, Pass, Decline))
_NEW_TUPLE = tuple.__new__


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


def step_moves(state: Raw) -> tuple[Move, ...]:
    """The legal moves of the step to make now (card order, ``decline`` last)."""
    deal = state[DEAL]
    seat = state[TO_MOVE]
    held = state[HANDS] >> (seat << 6) & ((1 << 64) - 1)
    kind = deal.steps[state[STEP]][1]
    if kind == STEP_EXCHANGE:
        out = moves_of(held & ~deal.no_discard, EXCHANGE_TABLES)
        return (*out, DECLINE) if deal.may_decline else out
    if kind == STEP_DISCARD:
        return moves_of(held & ~deal.no_discard, DISCARD_TABLES)
    return moves_of(held, GIVE_TABLES if kind == STEP_GIVE else PASS_TABLES)


def _why_no_discard(deal: Deal, bit: int) -> str:
    card = Card.from_index(bit).code
    if deal.rules.game == "reunion":
        return f"{card} may not be discarded: never an ace or a bower (reunion §4)"
    return f"{card} may not be put out: its pool is not at three stakes"


def _why_no_decline(deal: Deal) -> str:
    if deal.rules.decline == "never":
        return "this profile has no declining: the exchange is compulsory"
    return "the exchange is compulsory unless a pool is at three stakes"


def apply_step(state: Raw, move: Any) -> Raw:
    """The state after ``move`` at the step to make now (:class:`~reversis.IllegalMoveError`
    saying why if the rules do not allow it)."""
    kind_of_move = type(move)
    if kind_of_move not in _MOVE_TYPES:
        raise InvalidMoveError(f"{move!r} is not a move")
    deal, hands, step, seat, leader, current, tricks, facts, extra = state
    if seat < 0:
        _fail(move, "the hand is over")
    if step >= deal.nsteps:
        _fail(move, f"the exchange is over: seat {seat} must play a card")
    _, kind, argument = deal.steps[step]
    aside, pending, privilege, used, reversis, breaker, broken = extra
    shift = seat << 6
    if kind_of_move is Decline:
        card = -1
    else:
        card = move.card.index
        if not hands & BIT[shift + card]:
            _fail(move, f"seat {seat} does not hold {move.card.code}")
    if kind == STEP_EXCHANGE:
        widow = deal.widow[argument]
        if kind_of_move is Exchange:
            # fournier-1785 §4: put a card under the basket and take the top widow card.
            if deal.no_discard >> card & 1:
                _fail(move, _why_no_discard(deal, card))
            hands ^= BIT[card + shift] | BIT[widow + shift]
            aside |= BIT[card]
            node: tuple[Any, ...] = (facts, step, (F_EXCHANGED, seat, card, widow))
        elif kind_of_move is Decline:
            # fournier-1785 §4: look at the widow card and put it under the basket.
            if not deal.may_decline:
                _fail(move, _why_no_decline(deal))
            aside |= BIT[widow]
            node = (facts, step, (F_DECLINED, seat, widow))
        else:
            _fail(move, step_text(deal, step) + " now")
    elif kind_of_move is not _MOVE_OF_STEP[kind]:
        _fail(move, step_text(deal, step) + " now")
    elif kind == STEP_DISCARD:
        # fournier-1785 §4: the dealer discards one card under the basket (reunion §4: two).
        if deal.no_discard >> card & 1:
            _fail(move, _why_no_discard(deal, card))
        hands ^= BIT[card + shift]
        aside |= BIT[card]
        node = (facts, step, (F_DISCARDED, seat, card))
    else:
        # hoyle §4: each player chooses a card for the player opposite, and the cards change hands
        # together after the last choice; hearts §4: a passed card leaves the hand at once, and
        # the passes are received together after the last one.
        n = deal.rules.players
        if kind == STEP_PASS:
            hands ^= 1 << (card + shift)
        elif card in pending:
            _fail(move, f"{move.card.code} is already chosen")
        pending = (*pending, card)
        node = (facts, step, (F_GIVEN, seat, (seat + argument) % n, card, kind))
        if step + 1 == deal.nsteps or deal.steps[step + 1][1] != kind:
            first = step + 1 - len(pending)
            for k, bit in enumerate(pending):
                giver, _, offset = deal.steps[first + k]
                if kind == STEP_GIVE:
                    hands ^= (1 << bit) << (giver << 6)
                hands |= (1 << bit) << (((giver + offset) % n) << 6)
            pending = ()
            node = (*node, (F_PASSED,))
    step += 1
    if step < deal.nsteps:
        seat = deal.steps[step][0]
    else:
        rules = deal.rules
        seat = leader = first_leader(deal, hands)
        if rules.priv_mask:
            # fournier-1785 §11: whether a player holds the privilege is judged once the
            # exchange is over (english §12, hoyle §12: after the opposite exchange).
            for p, mask in enumerate(rules.priv_masks):
                if (hands & mask).bit_count() >= rules.priv_needed:
                    privilege = p
    return (
        deal,
        hands,
        step,
        seat,
        leader,
        current,
        tricks,
        node,
        _NEW_TUPLE(Extra, (aside, pending, privilege, used, reversis, breaker, broken)),
    )
