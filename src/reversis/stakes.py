"""Stakes: the money on the table between hands, for each money mechanism.

==============  ===================================================================================
mechanism       stakes value and its plain-data shape
==============  ===================================================================================
``basket``      :class:`BasketStakes` (Fournier):
                ``{"basket": 28, "beasts": [{"owner": 2, "amount": 24, "in_play": true}]}``
``remise``      :class:`PotStakes` (English): ``{"pots": [25, 60], "cycle_remised": true}``
``pools``       :class:`PoolStakes` (Hoyle): ``{"great": 26, "little": 13}``
==============  ===================================================================================

A hand is dealt with the stakes at the start of play, antes already in; without them it is the first
hand of a match (:func:`initial_stakes`).

    >>> from reversis import load_profile
    >>> from reversis.stakes import parse_stakes
    >>> stakes = parse_stakes(load_profile(), {"basket": 28, "beasts": []})
    >>> stakes.to_dict()
    {'basket': 28, 'beasts': []}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

import attrs

from reversis.cards import Card
from reversis.errors import RecordError, StakesError
from reversis.profile import Profile

__all__ = [
    "BasketStakes",
    "Beast",
    "PoolStakes",
    "PotStakes",
    "Stakes",
    "initial_stakes",
    "parse_stakes",
    "stakes_from_dict",
]

#: Largest amount accepted in stakes (see :data:`reversis.jsonio.MAX_MONEY`).
MAX_AMOUNT = 10**18
#: Most beasts or pots accepted in stakes. A match has at most 1,600 hands (``MAX_ROUNDS`` of
#: agreed and continuing rounds, 8 players), and a hand adds at most one beast or pot for each
#: pool card and one more, so no match of any valid profile reaches it: no limit of the stakes can
#: leave a match where no hand can start.
MAX_ENTRIES = 100_000


@attrs.frozen
class Beast:
    """A beast on the sheet (Fournier §9): a debt of ``amount`` owed by ``owner`` to the next winner
    of the basket, if ``in_play``; beasts not in play wait their turn."""

    owner: int
    amount: int
    in_play: bool

    def to_dict(self) -> dict[str, Any]:
        """``{"owner": 2, "amount": 24, "in_play": true}``."""
        return {"owner": self.owner, "amount": self.amount, "in_play": self.in_play}


@attrs.frozen
class BasketStakes:
    """Fournier's stakes: the counters in the ``basket`` and the beast sheet, in the order recorded."""

    basket: int
    beasts: tuple[Beast, ...] = ()

    @property
    def beast_in_play(self) -> Beast | None:
        """The beast in play, if any."""
        return next((b for b in self.beasts if b.in_play), None)

    @property
    def basket_amount(self) -> int:
        """What the basket is worth now: its counters plus the beast in play (Fournier §9)."""
        beast = self.beast_in_play
        return self.basket + (beast.amount if beast else 0)

    @property
    def pool_total(self) -> int:
        """The counters held by the table (the basket); beasts are debts, not counters."""
        return self.basket

    def to_dict(self) -> dict[str, Any]:
        """``{"basket": 28, "beasts": [...]}``."""
        return {"basket": self.basket, "beasts": [b.to_dict() for b in self.beasts]}


@attrs.frozen
class PotStakes:
    """The English stakes: the ``pots``, oldest first, and whether the cycle has had its first remise."""

    pots: tuple[int, ...]
    cycle_remised: bool

    @property
    def pool_total(self) -> int:
        """The credits in all the pots."""
        return sum(self.pots)

    def to_dict(self) -> dict[str, Any]:
        """``{"pots": [25, 60], "cycle_remised": true}``."""
        return {"pots": list(self.pots), "cycle_remised": self.cycle_remised}


@attrs.frozen
class PoolStakes:
    """Hoyle's stakes: the fish in each quinola pool, as ``(name, amount)`` pairs in profile order."""

    pools: tuple[tuple[str, int], ...]

    def __getitem__(self, name: str) -> int:
        for key, amount in self.pools:
            if key == name:
                return amount
        raise KeyError(name)

    @property
    def pool_total(self) -> int:
        """The fish in all the pools."""
        return sum(amount for _, amount in self.pools)

    def to_dict(self) -> dict[str, Any]:
        """``{"great": 26, "little": 13}``."""
        return dict(self.pools)


#: Any stakes value.
Stakes: TypeAlias = BasketStakes | PotStakes | PoolStakes


def stakes_from_dict(data: Any, what: str = "stakes") -> Stakes:
    """Stakes from their plain data, the mechanism told by the keys (``basket``, ``pots``, pool
    names); :class:`~reversis.RecordError` if malformed. Use :func:`parse_stakes` to check them
    against a profile too."""
    from reversis import jsonio  # noqa: PLC0415

    if not isinstance(data, Mapping):
        raise RecordError(f"{what} must be a table of keys")
    if "basket" in data:
        jsonio.table(data, what, ["basket", "beasts"])
        beasts = []
        for i, item in enumerate(jsonio.items(data["beasts"], f"{what}.beasts", MAX_ENTRIES)):
            where = f"{what}.beasts[{i}]"
            jsonio.table(item, where, ["owner", "amount", "in_play"])
            beasts.append(
                Beast(
                    jsonio.integer(item["owner"], f"{where}.owner", 0, 7),
                    jsonio.integer(item["amount"], f"{where}.amount", 1, MAX_AMOUNT),
                    jsonio.boolean(item["in_play"], f"{where}.in_play"),
                )
            )
        if sum(b.in_play for b in beasts) > 1 or (beasts and not any(b.in_play for b in beasts)):
            raise RecordError(f"{what}.beasts: exactly one beast is in play while any remain")
        return BasketStakes(
            jsonio.integer(data["basket"], f"{what}.basket", 0, MAX_AMOUNT), tuple(beasts)
        )
    if "pots" in data:
        jsonio.table(data, what, ["pots", "cycle_remised"])
        pots = jsonio.listed(
            data["pots"],
            f"{what}.pots",
            lambda v, w: jsonio.integer(v, w, 0, MAX_AMOUNT),
            MAX_ENTRIES,
        )
        remised = jsonio.boolean(data["cycle_remised"], f"{what}.cycle_remised")
        if not remised and len(pots) > 1:
            raise RecordError(f"{what}: cycle_remised can be false only with at most one pot")
        return PotStakes(pots, remised)
    if len(data) > 20:
        raise RecordError(f"{what}: too many pools")
    pools = []
    for name, amount in data.items():
        if not isinstance(name, str) or not name.isidentifier() or len(name) > 40:
            raise RecordError(f"{what}: {str(name)[:40]!r} cannot name a pool")
        pools.append((name, jsonio.integer(amount, f"{what}.{name}", 0, MAX_AMOUNT)))
    return PoolStakes(tuple(pools))


def initial_stakes(profile: Profile) -> Stakes:
    """The stakes of a match's first hand, after its antes.

    Fournier §2: each player 4 and the dealer 4 more (20; 16 for three players). English §2: pot 1
    of 25. Hoyle §2: the great pool 26 and the little 13.
    """
    n = profile.players
    if profile.basket is not None:
        return BasketStakes(n * profile.basket.ante + profile.basket.dealer_ante, ())
    if profile.remise is not None:
        r = profile.remise
        return PotStakes(((n - 1) * r.ante + r.dealer_first_ante,), False)
    return PoolStakes(tuple((p.name, n * p.ante + p.dealer_ante) for p in profile.pools))


def _amount(value: Any, key: str) -> int:
    if type(value) is not int:
        raise StakesError(f"{key} must be an integer, not {value!r}")
    if value < 0:
        raise StakesError(f"{key} must not be negative ({value})")
    if value > MAX_AMOUNT:
        raise StakesError(f"{key} is too large ({value})")
    return value


def _keys(data: Mapping[str, Any], allowed: set[str], what: str) -> None:
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise StakesError(
            f"unknown key {unknown[0]!r} in {what} (allowed: {', '.join(sorted(allowed))})"
        )
    missing = sorted(allowed - set(data))
    if missing:
        raise StakesError(f"{what} is missing {missing[0]!r}")


def parse_stakes(
    profile: Profile, value: Stakes | Mapping[str, Any], *, at_start: bool = True
) -> Stakes:
    """Validate stakes (a stakes value or its plain data) for ``profile``.

    ``at_start``: stakes at the start of play, antes in (what a hand is dealt with); otherwise
    stakes between hands, which may hold no pot at all.

    Raises :class:`~reversis.StakesError` naming the problem: an unknown key, a negative amount, two
    beasts in play, a pot list that cannot be, stakes of another mechanism.
    """
    mechanism = profile.mechanism
    if isinstance(value, BasketStakes | PotStakes | PoolStakes):
        value = value.to_dict()
    if not isinstance(value, Mapping):
        raise StakesError(f"stakes must be a table of keys, not {type(value).__name__}")
    if mechanism == "basket":
        _keys(value, {"basket", "beasts"}, "basket stakes")
        basket = _amount(value["basket"], "basket")
        raw = value["beasts"]
        if not isinstance(raw, list | tuple):
            raise StakesError("beasts must be a list")
        if len(raw) > MAX_ENTRIES:
            raise StakesError("too many beasts")
        beasts = []
        for i, item in enumerate(raw):
            if isinstance(item, Beast):
                item = item.to_dict()
            if not isinstance(item, Mapping):
                raise StakesError(f"beasts[{i}] must be a table of keys")
            _keys(item, {"owner", "amount", "in_play"}, f"beasts[{i}]")
            owner = item["owner"]
            if type(owner) is not int or not 0 <= owner < profile.players:
                raise StakesError(f"beasts[{i}].owner must be a seat, not {owner!r}")
            amount = _amount(item["amount"], f"beasts[{i}].amount")
            if amount == 0:
                raise StakesError(f"beasts[{i}].amount must be positive")
            if type(item["in_play"]) is not bool:
                raise StakesError(f"beasts[{i}].in_play must be true or false")
            beasts.append(Beast(owner, amount, item["in_play"]))
        in_play = sum(b.in_play for b in beasts)
        if in_play > 1:
            raise StakesError("two beasts are in play; only one can be")
        if beasts and not in_play:
            # fournier-1785 §9: while beasts remain, one of them is in play.
            raise StakesError("beasts are recorded but none is in play")
        return BasketStakes(basket, tuple(beasts))
    if mechanism == "remise":
        _keys(value, {"pots", "cycle_remised"}, "pot stakes")
        pots = value["pots"]
        if not isinstance(pots, list | tuple):
            raise StakesError("pots must be a list")
        if len(pots) > MAX_ENTRIES:
            raise StakesError("too many pots")
        amounts = tuple(_amount(p, f"pots[{i}]") for i, p in enumerate(pots))
        remised = value["cycle_remised"]
        if type(remised) is not bool:
            raise StakesError("cycle_remised must be true or false")
        # english §2: at the start of play there is at least one pot, and the cycle has had its
        # first remise unless there is exactly one pot.
        if at_start and not amounts:
            raise StakesError("there must be at least one pot at the start of play")
        if not remised and len(amounts) > 1:
            raise StakesError("cycle_remised can be false only with exactly one pot")
        return PotStakes(amounts, remised)
    names = [p.name for p in profile.pools]
    _keys(value, set(names), "pool stakes")
    return PoolStakes(tuple((name, _amount(value[name], name)) for name in names))


def exchange_limits(profile: Profile, stakes: Stakes | None) -> tuple[bool, int]:
    """Whether non-dealers may decline, and the mask of cards that may not be put out, given the
    stakes at the start of play (Hoyle §4, three stakes)."""
    exchange = profile.exchange
    if exchange.decline == "always":
        may_decline = True
    elif exchange.decline == "never":
        may_decline = False
    else:
        pools = stakes if isinstance(stakes, PoolStakes) else initial_stakes(profile)
        assert isinstance(pools, PoolStakes)
        limits = {p.name: p.three_stakes for p in profile.pools}
        may_decline = any(pools[name] >= limits[name] for name in exchange.three_stakes_pools)
    no_discard = 0
    if exchange.discard_quinolas == "three-stakes":
        pools = stakes if isinstance(stakes, PoolStakes) else initial_stakes(profile)
        assert isinstance(pools, PoolStakes)
        limits = {p.name: p.three_stakes for p in profile.pools}
        for special in profile.specials:
            if special.pool and pools[special.pool] < limits[special.pool]:
                for code in special.cards:
                    no_discard |= Card.parse(code).mask
    return may_decline, no_discard
