# The hand state a view was made from (included by core.pyx, before views.pxi): view_of puts it
# in the view's internal ``_source`` field, and worldsource.pxi reads the view's constraints from
# it (what the view shows, read from the state's records in C). Out of sight: it has no Python
# attribute and no referents for the garbage collector to list, is not compared or shown, and a
# copy or pickle of the view leaves it out (None); it serves only the very view it was made for
# (``owner``, a weak reference), not a copy of it.


@cython.final
@cython.no_gc  # in no cycle (the view is a weak reference); and gc.get_referents shows nothing
cdef class ViewSource:
    """The core's state a view was made from (internal to the core's views and worlds)."""

    cdef CoreState state
    cdef int seat
    cdef object owner           # a weak reference to the view

    def __init__(self):
        raise TypeError("a ViewSource is made by the core's views only")

    def __reduce__(self):
        return (type(None), ())  # a copy or pickle of a view has no source

    def __repr__(self):
        return "<ViewSource>"


cdef ViewSource _view_source(CoreState state, int seat):
    cdef ViewSource source = ViewSource.__new__(ViewSource)
    source.state = state
    source.seat = seat
    return source
