# Following suit (the twin of reversis/engine/follow.py): what a seat may play, and who leads the
# first trick.

from libc.stdint cimport uint8_t, uint64_t

from reversis._core.bits cimport rv_highest, rv_lowest, rv_popcount
from reversis._core.state cimport *


cdef inline int current_card(const StateC* s, int k) noexcept nogil:
    """The k-th card of the trick in progress."""
    return s.played[s.nplayed - s.ncur + k]


cdef inline uint64_t legal_cards(const TableC* t, const StateC* s, int seat) noexcept nogil:
    """engine/follow.py legal_cards: what ``seat`` may play now."""
    cdef uint64_t held = s.held[seat]
    cdef uint64_t follow, ruff, allowed
    cdef bint first_trick = s.ntricks == 0
    if s.ncur:
        # fournier-1785 §6: follow the suit led if able.
        follow = held & t.led_cards[current_card(s, 0)]
        if follow:
            # fournier-1785 §11: the privileged player may renounce up to its last trick.
            if seat == s.privilege and s.ntricks < t.priv_last:
                return held
            return follow
        if t.follow_trump:
            # reunion §5: unable to follow, trump if able.
            ruff = held & t.suits[t.trump_suit]
            if ruff:
                return ruff
        if first_trick and held & ~t.first_trick_barred:
            # hearts §5: no point card on the first trick unless nothing else is held.
            return held & ~t.first_trick_barred
        return held
    if first_trick and t.first_lead:
        # hearts §5: the first trick is led with the two of clubs (or a club).
        allowed = held & t.first_lead
        return allowed if allowed else held
    if t.lead_barred and not s.broken:
        # hearts §7: no heart led before hearts are broken, unless nothing else is held.
        allowed = held & ~t.lead_barred
        if allowed and allowed != t.lead_free:
            return allowed
    return held


cdef inline int first_leader(const TableC* t, const StateC* s) noexcept nogil:
    """engine/follow.py first_leader: the eldest, or the holder of the two of clubs (hearts §5)."""
    cdef int seat
    if t.first_lead:
        for seat in range(t.players):
            if s.held[seat] >> t.two_of_clubs & 1:
                return seat
    return t.eldest


cdef inline void to_play(const TableC* t, StateC* s) noexcept nogil:
    """engine/follow.py to_play: the first leader to play."""
    cdef int leader = first_leader(t, s)
    s.to_move = leader
    s.leader = leader
    s.legal = legal_cards(t, s, leader)

