"""The money of a hand: :func:`settle`, as the profile's game settles it (see :mod:`reversis.games`).

:func:`settle` is a pure function of a hand (and the stakes it started with, which the hand
carries). It works on an unfinished hand too, giving the payments that stand so far.

    >>> import reversis
    >>> hand = reversis.new_hand("hearts", seed=3).rollout(__import__("random").Random(3))
    >>> result = reversis.settle(hand)
    >>> sum(result.net), result.final
    (0, True)
"""

from __future__ import annotations

from reversis.games.payments import BASKET, POT, Payment, Settlement, profile_accounts
from reversis.hand import settle

__all__ = ["BASKET", "POT", "Payment", "Settlement", "profile_accounts", "settle"]
