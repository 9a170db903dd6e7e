# A profile's rules and a deal lowered to C (lowered.pyx).

cimport cython
from libc.stdint cimport uint64_t

from reversis._core.state cimport *


@cython.final
@cython.no_gc
cdef class Program:
    cdef TableC c
    cdef tuple pools
    cdef object rules_ref
    cdef dict steps


cdef uint64_t _mask(object value, str what) except? 0
cdef int _small(object value, int low, int high) except -1000
cdef Program _program(object deal)
cdef Table _table(object deal)
