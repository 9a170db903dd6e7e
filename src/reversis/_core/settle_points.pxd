# Hearts, Tëtka and Réunion in C (cimported by settle.pyx; the twins of reversis/games/hearts.py,
# tetka.py and reunion.py: points pair by pair, Réunion's side payments).

from libc.stdint cimport int64_t, uint8_t, uint64_t

from reversis._core.bits cimport rv_highest, rv_lowest, rv_popcount
from reversis._core.settle cimport *
from reversis._core.state cimport *

# The games of points (Hearts, Tëtka: common.py's pair-by-pair settlement) and Réunion's side
# payments on the core (included by settle.pyx).

# -- the games of points, Réunion -----------------------------------------------------------------

cdef inline void won_and_counts(const TableC* t, const StateC* s, uint64_t* won,
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


cdef inline int64_t mask_points(const SettleC* L, uint64_t cards) noexcept nogil:
    cdef int64_t total = 0
    while cards:
        total += L.trick_points[rv_lowest(cards)]
        cards &= cards - 1
    return total


cdef inline void hearts_points(const SettleC* L, const TableC* t, const StateC* s,
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


cdef inline void tetka_points(const SettleC* L, const TableC* t, const StateC* s, int shown,
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


cdef inline void pairwise_c(int n, const int64_t* points, OutC* out) noexcept nogil:
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


cdef inline void reunion_c(const SettleC* L, const TableC* t, const StateC* s, int left, int right,
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
