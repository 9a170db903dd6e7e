# The public events and tricks of a core state (events.pyx), for the views.

from reversis._core.state cimport *
from reversis._core.values cimport _Maker


cdef class _Seen:
    cdef int seat
    cdef tuple pools
    cdef list out
    cdef object widow_card
    cdef list put_aside
    cdef list given
    cdef list received
    cdef list coming


cdef void _import_events() except *
cdef object _seat_card(int seat, int card)
cdef _Seen _walk(CoreState state, int seat)
