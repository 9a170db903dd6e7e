# The worlds of a view in C (worlds.pyx), as the search in C (search.pyx) draws them: one world of
# a WorldPlan at a time into a state of its own, on the plan's scratch table.

from libc.stdint cimport int32_t, uint64_t

from reversis._core.state cimport FactC, StateC, Table


cdef int draw_world(object plan, uint64_t* rng, int attempts, StateC* c, FactC* log) except -1
cdef int draw_scored(object plan, uint64_t* rng, int attempts, StateC* c, FactC* log,
                     const int32_t* danger, int* surprises) except -1
cdef Table world_table(object plan)
