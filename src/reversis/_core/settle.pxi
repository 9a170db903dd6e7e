# The settlement on the core (included by core.pyx): reversis.games' settle, in C.
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
# What falls back to the reference (reversis.games), exactly: a Reversis profile whose keeper the
# reference itself refuses (asserts) for its rules; stakes above 2**40 or with more than 256 beasts
# or pots at the start (the C keeper's bounds); and a hand whose payments would not fit MAX_PAY.

from libc.stdint cimport int64_t
from libc.string cimport memmove

from reversis._core.settle_lower import lower_settlement
from reversis.games import game_of
from reversis.games.payments import Payment, Settlement
from reversis.stakes import Beast, BasketStakes, NoStakes, PoolStakes, PotStakes

cdef object _Payment = Payment
cdef object _Settlement = Settlement
cdef object _Beast = Beast
cdef object _BasketStakes = BasketStakes
cdef object _PotStakes = PotStakes
cdef object _PoolStakes = PoolStakes
cdef object _NO_STAKES = NoStakes()  # immutable and equal to every NoStakes()
cdef enum:
    MAX_PAY = 1536          # payments a hand may list before the core gives it to the reference
    MAX_KEPT = 512          # beasts or pots the C keeper holds
    MAX_POOLS = 16

#: Larger stakes are settled by the reference (so that no sum overflows in C).
cdef int64_t STAKES_LIMIT = (<int64_t>1) << 40

# scoring (settle_lower.SCORING)
cdef enum:
    SC_FALLBACK = -1
    SC_REVERSIS = 0
    SC_HEARTS = 1
    SC_TETKA = 2
    SC_REUNION = 3

# keepers (settle_lower.KEEPERS)
cdef enum:
    K_NONE = 0
    K_BASKET = 1
    K_POTS = 2
    K_POOLS = 3

# the fixed reasons (settle_lower.FIXED_REASONS)
cdef enum:
    R_BASKET = 0
    R_BEAST
    R_POT_TAKEN
    R_REMISE
    R_POOL
    R_MADE
    R_BROKEN
    R_REPAID
    R_POINTS
    R_LEFT_BOWER
    R_NO_TRICK

cdef enum:
    UNDO_ALL = 1
    UNDO_OTHERS_POOLS = 2


cdef struct SpecialC:
    int64_t led, led_others, placed, played, forced, forced_others
    int pool                # account + 1, or 0
    int r_placed, r_forced, r_consolation, r_led, r_played


cdef struct SettleC:
    int scoring
    int players
    int keeper
    int naccounts
    int64_t caps[MAX_POOLS]
    bint led_remise
    int nreasons
    uint8_t card_reason[256]
    uint8_t placed_reason[256]
    int pot_reason
    int64_t trick_points[NCARDS]
    int64_t pot_points[NCARDS]
    int64_t pot_bonus
    uint8_t winner_rank[MAX_PLAYERS][MAX_PLAYERS]
    uint8_t loser_rank[MAX_PLAYERS][MAX_PLAYERS]
    bint loser_most_tricks, priv_success_wins, priv_failure_loses
    SpecialC specials[NCARDS]
    uint64_t special_mask, pool_mask, quinola_mask
    uint8_t pool_account[NCARDS]
    int64_t bonne[MAX_TRICKS + 1]
    bint opposite_cards, opposite_party, claim_led
    int commit
    bint final_tricks_pay
    int undo
    int64_t broken, broken_by_quinola, made, made_opposite
    bint repays_double, returns_placed, repays_pools, returns_pot
    int moon
    uint64_t moon_mask
    bint trickless_bonus
    int64_t no_trick_points
    int64_t tetka[6]        # queen, tetka, bum card, bum trick, last trick, most tricks
    int queen_rank, ace_rank
    uint64_t suits[4]
    int64_t left_bower_payment, no_trick_payment


cdef struct PayC:
    int payer               # a seat, or -1 - the account's index
    int payee
    int64_t amount
    int reason
    int trick               # 1-based, 0 for None
    bint gone               # removed from the list (the reference's out.remove)


cdef struct KeepC:
    int kind
    bint moved
    int64_t basket
    int n                   # beasts or pots
    int owner[MAX_KEPT]
    int origin[MAX_KEPT]    # a beast's index in the stakes at the start, -1 if new or changed
    int64_t amount[MAX_KEPT]  # beasts' amounts, or the pots
    uint8_t in_play[MAX_KEPT]
    bint cycle_remised
    int64_t pools[MAX_POOLS]


cdef struct OutC:
    PayC pay[MAX_PAY]
    int count
    bint overflow


cdef extern from "Python.h":
    int PyObject_GenericSetAttr(object o, object name, object value) except -1
    object PyType_GenericAlloc(type t, Py_ssize_t n)


cdef bint _bare_ok(object cls, tuple names):
    """Whether ``cls`` (a frozen attrs class) may be made by setting ``names`` directly: its
    ``__init__`` only sets them (no validator, converter, default factory or post-init)."""
    fields = attrs.fields(cls)
    return (
        tuple([f.name for f in fields]) == names
        and all(f.validator is None and f.converter is None for f in fields)
        and not hasattr(cls, "__attrs_post_init__")
    )


cdef tuple _SETTLEMENT_FIELDS = ("payments", "net", "stakes", "final")
cdef tuple _BEAST_FIELDS = ("owner", "amount", "in_play")
cdef tuple _BASKET_FIELDS = ("basket", "beasts")
cdef tuple _POTS_FIELDS = ("pots", "cycle_remised")
cdef tuple _POOLS_FIELDS = ("pools",)
cdef bint _BARE_SETTLEMENT = _bare_ok(Settlement, _SETTLEMENT_FIELDS)
cdef bint _BARE_BEAST = _bare_ok(Beast, _BEAST_FIELDS)
cdef bint _BARE_BASKET = _bare_ok(BasketStakes, _BASKET_FIELDS)
cdef bint _BARE_POTS = _bare_ok(PotStakes, _POTS_FIELDS)
cdef bint _BARE_POOLS = _bare_ok(PoolStakes, _POOLS_FIELDS)
#: Whether a Payment (a named tuple) may be allocated as the tuple it is, its items set directly.
cdef bint _BARE_PAYMENT = (
    issubclass(Payment, tuple)
    and Payment.__basicsize__ == tuple.__basicsize__
    and Payment.__itemsize__ == tuple.__itemsize__
    and len(Payment._fields) == 5
)


cdef object _bare(object cls, bint bare, tuple names, tuple values):
    """``cls(*values)``, its fields set directly where that is all its ``__init__`` does (it
    validates nothing: :func:`_bare_ok`)."""
    cdef Py_ssize_t i
    if not bare:
        return cls(*values)
    out = cls.__new__(cls)
    for i in range(len(names)):
        PyObject_GenericSetAttr(out, names[i], values[i])
    return out


cdef object _payment(object payer, object payee, object amount, object reason, object trick):
    """``Payment(payer, payee, amount, reason, trick)``, allocated as the tuple it is."""
    if not _BARE_PAYMENT:
        return _tuple_new(_Payment, (payer, payee, amount, reason, trick))
    out = PyType_GenericAlloc(<type>_Payment, 5)
    Py_INCREF(payer)
    RV_TUPLE_SET(out, 0, payer)
    Py_INCREF(payee)
    RV_TUPLE_SET(out, 1, payee)
    Py_INCREF(amount)
    RV_TUPLE_SET(out, 2, amount)
    Py_INCREF(reason)
    RV_TUPLE_SET(out, 3, reason)
    Py_INCREF(trick)
    RV_TUPLE_SET(out, 4, trick)
    return out


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

    cdef SettleC c
    cdef tuple accounts
    cdef tuple reasons
    cdef object rules_ref
    cdef object game


#: Lowered settlements by id of the Rules, each with a weak reference to its Rules (as _PROGRAMS).
cdef dict _SETTLE_PROGRAMS = {}


cdef SettleProgram _settle_program(object deal):
    rules = deal.rules
    key = id(rules)
    cdef SettleProgram program = _SETTLE_PROGRAMS.get(key)
    if program is not None and program.rules_ref() is rules:
        return program
    profile = deal.profile
    lowered = lower_settlement(profile)
    program = SettleProgram.__new__(SettleProgram)
    cdef SettleC* c = &program.c
    cdef SpecialC* sp
    cdef int bit, i, j
    memset(c, 0, sizeof(SettleC))
    c.scoring = lowered.scoring
    c.players = lowered.players
    c.keeper = lowered.keeper
    if (len(lowered.accounts) > MAX_POOLS or len(lowered.reasons) > 256
            or len(lowered.bonne) > MAX_TRICKS + 1 or c.players > MAX_PLAYERS):
        c.scoring = SC_FALLBACK
    else:
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
    program.accounts = lowered.accounts
    program.reasons = lowered.reasons
    program.rules_ref = weakref.ref(rules)
    program.game = game_of(profile)
    if len(_SETTLE_PROGRAMS) >= 256:
        _SETTLE_PROGRAMS.clear()
    _SETTLE_PROGRAMS[key] = program
    return program


# -- the payments list ----------------------------------------------------------------------------

cdef inline void pay(OutC* out, int payer, int payee, int64_t amount, int reason,
                     int trick) noexcept nogil:
    cdef PayC* p
    if out.count >= MAX_PAY:
        out.overflow = True
        return
    p = &out.pay[out.count]
    p.payer = payer
    p.payee = payee
    p.amount = amount
    p.reason = reason
    p.trick = trick
    p.gone = False
    out.count += 1


cdef inline int opposite(bint doubles, int a, int b) noexcept nogil:
    """settlement.py _opposite: 2 between opposite seats where the profile doubles, else 1."""
    return 2 if doubles and ((a - b) % 4 + 4) % 4 == 2 else 1


# -- the keepers (games/reversis/keepers.py) ------------------------------------------------------

cdef void keep_won(KeepC* k, const SettleC* L, OutC* out, int seat, int trick,
                   int pool) noexcept nogil:
    """Keeper.won: ``seat`` placed a quinola of the pool ``pool`` (account + 1)."""
    cdef int i
    cdef int64_t value
    if k.kind == K_BASKET:
        if k.basket:
            pay(out, -1, seat, k.basket, R_BASKET, trick)
            k.basket = 0
            k.moved = True
        for i in range(k.n):
            if k.in_play[i]:
                k.moved = True
                if k.owner[i] != seat:
                    pay(out, k.owner[i], seat, k.amount[i], R_BEAST, trick)
                memmove(&k.owner[i], &k.owner[i + 1], (k.n - i - 1) * sizeof(int))
                memmove(&k.origin[i], &k.origin[i + 1], (k.n - i - 1) * sizeof(int))
                memmove(&k.amount[i], &k.amount[i + 1], (k.n - i - 1) * sizeof(int64_t))
                memmove(&k.in_play[i], &k.in_play[i + 1], (k.n - i - 1) * sizeof(uint8_t))
                k.n -= 1
                if k.n:
                    k.in_play[k.n - 1] = True
                    k.origin[k.n - 1] = -1
                break
    elif k.kind == K_POTS:
        if k.n:
            k.n -= 1
            pay(out, -1, seat, k.amount[k.n], R_POT_TAKEN, trick)
    elif k.kind == K_POOLS:
        i = pool - 1
        value = k.pools[i] if k.pools[i] < L.caps[i] else L.caps[i]
        if value:
            k.pools[i] -= value
            pay(out, -1 - i, seat, value, R_POOL, trick)


cdef void keep_owed(KeepC* k, const SettleC* L, OutC* out, int seat, int trick, int pool,
                    bint led) noexcept nogil:
    """Keeper.owed: ``seat``'s quinola of the pool ``pool`` was forced, played or led."""
    cdef int i
    cdef int64_t value, in_play = 0
    if k.kind == K_BASKET:
        for i in range(k.n):
            if k.in_play[i]:
                in_play = k.amount[i]
                break
        value = k.basket + in_play
        if value:
            if k.n >= MAX_KEPT:
                out.overflow = True
                return
            k.owner[k.n] = seat
            k.origin[k.n] = -1
            k.amount[k.n] = value
            k.in_play[k.n] = k.n == 0
            k.n += 1
            k.moved = True
    elif k.kind == K_POTS:
        if (led and not L.led_remise) or not k.n:
            return
        value = k.amount[k.n - 1]
        if k.cycle_remised:
            if k.n >= MAX_KEPT:
                out.overflow = True
                return
            k.amount[k.n] = value
            k.n += 1
        else:
            k.amount[0] += value
            k.cycle_remised = True
        pay(out, seat, -1, value, R_REMISE, trick)
    elif k.kind == K_POOLS:
        i = pool - 1
        value = k.pools[i] if k.pools[i] < L.caps[i] else L.caps[i]
        if value:
            k.pools[i] += value
            pay(out, seat, -1 - i, value, R_POOL, trick)


cdef inline void keep_undo(KeepC* k, const PayC* p) noexcept nogil:
    """PoolsKeeper.undo (and give_back): take back a pool payment or take."""
    if p.payee < 0:
        k.pools[-1 - p.payee] -= p.amount
    else:
        k.pools[-1 - p.payer] += p.amount


# -- Reversis (games/reversis/settlement.py) ------------------------------------------------------

cdef struct OwedC:
    int seat
    int64_t amount
    int reason
    int trick
    int64_t others
    int others_reason


cdef inline bint lex_less(int64_t a, int b, int c, int64_t x, int y, int z) noexcept nogil:
    """(a, b, c) < (x, y, z)."""
    return a < x or (a == x and (b < y or (b == y and c < z)))


cdef void pot_outcome(const SettleC* L, const TableC* t, const StateC* s, int* winner,
                      int* loser) noexcept nogil:
    """games/reversis pot_outcome and outcome.rank: the pot's winner and loser of a finished hand
    without a reversis."""
    cdef int n = t.players
    cdef int64_t points[MAX_PLAYERS]
    cdef int counts[MAX_PLAYERS]
    cdef int k, i, p, excluded = -1, privileged
    cdef const uint8_t* order
    cdef int64_t best_points
    cdef int best_count, best_order, best
    winner[0] = -1
    loser[0] = -1
    for p in range(n):
        points[p] = 0
        counts[p] = 0
    for k in range(s.ntricks):
        counts[s.trick_winner[k]] += 1
        for i in range(n):
            points[s.trick_winner[k]] += L.trick_points[s.played[k * n + i]]
    privileged = s.privilege if s.privilege_used else -1
    if privileged >= 0:
        if counts[privileged] and L.priv_failure_loses:
            loser[0] = privileged
            excluded = privileged
        elif not counts[privileged] and L.priv_success_wins:
            winner[0] = privileged
            excluded = privileged
    if winner[0] < 0:
        # min over (points, counts, order, seat): the first seat of the least key
        order = L.winner_rank[t.dealer]
        best = -1
        for p in range(n):
            if p == excluded:
                continue
            if best < 0 or lex_less(points[p], counts[p], order[p],
                                    best_points, best_count, best_order):
                best, best_points, best_count, best_order = p, points[p], counts[p], order[p]
        winner[0] = best
    if loser[0] < 0:
        # max over (points, sign * counts, -order, seat): the last seat of the greatest key
        order = L.loser_rank[t.dealer]
        best = -1
        for p in range(n):
            if p == excluded:
                continue
            i = counts[p] if L.loser_most_tricks else -counts[p]
            if best < 0 or not lex_less(points[p], i, -<int>order[p],
                                        best_points, best_count, best_order):
                best, best_points, best_count, best_order = p, points[p], i, -<int>order[p]
        loser[0] = best


cdef void settle_reversis_c(const SettleC* L, const TableC* t, const StateC* s, KeepC* keep,
                            OutC* out) noexcept nogil:
    """settlement.py settle_reversis, up to the net (the listed payments are those not gone)."""
    cdef int n = t.players
    cdef int ntricks = s.ntricks
    cdef int rev = s.committed
    cdef bint over = s.to_move < 0
    cdef int commit = L.commit
    cdef int first = 1, last = ntricks
    cdef int rp_pool[NCARDS]
    cdef int nrp = 0
    cdef OwedC owed[NCARDS]
    cdef int nowed = 0
    cdef int number, position, seat, card, kind, leader, taker, other, k, i, pool, count
    cdef int winner, loser
    cdef int64_t amount, double
    cdef const SpecialC* sp
    cdef PayC* p
    if rev >= 0:
        last = ntricks if L.final_tricks_pay else commit
        if L.undo == UNDO_ALL:
            first = commit + 1
            for number in range(1, ntricks + 1):
                leader = s.trick_leader[number - 1]
                for position in range(n):
                    card = s.played[(number - 1) * n + position]
                    if L.pool_mask >> card & 1:
                        seat = (leader + position) % n
                        if number <= commit and seat == rev:
                            rp_pool[nrp] = L.pool_account[card]
                            nrp += 1
    # The ace and quinola payments of the tricks, and their pool moves (fournier-1785 §9, §10).
    for number in range(first, (last if last < ntricks else ntricks) + 1):
        leader = s.trick_leader[number - 1]
        taker = s.trick_winner[number - 1]
        for position in range(n):
            card = s.played[(number - 1) * n + position]
            if not L.special_mask >> card & 1:
                continue
            seat = (leader + position) % n
            kind = s.kinds[(number - 1) * n + position]
            sp = &L.specials[card]
            double = L.bonne[number]
            pool = sp.pool if rev < 0 or number <= commit else 0
            if kind == LED:
                owed[nowed].seat = seat
                owed[nowed].amount = sp.led * double
                owed[nowed].reason = sp.r_led
                owed[nowed].trick = number
                owed[nowed].others = sp.led_others * double
                owed[nowed].others_reason = sp.r_consolation
                nowed += 1
                if pool:
                    keep_owed(keep, L, out, seat, number, pool, True)
            elif kind == PLACED:
                amount = sp.placed * double * opposite(L.opposite_cards, taker, seat)
                if amount:
                    pay(out, taker, seat, amount, sp.r_placed, number)
                if pool:
                    keep_won(keep, L, out, seat, number, pool)
            elif kind == PLAYED:
                owed[nowed].seat = seat
                owed[nowed].amount = sp.played * double
                owed[nowed].reason = sp.r_played
                owed[nowed].trick = number
                owed[nowed].others = 0
                owed[nowed].others_reason = sp.r_consolation
                nowed += 1
                if pool:
                    keep_owed(keep, L, out, seat, number, pool, False)
            else:
                amount = sp.forced * double * opposite(L.opposite_cards, leader, seat)
                if amount:
                    pay(out, seat, leader, amount, sp.r_forced, number)
                if sp.forced_others:
                    for k in range(1, n):
                        other = (leader + k) % n
                        if other != seat:
                            amount = sp.forced_others * double
                            amount *= opposite(L.opposite_cards, leader, other)
                            pay(out, other, leader, amount, sp.r_consolation, number)
                if pool:
                    keep_owed(keep, L, out, seat, number, pool, False)
    if rev >= 0 and L.undo == UNDO_OTHERS_POOLS:
        # hoyle §11: the pool moves of the others before commitment are reversed.
        for i in range(out.count):
            p = &out.pay[i]
            if not p.gone and p.reason == R_POOL and p.payer != rev and p.payee != rev:
                p.gone = True
                keep_undo(keep, p)
        nrp = 0
        for i in range(out.count):
            p = &out.pay[i]
            if not p.gone and p.reason == R_POOL and p.payer == rev:
                rp_pool[nrp] = -p.payee   # account + 1
                nrp += 1
    if over:
        if rev >= 0:
            reversis_end(L, t, s, keep, out, rev, rp_pool, nrp)
        else:
            pot_outcome(L, t, s, &winner, &loser)
            party(L, t, s, keep, out, winner, loser, owed, nowed)


cdef void party(const SettleC* L, const TableC* t, const StateC* s, KeepC* keep, OutC* out,
                int winner, int loser, const OwedC* owed, int nowed) noexcept nogil:
    """settlement.py _party."""
    cdef int n = t.players
    cdef int64_t value = L.pot_bonus
    cdef uint64_t aside = s.aside
    cdef int k, i, other, privilege = s.privilege
    cdef int64_t amount
    cdef bint took = False
    while aside:
        k = rv_lowest(aside)
        value += L.pot_points[k]
        aside &= aside - 1
    pay(out, loser, winner, value * opposite(L.opposite_party, winner, loser), L.pot_reason, 0)
    if s.privilege_used:
        for k in range(s.ntricks):
            if s.trick_winner[k] == privilege:
                took = True
        if took:
            failed_privilege(L, t, keep, out, privilege)
    if not L.claim_led:
        return
    for i in range(nowed):
        if owed[i].seat == winner:
            continue
        if owed[i].amount:
            amount = owed[i].amount * opposite(L.opposite_cards, winner, owed[i].seat)
            pay(out, owed[i].seat, winner, amount, owed[i].reason, owed[i].trick)
        if owed[i].others:
            for k in range(1, n):
                other = (winner + k) % n
                if other != owed[i].seat:
                    amount = owed[i].others * opposite(L.opposite_cards, winner, other)
                    pay(out, other, winner, amount, owed[i].others_reason, owed[i].trick)


cdef void failed_privilege(const SettleC* L, const TableC* t, KeepC* keep, OutC* out,
                           int seat) noexcept nogil:
    """settlement.py _failed_privilege."""
    cdef int n = t.players
    cdef int64_t paid[MAX_PLAYERS]
    cdef int i, k, other, count
    cdef bint taken = False
    cdef PayC* p
    if L.repays_double:
        for k in range(n):
            paid[k] = 0
        for i in range(out.count):
            p = &out.pay[i]
            if (not p.gone and p.payee == seat and L.card_reason[p.reason]
                    and p.payer >= 0):
                paid[p.payer] += p.amount
        for k in range(1, n):
            other = (seat + k) % n
            if paid[other]:
                pay(out, seat, other, 2 * paid[other], R_REPAID, 0)
    if L.returns_placed:
        for i in range(out.count):
            p = &out.pay[i]
            if not p.gone and p.payee == seat and L.placed_reason[p.reason]:
                p.gone = True
    if L.repays_pools:
        count = out.count
        for i in range(count):
            p = &out.pay[i]
            if not p.gone and p.reason == R_POOL and p.payee == seat:
                p.gone = True
                keep_undo(keep, p)
                keep.pools[-1 - p.payer] += p.amount
                pay(out, seat, p.payer, p.amount, R_POOL, 0)
    if L.returns_pot:
        for i in range(out.count):
            p = &out.pay[i]
            if not p.gone and p.reason == R_POT_TAKEN and p.payee == seat:
                p.gone = True
                taken = True
                if keep.n >= MAX_KEPT:
                    out.overflow = True
                    return
                keep.amount[keep.n] = p.amount
                keep.n += 1
        if taken:
            keep_owed(keep, L, out, seat, 0, 1, False)


cdef void reversis_end(const SettleC* L, const TableC* t, const StateC* s, KeepC* keep,
                       OutC* out, int rev, const int* rp_pool, int nrp) noexcept nogil:
    """settlement.py _reversis: a reversis made or broken."""
    cdef int n = t.players
    cdef int ntricks = s.ntricks
    cdef int breaker = s.breaker
    cdef int privileged = s.privilege if s.privilege_used else -1
    cdef int trick, i, k, p, winning
    cdef int64_t total
    cdef PayC* q
    if breaker < 0:
        trick = ntricks
        if L.undo == UNDO_OTHERS_POOLS:
            for i in range(out.count):
                q = &out.pay[i]
                if not q.gone and q.payer == rev:
                    if L.card_reason[q.reason]:
                        q.gone = True
                    elif q.reason == R_POOL:
                        q.gone = True
                        keep_undo(keep, q)
        for i in range(nrp):
            keep_won(keep, L, out, rev, trick, rp_pool[i])
        if privileged >= 0 and privileged != rev:
            total = 0
            for p in range(n):
                if p != rev:
                    total += made_by(L, n, rev, p)
            pay(out, privileged, rev, total, R_MADE, trick)
        else:
            for k in range(1, n):
                p = (rev + k) % n
                pay(out, p, rev, made_by(L, n, rev, p), R_MADE, trick)
        return
    trick = 0
    for k in range(ntricks):
        if k + 1 > L.commit and s.trick_winner[k] != rev:
            trick = k + 1
            break
    if trick == 0:  # no trick broke it: the reference's own error, raised by the reference
        out.overflow = True
        return
    k = trick - 1
    winning = s.played[k * n + ((breaker - s.trick_leader[k]) % n + n) % n]
    pay(out, rev, breaker, L.broken_by_quinola if L.quinola_mask >> winning & 1 else L.broken,
        R_BROKEN, trick)
    if L.undo == UNDO_ALL:
        for i in range(nrp):
            keep_owed(keep, L, out, rev, trick, rp_pool[i], False)


cdef inline int64_t made_by(const SettleC* L, int n, int rev, int payer) noexcept nogil:
    if n == 4 and ((payer - rev) % 4 + 4) % 4 == 2:
        return L.made_opposite
    return L.made


# -- the games of points, Réunion -----------------------------------------------------------------

cdef void won_and_counts(const TableC* t, const StateC* s, uint64_t* won,
                         int* counts) noexcept nogil:
    cdef int n = t.players
    cdef int k, i
    cdef uint64_t mask
    for k in range(n):
        won[k] = 0
        counts[k] = 0
    for k in range(s.ntricks):
        mask = 0
        for i in range(n):
            mask |= (<uint64_t>1) << s.played[k * n + i]
        won[s.trick_winner[k]] |= mask
        counts[s.trick_winner[k]] += 1


cdef int64_t mask_points(const SettleC* L, uint64_t cards) noexcept nogil:
    cdef int64_t total = 0
    while cards:
        total += L.trick_points[rv_lowest(cards)]
        cards &= cards - 1
    return total


cdef void hearts_points(const SettleC* L, const TableC* t, const StateC* s,
                        int64_t* points) noexcept nogil:
    """games/hearts.py points: the points of the tricks; once over, the moon and the bonus."""
    cdef int n = t.players
    cdef uint64_t won[MAX_PLAYERS]
    cdef int counts[MAX_PLAYERS]
    cdef int seat, shot = -1
    cdef int64_t moon
    won_and_counts(t, s, won, counts)
    for seat in range(n):
        points[seat] = mask_points(L, won[seat])
    if s.to_move >= 0:
        return
    if L.moon:
        for seat in range(n):
            if won[seat] & L.moon_mask == L.moon_mask:
                shot = seat
                break
    if shot >= 0:
        moon = mask_points(L, L.moon_mask)
        for seat in range(n):
            if seat == shot:
                points[seat] -= moon
            elif L.moon == 2:
                points[seat] += moon
    elif L.trickless_bonus:
        for seat in range(n):
            if not counts[seat]:
                points[seat] += L.no_trick_points


cdef void tetka_points(const SettleC* L, const TableC* t, const StateC* s, int shown,
                       int64_t* points) noexcept nogil:
    """games/tetka.py points: the queens, Tëtka, the bum card, the bum and last tricks; once
    over, most tricks."""
    cdef int n = t.players
    cdef uint64_t won[MAX_PLAYERS]
    cdef int counts[MAX_PLAYERS]
    cdef int latest[MAX_PLAYERS]
    cdef int bum_cards[MAX_PLAYERS]
    cdef int seat, k, most = -1, best = -1, ntied = 0, score_seat = -1, bit, top
    cdef uint64_t queens = 0, suit
    cdef int tetka_card = 16 * (shown >> 4) + L.queen_rank
    cdef int rank = shown & 15
    cdef int bum_trick = 1 if rank == L.ace_rank else rank
    for k in range(4):
        queens |= (<uint64_t>1) << (16 * k + L.queen_rank)
    won_and_counts(t, s, won, counts)
    for seat in range(n):
        points[seat] = (L.tetka[0] * rv_popcount(won[seat] & queens)
                        + (L.tetka[1] - L.tetka[0]) * (won[seat] >> tetka_card & 1)
                        + L.tetka[2] * (won[seat] >> shown & 1))
        latest[seat] = 0
    for k in range(s.ntricks):
        latest[s.trick_winner[k]] = k + 1
        if k + 1 == bum_trick:
            points[s.trick_winner[k]] += L.tetka[3]
        if k + 1 == t.tricks:
            points[s.trick_winner[k]] += L.tetka[4]
    if s.to_move >= 0:
        return
    # games/tetka.py most_tricks
    for seat in range(n):
        if counts[seat] > most:
            most = counts[seat]
    suit = L.suits[shown >> 4]
    for seat in range(n):
        if counts[seat] == most:
            ntied += 1
            score_seat = seat
    if ntied > 1:
        for seat in range(n):
            bum_cards[seat] = rv_popcount(won[seat] & suit) if counts[seat] == most else -1
            if bum_cards[seat] > best:
                best = bum_cards[seat]
        ntied = 0
        for seat in range(n):
            if bum_cards[seat] == best:
                ntied += 1
                score_seat = seat
        if ntied > 1:
            score_seat = -1
            top = -1
            for seat in range(n):
                if bum_cards[seat] != best:
                    continue
                if best:
                    bit = rv_highest(won[seat] & suit) + 1
                else:
                    bit = latest[seat]
                if bit > top:
                    top = bit
                    score_seat = seat
    points[score_seat] += L.tetka[5]


cdef void pairwise_c(int n, const int64_t* points, OutC* out) noexcept nogil:
    """common.py pairwise."""
    cdef int a, b
    cdef int64_t difference
    for a in range(n):
        for b in range(a + 1, n):
            difference = points[a] - points[b]
            if difference > 0:
                pay(out, a, b, difference, R_POINTS, 0)
            elif difference < 0:
                pay(out, b, a, -difference, R_POINTS, 0)


cdef void reunion_c(const SettleC* L, const TableC* t, const StateC* s, int left, int right,
                    OutC* out) noexcept nogil:
    """games/reunion.py settle."""
    cdef int n = t.players
    cdef uint64_t won[MAX_PLAYERS]
    cdef int counts[MAX_PLAYERS]
    cdef int k, i, seat, at_left = 0, at_right = 0, card
    cdef bint has_left, has_right
    if left >= 0 and L.left_bower_payment:
        for k in range(s.ntricks):
            has_left = has_right = False
            for i in range(n):
                card = s.played[k * n + i]
                if card == left:
                    has_left = True
                    at_left = i
                elif card == right:
                    has_right = True
                    at_right = i
            if has_left and has_right:
                pay(out, (s.trick_leader[k] + at_left) % n, (s.trick_leader[k] + at_right) % n,
                    L.left_bower_payment, R_LEFT_BOWER, k + 1)
    if s.to_move < 0 and L.no_trick_payment:
        won_and_counts(t, s, won, counts)
        for seat in range(n):
            if not counts[seat]:
                for k in range(1, n):
                    pay(out, seat, (seat + k) % n, L.no_trick_payment, R_NO_TRICK, 0)


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
                beasts.append(_bare(_Beast, _BARE_BEAST, _BEAST_FIELDS, (
                    keep.owner[i], keep.amount[i], True if keep.in_play[i] else False)))
        return _bare(_BasketStakes, _BARE_BASKET, _BASKET_FIELDS, (keep.basket, tuple(beasts)))
    if keep.kind == K_POTS:
        pots = tuple([keep.amount[i] for i in range(keep.n)])
        if bool(keep.cycle_remised) == start.cycle_remised and pots == start.pots:
            return start
        return _bare(_PotStakes, _BARE_POTS, _POTS_FIELDS, (
            pots, True if keep.cycle_remised else False))
    pools = tuple([(accounts[i], keep.pools[i]) for i in range(len(accounts))])
    return start if pools == start.pools else _bare(_PoolStakes, _BARE_POOLS, _POOLS_FIELDS, (pools,))


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
    ``reversis.games.game_of(profile).settle(state)``, computed by the core."""
    cdef SettleProgram program = _settle_program(state.table.deal)
    cdef KeepC keep
    cdef OutC* out = _buffer()
    cdef int64_t points[MAX_PLAYERS]
    cdef int64_t net[MAX_PLAYERS]
    cdef int n = state.table.c.players
    cdef int i, seat
    cdef int64_t total = 0
    cdef const PayC* p
    cdef tuple accounts = program.accounts
    cdef tuple reasons = program.reasons
    try:
        if not _compute(program, state, &keep, out, points):
            return program.game.settle(state)
        for seat in range(n):
            net[seat] = 0
        payments = []
        for i in range(out.count):
            p = &out.pay[i]
            if p.gone or not p.amount:
                continue
            payments.append(_payment(
                _party_of(p.payer, accounts), _party_of(p.payee, accounts), p.amount,
                reasons[p.reason], p.trick if p.trick else None,
            ))
            if p.payer >= 0:
                net[p.payer] -= p.amount
            if p.payee >= 0:
                net[p.payee] += p.amount
        if program.c.scoring == SC_HEARTS or program.c.scoring == SC_TETKA:
            # common.py settle_pairwise: net[s] = Σ points − n × points[s]
            for seat in range(n):
                total += points[seat]
            for seat in range(n):
                net[seat] = total - n * points[seat]
        if keep.kind == K_NONE:
            stakes = _NO_STAKES
        else:
            stakes = _stakes_after(&keep, state.table.deal.stakes, accounts)
        return _bare(_Settlement, _BARE_SETTLEMENT, _SETTLEMENT_FIELDS, (
            tuple(payments), tuple([net[seat] for seat in range(n)]), stakes,
            True if state.c.to_move < 0 else False,
        ))
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
