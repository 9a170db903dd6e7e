"""The limits of the values read from data, each pinned at its boundary: a payment's accounts,
amount, reason and trick, a settlement's payments, the emptiness of the stakes.

The mutation run (``benchmarks/mutation.py``) found these bounds unpinned: a limit moved by one, or
dropped, passed the rest of the suite. The limits are those the docs give for data (``Payment``,
``Settlement``): seats 0 to 7, account names and reasons of at most 40 characters, amounts from 1 to
10**18, tricks from 1 to 100, at most 10,000 payments.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from helpers import random_moves
from reversis import (
    Hand,
    MatchView,
    Payment,
    RecordError,
    Settlement,
    load_profile,
    new_match,
    records,
)
from reversis.games.table import antes, is_empty
from reversis.jsonio import MAX_MONEY
from reversis.stakes import BasketStakes, Beast, PoolStakes, PotStakes, Stakes


def _payment(**change: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"payer": 1, "payee": 0, "amount": 3, "reason": "points", "trick": 2}
    data.update(change)
    return data


@pytest.mark.parametrize(
    ("change", "accepted"),
    [
        ({"payer": 0, "payee": 7}, True),
        ({"payer": 7, "payee": 0}, True),
        ({"payer": -1}, False),
        ({"payer": 8}, False),
        ({"payee": -1}, False),
        ({"payee": 8}, False),
        ({"payee": "b" * 40}, True),
        ({"payee": "b" * 41}, False),
        ({"payer": "p" * 40}, True),
        ({"payer": "p" * 41}, False),
        ({"amount": 1}, True),
        ({"amount": 0}, False),
        ({"amount": -1}, False),
        ({"amount": MAX_MONEY}, True),
        ({"amount": MAX_MONEY + 1}, False),
        ({"reason": "r" * 40}, True),
        ({"reason": "r" * 41}, False),
        ({"trick": None}, True),
        ({"trick": 1}, True),
        ({"trick": 0}, False),
        ({"trick": 100}, True),
        ({"trick": 101}, False),
        ({"payer": 2, "payee": 2}, False),
    ],
)
def test_payment_from_dict_bounds(change: dict[str, Any], accepted: bool) -> None:
    data = _payment(**change)
    if accepted:
        payment = Payment.from_dict(data)
        assert payment.to_dict() == data
    else:
        with pytest.raises(RecordError):
            Payment.from_dict(data)


def _settlement(payments: list[dict[str, Any]], n: int = 4) -> dict[str, Any]:
    net = [0] * n
    for p in payments:
        net[p["payer"]] -= p["amount"]
        net[p["payee"]] += p["amount"]
    return {
        "schema": 1,
        "type": "settlement",
        "payments": payments,
        "net": net,
        "final": True,
        "stakes": {},
    }


def test_settlement_payments_limit() -> None:
    pay = _payment(trick=None)
    most = Settlement.from_dict(_settlement([pay] * 10_000))
    assert len(most.payments) == 10_000
    assert most.net[1] == -30_000
    with pytest.raises(RecordError):
        Settlement.from_dict(_settlement([pay] * 10_001))


def test_is_empty_for_every_kind_of_stakes() -> None:
    assert is_empty(BasketStakes(0, ()))
    assert not is_empty(BasketStakes(1, ()))
    assert not is_empty(BasketStakes(0, (Beast(1, 4, True),)))
    assert is_empty(PotStakes((), False))
    assert not is_empty(PotStakes((5,), False))
    assert is_empty(PoolStakes((("a", 0), ("b", 0))))
    assert not is_empty(PoolStakes((("a", 1), ("b", 0))))
    assert not is_empty(PoolStakes((("a", 0), ("b", 2))))


# -- antes of 0 and 1 (house profiles may set any ante from 0) -----------------------------------------


@pytest.mark.parametrize("amount", [0, 1])
def test_antes_of_nothing_are_not_listed(amount: int) -> None:
    """fournier-1785 §2, english §2, hoyle §2: an ante is a payment when it is more than 0; the
    stakes after the antes hold what was paid."""
    fournier = load_profile().evolve(
        name="house-basket", basket={"ante": amount, "dealer_ante": amount}
    )
    english = load_profile("english").evolve(
        name="house-pots",
        remise={"ante": amount, "dealer_first_ante": amount, "dealer_ante": amount},
    )
    # Hoyle's antes must fill an empty pool in one deal: the players' antes stay.
    pools = load_profile("hoyle").to_dict()["pools"]
    hoyle = load_profile("hoyle").evolve(
        name="house-pools", pools=[{**p, "ante": p["stake"], "dealer_ante": amount} for p in pools]
    )
    for profile, empty in (
        (fournier, BasketStakes(0, ())),
        (english, PotStakes((), False)),
        (hoyle, PoolStakes(tuple((p["name"], 0) for p in pools))),
    ):
        stakes: Stakes = empty
        for _ in range(2):  # the antes of an empty table, then of the next hand
            payments, after = antes(profile, stakes, 1, False)
            assert all(p.amount > 0 for p in payments)
            assert after.pool_total - stakes.pool_total == sum(p.amount for p in payments)
            # the dealer's ante of ``amount`` is listed exactly when it is more than 0
            assert any(p.payer == 1 and p.amount == amount for p in payments) == (amount > 0)
            stakes = after


def test_hoyle_antes_go_round_from_the_eldest() -> None:
    """hoyle §2: every player puts in his ante, from the dealer's left round to the dealer, and
    then the dealer adds his."""
    hoyle = load_profile("hoyle")
    empty = PoolStakes(tuple((p.name, 0) for p in hoyle.pools))
    payments, _ = antes(hoyle, empty, 2, False)
    first = hoyle.pools[0].name
    payers = [p.payer for p in payments if p.payee == first]
    assert payers == [3, 0, 1, 2, 2]


# ---------------------------------------------------------------------------------------------
# Long beast sheets
# ---------------------------------------------------------------------------------------------


def test_long_beast_sheets_never_block_a_hand() -> None:
    # no limit of the library may leave a match where nothing is legal: a sheet as long as any
    # match can make still deals a hand and reads back from JSON
    profile = load_profile("fournier-1785")
    beasts = tuple(Beast(k % 4, 20 + k, k == 0) for k in range(2_000))
    match = attrs.evolve(new_match(profile, seed=1), stakes=BasketStakes(20, beasts))
    started = match.start_hand()
    assert started.hand is not None
    hand = random_moves(started.hand, 1)
    assert Hand.from_json(hand.to_json()) == hand
    assert records.replay(records.dump(hand)) == hand
    view = started.view(0, hand)
    assert MatchView.from_json(view.to_json()) == view
