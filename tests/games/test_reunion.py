"""Réunion (reunion §1-§8): worked examples and rules."""

from __future__ import annotations

import random

import pytest

import reversis
import reversis.bots.players
import reversis.records.notation
import reversis.views.view
from helpers import crafted, random_moves, random_states, with_tricks
from reversis import (
    Card,
    DealError,
    IllegalMoveError,
    deal_hand,
    load_profile,
    new_hand,
    new_match,
    settle,
)
from reversis.engine.state import TrickRecord
from reversis.games.reunion import REUNION as REUNION_GAME
from reversis.games.reunion import card_values, game_payments
from reversis.hand import state_of

REUNION = load_profile("reunion")
TEN_HIGH = REUNION.evolve(name="reunion-ten-high", reunion={"ten_high": True})
NEEDS_TRICK = REUNION.evolve(name="reunion-needs-trick", reunion={"discard_needs_trick": True})


def _order(profile: reversis.Profile, turn_up: str, suit: str) -> list[str]:
    """The cards that count as ``suit`` with ``turn_up`` turned, high to low."""
    deal = state_of(_dealt(turn_up, profile)).deal
    assert deal.trumps is not None
    power = deal.trumps.power
    index = "CDHS".index(suit)
    cards = [c for c in profile.deck if deal.suits[index] >> c.index & 1]
    return [c.code for c in sorted(cards, key=lambda c: -power[c.index])]


def test_worked_example_trumps() -> None:
    # reunion, worked example 1.
    assert _order(REUNION, "9H", "H") == "JH JD AH KH QH 10H 9H 8H 7H".split()
    assert _order(REUNION, "9H", "D") == "AD KD QD 10D 9D 8D 7D".split()
    assert _order(REUNION, "9H", "S") == "AS KS QS JS 10S 9S 8S 7S".split()
    assert _order(REUNION, "8C", "C")[:3] == ["JC", "JS", "AC"]
    assert _order(REUNION, "8C", "S") == "AS KS QS 10S 9S 8S 7S".split()
    # [profile flag] ten_high
    assert _order(TEN_HIGH, "9H", "H") == "JH JD AH 10H KH QH 9H 8H 7H".split()
    assert _order(TEN_HIGH, "9H", "S") == "AS 10S KS QS JS 9S 8S 7S".split()


@pytest.mark.parametrize("turn_up", ["9H", "8C", "AD", "7S"])
def test_worked_example_points(turn_up: str) -> None:
    # reunion §3, worked example 2: the 32 cards make 140 whatever the trumps, 150 with the last
    # trick.
    values = card_values(state_of(_dealt(turn_up)).deal)
    assert sum(values[c.index] for c in REUNION.deck) == 140


def _dealt(turn_up: str, profile: reversis.Profile = REUNION) -> reversis.Hand:
    """A deal whose turn-up is ``turn_up`` (the rest of the pack in card order)."""
    rest = [c.code for c in REUNION.deck if c.code != turn_up]
    hands = [rest[0:10], rest[10:20], rest[20:30]]
    return deal_hand(profile, hands, [rest[30], turn_up], dealer=0)


def _following(turn_up: str, led: str, holding: str) -> set[str]:
    """What seat 2 may play when seat 1 leads ``led`` and it holds ``holding``."""
    hand = _dealt(turn_up)
    hand = hand.apply(hand.legal_moves()[0]).apply(
        hand.apply(hand.legal_moves()[0]).legal_moves()[0]
    )
    others = [c.code for c in REUNION.deck if c.code not in [*holding.split(), led]]
    holdings = [" ".join(others[:10]), " ".join(others[10:19]), holding]
    state = crafted(hand, holdings=holdings, current=(1, led), to_move=2)
    return {str(m) for m in state.legal_moves()}


def test_worked_example_following() -> None:
    # reunion §5, worked example 3: trumps ♥ (turn-up 9H).
    assert _following("9H", "8D", "JD 9S KC") == {"JD"}
    assert _following("9H", "8D", "JD 7D 9S") == {"7D"}
    assert _following("9H", "8D", "9S KC 7H AH") == {"7H", "AH"}
    assert _following("9H", "8D", "9S KC 10S") == {"9S", "KC", "10S"}
    assert _following("9H", "JD", "7H 8D") == {"7H"}


def test_worked_example_following_and_winning() -> None:
    # reunion worked example 3: seat 1 leads AS, seat 2 (no spade) trumps with QH, seat 0 (no
    # spade, 7H AH) may play 7H; seat 2 wins 11 + 3 + 0 = 14 points.
    hand = _dealt("9H")
    hand = hand.apply(hand.legal_moves()[0])
    hand = hand.apply(hand.legal_moves()[0])
    others = [c.code for c in REUNION.deck if c.code not in ("AS", "QH", "7H", "AH")]
    holdings = [
        " ".join(["7H", "AH", *others[:8]]),
        " ".join(others[8:18]),
        "QH " + " ".join(others[18:27]),
    ]
    holdings[1] = holdings[1] + " AS"
    state = crafted(hand, holdings=holdings, current=(1, "AS QH"), to_move=0)
    assert {str(m) for m in state.legal_moves()} == {"7H", "AH"}
    after = state.apply("7H")
    assert after.tricks[-1].winner == 2
    assert REUNION_GAME.points(state_of(after))[2] == 14  # nothing aside


def test_worked_example_left_bower_lost() -> None:
    # reunion §7, worked example 4: trumps ♥; trick 4: seat 2 leads JH, seat 0 JD, seat 1 10H;
    # seat 2 wins 34 points and seat 0 pays seat 2 1 unit.
    hand = _dealt("9H")
    hand = hand.apply(hand.legal_moves()[0])
    hand = hand.apply(hand.legal_moves()[0])
    tricks = [(1, "7C 8C 9C"), (1, "7S 8S 9S"), (1, "10C JC QC")]
    state = crafted(hand, tricks=tricks, current=(2, "JH JD"), to_move=1,
                    holdings=["AC", "10H KC", "QS"])  # fmt: skip
    done = state.apply("10H")
    last = state_of(done).tricks[-1]
    assert last.winner == 2
    values = card_values(state_of(done).deal)
    assert sum(values[b] for b in last.cards) == 34
    payments = settle(done).payments
    assert [(p.payer, p.payee, p.amount, p.reason, p.trick) for p in payments] == [
        (0, 2, 1, "left_bower", 4)
    ]


def test_worked_example_discard() -> None:
    # reunion §4, worked example 5: widow (KD, AS): trumps ♠, bowers JS and JC. The dealer may
    # discard any but AS AH JS JC; he discards KD and 10H: 14 points for seat 0.
    dealer = "AH JS JC 10H QC 9C 8D 7D 9H 8S".split()
    rest = [c.code for c in REUNION.deck if c.code not in [*dealer, "KD", "AS"]]
    hand = deal_hand(REUNION, [dealer, rest[:10], rest[10:20]], ["KD", "AS"], dealer=0)
    assert hand.reunion.trump == "S"
    assert (hand.reunion.right_bower, hand.reunion.left_bower) == (
        Card.parse("JS"),
        Card.parse("JC"),
    )
    assert hand.reunion.turn_up == Card.parse("AS")
    assert len(hand.hand_of(0)) == 12
    choices = {str(m) for m in hand.legal_moves()}
    assert choices == {
        f"discard {c}" for c in [*dealer, "KD", "AS"] if c not in ("AS", "AH", "JS", "JC")
    }
    assert len(choices) == 8
    with pytest.raises(IllegalMoveError, match="never an ace or a bower"):
        hand.apply("discard JC")
    hand = hand.apply("discard KD").apply("discard 10H")
    assert hand.reunion.discard_points == 14
    assert hand.points == (14, 0, 0)  # reunion §6: from the moment each is discarded
    assert hand.view(1).put_aside == ()
    assert set(hand.view(0).put_aside) == {Card.parse("KD"), Card.parse("10H")}
    # [profile flag] discard_needs_trick: nothing counts before the dealer wins a trick, and if he
    # wins none the discards count for nobody (the deal totals 150 - 14 = 136)
    flagged = deal_hand(NEEDS_TRICK, [dealer, rest[:10], rest[10:20]], ["KD", "AS"], dealer=0)
    flagged = flagged.apply("discard KD").apply("discard 10H")
    assert flagged.points == (0, 0, 0)
    tricks = [TrickRecord(1, (), (), 1, 0)] * 9 + [TrickRecord(1, (), (), 2, 0)]
    assert sum(REUNION_GAME.points(with_tricks(flagged, tricks, over=False))) == 10


def test_worked_example_end_of_a_deal() -> None:
    # reunion §7, worked example 6: seat 2 won no trick and pays seats 0 and 1; seat 1 lost the
    # left bower to seat 0 in trick 4: net (+2, 0, -2).
    for seed in range(400):
        hand = random_moves(new_hand(REUNION, seed=seed, dealer=seed % 3), seed)
        taken = hand.tricks_taken
        if taken.count(0) != 1:
            continue
        result = settle(hand)
        idle = taken.index(0)
        no_trick = [p for p in result.payments if p.reason == "no_trick"]
        assert [(p.payer, p.payee) for p in no_trick] == [
            (idle, (idle + 1) % 3),
            (idle, (idle + 2) % 3),
        ]
        assert sum(result.net) == 0
        return
    pytest.fail("no deal with a trickless player in 400")


def test_the_deal_totals_150() -> None:
    for seed in range(40):
        hand = random_moves(new_hand(REUNION, seed=seed, dealer=seed % 3), seed)
        assert sum(hand.points) == 150
        assert state_of(hand).deal.widow[1] == hand.reunion.turn_up.index  # type: ignore[union-attr]


def test_the_deal_from_a_deck() -> None:
    # reunion §4: cards 0-2 to the eldest, 3-5 to the next, 6-8 to the dealer, then 4 each, then 3
    # each; the widow is deck[30:32], its second card the turn-up.
    deck = [c.code for c in REUNION.deck]
    hand = reversis.deal_from_deck(REUNION, deck, dealer=0)
    assert {c.code for c in hand.deal.dealt[1]} == set(deck[0:3] + deck[9:13] + deck[21:24])
    assert {c.code for c in hand.deal.dealt[0]} == set(deck[6:9] + deck[17:21] + deck[27:30])
    assert [c.code for c in hand.deal.widow] == deck[30:32]
    assert hand.reunion.turn_up == Card.parse(deck[31])
    assert len(hand.hand_of(0)) == 12
    for seat in (1, 2):
        assert hand.view(seat).shown == hand.reunion.turn_up
        assert Card.parse(deck[30]) not in reversis.views.view.view_cards(hand.view(seat))
    with pytest.raises(DealError, match="widow must hold 2"):
        deal_hand(REUNION, [deck[:10], deck[10:20], deck[20:30]], deck[30:31])


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ((210, 150, 90), [(2, 0, 2)]),
        ((205, 200, 45), [(2, 0, 3)]),
        ((226, 125, 99), [(1, 0, 1), (2, 0, 2)]),
        ((300, 150, 0), [(2, 0, 4)]),
        ((180, 180, 90), [(2, 0, 2), (2, 1, 2)]),
        ((150, 150, 150), []),
    ],
)
def test_worked_example_end_of_a_game(
    totals: tuple[int, int, int], expected: list[tuple[int, int, int]]
) -> None:
    # reunion §8, worked example 7.
    assert [(p.payer, p.payee, p.amount) for p in game_payments(REUNION, totals)] == expected


def test_a_game_of_reunion() -> None:
    # reunion §8: three deals, each player dealing once; the game's payments at the end.
    match = new_match(REUNION, seed=4, dealer=1)
    bots = [reversis.bots.players.RandomBot(random.Random(s)) for s in range(3)]
    while not match.is_over:
        match = match.start_hand()
        assert match.hand is not None
        match = match.finish_hand(reversis.bots.players.play_hand(match.hand, bots))
    assert match.dealers == (1, 2, 0)
    assert sum(match.totals) == 450
    assert match.final_payments == game_payments(REUNION, match.totals)
    assert sum(match.net) == 0
    assert reversis.Match.from_json(match.to_json()) == match
    assert reversis.records.notation.replay(reversis.records.notation.dump(match)) == match


def test_the_discards_points_are_the_dealers_secret_until_the_end() -> None:
    # reunion §4: the discards count for the dealer from the moment each is discarded, but they are
    # his secret: the other seats' views show the points of the tricks alone (a found leak: the
    # points told them what the discards were worth, and sample_world found no world to match).
    profile = reversis.load_profile("reunion")
    hand = reversis.new_hand(profile, seed=12)
    rng = random.Random(12)
    for _ in range(15):
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert hand.reunion.discard_points == 20  # 10S and 10D
    s = state_of(hand)
    tricks_only = REUNION_GAME.points(with_tricks(hand, s.tricks, over=False, aside=0))
    assert hand.points[hand.dealer] == tricks_only[hand.dealer] + 20
    assert hand.view(hand.dealer).points == hand.points
    for seat in (1, 2):
        assert hand.view(seat).points == tricks_only
        world = reversis.sample_world(hand.view(seat), random.Random(1))
        assert world.view(seat) == hand.view(seat)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert all(hand.view(seat).points == hand.points for seat in range(3))
    assert sum(hand.points) == 150


# ---------------------------------------------------------------------------------------------
# Réunion's points, payments and discards on random hands (reunion §3, §4, §6, §7)
# ---------------------------------------------------------------------------------------------


def test_reunion_no_trick_pays_one_to_each_other_player() -> None:
    profile = load_profile("reunion")
    seen = 0
    for seed in range(200):
        states = random_states(profile, seed)
        last = states[-1]
        takers = {trick.winner for trick in state_of(last).tricks}
        settlement = reversis.settle(last)
        for seat in range(profile.players):
            no_trick = [
                p for p in settlement.payments if p.reason == "no_trick" and p.payer == seat
            ]
            if seat in takers:
                assert not no_trick
            else:
                assert sorted(int(p.payee) for p in no_trick) == sorted(
                    s for s in range(profile.players) if s != seat
                )
                assert all(p.amount == 1 for p in no_trick)
                seen += 1
        # Mid-hand, whoever is to move, nothing is paid for a trick not yet won.
        for state in states[:-1]:
            assert not [p for p in reversis.settle(state).payments if p.reason == "no_trick"]
        if seen >= 3:
            return
    pytest.fail("no seat without a trick in 200 hands of reunion")


def test_a_refused_discard_names_the_card() -> None:
    """reunion §4: the dealer may never discard an ace or a bower; the refusal names the card."""
    for seed in range(40):
        hand = reversis.new_hand("reunion", seed=seed)
        dealer = hand.dealer
        aces = [c for c in hand.hand_of(dealer) if c.rank.code == "A"]
        if aces:
            with pytest.raises(IllegalMoveError) as info:
                hand.apply(reversis.Discard(aces[0]))
            assert info.value.reason.startswith(f"{aces[0].code} may not be discarded")
            return
    pytest.fail("no Réunion dealer with an ace")


def test_reunion_points_are_the_cards_the_last_trick_and_the_discards() -> None:
    """reunion §3, §4, §6: each seat's points are the values of the cards of its tricks, 10 more
    for the winner of the last trick, and the dealer's discards; the deal totals 150."""
    profile = load_profile("reunion")
    for seed in range(30):
        hand = random_states(profile, seed)[-1]
        values = card_values(state_of(hand).deal)
        expected = [0] * 3
        for trick in hand.tricks:
            expected[trick.winner] += sum(values[card.index] for card in trick.cards)
        expected[hand.tricks[-1].winner] += 10
        expected[hand.dealer] += sum(values[card.index] for card in hand.reunion.discards)
        assert hand.points == tuple(expected), seed
        assert sum(hand.points) == 150
