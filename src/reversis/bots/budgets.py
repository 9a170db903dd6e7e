"""The settings the search bots share, checked alike (:class:`~reversis.bots.MonteCarloBot`,
:class:`~reversis.bots.ISMCTSBot`): a random generator, a budget of a count or of milliseconds a
decision (or both, whichever ends first), and the profile of views read from data. A bad value is
an :class:`~reversis.ArgumentError` that names it, raised when the bot is made.

    >>> import random
    >>> check_search_settings("MonteCarloBot", random.Random(1), "playouts", 8, None, None, None)
    >>> check_search_settings("MonteCarloBot", random.Random(1), "playouts", None, float("inf"),
    ...                       None, None)
    Traceback (most recent call last):
    ...
    reversis.errors.ArgumentError: millis must be a number from 0 to 8.64e+07, not inf
"""

from __future__ import annotations

import random

from reversis.errors import ArgumentError
from reversis.profile import Profile

__all__ = ["MAX_MILLIS", "check_search_settings", "number"]

#: The longest budget of one decision, in milliseconds (a day).
MAX_MILLIS = 86_400_000


def number(value: object, low: float, high: float, what: str) -> float:
    """``value`` if it is a number (not a bool) from ``low`` to ``high``, else
    :class:`~reversis.ArgumentError` naming ``what``.

    >>> number(0.5, 0, 1, "epsilon")
    0.5
    >>> number(True, 0, 1, "epsilon")
    Traceback (most recent call last):
    ...
    reversis.errors.ArgumentError: epsilon must be a number from 0 to 1, not True
    """
    if type(value) not in (int, float) or not low <= value <= high:  # type: ignore[operator]
        raise ArgumentError(f"{what} must be a number from {low:g} to {high:g}, not {value!r}")
    return float(value)  # type: ignore[arg-type]


def check_search_settings(
    who: str,
    rng: object,
    count_name: str,
    count: object,
    millis: object,
    most: int | None,
    profile: object,
) -> None:
    """Check a search bot's settings (:class:`~reversis.ArgumentError` at the first bad one):
    ``rng`` a :class:`random.Random`; a budget, ``count`` (named ``count_name``: an integer from 1,
    to ``most`` if given) or ``millis`` (above 0 and at most :data:`MAX_MILLIS`: not a bool, not
    infinite, not NaN), at least one of them; ``profile`` a :class:`~reversis.Profile` or ``None``.
    ``who`` names the bot in the message of a missing budget."""
    if not isinstance(rng, random.Random):
        raise ArgumentError(f"rng must be a random.Random, not {type(rng).__name__}")
    if count is None and millis is None:
        raise ArgumentError(f"{who} needs a budget: {count_name}=, millis= or both")
    if count is not None:
        if most is not None:
            if type(count) is not int or not 1 <= count <= most:
                raise ArgumentError(
                    f"{count_name} must be an integer from 1 to {most}, not {count!r}"
                )
        elif type(count) is not int or count < 1:
            raise ArgumentError(f"{count_name} must be a positive integer, not {count!r}")
    if millis is not None:
        number(millis, 0, MAX_MILLIS, "millis")
        if not millis > 0:  # type: ignore[operator]
            raise ArgumentError(f"millis must be a positive number, not {millis!r}")
    if profile is not None and not isinstance(profile, Profile):
        raise ArgumentError(f"profile must be a Profile, not {type(profile).__name__}")
