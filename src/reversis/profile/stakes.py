"""A profile's stakes: the stakes of a match's first hand, and stakes checked against a profile.

The stakes values themselves are in :mod:`reversis.stakes`.

    >>> from reversis import load_profile
    >>> from reversis.profile import parse_stakes
    >>> parse_stakes(load_profile(), {"basket": 28, "beasts": []}).to_dict()
    {'basket': 28, 'beasts': []}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reversis.cards import Card
from reversis.errors import StakesError
from reversis.stakes import (
    MAX_AMOUNT,
    MAX_ENTRIES,
    BasketStakes,
    Beast,
    NoStakes,
    PoolStakes,
    PotStakes,
    Stakes,
)

if TYPE_CHECKING:
    from reversis.profile.schema import Profile

__all__ = ["exchange_limits", "initial_stakes", "parse_stakes"]


def initial_stakes(profile: Profile) -> Stakes:
    """The stakes of a match's first hand, after its antes.

    Fournier §2: each player 4 and the dealer 4 more (20; 16 for three players). English §2: pot 1
    of 25. Hoyle §2: the great pool 26 and the little 13.
    """
    n = profile.players
    if profile.mechanism == "none":
        return NoStakes()
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
    if isinstance(value, BasketStakes | PotStakes | PoolStakes | NoStakes):
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
    if mechanism == "none":
        _keys(value, set(), "stakes")
        return NoStakes()
    names = [p.name for p in profile.pools]
    _keys(value, set(names), "pool stakes")
    return PoolStakes(tuple((name, _amount(value[name], name)) for name in names))


def exchange_limits(profile: Profile, stakes: Stakes | None) -> tuple[bool, int]:
    """Whether non-dealers may decline, and the mask of cards that may not be put out, given the
    stakes at the start of play (Hoyle §4, three stakes)."""
    exchange = profile.exchange
    if exchange is None:
        return False, 0
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
