# Tricks (the twin of reversis/engine/tricks.py): who takes the trick just completed.

from libc.stdint cimport uint8_t, uint64_t

from reversis._core.bits cimport rv_highest, rv_lowest, rv_popcount
from reversis._core.state cimport *


cdef inline int trick_winner(const TableC* t, const StateC* s, uint64_t mask) noexcept nogil:
    """engine/tricks.py trick_winner: the seat that takes the trick just completed (its cards are
    the last ``players`` played)."""
    cdef int first = s.nplayed - t.players
    cdef uint64_t led = t.led_cards[s.played[first]]
    cdef uint64_t group
    cdef int k, card, best = -1, power = -1, at = 0
    if t.trump_suit < 0:
        # fournier-1785 §6: the highest card of the suit led wins.
        best = rv_highest(mask & led)
        for k in range(t.players):
            if s.played[first + k] == best:
                at = k
    else:
        # reunion §5: the highest trump, else the highest of the suit led (bowers above the ace).
        group = mask & t.suits[t.trump_suit]
        if not group:
            group = mask & led
        for k in range(t.players):
            card = s.played[first + k]
            if group >> card & 1 and t.power[card] > power:
                power = t.power[card]
                at = k
    return (s.leader + at) % t.players
