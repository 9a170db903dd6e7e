"""Scoring: what a hand means in money or units, chosen by the profile's game.

==============================  ==================================================================
module                          what it settles
==============================  ==================================================================
:mod:`~.payments`               the values: :class:`Payment`, :class:`Settlement`
:mod:`~.reversis`               Reversis: aces, quinolas, basket and beasts, pots, pools, the pot,
                                the reversis (with :mod:`~.keepers`, the stakes on the table)
:mod:`~.points`                 Hearts and Tëtka: points settled pair by pair
:mod:`~.reunion`                Réunion: the left bower, the trickless, the game
==============================  ==================================================================

:func:`settle` is a pure function of a hand (and the stakes it started with, which the hand
carries). It works on an unfinished hand too, giving the payments that stand so far.
"""

from __future__ import annotations

from reversis.engine.hand import EngineHand
from reversis.errors import ArgumentError
from reversis.scoring.payments import BASKET, POT, Payment, Settlement, profile_accounts
from reversis.scoring.points import settle_points
from reversis.scoring.reunion import settle_reunion
from reversis.scoring.reversis import settle_reversis

__all__ = ["BASKET", "POT", "Payment", "Settlement", "profile_accounts", "settle"]


def settle(hand: EngineHand) -> Settlement:
    """The payments of ``hand`` so far (all of them once it is over), the net per seat and the stakes
    after it, as its profile's game settles them (see :mod:`reversis.scoring`)."""
    if not isinstance(hand, EngineHand):
        raise ArgumentError(f"settle() needs a Hand, not {type(hand).__name__}")
    return hand.cached("settlement", lambda: _settle(hand))


def _settle(hand: EngineHand) -> Settlement:
    game = hand.deal.rules.game
    if game == "reversis":
        return settle_reversis(hand)
    if game == "reunion":
        return settle_reunion(hand)
    return settle_points(hand)
