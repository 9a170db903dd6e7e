# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# The public events of a state : reversis.views.view reads a hand's events and
# tricks to make a seat's view, and a sampled world's view is made to check it. events_of and
# tricks_of make them from the state's arrays in one pass, equal to the reference's
# ``tuple(map(event_of, facts_of(state)))`` and ``Hand.tricks``; the plays, the tricks taken and the
# (seat, card) pairs of the tricks are interned (made once, then shared: they are frozen values).

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *


from reversis._core.state cimport _fact, _facts_of
from reversis._core.values cimport _Maker, _make, _maker_of

import attrs

from reversis.cards import CARD_AT
from reversis.engine.facts import Kind
from reversis.errors import ArgumentError

cdef tuple _KINDS = tuple(Kind)




# -- the events -------------------------------------------------------------------------------

cdef enum:
    PLAYED_EVENTS = MAX_PLAYERS * NCARDS * (MAX_TRICKS + 1) * 4
    TAKEN_EVENTS = (MAX_TRICKS + 1) * MAX_PLAYERS * MAX_PLAYERS

cdef PyObject* _PLAYED_EVENT[PLAYED_EVENTS]
cdef PyObject* _TAKEN_EVENT[TAKEN_EVENTS]
cdef PyObject* _DEALT_EVENT[MAX_PLAYERS * MAX_PLAYERS]
cdef PyObject* _SEAT_CARD[MAX_PLAYERS * NCARDS]

cdef object _event_of = None
cdef object _CardPlayed = None
cdef object _TrickTaken = None
cdef object _HandDealt = None
cdef object _Trick = None
cdef object _Exchanged = None
cdef object _Declined = None
cdef object _Discarded = None
cdef object _CardGiven = None
cdef tuple _PLAY_KINDS = ()
#: The makers of the events of the facts events.pyx does not intern, by the fact's kind
#: (F_EXCHANGED to F_MADE; None for the kinds made otherwise), and of the card shown.
cdef list _FACT_EVENT = []
cdef _Maker _SHOWN_EVENT = None


cdef void _import_events() except *:
    """The event classes, imported on first use (importing the library stays quick)."""
    global _event_of, _CardPlayed, _TrickTaken, _HandDealt, _Trick, _PLAY_KINDS
    global _Exchanged, _Declined, _Discarded, _CardGiven, _PASSED_EVENT
    if _event_of is not None:
        return
    from reversis import events as ev
    from reversis.engine.eventing import KINDS, event_of
    from reversis.engine.tricks import Trick

    _event_of = event_of
    _CardPlayed = ev.CardPlayed
    _TrickTaken = ev.TrickTaken
    _HandDealt = ev.HandDealt
    _Trick = Trick
    _Exchanged = ev.Exchanged
    _Declined = ev.Declined
    _Discarded = ev.Discarded
    _CardGiven = ev.CardGiven
    _PASSED_EVENT = ev.CardsPassed()
    _PLAY_KINDS = tuple(KINDS[kind] for kind in _KINDS)
    global _SHOWN_EVENT
    _SHOWN_EVENT = _event_maker(ev.CardShown)
    _FACT_EVENT[:] = [
        None,  # no kind 0
        _event_maker(ev.Exchanged),
        _event_maker(ev.Declined),
        _event_maker(ev.Discarded),
        None, None, None,  # given, passed, received: interned (_given_event, _hidden)
        _event_maker(ev.PrivilegeUsed),
        _event_maker(ev.PoolWon),
        _event_maker(ev.PoolOwed),
        _event_maker(ev.ReversisCommitted),
        _event_maker(ev.ReversisBroken),
        _event_maker(ev.ReversisMade),
    ]


cdef _Maker _event_maker(object cls):
    return _maker_of(cls, tuple([f.name for f in attrs.fields(cls)]))


cdef object _event(const FactC* f, tuple pools):
    """The event of a recorded fact (reversis.engine.eventing's ``event_of(_fact(f, pools))``),
    made directly: the fields of the event are the fact's, its card bits as the Card values."""
    cdef int kind = f.kind
    if kind == F_EXCHANGED:
        values = (f.a, CARD_AT[f.b], CARD_AT[f.c])
    elif kind == F_DECLINED or kind == F_DISCARDED:
        values = (f.a, CARD_AT[f.b])
    elif kind == F_PRIVILEGE or kind == F_COMMITTED:
        values = (f.a, f.b)
    elif kind == F_POOL_WON or kind == F_POOL_OWED:
        values = (f.a, pools[f.b - 1], f.c)
    elif kind == F_BROKEN:
        values = (f.a, f.b, f.c)
    elif kind == F_MADE:
        values = (f.a,)
    else:
        return _event_of(_fact(f, pools))
    return _make(<_Maker>_FACT_EVENT[kind], values)


cdef object _played_event(int seat, int card, int trick, int kind):
    cdef int slot = ((seat * NCARDS + card) * (MAX_TRICKS + 1) + trick) * 4 + kind
    cdef object value
    if _PLAYED_EVENT[slot] == NULL:
        value = _CardPlayed(seat, CARD_AT[card], trick, _PLAY_KINDS[kind])
        Py_INCREF(value)
        _PLAYED_EVENT[slot] = <PyObject*>value
    return <object>_PLAYED_EVENT[slot]


cdef object _taken_event(int number, int leader, int winner):
    cdef int slot = (number * MAX_PLAYERS + leader) * MAX_PLAYERS + winner
    cdef object value
    if _TAKEN_EVENT[slot] == NULL:
        value = _TrickTaken(number, leader, winner)
        Py_INCREF(value)
        _TAKEN_EVENT[slot] = <PyObject*>value
    return <object>_TAKEN_EVENT[slot]


cdef object _seat_card(int seat, int card):
    cdef int slot = seat * NCARDS + card
    cdef object value
    if _SEAT_CARD[slot] == NULL:
        value = (seat, CARD_AT[card])
        Py_INCREF(value)
        _SEAT_CARD[slot] = <PyObject*>value
    return <object>_SEAT_CARD[slot]


cdef inline bint _before_trick(int kind) noexcept nogil:
    """reversis.engine.history._BEFORE_TRICK: what a trick's last card causes before it is taken."""
    return kind == F_PRIVILEGE or kind == F_POOL_WON or kind == F_POOL_OWED


cdef PyObject* _HIDDEN_EXCHANGED[MAX_PLAYERS]
cdef PyObject* _HIDDEN_DECLINED[MAX_PLAYERS]
cdef PyObject* _HIDDEN_DISCARDED[MAX_PLAYERS]
cdef PyObject* _HIDDEN_GIVEN[MAX_PLAYERS * MAX_PLAYERS]
cdef PyObject* _GIVEN_EVENT[MAX_PLAYERS * MAX_PLAYERS * NCARDS]
cdef object _PASSED_EVENT = None


cdef object _given_event(int seat, int to, int card):
    """A card given or passed, as the giver and the omniscient record see it."""
    cdef int slot = (seat * MAX_PLAYERS + to) * NCARDS + card
    cdef object value
    if _GIVEN_EVENT[slot] == NULL:
        value = _CardGiven(seat, to, CARD_AT[card])
        Py_INCREF(value)
        _GIVEN_EVENT[slot] = <PyObject*>value
    return <object>_GIVEN_EVENT[slot]


cdef object _hidden(int kind, int seat, int to):
    """Another seat's step as a seat sees it (reversis.views.rules.seen_by: its cards hidden)."""
    cdef PyObject** slot
    cdef object value
    if kind == F_EXCHANGED:
        slot = &_HIDDEN_EXCHANGED[seat]
    elif kind == F_DECLINED:
        slot = &_HIDDEN_DECLINED[seat]
    elif kind == F_DISCARDED:
        slot = &_HIDDEN_DISCARDED[seat]
    else:
        slot = &_HIDDEN_GIVEN[seat * MAX_PLAYERS + to]
    if slot[0] == NULL:
        if kind == F_EXCHANGED:
            value = _Exchanged(seat, None, None)
        elif kind == F_DECLINED:
            value = _Declined(seat, None)
        elif kind == F_DISCARDED:
            value = _Discarded(seat, None)
        else:
            value = _CardGiven(seat, to, None)
        Py_INCREF(value)
        slot[0] = <PyObject*>value
    return <object>slot[0]


cdef class _Seen:
    """What one pass over the facts collects: the events (of one seat, or all of them with
    ``seat`` -1) and what the seat's own steps tell (reversis.views.seat_events.seat_events)."""


cdef void _see(_Seen seen, const FactC* f) except *:
    """The event of a recorded fact, as ``seen.seat`` may know it while the hand is in play."""
    cdef int kind = f.kind, seat = seen.seat
    if kind == F_GIVEN or kind == F_PASSED:
        if seat >= 0 and f.a == seat:
            seen.given.append(CARD_AT[f.c])
        elif seat >= 0:
            if f.b == seat:
                seen.coming.append(CARD_AT[f.c])
            seen.out.append(_hidden(F_GIVEN, f.a, f.b))
            return
        seen.out.append(_given_event(f.a, f.b, f.c))
        return
    if kind == F_RECEIVED:
        if seat >= 0:
            seen.received.extend(seen.coming)
            seen.coming = []
        seen.out.append(_PASSED_EVENT)
        return
    if seat < 0:
        seen.out.append(_event(f, seen.pools))
        return
    if kind == F_EXCHANGED or kind == F_DECLINED or kind == F_DISCARDED:
        if f.a != seat:
            seen.out.append(_hidden(kind, f.a, 0))
            return
        if kind == F_EXCHANGED:
            seen.widow_card = CARD_AT[f.c]
        elif kind == F_DECLINED:
            seen.widow_card = CARD_AT[f.b]
        seen.put_aside.append(CARD_AT[f.b])
    elif kind == F_PRIVILEGE and f.a != seat:
        return  # another's privilege shows only once the hand is over
    seen.out.append(_event(f, seen.pools))


cdef _Seen _walk(CoreState state, int seat):
    """The events of the engine's facts in order, as reversis.engine.history.facts_of orders
    them: the deal, the card shown, the steps before play, then each card played followed by what
    it caused and, at a trick's last card, the trick taken and what that caused."""
    if _event_of is None:
        _import_events()
    cdef const StateC* c = &state.c
    cdef const TableC* t = &state.table.c
    cdef const FactC* items = state.log.items
    cdef int n = t.players, dealer = t.dealer, nsteps = t.nsteps
    cdef int step, at = 0, k, first, trick, position, leader, slot
    cdef _Seen seen = _Seen.__new__(_Seen)
    seen.seat = seat
    seen.pools = state.table.pools
    seen.out = []
    seen.put_aside = []
    seen.given = []
    seen.received = []
    seen.coming = []
    cdef list out = seen.out
    slot = dealer * MAX_PLAYERS + (dealer + 1) % n
    if _DEALT_EVENT[slot] == NULL:
        dealt = _HandDealt(dealer, (dealer + 1) % n)
        Py_INCREF(dealt)
        _DEALT_EVENT[slot] = <PyObject*>dealt
    out.append(<object>_DEALT_EVENT[slot])
    shown = state.table.deal.shown
    if shown >= 0:
        # tetka §2, reunion §4: the card shown to everyone at the deal, one of the dealer's.
        out.append(_make(_SHOWN_EVENT, (dealer, CARD_AT[shown])))
    for step in range(c.step):
        if step < nsteps:
            while at < c.nfacts and items[at].step == step:
                _see(seen, &items[at])
                at += 1
            continue
        k = step - nsteps
        trick = k // n
        position = k - trick * n
        leader = c.trick_leader[trick] if trick < c.ntricks else c.leader
        out.append(_played_event((leader + position) % n, c.played[k], trick + 1, c.kinds[k]))
        if position != n - 1 or trick >= c.ntricks:  # not a trick's last card
            while at < c.nfacts and items[at].step == step:
                _see(seen, &items[at])
                at += 1
            continue
        # the last card of a trick: what it caused, the trick taken, then what that caused
        first = at
        while at < c.nfacts and items[at].step == step:
            if _before_trick(items[at].kind):
                _see(seen, &items[at])
            at += 1
        out.append(_taken_event(trick + 1, leader, c.trick_winner[trick]))
        for k in range(first, at):
            if not _before_trick(items[k].kind):
                _see(seen, &items[k])
    return seen


def events_of(CoreState state):
    """The public events of the engine's facts in ``state``, in order: what
    ``tuple(map(event_of, facts_of(state)))`` gives (reversis.engine.history, eventing), made in
    one pass (the game's facts of the end of the hand are not among them)."""
    return tuple(_walk(state, -1).out)


def seat_events_of(CoreState state, int seat):
    """``(events, widow_card, put_aside, given, received)`` of ``seat``'s view while the hand is
    in play: what reversis.views.seat_events.seat_events makes of ``events_of(state)``, in one pass."""
    if not 0 <= seat < state.table.c.players:
        raise ArgumentError(f"{seat} is not a seat (0 to {state.table.c.players - 1})")
    cdef _Seen seen = _walk(state, seat)
    return (
        tuple(seen.out), seen.widow_card, tuple(seen.put_aside), tuple(seen.given),
        tuple(seen.received),
    )


def tricks_of(CoreState state):
    """The completed tricks of ``state`` as :class:`~reversis.engine.tricks.Trick` values (what
    ``Hand.tricks`` gives), their ``(seat, card)`` pairs interned."""
    if _event_of is None:
        _import_events()
    cdef const StateC* c = &state.c
    cdef int n = state.table.c.players
    cdef tuple out = PyTuple_New(c.ntricks)
    cdef tuple plays
    cdef int k, i, leader
    for k in range(c.ntricks):
        leader = c.trick_leader[k]
        plays = PyTuple_New(n)
        for i in range(n):
            pair = _seat_card((leader + i) % n, c.played[k * n + i])
            Py_INCREF(pair)
            RV_TUPLE_SET(plays, i, pair)
        trick = _Trick(k + 1, leader, plays, c.trick_winner[k])
        Py_INCREF(trick)
        RV_TUPLE_SET(out, k, trick)
    return out
