# The steps before play (the twin of reversis/engine/steps.py): exchanges, discards, gifts and
# passes, on a state in C.

from libc.stdint cimport uint8_t, uint64_t

from reversis._core.bits cimport rv_highest, rv_lowest, rv_popcount
from reversis._core.state cimport *
from reversis._core.facts cimport record
from reversis._core.follow cimport to_play


cdef inline uint64_t step_cards(const TableC* t, const StateC* s) noexcept nogil:
    """engine/steps.py step_moves: the cards of the step's legal moves (Decline apart)."""
    cdef uint64_t held = s.held[s.to_move]
    cdef int kind = t.step_kind[s.step]
    if kind == STEP_EXCHANGE or kind == STEP_DISCARD:
        return held & ~t.no_discard
    return held


cdef inline bint step_allowed(const TableC* t, const StateC* s, int move, int card) noexcept nogil:
    """Whether engine/steps.py apply_step accepts the move (``move``: a step kind, or
    MOVE_DECLINE; ``card`` a card bit from 0 to 63)."""
    cdef int kind, k
    if s.to_move < 0 or s.step >= t.nsteps:
        return False
    kind = t.step_kind[s.step]
    if move == MOVE_DECLINE:
        return kind == STEP_EXCHANGE and t.may_decline
    if move != kind or not s.held[s.to_move] >> card & 1:
        return False
    if kind == STEP_EXCHANGE or kind == STEP_DISCARD:
        return not t.no_discard >> card & 1
    if kind == STEP_GIVE:
        for k in range(s.npending):
            if s.pending[k] == card:
                return False
    return True


cdef inline void apply_step(const TableC* t, StateC* s, FactC* log, int move, int card) noexcept nogil:
    """engine/steps.py apply_step, for a move :func:`step_allowed` accepts."""
    cdef int seat = s.to_move
    cdef int n = t.players
    cdef int kind = t.step_kind[s.step]
    cdef int argument = t.step_arg[s.step]
    cdef int widow, first, k, giver, given
    cdef bint passed
    if move == MOVE_DECLINE:
        # fournier-1785 §4: the widow card looked at goes under the basket.
        widow = t.widow[argument]
        record(s, log, F_DECLINED, seat, widow, 0)
        s.aside |= (<uint64_t>1) << widow
    elif kind == STEP_EXCHANGE or kind == STEP_DISCARD:
        s.aside |= (<uint64_t>1) << card
        s.held[seat] ^= (<uint64_t>1) << card
        if kind == STEP_EXCHANGE:
            # fournier-1785 §4: a card under the basket, the widow card taken.
            widow = t.widow[argument]
            s.held[seat] ^= (<uint64_t>1) << widow
            record(s, log, F_EXCHANGED, seat, card, widow)
        else:
            # fournier-1785 §4, reunion §4: the dealer discards.
            record(s, log, F_DISCARDED, seat, card, 0)
    else:
        # hoyle §4: given cards change hands together after the last choice; hearts §4: a passed
        # card leaves the hand at once, and the passes arrive together after the last one.
        passed = kind == STEP_PASS
        if passed:
            s.held[seat] ^= (<uint64_t>1) << card
        s.pending[s.npending] = <uint8_t>card
        s.npending += 1
        record(s, log, F_PASSED if passed else F_GIVEN, seat, (seat + argument) % n, card)
        if s.step + 1 == t.nsteps or t.step_kind[s.step + 1] != kind:
            first = s.step + 1 - s.npending
            for k in range(s.npending):
                giver = t.step_seat[first + k]
                given = s.pending[k]
                if not passed:
                    s.held[giver] ^= (<uint64_t>1) << given
                s.held[(giver + t.step_arg[first + k]) % n] ^= (<uint64_t>1) << given
            s.npending = 0
            record(s, log, F_RECEIVED, 0, 0, 0)
    # engine/steps.py _next: the next step, or the first trick.
    s.step += 1
    if s.step < t.nsteps:
        s.to_move = t.step_seat[s.step]
        return
    if t.priv_mask:
        # fournier-1785 §11: the privilege is judged once the exchange is over.
        for seat in range(n):
            if rv_popcount(s.held[seat] & t.priv_mask) >= t.priv_needed:
                s.privilege = seat
    to_play(t, s)
