# The hand state a view was made from (viewsource.pyx).

from reversis._core.state cimport CoreState


cdef class ViewSource:
    cdef CoreState state
    cdef int seat
    cdef object owner           # a weak reference to the view


cdef ViewSource _view_source(CoreState state, int seat)
