# The reversis (the twin of reversis/engine/commitment.py): one seat takes every trick up to the
# commitment trick, then keeps or loses it.

from libc.stdint cimport uint8_t, uint64_t

from reversis._core.bits cimport rv_highest, rv_lowest, rv_popcount
from reversis._core.state cimport *
from reversis._core.facts cimport record


cdef inline bint after_trick(const TableC* t, StateC* s, FactC* log) noexcept nogil:
    """engine/commitment.py after_trick: the reversis after the trick just taken (fournier-1785
    §8); whether the hand is over."""
    cdef int number = s.ntricks
    cdef int taker = s.trick_winner[number - 1]
    cdef bint over = number == t.tricks
    cdef bint all_taken = True
    cdef int k
    if number == t.commit:
        for k in range(number):
            if s.trick_winner[k] != taker:
                all_taken = False
    if number == t.commit and all_taken:
        s.committed = taker
        record(s, log, F_COMMITTED, taker, number, 0)
    elif s.committed >= 0 and s.breaker < 0 and taker != s.committed:
        s.breaker = taker
        record(s, log, F_BROKEN, s.committed, taker, number)
        over = over or t.end_on_break
    if over and s.committed >= 0 and s.breaker < 0:
        record(s, log, F_MADE, s.committed, 0, 0)
    return over
