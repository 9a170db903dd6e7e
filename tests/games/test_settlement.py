"""Fournier money (fournier-1785 §5, §7-§11): settlement of a hand."""

from __future__ import annotations

import random

import pytest

import reversis
from helpers import deal, decline_all, moved_payments, paying_settlement, play, rotated, steered
from reversis import (
    BasketStakes,
    Beast,
    Payment,
    Profile,
    StakesError,
    load_profile,
    new_hand,
    settle,
)
from reversis.hand import Hand

PROFILES = tuple(reversis.available_profiles())

P = Payment

# Seats: dealer S = 0, eldest E = 1, N = 2, W = 3.
# E leads three spades that nobody can beat, then the ♥K; N's only heart is the Quinola.
QUINOLA_FORCED = [
    "2H 9S 8S 2C 3C 4C 5C 6C 2D 3D 4D 5D",  # S
    "KH KS QS JS KC QC JC KD QD JD AH",  # E
    "JH 4S 3S 2S AC 9C 8C 7C AD 9D 8D",  # N
    "3H 7S 6S 5S 7D 6D QH 9H 8H 7H 6H",  # W
]
QUINOLA_FORCED_WIDOW = "AS 5H 4H"

# S holds eleven spades and takes every trick; N places the ♣A on trick 1, W the Quinola on trick 4.
REVERSIS = [
    "AS KS QS JS 9S 8S 7S 6S 5S 4S 3S 2D",  # S
    "2S AH KH QH 9H 8H 7H 6H 5H 4H 3H",  # E
    "AC KC QC JC 9C 8C 7C 6C 5C 4C 3C",  # N
    "JH AD KD QD JD 9D 8D 7D 6D 5D 4D",  # W
]
REVERSIS_WIDOW = "2H 2C 3D"


def _forced_hand(profile: Profile, stakes: object = None) -> Hand:
    return decline_all(deal(profile, QUINOLA_FORCED, QUINOLA_FORCED_WIDOW, stakes=stakes), "6C")


def test_worked_example_placed_ace_on_trick_one(fournier: Profile) -> None:
    # fournier-1785 worked example: E leads ♠5, N ♠9, W renounces with A♦, S wins with ♠K:
    # S pays W 4 (2, doubled à la bonne).
    hands = [
        "AS KS QS JS 2S 5H 4H 3H 6C 5C 4C 3C",
        "5S 4S 3S AH KH QH JH 9H 8H 7H 6H",
        "9S 8S 7S 6S AC KC QC JC 9C 8C 7C",
        "AD KD QD JD 9D 8D 7D 6D 5D 4D 3D",
    ]
    hand = play(decline_all(deal(fournier, hands, "2H 2C 2D"), "3H"), "5S 9S AD KS")
    assert settle(hand).payments == (P(0, 3, 4, "ace_placed", 1),)
    assert settle(hand).net == (-4, 0, 0, 4)
    assert not settle(hand).final


def test_worked_example_forced_quinola_on_trick_four(fournier: Profile) -> None:
    # fournier-1785 worked example: basket 24, no beast. Trick 4: E leads ♥K, N plays the J♥
    # (forced), W ♥3, S ♥2. N pays E 8; W and S pay E 4 each. N owes a beast of 24, in play.
    hand = _forced_hand(fournier, {"basket": 24, "beasts": []})
    hand = play(hand, "KS 2S 5S 8S  QS 3S 6S 9S  JS 4S 7S 2C")
    assert all(t.winner == 1 for t in hand.tricks)
    assert settle(hand).payments == ()
    hand = play(hand, "KH JH 3H 2H")
    result = settle(hand)
    assert result.payments == (
        P(2, 1, 8, "quinola_forced", 4),
        P(3, 1, 4, "quinola_consolation", 4),
        P(0, 1, 4, "quinola_consolation", 4),
    )
    assert result.net == (-4, 16, -8, -4)
    assert result.stakes == BasketStakes(24, (Beast(2, 24, True),))


def test_worked_example_forced_quinola_on_trick_one(fournier: Profile) -> None:
    # "On trick 1 the same play gives 16 / 8 / 8, and the beast is still 24."
    hand = play(_forced_hand(fournier, {"basket": 24, "beasts": []}), "KH JH 3H 2H")
    result = settle(hand)
    assert [p.amount for p in result.payments] == [16, 8, 8]
    assert result.stakes.to_dict() == {
        "basket": 24,
        "beasts": [{"owner": 2, "amount": 24, "in_play": True}],
    }


def test_worked_example_reversis_refunds(fournier: Profile) -> None:
    # fournier-1785 worked example: basket 20. Trick 1: N renounces with the ♣A, S takes it
    # (S pays N 2). Trick 4: W places the Quinola (S pays W 4; W wins the 20). S has won tricks
    # 1-9: everything is refunded and the basket holds 20 again. S wins tricks 10 and 11:
    # S +48; E, N, W -16 each.
    hand = decline_all(deal(fournier, REVERSIS, REVERSIS_WIDOW), "2D")
    hand = play(hand, "2S AC 4D AS")
    assert P(0, 2, 2, "ace_placed", 1) in settle(hand).payments
    hand = play(hand, "KS 3H 3C 5D  QS 4H 4C 6D  JS 5H 5C JH")
    result = settle(hand)
    assert P(0, 3, 4, "quinola_placed", 4) in result.payments
    assert P("basket", 3, 20, "basket", 4) in result.payments
    assert result.stakes.to_dict() == {"basket": 0, "beasts": []}
    for lead in ["9S", "8S", "7S", "6S", "5S"]:
        hand = hand.apply(lead)
        for _ in range(3):
            hand = hand.apply(hand.legal_moves()[0])
    assert hand.reversis.committed == 0
    committed = settle(hand)
    assert committed.payments == ()  # everything of tricks 1-9 is cancelled
    assert committed.stakes.to_dict() == {"basket": 20, "beasts": []}
    for lead in ["4S", "3S"]:
        hand = hand.apply(lead)
        for _ in range(3):
            hand = hand.apply(hand.legal_moves()[-1])  # aces played now pay nothing
    result = settle(hand)
    assert result.final
    assert result.payments == (
        P(1, 0, 16, "reversis_made", 11),
        P(2, 0, 16, "reversis_made", 11),
        P(3, 0, 16, "reversis_made", 11),
    )
    assert result.net == (48, -16, -16, -16)
    assert result.stakes.to_dict() == {"basket": 20, "beasts": []}


def _play_out(hand: Hand, seed: int) -> Hand:
    rng = random.Random(seed)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    return hand


def test_pot_paid_by_the_loser_to_the_winner(fournier: Profile) -> None:
    # fournier-1785 §7: the loser pays the pot value to the winner; nobody else pays.
    for seed in range(40):
        hand = _play_out(new_hand(fournier, seed=seed), seed)
        pots = [p for p in settle(hand).payments if p.reason == "pot"]
        if hand.reversis.committed is not None:
            assert pots == []
        else:
            assert pots == [
                P(hand.reversis.loser, hand.reversis.winner, hand.reversis.pot_value, "pot", None)
            ]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("card", "placed", "forced", "led"),
    [("AS", 1, 2, 1), ("AC", 1, 2, 1), ("AH", 1, 2, 1), ("AD", 2, 4, 2), ("JH", 4, 8, 4)],
)
def test_payment_table(fournier: Profile, card: str, placed: int, forced: int, led: int) -> None:
    # fournier-1785 §10, over many random hands: each special card pays by the table, doubled on
    # tricks 1 and 11, the led payments going to the pot winner unless the leader is the winner.
    seen = set()
    for seed in range(400):
        hand = _play_out(new_hand(fournier, seed=seed, dealer=seed % 4), seed)
        if hand.reversis.committed is not None:
            continue
        result = settle(hand)
        for trick in hand.tricks:
            for position, (seat, played) in enumerate(trick.plays):
                if played.code != card:
                    continue
                double = 2 if trick.number in (1, 11) else 1
                name = "quinola" if card == "JH" else "ace"
                if position == 0:
                    kind, payer, payee, amount = "led", seat, hand.reversis.winner, led
                elif played.suit != trick.plays[0][1].suit:
                    kind, payer, payee, amount = "placed", trick.winner, seat, placed
                else:
                    kind, payer, payee, amount = "forced", seat, trick.leader, forced
                expected = P(payer, payee, amount * double, f"{name}_{kind}", trick.number)  # type: ignore[arg-type]
                if kind == "led" and seat == hand.reversis.winner:
                    assert not [
                        p
                        for p in result.payments
                        if p.reason == f"{name}_led" and p.trick == trick.number
                    ]
                else:
                    assert expected in result.payments
                seen.add(kind)
    assert seen == {"led", "placed", "forced"}


def test_led_payments_not_claimed(fournier: Profile) -> None:
    # fournier-1785 §10 [profile flag]: led payments are owed only if the pot winner claims them.
    lazy = fournier.evolve(money={"claim_led": False})
    for seed in range(60):
        hand = _play_out(new_hand(lazy, seed=seed), seed)
        assert not [p for p in settle(hand).payments if p.reason.endswith("_led")]


def test_three_player_consolation(fournier3: Profile) -> None:
    # fournier-1785 three players: the one other player pays 4 for a forced Quinola.
    found = 0
    for seed in range(300):
        hand = _play_out(new_hand(fournier3, seed=seed, dealer=seed % 3), seed)
        if hand.reversis.committed is not None:
            continue
        consolations = [p for p in settle(hand).payments if p.reason == "quinola_consolation"]
        forced = [p for p in settle(hand).payments if p.reason == "quinola_forced"]
        if forced:
            (f,) = forced
            double = 2 if f.trick in (1, 11) else 1
            assert [(p.amount, p.payee) for p in consolations] == [(4 * double, f.payee)]
            found += 1
    assert found > 10


# ---------------------------------------------------------------------------------------------
# The beast sheet, fournier-1785 §9
# ---------------------------------------------------------------------------------------------


def _placed_quinola_hand(profile: Profile, stakes: object) -> Hand:
    """W (seat 3) places the Quinola on trick 4, on a spade led by S (seat 0)."""
    hand = decline_all(deal(profile, REVERSIS, REVERSIS_WIDOW, stakes=stakes), "2D")
    return play(hand, "2S AC 4D AS  KS 3H 3C 5D  QS 4H 4C 6D  JS 5H 5C JH")


def test_second_beast_recorded_not_in_play(fournier: Profile) -> None:
    stakes = {"basket": 8, "beasts": [{"owner": 3, "amount": 30, "in_play": True}]}
    hand = play(_forced_hand(fournier, stakes), "KH JH 3H 2H")
    # the basket's amount: its counters plus the beast in play
    assert settle(hand).stakes == BasketStakes(8, (Beast(3, 30, True), Beast(2, 38, False)))


def test_beast_paid_to_the_next_basket_winner(fournier: Profile) -> None:
    stakes = {"basket": 8, "beasts": [{"owner": 1, "amount": 30, "in_play": True}]}
    result = settle(_placed_quinola_hand(fournier, stakes))
    assert P("basket", 3, 8, "basket", 4) in result.payments
    assert P(1, 3, 30, "beast", 4) in result.payments
    assert result.stakes == BasketStakes(0, ())


def test_beast_crossed_out_when_its_owner_wins(fournier: Profile) -> None:
    stakes = {"basket": 8, "beasts": [{"owner": 3, "amount": 30, "in_play": True}]}
    result = settle(_placed_quinola_hand(fournier, stakes))
    assert not [p for p in result.payments if p.reason == "beast"]
    assert result.stakes == BasketStakes(0, ())


def test_most_recent_beast_put_in_play_next(fournier: Profile) -> None:
    stakes = {
        "basket": 4,
        "beasts": [
            {"owner": 1, "amount": 24, "in_play": True},
            {"owner": 2, "amount": 28, "in_play": False},
            {"owner": 1, "amount": 32, "in_play": False},
        ],
    }
    result = settle(_placed_quinola_hand(fournier, stakes))
    assert P(1, 3, 24, "beast", 4) in result.payments
    assert result.stakes == BasketStakes(0, (Beast(2, 28, False), Beast(1, 32, True)))


def test_reversis_restores_a_beast_paid(fournier: Profile) -> None:
    stakes = {"basket": 8, "beasts": [{"owner": 1, "amount": 30, "in_play": True}]}
    hand = _placed_quinola_hand(fournier, stakes)
    assert settle(hand).stakes == BasketStakes(0, ())
    for lead in ["9S", "8S", "7S", "6S", "5S"]:
        hand = hand.apply(lead)
        for _ in range(3):
            hand = hand.apply(hand.legal_moves()[0])
    result = settle(hand)
    assert result.payments == ()
    assert result.stakes == BasketStakes(8, (Beast(1, 30, True),))


# The reversis player's own Quinola: S leads it on trick 2 and wins it (the ♥A and ♥Q are in the
# widow, which everyone declines into the pot).
OWN_QUINOLA = [
    "AS KS QS JS 9S 8S 7S 6S 5S KH JH 2D",  # S (dealer)
    "4S 3S 2S 9H 8H 7H 6H 5H 4H 3H 2H",  # E
    "AC KC QC JC 9C 8C 7C 6C 5C 4C 3C",  # N
    "AD KD QD JD 9D 8D 7D 6D 5D 4D 3D",  # W
]
OWN_STAKES = {"basket": 12, "beasts": [{"owner": 2, "amount": 20, "in_play": True}]}


def _own_quinola(profile: Profile, discard: str) -> Hand:
    hand = decline_all(deal(profile, OWN_QUINOLA, "AH QH 2C", stakes=OWN_STAKES), discard)
    hand = play(hand, "2S")
    hand = hand.apply(hand.legal_moves()[0]).apply(
        hand.apply(hand.legal_moves()[0]).legal_moves()[0]
    )
    hand = hand.apply("AS")
    assert hand.tricks[0].winner == 0
    hand = hand.apply("JH")  # the Quinola led
    for lead in ["KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "KH"]:
        while hand.to_move != 0 or hand.current_trick is not None:
            hand = hand.apply(hand.legal_moves()[0])
        if hand.is_over or lead not in [str(m) for m in hand.legal_moves()]:
            break
        hand = hand.apply(lead)
    while not hand.is_over:
        hand = hand.apply(hand.legal_moves()[0])
    return hand


def test_reversis_player_own_quinola_made(fournier: Profile) -> None:
    # fournier-1785 §8: the reversis player who played the Quinola led or forced on tricks 1-9
    # also wins the basket, with the beast in play, as they stood at the start of the hand.
    hand = _own_quinola(fournier, "2D")
    assert hand.reversis.committed == 0
    assert hand.reversis.breaker is None
    result = settle(hand)
    assert result.payments == (
        P("basket", 0, 12, "basket", 11),
        P(2, 0, 20, "beast", 11),
        P(1, 0, 16, "reversis_made", 11),
        P(2, 0, 16, "reversis_made", 11),
        P(3, 0, 16, "reversis_made", 11),
    )
    assert result.stakes == BasketStakes(0, ())


def test_reversis_player_own_quinola_broken(fournier: Profile) -> None:
    # ... if broken, they owe a beast as well as paying the 16 (basket 12 + beast in play 20).
    hand = _own_quinola(fournier, "5S")  # S keeps the ♦2 and must lead it on trick 10
    assert hand.reversis.committed == 0
    assert hand.reversis.breaker == 3
    assert len(hand.tricks) == 10
    result = settle(hand)
    assert result.payments == (P(0, 3, 16, "reversis_broken", 10),)
    assert result.stakes == BasketStakes(12, (Beast(2, 20, True), Beast(0, 32, False)))


def test_bad_stakes(fournier: Profile) -> None:
    cases = [
        ({"basket": -1, "beasts": []}, "must not be negative"),
        ({"basket": 20}, "missing 'beasts'"),
        ({"basket": 20, "beasts": [], "pots": []}, "unknown key 'pots'"),
        ({"basket": 20, "beasts": [{"owner": 0, "amount": 4, "in_play": True},
                                   {"owner": 1, "amount": 4, "in_play": True}]}, "two beasts"),
        ({"basket": 20, "beasts": [{"owner": 0, "amount": 4, "in_play": False}]}, "none is in play"),
        ({"basket": 20, "beasts": [{"owner": 7, "amount": 4, "in_play": True}]}, "owner must be a seat"),
        ({"basket": 20, "beasts": [{"owner": 0, "amount": 0, "in_play": True}]}, "positive"),
        ({"basket": "20", "beasts": []}, "integer"),
        ({"pots": [25], "cycle_remised": False}, "unknown key"),
        ([20], "table of keys"),
    ]  # fmt: skip
    for stakes, words in cases:
        with pytest.raises(StakesError, match=words):
            new_hand(fournier, seed=1, stakes=stakes)  # type: ignore[arg-type]


# Seat 2 holds the four aces and renounces the ♠A on R's ♦K; R (seat 1) then takes every trick.
ALONE = [
    "KC QC JC 9C 8C 7C 6C 5C 4C 3C 2C 5H",  # seat 0, the dealer
    "KS QS JS 9S 8S 7S 6S 5S 4S 3S KD",  # seat 1, the eldest: the reversis player
    "AS AH AD AC KH QH JH 9H 8H 7H 2S",  # seat 2: the four aces
    "QD JD 9D 8D 7D 6D 5D 4D 3D 2D 6H",  # seat 3
]


def test_four_aces_pay_a_made_reversis_alone(fournier: Profile) -> None:
    # fournier-1785 §8, §11: the four-aces player who used the privilege pays another's made
    # reversis alone, in one payment of 16 x 3, and returns his ace winnings (cancelled anyway).
    hand = decline_all(deal(fournier, ALONE, "4H 3H 2H"), "5H")
    assert hand.reversis.privilege_holder == 2
    hand = play(hand, "KD AS 2D 2C")  # seat 2 places the ♠A although holding the ♦A
    assert hand.reversis.privilege_used == 1
    assert P(1, 2, 2, "ace_placed", 1) in settle(hand).payments
    for lead in ["KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"]:
        hand = hand.apply(lead)
        for _ in range(3):
            legal = hand.legal_moves()
            hand = hand.apply(
                next(m for m in legal if str(m) != "2S") if len(legal) > 1 else legal[0]
            )
    assert hand.is_over
    assert hand.reversis.committed == 1
    result = settle(hand)
    assert result.payments == (P(2, 1, 48, "reversis_made", 11),)
    assert result.net == (0, 48, -48, 0)


def test_four_aces_and_a_broken_reversis(fournier: Profile) -> None:
    # "When another's reversis is broken, the privilege changes nothing": R pays the breaker only.
    hands = [
        "KC QC JC 9C 8C 7C 6C 5C 4C 3C 3S 5H",  # seat 0, the dealer: will break it
        "KS QS JS 9S 8S 7S 6S 5S 4S 2C KD",  # seat 1, the reversis player
        ALONE[2],
        ALONE[3],
    ]
    hand = decline_all(deal(fournier, hands, "4H 3H 2H"), "5H")
    hand = play(hand, "KD AS 2D 3C")
    for lead in ["KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "2C"]:
        hand = hand.apply(lead)
        for _ in range(3):
            legal = hand.legal_moves()
            if hand.to_move == 2:  # the privileged seat keeps its ♣A
                order = sorted(legal, key=lambda m: "HSDC".index(m.card.suit.code))  # type: ignore[union-attr]
                hand = hand.apply(order[0])
            else:
                hand = hand.apply(legal[0])
    assert hand.is_over
    assert (hand.reversis.committed, hand.reversis.breaker) == (1, 0)
    assert settle(hand).payments == (P(1, 0, 16, "reversis_broken", 10),)


# ---------------------------------------------------------------------------------------------
# Settlements on random and steered hands, whoever sits where (fournier-1785 §8-§12)
# ---------------------------------------------------------------------------------------------


def test_paid_by_and_received_by_split_the_payments() -> None:
    for name in PROFILES:
        settlement = paying_settlement(load_profile(name))
        accounts = {p.payer for p in settlement.payments} | {p.payee for p in settlement.payments}
        for account in accounts:
            paid = settlement.paid_by(account)
            received = settlement.received_by(account)
            assert all(p.payer == account for p in paid)
            assert all(p.payee == account for p in received)
            assert len(paid) == sum(p.payer == account for p in settlement.payments)
            assert len(received) == sum(p.payee == account for p in settlement.payments)


@pytest.mark.parametrize("name", ["fournier-1785", "fournier-1785-3p", "hoyle", "english"])
def test_settlements_follow_the_seats_round_the_table(name: str) -> None:
    """A hand dealt and played the same way with every seat moved on settles the same way, the
    payments moved with the seats: reversis made and broken, the privilege, quinolas and aces,
    whoever sits where (fournier-1785 §8-§12)."""
    profile = load_profile(name)
    n = profile.players
    kinds: set[str] = set()
    for seed in range(160):
        hand = steered(profile, seed, hunter=seed % n)
        settlement = reversis.settle(hand)
        reasons = {p.reason for p in settlement.payments}
        kinds |= reasons
        # The money is conserved: what the seats gain the stakes lose (the undoing of others' pool
        # payments at a Hoyle commitment included, hoyle §11).
        moved_in = settlement.stakes.pool_total - hand.deal.stakes.pool_total
        assert sum(settlement.net) + moved_in == 0, seed
        # fournier-1785 §8: broken, the reversis player pays the breaker, on the trick it broke.
        broken = [e for e in hand.events if isinstance(e, reversis.events.ReversisBroken)]
        assert [
            (p.payer, p.payee, p.trick)
            for p in settlement.payments
            if p.reason == "reversis_broken"
        ] == [(e.seat, e.breaker, e.trick) for e in broken]
        if broken and broken[0].trick > profile.reversis.commit + 1:  # type: ignore[union-attr]
            kinds.add("broken late")
        interesting = (
            reasons & {"reversis_made", "reversis_broken"}
            or hand.reversis.privilege_holder is not None
        )
        if not interesting and seed % 8:
            continue
        for k in range(1, n):
            moved = reversis.settle(rotated(hand, k))
            assert moved_payments(settlement, k, n) == moved_payments(moved, 0, n), (seed, k)
            assert moved.net == tuple(settlement.net[(s - k) % n] for s in range(n))
    assert {"reversis_made", "reversis_broken", "broken late"} <= kinds, kinds
