"""The keepers of the stakes while a hand is settled: the basket and its beasts, the English pots,
Hoyle's pools (fournier-1785 §9, english §2 §10, hoyle §2 §9) (internal).

A keeper starts from the stakes at the start of play, moves money as the cards say (``won``,
``owed``), can be undone, and gives the stakes after the hand.
"""

from __future__ import annotations

from reversis.games.payments import BASKET, POT, Payment
from reversis.profile import Profile
from reversis.stakes import BasketStakes, Beast, PoolStakes, PotStakes, Stakes

__all__ = ["BasketKeeper", "Keeper", "PoolsKeeper", "PotsKeeper", "keeper_of"]


class BasketKeeper:
    """Fournier's basket and beast sheet (fournier-1785 §9)."""

    __slots__ = ("basket", "beasts", "moved", "start")

    def __init__(self, stakes: BasketStakes) -> None:
        self.start = stakes
        self.basket = stakes.basket
        self.beasts: list[Beast] = list(stakes.beasts)
        #: Whether anything moved since the start (else the stakes after are those at the start).
        self.moved = False

    def won(self, seat: int, trick: int | None, out: list[Payment], _pool: str) -> None:
        """``seat`` placed the quinola: it wins the basket's counters, plus the beast in play, which
        its owner pays to the winner (crossed out if the winner owns it) (fournier-1785 §9)."""
        if self.basket:
            out.append(Payment(BASKET, seat, self.basket, "basket", trick))
            self.basket = 0
            self.moved = True
        for i, beast in enumerate(self.beasts):
            if beast.in_play:
                self.moved = True
                if beast.owner != seat:
                    out.append(Payment(beast.owner, seat, beast.amount, "beast", trick))
                del self.beasts[i]
                if self.beasts:
                    # the most recently recorded beast is put in play next
                    last = self.beasts[-1]
                    self.beasts[-1] = Beast(last.owner, last.amount, True)
                break

    def owed(
        self, seat: int, trick: int | None, out: list[Payment], _pool: str, _led: bool
    ) -> None:
        """``seat``'s quinola was forced or led: it owes a beast of the basket's amount (its
        counters plus the beast in play), in play at once if no beast is recorded; no counters
        move (fournier-1785 §9)."""
        in_play = next((b.amount for b in self.beasts if b.in_play), 0)
        amount = self.basket + in_play
        if amount:
            self.beasts.append(Beast(seat, amount, not self.beasts))
            self.moved = True

    def undo(self, payment: Payment) -> None:  # pragma: no cover - no basket profile uses it
        """Not used: the basket's moves are undone by restoring it."""
        raise AssertionError("the basket's moves are undone by restoring it")

    def give_back(self, payment: Payment) -> None:  # pragma: no cover - no basket profile uses it
        """Not used: the basket is not given back."""
        raise AssertionError("the basket is not given back")

    def stakes(self) -> BasketStakes:
        """The basket and beasts after the hand (the stakes at the start if nothing moved)."""
        if not self.moved:
            return self.start
        return BasketStakes(self.basket, tuple(self.beasts))


class PotsKeeper:
    """The English chain of remise pots (english §2, §10)."""

    __slots__ = ("cycle_remised", "led_remise", "pots", "start")

    def __init__(self, stakes: PotStakes, led_remise: bool) -> None:
        self.start = stakes
        self.pots = list(stakes.pots)
        self.cycle_remised = stakes.cycle_remised
        self.led_remise = led_remise

    def won(self, seat: int, trick: int | None, out: list[Payment], _pool: str) -> None:
        """``seat`` placed the J♥: it takes the most recent pot at once (english §9)."""
        if self.pots:
            out.append(Payment(POT, seat, self.pots.pop(), "pot_taken", trick))

    def owed(self, seat: int, trick: int | None, out: list[Payment], _pool: str, led: bool) -> None:
        """``seat``'s J♥ was forced (or led): it pays a remise (english §9; a led one only where
        the profile says so, at the end of its trick [profile flag]), the most recent pot, added
        to pot 1 if the cycle has had no remise yet, else forming a new pot (english §2)."""
        if (led and not self.led_remise) or not self.pots:
            return
        amount = self.pots[-1]
        if self.cycle_remised:
            self.pots.append(amount)
        else:
            self.pots[0] += amount
            self.cycle_remised = True
        out.append(Payment(seat, POT, amount, "remise", trick))

    def undo(self, payment: Payment) -> None:  # pragma: no cover - no pot profile uses it
        """Not used: the pots' moves are undone by restoring them."""
        raise AssertionError("the pots' moves are undone by restoring them")

    def give_back(self, payment: Payment) -> None:
        """A failed espagnolette returns the pot it took (english §12)."""
        self.pots.append(payment.amount)

    def stakes(self) -> PotStakes:
        """The pots after the hand (the stakes at the start if nothing moved)."""
        start = self.start
        if self.cycle_remised == start.cycle_remised and tuple(self.pots) == start.pots:
            return start
        return PotStakes(tuple(self.pots), self.cycle_remised)


class PoolsKeeper:
    """Hoyle's quinola pools, each tied to its quinola (hoyle §2, §9)."""

    __slots__ = ("amounts", "caps", "start")

    def __init__(self, stakes: PoolStakes, caps: dict[str, int]) -> None:
        self.start = stakes
        self.amounts = dict(stakes.pools)
        self.caps = caps

    def won(self, seat: int, trick: int | None, out: list[Payment], pool: str) -> None:
        """``seat`` placed a quinola: it takes its pool's value, at most the cap (hoyle §9)."""
        value = min(self.amounts[pool], self.caps[pool])
        if value:
            self.amounts[pool] -= value
            out.append(Payment(pool, seat, value, "pool", trick))

    def owed(self, seat: int, trick: int | None, out: list[Payment], pool: str, _led: bool) -> None:
        """``seat``'s quinola was forced, played or led: it pays the pool's value in, at most the
        cap (hoyle §9)."""
        value = min(self.amounts[pool], self.caps[pool])
        if value:
            self.amounts[pool] += value
            out.append(Payment(seat, pool, value, "pool", trick))

    def undo(self, payment: Payment) -> None:
        """Take back a pool payment or take that is removed from the list."""
        if isinstance(payment.payee, str):
            self.amounts[payment.payee] -= payment.amount
        else:
            assert isinstance(payment.payer, str)
            self.amounts[payment.payer] += payment.amount

    def give_back(self, payment: Payment) -> None:
        """A pool payment returned (hoyle §12): as :meth:`undo`."""
        self.undo(payment)

    def stakes(self) -> PoolStakes:
        """The pools after the hand (the stakes at the start if nothing moved)."""
        pools = tuple(self.amounts.items())
        return self.start if pools == self.start.pools else PoolStakes(pools)


#: A keeper of any mechanism.
Keeper = BasketKeeper | PotsKeeper | PoolsKeeper


def keeper_of(profile: Profile, stakes: Stakes) -> Keeper:
    """The keeper of ``stakes`` for ``profile``'s mechanism."""
    if isinstance(stakes, BasketStakes):
        return BasketKeeper(stakes)
    if isinstance(stakes, PotStakes):
        assert profile.remise is not None
        return PotsKeeper(stakes, profile.remise.led_quinola_remise)
    assert isinstance(stakes, PoolStakes)
    return PoolsKeeper(stakes, {p.name: p.cap for p in profile.pools})
