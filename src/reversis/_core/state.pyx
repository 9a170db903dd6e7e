# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The state of a hand on the compiled core (the twin of :mod:`reversis.engine.state`): a
:class:`CoreState` holds a hand's state in C and shows the fields of the reference's
:class:`~reversis.engine.state.State`, with equal values, made when first read."""

cimport cython
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy

from reversis._core.bits cimport RV_TUPLE_SET

from reversis.engine.facts import (
    Broken,
    Committed,
    Declined,
    Discarded,
    Exchanged,
    Given,
    Kind,
    Made,
    PoolOwed,
    PoolWon,
    PrivilegeUsed,
    Received,
)
from reversis.engine.state import Extra, Recorded, State, TrickRecord

cdef tuple _KINDS = tuple(Kind)
cdef object _tuple_new = tuple.__new__


@cython.final
@cython.no_gc_clear
cdef class Table:
    """A deal, lowered: its rules and cards, shared by every state of the hand (made by
    :mod:`reversis._core.lowered`).

    Seen by the cycle collector, as the states that hold it (the deal's profile may be a user's
    subclass that refers back to a hand), but never cleared by it: a table and a state always hold
    their values, and a cycle through them is broken at a hand or a user's object."""

    def __init__(self):
        raise TypeError("a Table is made by the core's lowering only")


@cython.final
cdef class FactLog:
    """The facts recorded along a line of play, shared by its states: a state's facts are the
    first ``nfacts`` of its log. A move that records facts appends them to its state's log when
    the log has room for every fact of a hand and that state is its last (no other move from it
    has recorded facts since); else the move's state gets a copy."""


    def __dealloc__(self):
        PyMem_Free(self.items)


cdef FactLog _log_of(const FactC* items, int count, int capacity):
    """A new log holding ``count`` facts, with room for ``capacity``."""
    cdef FactLog log = FactLog.__new__(FactLog)
    log.items = <FactC*>PyMem_Malloc(max(capacity, 1) * sizeof(FactC))
    if log.items == NULL:
        raise MemoryError()
    if count:
        memcpy(log.items, items, count * sizeof(FactC))
    log.used = count
    log.capacity = capacity
    return log


@cython.final
@cython.no_gc_clear  # as Table
@cython.freelist(64)
cdef class CoreState:
    """A state of a hand on the compiled core. Its attributes are those of
    :class:`reversis.engine.state.State`, with equal values (made when first read, then kept):
    ``deal, held, step, to_move, leader, current, kinds, tricks, facts, extra, legal``."""


    def __cinit__(self, *args, **kwargs):
        # A state made by CoreState.__new__ from Python holds the blank table and log until the
        # core gives it its own: never None, which the C code would read through.
        self.table = _BLANK_TABLE
        self.log = _BLANK_LOG

    def __init__(self):
        raise TypeError("make a core state with reversis._core.engine.start(deal)")

    @property
    def deal(self):
        """What chance and the table decided before the first move."""
        return self.table.deal

    @property
    def held(self):
        """The cards each seat holds, a mask per seat."""
        cdef int n = self.table.c.players
        cdef tuple out = PyTuple_New(n)
        cdef int seat
        cdef object value
        for seat in range(n):
            value = self.c.held[seat]
            Py_INCREF(value)
            RV_TUPLE_SET(out, seat, value)
        return out

    @property
    def step(self):
        """How many moves have been applied."""
        return self.c.step

    @property
    def to_move(self):
        """The seat to move, or -1 once the hand is over."""
        return self.c.to_move

    @property
    def leader(self):
        """The leader of the trick in progress (or of the next one)."""
        return self.c.leader

    @property
    def current(self):
        """The card bits of the trick in progress, the leader's first."""
        return _bytes_tuple(&self.c.played[self.c.nplayed - self.c.ncur], self.c.ncur)

    @property
    def kinds(self):
        """How each card of the trick in progress was played."""
        return _kinds_tuple(&self.c.kinds[self.c.nplayed - self.c.ncur], self.c.ncur)

    @property
    def tricks(self):
        """The completed tricks, in order (:class:`~reversis.engine.state.TrickRecord`)."""
        if self._tricks is None:
            self._tricks = _tricks_of(self)
        return self._tricks

    @property
    def facts(self):
        """The facts the plays do not show (:class:`~reversis.engine.state.Recorded`)."""
        if self._facts is None:
            self._facts = _facts_of(self)
        return self._facts

    @property
    def extra(self):
        """What few moves change (:class:`~reversis.engine.state.Extra`)."""
        cdef StateC* c = &self.c
        if self._extra is None:
            self._extra = _tuple_new(Extra, (
                c.aside,
                _bytes_tuple(c.pending, c.npending),
                c.privilege,
                c.privilege_used,
                c.committed,
                c.breaker,
                bool(c.broken),
            ))
        return self._extra

    @property
    def legal(self):
        """The mask of the cards the seat to move may play (0 before play and once over)."""
        return self.c.legal

    def to_state(self):
        """The reference engine's :class:`~reversis.engine.state.State` with the same fields."""
        return _tuple_new(State, (
            self.deal, self.held, self.step, self.to_move, self.leader, self.current,
            self.kinds, self.tricks, self.facts, self.extra, self.legal,
        ))

    def __eq__(self, other):
        # A state equals a state of either engine with the same fields (as the reference's
        # NamedTuples compare).
        if isinstance(other, CoreState):
            return self.to_state() == (<CoreState>other).to_state()
        if isinstance(other, State):
            return self.to_state() == other
        return NotImplemented

    def __ne__(self, other):
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self):
        return hash(self.to_state())

    def __repr__(self):
        return (
            f"<CoreState {self.table.deal.profile.name} step={self.c.step} "
            f"to_move={self.c.to_move}>"
        )


cdef tuple _bytes_tuple(const uint8_t* items, int count):
    cdef tuple out = PyTuple_New(count)
    cdef int k
    cdef object value
    for k in range(count):
        value = items[k]
        Py_INCREF(value)
        RV_TUPLE_SET(out, k, value)
    return out


cdef tuple _kinds_tuple(const uint8_t* items, int count):
    cdef tuple out = PyTuple_New(count)
    cdef int k
    cdef object value
    for k in range(count):
        value = _KINDS[items[k]]
        Py_INCREF(value)
        RV_TUPLE_SET(out, k, value)
    return out


cdef tuple _tricks_of(CoreState state):
    cdef StateC* c = &state.c
    cdef int n = state.table.c.players
    cdef tuple out = PyTuple_New(c.ntricks)
    cdef int k, i
    cdef uint64_t mask
    for k in range(c.ntricks):
        mask = 0
        for i in range(n):
            mask |= (<uint64_t>1) << c.played[k * n + i]
        record = _tuple_new(TrickRecord, (
            c.trick_leader[k],
            _bytes_tuple(&c.played[k * n], n),
            _kinds_tuple(&c.kinds[k * n], n),
            c.trick_winner[k],
            mask,
        ))
        Py_INCREF(record)
        RV_TUPLE_SET(out, k, record)
    return out


cdef object _fact(const FactC* f, tuple pools):
    kind = f.kind
    if kind == F_EXCHANGED:
        return Exchanged(f.a, f.b, f.c)
    if kind == F_DECLINED:
        return Declined(f.a, f.b)
    if kind == F_DISCARDED:
        return Discarded(f.a, f.b)
    if kind == F_GIVEN or kind == F_PASSED:
        return Given(f.a, f.b, f.c, kind == F_PASSED)
    if kind == F_RECEIVED:
        return Received()
    if kind == F_PRIVILEGE:
        return PrivilegeUsed(f.a, f.b)
    if kind == F_POOL_WON:
        return PoolWon(f.a, pools[f.b - 1], f.c)
    if kind == F_POOL_OWED:
        return PoolOwed(f.a, pools[f.b - 1], f.c)
    if kind == F_COMMITTED:
        return Committed(f.a, f.b)
    if kind == F_BROKEN:
        return Broken(f.a, f.b, f.c)
    return Made(f.a)


cdef tuple _facts_of(CoreState state):
    cdef tuple out = PyTuple_New(state.c.nfacts)
    cdef int k
    cdef const FactC* fact
    for k in range(state.c.nfacts):
        fact = &state.log.items[k]
        recorded = _tuple_new(Recorded, (fact.step, _fact(fact, state.table.pools)))
        Py_INCREF(recorded)
        RV_TUPLE_SET(out, k, recorded)
    return out




cdef CoreState _new_state(Table table, const StateC* c, FactLog log):
    cdef CoreState state = CoreState.__new__(CoreState)
    memcpy(&state.c, c, sizeof(StateC))
    state.table = table
    state.log = log
    return state


#: What a state holds before the core gives it its table and log (see CoreState.__cinit__): a
#: table of no players, no steps and no cards, and an empty log (its facts copied, never added to).
cdef Table _BLANK_TABLE = Table.__new__(Table)
cdef FactLog _BLANK_LOG = _log_of(NULL, 0, 1)
