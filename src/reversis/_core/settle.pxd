# The settlement on the core (settle.pyx): the lowered settlement of a profile (SettleC), the
# keeper of the stakes (KeepC), the payments list (OutC), and the two functions every game's
# settlement in C writes with (pay, opposite).

from libc.stdint cimport int64_t, uint8_t, uint64_t

from reversis._core.state cimport *


cdef enum:
    MAX_PAY = 1536          # payments a hand may list before the core gives it to the reference
    MAX_KEPT = 512          # beasts or pots the C keeper holds
    MAX_POOLS = 16


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
    bint loser_most_tricks, priv_success_wins, priv_failure_loses, priv_pays_alone
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
    # Réunion's card points (reunion §3, §4, §6), which the views count: by rank, a bower's, the
    # last trick's, and whether the dealer's discards count only from his first trick won
    int64_t rank_points[16]
    int64_t bower_points, last_trick_points
    bint discard_needs_trick


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


cdef class SettleProgram:
    cdef SettleC c
    cdef tuple accounts
    cdef tuple reasons
    cdef object game


# The entry points for the layers above (settle.pyx).
cdef SettleProgram _settle_program(object deal)
cdef int settle_net(CoreState state, int64_t* net) except -1
cdef object _settle_state(CoreState state)
