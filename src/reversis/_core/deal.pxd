# The deal in C (deal.pyx): the pack's shape of a profile and a dealer, the seeded shuffle, and
# the Deal made from a pack.

cimport cython
from libc.stdint cimport int8_t, uint8_t, uint64_t

from reversis._core.state cimport MAX_PLAYERS, NCARDS


@cython.final
@cython.no_gc
cdef class PackShape:
    cdef int size
    cdef int cut_minimum
    cdef uint8_t bits[NCARDS]
    #: By position in the pack: the seat it is dealt to, or -1 for the widow.
    cdef int8_t seat_of[NCARDS]
    #: The widow's positions in the order it is dealt, and the position of the dealer's last card.
    cdef uint8_t widow_at[NCARDS]
    cdef int nwidow
    cdef int last_of_dealer
    #: The pass offset of the first hand of a match (engine/deal.py pass_offset), once known.
    cdef int first_offset
    cdef bint first_offset_known


cdef PackShape _pack_shape(object profile, object rules, int dealer)
cdef int _first_offset(PackShape shape, object profile) except -1000
cdef int _shuffle(PackShape shape, object seed, uint8_t* deck) except -1
cdef bint _is_seed(object seed)
cdef tuple _pack_tuple(const uint8_t* deck, int n)
cdef object _deal(object profile, object rules, PackShape shape, const uint8_t* deck, tuple pack,
                  int dealer, object seed, object stakes, object hand_number, int offset)
