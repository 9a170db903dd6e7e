"""The play of the cards (fournier-1785 §6) and the four aces (§11)."""

from __future__ import annotations

import random

import pytest

import reversis
from helpers import deal, decline_all, kinds, play, privileged_deal, random_states
from reversis import Card, IllegalMoveError, Phase, Play, Profile, load_profile, new_hand
from reversis import events as ev
from reversis.cards import cards_from_mask
from reversis.engine.facts import Kind, Played
from reversis.engine.follow import legal_cards
from reversis.engine.tricks import trick_winner
from reversis.games.reversis.outcome import party_outcome
from reversis.hand import state_of

PROFILES = tuple(reversis.available_profiles())

# Seats: dealer S = 0, eldest E = 1, N = 2, W = 3 (the spec's worked examples).
EXAMPLE = [
    "AS KS QS JS 2S 5H 4H 3H 6C 5C 4C 3C",  # S, dealer
    "5S 4S 3S AH KH QH JH 9H 8H 7H 6H",  # E
    "9S 8S 7S 6S AC KC QC JC 9C 8C 7C",  # N
    "AD KD QD JD 9D 8D 7D 6D 5D 4D 3D",  # W: no spades
]
EXAMPLE_WIDOW = "2H 2C 2D"


def test_worked_example_trick_one_kinds(fournier: Profile) -> None:
    # fournier-1785 worked example: E leads ♠5, N ♠9, W renounces with A♦, S wins with ♠K.
    hand = decline_all(deal(fournier, EXAMPLE, EXAMPLE_WIDOW), "3H")
    hand = play(hand, "5S 9S AD KS")
    assert kinds(hand, 1) == [
        (1, "5S", "led"),
        (2, "9S", "forced"),
        (3, "AD", "placed"),
        (0, "KS", "forced"),
    ]
    (trick,) = hand.tricks
    assert trick.winner == 0
    assert trick.leader == 1
    assert trick.number == 1
    assert trick.plays == tuple(
        (s, Card.parse(c)) for s, c in [(1, "5S"), (2, "9S"), (3, "AD"), (0, "KS")]
    )
    assert hand.to_move == 0  # the winner leads the next trick
    assert hand.current_trick is None
    assert hand.events[-1] == ev.TrickTaken(1, 1, 0)


def test_must_follow_suit(fournier: Profile) -> None:
    hand = decline_all(deal(fournier, EXAMPLE, EXAMPLE_WIDOW), "3H")
    hand = play(hand, "5S")
    assert hand.legal_moves() == tuple(Play(c) for c in ("6S", "7S", "8S", "9S"))
    with pytest.raises(
        IllegalMoveError, match=r"seat 2 must follow suit \(S\) and holds 6S 7S 8S 9S"
    ):
        hand.apply("AC")
    # a void player may play any card
    hand = play(hand, "6S")
    assert len(hand.legal_moves()) == 11
    assert hand.current_trick is not None
    assert hand.current_trick.winner is None
    assert hand.current_trick.cards == (Card.parse("5S"), Card.parse("6S"))


def test_highest_of_the_suit_led_wins(fournier: Profile) -> None:
    hand = decline_all(deal(fournier, EXAMPLE, EXAMPLE_WIDOW), "3H")
    hand = play(hand, "3S 6S AD 2S")  # the A♦ is higher but not of the suit led
    assert hand.tricks[0].winner == 2


def test_follow_with_a_choice_is_forced(fournier: Profile) -> None:
    # fournier-1785 §6 [decision]: forced by suit alone.
    hand = decline_all(deal(fournier, EXAMPLE, EXAMPLE_WIDOW), "3H")
    hand = play(hand, "5S 6S 4D AS")
    assert [k for _, _, k in kinds(hand, 1)] == ["led", "forced", "placed", "forced"]


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("QS", "seat 1 does not hold QS"),
        ("exchange 5S", "the exchange is over"),
        ("decline", "the exchange is over"),
        ("XX", None),
    ],
)
def test_play_errors_leave_the_hand_unchanged(
    fournier: Profile, move: str, words: str | None
) -> None:
    hand = decline_all(deal(fournier, EXAMPLE, EXAMPLE_WIDOW), "3H")
    before = (hand.moves, hand.hands, hand.events)
    with pytest.raises(ValueError, match=words or "not a move"):
        hand.apply(move)
    assert (hand.moves, hand.hands, hand.events) == before


def test_over_hand_refuses_moves(fournier: Profile) -> None:
    hand = new_hand(fournier, seed=3)
    rng = random.Random(3)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert hand.legal_moves() == ()
    assert hand.to_move is None
    assert hand.phase is Phase.OVER
    for move in ("AS", "decline", "discard AS"):
        with pytest.raises(IllegalMoveError, match="the hand is over"):
            hand.apply(move)
    assert len(hand.tricks) == 11
    assert sum(hand.tricks_taken) == 11
    # fournier-1785 §7: A4 K3 Q2 J1 in each suit: 40 in the pack, in the tricks or the pot.
    in_pot = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c.rank.code, 0) for c in hand.reversis.pot)
    assert sum(hand.points) + in_pot == 40


# ---------------------------------------------------------------------------------------------
# The four aces, fournier-1785 §11
# ---------------------------------------------------------------------------------------------

ACES = [
    "6S 5S 4S JH 6H 5H 4H 6D 5D 4D 7C 6C",  # seat 0, the dealer
    "AS AH AD AC 2S 3S 2H 3H 2D 3D 2C",  # seat 1: the four aces
    "KS QS JS 9S 8S 7S KH QH 9H 8H 7H",  # seat 2
    "KD QD JD 9D 8D 7D KC QC JC 9C 8C",  # seat 3
]
ACES_WIDOW = "5C 4C 3C"


def test_four_aces_may_renounce_at_will(fournier: Profile) -> None:
    hand = decline_all(deal(fournier, ACES, ACES_WIDOW), "7C")
    assert hand.reversis.privilege_holder == 1
    assert hand.view(1).privileged
    assert not hand.view(2).privileged
    # seat 1 leads; every card is legal for the leader anyway
    hand = play(hand, "2S KS KD 6S")  # seat 2 takes it
    hand = play(hand, "KH KC 4H")  # seat 3 is void of hearts; seat 0 must follow
    legal = hand.legal_moves()
    assert len(legal) == len(hand.hand_of(1))  # renounce at will
    hand = hand.apply("AS")  # renounces although holding hearts: the privilege is used
    assert hand.reversis.privilege_used == 2
    assert ev.PrivilegeUsed(1, 2) in hand.events
    assert kinds(hand, 2)[-1] == (1, "AS", "placed")
    # the privilege lasts the whole hand (tricks 1-11)
    assert fournier.privilege is not None
    assert fournier.privilege.last_trick == 11


def test_others_must_follow(fournier: Profile) -> None:
    hand = decline_all(deal(fournier, ACES, ACES_WIDOW), "7C")
    hand = play(hand, "2S KS KD")
    with pytest.raises(IllegalMoveError, match="seat 0 must follow suit"):
        hand.apply("JH")


def test_privilege_judged_after_the_exchange_widow_ace_counts(fournier: Profile) -> None:
    hands = list(ACES)
    hands[1] = "AS AH AD 5C 2S 3S 2H 3H 2D 3D 2C"
    hand = deal(fournier, hands, "AC 4C 3C")
    hand = play(hand, "exchange 5C, decline, decline, discard 7C")
    assert hand.reversis.privilege_holder == 1


def test_dealer_who_discards_an_ace_has_no_privilege(fournier: Profile) -> None:
    hands = [ACES[1] + " 7C", *ACES[2:], ACES[0].replace(" 7C", "")]
    # rotate: the dealer (seat 0) now holds the four aces
    hands = [hands[0], hands[3], hands[1], hands[2]]
    hand = deal(fournier, hands, ACES_WIDOW)
    kept = decline_all(hand, "7C")
    assert kept.reversis.privilege_holder == 0
    dropped = decline_all(hand, "AS")
    assert dropped.reversis.privilege_holder is None


def test_privilege_not_used_by_following(fournier: Profile) -> None:
    hand = decline_all(deal(fournier, ACES, ACES_WIDOW), "7C")
    hand = play(hand, "2S KS KD 6S KH KC 4H 2H")
    assert hand.reversis.privilege_used is None
    assert not any(isinstance(e, ev.PrivilegeUsed) for e in hand.events)


def _finish(hand, rng):  # type: ignore[no-untyped-def]
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    return hand


def test_used_privilege_and_a_trick_loses_the_pot(fournier: Profile) -> None:
    # fournier-1785 §11: used, and a trick taken: the player loses the pot to the winner chosen by
    # the ordinary rule among the other players; used and no trick: the ordinary rule.
    start = play(decline_all(deal(fournier, ACES, ACES_WIDOW), "7C"), "2S KS KD 6S KH KC 4H AS")
    checked = 0
    for seed in range(200):
        hand = _finish(start, random.Random(seed))
        if hand.reversis.committed is not None:
            continue
        took = hand.tricks_taken[1]
        others_winner, _ = party_outcome(
            fournier, 0, hand.points, hand.tricks_taken, privilege_used_by=1
        )
        if took:
            assert hand.reversis.loser == 1
            assert hand.reversis.winner == others_winner != 1
        else:
            assert (hand.reversis.winner, hand.reversis.loser) == party_outcome(
                fournier, 0, hand.points, hand.tricks_taken
            )
        checked += 1
    assert checked > 100


# ---------------------------------------------------------------------------------------------
# The kinds of play, the trick winner, the legal cards and the refusals, on every profile
# (fournier-1785 §6, §11; hoyle §6; hearts §5, §7; reunion §5)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["hoyle", "fournier-1785", "english", "fournier-1785-3p"])
def test_the_kinds_of_play_agree_with_the_history(name: str) -> None:
    """How each card was played (``Played.kind``, which the settlement pays by) is what the seat
    held just before it played it: led, placed off the suit led, or (hoyle §6) played holding
    another card of the suit led, else forced."""
    profile = load_profile(name)
    checked = 0
    for seed in range(12):
        states = random_states(profile, seed)
        last = states[-1]
        plays = [fact for fact in last.facts if isinstance(fact, Played)]
        before = [s for s in states if s.phase is reversis.Phase.PLAY]
        assert len(plays) == len(before)
        for fact, state in zip(plays, before, strict=True):
            held = state.hand_of(fact.seat)
            current = state.current_trick
            if current is None:
                expected = Kind.LED
            else:
                led = current.plays[0][1].suit
                card = Card.from_index(fact.card)
                others = [c for c in held if c.suit == led and c != card]
                if card.suit != led:
                    expected = Kind.PLACED
                elif others and profile.play.forced == "only-card":
                    expected = Kind.PLAYED
                else:
                    expected = Kind.FORCED
            assert fact.kind is expected, (seed, fact)
            checked += 1
    assert checked > 350


@pytest.mark.parametrize("name", PROFILES)
def test_trick_winner_agrees_with_the_recorded_tricks(name: str) -> None:
    """``trick_winner`` (used by rollouts and the rules) gives the winner the hand recorded, and the
    highest card of the suit led wins where there are no trumps (fournier-1785 §6)."""
    profile = load_profile(name)
    for seed in range(6):
        last = state_of(random_states(profile, seed)[-1])
        deal = last.deal
        for trick in last.tricks:
            cards = trick.cards
            assert trick_winner(deal, trick.leader, cards, trick.mask) == trick.winner
            assert trick.mask == sum(1 << b for b in cards)
            if deal.trumps is None:
                led = cards[0] >> 4
                best = max(b for b in cards if b >> 4 == led)
                n = profile.players
                assert trick.winner == (trick.leader + cards.index(best)) % n


def test_trick_winner_ignores_a_higher_card_of_another_suit() -> None:
    """The second card is a higher card of another suit: the leader's suit still decides."""
    hand = reversis.new_hand(load_profile(), seed=1)
    deal = state_of(hand).deal
    cards = tuple(Card.parse(c).index for c in ("2C", "AS", "3C", "KD"))
    assert trick_winner(deal, 1, cards, sum(1 << b for b in cards)) == 3  # 3C, led by seat 1


def test_a_refused_play_names_the_move_and_the_legal_cards() -> None:
    profile = load_profile()
    rng = random.Random(2)
    for seed in range(30):
        hand = reversis.new_hand(profile, seed=seed)
        while not hand.is_over:
            if hand.phase is reversis.Phase.PLAY and hand.current_trick is not None:
                seat = hand.to_move
                assert seat is not None
                legal = {m.card for m in hand.legal_moves()}  # type: ignore[union-attr]
                wrong = [c for c in hand.hand_of(seat) if c not in legal]
                if wrong:
                    move = reversis.Play(wrong[0])
                    with pytest.raises(IllegalMoveError) as info:
                        hand.apply(move)
                    assert info.value.move == move
                    for card in legal:
                        assert card.code in info.value.reason
                    return
            hand = hand.apply(rng.choice(hand.legal_moves()))
    pytest.fail("no refusable play found")


def test_a_play_after_the_end_and_of_a_card_not_held_name_the_move() -> None:
    states = random_states(load_profile(), 4)
    last = states[-1]
    move = reversis.Play(Card.parse("2C"))
    with pytest.raises(IllegalMoveError) as info:
        last.apply(move)
    assert info.value.move == move
    assert "over" in info.value.reason
    playing = next(s for s in states if s.phase is reversis.Phase.PLAY)
    seat = playing.to_move
    assert seat is not None
    other = next(c for s in range(4) if s != seat for c in playing.hand_of(s))
    with pytest.raises(IllegalMoveError) as info:
        playing.apply(reversis.Play(other))
    assert info.value.move == reversis.Play(other)
    assert f"does not hold {other.code}" in info.value.reason


@pytest.mark.parametrize("name", PROFILES)
def test_legal_cards_are_the_legal_plays(name: str) -> None:
    """``legal_cards`` (which the refusals, the rollouts' policies and the views read) gives
    exactly the cards of ``legal_moves()`` at every state of play, the privileged seat's included."""
    profile = load_profile(name)
    n = profile.players
    states = [s for seed in range(12) for s in random_states(profile, seed)]
    if profile.privilege is not None:
        for seed in range(12):
            hunter, holder = seed % n, (seed + 1) % n
            hand = privileged_deal(profile, seed, hunter, holder)
            states.append(hand)
            while not hand.is_over:
                hand = hand.apply(random.Random(seed).choice(hand.legal_moves()))
                states.append(hand)
    checked = privileged = 0
    for hand in states:
        seat = hand.to_move
        if hand.phase is not reversis.Phase.PLAY or seat is None:
            continue
        s = state_of(hand)
        legal = legal_cards(s.deal, seat, s.held[seat], s.current, s.tricks, s.extra)
        assert legal == s.legal
        assert set(cards_from_mask(legal)) == {m.card for m in hand.legal_moves()}  # type: ignore[union-attr]
        checked += 1
        privileged += hand.reversis is not None and seat == hand.reversis.privilege_holder
    assert checked > 100
    assert privileged or profile.privilege is None


def _refusals(hand: reversis.Hand) -> list[tuple[reversis.Hand, Card]]:
    """The states of ``hand``'s play where the seat to move holds a card it may not play."""
    out = []
    rng = random.Random(hand.dealer)
    while not hand.is_over:
        seat = hand.to_move
        if hand.phase is reversis.Phase.PLAY and seat is not None:
            legal = {m.card for m in hand.legal_moves()}  # type: ignore[union-attr]
            out += [(hand, c) for c in hand.hand_of(seat) if c not in legal][:1]
        hand = hand.apply(rng.choice(hand.legal_moves()))
    return out


@pytest.mark.parametrize("name", ["hearts", "reunion"])
def test_every_refusal_names_the_cards_that_may_be_played(name: str) -> None:
    """hearts §5 §7, reunion §5: a refused card's reason lists the cards the seat may play."""
    profile = load_profile(name)
    reasons = set()
    for seed in range(40):
        for hand, card in _refusals(reversis.new_hand(profile, seed=seed)):
            with pytest.raises(IllegalMoveError) as info:
                hand.apply(reversis.Play(card))
            reason = info.value.reason
            for move in hand.legal_moves():
                assert move.card.code in reason.split(": ")[-1].split(), reason  # type: ignore[union-attr]
            reasons.add(reason.split(":")[0].split(" seat")[0])
    assert len(reasons) >= 2, reasons
