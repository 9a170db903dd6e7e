# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# The settlement on the core : reversis.games' settle, in C.
#
# Python:  settle_state(state) -> Settlement
#     The same Settlement as reversis.games.game_of(profile).settle(state) (the same payments in
#     the same order, net, stakes after, final), computed from the CoreState's C struct and the
#     profile's settlement lowered by reversis._core.settle_lower (no game's name here: the lowered
#     ``scoring`` says which rules apply). Live during a hand too.
#
# C (for the rollouts, without Python objects on the common path):
#     cdef int settle_net(CoreState state, int64_t* net) except -1
#         Writes the net per seat (players entries) of ``state``'s settlement to ``net``, as
#         ``settle_state(state).net``; returns 0. Where the core does not settle a profile (its
#         lowered ``scoring`` is the fallback) or a hand (stakes too large or too many to keep in C),
#         it asks the reference and copies its net.
#
#     settle_net is declared in settle.pxd: the modules above (playouts, vector, worlds) cimport it
#     (``cdef int64_t net[MAX_PLAYERS]; settle_net(state, net)``). ``settle_nets(states)``
#     is the same from Python (for tests).
#
# The files: this one (the lowered data, the buffers, the entry points), settle_reversis.pxd
# (Reversis: the keepers, the cards' payments, the pot, the reversis, the privilege's failures),
# settle_points.pxd (Hearts and Tëtka pair by pair, Réunion's side payments).
#
# What falls back to the reference (reversis.games), exactly: a Reversis profile whose keeper the
# reference itself refuses (asserts) for its rules; stakes above 2**40 or with more than 256 beasts
# or pots at the start (the C keeper's bounds); and a hand whose payments would not fit MAX_PAY.

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *


from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.string cimport memmove

from reversis._core.lowered cimport Lowering, _small, lowering_of
from reversis._core.settle_points cimport hearts_points, pairwise_c, reunion_c, tetka_points
from reversis._core.settle_reversis cimport settle_reversis_c
from reversis._core.values cimport _Maker, _make, _maker_of

import attrs

from reversis._core.settle_lower import lower_settlement
from reversis.games import game_of
from reversis.games import payments as _payments_module
from reversis.games.payments import Payment, Settlement
from reversis.stakes import Beast, BasketStakes, NoStakes, PoolStakes, PotStakes

cdef object _Payment = Payment
cdef object _Settlement = Settlement
cdef object _Beast = Beast
cdef object _BasketStakes = BasketStakes
cdef object _PotStakes = PotStakes
cdef object _PoolStakes = PoolStakes
cdef object _tuple_new = tuple.__new__
cdef object _object_new = object.__new__
cdef tuple _EMPTY = ()
cdef object _NO_STAKES = NoStakes()  # immutable and equal to every NoStakes()

#: Larger stakes are settled by the reference (so that no sum overflows in C).
cdef int64_t STAKES_LIMIT = (<int64_t>1) << 40
cdef tuple _SETTLEMENT_FIELDS = ("payments", "net", "stakes", "final")
#: The makers of the stakes after a hand and of the settlement (values.pyx: as their
#: ``__init__`` makes them).
cdef _Maker _BEAST = _maker_of(Beast, ("owner", "amount", "in_play"))
cdef _Maker _BASKET = _maker_of(BasketStakes, ("basket", "beasts"))
cdef _Maker _POTS = _maker_of(PotStakes, ("pots", "cycle_remised"))
cdef _Maker _POOLS = _maker_of(PoolStakes, ("pools",))
cdef _Maker _SETTLEMENT = _maker_of(Settlement, _SETTLEMENT_FIELDS)
#: A Settlement whose payments are left to be made on first read: its ``_source`` slot set to the
#: core's result instead (reversis.games.payments' ``_Pending`` and ``Settlement.__getattr__``),
#: where the Settlement is a plain slotted attrs class with that slot.
cdef _Maker _PENDING = _maker_of(Settlement, ("_source", "net", "stakes", "final"), False)


#: Whether the Settlement may be made with its payments left to be made on first read (its
#: ``_source`` attribute and ``__getattr__``: reversis.games.payments).
cdef bint _LAZY_SETTLEMENT = (
    _SETTLEMENT.direct
    and _PENDING.direct
    and getattr(_payments_module, "_Pending", None) in Settlement.__mro__
    and "__getattr__" in Settlement.__dict__
)


@cython.final
@cython.no_gc
@cython.auto_pickle(False)
cdef class PaymentsSource:
    """The payments of a settlement the core made, kept as C records until they are first read
    (:class:`reversis.games.payments.Settlement` asks :meth:`payments` once, then keeps them)."""

    cdef PayC* items
    cdef int count
    cdef tuple accounts
    cdef tuple reasons

    def __init__(self):
        raise TypeError("the core makes a settlement's payments source")

    def __dealloc__(self):
        PyMem_Free(self.items)

    def payments(self):
        """The payments, in order: a tuple of :class:`~reversis.games.payments.Payment`."""
        cdef tuple out = PyTuple_New(self.count)
        cdef const PayC* p
        cdef int i
        cdef object value
        for i in range(self.count):
            p = &self.items[i]
            value = _payment(
                _party_of(p.payer, self.accounts), _party_of(p.payee, self.accounts), p.amount,
                self.reasons[p.reason], p.trick if p.trick else None,
            )
            Py_INCREF(value)
            RV_TUPLE_SET(out, i, value)
        return out


cdef object _payment(object payer, object payee, object amount, object reason, object trick):
    """``Payment(payer, payee, amount, reason, trick)``, made as the named tuple makes itself."""
    return _tuple_new(_Payment, (payer, payee, amount, reason, trick))


#: A payments buffer kept for the next settlement (``_buffer``), and whether it is in use.
cdef void* _SPARE = NULL
cdef bint _SPARE_BUSY = False


cdef OutC* _buffer() except NULL:
    """A payments buffer: the spare one if it is free, else a new one (:func:`_release`)."""
    global _SPARE, _SPARE_BUSY
    cdef OutC* out
    if not _SPARE_BUSY:
        if _SPARE == NULL:
            _SPARE = PyMem_Malloc(sizeof(OutC))
            if _SPARE == NULL:
                raise MemoryError()
        _SPARE_BUSY = True
        return <OutC*>_SPARE
    out = <OutC*>PyMem_Malloc(sizeof(OutC))
    if out == NULL:
        raise MemoryError()
    return out


cdef void _release(OutC* out) noexcept:
    global _SPARE_BUSY
    if <void*>out == _SPARE:
        _SPARE_BUSY = False
    else:
        PyMem_Free(out)

cdef class SettleProgram:
    """A profile's settlement lowered (:func:`reversis._core.settle_lower.lower_settlement`)."""



cdef int _fill(SettleC* c, object lowered) except -1:
    """Copy the lowered settlement into ``c`` (OverflowError for a number C cannot hold)."""
    cdef SpecialC* sp
    cdef int bit, i, j
    c.naccounts = len(lowered.accounts)
    for i, cap in enumerate(lowered.caps):
        c.caps[i] = min(cap, STAKES_LIMIT)
        if cap > STAKES_LIMIT:
            c.scoring = SC_FALLBACK
    c.led_remise = lowered.led_remise
    c.nreasons = len(lowered.reasons)
    for i in range(c.nreasons):
        c.card_reason[i] = lowered.card_reason[i]
        c.placed_reason[i] = lowered.placed_reason[i]
    c.pot_reason = lowered.pot_reason
    for bit in range(NCARDS):
        c.trick_points[bit] = lowered.trick_points[bit]
        c.pot_points[bit] = lowered.pot_points[bit]
        c.pool_account[bit] = lowered.pool_account[bit]
        special = lowered.specials[bit]
        if special is not None:
            sp = &c.specials[bit]
            sp.led = special[0]
            sp.led_others = special[1]
            sp.placed = special[2]
            sp.played = special[3]
            sp.forced = special[4]
            sp.forced_others = special[5]
            sp.pool = special[6]
            sp.r_placed = special[7]
            sp.r_forced = special[8]
            sp.r_consolation = special[9]
            sp.r_led = special[10]
            sp.r_played = special[11]
    c.pot_bonus = lowered.pot_bonus
    for i in range(c.players):
        for j in range(c.players):
            c.winner_rank[i][j] = lowered.winner_rank[i][j]
            c.loser_rank[i][j] = lowered.loser_rank[i][j]
    c.loser_most_tricks = lowered.loser_most_tricks
    c.priv_success_wins = lowered.priv_success_wins
    c.priv_failure_loses = lowered.priv_failure_loses
    c.priv_pays_alone = lowered.priv_pays_alone
    c.special_mask = lowered.special_mask
    c.pool_mask = lowered.pool_mask
    c.quinola_mask = lowered.quinola_mask
    for i, value in enumerate(lowered.bonne):
        c.bonne[i] = value
    c.opposite_cards = lowered.opposite_cards
    c.opposite_party = lowered.opposite_party
    c.claim_led = lowered.claim_led
    c.commit = lowered.commit
    c.final_tricks_pay = lowered.final_tricks_pay
    c.undo = lowered.undo
    c.broken = lowered.broken
    c.broken_by_quinola = lowered.broken_by_quinola
    c.made = lowered.made
    c.made_opposite = lowered.made_opposite
    c.repays_double = lowered.repays_double
    c.returns_placed = lowered.returns_placed
    c.repays_pools = lowered.repays_pools
    c.returns_pot = lowered.returns_pot
    c.moon = lowered.moon
    c.moon_mask = lowered.moon_mask
    c.trickless_bonus = lowered.trickless_bonus
    c.no_trick_points = lowered.no_trick_points
    for i in range(6):
        c.tetka[i] = lowered.tetka_values[i]
    c.queen_rank = lowered.queen_rank
    c.ace_rank = lowered.ace_rank
    for i in range(4):
        c.suits[i] = lowered.suit_masks[i]
    c.left_bower_payment = lowered.left_bower_payment
    c.no_trick_payment = lowered.no_trick_payment
    for i in range(16):
        c.rank_points[i] = lowered.rank_points[i]
    c.bower_points = lowered.bower_points
    c.last_trick_points = lowered.last_trick_points
    c.discard_needs_trick = lowered.discard_needs_trick
    return 0


#: The last settlement program asked for, as ``(Rules, program)``: a hand's settlement, and the
#: next hand's, find it without a look-up. One tuple, replaced in one store, so that a thread never
#: reads one Rules with another's program (the Rules it names is kept alive by it).
cdef tuple _LAST_SETTLE = (None, None)


cdef SettleProgram _settle_program(object deal):
    """The settlement of ``deal``'s profile lowered, kept in its Rules' Lowering (``settle``)."""
    global _LAST_SETTLE
    rules = deal.rules
    cdef tuple last = _LAST_SETTLE
    if rules is last[0]:
        return <SettleProgram>last[1]
    cdef Lowering lowering = lowering_of(rules)
    cdef SettleProgram program = lowering.settle
    if program is None:
        program = _settle_program_of(deal.profile)
        lowering.settle = program  # two threads may both make one: equal, either is kept
    _LAST_SETTLE = (rules, program)
    return program


cdef SettleProgram _settle_program_of(object profile):
    lowered = lower_settlement(profile)
    cdef SettleProgram program = SettleProgram.__new__(SettleProgram)
    cdef SettleC* c = &program.c
    memset(c, 0, sizeof(SettleC))
    c.scoring = lowered.scoring
    c.players = lowered.players
    c.keeper = lowered.keeper
    if (len(lowered.accounts) > MAX_POOLS or len(lowered.reasons) > 256
            or len(lowered.bonne) > MAX_TRICKS + 1 or c.players > MAX_PLAYERS):
        c.scoring = SC_FALLBACK
    else:
        try:
            _fill(c, lowered)
        except OverflowError:  # numbers no validated profile has: the reference settles them
            c.scoring = SC_FALLBACK
    program.accounts = lowered.accounts
    program.reasons = lowered.reasons
    program.game = game_of(profile)
    return program




# -- the entry points -----------------------------------------------------------------------------

cdef int _load_keeper(const SettleC* L, object stakes, KeepC* keep, tuple accounts) except -1:
    """Read the stakes at the start into ``keep``; 1 if they fit the C keeper, 0 if not (the
    reference settles them)."""
    cdef int i
    keep.kind = L.keeper
    keep.moved = False
    keep.n = 0
    keep.basket = 0
    keep.cycle_remised = False
    if L.keeper == K_BASKET:
        if type(stakes) is not _BasketStakes:
            return 0
        beasts = stakes.beasts
        if not 0 <= stakes.basket <= STAKES_LIMIT or len(beasts) > MAX_KEPT // 2:
            return 0
        keep.basket = stakes.basket
        for beast in beasts:
            if not 0 <= beast.amount <= STAKES_LIMIT or not 0 <= beast.owner < L.players:
                return 0
            keep.owner[keep.n] = beast.owner
            keep.origin[keep.n] = keep.n
            keep.amount[keep.n] = beast.amount
            keep.in_play[keep.n] = bool(beast.in_play)
            keep.n += 1
    elif L.keeper == K_POTS:
        if type(stakes) is not _PotStakes:
            return 0
        pots = stakes.pots
        if len(pots) > MAX_KEPT // 2:
            return 0
        for amount in pots:
            if not 0 <= amount <= STAKES_LIMIT:
                return 0
            keep.amount[keep.n] = amount
            keep.n += 1
        keep.cycle_remised = bool(stakes.cycle_remised)
    elif L.keeper == K_POOLS:
        if type(stakes) is not _PoolStakes:
            return 0
        pools = stakes.pools
        if len(pools) != len(accounts):
            return 0
        for i in range(len(accounts)):
            name, amount = pools[i]
            if name != accounts[i] or not 0 <= amount <= STAKES_LIMIT:
                return 0
            keep.pools[i] = amount
    return 1


cdef object _stakes_after(const KeepC* keep, object start, tuple accounts):
    """Keeper.stakes: the stakes after the hand (``start`` itself where nothing moved)."""
    cdef int i
    cdef list beasts
    cdef tuple was
    if keep.kind == K_BASKET:
        if not keep.moved:
            return start
        was = start.beasts
        beasts = []
        for i in range(keep.n):
            if keep.origin[i] >= 0:
                beasts.append(was[keep.origin[i]])  # unchanged: the same value
            else:
                beasts.append(_make(_BEAST, (
                    keep.owner[i], keep.amount[i], True if keep.in_play[i] else False)))
        return _make(_BASKET, (keep.basket, tuple(beasts)))
    if keep.kind == K_POTS:
        pots = tuple([keep.amount[i] for i in range(keep.n)])
        if bool(keep.cycle_remised) == start.cycle_remised and pots == start.pots:
            return start
        return _make(_POTS, (
            pots, True if keep.cycle_remised else False))
    pools = tuple([(accounts[i], keep.pools[i]) for i in range(len(accounts))])
    return start if pools == start.pools else _make(_POOLS, (pools,))


cdef int _compute(SettleProgram program, CoreState state, KeepC* keep, OutC* out,
                  int64_t* points) except -1:
    """The payments of ``state`` into ``out`` (and the stakes after into ``keep``); 1 if done, 0 if
    the reference must settle it."""
    cdef const SettleC* L = &program.c
    cdef const TableC* t = &state.table.c
    cdef const StateC* s = &state.c
    cdef int n = t.players
    cdef int left = -1, right = -1, shown
    out.count = 0
    out.overflow = False
    keep.kind = K_NONE
    if L.players != n:  # a deal whose rules are not its profile's: as the reference does
        return 0
    if L.scoring == SC_REVERSIS:
        if not _load_keeper(L, state.table.deal.stakes, keep, program.accounts):
            return 0
        settle_reversis_c(L, t, s, keep, out)
    elif L.scoring == SC_HEARTS:
        hearts_points(L, t, s, points)
        pairwise_c(n, points, out)
    elif L.scoring == SC_TETKA:
        shown = _small(state.table.deal.shown, 0, NCARDS - 1)
        if shown < 0:
            return 0
        tetka_points(L, t, s, shown, points)
        pairwise_c(n, points, out)
    elif L.scoring == SC_REUNION:
        trumps = state.table.deal.trumps
        if trumps is not None:
            left = _small(trumps.left, -1, NCARDS - 1)
            right = _small(trumps.right, -1, NCARDS - 1)
            if left == -999 or right == -999:
                return 0
        reunion_c(L, t, s, left, right, out)
    else:
        return 0
    return 0 if out.overflow else 1


cdef inline object _party_of(int code, tuple accounts):
    return code if code >= 0 else accounts[-1 - code]


def settle_state(CoreState state not None):
    """The settlement of ``state`` so far (all of it once the hand is over): equal to
    ``reversis.games.game_of(profile).settle(state)``, computed by the core (its payments made
    when first read)."""
    return _settle_state(state)


cdef object _settle_state(CoreState state):
    cdef SettleProgram program = _settle_program(state.table.deal)
    cdef KeepC keep
    cdef OutC* out = _buffer()
    cdef int64_t points[MAX_PLAYERS]
    cdef int64_t net[MAX_PLAYERS]
    cdef int n = state.table.c.players
    cdef int i, seat, count = 0
    cdef int64_t total = 0
    cdef const PayC* p
    cdef PayC* kept
    cdef PaymentsSource source
    cdef tuple net_tuple
    cdef object value
    try:
        if not _compute(program, state, &keep, out, points):
            return program.game.settle(state)
        for seat in range(n):
            net[seat] = 0
        # The standing payments, moved to the front of the buffer.
        for i in range(out.count):
            p = &out.pay[i]
            if p.gone or not p.amount:
                continue
            if p.payer >= 0:
                net[p.payer] -= p.amount
            if p.payee >= 0:
                net[p.payee] += p.amount
            if count != i:
                out.pay[count] = p[0]
            count += 1
        if program.c.scoring == SC_HEARTS or program.c.scoring == SC_TETKA:
            # common.py settle_pairwise: net[s] = Σ points − n × points[s]
            for seat in range(n):
                total += points[seat]
            for seat in range(n):
                net[seat] = total - n * points[seat]
        if keep.kind == K_NONE:
            stakes = _NO_STAKES
        else:
            stakes = _stakes_after(&keep, state.table.deal.stakes, program.accounts)
        net_tuple = PyTuple_New(n)
        for seat in range(n):
            value = net[seat]
            Py_INCREF(value)
            RV_TUPLE_SET(net_tuple, seat, value)
        final = True if state.c.to_move < 0 else False
        source = PaymentsSource.__new__(PaymentsSource)
        source.accounts = program.accounts
        source.reasons = program.reasons
        if count:
            kept = <PayC*>PyMem_Malloc(count * sizeof(PayC))
            if kept == NULL:
                raise MemoryError()
            memcpy(kept, out.pay, count * sizeof(PayC))
            source.items = kept
            source.count = count
        if not _LAZY_SETTLEMENT:
            return _make(_SETTLEMENT, (source.payments(), net_tuple, stakes, final))
        if count:
            settlement = _make(_PENDING, (source, net_tuple, stakes, final))
        else:
            settlement = _make(_SETTLEMENT, (_EMPTY, net_tuple, stakes, final))
        return settlement
    finally:
        _release(out)


cdef int settle_net(CoreState state, int64_t* net) except -1:
    """The net per seat of ``state``'s settlement (``settle_state(state).net``) into ``net``
    (``players`` entries), without Python objects where the core settles the profile."""
    if state is None:
        raise TypeError("settle_net() needs a core state, not None")
    cdef SettleProgram program = _settle_program(state.table.deal)
    cdef KeepC keep
    cdef OutC* out = _buffer()
    cdef int64_t points[MAX_PLAYERS]
    cdef int n = state.table.c.players
    cdef int i, seat
    cdef int64_t total = 0
    cdef const PayC* p
    try:
        if not _compute(program, state, &keep, out, points):
            for seat, value in enumerate(program.game.settle(state).net):
                net[seat] = value
            return 0
        for seat in range(n):
            net[seat] = 0
        if program.c.scoring == SC_HEARTS or program.c.scoring == SC_TETKA:
            for seat in range(n):
                total += points[seat]
            for seat in range(n):
                net[seat] = total - n * points[seat]
            return 0
        for i in range(out.count):
            p = &out.pay[i]
            if p.gone:
                continue
            if p.payer >= 0:
                net[p.payer] -= p.amount
            if p.payee >= 0:
                net[p.payee] += p.amount
        return 0
    finally:
        _release(out)


def settle_nets(states):
    """The net per seat of each core state's settlement as :c:func:`settle_net` (the rollouts' C
    entry) gives it: a list of tuples, equal to ``[settle_state(s).net for s in states]``."""
    cdef int64_t net[MAX_PLAYERS]
    cdef CoreState state
    cdef int seat
    out = []
    for item in states:
        if type(item) is not CoreState:
            raise TypeError(f"settle_nets() needs core states, not {type(item).__name__}")
        state = <CoreState>item
        settle_net(state, net)
        out.append(tuple([net[seat] for seat in range(state.table.c.players)]))
    return out
