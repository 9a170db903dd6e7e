"""Who wins and who loses the pot (the party) of an ordinary hand.

The hand decides this when it ends (``hand.reversis.winner``, ``hand.reversis.loser``);
:func:`party_outcome` is the same rule as a plain function, for tools and tests::

    >>> from reversis import load_profile
    >>> from reversis.games.reversis.outcome import party_outcome
    >>> # fournier-1785 §7: seats 0 and 1 tie for the win and the dealer (seat 0) takes it;
    >>> # seats 2 and 3 tie on points for the loss and seat 2, with more tricks, loses.
    >>> party_outcome(load_profile(), 0, points=(2, 2, 9, 9), tricks=(3, 3, 3, 2))
    (0, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from reversis.errors import ArgumentError
from reversis.profile import Profile
from reversis.profile.compiled import Rules

__all__ = ["party_outcome"]


def party_outcome(
    profile: Profile,
    dealer: int,
    points: Sequence[int],
    tricks: Sequence[int],
    *,
    privilege_used_by: int | None = None,
) -> tuple[int, int]:
    """``(winner, loser)`` of the pot, given each seat's points and tricks taken.

    ``privilege_used_by`` is the seat that used the privilege (four aces, espagnolette), if any.
    """
    if not isinstance(profile, Profile) or profile.reversis is None:
        raise ArgumentError("a Profile of Reversis is needed (its pot has a winner and a loser)")
    n = profile.players

    def counts(values: object, what: str, most: int) -> tuple[int, ...]:
        if (
            not isinstance(values, Sequence)
            or isinstance(values, str)
            or len(values) != n
            or any(type(v) is not int or not 0 <= v <= most for v in values)
        ):
            raise ArgumentError(
                f"{what} must give an integer from 0 to {most} for each of the {n} seats"
            )
        return tuple(values)

    points = counts(points, "points", 10**18)
    tricks = counts(tricks, "tricks", profile.tricks)
    if type(dealer) is not int or not 0 <= dealer < n:
        raise ArgumentError(f"dealer must be a seat from 0 to {n - 1}")
    if privilege_used_by is not None and (
        type(privilege_used_by) is not int or not 0 <= privilege_used_by < n
    ):
        raise ArgumentError(f"privilege_used_by must be a seat from 0 to {n - 1} or None")
    return rank(
        profile.compiled,
        dealer,
        points,
        tricks,
        -1 if privilege_used_by is None else privilege_used_by,
    )


def rank(
    rules: Rules, dealer: int, points: Sequence[int], counts: Sequence[int], privileged: int
) -> tuple[int, int]:
    """The engine's form of :func:`party_outcome` (``privileged`` is ``-1`` for nobody)."""
    n = rules.players
    winner = loser = excluded = -1
    if privileged >= 0:
        if counts[privileged] and rules.priv_failure_loses:
            # fournier-1785 §11: used, and a trick taken: the player loses the pot to the winner
            # chosen by the ordinary rule among the others (english §12, hoyle §12 likewise).
            loser = excluded = privileged
        elif not counts[privileged] and rules.priv_success_wins:
            # english §12, hoyle §12: used and no trick taken: wins ahead of everyone.
            winner = excluded = privileged
    others = [seat for seat in range(n) if seat != excluded]
    if winner < 0:
        # fournier-1785 §7: fewest points; then fewest tricks; then nearest the basket on its left
        # (the profile's winner order, from the dealer).
        order = rules.winner_rank[dealer]
        _, _, _, winner = min([(points[p], counts[p], order[p], p) for p in others])
    if loser < 0:
        # fournier-1785 §7: most points; then most tricks (english §7: the literal flag makes
        # fewest tricks lose); then nearest the basket on its right.
        order = rules.loser_rank[dealer]
        sign = 1 if rules.loser_most_tricks else -1
        _, _, _, loser = max([(points[p], sign * counts[p], -order[p], p) for p in others])
    return winner, loser
