"""Settlement: what a hand's play means in money.

:func:`settle` is a pure function of a hand (and the stakes it started with, which the hand carries):

    >>> import random
    >>> from reversis import load_profile, new_hand, settle
    >>> hand = new_hand(load_profile(), seed=7)
    >>> rng = random.Random(1)
    >>> while not hand.is_over:
    ...     hand = hand.apply(rng.choice(hand.legal_moves()))
    >>> result = settle(hand)
    >>> result.payments[2]
    Payment(payer=0, payee=1, amount=9, reason='pot', trick=None)
    >>> result.net, result.stakes.to_dict()
    ((-14, 16, 0, -2), {'basket': 20, 'beasts': [{'owner': 2, 'amount': 20, 'in_play': True}]})

It works on an unfinished hand too, giving the payments that stand so far (those of the completed
tricks), so that a front-end can show them live.

A payment is ``Payment(payer, payee, amount, reason, trick)``; ``payer`` and ``payee`` are seats or a
pool's account (``"basket"`` for Fournier). ``trick`` is the 1-based trick of the card that caused it
(led payments too, though they are made at the end of the hand), ``None`` for the pot, and for the
reversis (and the basket and beast a made reversis wins) the deciding trick. Payments of 0 are not
listed, nor those that a committed reversis cancels; the events say that it was committed.

Reasons (Fournier): ``ace_placed``, ``ace_forced``, ``ace_led``, ``quinola_placed``,
``quinola_forced``, ``quinola_consolation``, ``quinola_led``, ``basket``, ``beast``, ``pot``,
``reversis_made``, ``reversis_broken``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs

from reversis import jsonio
from reversis.errors import ArgumentError, RecordError, StakesError
from reversis.hand import _AUX, _BREAKER, _FACTS, _POT, _PSEAT, _PUSED, _REV, _TRICKS, Hand
from reversis.profile import Profile
from reversis.rules import Rules
from reversis.stakes import (
    BasketStakes,
    Beast,
    PoolStakes,
    PotStakes,
    Stakes,
    parse_stakes,
    stakes_from_dict,
)

__all__ = ["Payment", "Settlement", "settle"]

#: The account of Fournier's basket.
BASKET = "basket"
#: The account of the English pots (the pot list as one account).
POT = "pot"

_new_tuple = tuple.__new__


class Payment(NamedTuple):
    """One payment: ``payer`` gives ``amount`` to ``payee`` for ``reason``, on ``trick`` (1-based) or
    ``None``. Payer and payee are seats or the name of a pool account (``"basket"``).

    An immutable value (a named tuple, for speed).
    """

    payer: int | str
    payee: int | str
    amount: int
    reason: str
    trick: int | None

    def to_dict(self) -> dict[str, Any]:
        """The payment as plain data: ``{"payer": 1, "payee": "basket", "amount": 4, ...}``."""
        return {
            "payer": self.payer,
            "payee": self.payee,
            "amount": self.amount,
            "reason": self.reason,
            "trick": self.trick,
        }

    @classmethod
    def from_dict(cls, data: Any, what: str = "payment") -> Payment:
        """A payment from :meth:`to_dict`'s data (:class:`~reversis.RecordError` if malformed)."""
        keys = ["payer", "payee", "amount", "reason", "trick"]
        jsonio.table(data, what, keys)
        parties: list[int | str] = []
        for key in ("payer", "payee"):
            value = data[key]
            if isinstance(value, str):
                parties.append(jsonio.text(value, f"{what}.{key}", 40))
            else:
                parties.append(jsonio.integer(value, f"{what}.{key}", 0, 7))
        if parties[0] == parties[1]:
            raise RecordError(f"{what}: the payer and the payee are the same")
        return cls(
            parties[0],
            parties[1],
            jsonio.integer(data["amount"], f"{what}.amount", 1, jsonio.MAX_MONEY),
            jsonio.text(data["reason"], f"{what}.reason", 40),
            jsonio.optional_integer(data["trick"], f"{what}.trick", 1, 100),
        )


@attrs.frozen
class Settlement:
    """The money of a hand: the standing ``payments`` in order, the ``net`` per seat (antes excluded),
    the ``stakes`` after the hand, and whether the hand is ``final`` (over)."""

    payments: tuple[Payment, ...]
    net: tuple[int, ...]
    stakes: Stakes
    final: bool

    def paid_by(self, account: int | str) -> tuple[Payment, ...]:
        """The payments a seat (or a pool) made."""
        return tuple(p for p in self.payments if p.payer == account)

    def received_by(self, account: int | str) -> tuple[Payment, ...]:
        """The payments a seat (or a pool) received."""
        return tuple(p for p in self.payments if p.payee == account)

    def to_dict(self) -> dict[str, Any]:
        """The settlement as plain data (with ``"schema": 1``)."""
        return {
            "schema": jsonio.SCHEMA,
            "type": "settlement",
            "payments": [p.to_dict() for p in self.payments],
            "net": list(self.net),
            "stakes": self.stakes.to_dict(),
            "final": self.final,
        }

    @classmethod
    def from_dict(cls, data: Any, *, profile: Profile | None = None) -> Settlement:
        """A settlement from :meth:`to_dict`'s data; :class:`~reversis.RecordError` if malformed or
        inconsistent.

        Valid means: 3 to 8 seats in ``net``; every payment positive, between two different
        parties, each a seat of the table or a pool's account; ``net`` exactly what the payments
        give each seat; valid stakes. With ``profile``, also: as many seats as the profile has, the
        accounts and tricks of the profile, and stakes of its mechanism.
        """
        jsonio.table(data, "settlement", ["payments", "net", "stakes", "final"])
        jsonio.of_type(data, "settlement", "settlement")
        payments = jsonio.listed(data["payments"], "settlement.payments", Payment.from_dict, 10_000)
        net = jsonio.listed(data["net"], "settlement.net", jsonio.money, 8)
        n = len(net)
        if not 3 <= n <= 8 or (profile is not None and n != profile.players):
            raise RecordError(f"settlement.net: {n} seats is not the table's number of players")
        accounts = set(profile_accounts(profile)) if profile is not None else None
        sums = [0] * n
        for i, p in enumerate(payments):
            for party in (p.payer, p.payee):
                if isinstance(party, int) and party >= n:
                    raise RecordError(f"settlement.payments[{i}]: {party} is not a seat")
                if isinstance(party, str) and accounts is not None and party not in accounts:
                    raise RecordError(
                        f"settlement.payments[{i}]: {party[:40]!r} is not an account of the profile"
                    )
            if profile is not None and p.trick is not None and p.trick > profile.tricks:
                raise RecordError(f"settlement.payments[{i}].trick: no trick {p.trick}")
            if isinstance(p.payer, int):
                sums[p.payer] -= p.amount
            if isinstance(p.payee, int):
                sums[p.payee] += p.amount
        if tuple(sums) != net:
            raise RecordError(f"settlement.net: {list(net)} is not what the payments give ({sums})")
        if profile is not None:
            try:
                stakes = parse_stakes(profile, data["stakes"], at_start=False)
            except StakesError as exc:
                raise RecordError(f"settlement.stakes: {exc}") from None
        else:
            stakes = stakes_from_dict(data["stakes"], "settlement.stakes")
        return cls(payments, net, stakes, jsonio.boolean(data["final"], "settlement.final"))

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return jsonio.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str, *, profile: Profile | None = None) -> Settlement:
        """A settlement from :meth:`to_json`'s text (see :meth:`from_dict`)."""
        return cls.from_dict(jsonio.loads(text, "settlement"), profile=profile)


#: The payments as they are worked out.
Entry = Payment


def profile_accounts(profile: Profile) -> tuple[str, ...]:
    """The accounts other than seats that a payment of ``profile`` may name: ``basket`` (Fournier),
    ``pot`` (the English pots) or the pools' names (Hoyle)."""
    if profile.basket is not None:
        return (BASKET,)
    if profile.remise is not None:
        return (POT,)
    return tuple(pool.name for pool in profile.pools)


class _Basket:
    """Fournier's basket and beast sheet (fournier-1785 §9)."""

    __slots__ = ("basket", "beasts", "start")

    def __init__(self, stakes: BasketStakes) -> None:
        self.start = stakes
        self.basket = stakes.basket
        self.beasts: list[Beast] = list(stakes.beasts)

    def restore(self) -> None:
        self.basket = self.start.basket
        self.beasts = list(self.start.beasts)

    def won(self, seat: int, trick: int | None, out: list[Entry], _pool: str) -> None:
        # fournier-1785 §9: placing the Quinola wins the basket's counters, plus the beast in play,
        # which its owner pays to the winner (crossed out if the winner owns it).
        if self.basket:
            out.append(_new_tuple(Payment, (BASKET, seat, self.basket, "basket", trick)))
            self.basket = 0
        for i, beast in enumerate(self.beasts):
            if beast.in_play:
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

    def undo(self, payment: Payment) -> None:  # pragma: no cover - no basket profile uses it
        raise AssertionError("the basket's moves are undone by restoring it")

    def give_back(self, payment: Payment) -> None:  # pragma: no cover - no basket profile uses it
        raise AssertionError("the basket is not given back")

    def stakes(self) -> BasketStakes:
        start = self.start
        if (
            self.basket == start.basket
            and len(self.beasts) == len(start.beasts)
            and all(a is b for a, b in zip(self.beasts, start.beasts, strict=True))
        ):
            return start
        return BasketStakes(self.basket, tuple(self.beasts))


class _Pots:
    """The English chain of remise pots (english §2, §10)."""

    __slots__ = ("cycle_remised", "led_remise", "pots", "start")

    def __init__(self, stakes: PotStakes, led_remise: bool) -> None:
        self.start = stakes
        self.pots = list(stakes.pots)
        self.cycle_remised = stakes.cycle_remised
        self.led_remise = led_remise

    def restore(self) -> None:
        self.pots = list(self.start.pots)
        self.cycle_remised = self.start.cycle_remised

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

    def restore(self) -> None:
        self.amounts = dict(self.start.pools)

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


_Keeper = _Basket | _Pots | _Pools


def _pool_keeper(profile: Profile, stakes: Stakes) -> _Keeper:
    if isinstance(stakes, BasketStakes):
        return _Basket(stakes)
    if isinstance(stakes, PotStakes):
        assert profile.remise is not None
        return _Pots(stakes, profile.remise.led_quinola_remise)
    assert isinstance(stakes, PoolStakes)
    return _Pools(stakes, {p.name: p.cap for p in profile.pools})


def settle(hand: Hand) -> Settlement:
    """The payments of ``hand`` so far (all of them once it is over), the net per seat and the stakes
    after it. A pure function of the hand; see the module's docstring."""
    if not isinstance(hand, Hand):
        raise ArgumentError(f"settle() needs a Hand, not {type(hand).__name__}")
    s = hand._s
    deal = s[0]
    rules: Rules = deal.rules
    n = rules.players
    tricks = s[_TRICKS]
    rev: int = s[_AUX][_REV]
    over = s[3] < 0
    commit = rules.commit
    pool = _pool_keeper(deal.profile, deal.stakes)
    entries: list[Entry] = []
    # (seat, amount, reason, trick, each other's amount, its reason) owed to the pot winner
    owed: list[tuple[int, int, str, int, int, str]] = []
    # (pool, trick) of the quinolas the reversis player played otherwise than placed
    reversis_pools: list[tuple[str, int]] = []

    start, stop = 0, len(tricks)
    if rev >= 0:
        reversis = deal.profile.reversis
        # fournier-1785 §8: after commitment, aces and the Quinola are ordinary cards
        # (hoyle §11 [profile flag]: their consolations may still be paid).
        stop = len(tricks) if reversis.final_tricks_pay else commit
        if reversis.undo == "all":
            # fournier-1785 §8: once committed, every ace and Quinola payment of tricks 1-9 is
            # cancelled (the basket and beasts as at the start); led payments lapse.
            start = commit
            for index in range(commit):
                leader, bits = tricks[index][0], tricks[index][1]
                for position, bit in enumerate(bits):
                    pool_name = rules.pool_of[bit]
                    if pool_name and (leader + position) % n == rev:
                        reversis_pools.append((pool_name, index + 1))

    # The ace and quinola payments of the tricks, and their pool moves (fournier-1785 §9, §10).
    special_mask = rules.special_mask
    specials = rules.specials
    reasons = rules.reasons
    bonne = rules.bonne
    opposite = rules.opposite_cards
    for index in range(start, stop):
        if not tricks[index][3] & special_mask:
            continue
        leader, bits, taker, _ = tricks[index]
        trick = index + 1
        double = bonne[trick]
        pools_move = rev < 0 or trick <= commit
        led_suit = bits[0] >> 4
        for position, bit in enumerate(bits):
            special = specials[bit]
            if special is None:
                continue
            reason = reasons[bit]
            assert reason is not None
            seat = leader + position
            if seat >= n:
                seat -= n
            pool_name = special.pool if pools_move else ""
            if position == 0:
                # fournier-1785 §10: led, the player pays the pot winner at the end of the hand.
                owed.append(
                    (seat, special.led * double, reason[3], trick, special.led_others * double,
                     reason[2])
                )  # fmt: skip
                if pool_name:
                    pool.owed(seat, trick, entries, pool_name, True)
            elif bit >> 4 != led_suit:
                # fournier-1785 §10: placed, the taker of the trick pays the player.
                amount = special.placed * double
                if opposite and (taker - seat) % 4 == 2:
                    amount *= 2
                if amount:
                    entries.append(_new_tuple(Payment, (taker, seat, amount, reason[0], trick)))
                if pool_name:
                    pool.won(seat, trick, entries, pool_name)
            elif rules.only_card_forced and _held_another(hand, seat, bit, index):
                # hoyle §6: played, holding another card of the suit led: pays the party winner.
                owed.append((seat, special.played * double, reason[4], trick, 0, reason[2]))
                if pool_name:
                    pool.owed(seat, trick, entries, pool_name, False)
            else:
                # fournier-1785 §10: forced, the player pays the leader, and each other player
                # consoles the leader.
                amount = special.forced * double
                if opposite and (leader - seat) % 4 == 2:
                    amount *= 2
                if amount:
                    entries.append(_new_tuple(Payment, (seat, leader, amount, reason[1], trick)))
                if special.forced_others:
                    for k in range(1, n):
                        other = (leader + k) % n
                        if other != seat:
                            amount = special.forced_others * double
                            if opposite and (leader - other) % 4 == 2:
                                amount *= 2
                            entries.append(
                                _new_tuple(Payment, (other, leader, amount, reason[2], trick))
                            )
                if pool_name:
                    pool.owed(seat, trick, entries, pool_name, False)

    if rev >= 0 and deal.profile.reversis.undo == "others-pools":
        # hoyle §11: at commitment, every pool take or payment of tricks 1-9 by a player other
        # than the reversis player is reversed; his stand (a made reversis returns them).
        for payment in [p for p in entries if p.reason == "pool" and rev not in (p.payer, p.payee)]:
            entries.remove(payment)
            pool.undo(payment)
        reversis_pools = [
            (str(p.payee), p.trick or 0) for p in entries if p.reason == "pool" and p.payer == rev
        ]

    if over:
        if rev >= 0:
            _reversis(hand, pool, entries, rev, reversis_pools)
        else:
            _party(hand, pool, entries, owed)

    net = [0] * n
    listed: list[Payment] = []
    for entry in entries:
        payer, payee, amount, _, _ = entry
        if not amount:
            continue  # fournier-1785 §10 "Payments as data": payments of 0 are not listed
        listed.append(entry)
        if type(payer) is int:
            net[payer] -= amount
        if type(payee) is int:
            net[payee] += amount
    return Settlement(tuple(listed), tuple(net), pool.stakes(), over)


def _party(
    hand: Hand,
    pool: _Keeper,
    out: list[Entry],
    owed: list[tuple[int, int, str, int, int, str]],
) -> None:
    """The end of an ordinary hand: the pot, the payments owed to its winner, and a failed
    privilege's settlement."""
    s = hand._s
    rules: Rules = s[0].rules
    n = rules.players
    over = s[_FACTS][-1]
    winner, loser = over[1], over[2]
    opposite = rules.opposite_cards
    # fournier-1785 §7: the loser pays the value of the pot to the winner.
    pot = s[_AUX][_POT]
    amount = rules.pot_bonus
    for value, mask in rules.pot_groups:
        amount += value * (pot & mask).bit_count()
    if rules.opposite_party and (winner - loser) % 4 == 2:
        amount *= 2
    out.append(_new_tuple(Payment, (loser, winner, amount, rules.pot_reason, None)))
    aux = s[_AUX]
    if aux[_PUSED] and over[4][aux[_PSEAT]]:
        _failed_privilege(hand, pool, out, aux[_PSEAT])
    if not rules.claim_led:
        return
    # fournier-1785 §10: led payments go to the pot winner (claimed [profile flag]), not from
    # the winner himself.
    for seat, amount, reason, trick, others, others_reason in owed:
        if seat == winner:
            continue
        if amount:
            factor = 2 if opposite and (winner - seat) % 4 == 2 else 1
            out.append(_new_tuple(Payment, (seat, winner, amount * factor, reason, trick)))
        if others:
            for k in range(1, n):
                other = (winner + k) % n
                if other != seat:
                    factor = 2 if opposite and (winner - other) % 4 == 2 else 1
                    out.append(
                        _new_tuple(Payment, (other, winner, others * factor, others_reason, trick))
                    )


def _failed_privilege(hand: Hand, pool: _Keeper, out: list[Entry], seat: int) -> None:
    """A player who used the privilege and took a trick: fournier-1785 §11 loses the pot, which
    the outcome already says; english §12 and hoyle §12 go further, as the profile says."""
    profile = hand.profile
    privilege = profile.privilege
    assert privilege is not None
    failure = privilege.failure
    n = profile.players
    if "repays-double" in failure:
        # english §12: he pays back to each player double what that player paid him for aces and
        # the J♥ in this hand, every kind [decision].
        card_reasons = {r for rs in profile._rules.reasons if rs is not None for r in rs}
        paid = [0] * n
        for p in out:
            if p.payee == seat and p.reason in card_reasons and isinstance(p.payer, int):
                paid[p.payer] += p.amount
        for k in range(1, n):
            other = (seat + k) % n
            if paid[other]:
                repaid = (seat, other, 2 * paid[other], "espagnolette_repaid", None)
                out.append(_new_tuple(Payment, repaid))
    if "returns-placed" in failure:
        # hoyle §12 (b): he returns every consolation received for the aces and quinolas he
        # placed, keeping those received as forcer [decision].
        for payment in [p for p in out if p.payee == seat and p.reason.endswith("_placed")]:
            out.remove(payment)
    if "repays-pools" in failure:
        # hoyle §12 (c): for each quinola he placed, he returns its pool value and pays the same
        # again into that pool.
        assert isinstance(pool, _Pools)
        for payment in [p for p in out if p.reason == "pool" and p.payee == seat]:
            out.remove(payment)
            pool.give_back(payment)
            assert isinstance(payment.payer, str)
            pool.amounts[payment.payer] += payment.amount
            out.append(_new_tuple(Payment, (seat, payment.payer, payment.amount, "pool", None)))
    if "returns-pot" in failure:
        # english §12: he returns a pot he took (the pot list restored), then pays a remise.
        taken = [p for p in out if p.reason == "pot_taken" and p.payee == seat]
        for payment in taken:
            out.remove(payment)
            pool.give_back(payment)
        if taken:
            pool.owed(seat, None, out, POT, False)


def _reversis(
    hand: Hand, pool: _Keeper, out: list[Entry], rev: int, reversis_pools: list[tuple[str, int]]
) -> None:
    """The end of a hand with a reversis committed: made or broken."""
    profile = hand.profile
    rules = profile.reversis
    n = profile.players
    s = hand._s
    tricks = s[_TRICKS]
    aux = s[_AUX]
    breaker: int = aux[_BREAKER]
    privileged: int = aux[_PSEAT] if aux[_PUSED] else -1
    if breaker < 0:
        trick = len(tricks)
        if rules.undo == "others-pools":
            # hoyle §11: made, every consolation the reversis player paid is returned to him, and
            # the pool value he paid for each quinola comes back to him.
            card_reasons = {r for rs in profile._rules.reasons if rs is not None for r in rs}
            for payment in [p for p in out if p.payer == rev]:
                if payment.reason in card_reasons:
                    out.remove(payment)
                elif payment.reason == "pool":
                    out.remove(payment)
                    pool.undo(payment)
        # fournier-1785 §8: the reversis player who played the Quinola led or forced before
        # committing also wins the basket, with the beast in play, as they stood at the start
        # (english §11: the most recent pot; hoyle §11: each quinola's pool value, as if placed).
        for name, _ in reversis_pools:
            pool.won(rev, trick, out, name)
        if privileged >= 0 and privileged != rev:
            # fournier-1785 §11: a four-aces player who used the privilege pays it alone.
            total = sum(_made(profile, rev, p) for p in range(n) if p != rev)
            out.append(_new_tuple(Payment, (privileged, rev, total, "reversis_made", trick)))
        else:
            for k in range(1, n):
                p = (rev + k) % n
                out.append(
                    _new_tuple(Payment, (p, rev, _made(profile, rev, p), "reversis_made", trick))
                )
        return
    trick = next(i + 1 for i, t in enumerate(tricks) if i + 1 > rules.commit and t[2] != rev)
    leader, bits = tricks[trick - 1][0], tricks[trick - 1][1]
    winning = bits[(breaker - leader) % n]
    quinola = profile._rules.quinola_mask >> winning & 1
    # fournier-1785 §8: broken, the reversis player pays the breaker, and nobody else.
    amount = rules.broken_by_quinola if quinola else rules.broken
    out.append(_new_tuple(Payment, (rev, breaker, amount, "reversis_broken", trick)))
    if rules.undo == "all":
        # ... and owes a beast for a Quinola he played led or forced before committing (english
        # §11: pays a remise); hoyle §11: what he paid into the pools stands.
        for name, _ in reversis_pools:
            pool.owed(rev, trick, out, name, False)


def _made(profile: Profile, rev: int, payer: int) -> int:
    rules = profile.reversis
    if profile.players == 4 and (payer - rev) % 4 == 2:
        return rules.made_opposite
    return rules.made


def _held_another(hand: Hand, seat: int, bit: int, index: int) -> bool:
    """Whether ``seat`` held another card of ``bit``'s suit when it played it on trick ``index``."""
    s = hand._s
    rules: Rules = s[0].rules
    suit = rules.suit_masks[bit >> 4]
    n = rules.players
    later = s[1] >> (seat << 6) & ((1 << 64) - 1)  # the cards it still holds
    for leader, bits, *_ in s[_TRICKS][index + 1 :]:
        later |= 1 << bits[(seat - leader) % n]
    for position, b in enumerate(s[5]):  # the current trick
        if (s[4] + position) % n == seat:
            later |= 1 << b
    return bool(later & suit)
