# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# The base of reversis.Hand on the core.
#
# reversis.hand.Hand is a Python class whose base is HandBase where the core plays, and the
# reference engine's reversis.handplay.PlayedHand otherwise: both hold the hand's engine state and
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
from reversis._core.engine cimport _apply_into, _start
from reversis._core.settle cimport _settle_state
from reversis._core.steps cimport step_cards
from reversis._core.tables cimport MOVES_PLAY, _moves_tuple

cdef extern from "Python.h":
    void PyObject_GC_Track(object o)
    void PyObject_GC_UnTrack(object o)
    int PyObject_GC_IsTracked(object o)

from reversis.engine import play as reference
from reversis.engine.state import State
from reversis.errors import ArgumentError
from reversis.moves import parse_move
from reversis.profile import Profile as _Profile

cdef tuple _EMPTY = ()

from cpython.ref cimport Py_REFCNT, Py_XDECREF


@cython.auto_pickle(False)
cdef class HandBase:
    """The engine part of :class:`reversis.Hand` on the compiled core: the hand's state and its
    inner loop, :meth:`legal_moves` and :meth:`apply`. Hands are made by :func:`hand_of`, never by
    calling the class.

    A hand holds a core state; a reference :class:`~reversis.engine.state.State` given to
    :func:`hand_of` (a position built field by field, as the rule tests do) is kept as it is and
    played on the reference engine, whose moves give reference states again.

    A hand is not tracked by the cycle collector while it keeps no value (as CPython does for
    tuples of atoms): its state refers to nothing that could refer back. It is tracked from its
    first kept value on (:meth:`_remember`), since a value may be anything."""

    cdef readonly object _state
    cdef dict _memo
    #: The hand's settlement once asked for (:func:`settle_hand`): a value that cannot refer back
    #: to the hand, so the hand may stay untracked by the cycle collector while it keeps it.
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
            return _hand_after(type(self), <CoreState>state, move)
        if state is None:
            _no_state()
        return _hand_new(type(self), reference.apply(state, move))

    def _remember(self, key, make):
        """A value derived from this hand, made the first time it is asked for and then kept (a
        hand never changes, so it never goes stale). Values kept must be immutable."""
        cdef dict memo = self._memo
        if memo is None:
            memo = self._memo = {}
            if not PyObject_GC_IsTracked(self):
                PyObject_GC_Track(self)
        value = memo.get(key, _MISSING)
        if value is _MISSING:
            value = memo[key] = make()
        return value



cdef object _MISSING = object()


cdef int _no_state() except -1:
    raise TypeError("a hand made without a state: make hands with reversis.new_hand() and friends")

cdef extern from *:
    """
    /* An instance of a type made by the type's own tp_new, without looking up __new__. */
    static PyObject* rv_new_instance(PyObject* cls, PyObject* args) {
    #ifdef Py_LIMITED_API
        newfunc make = (newfunc)PyType_GetSlot((PyTypeObject*)cls, Py_tp_new);
    #else
        newfunc make = ((PyTypeObject*)cls)->tp_new;
    #endif
        return make((PyTypeObject*)cls, args, NULL);
    }
    """
    object rv_new_instance(object cls, object args)


# -- recycled hands ---------------------------------------------------------------------------
#
# A random hand makes and drops one reversis.Hand per move. Hand is a Python class (a heap type)
# whose instances CPython makes with PyType_GenericAlloc and drops with subtype_dealloc, the
# generic path of any class: Cython's @cython.freelist serves only the cdef class itself. So the
# core keeps up to RV_HAND_KEPT dropped hands of the one class given to keep_hands() (reversis.Hand)
# and makes new hands from them: that class's tp_dealloc becomes rv_hand_dealloc, which does what
# subtype_dealloc does for it (keep_hands() checks that the class adds nothing to HandBase: no
# __dict__, no weak references, no slots, no finalizer) and then keeps the object instead of
# freeing it, as CPython's own free lists do. A hand that kept values (_remember) is dropped by the
# generic path, in the trashcan, since its values may be anything. Not under the Limited API nor
# on a free-threaded Python, where hands are made and dropped as before.

cdef extern from *:
    """
    #if !defined(Py_LIMITED_API) && !defined(Py_GIL_DISABLED)
    #define RV_RECYCLE 1
    #else
    #define RV_RECYCLE 0
    #endif
    #define RV_HAND_KEPT 64

    /* The class whose hands are kept (a borrowed reference: keep_hands() keeps it alive), the
       hands kept, HandBase's own tp_dealloc, and the function that drops a hand's references
       (hand.pyx's _hand_clear). */
    static PyTypeObject* rv_hand_type = NULL;
    static PyObject* rv_hand_kept[RV_HAND_KEPT];
    static int rv_hand_nkept = 0;
    static destructor rv_base_dealloc = NULL;
    static void (*rv_hand_clear)(PyObject*) = NULL;

    /* A new object of ``cls``, a subclass of HandBase, untracked by the cycle collector: a kept
       hand where there is one, else made by the class's tp_new. */
    static PyObject* rv_hand_make(PyObject* cls, PyObject* args) {
        PyObject* o;
    #if RV_RECYCLE
        if ((PyTypeObject*)cls == rv_hand_type && rv_hand_nkept > 0) {
            o = rv_hand_kept[--rv_hand_nkept];
            return PyObject_Init(o, (PyTypeObject*)cls);  /* a new reference to o and its class */
        }
    #endif
        o = rv_new_instance(cls, args);
        if (o != NULL) PyObject_GC_UnTrack(o);
        return o;
    }

    #if RV_RECYCLE
    /* tp_dealloc of the kept class. */
    static void rv_hand_dealloc(PyObject* o) {
        PyTypeObject* tp = Py_TYPE(o);
        if (tp != rv_hand_type) {
            /* An object of a subclass, from its subtype_dealloc, which has done the subclass's
               part and leaves the reference to the object's class to a heap type's dealloc. */
            rv_base_dealloc(o);
            Py_DECREF(tp);
            return;
        }
        if (tp->tp_finalize != NULL) {  /* a __del__ added to the class since keep_hands() */
            if (PyObject_CallFinalizerFromDealloc(o) < 0) return;  /* brought back to life */
        }
        else if (!PyObject_GC_IsTracked(o) && rv_hand_nkept < RV_HAND_KEPT) {
            Py_SET_REFCNT(o, 1);  /* alive while _hand_clear holds it */
            rv_hand_clear(o);
            Py_SET_REFCNT(o, 0);
            rv_hand_kept[rv_hand_nkept++] = o;
            Py_DECREF(tp);  /* as subtype_dealloc: PyObject_Init takes a new one */
            return;
        }
        /* subtype_dealloc's way, for a hand that kept values (or a full list) */
        PyObject_GC_UnTrack(o);
    #ifdef Py_TRASHCAN_BEGIN
        Py_TRASHCAN_BEGIN(o, rv_hand_dealloc)
    #endif
        rv_base_dealloc(o);
        Py_DECREF(tp);
    #ifdef Py_TRASHCAN_BEGIN
        Py_TRASHCAN_END
    #endif
    }
    #endif

    /* Make ``cls``'s tp_dealloc rv_hand_dealloc, once checked (see keep_hands); 1 if done. */
    static int rv_keep_hands(PyObject* cls, PyObject* base, PyObject* plain, void (*clear)(PyObject*)) {
    #if RV_RECYCLE
        PyTypeObject* t = (PyTypeObject*)cls;
        PyTypeObject* b = (PyTypeObject*)base;
        if (rv_hand_type != NULL) return t == rv_hand_type;
        if (!(t->tp_flags & Py_TPFLAGS_HEAPTYPE) || t->tp_base != b
                || t->tp_basicsize != b->tp_basicsize || t->tp_itemsize != 0
                || t->tp_dictoffset != 0 || t->tp_weaklistoffset != 0
                || t->tp_dealloc != ((PyTypeObject*)plain)->tp_dealloc
                || t->tp_finalize != NULL || t->tp_del != NULL || t->tp_new != b->tp_new
                || t->tp_alloc != PyType_GenericAlloc || t->tp_free != PyObject_GC_Del)
            return 0;
        Py_INCREF(cls);
        rv_hand_type = t;
        rv_base_dealloc = b->tp_dealloc;
        rv_hand_clear = clear;
        t->tp_dealloc = rv_hand_dealloc;
        return 1;
    #else
        return 0;
    #endif
    }
    """
    object rv_hand_make(object cls, object args)
    int rv_keep_hands(object cls, object base, object plain, void (*clear)(PyObject*) noexcept)


cdef void _hand_clear(PyObject* o) noexcept:
    """Drop the references of a hand being kept (rv_hand_dealloc holds it alive meanwhile). A
    core state that only this hand holds stays with it, its values dropped, for the next move to
    write its state into (:func:`_hand_after`): a random hand then makes no state per move."""
    cdef HandBase hand = <HandBase>o
    state = hand._state
    if type(state) is CoreState and Py_REFCNT(state) == 2:  # the hand's and this function's
        _state_clear(<CoreState>state)
    else:
        hand._state = None
    hand._memo = None
    hand._settlement = None


cdef void _state_clear(CoreState state) noexcept:
    """Drop a core state's values (its C state is written over before it is used again)."""
    state.table = None
    state.log = None
    state._tricks = None
    state._facts = None
    state._extra = None


class _Plain:
    """A class that adds nothing to object: its tp_dealloc is CPython's subtype_dealloc."""

    __slots__ = ()


def keep_hands(cls):
    """Keep up to 64 dropped hands of ``cls`` (:class:`reversis.Hand`) to make the next ones from,
    as CPython keeps tuples and floats; ``True`` if it does. Only one class, a direct subclass of
    :class:`HandBase` that adds nothing to it (``__slots__ = ()`` all along its bases, no
    ``__del__``), and not under the Limited API or on a free-threaded Python."""
    if not (isinstance(cls, type) and issubclass(cls, HandBase)):
        raise ArgumentError(f"keep_hands() needs a subclass of HandBase, not {str(cls)[:40]}")
    return bool(rv_keep_hands(cls, HandBase, _Plain, _hand_clear))


cdef HandBase _hand_after(type cls, CoreState state, object move):
    """``_hand_new(cls, _apply(state, move))``, the state written into the one a kept hand kept
    (see :func:`_hand_clear`) where there is one."""
    cdef HandBase hand = <HandBase>rv_hand_make(cls, _EMPTY)
    cdef CoreState spare = None
    if type(hand._state) is CoreState:
        spare = <CoreState>hand._state
    hand._state = None
    hand._state = _apply_into(state, move, spare)
    return hand


cdef HandBase _hand_new(type cls, object state):
    """A new hand of class ``cls`` (a subclass of HandBase), untracked by the cycle collector
    (see :class:`HandBase`), holding ``state``."""
    cdef HandBase hand = <HandBase>rv_hand_make(cls, _EMPTY)
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


# -- the legal moves' tuples, kept -----------------------------------------------------------
#
# legal_moves() returns a tuple of the interned moves, made afresh for each state and dropped by
# the caller soon after. The last tuples made are kept, by the cards they hold and the kind of
# move (a direct-mapped table: one tuple per slot, the newest), and given again for a state with
# the same moves: a tuple is immutable and holds interned moves only, so nothing can tell a kept
# one from a new one but its identity. In random Hearts about a third of the states find theirs.

cdef enum:
    KEPT_BITS = 12
    KEPT_MOVES = 1 << KEPT_BITS

cdef uint64_t _KEPT_CARDS[KEPT_MOVES]
cdef int _KEPT_KIND[KEPT_MOVES]  # 0 for an empty slot, else 1 + 2 * table + decline
cdef PyObject* _KEPT_TUPLE[KEPT_MOVES]  # a reference owned by the table, or NULL
memset(_KEPT_KIND, 0, sizeof(_KEPT_KIND))
memset(_KEPT_TUPLE, 0, sizeof(_KEPT_TUPLE))


cdef tuple _kept_moves(uint64_t mask, int table, bint decline):
    """``_moves_tuple(mask, table, decline)``, a kept one where there is one."""
    cdef int kind = 1 + 2 * table + decline
    cdef unsigned int slot = <unsigned int>(
        ((mask ^ <uint64_t>kind) * <uint64_t>0x9E3779B97F4A7C15ULL) >> (64 - KEPT_BITS))
    cdef PyObject* old
    if _KEPT_KIND[slot] == kind and _KEPT_CARDS[slot] == mask:
        return <tuple>_KEPT_TUPLE[slot]
    out = _moves_tuple(mask, table, decline)
    PyObject_GC_UnTrack(out)  # interned moves only: no cycle through it, nothing to collect
    old = _KEPT_TUPLE[slot]
    Py_INCREF(out)
    _KEPT_TUPLE[slot] = <PyObject*>out
    _KEPT_CARDS[slot] = mask
    _KEPT_KIND[slot] = kind
    Py_XDECREF(old)
    return out


cdef tuple _legal_moves(CoreState state):
    cdef StateC* c = &state.c
    cdef const TableC* t = &state.table.c
    cdef int kind
    if c.legal:
        return _kept_moves(c.legal, MOVES_PLAY, False)
    if c.to_move < 0 or c.step >= t.nsteps:
        return _EMPTY
    kind = t.step_kind[c.step]
    return _kept_moves(step_cards(t, c), kind, kind == STEP_EXCHANGE and t.may_decline)


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
