"""Bounds on what one seat can win or lose in a hand of Reversis, from the profile's data (see
:mod:`reversis.games`).

**Reversis** (``fournier-1785``, ``english``, ``hoyle`` and the like). A seat's net is the sum of
the payments it receives less those it makes, and every payment belongs to one of these groups:

* *Card payments* (aces and quinolas, fournier-1785 §10): each special card is played once, and
  each of its ways of being played moves money between a fixed set of seats. A seat receives at
  most ``max(placed, forced + (n-2) forced_others, led + (n-2) led_others, played)`` for it (the
  player of a placed card; the leader, paid by the player and consoled by the ``n-2`` others; the
  pot winner, paid by the leader and the others) and pays at most the largest single amount, both
  times 2 if the profile doubles some tricks (``bonne_tricks``) and times 2 if it doubles card
  payments between opposite seats. A committed reversis only cancels payments. A failed
  espagnolette that repays double (english §12) pays back twice what it received, so it can lose
  once more what it could receive.
* *The end of the hand*: either the pot (the loser pays the winner its value, at most
  ``pot_bonus`` plus the values of the most valuable cards that can be put aside, the
  ``D - n T`` cards that no trick takes; times 2 between opposite seats if the profile says so),
  or a reversis, made (each other seat pays ``made``, the one opposite ``made_opposite``; a
  privileged player may pay it all alone) or broken (``broken`` or ``broken_by_quinola``, to one
  seat) — never both.
* *The pools* (the quinolas'): each quinola moves a pool once (when played, or at the end of a
  reversis), and a failed privilege may repay it once more. Fournier's basket: a placed quinola
  wins the basket and the beast in play, paid by its owner, so a seat wins at most the basket and
  the largest beast and pays at most the largest beast (a beast owed moves no counters); with
  more quinolas than one, a beast made during the hand is at most the basket plus the largest
  beast, and each further win is counted at that. English pots: a take or a remise moves at most
  the money in the pots, which a remise at most doubles, so with ``k`` such moves in a hand a seat
  wins or pays at most ``S (2^k - 1)`` in all, ``S`` the pots' money at the start and ``k`` two a
  quinola. Hoyle's pools: a quinola takes or pays its pool's value capped by the pool's ``cap``,
  and a failed espagnolette pays back what it took and as much again, so a seat wins or loses at
  most the cap of each quinola's pool.

So a seat's net lies between minus the sum of the largest losses of each group and the sum of the
largest gains.
"""

from __future__ import annotations

from reversis.profile import Profile
from reversis.stakes import BasketStakes, PoolStakes, PotStakes, Stakes

__all__ = ["reversis_bounds"]


def reversis_bounds(profile: Profile, stakes: Stakes) -> tuple[int, int]:
    """Bounds on any seat's net at the end of a hand of Reversis (see the module's docstring)."""
    rules = profile.compiled
    n = profile.players
    money = profile.money
    bonne = 2 if money is not None and money.bonne_tricks else 1
    doubles = money.opposite_doubles if money is not None and n == 4 else ()
    cards_factor = bonne * (2 if "cards" in doubles else 1)
    party_factor = 2 if "party" in doubles else 1
    # Card payments: each special card is played once (fournier-1785 §10).
    gain = loss = 0
    quinolas: list[str] = []
    for special in profile.specials:
        receive = max(
            special.placed,
            special.forced + (n - 2) * special.forced_others,
            special.led + (n - 2) * special.led_others,
            special.played,
        )
        pay = max(
            special.placed,
            special.forced,
            special.forced_others,
            special.led,
            special.led_others,
            special.played,
        )
        gain += len(special.cards) * receive * cards_factor
        loss += len(special.cards) * pay * cards_factor
        if special.pool:
            quinolas.extend(special.pool for _ in special.cards)
    privilege = profile.privilege
    if privilege is not None and "repays-double" in privilege.failure:
        loss += gain  # english §12: repays twice what it received
    # The end of the hand: the pot, or a reversis (fournier-1785 §7, §8).
    aside = len(profile.deck) - n * profile.tricks
    values = sorted((rules.pot_points[card.index] for card in profile.deck), reverse=True)
    pot = (rules.pot_bonus + sum(v for v in values[:aside] if v > 0)) * party_factor
    end_gain = end_loss = pot
    reversis = profile.reversis
    if reversis is not None:
        opposite = reversis.made_opposite if n == 4 else reversis.made
        made = (n - 2) * reversis.made + opposite if n == 4 else (n - 1) * reversis.made
        broken = max(reversis.broken, reversis.broken_by_quinola)
        alone = privilege is not None and privilege.pays_reversis_alone
        end_gain = max(end_gain, made, broken)
        end_loss = max(end_loss, made if alone else max(reversis.made, opposite), broken)
    # The pools (fournier-1785 §9, english §2 §10, hoyle §9).
    pool_gain, pool_loss = _pools(profile, stakes, quinolas)
    return -(loss + end_loss + pool_loss), gain + end_gain + pool_gain


def _pools(profile: Profile, stakes: Stakes, quinolas: list[str]) -> tuple[int, int]:
    q = len(quinolas)
    if not q:
        return 0, 0
    if isinstance(stakes, BasketStakes):
        beast = max((b.amount for b in stakes.beasts), default=0)
        if q == 1:
            return stakes.basket + beast, beast
        largest = stakes.basket + beast  # a beast made during the hand
        return q * (stakes.basket + largest), q * largest
    if isinstance(stakes, PotStakes):
        moves = 2 * q
        total = sum(stakes.pots) * (2**moves - 1)
        return total, total
    if isinstance(stakes, PoolStakes):
        caps = {pool.name: pool.cap for pool in profile.pools}
        total = sum(caps[name] for name in quinolas)
        return total, total
    return 0, 0  # pragma: no cover - a Reversis profile always has stakes
