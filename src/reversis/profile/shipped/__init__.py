"""The shipped rule profiles, as TOML files, and their raw data (see :func:`reversis.load_profile`).

The names are the file names; a file may start from another shipped profile with
``base = "..."``, which :func:`data` resolves. Reading these package files is the only file access
the library makes of its own accord.
"""

from __future__ import annotations

import functools
from typing import Any

from reversis.errors import ProfileError
from reversis.profile.build import merge

__all__ = ["data", "listing", "names", "text"]

#: The profile listed first and loaded when no name is given.
DEFAULT = "fournier-1785"


@functools.cache
def names() -> frozenset[str]:
    """The names of the shipped profiles."""
    from importlib import resources  # noqa: PLC0415 - on first use (a quick library import)

    return frozenset(
        entry.name[: -len(".toml")]
        for entry in resources.files(__name__).iterdir()
        if entry.name.endswith(".toml")
    )


def listing() -> str:
    """The shipped names, the default first, for messages."""
    return ", ".join(sorted(names(), key=lambda n: (n != DEFAULT, n)))


def text(name: str) -> str:
    """The TOML text of the shipped profile ``name``."""
    if name not in names():
        raise ProfileError("", f"no shipped profile named {name[:60]!r} (shipped: {listing()})")
    from importlib import resources  # noqa: PLC0415 - on first use (a quick library import)

    return resources.files(__name__).joinpath(f"{name}.toml").read_text(encoding="utf-8")


def data(name: str) -> dict[str, Any]:
    """The data of the shipped profile ``name``, its ``base`` merged in (a fresh copy)."""
    import tomllib  # noqa: PLC0415 - on first use (a quick library import)

    raw = tomllib.loads(text(name))
    base = raw.pop("base", None)
    if base is None:
        return raw
    merged = data(str(base))
    merge(merged, raw)
    return merged
