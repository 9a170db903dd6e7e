"""Loading profiles: the shipped ones by name, a user's file by path, a profile named in data.

>>> from reversis import load_profile
>>> profile = load_profile("fournier-1785")
>>> profile.players, profile.reversis.end_on_break
(4, True)
>>> house = profile.evolve(reversis={"end_on_break": False})
>>> house.reversis.end_on_break, house.name
(False, 'fournier-1785')
"""

from __future__ import annotations

import functools
import os
import stat
from collections.abc import Iterable
from typing import Any

from reversis.errors import ProfileError
from reversis.profile import shipped
from reversis.profile.schema import MAX_PROFILE_SIZE, Profile

__all__ = [
    "available_profiles",
    "is_shipped",
    "load_profile",
    "profile_from_data",
    "profile_to_data",
]


@functools.cache
def _shipped_profile(name: str) -> Profile:
    """The shipped profile ``name``, read once (profiles are immutable, so it is shared)."""
    return Profile.from_toml(shipped.text(name))


def is_shipped(profile: Profile) -> bool:
    """Whether ``profile`` is (equal to) the shipped profile of its name."""
    if profile.name not in shipped.names():
        return False
    known = _shipped_profile(profile.name)
    return known is profile or known == profile


def profile_to_data(profile: Profile) -> str | dict[str, Any]:
    """How a record names ``profile``: the name of a shipped profile it equals, else its data."""
    if is_shipped(profile):
        return profile.name
    return profile.to_dict()


def profile_from_data(
    data: Any, what: str = "profile", *, profiles: Iterable[Profile] = ()
) -> Profile:
    """The profile a record or a view names: a shipped profile's name, one of the caller's
    ``profiles`` by name, or a profile's data. A name read from data never opens a file."""
    if isinstance(data, str):
        for given in profiles:
            if given.name == data:
                return given
        if data not in shipped.names():
            raise ProfileError(what, f"no shipped profile named {data[:40]!r}")
        return _shipped_profile(data)
    return Profile.from_dict(data)


def available_profiles() -> dict[str, str]:
    """The shipped profiles: name → one-line description, the default (``fournier-1785``) first.

    >>> next(iter(available_profiles()))
    'fournier-1785'
    >>> "fournier-1785-3p" in available_profiles()
    True
    """
    names = sorted(shipped.names(), key=lambda n: (n != shipped.DEFAULT, n))
    return {name: _shipped_profile(name).description for name in names}


def load_profile(name_or_path: str | os.PathLike[str] = shipped.DEFAULT) -> Profile:
    """Load a shipped profile by name, or a profile file by path.

    A string that names a shipped profile gives it; any other string, or a path object, is the
    path of a TOML file (a regular file). Only this explicit call reads files: a profile named in a
    record, a view or a hand's JSON must be a shipped one (or one the caller passes in).

    Raises :class:`~reversis.ProfileError` for an unknown name, an unreadable file or a bad profile.
    """
    if isinstance(name_or_path, str) and name_or_path in shipped.names():
        return _shipped_profile(name_or_path)
    if not isinstance(name_or_path, str | os.PathLike):
        raise ProfileError(
            "", f"a profile is named by a string or a path, not {type(name_or_path).__name__}"
        )
    path = os.fspath(name_or_path)
    if not isinstance(path, str) or not path or len(path) > 4096 or "\x00" in path:
        raise ProfileError("", f"{str(path)[:60]!r} is neither a shipped profile nor a file name")
    if isinstance(name_or_path, str) and not path.endswith(".toml") and not os.path.exists(path):
        raise ProfileError("", f"no profile named {path[:60]!r} (shipped: {shipped.listing()})")
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise ProfileError("", f"{path[:60]!r} is not a regular file")
        # Opened without waiting, and checked again: a FIFO put in its place meanwhile would
        # otherwise block the open.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with open(fd, encoding="utf-8") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise ProfileError("", f"{path[:60]!r} is not a regular file")
            text = handle.read(MAX_PROFILE_SIZE + 1)
    except OSError as exc:
        raise ProfileError("", f"cannot read {path[:60]!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ProfileError("", f"{path[:60]!r} is not UTF-8 text") from None
    return Profile.from_toml(text)
