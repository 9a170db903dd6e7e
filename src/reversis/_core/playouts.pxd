# Playouts in C (playouts.pyx): a hand played to its end by a policy, for the rollouts and worlds.

from libc.stdint cimport int32_t, uint8_t, uint64_t

from reversis._core.state cimport *

# The policies a playout knows.
cdef enum:
    POLICY_RANDOM = 0
    POLICY_CAUTIOUS = 1
    POLICY_CALLABLE = 2


cdef int cautious_card(uint64_t legal, const uint8_t* trick, int ncur,
                       const int32_t* danger) noexcept nogil
cdef int _roll_out(const TableC* t, StateC* c, FactC* log, object draw, uint64_t* rng,
                   int kind_of_policy, object policy, const int32_t* danger,
                   int* chosen_k) except -1
cdef int _danger_of(object danger, int32_t* table) except -1
