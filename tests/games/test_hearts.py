"""Hearts as OpenSpiel plays it (hearts §1-§13): worked examples and rules.

The move-for-move comparison with OpenSpiel itself is in tests/openspiel/test_openspiel_hearts.py.
"""

from __future__ import annotations

import random

import pytest

import reversis
import reversis.bots.players
import reversis.views.view
from helpers import crafted, random_moves, trick_record, with_tricks
from reversis import (
    Card,
    DealError,
    IllegalMoveError,
    Pass,
    Play,
    Profile,
    deal_hand,
    load_profile,
    new_hand,
    new_match,
    settle,
)
from reversis import events as ev
from reversis.engine.state import TrickRecord
from reversis.games.common import pairwise
from reversis.games.hearts import HEARTS as HEARTS_GAME

HEARTS = load_profile("hearts")
OMNIBUS = load_profile("omnibus-hearts")


def full_deal(fixed: dict[int, str]) -> list[list[str]]:
    """Four hands of 13: the cards given for some seats, the rest of the pack in card order."""
    taken = {c for text in fixed.values() for c in text.split()}
    rest = [c.code for c in HEARTS.deck if c.code not in taken]
    hands = []
    for seat in range(4):
        cards = fixed.get(seat, "").split()
        while len(cards) < 13:
            cards.append(rest.pop(0))
        hands.append(cards)
    return hands


def _flags(**flags: bool) -> Profile:
    return HEARTS.evolve(name="hearts-flags", hearts=flags)


def _moves(hand: reversis.Hand) -> set[str]:
    return {str(m) for m in hand.legal_moves()}


# ---------------------------------------------------------------------------------------------
# §1-§4: table, deal, direction, the pass
# ---------------------------------------------------------------------------------------------


def test_the_deal_goes_one_card_at_a_time_from_dealer_plus_one() -> None:
    # hearts §2: OpenSpiel's i-th card goes to player i mod 4, i.e. the library's dealer 3.
    deck = [c.code for c in HEARTS.deck]
    hand = reversis.deal_from_deck(HEARTS, deck, dealer=3, pass_direction="none")
    for seat in range(4):
        assert [c.code for c in hand.hand_of(seat)] == sorted(
            deck[seat::4], key=reversis.Card.parse
        )
    assert hand.deal.widow == ()


@pytest.mark.parametrize(
    ("number", "direction"), [(1, "left"), (2, "right"), (3, "across"), (4, "none"), (5, "left")]
)
def test_the_pass_direction_follows_the_hand_number(number: int, direction: str) -> None:
    # hearts §3 [decision]: left, right, across, none for h = 1, 2, 3, 0 (mod 4).
    assert new_hand(HEARTS, seed=1, hand_number=number).deal.pass_direction == direction


def test_no_passing_means_direction_none() -> None:
    # hearts §3: with pass_cards = false the direction is always none; another is a DealError.
    profile = _flags(pass_cards=False)
    hand = new_hand(profile, seed=1, hand_number=1)
    assert hand.deal.pass_direction == "none"
    assert hand.phase is reversis.Phase.PLAY
    with pytest.raises(DealError, match="passes no cards"):
        new_hand(profile, seed=1, pass_direction="left")
    with pytest.raises(DealError, match="passes no cards"):
        new_hand(load_profile("fournier-1785"), seed=1, pass_direction="left")
    with pytest.raises(DealError, match="pass_direction is one of"):
        new_hand(HEARTS, seed=1, pass_direction="up")


def test_worked_example_pass_left() -> None:
    # hearts, worked example "Pass, left": seat 0 passes 7D, QC, AS; only after seat 3's third
    # pass do they join seat 1's hand, and seat 3's three cards join seat 0's.
    seat0 = "2D 4S 5C 5S 6C 6S 7D 8D 8H AS JD KC QC"
    hand = deal_hand(HEARTS, full_deal({0: seat0}), dealer=3, pass_direction="left")
    assert hand.to_move == 0
    assert _moves(hand) == {f"pass {c}" for c in seat0.split()}
    for code in ("7D", "QC", "AS"):
        hand = hand.apply(f"pass {code}")
        # §4: a passed card leaves its passer's hand at once and cannot be passed twice
        assert code not in {c.code for c in hand.hand_of(0)}
    with pytest.raises(IllegalMoveError):
        hand.apply("pass 2D")  # seat 1 is to pass now
    assert hand.to_move == 1
    received = []
    for seat in (1, 2, 3):
        for _ in range(3):
            move = hand.legal_moves()[0]
            if seat == 3:
                received.append(move.card)  # type: ignore[union-attr]
            hand = hand.apply(move)
            if hand.phase is reversis.Phase.EXCHANGE:
                # nothing is received before the 12th pass
                assert not {"7D", "QC", "AS"} & {c.code for c in hand.hand_of(1)}
    assert hand.phase is reversis.Phase.PLAY
    assert {"7D", "QC", "AS"} <= {c.code for c in hand.hand_of(1)}
    assert set(received) <= set(hand.hand_of(0))
    assert all(len(hand.hand_of(s)) == 13 for s in range(4))
    # views: the passer and the receiver know the cards; nobody else does
    assert hand.view(0).given == tuple(reversis.Card.parse(c) for c in ("7D", "QC", "AS"))
    assert set(hand.view(1).received) == {reversis.Card.parse(c) for c in ("7D", "QC", "AS")}
    assert hand.view(2).given != hand.view(0).given
    assert all(
        e.card is None for e in hand.view(2).events if isinstance(e, ev.CardGiven) and e.seat == 0
    )


def test_passes_in_flight_are_seen_by_nobody() -> None:
    hand = deal_hand(HEARTS, full_deal({}), dealer=3, pass_direction="across")
    hand = hand.apply(hand.legal_moves()[0])
    passed = hand.hearts.in_passage
    assert len(passed) == 1
    for seat in (1, 2, 3):
        assert not set(passed) & reversis.views.view.view_cards(hand.view(seat))
    assert set(passed) <= set(hand.view(0).given)


# ---------------------------------------------------------------------------------------------
# §5-§7: the first trick, following, leading
# ---------------------------------------------------------------------------------------------


def _first_trick_hand(profile: Profile, seat1: str) -> reversis.Hand:
    seat3 = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
    seat0 = "2D 3D 4D 5D 6D 7D 8D 10D QD KD AD 2H 3H"
    hands = full_deal({0: seat0, 1: seat1, 3: seat3})
    return deal_hand(profile, hands, dealer=3, pass_direction="none")


def test_worked_example_first_trick() -> None:
    # hearts, worked example "First trick": seat 3 holds 2C and must lead it; seat 1, with no club,
    # may play 9D, JD or a spade, but not QS, AH or 7H.
    seat1 = "QS AH 7H 9D JD 2S 3S 4S 5S 6S 7S 8S 9S"
    hand = _first_trick_hand(HEARTS, seat1)
    assert hand.to_move == 3
    assert _moves(hand) == {"2C"}
    with pytest.raises(IllegalMoveError, match="two of clubs"):
        hand.apply("3C")
    any_club = _first_trick_hand(_flags(can_lead_any_club=True), seat1)
    assert _moves(any_club) == {c.code for c in any_club.hand_of(3)}
    hand = hand.apply("2C")
    # §6: seat 0 has no club either here; it may not play a heart (2H 3H) on the first trick
    assert _moves(hand) == set("2D 3D 4D 5D 6D 7D 8D 10D QD KD AD".split())
    hand = hand.apply("2D")
    assert _moves(hand) == {"9D", "JD", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"}
    with pytest.raises(IllegalMoveError, match="first trick"):
        hand.apply("QS")
    free = _first_trick_hand(_flags(no_pts_on_first_trick=False), seat1).apply("2C").apply("2D")
    assert _moves(free) == set(seat1.split())


def test_first_trick_with_only_hearts_and_the_queen() -> None:
    # hearts §5: a player whose 13 cards are all hearts and QS may play any of them on the first
    # trick, and a heart so played breaks hearts (§7).
    seat3 = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D"
    seat0 = "AC 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
    seat1 = "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH KH AH"
    hand = deal_hand(
        HEARTS, full_deal({0: seat0, 1: seat1, 3: seat3}), dealer=3, pass_direction="none"
    )
    hand = hand.apply("2C").apply("AC")
    assert _moves(hand) == set(seat1.split())
    hand = hand.apply("7H")
    assert hand.is_legal(hand.legal_moves()[0])


def _leading(profile: Profile, leader: str, breaker: str = "") -> reversis.Hand:
    """Trick 10, seat 0 to lead ``leader``; the nine tricks before hold no heart and no queen of
    spades, but for ``breaker`` in the first of them."""
    dealt = deal_hand(profile, full_deal({}), dealer=3, pass_direction="none")
    rest = [c.code for c in HEARTS.deck if c.code not in leader.split()]
    clean = [c for c in rest if not c.endswith("H") and c not in ("QS", breaker)]
    if breaker:
        clean.insert(0, breaker)
    tricks = [(0, " ".join(clean[4 * i : 4 * i + 4])) for i in range(9)]
    played = {c for _, t in tricks for c in t.split()}
    left = [c for c in rest if c not in played]
    holdings = [leader, " ".join(left[0:4]), " ".join(left[4:8]), " ".join(left[8:12])]
    return crafted(dealt, holdings=holdings, tricks=tricks, to_move=0)


def test_worked_example_leading() -> None:
    # hearts, worked example "Leading": hearts not broken, the leader holds QS 2H 7H KH: by default
    # QS; with can_lead_hearts_instead_of_qs any of the four.
    assert _moves(_leading(HEARTS, "QS 2H 7H KH")) == {"QS"}
    free = _leading(_flags(can_lead_hearts_instead_of_qs=True), "QS 2H 7H KH")
    assert _moves(free) == {"QS", "2H", "7H", "KH"}
    # only hearts: any of them
    assert _moves(_leading(HEARTS, "2H 7H KH AH")) == {"2H", "7H", "KH", "AH"}
    # QS JD 2H 7H: QS or JD, flag or not
    assert _moves(_leading(HEARTS, "QS JD 2H 7H")) == {"QS", "JD"}
    assert _moves(_leading(free.profile, "QS JD 2H 7H")) == {"QS", "JD"}
    # §7: with must_break_hearts false, anything may be led from the second trick
    assert _moves(_leading(_flags(must_break_hearts=False), "QS JD 2H 7H")) == {
        "QS",
        "JD",
        "2H",
        "7H",
    }
    with pytest.raises(IllegalMoveError, match="not broken"):
        _leading(HEARTS, "QS JD 2H 7H").apply("2H")


def test_the_queen_breaks_hearts_by_the_flag() -> None:
    # hearts §7: playing QS breaks hearts (qs_breaks_hearts); with the flag off it does not; a
    # heart played anywhere breaks them.
    assert _moves(_leading(HEARTS, "JD 2H 7H 9C", breaker="QS")) == {"JD", "2H", "7H", "9C"}
    off = _flags(qs_breaks_hearts=False)
    assert _moves(_leading(off, "JD 2H 7H 9C", breaker="QS")) == {"JD", "9C"}
    assert _moves(_leading(off, "JD 2H 7H 9C", breaker="3H")) == {"JD", "2H", "7H", "9C"}
    assert _moves(_leading(HEARTS, "JD 2H 7H 9C")) == {"JD", "9C"}


def test_hearts_are_broken_for_the_next_lead_when_the_trick_is_complete() -> None:
    # hearts §7 as hand.hearts.broken reads it: a heart discarded on the first trick breaks
    # hearts for the lead that follows; it reads true once that trick is complete.
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    no_pass = HEARTS.evolve(hearts={"pass_cards": False})
    hand = deal_hand(no_pass, [[r + suit for r in ranks] for suit in "CDHS"], dealer=3)
    for card in ["2C", "2D", "2H"]:  # seat 2 holds nothing but hearts
        hand = hand.apply(Play(Card.parse(card)))
        assert hand.hearts is not None
        assert not hand.hearts.broken
    hand = hand.apply(Play(Card.parse("3S")))
    assert hand.hearts is not None
    assert hand.hearts.broken
    assert hand.to_move == 0  # 2C took the trick: nothing else followed clubs


# ---------------------------------------------------------------------------------------------
# §8-§11: points, the moon, the bonus, returns and settlement
# ---------------------------------------------------------------------------------------------


def _tricks(won: dict[int, str]) -> list[TrickRecord]:
    """Tricks whose cards make up ``won[seat]`` for each seat (four cards a trick, in any order)."""
    out = []
    for seat, text in won.items():
        cards = text.split()
        while cards:
            out.append(trick_record(seat, " ".join(cards[:4]), seat))
            cards = cards[4:]
    return out


def _final(profile: Profile, won: dict[int, str]) -> tuple[int, ...]:
    state = with_tricks(new_hand(profile, seed=1), _tricks(won), over=True)
    return HEARTS_GAME.points(state)


HEARTS_ALL = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


def test_worked_example_ordinary_end() -> None:
    # hearts, worked example "Ordinary end": (13, 5, 8, 0); returns (13, 21, 18, 26); net
    # (-26, 6, -6, 26). With avoid_all_tricks_bonus: (13, 5, 8, -5), net (-31, 1, -11, 41).
    won = {0: "QS 2C 3C 4C", 1: "2H 3H 4H 5H 6H 5C 6C 7C", 2: "7H 8H 9H 10H JH QH KH AH"}
    points = _final(HEARTS, won)
    assert points == (13, 5, 8, 0)
    assert tuple(26 - p for p in points) == (13, 21, 18, 26)
    net = [0] * 4
    for p in pairwise(points):
        net[int(p.payer)] -= p.amount
        net[int(p.payee)] += p.amount
    assert tuple(net) == (-26, 6, -6, 26)
    bonus = _final(_flags(avoid_all_tricks_bonus=True), won)
    assert bonus == (13, 5, 8, -5)
    assert tuple(sum(bonus) - 4 * p for p in bonus) == (-31, 1, -11, 41)


def test_worked_example_omnibus() -> None:
    # hearts §8: with jd_bonus the JD counts -10: seat 1 won the JD and three hearts: -7.
    points = _final(OMNIBUS, {1: "JD 2H 3H 4H", 0: "QS 5H 6H 7H 8H 9H 10H JH QH KH AH 2C"})
    assert points[1] == -7


def test_worked_example_moon() -> None:
    # hearts §9: seat 2 won all 13 hearts and QS, seat 0 the JD: before (-10, 0, 26, 0); final
    # (16, 26, 0, 26); returns (10, 0, 26, 0); net (4, -36, 68, -36).
    won = {2: HEARTS_ALL + " QS 2C 3C", 0: "JD 4C 5C 6C"}
    during = with_tricks(new_hand(OMNIBUS, seed=1), _tricks(won), over=False)
    assert HEARTS_GAME.points(during) == (-10, 0, 26, 0)
    points = _final(OMNIBUS, won)
    assert points == (16, 26, 0, 26)
    assert tuple(26 - p for p in points) == (10, 0, 26, 0)
    assert tuple(sum(points) - 4 * p for p in points) == (4, -36, 68, -36)
    # had seat 2 also won the JD: (26, 26, -10, 26), net (-36, -36, 108, -36)
    both = _final(OMNIBUS, {2: HEARTS_ALL + " QS JD 2C", 0: "3C 4C 5C 6C"})
    assert both == (26, 26, -10, 26)
    assert tuple(sum(both) - 4 * p for p in both) == (-36, -36, 108, -36)
    # §10: no -5 on a moon hand
    flagged = OMNIBUS.evolve(name="omni-bonus", hearts={"avoid_all_tricks_bonus": True})
    assert _final(flagged, won) == (16, 26, 0, 26)
    # any seat may shoot, seat 0 too: 0 for it, 26 to each other player
    assert _final(HEARTS, {0: HEARTS_ALL + " QS 2C 3C", 1: "JD 4C 5C 6C"}) == (0, 26, 26, 26)


@pytest.mark.parametrize(
    ("moon", "expected", "with_jd"),
    [
        ("others", (0, 16, 26, 26), (-10, 26, 26, 26)),
        ("self", (0, -10, 0, 0), (-10, 0, 0, 0)),
        ("off", (26, -10, 0, 0), (16, 0, 0, 0)),
    ],
)
def test_worked_example_the_moon_flag(
    moon: str, expected: tuple[int, ...], with_jd: tuple[int, ...]
) -> None:
    # hearts §9 [profile flag moon], its worked example with jd_bonus: seat 0 wins all 13 hearts
    # and the QS but not the JD, which seat 1 wins; before §9: 26, -10, 0, 0.
    profile = OMNIBUS.evolve(name=f"omnibus-{moon}", hearts={"moon": moon})
    assert _final(profile, {0: HEARTS_ALL + " QS 2C 3C", 1: "JD 4C 5C 6C"}) == expected
    # seat 0 also won the JD (16 before §9)
    assert _final(profile, {0: HEARTS_ALL + " QS JD 2C", 1: "3C 4C 5C 6C"}) == with_jd


def test_the_moon_flag_and_the_trickless_bonus() -> None:
    # hearts §9, §10: no bonus on a moon hand, unless the moon is "off", where no moon is
    # recognised and §10 applies as on any hand.
    won = {0: HEARTS_ALL + " QS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC"}
    for moon, points in (("others", (0, 26, 26, 26)), ("self", (0, 0, 0, 0)),
                         ("off", (26, -5, -5, -5))):  # fmt: skip
        profile = HEARTS.evolve(
            name=f"hearts-{moon}", hearts={"moon": moon, "avoid_all_tricks_bonus": True}
        )
        assert _final(profile, won) == points, moon
    with pytest.raises(reversis.ProfileError, match="hearts.moon"):
        HEARTS.evolve(name="bad", hearts={"moon": "sometimes"})


def test_the_moon_flag_in_random_hands() -> None:
    # hearts §9: whatever the flag, the points add up as the flag says; the bounds hold.
    from reversis.games import net_bounds

    for moon in ("others", "self", "off"):
        profile = OMNIBUS.evolve(name=f"omnibus-{moon}", hearts={"moon": moon})
        low, high = net_bounds(profile)
        for seed in range(40):
            hand = random_moves(new_hand(profile, seed=seed, hand_number=4), seed)
            shot = [e.seat for e in hand.events if isinstance(e, ev.MoonShot)]
            assert not (shot and moon == "off")
            assert all(low <= n <= high for n in settle(hand).net)


@pytest.mark.parametrize("seed", range(20))
def test_points_and_settlement_of_random_hands(seed: int) -> None:
    # hearts "Scoring as data": net[s] = Σ points - 4 × points[s]; payments pair by pair.
    profile = OMNIBUS if seed % 2 else HEARTS
    hand = random_moves(new_hand(profile, seed=seed, hand_number=seed % 4 + 1), seed)
    points = hand.points
    result = settle(hand)
    assert result.net == tuple(sum(points) - 4 * p for p in points)
    assert all(p.reason == "points" and p.trick is None for p in result.payments)
    assert sum(result.net) == 0
    over = [e for e in hand.events if isinstance(e, ev.HandOver)]
    assert over[-1].points == points
    moon = [e.seat for e in hand.events if isinstance(e, ev.MoonShot)]
    plain = sum(points) in (26, 16)
    assert plain or moon


def test_points_during_play_count_completed_tricks() -> None:
    hand = new_hand(HEARTS, seed=3, hand_number=4)  # no pass
    rng = random.Random(3)
    while not hand.is_over:
        before = hand.points
        trick = len(hand.tricks) + 1
        hand = hand.apply(rng.choice(hand.legal_moves()))
        if len(hand.tricks) + 1 == trick and not hand.is_over:
            assert hand.points == before  # nothing counts before the trick's 4th card


# ---------------------------------------------------------------------------------------------
# §13: the match
# ---------------------------------------------------------------------------------------------


def test_a_hearts_match_ends_past_the_limit() -> None:
    # hearts §13 [decision]: the deal passes left, the direction follows the hand number, points
    # add up, the match ends after the hand in which a total exceeds 100; the lowest total wins.
    match = new_match(HEARTS, seed=3)
    bots = [reversis.bots.players.RandomBot(random.Random(s)) for s in range(4)]
    directions = []
    while not match.is_over:
        match = match.start_hand()
        assert match.hand is not None
        directions.append(match.hand.deal.pass_direction)
        match = match.finish_hand(reversis.bots.players.play_hand(match.hand, bots))
    totals = match.totals
    assert max(totals) > 100
    assert max(totals[s] - p[s] for s in range(4) for p in match.points_by_hand[-1:]) <= 100
    assert directions[:4] == ["left", "right", "across", "none"]
    assert match.winners == tuple(s for s in range(4) if totals[s] == min(totals))
    assert match.dealers == tuple((match.dealers[0] + k) % 4 for k in range(len(match.dealers)))
    assert sum(match.net) == 0
    assert reversis.Match.from_json(match.to_json()) == match
    assert reversis.records.notation.replay(reversis.records.notation.dump(match)) == match


def test_pass_and_play_notation() -> None:
    assert str(Pass("QS")) == "pass QS"
    assert reversis.parse_move("pass Q♠") == Pass("QS")
    assert reversis.parse_move("QS") == Play("QS")
    assert reversis.parse_move("TH") == Play("10H")  # hearts: T is accepted on input
