"""Winner and loser of the pot (fournier-1785 §7)."""

from __future__ import annotations

import random

import pytest

from reversis import Profile, new_hand
from reversis import events as ev
from reversis.games.reversis.outcome import party_outcome


@pytest.mark.parametrize(
    ("dealer", "points", "tricks", "expected"),
    [
        # fewest points wins, most points loses
        (0, (3, 0, 20, 17), (2, 1, 5, 3), (1, 2)),
        # equal points: fewest tricks wins; most tricks loses
        (0, (0, 0, 20, 20), (2, 1, 3, 5), (1, 3)),
        # equal points and tricks for the win: the dealer first, then against play (0, 3, 2, 1)
        (0, (0, 0, 0, 40), (1, 1, 1, 8), (0, 3)),
        (2, (0, 0, 0, 40), (1, 1, 1, 8), (2, 3)),
        (2, (0, 0, 40, 0), (1, 1, 8, 1), (1, 2)),
        (1, (5, 9, 0, 0), (3, 3, 2, 2), (3, 1)),
        # equal points and tricks for the loss: the eldest first, then in playing order
        (0, (20, 20, 0, 0), (4, 4, 2, 1), (3, 1)),
        (0, (20, 0, 0, 20), (4, 2, 1, 4), (2, 3)),
        (3, (20, 0, 0, 20), (4, 2, 1, 4), (2, 0)),
        (3, (10, 10, 10, 10), (3, 3, 3, 2), (3, 0)),
    ],
)
def test_ties(fournier: Profile, dealer: int, points: tuple[int, ...], tricks: tuple[int, ...],
              expected: tuple[int, int]) -> None:  # fmt: skip
    assert party_outcome(fournier, dealer, points, tricks) == expected


def test_three_players(fournier3: Profile) -> None:
    # nearest the basket: dealer first, then against play; loser ties: eldest first.
    assert party_outcome(fournier3, 1, (0, 0, 0), (4, 4, 3)) == (2, 0)
    assert party_outcome(fournier3, 1, (0, 0, 0), (4, 4, 4)) == (1, 2)
    assert party_outcome(fournier3, 0, (5, 5, 5), (4, 4, 3)) == (2, 1)


def test_privileged_loser(fournier: Profile) -> None:
    # fournier-1785 §11: used and a trick taken: loses; the winner is chosen among the others.
    assert party_outcome(fournier, 0, (0, 9, 9, 22), (1, 3, 3, 4), privilege_used_by=0) == (2, 0)
    # used and no trick: the ordinary rule (here the privileged seat ties and the dealer wins).
    assert party_outcome(fournier, 0, (0, 0, 18, 22), (2, 0, 5, 4), privilege_used_by=1) == (1, 3)


def test_errors(fournier: Profile) -> None:
    with pytest.raises(ValueError, match="each of the 4 seats"):
        party_outcome(fournier, 0, (1, 2, 3), (1, 2, 3))
    with pytest.raises(ValueError, match="dealer"):
        party_outcome(fournier, 5, (1, 2, 3, 4), (1, 2, 3, 4))


@pytest.mark.parametrize("name", ["fournier-1785", "fournier-1785-3p"])
def test_hands_agree_with_the_rule(name: str) -> None:
    for seed in range(150):
        hand = new_hand(name, seed=seed, dealer=seed % (3 if name.endswith("3p") else 4))
        rng = random.Random(seed)
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_moves()))
        over = hand.events[-1]
        assert isinstance(over, ev.HandOver)
        assert over.points == hand.points
        assert over.tricks == hand.tricks_taken
        if hand.reversis.committed is not None:
            assert (hand.reversis.winner, hand.reversis.loser) == (None, None)
            continue
        expected = party_outcome(
            hand.profile, hand.dealer, hand.points, hand.tricks_taken,
            privilege_used_by=hand.reversis.privilege_holder if hand.reversis.privilege_used else None,
        )  # fmt: skip
        assert (hand.reversis.winner, hand.reversis.loser) == expected
        assert hand.reversis.winner != hand.reversis.loser
