# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# The base of reversis.Hand on the core.
#
# reversis.hand.Hand is a Python class whose base is HandBase where the core plays, and the
# reference engine's reversis.playing.PlayedHand otherwise: both hold the hand's engine state and
# give the two calls of a bot's or a simulation's inner loop, legal_moves() and apply(), which here
# go from the hand's C state to the next hand without a Python frame.

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *
from reversis._core.deal cimport (
    PackShape, _deal, _first_offset, _is_seed, _pack_shape, _pack_tuple, _shuffle,
)
from reversis._core.engine cimport _apply, _legal_moves, _start
from reversis._core.settle cimport _settle_state
from reversis._core.steps cimport step_cards

from reversis.engine import play as reference
from reversis.engine.state import State
from reversis.errors import ArgumentError
from reversis.moves import parse_move
from reversis.profile import Profile as _Profile

cdef tuple _EMPTY = ()

cdef extern from *:
    """
    /* A new object of the class ``cls``, made by the class's own tp_new: what ``cls.__new__(cls,
       *args)`` calls, without looking ``__new__`` up and calling it from Python. */
    static PyObject* rv_new_instance(PyObject* cls, PyObject* args) {
        newfunc make = (newfunc)PyType_GetSlot((PyTypeObject*)cls, Py_tp_new);
        if (make == NULL) {
            PyErr_SetString(PyExc_TypeError, "a class that makes no instances");
            return NULL;
        }
        return make((PyTypeObject*)cls, args, NULL);
    }
    """
    object rv_new_instance(object cls, object args)


@cython.auto_pickle(False)
cdef class HandBase:
    """The engine part of :class:`reversis.Hand` on the compiled core: the hand's state and its
    inner loop, :meth:`legal_moves` and :meth:`apply`. Hands are made by :func:`hand_of`, never by
    calling the class.

    A hand holds a core state; a reference :class:`~reversis.engine.state.State` given to
    :func:`hand_of` (a position built field by field, as the rule tests do) is kept as it is and
    played on the reference engine, whose moves give reference states again.

    Hands are made and freed as CPython makes and frees any object of their class: tracked by the
    cycle collector (a subclass may add a ``__dict__``, and kept values may be anything), and
    taking weak references (``reversis.Hand``'s ``__weakref__`` slot)."""

    cdef readonly object _state
    cdef dict _memo
    #: The hand's settlement once asked for (:func:`settle_hand`).
    cdef object _settlement

    def legal_moves(self):
        """The moves the player to move may make now, as a sorted tuple (empty when over).

        Plays come in card order; the other moves in card order with ``decline`` last.
        """
        state = self._state
        if type(state) is CoreState:
            return _legal_moves(<CoreState>state)
        if state is None:
            _no_state()
        return reference.legal_moves(state)

    def apply(self, move):
        """The hand after ``move`` (a move or its notation).

        Raises :class:`~reversis.IllegalMoveError` (saying why) if the rules do not allow it now, and
        :class:`~reversis.InvalidMoveError` for text that is no move. ``self`` is never changed.
        """
        state = self._state
        if isinstance(move, str):
            move = parse_move(move)
        if type(state) is CoreState:
            return _hand_new(type(self), _apply(<CoreState>state, move))
        if state is None:
            _no_state()
        return _hand_new(type(self), reference.apply(state, move))

    def _remember(self, key, make):
        """A value derived from this hand, made the first time it is asked for and then kept (a
        hand never changes, so it never goes stale). Values kept must be immutable."""
        cdef dict memo = self._memo
        if memo is None:
            memo = self._memo = {}
        value = memo.get(key, _MISSING)
        if value is _MISSING:
            value = memo[key] = make()
        return value


cdef object _MISSING = object()


cdef int _no_state() except -1:
    raise TypeError("a hand made without a state: make hands with reversis.new_hand() and friends")


cdef HandBase _hand_new(type cls, object state):
    """A new hand of class ``cls`` (a subclass of HandBase) holding ``state``, made by the class's
    ``__new__`` (a hand refuses ``__init__``)."""
    cdef HandBase hand = <HandBase?>rv_new_instance(cls, _EMPTY)
    hand._state = state
    return hand


def hand_of(cls, state):
    """A hand of class ``cls`` (a subclass of :class:`HandBase`) holding the engine state
    ``state``: a core state, or a reference :class:`~reversis.engine.state.State`, which the
    hand then plays on the reference engine (see :class:`HandBase`)."""
    if not (isinstance(cls, type) and issubclass(cls, HandBase)):
        raise ArgumentError(f"hand_of() needs a subclass of HandBase, not {str(cls)[:40]}")
    if type(state) is not CoreState and not isinstance(state, State):
        raise ArgumentError(f"hand_of() needs an engine state, not {type(state).__name__}")
    return _hand_new(cls, state)


# -- the legal moves -----------------------------------------------------------------------------


def settle_hand(hand):
    """``reversis.settle(hand)`` for a hand on a core state: its settlement, made by the core the
    first time and then kept with the hand; ``None`` for anything else (the caller settles it)."""
    cdef HandBase played
    if not isinstance(hand, HandBase):
        return None
    played = <HandBase>hand
    settlement = played._settlement
    if settlement is not None:
        return settlement
    state = played._state
    if type(state) is not CoreState:
        if state is None:
            _no_state()
        return None
    settlement = played._settlement = _settle_state(<CoreState>state)
    return settlement


def dealt_hand(cls, profile, seed, dealer):
    """``new_hand(profile, seed=seed, dealer=dealer)`` as a hand of class ``cls`` (a subclass of
    :class:`HandBase`), in one call, for a :class:`~reversis.Profile`, a seed of the shuffle and a
    seat, with the other arguments left to their defaults (the first hand of a match, the
    profile's pass); ``None`` for anything else, which the caller deals (and refuses) itself."""
    cdef uint8_t deck[NCARDS]
    cdef PackShape shape
    cdef int n
    if (not isinstance(profile, _Profile) or not _is_seed(seed) or type(dealer) is not int
            or not isinstance(cls, type) or not issubclass(cls, HandBase)):
        return None
    rules = profile.compiled
    if not 0 <= dealer < rules.players:
        return None
    shape = _pack_shape(profile, rules, dealer)
    if shape.size - 2 * shape.cut_minimum + 1 <= 0:
        return None
    n = _shuffle(shape, seed, deck)
    offset = _first_offset(shape, profile) if rules.pass_cards else 0
    deal = _deal(profile, rules, shape, deck, _pack_tuple(deck, n), dealer, seed, None, 1, offset)
    return _hand_new(<type>cls, _start(deal))
