"""The reversis: commitment, made, broken (fournier-1785 §8)."""

from __future__ import annotations

import pytest

import reversis
from helpers import deal, decline_all, moved_payments, play_privileged, privileged_deal, rotated
from reversis import Profile, load_profile
from reversis import events as ev
from reversis.hand import state_of

# Seat 1 (the eldest) holds eleven spades and leads them: it takes every trick.
MADE = [
    "2S AH KH QH JH 9H 8H 7H 6H 5H 4H 3H",  # seat 0, the dealer
    "AS KS QS JS 9S 8S 7S 6S 5S 4S 3S",  # seat 1
    "AD KD QD JD 9D 8D 7D 6D 5D 4D 3D",  # seat 2
    "AC KC QC JC 9C 8C 7C 6C 5C 4C 3C",  # seat 3
]
MADE_WIDOW = "2H 2D 2C"

# Seat 1 holds ten spades and the ♥2; seat 0 keeps hearts to take it.
BROKEN = [
    "3S 2S AH KH QH JH 9H 8H 7H 6H 5H 4H",  # seat 0, the dealer
    "AS KS QS JS 9S 8S 7S 6S 5S 4S 2H",  # seat 1
    "AD KD QD JD 9D 8D 7D 6D 5D 4D 3D",  # seat 2
    "AC KC QC JC 9C 8C 7C 6C 5C 4C 3C",  # seat 3
]
BROKEN_WIDOW = "3H 2D 2C"


def _any(hand, count: int = 1):  # type: ignore[no-untyped-def]
    """``count`` moves, each the first legal one."""
    for _ in range(count):
        hand = hand.apply(hand.legal_moves()[0])
    return hand


def _spade_tricks(hand, leads: list[str], zero: list[str]):  # type: ignore[no-untyped-def]
    """Seat 1 leads each of ``leads``; seats 2 and 3 throw their highest; seat 0 plays ``zero``."""
    for lead, card0 in zip(leads, zero, strict=True):
        hand = hand.apply(lead)
        hand = hand.apply(hand.legal_moves()[-1])
        hand = hand.apply(hand.legal_moves()[-1])
        hand = hand.apply(card0)
    return hand


def test_reversis_made(fournier: Profile) -> None:
    hand = decline_all(deal(fournier, MADE, MADE_WIDOW), "2S")
    leads = "AS KS QS JS 9S 8S 7S 6S 5S".split()
    zero = "JH AH KH QH 9H 8H 7H 6H 5H".split()  # the Quinola placed on trick 1
    hand = _spade_tricks(hand, leads, zero)
    assert ev.PoolWon(0, "basket", 1) in hand.events
    # fournier-1785 §8: winning the first 9 tricks commits to the reversis.
    assert hand.reversis.committed == 1
    assert hand.events[-1] == ev.ReversisCommitted(1, 9)
    hand = _spade_tricks(hand, ["4S", "3S"], ["4H", "3H"])
    assert hand.is_over
    assert hand.reversis.breaker is None
    assert ev.ReversisMade(1) in hand.events
    over = hand.events[-1]
    assert isinstance(over, ev.HandOver)
    assert (over.winner, over.loser) == (None, None)  # the pot is out of play
    assert (hand.reversis.winner, hand.reversis.loser) == (None, None)
    assert over.tricks == (0, 11, 0, 0)
    assert hand.view(2).pot is None  # not turned


def test_no_pool_facts_after_commitment(fournier: Profile) -> None:
    # fournier-1785 §8: on tricks 10 and 11 the Quinola is an ordinary card.
    hand = decline_all(deal(fournier, MADE, MADE_WIDOW), "2S")
    leads = "AS KS QS JS 9S 8S 7S 6S 5S".split()
    zero = "AH KH QH 9H 8H 7H 6H 5H 4H".split()
    hand = _spade_tricks(hand, leads, zero)
    hand = _spade_tricks(hand, ["4S"], ["JH"])
    assert not any(isinstance(e, ev.PoolWon | ev.PoolOwed) for e in hand.events)


def test_broken_on_trick_ten_ends_the_hand(fournier: Profile) -> None:
    hand = decline_all(deal(fournier, BROKEN, BROKEN_WIDOW), "3S")
    leads = "AS KS QS JS 9S 8S 7S 6S 5S".split()
    zero = "2S AH KH QH JH 9H 8H 7H 6H".split()
    hand = _spade_tricks(hand, leads, zero)
    assert hand.reversis.committed == 1
    # seat 1 leads the ♥2; seats 2 and 3 renounce; seat 0 takes it with the ♥5
    hand = _any(hand.apply("2H"), 2).apply("5H")
    assert hand.is_over  # fournier-1785 §8 [profile flag]: trick 11 is not played
    assert len(hand.tricks) == 10
    assert hand.reversis.breaker == 0
    assert ev.ReversisBroken(1, 0, 10) in hand.events
    assert (hand.reversis.winner, hand.reversis.loser) == (None, None)
    assert [len(h) for h in hand.hands] == [1, 1, 1, 1]


def test_broken_on_trick_ten_played_out(fournier: Profile) -> None:
    house = fournier.evolve(reversis={"end_on_break": False})
    hand = decline_all(deal(house, BROKEN, BROKEN_WIDOW), "3S")
    leads = "AS KS QS JS 9S 8S 7S 6S 5S".split()
    zero = "2S AH KH QH JH 9H 8H 7H 6H".split()
    hand = _spade_tricks(hand, leads, zero)
    hand = _any(hand.apply("2H"), 2).apply("5H")
    assert not hand.is_over
    assert hand.to_move == 0  # the breaker leads trick 11
    while not hand.is_over:
        hand = hand.apply(hand.legal_moves()[0])
    assert len(hand.tricks) == 11
    broken = [e for e in hand.events if isinstance(e, ev.ReversisBroken)]
    assert broken == [ev.ReversisBroken(1, 0, 10)]  # broken once, by the taker of trick 10


def test_broken_on_trick_eleven(fournier: Profile) -> None:
    # fournier-1785 §8: if the reversis player took trick 10, the taker of trick 11 breaks it.
    hand = decline_all(deal(fournier, BROKEN, BROKEN_WIDOW), "3S")
    leads = "AS KS QS JS 9S 8S 7S 6S 5S 4S".split()
    zero = "2S AH KH QH JH 9H 8H 7H 6H 5H".split()
    hand = _spade_tricks(hand, leads, zero)
    assert hand.tricks[9].winner == 1
    hand = _any(hand.apply("2H"), 2).apply("4H")
    assert hand.is_over
    assert ev.ReversisBroken(1, 0, 11) in hand.events
    assert ev.ReversisMade(1) not in hand.events


def test_nine_tricks_by_two_players_commit_nobody(fournier: Profile) -> None:
    hand = decline_all(deal(fournier, BROKEN, BROKEN_WIDOW), "3S")
    # seat 1 leads the ♥2 first: seat 0 takes trick 1, seat 1 can no longer commit
    hand = _any(hand.apply("2H"), 2).apply("AH")
    assert hand.tricks[0].winner == 0
    while not hand.is_over:
        hand = hand.apply(hand.legal_moves()[-1])
    assert hand.reversis.committed is None
    assert not any(isinstance(e, ev.ReversisCommitted) for e in hand.events)
    assert hand.reversis.winner is not None


def test_three_player_reversis(fournier3: Profile) -> None:
    # fournier-1785 three players: "everything else as for four players".
    hands = [
        "QC JC 6C 5C 4C 3C 2C QH JH 6H 5H 4H",  # seat 0, the dealer
        "AS KS QS JS 6S 5S 4S 3S 2S AH KH",  # seat 1
        "AD KD QD JD 6D 5D 4D 3D 2D AC KC",  # seat 2
    ]
    hand = decline_all(deal(fournier3, hands, "3H 2H"), "2C")
    for lead in "AS KS QS JS 6S 5S 4S 3S 2S".split():
        hand = _any(hand.apply(lead), 2)
    assert hand.reversis.committed == 1
    hand = _any(hand.apply("AH"), 2)
    hand = _any(hand.apply("KH"), 2)
    assert hand.is_over
    assert ev.ReversisMade(1) in hand.events


# ---------------------------------------------------------------------------------------------
# A reversis made with the privilege used by another (fournier-1785 §8, §11)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["fournier-1785", "fournier-1785-3p", "hoyle", "english"])
def test_a_reversis_made_with_the_privilege_used_by_another(name: str) -> None:
    """fournier-1785 §11: a four-aces (or espagnolette) player who used the privilege pays a
    reversis made alone; one who did not use it pays his share like the others. Whoever sits
    where (the hands moved round the table settle the same, moved)."""
    profile = load_profile(name)
    n = profile.players
    made = {True: 0, False: 0}
    for seed in range(120):
        hunter = seed % n
        holder = (hunter + 1 + seed // n % (n - 1)) % n
        use = seed % 3 != 0
        hand = play_privileged(privileged_deal(profile, seed, hunter, holder), hunter, holder, use)
        settlement = reversis.settle(hand)
        paid = [p for p in settlement.payments if p.reason == "reversis_made"]
        if not paid:
            continue
        extra = state_of(hand).extra
        rev, used = extra.committed, bool(extra.privilege_used)
        made[used] += 1
        if used and extra.privilege != rev:
            assert [(p.payer, p.payee) for p in paid] == [(extra.privilege, rev)]
        else:
            assert sorted(int(p.payer) for p in paid) == [s for s in range(n) if s != rev]
        for k in range(1, n):
            moved = reversis.settle(rotated(hand, k))
            assert moved_payments(settlement, k, n) == moved_payments(moved, 0, n), (seed, k)
    assert made[True] >= 3, made
