"""Réunion's payments in units: the left bower lost, the trickless, and the game (reunion §7, §8).

* **Left bower lost** (reunion §7): when a trick holds both bowers, the player of the left bower
  pays the player of the right bower 1 unit, at the end of that trick (reason ``left_bower``).
* **No trick** (reunion §7): at the end of the deal, a player who won no trick pays 1 unit to each
  other player (reason ``no_trick``), listed by payer seat, each paying the others in playing order
  after him.
* **The game** (reunion §8): after three deals the highest game total wins [decision]; every
  other player pays each winner by his own total: 0 → 4 units, 1–49 → 3, 50–99 → 2, 100–149 → 1,
  150 or more → nothing (reason ``game``).
"""

from __future__ import annotations

from collections.abc import Sequence

from reversis.engine.hand import EngineHand
from reversis.scoring.payments import Payment, Settlement
from reversis.stakes import NoStakes

__all__ = ["game_owed", "game_payments", "settle_reunion", "winners"]

#: The game payment by game total: ``(lowest total, units)``, highest first (reunion §8).
GAME_SCALE = ((150, 0), (100, 1), (50, 2), (1, 3), (0, 4))


def settle_reunion(hand: EngineHand) -> Settlement:
    """The side payments of a deal of Réunion (see the module's docstring)."""
    s = hand.state
    deal = s.deal
    n = deal.rules.players
    trumps = deal.trumps
    out: list[Payment] = []
    if trumps is not None and trumps.left >= 0:
        both = (1 << trumps.left) | (1 << trumps.right)
        for number, (leader, cards, _, mask) in enumerate(s.tricks, start=1):
            if mask & both == both:
                # reunion §7: the player of the left bower pays the player of the right bower.
                left = (leader + cards.index(trumps.left)) % n
                right = (leader + cards.index(trumps.right)) % n
                out.append(Payment(left, right, 1, "left_bower", number))
    over = s.to_move < 0
    if over:
        takers = {winner for _, _, winner, _ in s.tricks}
        for seat in range(n):
            if seat not in takers:
                # reunion §7: a player who won no trick pays 1 unit to each of the others.
                out.extend(Payment(seat, (seat + k) % n, 1, "no_trick", None) for k in range(1, n))
    net = [0] * n
    for p in out:
        net[int(p.payer)] -= p.amount
        net[int(p.payee)] += p.amount
    return Settlement(tuple(out), tuple(net), NoStakes(), over)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest game total [decision] (reunion §8)."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def game_owed(total: int) -> int:
    """What a player who did not win pays each winner, by his game total (reunion §8)."""
    return next(units for low, units in GAME_SCALE if total >= low)


def game_payments(totals: Sequence[int]) -> tuple[Payment, ...]:
    """The payments of a game of Réunion, by payer seat, each paying the winners in seat order
    (reunion §8; tied winners never pay each other)."""
    won = winners(totals)
    out: list[Payment] = []
    for seat, total in enumerate(totals):
        if seat in won:
            continue
        units = game_owed(total)
        if units:
            out.extend(Payment(seat, winner, units, "game", None) for winner in won)
    return tuple(out)
