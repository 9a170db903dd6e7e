"""The points in the tricks and the winner and loser of the pot (fournier-1785 §7, §11)."""

from __future__ import annotations

import random

import pytest

import reversis
from helpers import play_privileged, privileged_deal, random_states
from reversis import ArgumentError, Profile, load_profile, new_hand
from reversis import events as ev
from reversis.games.reversis.outcome import party_outcome
from reversis.profile.compiled import point_groups

PROFILES = tuple(reversis.available_profiles())


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


# ---------------------------------------------------------------------------------------------
# The points in the tricks and the pot's outcome, on random hands (fournier-1785 §7, §11, §12)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["fournier-1785", "hoyle", "english", "fournier-1785-3p"])
def test_no_outcome_while_seat_0_is_to_move(name: str) -> None:
    profile = load_profile(name)
    seen = 0
    for state in random_states(profile, 5):
        if state.to_move == 0:
            assert state.reversis is not None
            assert state.reversis.winner is None
            assert state.reversis.loser is None
            seen += 1
    assert seen


def test_party_outcome_bounds() -> None:
    fournier = load_profile()
    hearts = load_profile("hearts")
    with pytest.raises(ArgumentError):
        party_outcome(None, 0, [0] * 4, [0] * 4)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        party_outcome(hearts, 0, [0] * 4, [0] * 4)
    ok = party_outcome(fournier, 3, [10**18, 0, 0, 0], [11, 0, 0, 0])
    assert ok[0] != 0  # the one with the points and the tricks does not win
    for bad in (
        {"points": [10**18 + 1, 0, 0, 0]},
        {"points": [-1, 0, 0, 0]},
        {"points": [1.0, 0, 0, 0]},
        {"tricks": [12, 0, 0, 0]},
        {"dealer": 4},
        {"dealer": -1},
        {"privilege_used_by": 4},
        {"privilege_used_by": 1.0},
    ):
        args = {"dealer": 0, "points": [0, 0, 0, 0], "tricks": [11, 0, 0, 0]}
        args.update(bad)
        with pytest.raises(ArgumentError):
            party_outcome(fournier, **args)  # type: ignore[arg-type]
    party_outcome(fournier, 0, [0] * 4, [11, 0, 0, 0], privilege_used_by=3)


@pytest.mark.parametrize("name", ["fournier-1785", "fournier-1785-3p", "hoyle", "english"])
def test_the_pots_outcome_is_party_outcome(name: str) -> None:
    """fournier-1785 §7, §11: the winner and the loser of the pot are ``party_outcome``'s for the
    hand's points and tricks, with the privilege only if it was used: a holder of the four aces
    who never renounced is ranked like everyone else."""
    profile = load_profile(name)
    n = profile.players
    unused = 0
    for seed in range(60):
        hunter, holder = seed % n, (seed + 1) % n
        for use in (False, True):
            hand = privileged_deal(profile, seed, hunter, holder)
            if use:
                hand = play_privileged(hand, hunter, holder, use)
            rng = random.Random(seed)
            while not hand.is_over:  # without the privilege: every seat follows suit when able
                legal = hand.legal_moves()
                current = hand.current_trick
                if hand.phase is reversis.Phase.PLAY and current is not None:
                    led = current.plays[0][1].suit
                    follow = [m for m in legal if m.card.suit == led]  # type: ignore[union-attr]
                    legal = tuple(follow) or legal
                hand = hand.apply(rng.choice(legal))
            reading = hand.reversis
            assert reading is not None
            if reading.committed is not None:
                continue
            used = reading.privilege_holder if reading.privilege_used is not None else None
            expected = party_outcome(
                profile, hand.dealer, hand.points, hand.tricks_taken, privilege_used_by=used
            )
            assert (reading.winner, reading.loser) == expected, (seed, use)
            unused += used is None and reading.privilege_holder is not None
    assert unused > 10


@pytest.mark.parametrize("name", PROFILES)
def test_card_points_by_groups_agree_with_the_card_values(name: str) -> None:
    """fournier-1785 §7, hearts §8: a seat's points are the values of the cards it won, card by
    card; the groups of cards by value (``Rules.trick_groups``) give the same sums."""
    from reversis.games.common import card_points

    profile = load_profile(name)
    rules = profile.compiled
    assert rules.trick_groups == point_groups(rules.trick_points)
    rng = random.Random(name)
    deck = [card.index for card in profile.deck]
    for _ in range(300):
        won = sum(1 << b for b in rng.sample(deck, rng.randint(0, 16)))
        expected = sum(rules.trick_points[b] for b in range(64) if won >> b & 1)
        assert card_points(rules.trick_groups, won) == expected
