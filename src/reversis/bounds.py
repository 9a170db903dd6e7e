"""Bounds on what one seat can win or lose in a hand, derived from the profile's data.

Learning and search frameworks want the range of a game's returns (OpenSpiel's ``min_utility``
and ``max_utility``; its random simulation test holds every return inside them). The return of a
seat is ``settle(hand).net[seat]`` once the hand is over, and :func:`net_bounds` gives a range
that holds for every finished hand of the profile, worked out from the profile's numbers (the
payments of its special cards, the pot's values, the reversis amounts, the points of its cards)
and the stakes at the start of the hand. The argument for each game stands with the game:
Reversis in :mod:`reversis.games.reversis.bounds`, Hearts in :mod:`reversis.games.hearts`, Tëtka
in :mod:`reversis.games.tetka` and Réunion in :mod:`reversis.games.reunion`.

    >>> import reversis
    >>> from reversis.bounds import net_bounds
    >>> net_bounds(reversis.load_profile("hearts"))
    (-78, 78)
    >>> net_bounds(reversis.load_profile("tetka"))
    (-27, 9)
    >>> net_bounds(reversis.load_profile("reunion"))
    (-3, 3)

The bounds are safe, not always reached: the Reversis ones add the worst case of every group, which
one hand seldom meets (see the docs' *Learning and search frameworks* page for the widest nets
seen in random play).
"""

from __future__ import annotations

from reversis.errors import ArgumentError
from reversis.games import game_of
from reversis.profile import Profile, initial_stakes
from reversis.stakes import Stakes

__all__ = ["net_bounds"]


def net_bounds(profile: Profile, stakes: Stakes | None = None) -> tuple[int, int]:
    """``(lowest, highest)``: bounds on any seat's ``settle(hand).net`` at the end of a hand of
    ``profile`` that starts with ``stakes`` (by default a match's first hand, as
    :func:`~reversis.new_hand` deals it). See the module's docstring for why they hold.
    """
    if not isinstance(profile, Profile):
        raise ArgumentError(f"net_bounds() needs a Profile, not {type(profile).__name__}")
    if stakes is None:
        stakes = initial_stakes(profile)
    return game_of(profile).bounds(profile, stakes)
