"""Playing a hand out to its end in one loop, without a hand object per move (the rollouts of
search bots and simulations).

:func:`play_out` applies the same rules as :meth:`reversis.Hand.apply`, move after move, on local
variables, and returns the final state; the result equals step-by-step play with the same choices
(a property test holds it so for every profile). The steps before play (exchanges, discards, gives,
passes) go through the engine's step functions; the plays, which are most of a hand, through the
loop below.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn, TypeAlias

from reversis.cards import CARD_AT, cards_from_mask
from reversis.engine.exchange import apply_step, step_moves
from reversis.engine.play import legal_cards, trick_winner
from reversis.engine.state import (
    F_OVER,
    F_POOL_OWED,
    F_POOL_WON,
    F_PRIVILEGE,
    M64,
    Raw,
)
from reversis.engine.trick import late_trick
from reversis.errors import IllegalMoveError

__all__ = ["Policy", "play_out"]

#: A rollout policy: given the seat to play, the mask of the cards it may play (bit ``c.index`` for
#: card ``c``) and the card bits of the trick in progress (the leader's first), the bit of the
#: card to play.
Policy: TypeAlias = Callable[[int, int, tuple[int, ...]], int]


def _refuse(bit: object, seat: int, legal: int) -> NoReturn:
    card = CARD_AT[bit] if type(bit) is int and 0 <= bit < 64 else None
    codes = " ".join(c.code for c in cards_from_mask(legal))
    raise IllegalMoveError(
        card.code if card is not None else repr(bit),
        f"the rollout policy chose it for seat {seat}, who may play {codes}",
    )


def play_out(state: Raw, draw: Callable[[], float], policy: Policy | None = None) -> Raw:
    """The final state after playing ``state`` to its end.

    At each step the move is chosen as ``moves[int(draw() * len(moves))]`` from the sorted legal
    moves (plays in card order), unless ``policy`` is given, which then chooses every play (the
    steps before play stay random). A policy's card that is not legal raises
    :class:`~reversis.IllegalMoveError`.
    """
    deal = state[0]
    nsteps = deal.nsteps
    while state[2] < nsteps and state[3] >= 0:
        moves = step_moves(state)
        state = apply_step(state, moves[int(draw() * len(moves))])
    deal, hands, step, seat, leader, current, tricks, facts, extra = state
    if seat < 0:
        return state
    rules = deal.rules
    mode = rules.mode
    n = rules.players
    suit_masks = rules.suit_masks
    pool_of = rules.pool_of
    late = rules.late
    breakers = rules.breakers
    priv_last = rules.priv_last
    privilege = extra.privilege
    cur = list(current)
    ntricks = len(tricks)
    while True:
        shift = seat << 6
        held = hands >> shift & M64
        # The cards that may be played: fournier-1785 §6 (follow suit if able) and §11 (the
        # privilege) inline; Hearts' leads and trumps (bowers) by the engine's rule (hearts §5, reunion §5).
        if mode == 2 or (mode and not cur):
            legal = legal_cards(
                (deal, hands, step, seat, leader, tuple(cur), tricks, facts, extra), seat
            )
        elif cur:
            follow = held & suit_masks[cur[0] >> 4]
            if follow and (seat != privilege or ntricks >= priv_last):
                legal = follow
            elif mode:
                legal = legal_cards(
                    (deal, hands, step, seat, leader, tuple(cur), tricks, facts, extra), seat
                )
            else:
                legal = held
        else:
            legal = held
        if policy is None:
            # The k-th legal play in card order, as a random choice from legal_moves() takes it.
            k = int(draw() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            bit = (legal & -legal).bit_length() - 1
        else:
            bit = policy(seat, legal, tuple(cur))
            if type(bit) is not int or not 0 <= bit < 64 or not legal >> bit & 1:
                _refuse(bit, seat, legal)
        if cur:
            led = cur[0] >> 4
            placed = not mode and bit >> 4 != led
            if placed and held & suit_masks[led] and not extra.privilege_used:
                # fournier-1785 §11: the privilege's first use is recorded.
                extra = extra._replace(privilege_used=ntricks + 1)
                facts = (facts, step, (F_PRIVILEGE, seat, ntricks + 1))
        else:
            placed = False
        cur.append(bit)
        pool = pool_of[bit]
        if pool and extra.reversis < 0:
            # fournier-1785 §9: a placed Quinola wins the basket; forced or led, it owes a beast.
            facts = (facts, step, (F_POOL_WON if placed else F_POOL_OWED, seat, pool, ntricks + 1))
        hands ^= 1 << (bit + shift)
        step += 1
        if len(cur) < n:
            seat = seat + 1 if seat + 1 < n else 0
            continue
        cards = tuple(cur)
        cur.clear()
        tmask = 0
        for b in cards:
            tmask |= 1 << b
        if mode != 2:
            # fournier-1785 §6: the highest card of the suit led wins the trick.
            led = cards[0] >> 4
            best = (tmask >> (led << 4) & 0xFFFF).bit_length() - 1 + (led << 4)
            winner = leader + cards.index(best)
            if winner >= n:
                winner -= n
        else:
            winner = trick_winner(deal, leader, cards)
        tricks = (*tricks, (leader, cards, winner, tmask))
        ntricks += 1
        if tmask & breakers and not extra.broken:
            # hearts §7: the first heart (or the queen of spades) breaks hearts.
            extra = extra._replace(broken=True)
        if ntricks >= late:
            extra, facts = late_trick(deal, facts, step - 1, extra, tricks, winner)
            if facts[-1][0] == F_OVER:
                return (deal, hands, step, -1, -1, (), tricks, facts, extra)
        seat = leader = winner
