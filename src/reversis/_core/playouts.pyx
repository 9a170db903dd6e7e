# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# Rollouts in a batch : reversis.rollouts' loop on the core.
#
# A state is played out ``count`` times with the core's generator (splitmix64, as rollouts()
# draws: the k-th of ``count`` moves is the high word of ``next * count``), the plays chosen at
# random, by the cautious policy (reversis.bots.players._pick, transcribed below), or by a Python
# callable; each final state's result (a tuple of one integer per seat, from the Python function
# ``result``) is written into a row of an array this file sizes itself (no buffer or offset comes
# from Python; counts are checked in Python integers first). reversis/bots/playouts.py runs the same
# loop in Python on the reference engine, drawing the same numbers, so both engines give the same
# results.

cimport cython
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_New
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from reversis._core.bits cimport *
from reversis._core.state cimport *
from reversis._core.draws cimport next_choice
from reversis._core.engine cimport (
    NO_MOVE, PLAYED_OUT, REFUSED, _not_played_out, _play_out, _refuse_policy,
)
from reversis._core.lowered cimport _mask, _small
from reversis._core.play cimport apply_card, nth_card
from reversis._core.steps cimport apply_step, step_allowed, step_cards
from reversis._core.settle cimport settle_net

from reversis.errors import ArgumentError


from libc.stdint cimport int32_t

from array import array as _array


cdef inline uint64_t _suit_bits(int suit) noexcept nogil:
    return (<uint64_t>0xFFFF) << (16 * suit)


cdef int cautious_card(uint64_t legal, const uint8_t* trick, int ncur,
                       const int32_t* danger) noexcept nogil:
    """reversis/bots/players.py _pick: the cautious choice among the cards of ``legal`` (not 0), the trick
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
        if not c.legal:
            return NO_MOVE  # a seat with no card to play: a deal that cannot go on
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
    """rollout() with the cautious policy (reversis.bots.playouts.CautiousPolicy) in C: the same
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
    values), played in C: what :class:`reversis.bots.playouts.CautiousPolicy`'s ``core_rollout``
    calls, the engine knowing no policy."""
    return _cautious_rollout(state, draw, policy)


def cautious_choice(legal, trick, danger):
    """The cautious policy's card bit in C (for the differential test against reversis.bots.players):
    ``legal`` a card mask (not 0), ``trick`` the card bits of the trick in progress, ``danger``
    the 64 danger values of :func:`reversis.bots.playouts.danger`."""
    cdef int32_t table[NCARDS]
    cdef uint8_t cards[MAX_PLAYERS]
    cdef uint64_t mask = _mask(legal, "legal cards")
    cdef int k, card
    if not mask or len(trick) > MAX_PLAYERS:
        raise ArgumentError("cautious_choice() needs legal cards, a trick and 64 danger values")
    _danger_of(tuple(danger), table)
    for k in range(len(trick)):
        card = _small(trick[k], 0, NCARDS - 1)
        if card < 0:
            raise ArgumentError(f"cautious_choice(): {str(trick[k])[:20]} is not a card bit")
        cards[k] = card
    return cautious_card(mask, cards, len(trick), table)


# The most playouts one call of play_outs makes (reversis.bots.playouts.MAX_PLAYOUTS): its results,
# 8 bytes a seat each, are at most 64 MB.
cdef enum:
    PLAYOUTS_LIMIT = 1000000


cdef int _policy_kind(object policy, object danger, int32_t* table) except -1:
    """The kind of ``policy`` (None, ``"cautious"`` with ``danger`` read into ``table``, or a
    callable)."""
    if policy is None:
        return POLICY_RANDOM
    if isinstance(policy, str) and policy == "cautious":
        _danger_of(danger, table)
        return POLICY_CAUTIOUS
    if callable(policy):
        return POLICY_CALLABLE
    raise ArgumentError(f"play_outs: no policy {str(policy)[:40]!r}")


cdef uint64_t _seed_of(object seed) except? 0:
    """``seed``, an integer from 0 to 2**64 - 1, checked in Python integers."""
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ArgumentError(f"play_outs: seed must be an integer from 0 to 2**64 - 1, not "
                            f"{str(seed)[:40]}")
    return <uint64_t>seed


cdef int _play_outs_into(CoreState state, Py_ssize_t count, uint64_t* rng, int kind_of_policy,
                         object policy, const int32_t* danger, object result,
                         int64_t* out) except -1:
    """Play ``state`` out ``count`` times from ``rng[0]``, playout ``i``'s result for each seat
    into ``out[i * players + seat]``: ``out`` holds ``count * players`` values, sized by the
    caller (never by an argument from Python)."""
    cdef Table table = state.table
    cdef Py_ssize_t n = table.c.players
    cdef StateC c
    cdef FactC log[MAX_FACTS]
    cdef int k = 0, seat
    cdef Py_ssize_t i
    cdef int64_t nets[MAX_PLAYERS]
    cdef bint net_in_c = isinstance(result, str) and result == "net"
    for i in range(count):
        memcpy(&c, &state.c, sizeof(StateC))
        memcpy(log, state.log.items, c.nfacts * sizeof(FactC))
        why = _roll_out(&table.c, &c, log, None, rng, kind_of_policy, policy, danger, &k)
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
            memcpy(&out[i * n], nets, n * sizeof(int64_t))
            continue
        values = result(final)
        if len(values) != n:
            raise ArgumentError(f"play_outs: result gave {len(values)} values for {n} seats")
        for seat in range(n):
            value = values[seat]
            if type(value) is not int or not -2**63 <= value < 2**63:
                raise ArgumentError(f"play_outs: result gave {str(value)[:40]}, not a 64-bit "
                                    f"integer")
            out[i * n + seat] = value
    return 0


def play_outs(CoreState state, count, seed, policy, danger, result):
    """Play ``state`` out ``count`` times (reversis.rollouts): the core's generator starts at
    ``seed`` (an integer from 0 to 2**64 - 1); ``policy`` is ``None`` (random), ``"cautious"``
    (with ``danger``, 64 integers) or a callable; ``result`` is ``"net"`` (each seat's net money,
    settled in C: settle.pyx's ``settle_net``) or a function whose ``result(final state)`` gives
    one integer per seat. Returns ``(values, next_seed)``: ``values`` an ``array("q")`` of its own,
    sized here, of ``count * players`` values (playout ``i``'s for each seat at
    ``i * players + seat``), and the generator's state after the last playout, from which the next
    call may go on. ``count`` is an integer from 0 to 1,000,000, checked in Python integers."""
    cdef Py_ssize_t n = state.table.c.players
    cdef int32_t table_of_danger[NCARDS]
    cdef long long[::1] view
    if type(count) is not int or not 0 <= count <= PLAYOUTS_LIMIT:
        raise ArgumentError(f"play_outs: count must be an integer from 0 to {PLAYOUTS_LIMIT}, "
                            f"not {str(count)[:20]}")
    cdef uint64_t rng = _seed_of(seed)
    cdef int kind_of_policy = _policy_kind(policy, danger, table_of_danger)
    cdef Py_ssize_t total = <Py_ssize_t>count   # at most 10**6 playouts of 8 seats
    values = _array("q", bytes(8 * total * n))
    if total:
        view = values
        _play_outs_into(state, total, &rng, kind_of_policy, policy, table_of_danger, result,
                        <int64_t*>&view[0])
    return values, rng


def play_out(CoreState state, seed, policy, danger, result):
    """One playout of ``state`` (as :func:`play_outs` with a count of 1): ``(values, next_seed)``,
    ``values`` a tuple of one integer per seat."""
    cdef Py_ssize_t n = state.table.c.players, seat
    cdef int32_t table_of_danger[NCARDS]
    cdef int64_t out[MAX_PLAYERS]
    cdef uint64_t rng = _seed_of(seed)
    cdef int kind_of_policy = _policy_kind(policy, danger, table_of_danger)
    _play_outs_into(state, 1, &rng, kind_of_policy, policy, table_of_danger, result, out)
    return tuple([out[seat] for seat in range(n)]), rng
