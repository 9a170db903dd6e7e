# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""The random choices of a rollout on the core (see draws.pxd)."""

from reversis.errors import ArgumentError


cdef int choose(object draw, int count) except -1:
    """``int(draw() * count)``, the reference's random choice among ``count`` moves."""
    value = draw()
    cdef double x
    if type(value) is float:
        x = <double>value * count
        if 0.0 <= x < count:
            return <int>x
    else:
        k = int(value * count)
        if 0 <= k < count:
            return k
    raise ArgumentError(
        f"rollout: draw() returned {str(value)[:40]}, not a number from 0 up to 1 (excluded)"
    )
