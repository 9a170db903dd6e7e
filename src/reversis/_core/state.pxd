# The state of a hand in C (the twin of reversis/engine/state.py): the sizes of its arrays, the
# kinds of steps, plays and facts, the lowered deal (TableC, in a Table), the state (StateC, in a
# CoreState) and the facts recorded along a line of play (FactC, in a FactLog).

from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t


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



cdef class Table:
    """A deal, lowered: its rules and cards, shared by every state of the hand."""
    cdef TableC c
    cdef object deal
    cdef tuple pools


cdef class FactLog:
    cdef FactC* items
    cdef int used
    cdef int capacity


cdef class CoreState:
    cdef StateC c
    cdef Table table
    cdef FactLog log
    cdef object _tricks
    cdef object _facts
    cdef object _extra


cdef FactLog _log_of(const FactC* items, int count, int capacity)
cdef CoreState _new_state(Table table, const StateC* c, FactLog log)
cdef tuple _bytes_tuple(const uint8_t* items, int count)
cdef tuple _kinds_tuple(const uint8_t* items, int count)
cdef tuple _tricks_of(CoreState state)
cdef tuple _facts_of(CoreState state)
cdef object _fact(const FactC* f, tuple pools)
