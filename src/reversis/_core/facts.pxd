# The facts a move records (the twin of reversis/engine/facts.py): each a FactC in the state's
# log, made into reversis.engine.facts values when read (state.pyx).

from libc.stdint cimport uint8_t, uint64_t

from reversis._core.bits cimport rv_highest, rv_lowest, rv_popcount
from reversis._core.state cimport *


cdef inline void record(StateC* s, FactC* log, int kind, int a, int b, int c) noexcept nogil:
    """Record a fact of the move being made in ``log`` (the lowering keeps the facts within
    MAX_FACTS)."""
    cdef FactC* fact
    if s.nfacts < MAX_FACTS:
        fact = &log[s.nfacts]
        fact.step = <uint8_t>s.step
        fact.kind = <uint8_t>kind
        fact.a = <uint8_t>a
        fact.b = <uint8_t>b
        fact.c = <uint8_t>c
        s.nfacts += 1
