"""The optional extras: a module that needs one says which, instead of failing on a bare import
of a package the user may never have heard of.

>>> try:
...     import no_such_package_here
... except ImportError as exc:
...     print(missing("reversis.openspiel", "openspiel", exc))
reversis.openspiel needs the openspiel extra: pip install "reversis[openspiel]" (no module named ...)
"""

from __future__ import annotations

__all__ = ["missing"]


def missing(module: str, extra: str, error: ImportError) -> ModuleNotFoundError:
    """The error to raise when ``module`` cannot import a package of its ``extra``: it names the
    extra to install and the package that is missing."""
    name = getattr(error, "name", None) or "a package"
    return ModuleNotFoundError(
        f'{module} needs the {extra} extra: pip install "reversis[{extra}]" '
        f"(no module named {name!r})",
        name=name,
    )
