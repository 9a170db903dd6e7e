"""The match: antes, stakes, rounds, the end of the match (fournier-1785 §2, §3, §12)."""

from __future__ import annotations

import os
import random

import attrs
import pytest

from helpers import SCALE, play_match
from reversis import (
    BasketStakes,
    Beast,
    Match,
    MatchError,
    MatchPhase,
    Payment,
    Profile,
    available_profiles,
    load_profile,
    new_match,
    settle,
)
from reversis.bots.players import CautiousBot, RandomBot, play_hand
from reversis.engine.chance import draw_first_dealer
from reversis.games.reunion import game_payments
from reversis.match import SEED_STRIDE


def _play(match: Match, seed: int) -> Match:
    match = match.start_hand()
    assert match.hand is not None
    hand = match.hand
    rng = random.Random(seed)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    return match.finish_hand(hand)


def test_new_match(fournier: Profile) -> None:
    match = new_match(fournier, seed=7)
    assert match.bankrolls == (100, 100, 100, 100)
    assert match.stakes == BasketStakes(0, ())
    assert match.dealer == draw_first_dealer(fournier, 7)  # fournier-1785 §3: the Quinola draw
    assert (match.round, match.hand_number, match.phase) == (1, 1, MatchPhase.PLAYING)
    assert new_match(fournier, dealer=2).dealer == 2
    assert match.total_hands == 32  # 8 rounds of 4 hands


def test_first_antes(fournier: Profile, fournier3: Profile) -> None:
    # fournier-1785 §2: each player 4 and the dealer 4 more: 20 (16 for three players).
    match = new_match(fournier, seed=1, dealer=1).start_hand()
    assert match.antes == (
        Payment(0, "basket", 4, "ante", None),
        Payment(1, "basket", 4, "ante", None),
        Payment(2, "basket", 4, "ante", None),
        Payment(3, "basket", 4, "ante", None),
        Payment(1, "basket", 4, "ante", None),
    )
    assert match.bankrolls == (96, 92, 96, 96)
    assert match.stakes == BasketStakes(20, ())
    assert match.hand is not None
    assert match.hand.deal.stakes == match.stakes
    three = new_match(fournier3, seed=1, dealer=0).start_hand()
    assert three.stakes == BasketStakes(16, ())


def test_later_antes(fournier: Profile) -> None:
    match = new_match(fournier, seed=1, dealer=0)
    # a basket that is not empty: only the dealer adds 4, even with a beast in play
    busy = attrs.evolve(match, stakes=BasketStakes(12, (Beast(2, 20, True),)))
    busy = busy.start_hand()
    assert busy.antes == (Payment(0, "basket", 4, "ante", None),)
    assert busy.stakes == BasketStakes(16, (Beast(2, 20, True),))
    # an empty basket (a beast does not count): everyone antes again
    empty = attrs.evolve(match, stakes=BasketStakes(0, (Beast(2, 20, True),))).start_hand()
    assert len(empty.antes) == 5
    assert empty.stakes.basket == 20


def test_hands_pass_the_deal_and_conserve_counters(fournier: Profile) -> None:
    match = new_match(fournier, seed=3)
    first_dealer = match.dealer
    for k in range(8):
        before = match
        match = _play(match, k)
        assert match.dealer == (before.dealer + 1) % 4  # the eldest deals next
        assert sum(match.bankrolls) + match.stakes.pool_total == 400
        last = match.last_settlement
        assert last is not None
        assert match.stakes == last.stakes
    assert match.round == 3
    assert match.hand_number == 9
    assert match.history[0].dealer == first_dealer
    assert match.history[0].deal.seed == 3 * SEED_STRIDE + 1


def test_settlement_applied(fournier: Profile) -> None:
    match = new_match(fournier, seed=5).start_hand()
    assert match.hand is not None
    hand = match.hand
    rng = random.Random(2)
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    after = match.finish_hand(hand)
    result = settle(hand)
    assert after.bankrolls == tuple(b + n for b, n in zip(match.bankrolls, result.net, strict=True))


def test_match_errors(fournier: Profile) -> None:
    match = new_match(fournier, seed=5)
    with pytest.raises(MatchError, match="no hand is in progress"):
        match.finish_hand(new_match(fournier, seed=6).start_hand().hand)  # type: ignore[arg-type]
    started = match.start_hand()
    with pytest.raises(MatchError, match="in progress"):
        started.start_hand()
    with pytest.raises(MatchError, match="not over"):
        started.finish_hand(started.hand)  # type: ignore[arg-type]
    other = new_match(fournier, seed=6).start_hand().hand
    with pytest.raises(MatchError, match="another deal"):
        started.finish_hand(other)  # type: ignore[arg-type]
    with pytest.raises(MatchError, match="no seed"):
        new_match(fournier, dealer=0).start_hand()
    with pytest.raises(MatchError, match="no choice"):
        match.choose(0, "share")
    with pytest.raises(MatchError, match="dealer"):
        new_match(fournier, dealer=4)
    with pytest.raises(MatchError, match="seed"):
        new_match(fournier, seed=-3)
    with pytest.raises(MatchError, match="not both"):
        match.start_hand(seed=1, deck=list(fournier.deck))


def test_deck_and_seed_for_a_hand(fournier: Profile) -> None:
    match = new_match(fournier, dealer=0)
    by_deck = match.start_hand(deck=[c.code for c in fournier.deck])
    assert by_deck.hand is not None
    assert by_deck.hand.deal.deck == fournier.deck
    by_seed = match.start_hand(seed=99)
    assert by_seed.hand is not None
    assert by_seed.hand.deal.seed == 99


def test_end_of_the_agreed_hands(fournier: Profile) -> None:
    # fournier-1785 §12: after the last hand, nothing at stake: over, ranked by counters; otherwise
    # the player (or players) who lost most choose.
    profile = fournier.evolve(match={"rounds": 1})
    seen = set()
    for seed in range(60):
        match = new_match(profile, seed=seed)
        while match.phase is MatchPhase.PLAYING:
            match = _play(match, seed * 10 + match.hands_played)
        assert match.hands_played == 4
        empty = match.stakes == BasketStakes(0, ())
        if empty:
            assert match.is_over
            assert [b for _, b in match.standing] == sorted(match.bankrolls, reverse=True)
        else:
            assert match.phase is MatchPhase.DECIDING
            least = min(match.bankrolls)
            assert match.deciders == tuple(p for p, b in enumerate(match.bankrolls) if b == least)
        seen.add(empty)
    assert seen == {True, False}


def test_end_of_match_share(fournier: Profile) -> None:
    # fournier-1785 §12, share: beasts paid in, the basket shared equally; what does not divide
    # is handed out one at a time from the last dealer, then against playing order.
    profile = fournier.evolve(match={"rounds": 1})
    base = new_match(profile, seed=2, dealer=1)
    at_end = attrs.evolve(
        base,
        bankrolls=(90, 70, 110, 99),
        stakes=BasketStakes(26, (Beast(0, 5, True), Beast(3, 4, False))),
        hands_played=4,
        dealer=1,  # the last hand was dealt by seat 0
    )._after_hand()
    assert at_end.phase is MatchPhase.DECIDING
    assert at_end.deciders == (1,)  # the player who has lost most
    done = at_end.choose(1, "share")
    assert done.is_over
    total = 26 + 5 + 4  # 35 = 4 x 8 + 3
    assert done.final_payments[:2] == (
        Payment(0, "basket", 5, "beast", None),
        Payment(3, "basket", 4, "beast", None),
    )
    shares = {p.payee: p.amount for p in done.final_payments[2:]}
    assert shares == {0: 9, 3: 9, 2: 9, 1: 8}  # the extra 3 to seats 0, 3, 2
    assert sum(shares.values()) == total
    assert done.bankrolls == (90 - 5 + 9, 70 + 8, 110 + 9, 99 - 4 + 9)
    assert done.stakes == BasketStakes(0, ())
    assert sum(done.bankrolls) == sum(at_end.bankrolls) + 26


def test_end_of_match_ties_and_continue(fournier: Profile) -> None:
    profile = fournier.evolve(match={"rounds": 1})
    base = new_match(profile, seed=2, dealer=1)
    at_end = attrs.evolve(
        base, bankrolls=(80, 80, 110, 110), stakes=BasketStakes(20, ()), hands_played=4
    )._after_hand()
    assert at_end.deciders == (0, 1)
    # share wins unless all choose continue [decision]
    mixed = at_end.choose(0, "continue")
    assert mixed.phase is MatchPhase.DECIDING
    assert mixed.choose(1, "share").is_over
    with pytest.raises(MatchError, match="already chosen"):
        mixed.choose(0, "share")
    with pytest.raises(MatchError, match="does not choose"):
        mixed.choose(2, "share")
    with pytest.raises(MatchError, match="'continue' or 'share'"):
        mixed.choose(1, "stop")
    going = mixed.choose(1, "continue")
    assert going.phase is MatchPhase.CONTINUING
    # fournier-1785 §12: while continuing, the dealer no longer adds 4 and nobody antes.
    started = going.start_hand()
    assert started.antes == ()
    assert started.stakes == BasketStakes(20, ())


def test_continuation_ends_when_the_stakes_are_gone(fournier: Profile) -> None:
    profile = fournier.evolve(match={"rounds": 1})
    for seed in range(30):
        base = new_match(profile, seed=seed, dealer=seed % 4)
        match = attrs.evolve(base, stakes=BasketStakes(20, ()), hands_played=4, bankrolls=(95,) * 4)
        match = match._after_hand()
        for seat in match.deciders:
            match = match.choose(seat, "continue")
        for k in range(40):
            if match.is_over:
                break
            match = _play(match, seed * 100 + k)
        if match.is_over:
            assert match.stakes == BasketStakes(0, ())
            return
    pytest.fail("no continuation ended in 30 tries")


def test_match_to_dict(fournier: Profile) -> None:
    data = new_match(fournier, seed=1).to_dict()
    assert data["bankrolls"] == [100, 100, 100, 100]
    assert data["stakes"] == {"basket": 0, "beasts": []}
    assert data["phase"] == "playing"


#: Who wins a finished match, by game: the richest in Reversis, the lowest total in Hearts (hearts
#: §13) and Tëtka (tetka §7), the highest in Réunion (reunion §8); ties shared.
WINNERS = {
    "reversis": lambda m: [s for s, b in enumerate(m.bankrolls) if b == max(m.bankrolls)],
    "hearts": lambda m: [s for s, t in enumerate(m.totals) if t == min(m.totals)],
    "tetka": lambda m: [s for s, t in enumerate(m.totals) if t == min(m.totals)],
    "reunion": lambda m: [s for s, t in enumerate(m.totals) if t == max(m.totals)],
}


@pytest.mark.parametrize("name", sorted(available_profiles()))
def test_the_winners_and_the_payments_at_the_end_by_game(name: str) -> None:
    from reversis.bots.players import CautiousBot, play_match

    profile = load_profile(name)
    for seed in range(2):
        bots = [CautiousBot(random.Random(seed * 10 + s)) for s in range(profile.players)]
        match = play_match(new_match(profile, seed=seed), bots)
        rule = WINNERS[next(g for g in WINNERS if getattr(profile, g) is not None)]
        assert match.winners == tuple(rule(match))
        if profile.reunion is not None:
            assert match.final_payments == game_payments(profile, match.totals)
            assert match.final_payments
        elif profile.mechanism == "none":
            assert match.final_payments == ()
        assert (
            sum(match.bankrolls) + match.stakes.pool_total
            == profile.players * profile.money.bankroll
        )


# ---------------------------------------------------------------------------------------------
# Every match ends (fournier-1785 §12)
# ---------------------------------------------------------------------------------------------


FOURNIER = ("fournier-1785", "fournier-1785-3p")


@pytest.mark.parametrize("name", FOURNIER)
@pytest.mark.parametrize("bot", [RandomBot, CautiousBot])
def test_matches_that_continue_always_end(name: str, bot: type) -> None:
    # fournier-1785 §12 [decision; profile flag continue_rounds]: the continuing phase lasts at
    # most 2 more rounds; then what is still on the table is shared and the match is over.
    profile = load_profile(name)
    count = 200 * SCALE if os.environ.get("CI_FULL") == "1" else 3
    shared = 0
    for k in range(count):
        bots = [bot(random.Random(1000 * k + seat)) for seat in range(profile.players)]
        done = play_match(new_match(profile, seed=k), bots, "continue")
        assert done.is_over
        assert done.hands_played <= done.total_hands + done.continue_hands
        shared += bool(done.final_payments)
    assert shared <= count


def test_continuing_is_bounded_and_then_shares() -> None:
    profile = load_profile("fournier-1785").evolve(match={"rounds": 1, "continue_rounds": 1})
    match = new_match(profile, seed=5, dealer=0)
    # a table that keeps a beast whatever happens: only random bots that never clear it
    at_end = attrs.evolve(
        match,
        bankrolls=(90, 100, 100, 100),
        stakes=BasketStakes(10, (Beast(1, 30, True),)),
        hands_played=4,
    )._after_hand()
    assert at_end.deciders == (0,)
    going = at_end.choose(0, "continue")
    assert going.phase is MatchPhase.CONTINUING
    assert going.continue_hands == 4
    bots = [RandomBot(random.Random(seat)) for seat in range(4)]
    for _ in range(4):
        if going.is_over:
            break
        going = going.start_hand()
        assert going.antes == ()  # fournier-1785 §12: no antes while continuing
        assert going.hand is not None
        going = going.finish_hand(play_hand(going.hand, bots))
    assert going.is_over
    assert going.hands_played <= 8
    assert going.stakes == BasketStakes(0, ())


def test_continue_rounds_zero_shares_at_once() -> None:
    profile = load_profile("fournier-1785").evolve(match={"rounds": 1, "continue_rounds": 0})
    at_end = attrs.evolve(
        new_match(profile, seed=5, dealer=0),
        bankrolls=(80, 100, 100, 100),
        stakes=BasketStakes(20, ()),
        hands_played=4,
    )._after_hand()
    done = at_end.choose(0, "continue")
    assert done.is_over
    assert [p.reason for p in done.final_payments] == ["share"] * 4
