"""Tëtka (tetka §1-§7): worked examples and rules."""

from __future__ import annotations

import random

import pytest

import reversis
import reversis.bots.players
from helpers import random_moves, trick_record, with_tricks
from reversis import Card, DealError, deal_hand, load_profile, new_hand, new_match, settle
from reversis import events as ev
from reversis.engine.facts import MostTricks
from reversis.engine.state import TrickRecord
from reversis.games.common import pairwise
from reversis.games.tetka import TETKA as TETKA_GAME
from reversis.games.tetka import Score, most_tricks, scores

TETKA = load_profile("tetka")
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"


def _deal(bum: str, dealer: int = 0) -> reversis.Hand:
    """Any deal of Tëtka whose bum card is ``bum`` (the suits dealt one a seat, the bum's to the
    dealer)."""
    suits = [SPADES, HEARTS, DIAMONDS, CLUBS]
    mine = next(s for s in suits if bum in s.split())
    suits.remove(mine)
    hands = [""] * 4
    hands[dealer] = mine
    for seat in range(4):
        if seat != dealer:
            hands[seat] = suits.pop()
    return deal_hand(TETKA, [h.split() for h in hands], dealer=dealer, bum=bum)


def _trick(leader: int, cards: str, winner: int) -> TrickRecord:
    return trick_record(leader, cards, winner)


def test_the_deal_and_the_bum_card() -> None:
    # tetka §2: one card at a time from the eldest; the 52nd, the dealer's, is the bum card.
    deck = [c.code for c in TETKA.deck]
    hand = reversis.deal_from_deck(TETKA, deck, dealer=2)
    assert hand.tetka.bum == Card.parse(deck[51])
    assert hand.tetka.bum in hand.hand_of(2)
    assert [c.code for c in hand.hand_of(3)] == sorted(deck[0::4], key=Card.parse)
    assert hand.tetka.tetka == Card(hand.tetka.bum.suit, 12)
    assert hand.deal.deck == tuple(Card.parse(c) for c in deck)
    # the bum card is public from the deal on
    for seat in range(4):
        assert hand.view(seat).shown == hand.tetka.bum
    assert ev.CardShown(2, hand.tetka.bum) in hand.events
    with pytest.raises(DealError, match="bum card"):
        deal_hand(TETKA, [h.split() for h in (SPADES, HEARTS, DIAMONDS, CLUBS)], dealer=0)
    with pytest.raises(DealError, match="one of the dealer's"):
        deal_hand(TETKA, [h.split() for h in (SPADES, HEARTS, DIAMONDS, CLUBS)], bum="2H")
    again = deal_hand(TETKA, hand.deal.dealt, dealer=2, bum=hand.tetka.bum)
    assert again == hand
    assert again.deal.deck[-1] == hand.tetka.bum


@pytest.mark.parametrize(
    ("bum", "trick"),
    [("AC", 1), ("2D", 2), ("9H", 9), ("10S", 10), ("JS", 11), ("QD", 12), ("KD", 13)],
)
def test_the_bum_trick_is_the_bum_rank(bum: str, trick: int) -> None:
    # tetka §4: ace 1, 2-10, jack 11, queen 12, king 13.
    assert _deal(bum).tetka.bum_trick == trick


def test_worked_example_one_trick_five_points() -> None:
    # tetka, worked example 1: bum 7H; trick 7: seat 2 leads KH, seat 3 QH, seat 0 7H, seat 1 QC.
    tricks = [_trick(0, "2S 3S 4S 5S", 0)] * 6 + [_trick(2, "KH QH 7H QC", 2)]
    made = scores(with_tricks(_deal("7H"), tricks, over=False))
    assert [s for s in made if s.trick == 7] == [
        Score(2, 2, "tetka", 7),
        Score(2, 1, "bum_card", 7),
        Score(2, 1, "queen", 7),
        Score(2, 1, "bum_trick", 7),
    ]
    assert sum(s.points for s in made if s.trick == 7) == 5


def test_worked_example_bum_queen() -> None:
    # tetka, worked example 2: the bum card QS is Tëtka; seat 1 leads hearts, the others discard high
    # to low keeping their queen for trick 12: trick 12 scores 7; points (0, 9, 0, 0).
    hand = deal_hand(TETKA, [h.split() for h in (SPADES, HEARTS, DIAMONDS, CLUBS)], bum="QS")
    assert hand.tetka.tetka == Card.parse("QS")
    assert hand.tetka.bum_trick == 12
    leads = "AH KH JH 10H 9H 8H 7H 6H 5H 4H 3H QH 2H".split()
    keeps = {0: SPADES, 2: DIAMONDS, 3: CLUBS}
    discards = {
        seat: [c for c in reversed(cards.split()) if not c.startswith("Q")]
        for seat, cards in keeps.items()
    }
    for number, lead in enumerate(leads, start=1):
        hand = hand.apply(lead)
        for seat in (2, 3, 0):
            suit = keeps[seat].split()[0][-1]
            hand = hand.apply(f"Q{suit}" if number == 12 else discards[seat].pop(0))
    assert hand.is_over
    trick12 = [s for s in hand.tetka.scores if s.trick == 12]
    assert sum(s.points for s in trick12) == 7
    assert [s.reason for s in trick12] == [
        "queen",
        "queen",
        "queen",
        "tetka",
        "bum_card",
        "bum_trick",
    ]
    assert hand.points == (0, 9, 0, 0)
    assert hand.tetka.most_tricks == (1, "tricks")
    assert settle(hand).net == (9, -27, 9, 9)


def test_worked_example_bum_king() -> None:
    # tetka, worked example 3: bum KD; trick 13: seat 3 4C, seat 0 9C, seat 1 2C, seat 2 8S.
    hand = _deal("KD")
    tricks = [_trick(0, "2S 3S 4S 5S", 0)] * 12 + [_trick(3, "4C 9C 2C 8S", 0)]
    last = [s for s in scores(with_tricks(hand, tricks, over=False)) if s.trick == 13]
    assert last == [Score(0, 1, "bum_trick", 13), Score(0, 1, "last_trick", 13)]


def test_worked_example_bum_ace() -> None:
    # tetka, worked example 4: bum AC: trick 1 is the bum trick.
    hand = _deal("AC")
    first = scores(with_tricks(hand, [_trick(1, "3H JH 5H 2D", 2)], over=False))
    assert first == (Score(2, 1, "bum_trick", 1),)
    second = scores(
        with_tricks(hand, [_trick(1, "4S 5S 6S 7S", 1), _trick(1, "3H JH 5H 2D", 2)], over=False)
    )
    assert [s for s in second if s.trick == 2] == []


def _won(
    counts: tuple[int, ...], diamonds: dict[int, str], latest: dict[int, list[int]]
) -> list[TrickRecord]:
    """Thirteen tricks: seat s wins counts[s] of them (the numbers in ``latest`` if given), with the
    diamonds of ``diamonds[s]`` among its cards."""
    fill = iter(c for c in (SPADES + " " + CLUBS + " " + HEARTS).split())
    numbers: dict[int, list[int]] = {}
    free = list(range(1, 14))
    for seat, wanted in latest.items():
        numbers[seat] = wanted
        for n in wanted:
            free.remove(n)
    for seat, count in enumerate(counts):
        numbers.setdefault(seat, [])
        while len(numbers[seat]) < count:
            numbers[seat].append(free.pop(0))
    pending = {seat: diamonds.get(seat, "").split() for seat in range(4)}
    other = [c for c in DIAMONDS.split() if not any(c in d.split() for d in diamonds.values())]
    tricks: dict[int, TrickRecord] = {}
    for seat, nums in numbers.items():
        for n in nums:
            cards = []
            while pending[seat] and len(cards) < 4:
                cards.append(pending[seat].pop())
            while len(cards) < 4:
                cards.append(other.pop() if seat in (2, 3) and other else next(fill))
            tricks[n] = _trick(seat, " ".join(cards), seat)
    return [tricks[n] for n in range(1, 14)]


def test_worked_example_most_tricks() -> None:
    # tetka §5, worked example 5: bum 6D; tricks (4, 4, 3, 2).
    hand = _deal("6D")

    def most(tricks: list[TrickRecord]) -> tuple[int, str]:
        return most_tricks(with_tricks(hand, tricks, over=True))

    a = _won((4, 4, 3, 2), {0: "2D 3D", 1: "4D 5D 7D 8D 9D"}, {})
    assert most(a) == (1, "bum_suit_cards")
    b = _won((4, 4, 3, 2), {0: "KD 9D 2D", 1: "QD 5D 4D", 2: "AD"}, {})
    assert most(b) == (0, "highest_bum_card")
    c = _won((4, 4, 3, 2), {}, {0: [2, 5, 8, 11], 1: [1, 3, 6, 9]})
    assert most(c) == (0, "latest_trick")
    d = _won((5, 4, 3, 1), {}, {})
    assert most(d) == (0, "tricks")


def test_worked_example_settling_a_hand() -> None:
    # tetka, worked example 6: points (3, 1, 5, 0): seat 0 pays seat 1 2 and seat 3 3; seat 1 pays
    # seat 3 1; seat 2 pays seat 0 2, seat 1 4, seat 3 5. Net (-3, 5, -11, 9).
    payments = pairwise((3, 1, 5, 0))
    assert [(p.payer, p.payee, p.amount) for p in payments] == [
        (0, 1, 2), (2, 0, 2), (0, 3, 3), (2, 1, 4), (1, 3, 1), (2, 3, 5),
    ]  # fmt: skip
    net = [0] * 4
    for p in payments:
        net[int(p.payer)] -= p.amount
        net[int(p.payee)] += p.amount
    assert net == [-3, 5, -11, 9]


@pytest.mark.parametrize("seed", range(30))
def test_every_hand_gives_nine_points(seed: int) -> None:
    # tetka §6: every hand gives exactly 9 points; scores add up to the points.
    hand = random_moves(new_hand(TETKA, seed=seed, dealer=seed % 4), seed)
    assert sum(hand.points) == 9
    for seat in range(4):
        assert sum(s.points for s in hand.tetka.scores if s.seat == seat) == hand.points[seat]
    assert settle(hand).net == tuple(9 - 4 * p for p in hand.points)
    assert (
        next(e for e in hand.events if isinstance(e, ev.MostTricks)).seat
        == hand.tetka.most_tricks[0]
    )  # type: ignore[index]


def test_final_points_add_most_tricks() -> None:
    state = with_tricks(_deal("6D"), _won((5, 4, 3, 1), {}, {}), over=True)
    facts = TETKA_GAME.end_facts(state)
    assert facts[0] == MostTricks(0, "tricks")


def test_a_game_of_tetka() -> None:
    # tetka §7: 4 × orbits hands, the deal passing to the left; totals; the lowest wins (a tie
    # shared); the game's net is the sum of the hands' nets: 36 - 4 × totals for one orbit.
    match = new_match(TETKA, seed=5, dealer=0)
    bots = [reversis.bots.players.RandomBot(random.Random(s)) for s in range(4)]
    while not match.is_over:
        match = match.start_hand()
        assert match.hand is not None
        match = match.finish_hand(reversis.bots.players.play_hand(match.hand, bots))
    assert match.dealers == (0, 1, 2, 3)
    assert match.total_hands == 4
    totals = match.totals
    assert sum(totals) == 36
    assert match.net == tuple(36 - 4 * t for t in totals)
    assert match.winners == tuple(s for s in range(4) if totals[s] == min(totals))
    two = TETKA.evolve(name="tetka-2", tetka={"orbits": 2})
    assert new_match(two, seed=1).total_hands == 8


def test_worked_example_a_game() -> None:
    # tetka, worked example 7: totals (7, 7, 12, 10): seats 0 and 1 share the win; net over the
    # game 36 - 4 × totals = (8, 8, -12, -4).
    by_hand = [(2, 3, 4, 0), (1, 1, 6, 1), (2, 3, 0, 4), (2, 0, 2, 5)]
    totals = tuple(sum(h[s] for h in by_hand) for s in range(4))
    assert totals == (7, 7, 12, 10)
    net = [0] * 4
    for points in by_hand:
        for p in pairwise(points):
            net[int(p.payer)] -= p.amount
            net[int(p.payee)] += p.amount
    assert tuple(net) == (8, 8, -12, -4)
