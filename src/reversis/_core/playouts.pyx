# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# Rollouts in a batch : reversis.rollouts' loop on the core.
#
# A state is played out ``count`` times with the core's generator (splitmix64, as rollouts()
# draws: the k-th of ``count`` moves is the high word of ``next * count``), the plays chosen at
# random, by the cautious policy (reversis.bots._pick, transcribed below), or by a Python
# callable; each final state's result (a tuple of one integer per seat, from the Python function
# ``result``) is written into a row of ``out``. reversis/rollouts.py runs the same loop in Python
# on the reference engine, drawing the same numbers, so both engines give the same results.

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *
from reversis._core.draws cimport next_choice
from reversis._core.engine cimport (
    NO_MOVE, PLAYED_OUT, REFUSED, _apply_into, _legal_moves, _move_into, _not_played_out,
    _play_out, _refuse, _refuse_policy, _start,
)
from reversis._core.follow cimport legal_cards
from reversis._core.lowered cimport _mask, _small, _table
from reversis._core.play cimport apply_card, nth_card
from reversis._core.steps cimport apply_step, step_allowed, step_cards
from reversis._core.tables cimport MOVES_PLAY, _card_bit, _interned, _move_at, _moves_tuple
from reversis._core.settle cimport settle_net

from reversis.errors import ArgumentError


from libc.stdint cimport int32_t

cdef inline uint64_t _suit_bits(int suit) noexcept nogil:
    return (<uint64_t>0xFFFF) << (16 * suit)


cdef int cautious_card(uint64_t legal, const uint8_t* trick, int ncur,
                       const int32_t* danger) noexcept nogil:
    """reversis/bots.py _pick: the cautious choice among the cards of ``legal`` (not 0), the trick
    in progress being ``trick[:ncur]`` and ``danger`` the profile's danger table."""
    cdef int suit, best = 0, most = -1, count, k, bit, high
    cdef uint64_t led, following, under, mask
    cdef int32_t top = 0
    if ncur == 0:
        # Lead the lowest card of the longest suit (ties: the first suit).
        for suit in range(4):
            count = rv_popcount(legal & _suit_bits(suit))
            if count > most:
                most = count
                best = suit
        return rv_lowest(legal & _suit_bits(best))
    led = _suit_bits(trick[0] >> 4)
    following = legal & led
    if following and following == legal:
        # Follow with the highest card under the best of the suit led, else the lowest.
        high = 0
        for k in range(ncur):
            if led >> trick[k] & 1 and trick[k] > high:
                high = trick[k]
        under = following & (((<uint64_t>1) << high) - 1)
        return rv_highest(under) if under else rv_lowest(following)
    # A renounce (or a free choice): the most dangerous card (ties: the highest bit).
    best = -1
    mask = legal
    while mask:
        bit = rv_lowest(mask)
        if best < 0 or danger[bit] >= top:
            best = bit
            top = danger[bit]
        mask &= mask - 1
    return best


cdef int _roll_out(const TableC* t, StateC* c, FactC* log, object draw, uint64_t* rng,
                   int kind_of_policy, object policy, const int32_t* danger,
                   int* chosen_k) except -1:
    """Play ``c`` to its end in place (as _play_out, with the cautious policy in C); the random
    choices from ``draw`` where ``rng`` is NULL, else from the core's generator."""
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
            k = next_choice(draw, rng, count)
            if decline and k == count - 1:
                move, card = MOVE_DECLINE, 0
            else:
                card = nth_card(cards, k)
            if not step_allowed(t, c, move, card):
                chosen_k[0] = k
                return REFUSED
            apply_step(t, c, log, move, card)
            continue
        if kind_of_policy == POLICY_RANDOM:
            card = nth_card(c.legal, next_choice(draw, rng, rv_popcount(c.legal)))
        elif kind_of_policy == POLICY_CAUTIOUS:
            card = cautious_card(c.legal, &c.played[c.nplayed - c.ncur], c.ncur, danger)
        else:
            chosen = policy(c.to_move, c.legal, _bytes_tuple(&c.played[c.nplayed - c.ncur], c.ncur))
            if type(chosen) is not int or not 0 <= chosen < NCARDS or not c.legal >> chosen & 1:
                _refuse_policy(chosen, c.to_move, c.legal)
            card = chosen
        apply_card(t, c, log, card)
    return PLAYED_OUT


cdef int _danger_of(object danger, int32_t* table) except -1:
    """The 64 danger values of ``danger`` into ``table`` (each from 0 to 2**30)."""
    cdef int k, value
    if type(danger) is not tuple or len(danger) != NCARDS:
        raise ArgumentError("the cautious policy needs a tuple of 64 danger values")
    for k in range(NCARDS):
        value = _small(danger[k], 0, 1 << 30)
        if value < 0:
            raise ArgumentError(f"the cautious policy's danger values are integers from 0 to "
                                f"2**30, not {str(danger[k])[:20]}")
        table[k] = value
    return 0


cdef object _cautious_rollout(CoreState state, object draw, object policy):
    """rollout() with the cautious policy (reversis.playouts.CautiousPolicy) in C: the same
    choices as calling the policy for every play, the steps before play drawn from ``draw``."""
    cdef Table table = state.table
    cdef StateC c
    cdef FactC log[MAX_FACTS]
    cdef int32_t values[NCARDS]
    cdef int k = 0
    _danger_of(policy.danger, values)
    memcpy(&c, &state.c, sizeof(StateC))
    memcpy(log, state.log.items, c.nfacts * sizeof(FactC))
    why = _roll_out(&table.c, &c, log, draw, NULL, POLICY_CAUTIOUS, None, values, &k)
    if why != PLAYED_OUT:
        return _not_played_out(table, &c, log, why, k, draw, policy)
    return _new_state(table, &c, _log_of(log, c.nfacts, c.nfacts))


def cautious_rollout(CoreState state not None, draw, policy):
    """``rollout(state, draw, policy)`` for the cautious policy (``policy.danger``: its 64 danger
    values), played in C: what :class:`reversis.playouts.CautiousPolicy`'s ``core_rollout``
    calls, the engine knowing no policy."""
    return _cautious_rollout(state, draw, policy)


def cautious_choice(legal, trick, danger):
    """The cautious policy's card bit in C (for the differential test against reversis.bots):
    ``legal`` a card mask (not 0), ``trick`` the card bits of the trick in progress, ``danger``
    the 64 danger values of :func:`reversis.playouts.danger`."""
    cdef int32_t table[NCARDS]
    cdef uint8_t cards[MAX_PLAYERS]
    cdef uint64_t mask = _mask(legal, "legal cards")
    cdef int k
    if not mask or len(trick) > MAX_PLAYERS or len(danger) != NCARDS:
        raise ArgumentError("cautious_choice() needs legal cards, a trick and 64 danger values")
    for k in range(NCARDS):
        table[k] = danger[k]
    for k in range(len(trick)):
        cards[k] = _small(trick[k], 0, NCARDS - 1)
    return cautious_card(mask, cards, len(trick), table)


def play_outs(CoreState state, count, seed, policy, danger, result, long long[::1] out,
              Py_ssize_t row=0):
    """Play ``state`` out ``count`` times (reversis.rollouts): the core's generator starts at
    ``seed`` (an integer from 0 to 2**64 - 1); ``policy`` is ``None`` (random), ``"cautious"``
    (with ``danger``, 64 integers) or a callable; ``result`` is ``"net"`` (each seat's net money,
    settled in C: settle.pxi's ``settle_net``) or a function whose ``result(final state)`` gives
    one integer per seat; the values are written to ``out[(row + i) * players + seat]`` for the i-th playout. Returns the
    generator's state after the last playout, from which the next call may go on."""
    cdef Table table = state.table
    cdef int n = table.c.players
    cdef StateC c
    cdef FactC log[MAX_FACTS]
    cdef uint64_t rng
    cdef int32_t table_of_danger[NCARDS]
    cdef int k = 0, kind_of_policy, seat
    cdef Py_ssize_t i, total
    cdef int64_t nets[MAX_PLAYERS]
    cdef bint net_in_c = isinstance(result, str) and result == "net"
    if type(count) is not int or not 0 <= count <= 10**9:
        raise ArgumentError(f"play_outs: count must be an integer from 0, not {str(count)[:20]}")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ArgumentError(f"play_outs: seed must be an integer from 0 to 2**64 - 1, not "
                            f"{str(seed)[:40]}")
    rng = seed
    total = count
    if row < 0 or (row + total) * n > out.shape[0]:
        raise ArgumentError("play_outs: the results do not fit in out")
    if policy is None:
        kind_of_policy = POLICY_RANDOM
    elif isinstance(policy, str) and policy == "cautious":
        kind_of_policy = POLICY_CAUTIOUS
        _danger_of(danger, table_of_danger)
    elif callable(policy):
        kind_of_policy = POLICY_CALLABLE
    else:
        raise ArgumentError(f"play_outs: no policy {str(policy)[:40]!r}")
    for i in range(total):
        memcpy(&c, &state.c, sizeof(StateC))
        memcpy(log, state.log.items, c.nfacts * sizeof(FactC))
        why = _roll_out(&table.c, &c, log, None, &rng, kind_of_policy, policy, table_of_danger,
                       &k)
        if why == NO_MOVE:
            raise ArgumentError(f"rollouts: no legal move at step {c.step}")
        if why == REFUSED:
            _not_played_out(table, &c, log, why, k, None, None)  # the reference's error
            raise ArgumentError(f"rollouts: the random move at step {c.step} is refused")
        if c.nfacts == state.c.nfacts:  # no fact recorded: the same log
            final = _new_state(table, &c, state.log)
        else:
            final = _new_state(table, &c, _log_of(log, c.nfacts, c.nfacts))
        if net_in_c:
            settle_net(final, nets)
            for seat in range(n):
                out[(row + i) * n + seat] = nets[seat]
            continue
        values = result(final)
        if len(values) != n:
            raise ArgumentError(f"play_outs: result gave {len(values)} values for {n} seats")
        for seat in range(n):
            out[(row + i) * n + seat] = values[seat]
    return rng
