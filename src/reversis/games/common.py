"""What the games share: the cards and tricks each seat took, card points, and settling points pair
by pair.

Hearts and Tëtka settle their points in units [decision] (hearts "Scoring as data", tetka §6
"Settling"): neither source has money, so every pair of seats settles the difference of their
points, one unit a point, the seat with more points paying the other. Pairs go in the order
(0, 1), (0, 2), … (1, 2) …; payments of 0 are not listed; the reason is ``points`` and the trick
``None``. So ``net[s] = Σ points − n × points[s]``: zero-sum, and ranking the seats as their
points do. Before the end of the hand it settles the points so far.
"""

from __future__ import annotations

from collections.abc import Sequence

from reversis.engine.deal import Deal
from reversis.engine.state import Extra, State
from reversis.games.base import Seen
from reversis.games.payments import Payment, Settlement
from reversis.profile import Profile
from reversis.stakes import NoStakes

__all__ = [
    "card_points",
    "highest",
    "lowest",
    "pairwise",
    "settle_pairwise",
    "tricks_taken",
    "won_cards",
]


def won_cards(state: State) -> list[int]:
    """The mask of the cards each seat has taken in tricks."""
    won = [0] * state.deal.rules.players
    for trick in state.tricks:
        won[trick.winner] |= trick.mask
    return won


def tricks_taken(state: State) -> tuple[int, ...]:
    """How many tricks each seat has taken."""
    counts = [0] * state.deal.rules.players
    for trick in state.tricks:
        counts[trick.winner] += 1
    return tuple(counts)


def card_points(groups: Sequence[tuple[int, int]], cards: int) -> int:
    """The points of the cards of the mask ``cards``; ``groups`` gives the cards' values as
    ``(value, mask of the cards worth it)`` pairs (:func:`~reversis.profile.compiled.point_groups`)."""
    total = 0
    for value, mask in groups:
        total += value * (cards & mask).bit_count()
    return total


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


def settle_pairwise(points: Sequence[int], over: bool) -> Settlement:
    """The settlement of ``points`` pair by pair (see the module's docstring)."""
    n = len(points)
    total = sum(points)
    net = tuple(total - n * p for p in points)
    return Settlement(pairwise(points), net, NoStakes(), over)


def lowest(values: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest value, in seat order (a tie shared)."""
    low = min(values)
    return tuple(seat for seat, value in enumerate(values) if value == low)


def highest(values: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest value, in seat order (a tie shared)."""
    high = max(values)
    return tuple(seat for seat, value in enumerate(values) if value == high)


class PointsGame:
    """What the games of points (Hearts, Tëtka) share as :class:`~reversis.games.base.Game`: the
    points settled pair by pair, nothing put aside, no payment at the end of a game. A game of
    points gives :meth:`points` and the rest of the protocol."""

    def points(self, state: State) -> tuple[int, ...]:
        """The game's points (each game of points gives its own)."""
        raise NotImplementedError  # pragma: no cover - every game of points gives its own

    def settle(self, state: State) -> Settlement:
        """The points, settled pair by pair (see the module's docstring)."""
        return settle_pairwise(self.points(state), state.to_move < 0)

    def seen(self, state: State, seat: int) -> Seen:
        """The points, which every seat sees; nothing is put aside."""
        return Seen(self.points(state), None, None, False)

    def shown_aside(self, deal: Deal, extra: Extra, over: bool) -> tuple[int | None, int | None]:
        """Nothing is put aside."""
        return None, None

    def match_payments(self, profile: Profile, totals: Sequence[int]) -> tuple[Payment, ...]:
        """None: the points are settled hand by hand."""
        return ()
