# Playing a card (the twin of reversis/engine/play.py's apply_card): the rules of a card played,
# on a state in C. The functions of reversis.engine.play on core states (start, apply, rollout...)
# are reversis._core.engine's.

from libc.stdint cimport uint8_t, uint64_t

from reversis._core.bits cimport rv_highest, rv_lowest, rv_popcount
from reversis._core.state cimport *
from reversis._core.commitment cimport after_trick
from reversis._core.facts cimport record
from reversis._core.follow cimport current_card, legal_cards
from reversis._core.tricks cimport trick_winner


cdef inline void apply_card(const TableC* t, StateC* s, FactC* log, int card) noexcept nogil:
    """engine/play.py apply_card: the seat to move plays ``card``, one of ``s.legal``."""
    cdef int seat = s.to_move
    cdef int n = t.players
    cdef int trick = s.ntricks + 1
    cdef int kind, pool, k, winner
    cdef uint64_t led, mask
    cdef bint over
    # How the card is played (fournier-1785 §6, hoyle §6).
    if not s.ncur:
        kind = LED
    else:
        led = t.led_cards[current_card(s, 0)]
        if not led >> card & 1:
            kind = PLACED
        elif t.only_card_forced and s.held[seat] & led != (<uint64_t>1) << card:
            kind = PLAYED
        else:
            kind = FORCED
        if kind == PLACED and not s.privilege_used and s.held[seat] & led:
            # fournier-1785 §11: the privilege's first use.
            s.privilege_used = trick
            record(s, log, F_PRIVILEGE, seat, trick, 0)
    pool = t.pool_of[card]
    if pool and s.committed < 0:
        # fournier-1785 §9: a quinola placed wins its pool; led or forced, it owes one.
        record(s, log, F_POOL_WON if kind == PLACED else F_POOL_OWED, seat, pool, trick)
    s.held[seat] ^= (<uint64_t>1) << card
    s.played[s.nplayed] = <uint8_t>card
    s.kinds[s.nplayed] = <uint8_t>kind
    s.nplayed += 1
    s.ncur += 1
    if s.ncur < n:
        seat = (seat + 1) % n
    else:
        mask = 0
        for k in range(n):
            mask |= (<uint64_t>1) << current_card(s, k)
        winner = trick_winner(t, s, mask)
        s.trick_leader[s.ntricks] = <uint8_t>s.leader
        s.trick_winner[s.ntricks] = <uint8_t>winner
        s.ntricks += 1
        s.ncur = 0
        seat = winner
        s.leader = winner
        if mask & t.breakers and not s.broken:
            # hearts §7: the first heart (or the queen of spades) breaks hearts.
            s.broken = True
        over = s.ntricks == t.tricks
        if s.ntricks >= t.commit:
            over = after_trick(t, s, log)
        if over:
            s.step += 1
            s.to_move = -1
            s.leader = -1
            s.legal = 0
            return
    s.step += 1
    s.to_move = seat
    s.legal = legal_cards(t, s, seat)


cdef inline int nth_card(uint64_t mask, int k) noexcept nogil:
    """The card bit of the k-th card (from 0) of ``mask`` in card order (k < its count)."""
    cdef int i
    for i in range(k):
        mask &= mask - 1
    return rv_lowest(mask)
