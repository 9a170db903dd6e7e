"""The stakes between hands: antes, the stakes on an empty table, and sharing them at the end of a
match (fournier-1785 §2 §12, english §2 §14, hoyle §2 §13).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from reversis.games.payments import BASKET, POT, Payment
from reversis.profile import Profile
from reversis.profile.stakes import initial_stakes
from reversis.stakes import BasketStakes, NoStakes, PoolStakes, PotStakes, Stakes

__all__ = ["MatchPhase", "antes", "apply_payments", "empty_stakes", "is_empty", "share"]


class MatchPhase(enum.Enum):
    """Where a match stands."""

    #: The agreed hands are being played.
    PLAYING = "playing"
    #: After the last hand, stakes remain: the players who lost most choose to continue or share.
    DECIDING = "deciding"
    #: Hands go on without antes until the stakes are gone (Fournier §12, *continue*).
    CONTINUING = "continuing"
    #: The match is over.
    OVER = "over"

    def __str__(self) -> str:
        return self.value


def empty_stakes(profile: Profile) -> Stakes:
    """The stakes of ``profile`` when nothing is on the table."""
    first = initial_stakes(profile)
    if isinstance(first, NoStakes):
        return first
    if isinstance(first, BasketStakes):
        return BasketStakes(0, ())
    if isinstance(first, PotStakes):
        return PotStakes((), False)
    return PoolStakes(tuple((name, 0) for name, _ in first.pools))


def is_empty(stakes: Stakes) -> bool:
    """Whether nothing is left on the table."""
    if isinstance(stakes, BasketStakes):
        return stakes.basket == 0 and not stakes.beasts
    if isinstance(stakes, PotStakes):
        return not stakes.pots
    return stakes.pool_total == 0


def antes(
    profile: Profile, stakes: Stakes, dealer: int, continuing: bool
) -> tuple[tuple[Payment, ...], Stakes]:
    """The antes before a hand dealt by ``dealer``, and the stakes after them."""
    if isinstance(stakes, NoStakes):
        return (), stakes
    n = profile.players
    if isinstance(stakes, BasketStakes):
        assert profile.basket is not None
        if continuing:
            # fournier-1785 §12: while continuing, the dealer no longer adds 4 and nobody antes.
            return (), stakes
        rules = profile.basket
        payments: list[Payment] = []
        if stakes.basket == 0:
            # fournier-1785 §2: an empty basket (counters only; a beast does not count): everyone
            # antes as at the first hand.
            payments += [Payment(p, BASKET, rules.ante, "ante", None) for p in range(n)]
        # fournier-1785 §2: the dealer adds 4 before every hand, beast in play or not.
        payments.append(Payment(dealer, BASKET, rules.dealer_ante, "ante", None))
        payments = [p for p in payments if p.amount > 0]
        total = sum(p.amount for p in payments)
        return tuple(payments), BasketStakes(stakes.basket + total, stakes.beasts)
    if isinstance(stakes, PotStakes):
        assert profile.remise is not None
        remise = profile.remise
        if not stakes.pots:
            # english §2: no pot: a new pot 1, each non-dealer antes 5 and the dealer 10; a new cycle.
            payments = [
                Payment(
                    (dealer + k) % n,
                    POT,
                    remise.ante if k else remise.dealer_first_ante,
                    "ante",
                    None,
                )
                for k in (*range(1, n), 0)
            ]
            payments = [p for p in payments if p.amount > 0]
            return tuple(payments), PotStakes((sum(p.amount for p in payments),), False)
        # english §2: otherwise only the dealer antes 5, to the most recent pot.
        pots = (*stakes.pots[:-1], stakes.pots[-1] + remise.dealer_ante)
        payment = Payment(dealer, POT, remise.dealer_ante, "ante", None)
        return ((payment,) if payment.amount else ()), PotStakes(pots, stakes.cycle_remised)
    # hoyle §2: before every deal, for each pool: if it holds less than its stake, every player
    # puts in its ante; then the dealer adds his.
    payments = []
    amounts = dict(stakes.pools)
    for pool in profile.pools:
        if amounts[pool.name] < pool.stake:
            payments += [
                Payment((dealer + k) % n, pool.name, pool.ante, "ante", None)
                for k in range(1, n + 1)
            ]
        payments.append(Payment(dealer, pool.name, pool.dealer_ante, "ante", None))
    payments = [p for p in payments if p.amount > 0]
    for p in payments:
        amounts[str(p.payee)] += p.amount
    return tuple(payments), PoolStakes(tuple(amounts.items()))


def share(profile: Profile, stakes: Stakes, last_dealer: int) -> tuple[Payment, ...]:
    """The payments that share what is on the table equally among the players."""
    if isinstance(stakes, NoStakes):
        return ()
    if isinstance(stakes, BasketStakes):
        # fournier-1785 §12, share: each beast's owner pays its amount in; the basket is shared
        # equally, what does not divide handed out one at a time from the last dealer, then
        # against playing order [decision].
        payments = [Payment(b.owner, BASKET, b.amount, "beast", None) for b in stakes.beasts]
        total = stakes.basket + sum(b.amount for b in stakes.beasts)
        return (*payments, *_split(profile, BASKET, total, last_dealer))
    if isinstance(stakes, PotStakes):
        # english §14 [profile flag] leftover_pots = "share": the pots are shared equally.
        return tuple(_split(profile, POT, stakes.pool_total, last_dealer))
    # hoyle §13: each pool is shared equally.
    return tuple(
        p for name, amount in stakes.pools for p in _split(profile, name, amount, last_dealer)
    )


def _split(profile: Profile, account: str, total: int, last_dealer: int) -> list[Payment]:
    """``total`` from ``account`` shared equally; what does not divide goes one at a time in the
    order of the winning tie-break from the last dealer [decision]."""
    n = profile.players
    share, extra = divmod(total, n)
    offsets = profile.outcome.winner_order if profile.outcome else range(n)
    order = [(last_dealer + offset) % n for offset in offsets]
    amounts = {seat: share + (1 if k < extra else 0) for k, seat in enumerate(order)}
    return [
        Payment(account, seat, amounts[seat], "share", None) for seat in range(n) if amounts[seat]
    ]


def apply_payments(bankrolls: tuple[int, ...], payments: Sequence[Payment]) -> tuple[int, ...]:
    """Each seat's counters after ``payments``."""
    out = list(bankrolls)
    for p in payments:
        if type(p.payer) is int:
            out[p.payer] -= p.amount
        if type(p.payee) is int:
            out[p.payee] += p.amount
    return tuple(out)
