# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The compiled core: the reference engine's rules of play on a C struct per state.

The functions here have the signatures and the results of :mod:`reversis.engine.play`'s (``start``,
``legal_moves``, ``apply``, ``apply_card``, ``rollout``, ``replay``); their states,
:class:`CoreState`, show exactly the fields of :class:`reversis.engine.state.State` with equal
values, made when first read. The rules are the reference's, transcribed function by function (the
names below are the reference's: ``legal_cards``, ``first_leader``, ``trick_winner``,
``after_trick``, ``apply_step``), on the flat data of :mod:`reversis._core.lower`. The core knows no
game: every profile that validates runs on it, and ``tests/test_core.py`` holds it to the reference.

A move the rules refuse is handed to the reference engine, which raises its own error with its own
message; the core never builds a message of the rules itself (the rollout's policy error aside, which
it words as the reference does).
"""

cimport cython
from cpython.ref cimport PyObject, Py_INCREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memcpy, memset

import weakref
from types import MemberDescriptorType

import attrs

from reversis._core.lower import lower
from reversis.cards import CARD_AT, Card, cards_from_mask
from reversis.engine import chance, play as reference
from reversis.engine.deal import Deal, deal_tables, pass_offset
from reversis.engine.deal import deal_of_pack as reference_deal_of_pack
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
from reversis.engine.history import facts_of, moves_of
from reversis.engine.state import Extra, Recorded, State, TrickRecord
from reversis.errors import ArgumentError, IllegalMoveError
from reversis.profile import Profile as _Profile
from reversis.profile.stakes import exchange_limits, parse_stakes
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
    parse_move,
)

__all__ = [
    "CoreState",
    "HandBase",
    "apply",
    "apply_card",
    "deal_of_pack",
    "from_state",
    "hand_of",
    "legal_moves",
    "replay",
    "rollout",
    "rollouts",
    "seeded_deal",
    "seeded_pack",
    "start",
]

cdef extern from *:
    """
    #ifdef Py_LIMITED_API
    #define RV_TUPLE_SET(t, i, o) PyTuple_SetItem(t, i, o)
    #else
    #define RV_TUPLE_SET(t, i, o) PyTuple_SET_ITEM(t, i, o)
    #endif
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int rv_popcount(unsigned long long x) { return (int)__popcnt64(x); }
    static inline int rv_lowest(unsigned long long x) {
        unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static inline int rv_highest(unsigned long long x) {
        unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
    static inline unsigned long long rv_mulhi(unsigned long long a, unsigned long long b) {
        return __umulh(a, b); }
    #else
    static inline int rv_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int rv_lowest(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int rv_highest(unsigned long long x) { return 63 - __builtin_clzll(x); }
    static inline unsigned long long rv_mulhi(unsigned long long a, unsigned long long b) {
        return (unsigned long long)(((unsigned __int128)a * b) >> 64); }
    #endif
    """
    void RV_TUPLE_SET(object t, Py_ssize_t i, object o)  # steals a reference to o
    int rv_popcount(unsigned long long x) nogil
    int rv_lowest(unsigned long long x) nogil     # x != 0
    int rv_highest(unsigned long long x) nogil    # x != 0
    unsigned long long rv_mulhi(unsigned long long a, unsigned long long b) nogil  # (a*b) >> 64

# The sizes of the arrays (reversis._core.lower checks that a deal fits them).
cdef enum:
    MAX_PLAYERS = 8
    MAX_TRICKS = 24
    MAX_STEPS = 64
    MAX_FACTS = 192
    NCARDS = 64

# The kinds of the steps before play (reversis.profile.compiled.STEP_*), and Decline as a fifth move.
cdef enum:
    STEP_EXCHANGE = 0
    STEP_DISCARD = 1
    STEP_GIVE = 2
    STEP_PASS = 3
    MOVE_DECLINE = 4
    MOVE_PLAY = 5

# How a card is played (reversis.engine.facts.Kind).
cdef enum:
    LED = 0
    FORCED = 1
    PLAYED = 2
    PLACED = 3

# The facts the engine records (reversis.engine.facts), with their fields a, b, c.
cdef enum:
    F_EXCHANGED = 1   # seat, discarded, taken
    F_DECLINED        # seat, card
    F_DISCARDED       # seat, card
    F_GIVEN           # seat, to, card
    F_PASSED          # seat, to, card
    F_RECEIVED
    F_PRIVILEGE       # seat, trick
    F_POOL_WON        # seat, pool (1 + index in the pools' names), trick
    F_POOL_OWED       # seat, pool, trick
    F_COMMITTED       # seat, trick
    F_BROKEN          # seat, breaker, trick
    F_MADE            # seat


cdef struct FactC:
    uint8_t step
    uint8_t kind
    uint8_t a
    uint8_t b
    uint8_t c


cdef struct TableC:
    # -- the profile's rules, lowered (reversis._core.lower.Lowered) --
    int players
    int tricks
    uint64_t deck
    uint64_t led_cards[NCARDS]
    uint64_t suits[4]
    uint8_t power[NCARDS]
    int trump_suit
    bint follow_trump
    uint64_t first_lead
    int two_of_clubs
    uint64_t first_trick_barred
    uint64_t lead_barred
    uint64_t lead_free
    uint64_t breakers
    uint64_t priv_mask
    int priv_needed
    int priv_last
    bint only_card_forced
    uint8_t pool_of[NCARDS]
    int commit
    bint end_on_break
    bint widow_to_dealer
    # -- the deal --
    int dealer
    int eldest
    uint64_t dealt[MAX_PLAYERS]
    uint8_t widow[NCARDS]
    int nwidow
    int nsteps
    uint8_t step_seat[MAX_STEPS]
    uint8_t step_kind[MAX_STEPS]
    uint8_t step_arg[MAX_STEPS]
    uint64_t no_discard
    bint may_decline


cdef struct StateC:
    uint64_t held[MAX_PLAYERS]
    uint64_t legal
    uint64_t aside
    int step
    int to_move
    int leader
    int privilege
    int privilege_used
    int committed
    int breaker
    bint broken
    int ncur            # cards in the trick in progress: played[nplayed - ncur:]
    int ntricks
    int nplayed
    int npending
    int nfacts          # facts recorded: the first nfacts of the state's FactLog
    uint8_t played[NCARDS]
    uint8_t kinds[NCARDS]
    uint8_t trick_leader[MAX_TRICKS]
    uint8_t trick_winner[MAX_TRICKS]
    uint8_t pending[MAX_STEPS]


# -- Python values the core hands out ------------------------------------------------------------

cdef object _Play = Play
cdef object _Exchange = Exchange
cdef object _Discard = Discard
cdef object _Give = Give
cdef object _Pass = Pass
cdef object _Decline = Decline
cdef object _Card = Card
cdef object _DECLINE = DECLINE
cdef tuple _KINDS = tuple(Kind)
cdef object _tuple_new = tuple.__new__
cdef object _EMPTY = ()


# -- frozen attrs values made as their __init__ makes them ----------------------------------------
#
# attrs' __init__ of a frozen slotted class makes the object with object.__new__ and sets each
# field with object.__setattr__, which calls the field's slot descriptor's __set__. The core makes
# such values (deals, events, stakes, settlements, views) the same way from C, without the call
# of __init__ and its arguments: object.__new__(cls) (the class's tp_new, read with
# PyType_GetSlot), then each field's descriptor's __set__ (its type's tp_descr_set slot), for a
# class whose __init__ does nothing else; any other class is called.

cdef extern from *:
    """
    typedef int (*rv_setter)(PyObject*, PyObject*, PyObject*);
    static rv_setter rv_setter_of(PyObject* descriptor) {
        return (rv_setter)PyType_GetSlot(Py_TYPE(descriptor), Py_tp_descr_set);
    }
    static int rv_set(rv_setter set, PyObject* descriptor, PyObject* obj, PyObject* value) {
        return set(descriptor, obj, value);
    }
    """
    ctypedef int (*rv_setter)(PyObject*, PyObject*, PyObject*)
    rv_setter rv_setter_of(PyObject* descriptor)
    int rv_set(rv_setter set, PyObject* descriptor, PyObject* obj, PyObject* value) except -1


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


#: The type of a slot's descriptor (types.MemberDescriptorType).
cdef object _MEMBER_DESCRIPTOR = MemberDescriptorType


@cython.final
cdef class _Maker:
    """How to make a frozen attrs value of ``cls`` from the values of ``names`` in order: made by
    ``object.__new__`` and each value set by its slot's descriptor (``direct``), or else by
    calling the class with keywords."""
    cdef object cls
    cdef tuple names
    cdef tuple descriptors
    cdef rv_setter setter
    cdef bint direct


cdef _Maker _maker_of(object cls, tuple names, bint all_fields=True):
    """The maker of ``cls``: direct where ``cls`` is a slotted attrs class whose ``__init__`` only
    sets its fields (no validator, converter, pre- or post-init, no ``__new__`` of its own, no slot
    of its own but theirs), and each of ``names`` is a plain slot of it. ``names`` are the fields
    in order, unless ``all_fields`` is false: a maker that leaves fields unset (settle.pxi's
    settlement, whose payments are made on first read)."""
    cdef _Maker maker = _Maker.__new__(_Maker)
    maker.cls = cls
    maker.names = names
    maker.direct = False
    fields = attrs.fields(cls)
    if (
        (all_fields and tuple([f.name for f in fields]) != names)
        or not all([f.validator is None and f.converter is None and f.init for f in fields])
        or hasattr(cls, "__attrs_pre_init__")
        or hasattr(cls, "__attrs_post_init__")
        or "__slots__" not in cls.__dict__
        or not set(cls.__dict__["__slots__"]) - {"__weakref__"} <= {f.name for f in fields}
        or cls.__new__ is not object.__new__
    ):
        return maker
    descriptors = tuple([getattr(cls, name, None) for name in names])
    if not descriptors or any([type(d) is not _MEMBER_DESCRIPTOR for d in descriptors]):
        return maker
    maker.descriptors = descriptors
    maker.setter = rv_setter_of(<PyObject*>descriptors[0])
    maker.direct = maker.setter != NULL
    return maker


cdef object _make(_Maker maker, tuple values):
    """A value of ``maker.cls`` with the values of ``maker.names``."""
    cdef Py_ssize_t i
    if not maker.direct:
        return maker.cls(**{
            f.alias: value for f, value in zip(attrs.fields(maker.cls), values)
        })
    if len(values) != len(maker.names):
        raise ArgumentError(f"{maker.cls.__name__} takes {len(maker.names)} values")
    out = rv_new_instance(maker.cls, _EMPTY)  # object.__new__(cls), checked by _maker_of
    for i in range(len(values)):
        rv_set(maker.setter, <PyObject*>maker.descriptors[i], <PyObject*>out,
               <PyObject*>values[i])
    return out

# The interned moves by card bit (reversis.moves), as C arrays of borrowed references: the lists
# are kept alive by this module.
cdef list _MOVE_LISTS = [EXCHANGES, DISCARDS, GIVES, PASSES, PLAYS]
cdef PyObject* _MOVES[5][NCARDS]
cdef int _i, _j
for _i in range(5):
    for _j in range(NCARDS):
        _MOVES[_i][_j] = <PyObject*>_MOVE_LISTS[_i][_j]
cdef enum:
    MOVES_PLAY = 4

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


cdef inline int _interned(object move) noexcept:
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


# -- the rules (transcribed from the reference engine, module by module) -------------------------


cdef inline int current_card(const StateC* s, int k) noexcept nogil:
    """The k-th card of the trick in progress."""
    return s.played[s.nplayed - s.ncur + k]


cdef uint64_t legal_cards(const TableC* t, const StateC* s, int seat) noexcept nogil:
    """engine/follow.py legal_cards: what ``seat`` may play now."""
    cdef uint64_t held = s.held[seat]
    cdef uint64_t follow, ruff, allowed
    cdef bint first_trick = s.ntricks == 0
    if s.ncur:
        # fournier-1785 §6: follow the suit led if able.
        follow = held & t.led_cards[current_card(s, 0)]
        if follow:
            # fournier-1785 §11: the privileged player may renounce up to its last trick.
            if seat == s.privilege and s.ntricks < t.priv_last:
                return held
            return follow
        if t.follow_trump:
            # reunion §5: unable to follow, trump if able.
            ruff = held & t.suits[t.trump_suit]
            if ruff:
                return ruff
        if first_trick and held & ~t.first_trick_barred:
            # hearts §5: no point card on the first trick unless nothing else is held.
            return held & ~t.first_trick_barred
        return held
    if first_trick and t.first_lead:
        # hearts §5: the first trick is led with the two of clubs (or a club).
        allowed = held & t.first_lead
        return allowed if allowed else held
    if t.lead_barred and not s.broken:
        # hearts §7: no heart led before hearts are broken, unless nothing else is held.
        allowed = held & ~t.lead_barred
        if allowed and allowed != t.lead_free:
            return allowed
    return held


cdef int first_leader(const TableC* t, const StateC* s) noexcept nogil:
    """engine/follow.py first_leader: the eldest, or the holder of the two of clubs (hearts §5)."""
    cdef int seat
    if t.first_lead:
        for seat in range(t.players):
            if s.held[seat] >> t.two_of_clubs & 1:
                return seat
    return t.eldest


cdef void to_play(const TableC* t, StateC* s) noexcept nogil:
    """engine/follow.py to_play: the first leader to play."""
    cdef int leader = first_leader(t, s)
    s.to_move = leader
    s.leader = leader
    s.legal = legal_cards(t, s, leader)


cdef inline void record(StateC* s, FactC* log, int kind, int a, int b, int c) noexcept nogil:
    """Record a fact of the move being made in ``log`` (the lowering keeps the facts within
    MAX_FACTS)."""
    cdef FactC* fact
    if s.nfacts < MAX_FACTS:
        fact = &log[s.nfacts]
        fact.step = <uint8_t>s.step
        fact.kind = <uint8_t>kind
        fact.a = <uint8_t>a
        fact.b = <uint8_t>b
        fact.c = <uint8_t>c
        s.nfacts += 1


cdef int trick_winner(const TableC* t, const StateC* s, uint64_t mask) noexcept nogil:
    """engine/tricks.py trick_winner: the seat that takes the trick just completed (its cards are
    the last ``players`` played)."""
    cdef int first = s.nplayed - t.players
    cdef uint64_t led = t.led_cards[s.played[first]]
    cdef uint64_t group
    cdef int k, card, best = -1, power = -1, at = 0
    if t.trump_suit < 0:
        # fournier-1785 §6: the highest card of the suit led wins.
        best = rv_highest(mask & led)
        for k in range(t.players):
            if s.played[first + k] == best:
                at = k
    else:
        # reunion §5: the highest trump, else the highest of the suit led (bowers above the ace).
        group = mask & t.suits[t.trump_suit]
        if not group:
            group = mask & led
        for k in range(t.players):
            card = s.played[first + k]
            if group >> card & 1 and t.power[card] > power:
                power = t.power[card]
                at = k
    return (s.leader + at) % t.players


cdef bint after_trick(const TableC* t, StateC* s, FactC* log) noexcept nogil:
    """engine/commitment.py after_trick: the reversis after the trick just taken (fournier-1785
    §8); whether the hand is over."""
    cdef int number = s.ntricks
    cdef int taker = s.trick_winner[number - 1]
    cdef bint over = number == t.tricks
    cdef bint all_taken = True
    cdef int k
    if number == t.commit:
        for k in range(number):
            if s.trick_winner[k] != taker:
                all_taken = False
    if number == t.commit and all_taken:
        s.committed = taker
        record(s, log, F_COMMITTED, taker, number, 0)
    elif s.committed >= 0 and s.breaker < 0 and taker != s.committed:
        s.breaker = taker
        record(s, log, F_BROKEN, s.committed, taker, number)
        over = over or t.end_on_break
    if over and s.committed >= 0 and s.breaker < 0:
        record(s, log, F_MADE, s.committed, 0, 0)
    return over


cdef void play_card(const TableC* t, StateC* s, FactC* log, int card) noexcept nogil:
    """engine/play.py apply_card: the seat to move plays ``card``, one of ``s.legal``."""
    cdef int seat = s.to_move
    cdef int n = t.players
    cdef int trick = s.ntricks + 1
    cdef int kind, pool, k, winner
    cdef uint64_t led, mask
    cdef bint over
    # How the card is played (fournier-1785 §6, hoyle §6).
    if not s.ncur:
        kind = LED
    else:
        led = t.led_cards[current_card(s, 0)]
        if not led >> card & 1:
            kind = PLACED
        elif t.only_card_forced and s.held[seat] & led != (<uint64_t>1) << card:
            kind = PLAYED
        else:
            kind = FORCED
        if kind == PLACED and not s.privilege_used and s.held[seat] & led:
            # fournier-1785 §11: the privilege's first use.
            s.privilege_used = trick
            record(s, log, F_PRIVILEGE, seat, trick, 0)
    pool = t.pool_of[card]
    if pool and s.committed < 0:
        # fournier-1785 §9: a quinola placed wins its pool; led or forced, it owes one.
        record(s, log, F_POOL_WON if kind == PLACED else F_POOL_OWED, seat, pool, trick)
    s.held[seat] ^= (<uint64_t>1) << card
    s.played[s.nplayed] = <uint8_t>card
    s.kinds[s.nplayed] = <uint8_t>kind
    s.nplayed += 1
    s.ncur += 1
    if s.ncur < n:
        seat = (seat + 1) % n
    else:
        mask = 0
        for k in range(n):
            mask |= (<uint64_t>1) << current_card(s, k)
        winner = trick_winner(t, s, mask)
        s.trick_leader[s.ntricks] = <uint8_t>s.leader
        s.trick_winner[s.ntricks] = <uint8_t>winner
        s.ntricks += 1
        s.ncur = 0
        seat = winner
        s.leader = winner
        if mask & t.breakers and not s.broken:
            # hearts §7: the first heart (or the queen of spades) breaks hearts.
            s.broken = True
        over = s.ntricks == t.tricks
        if s.ntricks >= t.commit:
            over = after_trick(t, s, log)
        if over:
            s.step += 1
            s.to_move = -1
            s.leader = -1
            s.legal = 0
            return
    s.step += 1
    s.to_move = seat
    s.legal = legal_cards(t, s, seat)


cdef uint64_t step_cards(const TableC* t, const StateC* s) noexcept nogil:
    """engine/steps.py step_moves: the cards of the step's legal moves (Decline apart)."""
    cdef uint64_t held = s.held[s.to_move]
    cdef int kind = t.step_kind[s.step]
    if kind == STEP_EXCHANGE or kind == STEP_DISCARD:
        return held & ~t.no_discard
    return held


cdef bint step_allowed(const TableC* t, const StateC* s, int move, int card) noexcept nogil:
    """Whether engine/steps.py apply_step accepts the move (``move``: a step kind, or
    MOVE_DECLINE; ``card`` a card bit from 0 to 63)."""
    cdef int kind, k
    if s.to_move < 0 or s.step >= t.nsteps:
        return False
    kind = t.step_kind[s.step]
    if move == MOVE_DECLINE:
        return kind == STEP_EXCHANGE and t.may_decline
    if move != kind or not s.held[s.to_move] >> card & 1:
        return False
    if kind == STEP_EXCHANGE or kind == STEP_DISCARD:
        return not t.no_discard >> card & 1
    if kind == STEP_GIVE:
        for k in range(s.npending):
            if s.pending[k] == card:
                return False
    return True


cdef void apply_step(const TableC* t, StateC* s, FactC* log, int move, int card) noexcept nogil:
    """engine/steps.py apply_step, for a move :func:`step_allowed` accepts."""
    cdef int seat = s.to_move
    cdef int n = t.players
    cdef int kind = t.step_kind[s.step]
    cdef int argument = t.step_arg[s.step]
    cdef int widow, first, k, giver, given
    cdef bint passed
    if move == MOVE_DECLINE:
        # fournier-1785 §4: the widow card looked at goes under the basket.
        widow = t.widow[argument]
        record(s, log, F_DECLINED, seat, widow, 0)
        s.aside |= (<uint64_t>1) << widow
    elif kind == STEP_EXCHANGE or kind == STEP_DISCARD:
        s.aside |= (<uint64_t>1) << card
        s.held[seat] ^= (<uint64_t>1) << card
        if kind == STEP_EXCHANGE:
            # fournier-1785 §4: a card under the basket, the widow card taken.
            widow = t.widow[argument]
            s.held[seat] ^= (<uint64_t>1) << widow
            record(s, log, F_EXCHANGED, seat, card, widow)
        else:
            # fournier-1785 §4, reunion §4: the dealer discards.
            record(s, log, F_DISCARDED, seat, card, 0)
    else:
        # hoyle §4: given cards change hands together after the last choice; hearts §4: a passed
        # card leaves the hand at once, and the passes arrive together after the last one.
        passed = kind == STEP_PASS
        if passed:
            s.held[seat] ^= (<uint64_t>1) << card
        s.pending[s.npending] = <uint8_t>card
        s.npending += 1
        record(s, log, F_PASSED if passed else F_GIVEN, seat, (seat + argument) % n, card)
        if s.step + 1 == t.nsteps or t.step_kind[s.step + 1] != kind:
            first = s.step + 1 - s.npending
            for k in range(s.npending):
                giver = t.step_seat[first + k]
                given = s.pending[k]
                if not passed:
                    s.held[giver] ^= (<uint64_t>1) << given
                s.held[(giver + t.step_arg[first + k]) % n] ^= (<uint64_t>1) << given
            s.npending = 0
            record(s, log, F_RECEIVED, 0, 0, 0)
    # engine/steps.py _next: the next step, or the first trick.
    s.step += 1
    if s.step < t.nsteps:
        s.to_move = t.step_seat[s.step]
        return
    if t.priv_mask:
        # fournier-1785 §11: the privilege is judged once the exchange is over.
        for seat in range(n):
            if rv_popcount(s.held[seat] & t.priv_mask) >= t.priv_needed:
                s.privilege = seat
    to_play(t, s)


cdef inline int nth_card(uint64_t mask, int k) noexcept nogil:
    """The card bit of the k-th card (from 0) of ``mask`` in card order (k < its count)."""
    cdef int i
    for i in range(k):
        mask &= mask - 1
    return rv_lowest(mask)


# -- the lowering, copied into C ------------------------------------------------------------------


@cython.final
@cython.no_gc
cdef class Program:
    """A profile's rules for one trump suit, lowered (:func:`reversis._core.lower.lower`)."""

    cdef TableC c
    cdef tuple pools
    cdef object rules_ref
    #: The steps before play of the deals seen, lowered: by the identity of a deal's ``steps``
    #: tuple (the profile's own, shared by its deals), ``(steps, seats, kinds, arguments, the
    #: widow's size they were checked against)``.
    cdef dict steps


#: Lowered rules by (id of the Rules, trump suit); each entry keeps a weak reference to its Rules,
#: checked on every look-up, so that an id reused by another Rules is never mistaken for it. A
#: cache of values that never change (as engine/tables.py's), bounded in size.
cdef dict _PROGRAMS = {}


cdef uint64_t _mask(object value, str what) except? 0:
    cdef uint64_t mask
    if type(value) is int:
        try:
            return <uint64_t>value
        except OverflowError:
            pass
    raise ArgumentError(f"the deal's {what} is not a card mask: {str(value)[:40]}")


cdef int _small(object value, int low, int high) except -1000:
    """``value`` if it is an integer from ``low`` to ``high``, else -999."""
    cdef long long number
    if type(value) is int:
        try:
            number = value
        except OverflowError:
            return -999
        if low <= number <= high:
            return <int>number
    return -999


#: The last program asked for, with its Rules and trump suit: found again without a look-up.
cdef Program _LAST_PROGRAM = None
cdef object _LAST_PROGRAM_RULES = None
cdef object _LAST_PROGRAM_SUIT = None


cdef Program _program(object deal):
    global _LAST_PROGRAM, _LAST_PROGRAM_RULES, _LAST_PROGRAM_SUIT
    trumps = deal.trumps
    suit = -1 if trumps is None else trumps.suit
    rules = deal.rules
    if (rules is _LAST_PROGRAM_RULES and _LAST_PROGRAM is not None
            and type(suit) is int and suit == _LAST_PROGRAM_SUIT):
        return _LAST_PROGRAM
    program = _program_of(rules, suit, deal)
    _LAST_PROGRAM, _LAST_PROGRAM_RULES, _LAST_PROGRAM_SUIT = program, rules, suit
    return program


cdef Program _program_of(object rules, object suit, object deal):
    key = (id(rules), suit)
    cdef Program program = _PROGRAMS.get(key)
    if program is not None and program.rules_ref() is rules:
        return program
    lowered = lower(deal)
    program = Program.__new__(Program)
    cdef TableC* c = &program.c
    cdef int bit
    c.players = lowered.players
    c.tricks = lowered.tricks
    c.deck = _mask(lowered.deck, "pack")
    for bit in range(NCARDS):
        c.led_cards[bit] = _mask(lowered.led_cards[bit], "suits")
        c.power[bit] = lowered.power[bit]
        c.pool_of[bit] = lowered.pool_of[bit]
    for bit in range(4):
        c.suits[bit] = _mask(lowered.suits[bit], "suits")
    c.trump_suit = lowered.trump_suit
    c.follow_trump = lowered.follow_trump
    c.first_lead = _mask(lowered.first_lead, "first lead")
    c.two_of_clubs = lowered.two_of_clubs
    c.first_trick_barred = _mask(lowered.first_trick_barred, "first trick")
    c.lead_barred = _mask(lowered.lead_barred, "leads")
    c.lead_free = _mask(lowered.lead_free, "leads")
    c.breakers = _mask(lowered.breakers, "breakers")
    c.priv_mask = _mask(lowered.priv_mask, "privilege")
    c.priv_needed = lowered.priv_needed
    c.priv_last = lowered.priv_last
    c.only_card_forced = lowered.only_card_forced
    c.commit = lowered.commit
    c.end_on_break = lowered.end_on_break
    c.widow_to_dealer = lowered.widow_to_dealer
    program.pools = lowered.pools
    program.rules_ref = weakref.ref(rules)
    program.steps = {}
    if len(_PROGRAMS) >= 256:
        _PROGRAMS.clear()
    _PROGRAMS[key] = program
    return program


@cython.final
@cython.no_gc_clear
cdef class Table:
    """A deal, lowered: its rules and cards, shared by every state of the hand.

    Seen by the cycle collector, as the states that hold it (the deal's profile may be a user's
    subclass that refers back to a hand), but never cleared by it: a table and a state always hold
    their values, and a cycle through them is broken at a hand or a user's object."""

    cdef TableC c
    cdef object deal
    cdef tuple pools


cdef Table _table(object deal):
    if not isinstance(deal, Deal):
        raise ArgumentError(f"start() needs an engine Deal, not {type(deal).__name__}")
    cdef Program program = _program(deal)
    cdef Table table = Table.__new__(Table)
    cdef TableC* c = &table.c
    memcpy(c, &program.c, sizeof(TableC))
    table.deal = deal
    table.pools = program.pools
    cdef int n = c.players
    cdef int dealer = _small(deal.dealer, 0, n - 1)
    dealt = deal.dealt
    widow = deal.widow
    steps = deal.steps
    if dealer < 0 or type(dealt) is not tuple or len(dealt) != n:
        raise ArgumentError("the deal's dealer or hands do not fit its profile")
    if (type(widow) is not tuple or type(steps) is not tuple or len(widow) > NCARDS
            or len(steps) > MAX_STEPS or _small(deal.nsteps, 0, MAX_STEPS) != len(steps)):
        raise ArgumentError("the deal's widow or steps do not fit its profile")
    c.dealer = dealer
    c.eldest = (dealer + 1) % n
    cdef int seat, k, bit
    for seat in range(n):
        c.dealt[seat] = _mask(dealt[seat], "hands")
    c.nwidow = len(widow)
    for k in range(c.nwidow):
        bit = _small(widow[k], 0, NCARDS - 1)
        if bit < 0:
            raise ArgumentError(f"the deal's widow holds {str(widow[k])[:20]}, not a card bit")
        c.widow[k] = bit
        if c.widow_to_dealer:
            # reunion §4: the dealer takes up the cards left.
            c.dealt[dealer] |= (<uint64_t>1) << c.widow[k]
    c.nsteps = len(steps)
    _lower_steps(program, c, steps)
    c.no_discard = _mask(deal.no_discard, "barred discards")
    c.may_decline = bool(deal.may_decline)
    return table


cdef void _lower_steps(Program program, TableC* c, tuple steps) except *:
    """The deal's steps before play into ``c`` (checked, then kept by the program for the next
    deal with the same steps)."""
    cdef int k, n = c.players, seat, kind, argument
    cdef const unsigned char* seats
    cdef const unsigned char* kinds
    cdef const unsigned char* arguments
    found = program.steps.get(id(steps))
    if found is not None and found[0] is steps and found[4] == c.nwidow:
        seats, kinds, arguments = found[1], found[2], found[3]
        memcpy(c.step_seat, seats, c.nsteps)
        memcpy(c.step_kind, kinds, c.nsteps)
        memcpy(c.step_arg, arguments, c.nsteps)
        return
    for k in range(c.nsteps):
        step = steps[k]
        if type(step) is not tuple or len(step) != 3:
            raise ArgumentError(f"the deal's step {k} is not a step of its profile")
        seat = _small(step[0], 0, n - 1)
        kind = _small(step[1], 0, 3)
        argument = _small(step[2], -1, NCARDS)
        if seat < 0 or kind < 0:
            raise ArgumentError(f"the deal's step {k} is not a step of its profile")
        if kind == STEP_EXCHANGE:
            if not 0 <= argument < c.nwidow:
                raise ArgumentError(f"the deal's step {k} names no widow card")
        elif kind != STEP_DISCARD and not 0 <= argument < n:
            raise ArgumentError(f"the deal's step {k} names no seat")
        c.step_seat[k] = seat
        c.step_kind[k] = kind
        c.step_arg[k] = argument if kind != STEP_DISCARD else 0
    if len(program.steps) >= 64:
        program.steps.clear()
    program.steps[id(steps)] = (
        steps,
        (<char*>c.step_seat)[:c.nsteps],
        (<char*>c.step_kind)[:c.nsteps],
        (<char*>c.step_arg)[:c.nsteps],
        c.nwidow,
    )


# -- the state ------------------------------------------------------------------------------------


@cython.final
cdef class FactLog:
    """The facts recorded along a line of play, shared by its states: a state's facts are the
    first ``nfacts`` of its log. A move that records facts appends them to its state's log when
    the log has room for every fact of a hand and that state is its last (no other move from it
    has recorded facts since); else the move's state gets a copy."""

    cdef FactC* items
    cdef int used
    cdef int capacity

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

    cdef StateC c
    cdef Table table
    cdef FactLog log
    cdef object _tricks
    cdef object _facts
    cdef object _extra

    def __init__(self):
        raise TypeError("make a core state with reversis._core.core.start(deal)")

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

    def __reduce__(self):
        return (replay, (self.table.deal, moves_of(facts_of(self))))

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


cdef CoreState _move(CoreState state, int move, int card):
    """The state after the move the rules allow (``move``: a step's kind, MOVE_DECLINE, or
    MOVE_PLAY for a card played), with the values ``state`` kept that it left unchanged."""
    cdef CoreState child = CoreState.__new__(CoreState)
    cdef StateC* a = &state.c
    cdef StateC* b = &child.c
    cdef const TableC* t = &state.table.c
    cdef FactLog log = state.log
    cdef FactC scratch[MAX_FACTS]
    cdef FactC* items = log.items
    memcpy(b, a, sizeof(StateC))
    child.table = state.table
    if log.used != a.nfacts or log.capacity < MAX_FACTS:  # not the log's last state
        memcpy(scratch, log.items, a.nfacts * sizeof(FactC))
        items = scratch
    if move == MOVE_PLAY:
        play_card(t, b, items, card)
    else:
        apply_step(t, b, items, move, card)
    if b.nfacts == a.nfacts:
        child.log = log
        child._facts = state._facts
    elif items == scratch:
        child.log = _log_of(scratch, b.nfacts, b.nfacts)
    else:
        log.used = b.nfacts
        child.log = log
    if a.ntricks == b.ntricks:
        child._tricks = state._tricks
    if (a.aside == b.aside and a.npending == b.npending and a.privilege == b.privilege
            and a.privilege_used == b.privilege_used and a.committed == b.committed
            and a.breaker == b.breaker and a.broken == b.broken):
        child._extra = state._extra
    return child


cdef CoreState _new_state(Table table, const StateC* c, FactLog log):
    cdef CoreState state = CoreState.__new__(CoreState)
    memcpy(&state.c, c, sizeof(StateC))
    state.table = table
    state.log = log
    return state


# -- the functions of reversis.engine.play --------------------------------------------------------


def start(deal):
    """The state of ``deal`` before its first move."""
    return _start(deal)


cdef CoreState _start(object deal):
    cdef Table table = _table(deal)
    cdef StateC c
    cdef int seat
    memset(&c, 0, sizeof(StateC))
    c.step = 0
    c.nplayed = c.ncur = c.ntricks = c.npending = c.nfacts = 0
    c.aside = 0
    c.legal = 0
    c.privilege = c.committed = c.breaker = -1
    c.privilege_used = 0
    c.broken = False
    for seat in range(MAX_PLAYERS):
        c.held[seat] = table.c.dealt[seat] if seat < table.c.players else 0
    if table.c.nsteps:
        c.to_move = table.c.step_seat[0]
        c.leader = table.c.eldest
    else:
        to_play(&table.c, &c)
    return _new_state(table, &c, _log_of(NULL, 0, MAX_FACTS))


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


def legal_moves(CoreState state):
    """The moves the seat to move may make, as a sorted tuple (empty once the hand is over): plays
    in card order; the other moves in card order with ``decline`` last."""
    return _legal_moves(state)


cdef int _card_bit(object move):
    """The card bit of a move's card, or -1 if it has none that the core can read."""
    card = getattr(move, "card", None)
    if type(card) is not _Card:
        return -1
    cdef int bit = _small(card.index, 0, NCARDS - 1)
    return bit if bit >= 0 else -1


cdef CoreState _refuse(CoreState state, object move):
    """The reference engine's answer to a move the core refuses: its error (or, should it accept
    the move, the same state on the core)."""
    return <CoreState>from_state(reference.apply(state.to_state(), move))


cdef CoreState _apply(CoreState state, object move):
    """:func:`apply` (an interned move by its code; any other object by its type and card)."""
    cdef int code = _interned(move)
    cdef int bit, kind
    if code >= 0:
        kind = code >> 6
        bit = code & 63
        if kind == MOVE_PLAY:
            if state.c.legal >> bit & 1:
                return _move(state, MOVE_PLAY, bit)
        elif step_allowed(&state.table.c, &state.c, kind, bit):
            return _move(state, kind, bit)
        return _refuse(state, move)
    cdef type cls = type(move)
    if cls is _Play:
        bit = _card_bit(move)
        if bit < 0 or not state.c.legal >> bit & 1:
            return _refuse(state, move)
        return _move(state, MOVE_PLAY, bit)
    if isinstance(move, _Decline):
        kind, bit = MOVE_DECLINE, 0
    elif cls is _Exchange:
        kind = STEP_EXCHANGE
    elif cls is _Discard:
        kind = STEP_DISCARD
    elif cls is _Give:
        kind = STEP_GIVE
    elif cls is _Pass:
        kind = STEP_PASS
    else:
        return _refuse(state, move)
    if kind != MOVE_DECLINE:
        bit = _card_bit(move)
        if bit < 0:
            return _refuse(state, move)
    if not step_allowed(&state.table.c, &state.c, kind, bit):
        return _refuse(state, move)
    return _move(state, kind, bit)


def apply(CoreState state, move):
    """The state after ``move``; :class:`~reversis.IllegalMoveError` (saying why) if the rules do
    not allow it now, :class:`~reversis.InvalidMoveError` if it is no move."""
    return _apply(state, move)


def apply_card(CoreState state, card):
    """The state after the seat to move plays ``card`` (a card bit), which must be one of
    ``state.legal`` (else :class:`~reversis.IllegalMoveError`, as :func:`apply` says)."""
    if type(card) is not int or not 0 <= card < NCARDS or CARD_AT[card] is None:
        raise ArgumentError(f"apply_card() needs a card bit, not {str(card)[:40]}")
    if not state.c.legal >> card & 1:
        return _refuse(state, PLAYS[card])
    return _move(state, MOVE_PLAY, card)


cdef int _choose(object draw, int count) except -1:
    """``int(draw() * count)``, the reference's random choice among ``count`` moves."""
    value = draw()
    cdef double x
    if type(value) is float:
        x = <double>value * count
        if 0.0 <= x < count:
            return <int>x
    else:
        k = int(value * count)
        if 0 <= k < count:
            return k
    raise ArgumentError(
        f"rollout: draw() returned {str(value)[:40]}, not a number from 0 up to 1 (excluded)"
    )


cdef object _refuse_policy(object card, int seat, uint64_t legal):
    """engine/play.py's error for a policy's card that is not legal, in the same words."""
    found = CARD_AT[card] if type(card) is int and 0 <= card < NCARDS else None
    codes = " ".join(c.code for c in cards_from_mask(legal))
    raise IllegalMoveError(
        found.code if found is not None else repr(card),
        f"the rollout policy chose it for seat {seat}, who may play {codes}",
    )


cdef inline int _next_choice(object draw, uint64_t* rng, int count) except -1:
    """A choice among ``count`` moves: ``int(draw() * count)``, or, with the core's generator
    (``rng``), the high word of ``next * count``."""
    cdef uint64_t z
    if rng == NULL:
        return _choose(draw, count)
    # splitmix64 (Steele, Lea and Flood, 2014)
    rng[0] += 0x9E3779B97F4A7C15ULL
    z = rng[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    z = z ^ (z >> 31)
    return <int>rv_mulhi(z, <unsigned long long>count)


cdef enum:
    PLAYED_OUT = 0
    NO_MOVE = 1       # a step with no legal move (a profile that cannot go on)
    REFUSED = 2       # a step's random move that the rules refuse (the reference's quirk)


cdef int _play_out(const TableC* t, StateC* c, FactC* log, object draw, uint64_t* rng,
                   object policy, int* chosen_k) except -1:
    """Play ``c`` to its end in place (engine/play.py rollout); PLAYED_OUT, or why not."""
    cdef uint64_t cards
    cdef int count, k, card, decline, kind, move
    while c.to_move >= 0:
        if c.step < t.nsteps:
            cards = step_cards(t, c)
            kind = move = t.step_kind[c.step]
            decline = kind == STEP_EXCHANGE and t.may_decline
            count = rv_popcount(cards) + decline
            if count == 0:
                return NO_MOVE
            k = _next_choice(draw, rng, count)
            if decline and k == count - 1:
                move, card = MOVE_DECLINE, 0
            else:
                card = nth_card(cards, k)
            if not step_allowed(t, c, move, card):
                chosen_k[0] = k
                return REFUSED
            apply_step(t, c, log, move, card)
            continue
        if policy is None:
            card = nth_card(c.legal, _next_choice(draw, rng, rv_popcount(c.legal)))
        else:
            chosen = policy(c.to_move, c.legal, _bytes_tuple(&c.played[c.nplayed - c.ncur], c.ncur))
            if type(chosen) is not int or not 0 <= chosen < NCARDS or not c.legal >> chosen & 1:
                _refuse_policy(chosen, c.to_move, c.legal)
            card = chosen
        play_card(t, c, log, card)
    return PLAYED_OUT


cdef object _not_played_out(Table table, StateC* c, FactC* log, int why, int k, draw, policy):
    """What the reference does where :func:`_play_out` stopped."""
    state = _new_state(table, c, _log_of(log, c.nfacts, c.nfacts))
    if why == NO_MOVE:
        return reference.rollout(state.to_state(), draw, policy)
    cdef uint64_t cards = step_cards(&table.c, c)
    cdef int kind = table.c.step_kind[c.step]
    return _refuse(state, _moves_tuple(cards, kind, kind == STEP_EXCHANGE and table.c.may_decline)[k])


def rollout(CoreState state, draw, policy=None):
    """The final state after playing ``state`` to its end.

    Each move is chosen as ``moves[int(draw() * len(moves))]`` from :func:`legal_moves`, unless
    ``policy`` is given, which then chooses every play (the steps before play stay random). A
    policy's card that is not legal raises :class:`~reversis.IllegalMoveError`.
    """
    cdef Table table = state.table
    cdef StateC c
    cdef FactC log[MAX_FACTS]
    cdef int k = 0
    if getattr(policy, "core_policy", None) == "cautious":  # the cautious policy in C (c25-roll)
        return _cautious_rollout(state, draw, policy)
    memcpy(&c, &state.c, sizeof(StateC))
    memcpy(log, state.log.items, c.nfacts * sizeof(FactC))
    why = _play_out(&table.c, &c, log, draw, NULL, policy, &k)
    if why != PLAYED_OUT:
        return _not_played_out(table, &c, log, why, k, draw, policy)
    return _new_state(table, &c, _log_of(log, c.nfacts, c.nfacts))


def rollouts(CoreState state, count, seed, policy=None):
    """``count`` rollouts of ``state`` (a list of final states) with the core's own generator,
    seeded by ``seed`` (an integer from 0 to 2**64 - 1): the same moves for the same seed, but not
    the draws of :func:`rollout` with a :class:`random.Random`. ``policy`` as for :func:`rollout`."""
    if type(count) is not int or not 0 <= count <= 10**9:
        raise ArgumentError(f"rollouts: count must be an integer from 0, not {str(count)[:20]}")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ArgumentError(f"rollouts: seed must be an integer from 0 to 2**64 - 1, not "
                            f"{str(seed)[:40]}")
    cdef Table table = state.table
    cdef StateC c
    cdef FactC log[MAX_FACTS]
    cdef uint64_t rng = seed
    cdef int k = 0
    cdef Py_ssize_t i
    cdef list out = []
    for i in range(count):
        memcpy(&c, &state.c, sizeof(StateC))
        memcpy(log, state.log.items, c.nfacts * sizeof(FactC))
        why = _play_out(&table.c, &c, log, None, &rng, policy, &k)
        if why == NO_MOVE:
            raise ArgumentError(f"rollouts: no legal move at step {c.step}")
        if why == REFUSED:
            return _not_played_out(table, &c, log, why, k, None, policy)
        if c.nfacts == state.c.nfacts:  # no fact recorded: the same log
            out.append(_new_state(table, &c, state.log))
        else:
            out.append(_new_state(table, &c, _log_of(log, c.nfacts, c.nfacts)))
    return out


def replay(deal, moves):
    """The state of ``deal`` after ``moves`` (:class:`~reversis.IllegalMoveError` or
    :class:`~reversis.InvalidMoveError` at the first that is refused)."""
    state = start(deal)
    for move in moves:
        state = apply(state, move)
    return state


def from_state(state):
    """The core's state for a reference :class:`~reversis.engine.state.State` (replayed from its
    deal and moves); a :class:`CoreState` is returned as it is."""
    if isinstance(state, CoreState):
        return state
    if not isinstance(state, State):
        raise ArgumentError(f"from_state() needs an engine State, not {type(state).__name__}")
    return replay(state.deal, moves_of(facts_of(state)))


# -- the deal: the seeded shuffle, the cards dealt, the Deal ------------------------------------

include "dealing.pxi"


# -- the base of reversis.Hand --------------------------------------------------------------------

include "hand.pxi"


# -- the settlement -------------------------------------------------------------------------------

include "settle.pxi"


# -- rollouts in a batch (reversis.rollouts) ------------------------------------------------------

include "rollouts.pxi"


# -- sampling worlds (reversis.worlds) ------------------------------------------------------------

include "sampling.pxi"


# -- the public events and tricks of a state (reversis.views) -------------------------------------

include "events.pxi"


# -- batches of hands stepped together (reversis.vector) -----------------------------------------

include "vector.pxi"


# -- a seat's view of a hand in play (reversis.views) ---------------------------------------------

include "viewsource.pxi"
include "views.pxi"


# -- the worlds of a view (reversis.worldplan) ---------------------------------------------------

include "worlds.pxi"
include "worldsource.pxi"
