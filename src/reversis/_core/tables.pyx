# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The moves in C (the twin of :mod:`reversis.engine.tables`): the interned moves of
:mod:`reversis.moves` by card bit, the tuples of legal moves made from a mask, and a move's code
found by its identity."""

from cpython.ref cimport PyObject, Py_INCREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int16_t, uint64_t
from libc.string cimport memset

from reversis._core.bits cimport RV_TUPLE_SET, rv_lowest, rv_popcount
from reversis._core.lowered cimport _small

from reversis.cards import Card
from reversis.moves import (
    DECLINE,
    DISCARDS,
    EXCHANGES,
    GIVES,
    PASSES,
    PLAYS,
    Decline,
    Discard,
    Exchange,
    Give,
    Pass,
    Play,
)


cdef object _Play = Play
cdef object _Exchange = Exchange
cdef object _Discard = Discard
cdef object _Give = Give
cdef object _Pass = Pass
cdef object _Decline = Decline
cdef object _Card = Card
cdef object _DECLINE = DECLINE

# The interned moves by card bit (reversis.moves), as C arrays of borrowed references: the lists
# are kept alive by this module.
cdef list _MOVE_LISTS = [EXCHANGES, DISCARDS, GIVES, PASSES, PLAYS]
cdef PyObject* _MOVES[5][NCARDS]
cdef int _i, _j
for _i in range(5):
    for _j in range(NCARDS):
        _MOVES[_i][_j] = <PyObject*>_MOVE_LISTS[_i][_j]
# The interned moves by identity: an open-addressing table from a move object's address to its
# code, ``kind * 64 + card bit`` (kind: a step's kind, MOVE_DECLINE or MOVE_PLAY), so that applying
# a move that legal_moves() handed out reads no attribute. Other move objects (made by a user) take
# the general path, which reads the move's card.
cdef enum:
    INTERNED_BITS = 10
    INTERNED_SIZE = 1 << INTERNED_BITS
cdef PyObject* _INTERNED_KEY[INTERNED_SIZE]
cdef int16_t _INTERNED_CODE[INTERNED_SIZE]


cdef inline unsigned int _interned_slot(PyObject* key) noexcept nogil:
    return <unsigned int>(((<uint64_t><size_t>key >> 4) * 0x9E3779B97F4A7C15ULL)
                          >> (64 - INTERNED_BITS))


cdef void _intern(object move, int code) noexcept:
    cdef PyObject* key = <PyObject*>move
    cdef unsigned int slot = _interned_slot(key)
    while _INTERNED_KEY[slot] != NULL:
        slot = (slot + 1) & (INTERNED_SIZE - 1)
    _INTERNED_KEY[slot] = key
    _INTERNED_CODE[slot] = <int16_t>code


cdef int _interned(object move) noexcept:
    """The code of an interned move, or -1 for any other object."""
    cdef PyObject* key = <PyObject*>move
    cdef unsigned int slot = _interned_slot(key)
    cdef PyObject* found
    while True:
        found = _INTERNED_KEY[slot]
        if found == key:
            return _INTERNED_CODE[slot]
        if found == NULL:
            return -1
        slot = (slot + 1) & (INTERNED_SIZE - 1)


memset(_INTERNED_KEY, 0, sizeof(_INTERNED_KEY))
for _i in range(5):
    for _j in range(NCARDS):
        if _MOVE_LISTS[_i][_j] is not None:
            _intern(_MOVE_LISTS[_i][_j], (MOVE_PLAY if _i == MOVES_PLAY else _i) * 64 + _j)
_intern(_DECLINE, MOVE_DECLINE * 64)



cdef tuple _moves_tuple(uint64_t mask, int table, bint decline):
    cdef int count = rv_popcount(mask)
    cdef tuple out = PyTuple_New(count + decline)
    cdef int k = 0
    cdef PyObject* move
    while mask:
        move = _MOVES[table][rv_lowest(mask)]
        Py_INCREF(<object>move)
        RV_TUPLE_SET(out, k, <object>move)
        mask &= mask - 1
        k += 1
    if decline:
        Py_INCREF(_DECLINE)
        RV_TUPLE_SET(out, k, _DECLINE)
    return out



cdef int _card_bit(object move):
    """The card bit of a move's card, or -1 if it has none that the core can read."""
    card = getattr(move, "card", None)
    if type(card) is not _Card:
        return -1
    cdef int bit = _small(card.index, 0, NCARDS - 1)
    return bit if bit >= 0 else -1


cdef object _move_at(int table, int bit):
    """The interned move of kind ``table`` (a step's kind, or MOVES_PLAY) for card ``bit``."""
    return <object>_MOVES[table][bit]
