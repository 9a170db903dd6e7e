"""Stakes: the money on the table between hands, for each money mechanism.

==============  ===================================================================================
mechanism       stakes value and its plain-data shape
==============  ===================================================================================
``basket``      :class:`BasketStakes` (Fournier):
                ``{"basket": 28, "beasts": [{"owner": 2, "amount": 24, "in_play": true}]}``
``remise``      :class:`PotStakes` (English): ``{"pots": [25, 60], "cycle_remised": true}``
``pools``       :class:`PoolStakes` (Hoyle): ``{"great": 26, "little": 13}``
``none``        :class:`NoStakes` (Hearts, Tëtka, Réunion): ``{}``
==============  ===================================================================================

A hand is dealt with the stakes at the start of play, antes already in; without them it is the first
hand of a match (:func:`initial_stakes`).

    >>> from reversis import load_profile
    >>> from reversis.profile import parse_stakes
    >>> stakes = parse_stakes(load_profile(), {"basket": 28, "beasts": []})
    >>> stakes.to_dict()
    {'basket': 28, 'beasts': []}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

import attrs

from reversis import jsonio
from reversis.errors import RecordError

__all__ = [
    "BasketStakes",
    "Beast",
    "NoStakes",
    "PoolStakes",
    "PotStakes",
    "Stakes",
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


@attrs.frozen
class NoStakes:
    """No stakes on the table: the games of points (Hearts, Tëtka, Réunion)."""

    @property
    def pool_total(self) -> int:
        """Nothing is on the table."""
        return 0

    def to_dict(self) -> dict[str, Any]:
        """``{}``."""
        return {}


#: Any stakes value.
Stakes: TypeAlias = BasketStakes | PotStakes | PoolStakes | NoStakes


_AMOUNT = jsonio.integer_schema(0, MAX_AMOUNT)
#: The keys of a beast on the beast sheet (:class:`Beast`), of Fournier's stakes, of the English.
BEAST_FIELDS = {
    "owner": jsonio.Field(jsonio.integer_schema(0, 7)),
    "amount": jsonio.Field(jsonio.integer_schema(1, MAX_AMOUNT)),
    "in_play": jsonio.Field(jsonio.BOOLEAN_SCHEMA),
}
BASKET_FIELDS = {
    "basket": jsonio.Field(_AMOUNT),
    "beasts": jsonio.Field(jsonio.list_schema(jsonio.object_schema(BEAST_FIELDS), MAX_ENTRIES)),
}
POT_FIELDS = {
    "pots": jsonio.Field(jsonio.list_schema(_AMOUNT, MAX_ENTRIES)),
    "cycle_remised": jsonio.Field(jsonio.BOOLEAN_SCHEMA),
}
#: The most pools that stakes' data may name.
MAX_POOLS = 20
#: The JSON Schema of stakes in data (what :func:`stakes_from_dict` reads): Fournier's basket and
#: beasts, the English pots, Hoyle's pools (a table of amounts), or none (``{}``).
STAKES_SCHEMA: dict[str, Any] = {
    "anyOf": [
        jsonio.object_schema(BASKET_FIELDS, title="basket and beasts"),
        jsonio.object_schema(POT_FIELDS, title="pots"),
        {
            "title": "pools",
            "type": "object",
            "not": {"anyOf": [{"required": ["basket"]}, {"required": ["pots"]}]},
            "maxProperties": MAX_POOLS,
            "propertyNames": {"minLength": 1, "maxLength": 40, "pattern": "^[^0-9]"},
            "additionalProperties": _AMOUNT,
        },
    ]
}


def stakes_from_dict(data: Any, what: str = "stakes") -> Stakes:
    """Stakes from their plain data, the mechanism told by the keys (``basket``, ``pots``, pool
    names); :class:`~reversis.RecordError` if malformed. Use :func:`parse_stakes` to check them
    against a profile too."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{what} must be a table of keys")
    if "basket" in data:
        jsonio.read_fields(data, what, BASKET_FIELDS)
        beasts = []
        for i, item in enumerate(jsonio.items(data["beasts"], f"{what}.beasts", MAX_ENTRIES)):
            where = f"{what}.beasts[{i}]"
            jsonio.read_fields(item, where, BEAST_FIELDS)
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
        jsonio.read_fields(data, what, POT_FIELDS)
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
    if not data:
        return NoStakes()
    if len(data) > MAX_POOLS:
        raise RecordError(f"{what}: too many pools")
    pools = []
    for name, amount in data.items():
        if not isinstance(name, str) or not name.isidentifier() or len(name) > 40:
            raise RecordError(f"{what}: {str(name)[:40]!r} cannot name a pool")
        pools.append((name, jsonio.integer(amount, f"{what}.{name}", 0, MAX_AMOUNT)))
    return PoolStakes(tuple(pools))
