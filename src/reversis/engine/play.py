"""The rules of play put together: the hand dealt (:func:`start`), the moves allowed
(:func:`legal_moves`), a move made (:func:`apply`), and a hand played out (:func:`rollout`).

Each is a plain function of a :class:`~reversis.engine.state.State`; a state is never changed. The
steps before play are :mod:`~reversis.engine.steps`'; a card played goes through the same rules
here whichever function plays it: what may be played (:func:`~reversis.engine.follow.legal_cards`),
how it is played, what it causes (the privilege, the pools: :func:`apply_card`), who takes the
trick (:func:`~reversis.engine.tricks.trick_winner`) and what the trick causes (hearts broken, the
reversis, the end of the hand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NoReturn, TypeAlias

from reversis.cards import CARD_AT, cards_from_mask
from reversis.engine.commitment import after_trick
from reversis.engine.deal import Deal
from reversis.engine.facts import PLACED, PoolOwed, PoolWon, PrivilegeUsed
from reversis.engine.follow import breaks_hearts, legal_cards, play_kind, to_play, why_not
from reversis.engine.state import NO_EXTRA, Recorded, State, make_state, make_trick
from reversis.engine.steps import apply_step, step_moves, step_text
from reversis.engine.tables import PLAY_TABLES, moves_of
from reversis.engine.tricks import trick_winner
from reversis.errors import IllegalMoveError
from reversis.moves import Move, Play

__all__ = ["Policy", "apply", "apply_card", "legal_moves", "replay", "rollout", "start"]

#: A rollout policy: given the seat to play, the mask of the cards it may play (bit ``c.index`` for
#: card ``c``) and the card bits of the trick in progress (the leader's first), the bit of the
#: card to play.
Policy: TypeAlias = Callable[[int, int, tuple[int, ...]], int]


def start(deal: Deal) -> State:
    """The state of ``deal`` before its first move."""
    held = list(deal.dealt)
    if deal.rules.widow == "dealer":
        # reunion §4: the dealer takes up the cards left, the turn-up among them.
        for card in deal.widow:
            held[deal.dealer] |= 1 << card
    if deal.steps:
        leader = (deal.dealer + 1) % deal.rules.players
        seat = deal.steps[0][0]
        return make_state((deal, tuple(held), 0, seat, leader, (), (), (), (), NO_EXTRA, 0))
    return to_play(make_state((deal, tuple(held), 0, -1, -1, (), (), (), (), NO_EXTRA, 0)))


def legal_moves(state: State) -> tuple[Move, ...]:
    """The moves the seat to move may make, as a sorted tuple (empty once the hand is over): plays
    in card order; the other moves in card order with ``decline`` last."""
    legal = state.legal
    if legal:
        return moves_of(legal, PLAY_TABLES)
    if state.to_move < 0:
        return ()
    return step_moves(state)


def apply(state: State, move: Move) -> State:
    """The state after ``move``; :class:`~reversis.IllegalMoveError` (saying why) if the rules do
    not allow it now, :class:`~reversis.InvalidMoveError` if it is no move."""
    if type(move) is not Play:
        return apply_step(state, move)
    card = move.card.index
    if not state.legal >> card & 1:
        _refuse(state, move)
    return apply_card(state, card)


def _refuse(state: State, move: Play) -> NoReturn:
    """Why ``move``, a play, may not be made now."""
    if state.to_move < 0:
        reason = "the hand is over"
    elif state.step < state.deal.nsteps:
        reason = f"it is the exchange: {step_text(state.deal, state.step)}"
    elif not state.held[state.to_move] >> move.card.index & 1:
        reason = f"seat {state.to_move} does not hold {move.card.code}"
    else:
        reason = why_not(state, move.card.index)
    raise IllegalMoveError(move, reason)


def apply_card(state: State, card: int) -> State:
    """The state after the seat to move plays ``card``, one of ``state.legal``."""
    deal, held, step, seat, leader, current, kinds, tricks, facts, extra, _ = state
    rules = deal.rules
    kind = play_kind(deal, held[seat], current, card)
    if kind is PLACED and not extra.privilege_used and held[seat] & deal.led_cards[current[0]]:
        # fournier-1785 §11: a renounce while able to follow is the privilege used; its first
        # use is recorded.
        trick = len(tricks) + 1
        extra = extra._replace(privilege_used=trick)
        facts = facts + (Recorded(step, PrivilegeUsed(seat, trick)),)
    pool = rules.pool_of[card]
    if pool and extra.committed < 0:
        # fournier-1785 §9: placing the Quinola wins its pool (the basket); led or forced, it owes
        # one (a beast); english §9, hoyle §9 likewise for the pots and pools. Once a reversis is
        # committed it is an ordinary card (fournier-1785 §8).
        trick = len(tricks) + 1
        fact = PoolWon(seat, pool, trick) if kind is PLACED else PoolOwed(seat, pool, trick)
        facts = facts + (Recorded(step, fact),)
    cards = list(held)
    cards[seat] ^= 1 << card
    held = tuple(cards)
    current = current + (card,)
    kinds = kinds + (kind,)
    n = rules.players
    if len(current) < n:
        seat = (seat + 1) % n
    else:
        # The trick is complete: its winner leads the next.
        mask = 0
        for played in current:
            mask |= 1 << played
        winner = trick_winner(deal, leader, current, mask)
        tricks = tricks + (make_trick((leader, current, kinds, winner, mask)),)
        seat = leader = winner
        current = kinds = ()
        if not extra.broken and breaks_hearts(deal, mask):
            extra = extra._replace(broken=True)
        over = len(tricks) == rules.tricks
        if len(tricks) >= rules.commit:
            # fournier-1785 §8: the reversis is decided from the trick that commits to it on.
            extra, caused, over = after_trick(deal, extra, tricks)
            if caused:
                facts = facts + tuple(Recorded(step, fact) for fact in caused)
        if over:
            return make_state((deal, held, step + 1, -1, -1, (), (), tricks, facts, extra, 0))
    legal = legal_cards(deal, seat, held[seat], current, tricks, extra)
    return make_state(
        (deal, held, step + 1, seat, leader, current, kinds, tricks, facts, extra, legal)
    )


def rollout(state: State, draw: Callable[[], float], policy: Policy | None = None) -> State:
    """The final state after playing ``state`` to its end.

    Each move is chosen as ``moves[int(draw() * len(moves))]`` from :func:`legal_moves`, unless
    ``policy`` is given, which then chooses every play (the steps before play stay random). A
    policy's card that is not legal raises :class:`~reversis.IllegalMoveError`.
    """
    while state.to_move >= 0:
        if state.step < state.deal.nsteps:
            moves = step_moves(state)
            state = apply_step(state, moves[int(draw() * len(moves))])
            continue
        legal = state.legal
        if policy is None:
            # the k-th legal card in card order, as a random choice from legal_moves() takes it
            card = _nth_card(legal, int(draw() * legal.bit_count()))
        else:
            card = policy(state.to_move, legal, state.current)
            if type(card) is not int or not 0 <= card < 64 or not legal >> card & 1:
                _refuse_policy(card, state.to_move, legal)
        state = apply_card(state, card)
    return state


def _nth_card(mask: int, k: int) -> int:
    """The card bit of the ``k``-th card (from 0) of ``mask`` in card order."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def _refuse_policy(card: object, seat: int, legal: int) -> NoReturn:
    found = CARD_AT[card] if type(card) is int and 0 <= card < 64 else None
    codes = " ".join(c.code for c in cards_from_mask(legal))
    raise IllegalMoveError(
        found.code if found is not None else repr(card),
        f"the rollout policy chose it for seat {seat}, who may play {codes}",
    )


def replay(deal: Deal, moves: Sequence[Move]) -> State:
    """The state of ``deal`` after ``moves`` (:class:`~reversis.IllegalMoveError` or
    :class:`~reversis.InvalidMoveError` at the first that is refused)."""
    state = start(deal)
    for move in moves:
        state = apply(state, move)
    return state
