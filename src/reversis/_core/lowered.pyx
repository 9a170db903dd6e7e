# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""A profile's rules and a deal lowered to C (:func:`reversis._core.lower.lower` gives the flat
data; this module copies it into a :class:`~reversis._core.state.Table` that every state of the
hand shares)."""

cimport cython
from libc.stdint cimport uint64_t
from libc.string cimport memcpy

import weakref

from reversis._core.lower import lower
from reversis.engine.deal import Deal
from reversis.errors import ArgumentError


@cython.final
@cython.no_gc
cdef class Program:
    """A profile's rules for one trump suit, lowered (:func:`reversis._core.lower.lower`)."""

    #: ``steps``: the steps before play of the deals seen, lowered: by the identity of a deal's
    #: ``steps`` tuple (the profile's own, shared by its deals, and kept alive by the entry),
    #: ``(steps, seats, kinds, arguments, the widow's size they were checked against)``.


# -- the one lowering of a Rules value --------------------------------------------------------------

@cython.final
cdef class Lowering:
    """Everything the compiled core derives from one :class:`~reversis.profile.compiled.Rules`
    value, each piece made on first use by the module that computes it: ``programs`` (this
    module), ``shapes`` and ``tables`` (``deal``), ``settle`` (``settle``: the settlement and
    Réunion's card points, which ``views`` reads there). Found by :func:`lowering_of`."""

    def __repr__(self):
        return (f"<Lowering: {len(self.programs)} programs, "
                f"{sum([shape is not None for shape in self.shapes])} shapes, "
                f"{len(self.tables)} deal tables, settle {self.settle is not None}>")


#: The one registry: the Lowering of each live Rules value, by the Rules' id. Each entry is removed
#: by its Lowering's weak reference to the Rules (its callback, :class:`_Forget`) when the Rules
#: value dies, before its memory (and so its id) can be reused: an entry is never stale, and the
#: registry holds no more than the Rules values alive.
cdef dict _LOWERINGS = {}


@cython.final
cdef class _Forget:
    """The callback of a Lowering's weak reference: removes the Lowering from the registry (if it
    is still the one registered under its key)."""

    cdef Py_ssize_t key

    def __call__(self, ref):
        cdef Lowering found = _LOWERINGS.get(self.key)
        if found is not None and found.rules_ref is ref:
            _LOWERINGS.pop(self.key, None)


#: The last Lowering asked for, as ``(Rules, Lowering)``: found again without a look-up. One tuple,
#: replaced in one store, so that a thread never reads one Rules with another's Lowering.
cdef tuple _LAST_LOWERING = (None, None)


cdef Lowering lowering_of(object rules):
    """The Lowering of ``rules`` (made and registered on first use). Under threads two may make
    one at once: the first registered is kept, and both use it."""
    global _LAST_LOWERING
    cdef tuple last = _LAST_LOWERING
    if rules is last[0]:
        return <Lowering>last[1]
    cdef Py_ssize_t key = id(rules)
    cdef Lowering lowering = _LOWERINGS.get(key)
    if lowering is None or lowering.rules_ref() is not rules:
        lowering = _new_lowering(rules, key)
    _LAST_LOWERING = (rules, lowering)
    return lowering


cdef Lowering _new_lowering(object rules, Py_ssize_t key):
    cdef Lowering lowering = Lowering.__new__(Lowering)
    cdef _Forget forget = _Forget.__new__(_Forget)
    forget.key = key
    lowering.rules_ref = weakref.ref(rules, forget)  # TypeError for a value without weak references
    lowering.programs = {}
    lowering.shapes = [None] * (MAX_PLAYERS + 1)
    lowering.tables = {}
    lowering.settle = None
    cdef Lowering found = _LOWERINGS.setdefault(key, lowering)
    if found is lowering:
        return lowering
    if found.rules_ref() is rules:  # another thread registered it first
        return found
    # An entry whose Rules died without its callback having run (never expected): replaced.
    _LOWERINGS[key] = lowering
    return lowering


def registered_lowering(rules):
    """The :class:`Lowering` registered for ``rules``, or ``None`` (for tests: nothing is made)."""
    cdef Lowering found = _LOWERINGS.get(id(rules))
    if found is not None and found.rules_ref() is rules:
        return found
    return None


def lowering_count():
    """How many Lowerings the registry holds (for tests: no more than the Rules values alive)."""
    return len(_LOWERINGS)


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


#: The last program asked for, as ``(Rules, trump suit, program)``: found again without a
#: look-up. One tuple, replaced in one store, so that a thread never reads one program's Rules
#: with another's program.
cdef tuple _LAST_PROGRAM = (None, None, None)


cdef Program _program(object deal):
    global _LAST_PROGRAM
    trumps = deal.trumps
    suit = -1 if trumps is None else trumps.suit
    rules = deal.rules
    cdef tuple last = _LAST_PROGRAM
    if rules is last[0] and type(suit) is int and suit == last[1]:
        return <Program>last[2]
    program = _program_of(rules, suit, deal)
    _LAST_PROGRAM = (rules, suit, program)
    return program


cdef Program _program_of(object rules, object suit, object deal):
    cdef Lowering lowering = lowering_of(rules)
    cdef Program program = lowering.programs.get(suit)
    if program is not None:
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
    program.steps = {}
    return lowering.programs.setdefault(suit, program)


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
    cdef uint64_t seen = 0
    for seat in range(n):
        c.dealt[seat] = _mask(dealt[seat], "hands")
        # Every card dealt once, from the profile's pack (a deal altered by hand may not; the
        # widow is not checked so: a view's scratch deal holds a placeholder widow).
        if c.dealt[seat] & ~c.deck or c.dealt[seat] & seen:
            raise ArgumentError("the deal's hands hold a card twice or a card not in its pack")
        seen |= c.dealt[seat]
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

