# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
"""Frozen attrs values made as their ``__init__`` makes them: attrs' ``__init__`` of a frozen class
makes the object with ``object.__new__`` and sets each field with ``object.__setattr__``; the core
does the same from C for a class whose ``__init__`` does nothing else (no validator, converter,
hook or ``__new__`` of its own), without the call and its arguments. Any other class is called."""

cimport cython

import attrs

from reversis.errors import ArgumentError

cdef extern from "Python.h":
    int PyObject_GenericSetAttr(object o, object name, object value) except -1

cdef object _object_new = object.__new__


@cython.final
cdef class _Maker:
    """How to make a frozen attrs value of ``cls`` from the values of ``names`` in order."""


cdef _Maker _maker_of(object cls, tuple names, bint all_fields=True):
    """The maker of ``cls``: direct where its ``__init__`` only sets its fields, ``names`` being
    its fields in order (or some of them, where ``all_fields`` is false: a value whose other
    fields are left to be made on first read, as a settlement's payments)."""
    cdef _Maker maker = _Maker.__new__(_Maker)
    maker.cls = cls
    maker.names = names
    fields = attrs.fields(cls)
    slots = {name for klass in cls.__mro__ for name in klass.__dict__.get("__slots__", ())}
    maker.direct = (
        (tuple([f.name for f in fields]) == names if all_fields else set(names) <= slots)
        and all([f.validator is None and f.converter is None and f.init for f in fields])
        and not hasattr(cls, "__attrs_pre_init__")
        and not hasattr(cls, "__attrs_post_init__")
        and cls.__new__ is object.__new__
    )
    return maker


cdef object _make(_Maker maker, tuple values):
    """A value of ``maker.cls`` with the values of ``maker.names``."""
    cdef Py_ssize_t i
    if not maker.direct:
        return maker.cls(**{
            f.alias: value for f, value in zip(attrs.fields(maker.cls), values)
        })
    if len(values) != len(maker.names):
        raise ArgumentError(f"{maker.cls.__name__} takes {len(maker.names)} values")
    out = _object_new(maker.cls)
    for i in range(len(values)):
        PyObject_GenericSetAttr(out, maker.names[i], values[i])
    return out
