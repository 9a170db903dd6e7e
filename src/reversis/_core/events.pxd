# The public events and tricks of a core state (events.pyx), for the views.

from reversis._core.state cimport *


cdef class _Maker:
    cdef object cls
    cdef tuple names
    cdef bint direct


cdef class _Seen:
    cdef int seat
    cdef tuple pools
    cdef list out
    cdef object widow_card
    cdef list put_aside
    cdef list given
    cdef list received
    cdef list coming


cdef _Maker _maker_of(object cls, tuple names)
cdef object _make(_Maker maker, tuple values)
cdef void _import_events() except *
cdef object _seat_card(int seat, int card)
cdef _Seen _walk(CoreState state, int seat)
