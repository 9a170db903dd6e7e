# A profile's rules and a deal lowered to C, and the one lowering of a Rules value (lowered.pyx).

cimport cython
from libc.stdint cimport uint64_t

from reversis._core.state cimport *


@cython.final
@cython.no_gc
cdef class Program:
    cdef TableC c
    cdef tuple pools
    cdef dict steps


# Everything the core derives from one Rules value (lowered.pyx ``lowering_of``): each piece is
# filled by the module that computes it, on first use, and read by the others from here.
@cython.final
cdef class Lowering:
    #: A weak reference to the Rules value; its callback removes this lowering from the registry.
    cdef object rules_ref
    #: lowered.pyx: the Program by trump suit (-1: none).
    cdef readonly dict programs
    #: deal.pyx: the PackShape by dealer + 1 (the pack alone first), None until made.
    cdef readonly list shapes
    #: deal.pyx: ``(deal tables, first exchange limits)`` by (dealer, pass offset, trump suit or -1).
    cdef readonly dict tables
    #: settle.pyx: the SettleProgram (with Réunion's card points, which the views read), or None.
    cdef readonly object settle


cdef uint64_t _mask(object value, str what) except? 0
cdef int _small(object value, int low, int high) except -1000
cdef Lowering lowering_of(object rules)
cdef Program _program(object deal)
cdef Table _table(object deal)
