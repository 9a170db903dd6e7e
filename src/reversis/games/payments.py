"""Payments and settlements: what a hand's play means in money, as values.

A payment is ``Payment(payer, payee, amount, reason, trick)``; ``payer`` and ``payee`` are seats or
a pool's account (``"basket"`` for Fournier, ``"pot"`` for the English pots, the pools' names for
Hoyle). A :class:`Settlement` holds a hand's standing payments, the net per seat, the stakes after
the hand and whether it is final. :func:`reversis.settle` makes one.

The compiled core makes a settlement whose payments are made from its C result when they are first
read (most callers of ``settle`` in a loop read only ``net``): the settlement is the same value all
along (equal, hashing alike, pickling, printing and converting the same).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from reversis import jsonio
from reversis.errors import RecordError, StakesError
from reversis.profile import Profile
from reversis.profile.stakes import parse_stakes
from reversis.stakes import STAKES_SCHEMA, Stakes, stakes_from_dict

__all__ = ["BASKET", "POT", "Payment", "Settlement", "profile_accounts"]

#: The account of Fournier's basket.
BASKET = "basket"
#: The account of the English pots (the pot list as one account).
POT = "pot"


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
        jsonio.read_fields(data, what, PAYMENT_FIELDS)
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


_PARTY = {"anyOf": [jsonio.integer_schema(0, 7), jsonio.text_schema(40)]}
#: The keys of a payment in data (:meth:`Payment.to_dict`): a seat (0-7) or an account's name pays.
PAYMENT_FIELDS = {
    "payer": jsonio.Field(_PARTY),
    "payee": jsonio.Field(_PARTY),
    "amount": jsonio.Field(jsonio.integer_schema(1, jsonio.MAX_MONEY)),
    "reason": jsonio.Field(jsonio.text_schema(40)),
    "trick": jsonio.Field(jsonio.nullable(jsonio.integer_schema(1, 100))),
}
#: The JSON Schema of a payment in data.
PAYMENT_SCHEMA = jsonio.object_schema(PAYMENT_FIELDS, title="payment")


def payments_schema(limit: int) -> dict[str, Any]:
    """The JSON Schema of a list of at most ``limit`` payments."""
    return jsonio.list_schema(PAYMENT_SCHEMA, limit)


#: The keys of a settlement's document (:meth:`Settlement.to_dict`).
SETTLEMENT_FIELDS = {
    "payments": jsonio.Field(payments_schema(10_000)),
    "net": jsonio.Field({**jsonio.list_schema(jsonio.MONEY_SCHEMA, 8), "minItems": 3}),
    "stakes": jsonio.Field(STAKES_SCHEMA),
    "final": jsonio.Field(jsonio.BOOLEAN_SCHEMA),
}


class _Pending:
    """The base of :class:`Settlement`: a slot for where its payments come from while they are not
    made yet (the compiled core's result, which has a ``payments()`` method), empty otherwise."""

    __slots__ = ("_source",)


_SOURCE = _Pending.__dict__["_source"]


@attrs.frozen
class Settlement(_Pending):
    """The money of a hand: the standing ``payments`` in order, the ``net`` per seat (antes excluded),
    the ``stakes`` after the hand, and whether the hand is ``final`` (over)."""

    payments: tuple[Payment, ...]
    net: tuple[int, ...]
    stakes: Stakes
    final: bool

    if not TYPE_CHECKING:  # the type checker sees the fields alone

        def __getattr__(self, name):
            # Only reached for an attribute not set: the payments of a settlement the core made,
            # made from its result now, once (then read from their slot like any field).
            if name == "payments":
                try:
                    source = _SOURCE.__get__(self)
                except AttributeError:
                    source = None
                if source is not None:
                    payments = source.payments()
                    object.__setattr__(self, "payments", payments)
                    _SOURCE.__set__(self, None)
                    return payments
            raise AttributeError(
                f"{type(self).__name__!r} object has no attribute {name!r}", name=name, obj=self
            )

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
        jsonio.read_fields(data, "settlement", SETTLEMENT_FIELDS)
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


def profile_accounts(profile: Profile) -> tuple[str, ...]:
    """The accounts other than seats that a payment of ``profile`` may name: ``basket`` (Fournier),
    ``pot`` (the English pots) or the pools' names (Hoyle); none for the games of points."""
    if profile.basket is not None:
        return (BASKET,)
    if profile.remise is not None:
        return (POT,)
    return tuple(pool.name for pool in profile.pools)
