# The moves in C (tables.pyx).

from libc.stdint cimport uint64_t

from reversis._core.state cimport *

# The tables of interned moves: a step's kind (STEP_EXCHANGE...) or plays.
cdef enum:
    MOVES_PLAY = 4


cdef tuple _moves_tuple(uint64_t mask, int table, bint decline)
cdef int _interned(object move) noexcept
cdef int _card_bit(object move)
cdef object _move_at(int table, int bit)
