# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The functions of :mod:`reversis.engine.play` on the compiled core: ``start``, ``legal_moves``,
``apply``, ``apply_card``, ``rollout``, ``rollouts``, ``replay`` and ``from_state``, with the
reference's signatures and results, on :class:`~reversis._core.state.CoreState` states whose fields
equal the reference's. The rules are the reference's, transcribed function by function into the
modules beside this one, each the twin of its Python module (``follow``, ``tricks``,
``commitment``, ``steps``, ``play``); the core knows no game: every profile that validates runs on
it, and ``tests/core/test_core.py`` holds it to the reference.

A move the rules refuse is handed to the reference engine, which raises its own error with its own
message; the core never builds a message of the rules itself (the rollout's policy error aside, which
it words as the reference does).
"""

cimport cython

import copyreg
from libc.stdint cimport uint64_t
from libc.string cimport memcpy, memset

from reversis._core cimport play
from reversis._core.bits cimport rv_popcount
from reversis._core.draws cimport next_choice
from reversis._core.follow cimport to_play
from reversis._core.lowered cimport _small, _table
from reversis._core.state cimport *
from reversis._core.steps cimport apply_step, step_allowed, step_cards
from reversis._core.tables cimport MOVES_PLAY, _card_bit, _interned, _moves_tuple

from reversis.cards import CARD_AT, Card, cards_from_mask
from reversis.engine import play as reference
from reversis.engine.history import facts_of, moves_of
from reversis.engine.state import State
from reversis.errors import ArgumentError, IllegalMoveError
from reversis.moves import PLAYS, Decline, Discard, Exchange, Give, Pass, Play

__all__ = [
    "CoreState",
    "apply",
    "apply_card",
    "from_state",
    "legal_moves",
    "replay",
    "rollout",
    "rollouts",
    "start",
]

cdef object _Play = Play
cdef object _Exchange = Exchange
cdef object _Discard = Discard
cdef object _Give = Give
cdef object _Pass = Pass
cdef object _Decline = Decline


cdef CoreState _move(CoreState state, int move, int card):
    """The state after the move the rules allow (``move``: a step's kind, MOVE_DECLINE, or
    MOVE_PLAY for a card played), with the values ``state`` kept that it left unchanged."""
    cdef CoreState child = CoreState.__new__(CoreState)
    cdef StateC* a = &state.c
    cdef StateC* b = &child.c
    cdef const TableC* t = &state.table.c
    cdef FactLog log = state.log
    cdef FactC scratch[MAX_FACTS]
    cdef FactC* items = log.items
    memcpy(b, a, sizeof(StateC))
    child.table = state.table
    if log.used != a.nfacts or log.capacity < MAX_FACTS:  # not the log's last state
        memcpy(scratch, log.items, a.nfacts * sizeof(FactC))
        items = scratch
    if move == MOVE_PLAY:
        play.apply_card(t, b, items, card)
    else:
        apply_step(t, b, items, move, card)
    if b.nfacts == a.nfacts:
        child.log = log
        child._facts = state._facts
    elif items == scratch:
        child.log = _log_of(scratch, b.nfacts, b.nfacts)
    else:
        log.used = b.nfacts
        child.log = log
    if a.ntricks == b.ntricks:
        child._tricks = state._tricks
    if (a.aside == b.aside and a.npending == b.npending and a.privilege == b.privilege
            and a.privilege_used == b.privilege_used and a.committed == b.committed
            and a.breaker == b.breaker and a.broken == b.broken):
        child._extra = state._extra
    return child


def start(deal):
    """The state of ``deal`` before its first move."""
    return _start(deal)


cdef CoreState _start(object deal):
    cdef Table table = _table(deal)
    cdef StateC c
    cdef int seat
    memset(&c, 0, sizeof(StateC))
    c.step = 0
    c.nplayed = c.ncur = c.ntricks = c.npending = c.nfacts = 0
    c.aside = 0
    c.legal = 0
    c.privilege = c.committed = c.breaker = -1
    c.privilege_used = 0
    c.broken = False
    for seat in range(MAX_PLAYERS):
        c.held[seat] = table.c.dealt[seat] if seat < table.c.players else 0
    if table.c.nsteps:
        c.to_move = table.c.step_seat[0]
        c.leader = table.c.eldest
    else:
        to_play(&table.c, &c)
    return _new_state(table, &c, _log_of(NULL, 0, MAX_FACTS))



cdef tuple _legal_moves(CoreState state):
    """engine/play.py legal_moves: the moves of the seat to move, as a sorted tuple."""
    cdef const StateC* c = &state.c
    cdef const TableC* t = &state.table.c
    cdef int kind
    if c.to_move < 0:
        return ()
    if c.step >= t.nsteps:
        return _moves_tuple(c.legal, MOVES_PLAY, False)
    kind = t.step_kind[c.step]
    return _moves_tuple(step_cards(t, c), kind, kind == STEP_EXCHANGE and t.may_decline)


def legal_moves(CoreState state):
    """The moves the seat to move may make, as a sorted tuple (empty once the hand is over): plays
    in card order; the other moves in card order with ``decline`` last."""
    return _legal_moves(state)



cdef CoreState _refuse(CoreState state, object move):
    """The reference engine's answer to a move the core refuses: its error (or, should it accept
    the move, the same state on the core)."""
    return <CoreState>from_state(reference.apply(state.to_state(), move))


cdef CoreState _apply(CoreState state, object move):
    """:func:`apply` (an interned move by its code; any other object by its type and card)."""
    cdef int code = _interned(move)
    cdef int bit, kind
    if code >= 0:
        kind = code >> 6
        bit = code & 63
        if kind == MOVE_PLAY:
            if state.c.legal >> bit & 1:
                return _move(state, MOVE_PLAY, bit)
        elif step_allowed(&state.table.c, &state.c, kind, bit):
            return _move(state, kind, bit)
        return _refuse(state, move)
    cdef type cls = type(move)
    if cls is _Play:
        bit = _card_bit(move)
        if bit < 0 or not state.c.legal >> bit & 1:
            return _refuse(state, move)
        return _move(state, MOVE_PLAY, bit)
    if isinstance(move, _Decline):
        kind, bit = MOVE_DECLINE, 0
    elif cls is _Exchange:
        kind = STEP_EXCHANGE
    elif cls is _Discard:
        kind = STEP_DISCARD
    elif cls is _Give:
        kind = STEP_GIVE
    elif cls is _Pass:
        kind = STEP_PASS
    else:
        return _refuse(state, move)
    if kind != MOVE_DECLINE:
        bit = _card_bit(move)
        if bit < 0:
            return _refuse(state, move)
    if not step_allowed(&state.table.c, &state.c, kind, bit):
        return _refuse(state, move)
    return _move(state, kind, bit)


def apply(CoreState state, move):
    """The state after ``move``; :class:`~reversis.IllegalMoveError` (saying why) if the rules do
    not allow it now, :class:`~reversis.InvalidMoveError` if it is no move."""
    return _apply(state, move)


def apply_card(CoreState state, card):
    """The state after the seat to move plays ``card`` (a card bit), which must be one of
    ``state.legal`` (else :class:`~reversis.IllegalMoveError`, as :func:`apply` says)."""
    if type(card) is not int or not 0 <= card < NCARDS or CARD_AT[card] is None:
        raise ArgumentError(f"apply_card() needs a card bit, not {str(card)[:40]}")
    if not state.c.legal >> card & 1:
        return _refuse(state, PLAYS[card])
    return _move(state, MOVE_PLAY, card)


cdef object _refuse_policy(object card, int seat, uint64_t legal):
    """engine/play.py's error for a policy's card that is not legal, in the same words."""
    found = CARD_AT[card] if type(card) is int and 0 <= card < NCARDS else None
    codes = " ".join(c.code for c in cards_from_mask(legal))
    raise IllegalMoveError(
        found.code if found is not None else repr(card),
        f"the rollout policy chose it for seat {seat}, who may play {codes}",
    )


cdef int _play_out(const TableC* t, StateC* c, FactC* log, object draw, uint64_t* rng,
                   object policy, int* chosen_k) except -1:
    """Play ``c`` to its end in place (engine/play.py rollout); PLAYED_OUT, or why not."""
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
                card = play.nth_card(cards, k)
            if not step_allowed(t, c, move, card):
                chosen_k[0] = k
                return REFUSED
            apply_step(t, c, log, move, card)
            continue
        if not c.legal:
            return NO_MOVE  # a seat with no card to play: a deal that cannot go on
        if policy is None:
            card = play.nth_card(c.legal, next_choice(draw, rng, rv_popcount(c.legal)))
        else:
            chosen = policy(c.to_move, c.legal, _bytes_tuple(&c.played[c.nplayed - c.ncur], c.ncur))
            if type(chosen) is not int or not 0 <= chosen < NCARDS or not c.legal >> chosen & 1:
                _refuse_policy(chosen, c.to_move, c.legal)
            card = chosen
        play.apply_card(t, c, log, card)
    return PLAYED_OUT


cdef object _not_played_out(Table table, StateC* c, FactC* log, int why, int k, draw, policy):
    """What the reference does where :func:`_play_out` stopped."""
    state = _new_state(table, c, _log_of(log, c.nfacts, c.nfacts))
    if why == NO_MOVE:
        return reference.rollout(state.to_state(), draw, policy)
    cdef uint64_t cards = step_cards(&table.c, c)
    cdef int kind = table.c.step_kind[c.step]
    return _refuse(state, _moves_tuple(cards, kind, kind == STEP_EXCHANGE and table.c.may_decline)[k])


def rollout(CoreState state, draw, policy=None):
    """The final state after playing ``state`` to its end.

    Each move is chosen as ``moves[int(draw() * len(moves))]`` from :func:`legal_moves`, unless
    ``policy`` is given, which then chooses every play (the steps before play stay random). A
    policy's card that is not legal raises :class:`~reversis.IllegalMoveError`.
    """
    cdef Table table = state.table
    cdef StateC c
    cdef FactC log[MAX_FACTS]
    cdef int k = 0
    core_rollout = getattr(policy, "core_rollout", None)
    if core_rollout is not None:  # a policy that plays itself out in C (reversis.bots.playouts')
        return core_rollout(state, draw)
    memcpy(&c, &state.c, sizeof(StateC))
    memcpy(log, state.log.items, c.nfacts * sizeof(FactC))
    why = _play_out(&table.c, &c, log, draw, NULL, policy, &k)
    if why != PLAYED_OUT:
        return _not_played_out(table, &c, log, why, k, draw, policy)
    return _new_state(table, &c, _log_of(log, c.nfacts, c.nfacts))


def rollouts(CoreState state, count, seed, policy=None):
    """``count`` rollouts of ``state`` (a list of final states) with the core's own generator,
    seeded by ``seed`` (an integer from 0 to 2**64 - 1): the same moves for the same seed, but not
    the draws of :func:`rollout` with a :class:`random.Random`. ``policy`` as for :func:`rollout`."""
    if type(count) is not int or not 0 <= count <= 10**9:
        raise ArgumentError(f"rollouts: count must be an integer from 0, not {str(count)[:20]}")
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ArgumentError(f"rollouts: seed must be an integer from 0 to 2**64 - 1, not "
                            f"{str(seed)[:40]}")
    cdef Table table = state.table
    cdef StateC c
    cdef FactC log[MAX_FACTS]
    cdef uint64_t rng = seed
    cdef int k = 0
    cdef Py_ssize_t i
    cdef list out = []
    for i in range(count):
        memcpy(&c, &state.c, sizeof(StateC))
        memcpy(log, state.log.items, c.nfacts * sizeof(FactC))
        why = _play_out(&table.c, &c, log, None, &rng, policy, &k)
        if why == NO_MOVE:
            raise ArgumentError(f"rollouts: no legal move at step {c.step}")
        if why == REFUSED:
            return _not_played_out(table, &c, log, why, k, None, policy)
        if c.nfacts == state.c.nfacts:  # no fact recorded: the same log
            out.append(_new_state(table, &c, state.log))
        else:
            out.append(_new_state(table, &c, _log_of(log, c.nfacts, c.nfacts)))
    return out


def replay(deal, moves):
    """The state of ``deal`` after ``moves`` (:class:`~reversis.IllegalMoveError` or
    :class:`~reversis.InvalidMoveError` at the first that is refused)."""
    state = start(deal)
    for move in moves:
        state = apply(state, move)
    return state


def from_state(state):
    """The core's state for a reference :class:`~reversis.engine.state.State` (replayed from its
    deal and moves); a :class:`CoreState` is returned as it is."""
    if isinstance(state, CoreState):
        return state
    if not isinstance(state, State):
        raise ArgumentError(f"from_state() needs an engine State, not {type(state).__name__}")
    return replay(state.deal, moves_of(facts_of(state)))


def _pickled(CoreState state not None):
    """How a state pickles and copies: its deal and the moves that led to it, replayed by
    :func:`replay` (registered with :mod:`copyreg` here, beside ``replay``, so that the state's
    module imports nothing of this one)."""
    return (replay, (state.table.deal, moves_of(facts_of(state))))


copyreg.pickle(CoreState, _pickled)

