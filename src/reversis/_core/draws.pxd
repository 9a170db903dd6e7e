# The random choices of a rollout (engine.pyx, playouts.pyx): ``int(draw() * count)`` as the
# reference engine draws, or the core's own generator (splitmix64) where a seed is given.

from libc.stdint cimport uint64_t

from reversis._core.bits cimport rv_mulhi

cdef int choose(object draw, int count) except -1


cdef inline int next_choice(object draw, uint64_t* rng, int count) except -1:
    """A choice among ``count`` moves: ``int(draw() * count)``, or, with the core's generator
    (``rng``), the high word of ``next * count``."""
    cdef uint64_t z
    if rng == NULL:
        return choose(draw, count)
    # splitmix64 (Steele, Lea and Flood, 2014)
    rng[0] += 0x9E3779B97F4A7C15ULL
    z = rng[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    z = z ^ (z >> 31)
    return <int>rv_mulhi(z, <unsigned long long>count)
