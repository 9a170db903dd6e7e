# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# A seat's view of a hand in play, made from the state in one call (after
# events.pyx and settle.pyx): reversis.views.view.hand_view asks view_of for the view of a core state
# while the hand is in play, and makes it itself otherwise (a finished hand; a profile whose points
# the core does not count). view_of gives a HandView equal, field by field, to the one hand_view
# makes from the hand's public values and the games' ``seen`` (tests/views/test_view_core.py): the cards
# are the interned Card values, the events and tricks those of events.pyx, the points counted as
# the core's settlement counts them (settle.pyx: the scoring of the profile, no game's name), the
# view and its tricks made as frozen attrs values with their fields set directly (their classes
# validate nothing: _setter_of checks it), not through their __init__.

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *
from reversis._core.events cimport _Seen, _import_events, _seat_card, _walk
from reversis._core.values cimport _Maker, _make, _maker_of
from reversis._core.settle cimport *
from reversis._core.settle_points cimport hearts_points, mask_points, tetka_points, won_and_counts

import attrs

from reversis.cards import CARD_AT
from reversis._core.lowered cimport _small

from reversis.errors import ArgumentError


cdef _Maker _VIEW_MAKER = None
cdef object _VIEW_CLASS = None
cdef _Maker _TRICK_MAKER = None
cdef object _PHASE_EXCHANGE = None
cdef object _PHASE_PLAY = None
cdef object _direction_name = None
cdef tuple _TRUMP_LETTERS = ("C", "D", "H", "S")


cdef void _import_views(view_class) except *:
    """The maker of ``view_class`` (reversis.views.view.HandView, given by its caller: the core
    imports nothing from the layers above it) and the engine's classes, on first use."""
    global _VIEW_MAKER, _VIEW_CLASS, _TRICK_MAKER, _PHASE_EXCHANGE, _PHASE_PLAY, _direction_name
    from reversis.engine.deal import direction_name
    from reversis.engine.tricks import Phase, Trick

    _import_events()
    _TRICK_MAKER = _maker_of(Trick, ("number", "leader", "plays", "winner"))
    _VIEW_MAKER = _maker_of(view_class, tuple([f.name for f in attrs.fields(view_class)]))
    _VIEW_CLASS = view_class
    _PHASE_EXCHANGE = Phase.EXCHANGE
    _PHASE_PLAY = Phase.PLAY
    _direction_name = direction_name


cdef tuple _cards_tuple(uint64_t mask):
    """The cards of ``mask`` in card order (cards_from_mask), the interned Card values."""
    cdef tuple out = PyTuple_New(rv_popcount(mask))
    cdef Py_ssize_t i = 0
    cdef object card
    while mask:
        card = CARD_AT[rv_lowest(mask)]
        Py_INCREF(card)
        RV_TUPLE_SET(out, i, card)
        i += 1
        mask &= mask - 1
    return out


cdef tuple _int_tuple(const int64_t* values, int count):
    cdef tuple out = PyTuple_New(count)
    cdef int k
    cdef object value  # an object, not an inferred int64_t: RV_TUPLE_SET steals its reference
    for k in range(count):
        value = values[k]
        Py_INCREF(value)
        RV_TUPLE_SET(out, k, value)
    return out


cdef object _trick(int number, int leader, const uint8_t* cards, int count, int n, object winner):
    """Trick(number, leader, plays, winner), its (seat, card) pairs interned."""
    cdef tuple plays = PyTuple_New(count)
    cdef int i
    cdef object pair
    for i in range(count):
        pair = _seat_card((leader + i) % n, cards[i])
        Py_INCREF(pair)
        RV_TUPLE_SET(plays, i, pair)
    return _make(_TRICK_MAKER, (number, leader, plays, winner))


cdef int64_t _card_points(const SettleC* L, uint64_t cards, int right, int left) noexcept:
    """reunion §3: the card points of ``cards``, the bowers (right, left; -1 if none) counting
    their own points instead of their rank's (the points settle_lower prepared, in the settle
    program)."""
    cdef int64_t total = 0
    cdef int card
    while cards:
        card = rv_lowest(cards)
        total += L.bower_points if card == right or card == left else L.rank_points[card & 15]
        cards &= cards - 1
    return total


cdef int _reunion_points(const SettleC* L, CoreState state, int seat, int64_t* points) except -1:
    """games/reunion.py ``seen``'s points while the hand is in play: the card points of the tricks
    taken, the last trick's, and the dealer's discards, which only the dealer knows before the end
    (reunion §4, §6)."""
    cdef const TableC* t = &state.table.c
    cdef const StateC* s = &state.c
    cdef uint64_t won[MAX_PLAYERS]
    cdef int counts[MAX_PLAYERS]
    cdef int k, right = -1, left = -1
    cdef int64_t discards
    deal = state.table.deal
    trumps = deal.trumps
    if trumps is not None:
        right = trumps.right
        left = trumps.left
    won_and_counts(t, s, won, counts)
    for k in range(t.players):
        points[k] = _card_points(L, won[k], right, left)
    if s.ntricks == t.tricks:
        points[s.trick_winner[s.ntricks - 1]] += L.last_trick_points  # reunion §6
    if seat == t.dealer or s.to_move < 0:
        discards = _card_points(L, s.aside, right, left)
        if discards and (not L.discard_needs_trick or counts[t.dealer]):
            points[t.dealer] += discards  # reunion §4
    return 0


cdef int _points_of(CoreState state, int seat, int64_t* points) except -2:
    """Each seat's points while the hand is in play, as the games' ``seen`` shows them to every
    seat, counted as the core's settlement counts them; returns the profile's scoring, or -1 where
    the core does not count them (the view is then the reference's)."""
    cdef SettleProgram program = _settle_program(state.table.deal)
    cdef const SettleC* L = &program.c
    cdef const TableC* t = &state.table.c
    cdef const StateC* s = &state.c
    cdef uint64_t won[MAX_PLAYERS]
    cdef int counts[MAX_PLAYERS]
    cdef int k, shown
    if L.players != t.players:
        return -1
    if L.scoring == SC_REVERSIS:
        # games/reversis: the points of the cards in each seat's tricks (fournier-1785 §7).
        won_and_counts(t, s, won, counts)
        for k in range(t.players):
            points[k] = mask_points(L, won[k])
    elif L.scoring == SC_HEARTS:
        hearts_points(L, t, s, points)
    elif L.scoring == SC_TETKA:
        shown = _small(state.table.deal.shown, 0, NCARDS - 1)
        if shown < 0:
            return -1
        tetka_points(L, t, s, shown, points)
    elif L.scoring == SC_REUNION:
        _reunion_points(L, state, seat, points)
    else:
        return -1
    return L.scoring


def view_of(CoreState state not None, int seat, settlement, tuple legal, view_class):
    """``seat``'s :class:`~reversis.views.view.HandView` of ``state`` while the hand is in play, or
    ``None`` where the view is the reference's to make (the hand is over, or the core does not
    count the profile's points): equal to what ``reversis.views.view.hand_view`` makes. ``settlement``
    is the hand's (``reversis.settle``), ``legal`` its legal moves (``hand.legal_moves()``),
    ``view_class`` the class of the view (``HandView``)."""
    cdef const StateC* c = &state.c
    cdef const TableC* t = &state.table.c
    cdef int n = t.players, k, scoring
    cdef int64_t points[MAX_PLAYERS]
    cdef int64_t counts[MAX_PLAYERS]
    cdef int64_t taken[MAX_PLAYERS]
    cdef tuple tricks
    cdef object trick
    if not 0 <= seat < n:
        raise ArgumentError(f"{seat} is not a seat (0 to {n - 1})")
    if c.to_move < 0:
        return None
    scoring = _points_of(state, seat, points)
    if scoring < 0:
        return None
    if _VIEW_MAKER is None or view_class is not _VIEW_CLASS:
        _import_views(view_class)
    deal = state.table.deal
    profile = deal.profile
    cdef _Seen seen = _walk(state, seat)
    for k in range(n):
        counts[k] = rv_popcount(c.held[k])
        taken[k] = 0
    tricks = PyTuple_New(c.ntricks)
    for k in range(c.ntricks):
        taken[c.trick_winner[k]] += 1
        trick = _trick(k + 1, c.trick_leader[k], &c.played[k * n], n, n, c.trick_winner[k])
        Py_INCREF(trick)
        RV_TUPLE_SET(tricks, k, trick)
    current = None
    if c.ncur:
        current = _trick(c.ntricks + 1, c.leader, &c.played[c.nplayed - c.ncur], c.ncur, n, None)
    shown = deal.shown
    view = _make(_VIEW_MAKER, (
        seat,
        profile.name,
        n,
        t.dealer,
        deal.hand_number,
        _PHASE_PLAY if c.step >= t.nsteps else _PHASE_EXCHANGE,
        c.to_move,
        c.ntricks + 1,
        _cards_tuple(c.held[seat]),
        None if shown < 0 else CARD_AT[shown],
        None if t.trump_suit < 0 else _TRUMP_LETTERS[t.trump_suit],
        _direction_name(deal) if deal.rules.passing else None,
        seen.widow_card,
        tuple(seen.put_aside),
        tuple(seen.given),
        tuple(seen.received),
        _int_tuple(counts, n),
        _int_tuple(taken, n),
        _int_tuple(points, n),
        tricks,
        current,
        legal if c.to_move == seat else (),
        tuple(seen.out),
        settlement.payments,
        settlement.net,
        deal.stakes,
        settlement.stakes,
        None,  # the cards put aside are shown once the hand is over (games' shown_aside)
        None,
        # fournier-1785 §11: the privilege is its holder's secret, his from the end of the exchange
        scoring == SC_REVERSIS and c.privilege == seat and c.step >= t.nsteps,
        profile,
    ))
    return view
