# Reversis in C (cimported by settle.pyx; the twin of reversis/games/reversis: the keepers, the
# cards' payments, the pot, the reversis, the privilege's failures).

from libc.stdint cimport int64_t, uint8_t, uint64_t

from reversis._core.bits cimport rv_highest, rv_lowest, rv_popcount
from reversis._core.settle cimport *
from reversis._core.state cimport *

# Reversis's settlement on the core (included by settle.pyx): games/reversis/settlement.py and
# games/reversis/keepers.py, transcribed function by function on the C state and SettleC.

# -- the keepers (games/reversis/keepers.py) ------------------------------------------------------

cdef inline void keep_won(KeepC* k, const SettleC* L, OutC* out, int seat, int trick,
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


cdef inline void keep_owed(KeepC* k, const SettleC* L, OutC* out, int seat, int trick, int pool,
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


cdef inline void pot_outcome(const SettleC* L, const TableC* t, const StateC* s, int* winner,
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


cdef inline void settle_reversis_c(const SettleC* L, const TableC* t, const StateC* s, KeepC* keep,
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


cdef inline void party(const SettleC* L, const TableC* t, const StateC* s, KeepC* keep, OutC* out,
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


cdef inline void failed_privilege(const SettleC* L, const TableC* t, KeepC* keep, OutC* out,
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


cdef inline void reversis_end(const SettleC* L, const TableC* t, const StateC* s, KeepC* keep,
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
        if privileged >= 0 and privileged != rev and L.priv_pays_alone:
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
