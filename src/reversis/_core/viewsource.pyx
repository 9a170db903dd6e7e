# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# The hand state a view was made from (before views.pxi): view_of puts it
# in the view's internal ``_source`` field, and worldsource.pxi reads the view's constraints from
# it (what the view shows, read from the state's records in C). Out of sight: it has no Python
# attribute and no referents for the garbage collector to list, is not compared or shown, and a
# copy or pickle of the view leaves it out (None); it serves only the very view it was made for
# (``owner``, a weak reference), not a copy of it.

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *
from reversis._core.draws cimport next_choice
from reversis._core.engine cimport (
    NO_MOVE, PLAYED_OUT, REFUSED, _apply_into, _legal_moves, _move_into, _not_played_out,
    _play_out, _refuse, _refuse_policy, _start,
)
from reversis._core.follow cimport legal_cards
from reversis._core.lowered cimport _mask, _small, _table
from reversis._core.play cimport apply_card, nth_card
from reversis._core.steps cimport apply_step, step_allowed, step_cards
from reversis._core.tables cimport MOVES_PLAY, _card_bit, _interned, _move_at, _moves_tuple

from reversis.errors import ArgumentError



@cython.final
@cython.no_gc  # in no cycle (the view is a weak reference); and gc.get_referents shows nothing
cdef class ViewSource:
    """The core's state a view was made from (internal to the core's views and worlds)."""


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
