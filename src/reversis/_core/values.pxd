# Frozen attrs values made as their __init__ makes them (values.pyx): for the deals, settlements,
# stakes, events and views the core makes.


cdef class _Maker:
    cdef object cls
    cdef tuple names
    cdef bint direct


cdef _Maker _maker_of(object cls, tuple names, bint all_fields=*)
cdef object _make(_Maker maker, tuple values)
