"""Settling points in units: Hearts and Tëtka (hearts "Scoring as data", tetka §6 "Settling").

Neither source has money [decision]: every pair of seats settles the difference of their points,
one unit a point, the seat with more points paying the other. Pairs go in the order (0, 1), (0, 2),
… (1, 2) …; payments of 0 are not listed; the reason is ``points`` and the trick ``None``. So
``net[s] = Σ points − n × points[s]``: zero-sum, and ranking the seats as their points do. Before
the end of the hand it settles the points so far.
"""

from __future__ import annotations

from collections.abc import Sequence

from reversis.engine.hand import EngineHand
from reversis.scoring.payments import Payment, Settlement
from reversis.stakes import NoStakes

__all__ = ["pairwise", "settle_points"]


def pairwise(points: Sequence[int], reason: str = "points") -> tuple[Payment, ...]:
    """The payments that settle ``points`` between every pair of seats, one unit a point."""
    n = len(points)
    out = []
    for a in range(n):
        for b in range(a + 1, n):
            difference = points[a] - points[b]
            if difference > 0:
                out.append(Payment(a, b, difference, reason, None))
            elif difference < 0:
                out.append(Payment(b, a, -difference, reason, None))
    return tuple(out)


def settle_points(hand: EngineHand) -> Settlement:
    """The settlement of a hand of Hearts or Tëtka: its points, pair by pair."""
    points = hand.points
    n = len(points)
    total = sum(points)
    payments = pairwise(points)
    return Settlement(payments, tuple(total - n * p for p in points), NoStakes(), hand.is_over)
