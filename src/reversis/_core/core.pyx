# cython: language_level=3
"""The compiled core (placeholder while the build is set up)."""

def ping():
    return "compiled"
