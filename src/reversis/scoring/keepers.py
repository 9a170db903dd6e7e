"""The keepers of the stakes while a hand is settled: the basket and its beasts, the English pots,
Hoyle's pools (fournier-1785 §9, english §2 §10, hoyle §2 §9) (internal).

A keeper starts from the stakes at the start of play, moves money as the cards say (``won``,
``owed``), can be undone, and gives the stakes after the hand.
"""

from __future__ import annotations

from reversis.profile import Profile
from reversis.scoring.payments import BASKET, POT, Payment
from reversis.stakes import BasketStakes, Beast, PoolStakes, PotStakes, Stakes

__all__ = ["Keeper", "keeper_of"]

#: The payments as they are worked out.
Entry = Payment
_new_tuple = tuple.__new__


class _Basket:
    """Fournier's basket and beast sheet (fournier-1785 §9)."""

    __slots__ = ("basket", "beasts", "moved", "start")

    def __init__(self, stakes: BasketStakes) -> None:
        self.start = stakes
        self.basket = stakes.basket
        self.beasts: list[Beast] = list(stakes.beasts)
        #: Whether anything moved since the start (else the stakes after are those at the start).
        self.moved = False

    def won(self, seat: int, trick: int | None, out: list[Entry], _pool: str) -> None:
        # fournier-1785 §9: placing the Quinola wins the basket's counters, plus the beast in play,
        # which its owner pays to the winner (crossed out if the winner owns it).
        if self.basket:
            out.append(_new_tuple(Payment, (BASKET, seat, self.basket, "basket", trick)))
            self.basket = 0
            self.moved = True
        for i, beast in enumerate(self.beasts):
            if beast.in_play:
                self.moved = True
                if beast.owner != seat:
                    out.append(
                        _new_tuple(Payment, (beast.owner, seat, beast.amount, "beast", trick))
                    )
                del self.beasts[i]
                if self.beasts:
                    # the most recently recorded beast is put in play next
                    last = self.beasts[-1]
                    self.beasts[-1] = Beast(last.owner, last.amount, True)
                break

    def owed(self, seat: int, trick: int | None, out: list[Entry], _pool: str, _led: bool) -> None:
        # fournier-1785 §9: a forced or led Quinola owes a beast of the basket's amount (its counters
        # plus the beast in play); in play at once if no beast is recorded. No counters move.
        in_play = next((b.amount for b in self.beasts if b.in_play), 0)
        amount = self.basket + in_play
        if amount:
            self.beasts.append(Beast(seat, amount, not self.beasts))
            self.moved = True

    def undo(self, payment: Payment) -> None:  # pragma: no cover - no basket profile uses it
        raise AssertionError("the basket's moves are undone by restoring it")

    def give_back(self, payment: Payment) -> None:  # pragma: no cover - no basket profile uses it
        raise AssertionError("the basket is not given back")

    def stakes(self) -> BasketStakes:
        if not self.moved:
            return self.start
        return BasketStakes(self.basket, tuple(self.beasts))


class _Pots:
    """The English chain of remise pots (english §2, §10)."""

    __slots__ = ("cycle_remised", "led_remise", "pots", "start")

    def __init__(self, stakes: PotStakes, led_remise: bool) -> None:
        self.start = stakes
        self.pots = list(stakes.pots)
        self.cycle_remised = stakes.cycle_remised
        self.led_remise = led_remise

    def won(self, seat: int, trick: int | None, out: list[Entry], _pool: str) -> None:
        # english §9: a placed J♥ takes the most recent pot at once.
        if self.pots:
            out.append(_new_tuple(Payment, (POT, seat, self.pots.pop(), "pot_taken", trick)))

    def owed(self, seat: int, trick: int | None, out: list[Entry], _pool: str, led: bool) -> None:
        # english §9: a forced J♥ pays a remise at once, a led one at the end of its trick
        # [profile flag]; english §2: the remise is the most recent pot, added to pot 1 if the
        # cycle has had no remise yet, else forming a new pot.
        if (led and not self.led_remise) or not self.pots:
            return
        amount = self.pots[-1]
        if self.cycle_remised:
            self.pots.append(amount)
        else:
            self.pots[0] += amount
            self.cycle_remised = True
        out.append(_new_tuple(Payment, (seat, POT, amount, "remise", trick)))

    def undo(self, payment: Payment) -> None:  # pragma: no cover - no pot profile uses it
        raise AssertionError("the pots' moves are undone by restoring them")

    def give_back(self, payment: Payment) -> None:
        # english §12: a failed espagnolette returns the pot it took (the pot list restored).
        self.pots.append(payment.amount)

    def stakes(self) -> PotStakes:
        start = self.start
        if self.cycle_remised == start.cycle_remised and tuple(self.pots) == start.pots:
            return start
        return PotStakes(tuple(self.pots), self.cycle_remised)


class _Pools:
    """Hoyle's quinola pools, each tied to its quinola (hoyle §2, §9)."""

    __slots__ = ("amounts", "caps", "start")

    def __init__(self, stakes: PoolStakes, caps: dict[str, int]) -> None:
        self.start = stakes
        self.amounts = dict(stakes.pools)
        self.caps = caps

    def won(self, seat: int, trick: int | None, out: list[Entry], pool: str) -> None:
        # hoyle §9: a placed quinola takes its pool's value, at most the cap (100 or 50).
        value = min(self.amounts[pool], self.caps[pool])
        if value:
            self.amounts[pool] -= value
            out.append(_new_tuple(Payment, (pool, seat, value, "pool", trick)))

    def owed(self, seat: int, trick: int | None, out: list[Entry], pool: str, _led: bool) -> None:
        # hoyle §9: forced, played or led, it pays the pool's value in, at most the cap.
        value = min(self.amounts[pool], self.caps[pool])
        if value:
            self.amounts[pool] += value
            out.append(_new_tuple(Payment, (seat, pool, value, "pool", trick)))

    def undo(self, payment: Payment) -> None:
        """Take back a pool payment or take that is removed from the list."""
        if isinstance(payment.payee, str):
            self.amounts[payment.payee] -= payment.amount
        else:
            assert isinstance(payment.payer, str)
            self.amounts[payment.payer] += payment.amount

    def give_back(self, payment: Payment) -> None:
        self.undo(payment)

    def stakes(self) -> PoolStakes:
        pools = tuple(self.amounts.items())
        return self.start if pools == self.start.pools else PoolStakes(pools)


#: A keeper of any mechanism.
Keeper = _Basket | _Pots | _Pools


def keeper_of(profile: Profile, stakes: Stakes) -> Keeper:
    """The keeper of ``stakes`` for ``profile``'s mechanism."""
    if isinstance(stakes, BasketStakes):
        return _Basket(stakes)
    if isinstance(stakes, PotStakes):
        assert profile.remise is not None
        return _Pots(stakes, profile.remise.led_quinola_remise)
    assert isinstance(stakes, PoolStakes)
    return _Pools(stakes, {p.name: p.cap for p in profile.pools})
