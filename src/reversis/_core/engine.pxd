# The functions of reversis.engine.play on the core (engine.pyx), for the layers above the rules.

from libc.stdint cimport uint64_t

from reversis._core.state cimport *

# Why a play-out stopped.
cdef enum:
    PLAYED_OUT = 0
    NO_MOVE = 1       # a step with no legal move (a profile that cannot go on)
    REFUSED = 2       # a step's random move that the rules refuse (the reference's quirk)


cdef CoreState _start(object deal)
cdef tuple _legal_moves(CoreState state)
cdef CoreState _move(CoreState state, int move, int card)
cdef CoreState _apply(CoreState state, object move)
cdef CoreState _refuse(CoreState state, object move)
cdef object _refuse_policy(object card, int seat, uint64_t legal)
cdef int _play_out(const TableC* t, StateC* c, FactC* log, object draw, uint64_t* rng,
                   object policy, int* chosen_k) except -1
cdef object _not_played_out(Table table, StateC* c, FactC* log, int why, int k, draw, policy)
