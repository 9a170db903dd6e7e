# Matching the unseen cards to the slots that may hold them (sampling.pyx), for the worlds.

from libc.stdint cimport int8_t, uint8_t, uint64_t

from reversis._core.state cimport NCARDS


cdef enum:
    MAX_SLOTS = 64


cdef struct MatchC:
    int nslots
    uint8_t list_of[MAX_SLOTS]  # the list of candidates of each slot (slots may share one)
    uint8_t ncand[MAX_SLOTS]    # by list
    uint8_t cand[MAX_SLOTS][NCARDS]
    int8_t owner[NCARDS]      # the slot holding each card bit, or -1
    uint8_t order[NCARDS]     # the cards in the order they were first placed
    int nplaced


cdef bint _place(MatchC* m, int slot, uint64_t* seen) noexcept nogil
