"""Hoyle's four-player game (hoyle §1-§14): worked examples and rules."""

from __future__ import annotations

import random

import attrs
import pytest

import reversis
from helpers import random_states, script
from reversis import (
    Decline,
    Exchange,
    Give,
    IllegalMoveError,
    MatchPhase,
    Payment,
    PoolStakes,
    Profile,
    StakesError,
    deal_hand,
    load_profile,
    new_hand,
    new_match,
    settle,
)
from reversis import events as ev
from reversis.games.reversis.outcome import party_outcome
from reversis.hand import Hand

P = Payment
S, E, N, W = 0, 1, 2, 3  # hoyle §14: dealer S, eldest E, then N, then W (N-S and E-W opposite)


@pytest.fixture(scope="module")
def hoyle() -> Profile:
    return load_profile("hoyle")


def hoyle_deal(
    profile: Profile,
    final: dict[int, str],
    *,
    widow: str,
    outs: str,
    discard: str,
    gives: dict[int, str],
    stakes: dict[str, int],
) -> Hand:
    """A hand whose seats hold ``final`` once the exchanges are done: each non-dealer (E, N, W)
    puts out its card of ``outs`` and takes its ``widow`` card (or declines, for an out of ``-``),
    the dealer discards ``discard``, then each seat gives ``gives[seat]`` to the seat opposite."""
    held = {seat: set(cards.split()) for seat, cards in final.items()}
    widow_cards = widow.split()
    out_cards = outs.split()
    for seat in (E, N, W):
        held[seat] -= {gives[(seat + 2) % 4]}
        held[seat] |= {gives[seat]}
    held[S] -= {gives[N]}
    held[S] |= {gives[S], discard}
    for k, seat in enumerate((E, N, W)):
        if out_cards[k] != "-":
            held[seat] -= {widow_cards[k]}
            held[seat] |= {out_cards[k]}
    hand = deal_hand(
        profile, [sorted(held[s]) for s in range(4)], widow_cards, dealer=S, stakes=stakes
    )
    for k in range(3):
        hand = hand.apply("decline" if out_cards[k] == "-" else f"exchange {out_cards[k]}")
    hand = hand.apply(f"discard {discard}")
    for seat in (E, N, W, S):
        hand = hand.apply(f"give {gives[seat]}")
    assert hand.phase.value == "play"
    for seat, cards in final.items():
        assert {c.code for c in hand.hand_of(seat)} == set(cards.split()), seat
    return hand


def _nets(result) -> dict[int, int]:  # type: ignore[no-untyped-def]
    return dict(enumerate(result.net))


# ---------------------------------------------------------------------------------------------
# The deal, the exchanges (§1-§4)
# ---------------------------------------------------------------------------------------------


def test_profile(hoyle: Profile) -> None:
    from reversis import available_profiles

    assert "4-player" in available_profiles()["hoyle"]
    assert hoyle.players == 4
    assert hoyle.money.bankroll == 400
    assert hoyle.mechanism == "pools"


def test_exchange_is_compulsory_without_three_stakes(hoyle: Profile) -> None:
    # hoyle §4: each non-dealer from the eldest exchanges; declining only at three stakes; no
    # quinola may be put out unless its pool is at three stakes.
    hand = new_hand(hoyle, seed=11)
    assert hand.to_move == E
    legal = hand.legal_moves()
    assert Decline() not in legal
    with pytest.raises(IllegalMoveError, match="compulsory unless a pool is at three stakes"):
        hand.apply("decline")
    for code in ("JH", "QH"):
        for seat in range(4):
            if any(c.code == code for c in hand.hand_of(seat)) and seat == E:
                assert Exchange(code) not in legal
                with pytest.raises(IllegalMoveError, match="three stakes"):
                    hand.apply(f"exchange {code}")


def test_three_stakes(hoyle: Profile) -> None:
    # hoyle §14.6: pools 106 and 20 become 108 and 21 with the antes. Every non-dealer may
    # decline; the J♥ may be put out, the Q♥ may not.
    match = attrs.evolve(
        new_match(hoyle, dealer=S), stakes=PoolStakes((("great", 106), ("little", 20))), seed=1
    )
    started = match.start_hand()
    assert started.stakes == PoolStakes((("great", 108), ("little", 21)))
    assert started.antes == (P(S, "great", 2, "ante", None), P(S, "little", 1, "ante", None))
    for seed in range(40):
        hand = new_hand(hoyle, seed=seed, stakes={"great": 108, "little": 21})
        legal = hand.legal_moves()
        assert Decline() in legal
        held = {c.code for c in hand.hand_of(E)}
        assert (Exchange("JH") in legal) == ("JH" in held)
        assert Exchange("QH") not in legal


def test_three_stakes_flag_great_only(hoyle: Profile) -> None:
    # [profile flag] three_stakes_pools = ["great"]: the little pool at three stakes does not open
    # declining.
    great_only = hoyle.evolve(exchange={"three_stakes_pools": ["great"]})
    assert Decline() in new_hand(hoyle, seed=1, stakes={"great": 26, "little": 50}).legal_moves()
    assert (
        Decline()
        not in new_hand(great_only, seed=1, stakes={"great": 26, "little": 50}).legal_moves()
    )
    assert (
        Decline() in new_hand(great_only, seed=1, stakes={"great": 100, "little": 13}).legal_moves()
    )


def test_declined_quinola_goes_to_the_discard(hoyle: Profile) -> None:
    for seed in range(200):
        hand = new_hand(hoyle, seed=seed, stakes={"great": 108, "little": 21})
        if hand.deal.widow[0].code == "QH":
            after = hand.apply("decline")
            assert after.reversis.pot[0].code == "QH"
            return
    pytest.fail("no Q♥ in the eldest's widow card in 200 deals")


def test_opposite_exchange(hoyle: Profile) -> None:
    # hoyle §4: each gives a card to the player opposite, chosen hidden, passed together.
    hand = new_hand(hoyle, seed=5)
    while hand.legal_moves() and not isinstance(hand.legal_moves()[0], Give):
        hand = hand.apply(hand.legal_moves()[0])
    order = []
    given = {}
    for _ in range(4):
        seat = hand.to_move
        order.append(seat)
        move = hand.legal_moves()[0]
        given[seat] = move.card  # type: ignore[union-attr]
        before = hand.hand_of(seat)
        hand = hand.apply(move)
        if len(order) < 4:
            assert hand.hand_of(seat) == before  # nothing moves until the last choice
            assert hand.view((seat + 2) % 4).received == ()
            assert ev.CardGiven(seat, (seat + 2) % 4, None) in hand.view((seat + 1) % 4).events
    assert order == [E, N, W, S]
    assert hand.phase.value == "play"
    for seat in range(4):
        assert given[(seat + 2) % 4] in hand.hand_of(seat)
        assert given[seat] not in hand.hand_of(seat)
        assert hand.view(seat).received == (given[(seat + 2) % 4],)
        assert hand.view(seat).given == (given[seat],)
    assert len(set(given.values())) == 4
    assert str(Give("7S")) == "give 7S"


# ---------------------------------------------------------------------------------------------
# Antes and pools (§2)
# ---------------------------------------------------------------------------------------------


def test_example_1_antes(hoyle: Profile) -> None:
    # hoyle §14.1: deal 1: great pool E, N, W 6 each, S 8; little 3, 3, 3, S 4: E, N, W -9, S -12.
    match = new_match(hoyle, dealer=S, seed=1).start_hand()
    assert match.stakes == PoolStakes((("great", 26), ("little", 13)))
    assert match.bankrolls == (388, 391, 391, 391)
    # great pool won, little untouched: deal 2 (dealer E): great 6 each and E 2 more; little E 1.
    second = attrs.evolve(
        new_match(hoyle, dealer=E, seed=1), stakes=PoolStakes((("great", 0), ("little", 13)))
    )
    second = second.start_hand()
    assert second.stakes == PoolStakes((("great", 26), ("little", 14)))
    assert second.bankrolls == (394, 391, 394, 394)


def test_bad_pool_stakes(hoyle: Profile) -> None:
    for stakes, words in [
        ({"great": 26}, "missing 'little'"),
        ({"great": -1, "little": 13}, "negative"),
        ({"great": 26, "little": 13, "medium": 4}, "unknown key"),
        ({"great": "26", "little": 13}, "integer"),
    ]:
        with pytest.raises(StakesError, match=words):
            new_hand(hoyle, seed=1, stakes=stakes)


# ---------------------------------------------------------------------------------------------
# The quinolas (§9)
# ---------------------------------------------------------------------------------------------

# W takes tricks 1-5 with clubs (the ♣A is out) and leads the ♥A to trick 6: S's only heart is the J♥.
FORCED = {
    W: "KC QC JC 9C 8C AH KD QD JD 9D 8D",
    E: "2C 3C 4C 5C 3H KH 9H 7D 6D 5D 4D",
    N: "6C 7C 5H 8H 7H 6H 4H 2H 3D 2D AD",
    S: "JH AS KS QS JS 9S 8S 7S 6S 5S 4S",
}


def _forced(hoyle: Profile, stakes: dict[str, int]) -> Hand:
    hand = hoyle_deal(
        hoyle, FORCED, widow="AC QH 3S", outs="- - -", discard="2S",
        gives={E: "8D", W: "4D", N: "4S", S: "2D"}, stakes=stakes,
    )  # fmt: skip
    plan = {1: {E: "2C", N: "6C", W: "KC"}, 6: {W: "AH", S: "JH", E: "3H", N: "5H"}}
    return script(hand, plan, until=7, keep="JH")


def test_example_4_forced_great_quinola(hoyle: Profile) -> None:
    # hoyle §14.4: trick 6: W leads ♥A, S's only heart J♥, E ♥3, N ♥5. S and N pay W 6 each, E 12;
    # S pays 26 into the great pool: W +24, S -32, E -12, N -6, great pool 52.
    hand = _forced(hoyle, {"great": 26, "little": 50})
    result = settle(hand)
    assert result.payments == (
        P(S, W, 6, "quinola_forced", 6),
        P(E, W, 12, "quinola_consolation", 6),
        P(N, W, 6, "quinola_consolation", 6),
        P(S, "great", 26, "pool", 6),
    )
    assert _nets(result) == {W: 24, S: -32, E: -12, N: -6}
    assert result.stakes == PoolStakes((("great", 52), ("little", 50)))
    # next deal (dealer E): only E's 2 -> 54
    match = attrs.evolve(new_match(hoyle, dealer=E, seed=1), stakes=result.stakes).start_hand()
    assert match.stakes == PoolStakes((("great", 54), ("little", 51)))


def test_example_6_forced_quinola_at_three_stakes(hoyle: Profile) -> None:
    # hoyle §14.6: a J♥ forced this deal pays 100 into the great pool (208).
    result = settle(_forced(hoyle, {"great": 108, "little": 21}))
    assert P(S, "great", 100, "pool", 6) in result.payments
    assert result.stakes == PoolStakes((("great", 208), ("little", 21)))


# N takes tricks 1-4 with diamonds and leads the ♣4 to trick 5; E, void of clubs, places the J♥.
PLACED = {
    N: "KD QD JD 9D 4C 2H 3H 4H 5H 6H 7H",
    E: "2D 3D 4D 5D JH KS QS JS 9S 8S 7S",
    W: "QC JC 9C 8C 6D 7D 8D 8H 9H KH 6S",
    S: "AS 5S 4S 3S 2S 2C 3C 5C 6C 7C AH",
}


def _placed(hoyle: Profile, great: int) -> Hand:
    hand = hoyle_deal(
        hoyle, PLACED, widow="QH AC KC", outs="- - -", discard="AD",
        gives={E: "8H", W: "7S", N: "7C", S: "7H"}, stakes={"great": great, "little": 50},
    )  # fmt: skip
    plan = {1: {E: "2D", N: "KD"}, 2: {N: "QD"}, 3: {N: "JD"}, 4: {N: "9D"}}
    plan[5] = {N: "4C", W: "QC", S: "2C", E: "JH"}
    return script(hand, plan, until=6, keep="JH 2C 4C QC")


def test_example_5_placed_great_quinola(hoyle: Profile) -> None:
    # hoyle §14.5: trick 5: N leads ♣4, W ♣Q (takes), S ♣2, E renounces with J♥: W pays E 12 and
    # E takes 26: E +38, W -12, great pool 0.
    result = settle(_placed(hoyle, 26))
    assert result.payments == (P(W, E, 12, "quinola_placed", 5), P("great", E, 26, "pool", 5))
    assert _nets(result) == {E: 38, W: -12, N: 0, S: 0}
    assert result.stakes == PoolStakes((("great", 0), ("little", 50)))


def test_example_5_the_cap(hoyle: Profile) -> None:
    # "With 130 in the pool: E takes 100, E +112; 30 remain, and next deal only the dealer's 2."
    result = settle(_placed(hoyle, 130))
    assert _nets(result)[E] == 112
    assert result.stakes == PoolStakes((("great", 30), ("little", 50)))
    match = attrs.evolve(new_match(hoyle, dealer=E, seed=1), stakes=result.stakes).start_hand()
    assert dict(match.stakes.pools)["great"] == 32  # type: ignore[union-attr]


# ---------------------------------------------------------------------------------------------
# Card payments and the party as rules (§5-§10), over random hands
# ---------------------------------------------------------------------------------------------


def _random_hands(profile: Profile, count: int, stakes: dict[str, int] | None = None):  # type: ignore[no-untyped-def]
    for seed in range(count):
        hand = new_hand(profile, seed=seed, dealer=seed % 4, stakes=stakes)
        rng = random.Random(seed)
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_moves()))
        yield hand


AMOUNTS = {"AC": 1, "AH": 1, "AS": 1, "AD": 2, "JH": 6, "QH": 3}


def test_examples_2_3_7_card_payments(hoyle: Profile) -> None:
    # hoyle §8-§10 (§14.2, §14.3, §14.7): placed, the taker pays; forced (the player's only card of
    # the suit), each of the three others pays the forcer; played or led, the player pays the party
    # winner at the end. Every such payment is doubled on trick 11 and between opposite seats.
    seen = set()
    for hand in _random_hands(hoyle, 250):
        if hand.reversis.committed is not None or hand.reversis.privilege_used:
            continue
        kinds = {
            (e.trick, e.seat): e.kind.value for e in hand.events if isinstance(e, ev.CardPlayed)
        }
        expected = []
        end = []
        for trick in hand.tricks:
            bonne = 2 if trick.number == 11 else 1
            for seat, card in trick.plays:
                amount = AMOUNTS.get(card.code)
                if amount is None:
                    continue
                name = "ace" if card.rank.code == "A" else "quinola"
                kind = kinds[(trick.number, seat)]
                seen.add(kind)

                def pay(
                    payer: int,
                    payee: int,
                    reason: str,
                    sink: list[Payment],
                    amount: int = amount,
                    bonne: int = bonne,
                    number: int = trick.number,
                ) -> None:
                    factor = bonne * (2 if (payer - payee) % 4 == 2 else 1)
                    if payer != payee:
                        sink.append(P(payer, payee, amount * factor, reason, number))

                if kind == "placed":
                    pay(trick.winner, seat, f"{name}_placed", expected)  # type: ignore[arg-type]
                elif kind == "forced":
                    pay(seat, trick.leader, f"{name}_forced", expected)
                    for k in range(1, 4):
                        other = (trick.leader + k) % 4
                        if other != seat:
                            pay(other, trick.leader, f"{name}_consolation", expected)
                elif seat != hand.reversis.winner:
                    pay(seat, hand.reversis.winner, f"{name}_{kind}", end)  # type: ignore[arg-type]
        cards = [p for p in settle(hand).payments if p.reason not in ("party", "pool")]
        assert cards == expected + end
    assert seen == {"placed", "forced", "played", "led"}


def test_party_and_pool_payments(hoyle: Profile) -> None:
    # hoyle §5, §7, §9: the party is the discard's points + 4 (A♦ 5, J♥ 4), doubled between
    # opposite seats; each quinola played pays (or, placed, takes) its pool value.
    seen = set()
    for hand in _random_hands(hoyle, 200):
        if hand.reversis.committed is not None:
            continue
        values = {"A": 4, "K": 3, "Q": 2, "J": 1}
        points = (
            sum(
                {"AD": 5, "JH": 4}.get(c.code, values.get(c.rank.code, 0))
                for c in hand.reversis.pot
            )
            + 4
        )
        result = settle(hand)
        assert hand.reversis.pot_value == points
        opposite = (hand.reversis.winner - hand.reversis.loser) % 4 == 2  # type: ignore[operator]
        assert (
            P(
                hand.reversis.loser,
                hand.reversis.winner,
                points * (2 if opposite else 1),
                "party",
                None,
            )
            in result.payments
        )  # type: ignore[arg-type]
        seen.add(opposite)
        pools = dict(hand.deal.stakes.pools)  # type: ignore[union-attr]
        for payment in result.payments:
            if payment.reason == "pool" and not hand.reversis.privilege_used:
                pool = payment.payee if isinstance(payment.payee, str) else payment.payer
                assert payment.amount == min(pools[pool], 100 if pool == "great" else 50)  # type: ignore[index]
                pools[pool] += payment.amount if isinstance(payment.payee, str) else -payment.amount  # type: ignore[index]
    assert seen == {True, False}


def test_example_7_party_value_and_ties(hoyle: Profile) -> None:
    # hoyle §14.7: points/tricks E 0/0, W 0/1, N 20/5, S 15/5: E wins (no trick beats W's pointless
    # trick), N loses. A W-S tie in points and tricks goes to S ("he who dealt last").
    points, tricks = [0] * 4, [0] * 4
    for seat, p, t in [(E, 0, 0), (W, 0, 1), (N, 20, 5), (S, 15, 5)]:
        points[seat], tricks[seat] = p, t
    assert party_outcome(hoyle, S, points, tricks) == (E, N)
    assert party_outcome(hoyle, S, [5, 9, 20, 5], [2, 3, 4, 2])[0] == S
    # the discard A♦ J♥ 7♠ 2♣ is worth 13; 35 points remain for the tricks.
    final = {
        E: "AS KS QS JS 9S 8S 6S 5S 4S 3S 2S",
        N: "AH KH QH 9H 8H 7H 6H 5H 4H 3H 2H",
        W: "AC KC QC JC 9C 8C 7C 6C 5C 4C 3C",
        S: "KD QD JD 9D 8D 7D 6D 5D 4D 3D 2D",
    }
    hand = hoyle_deal(
        hoyle, final, widow="AD 7S 2C", outs="- - -", discard="JH",
        gives={E: "3C", W: "2S", N: "2D", S: "2H"}, stakes={"great": 100, "little": 13},
    )  # fmt: skip
    assert sorted(c.code for c in hand.reversis.pot) == ["2C", "7S", "AD", "JH"]
    assert hand.reversis.pot_value == 13
    while not hand.is_over:
        hand = hand.apply(hand.legal_moves()[0])
    assert sum(hand.points) == 35


def test_auto_claim_flag(hoyle: Profile) -> None:
    # [profile flag] auto_claim: off, played and led payments are never claimed.
    lazy = hoyle.evolve(money={"claim_led": False})
    for hand in _random_hands(lazy, 80):
        assert not [p for p in settle(hand).payments if p.reason.endswith(("_led", "_played"))]


# ---------------------------------------------------------------------------------------------
# The reversis (§11)
# ---------------------------------------------------------------------------------------------

# S takes every trick: A♦ forced on trick 1, ♠A, ♠K (N places the ♣A), the J♥ led on trick 4,
# ♣Q on trick 5 (E places the Q♥), then spades.
MADE = {
    S: "AD AS KS QS JS 9S 8S 7S 6S JH QC",
    E: "5D KD QD JD 7D QH 2H 9H 8H 5S 4S",
    N: "8D 6D 4D AC JC 9C 8C 7C 7H 6H 5H",
    W: "9D 3D 3S 2S 6C 5C 4C 3C 2C 4H 3H",
}


def _made_start(hoyle: Profile, final: dict[int, str], leads: str) -> Hand:
    hand = hoyle_deal(
        hoyle, final, widow="7D 6D 3D", outs="KH KC AH", discard="2D",
        gives={E: "4H", W: "8H", N: "6S", S: "6H"}, stakes={"great": 26, "little": 13},
    )  # fmt: skip
    plan = {1: {E: "5D", N: "8D", W: "9D", S: "AD"}, 3: {N: "AC"}, 4: {E: "2H"}, 5: {E: "QH"}}
    for t, card in enumerate(leads.split(), start=2):
        plan.setdefault(t, {})[S] = card
    return script(hand, plan, keep="QH 2H AC 9S")


def test_example_8_reversis_made(hoyle: Profile) -> None:
    # hoyle §14.8: S takes tricks 1-9: E's 13 goes back. S takes 10 and 11: E returns 2 + 3 and N
    # 2; S's 26 comes back and he takes the great pool's 26; N pays 40, E 20, W 20.
    # S +106, E -14, N -42, W -24, great pool 0, little 13.
    hand = _made_start(hoyle, MADE, "AS KS JH QC QS JS 9S 8S 7S 6S")
    assert hand.reversis.committed == S
    assert hand.reversis.breaker is None
    result = settle(hand)
    assert _nets(result) == {S: 106, E: -14, N: -42, W: -24}
    assert result.stakes == PoolStakes((("great", 0), ("little", 13)))
    assert result.payments == (
        P(N, E, 2, "ace_consolation", 1),
        P(W, E, 4, "ace_consolation", 1),
        P("great", S, 26, "pool", 11),
        P(E, S, 20, "reversis_made", 11),
        P(N, S, 40, "reversis_made", 11),
        P(W, S, 20, "reversis_made", 11),
    )


def test_example_8_before_commitment(hoyle: Profile) -> None:
    # hoyle §14.8, tricks 1-5: E leads ♦5, N ♦8, W ♦9, S's only diamond A♦ (forced): N pays E 2,
    # W 4, S 2. Trick 3: N renounces the ♣A on S's ♠K: S pays N 2. Trick 4: S leads the J♥ and
    # pays 26 into the great pool. Trick 5: E renounces the Q♥ on S's ♣Q: S pays E 3, E takes 13.
    replay = hoyle_deal(
        hoyle, MADE, widow="7D 6D 3D", outs="KH KC AH", discard="2D",
        gives={E: "4H", W: "8H", N: "6S", S: "6H"}, stakes={"great": 26, "little": 13},
    )  # fmt: skip
    plan = {1: {E: "5D", N: "8D", W: "9D", S: "AD"}, 2: {S: "AS"}, 3: {S: "KS", N: "AC"},
            4: {S: "JH", E: "2H"}, 5: {S: "QC", E: "QH"}}  # fmt: skip
    partial = script(replay, plan, until=6, keep="QH 2H AC")
    result = settle(partial)
    assert result.payments == (
        P(S, E, 2, "ace_forced", 1),
        P(N, E, 2, "ace_consolation", 1),
        P(W, E, 4, "ace_consolation", 1),
        P(S, N, 2, "ace_placed", 3),
        P(S, "great", 26, "pool", 4),
        P(S, E, 3, "quinola_placed", 5),
        P("little", E, 13, "pool", 5),
    )


def test_example_9_reversis_broken(hoyle: Profile) -> None:
    # hoyle §14.9: as 8, but W takes trick 10: S pays W 80; the hand ends. Only E's take is
    # reversed. S -113, E +11, N 0, W +76, great pool 52, little 13.
    final = {
        S: "AD AS KS QS JS 8S 5S JH QC KC 4H",  # the A♦ is S's only diamond
        E: "5D KD QD JD 7D QH 2H 9H 8H 2D 3H",
        N: "8D 6D 4D AC JC 9C 8C 7C 7H 6H 5H",
        W: "9D 3D 9S 7S 6S 4S 3S 2S 6C 5C 2C",
    }
    hand = hoyle_deal(
        hoyle, final, widow="7D 6D 3D", outs="KH 4C AH", discard="3C",
        gives={E: "9S", W: "8H", N: "8S", S: "6H"}, stakes={"great": 26, "little": 13},
    )  # fmt: skip
    leads = "AS KS JH QC KC QS JS 8S 5S".split()
    plan = {1: {E: "5D", N: "8D", W: "9D", S: "AD"}, 3: {N: "AC"}, 4: {E: "2H"}, 5: {E: "QH"}}
    for t, card in enumerate(leads, start=2):
        plan.setdefault(t, {})[S] = card
    hand = script(hand, plan, keep="QH 2H AC 9S")
    assert (hand.reversis.committed, hand.reversis.breaker) == (S, W)
    assert len(hand.tricks) == 10  # [profile flag] the hand ends
    result = settle(hand)
    assert _nets(result) == {S: -113, E: 11, N: 0, W: 76}
    assert result.stakes == PoolStakes((("great", 52), ("little", 13)))
    assert P(S, W, 80, "reversis_broken", 10) in result.payments


# As MADE, but S keeps the ♥A for trick 10, where E's only heart left is the Q♥.
LATE = {
    S: "AD AS KS QS JS 9S 8S 7S JH QC AH",
    E: "5D KD QD JD 7D QH 2H 9H 8H 5S 4S",
    N: "8D 6D 4D AC JC 9C 8C 7C 7H 6H 5H",
    W: "9D 3D 3S 2S 6S 5C 4C 3C 2C 4H 3H",
}


def _late(profile: Profile) -> Hand:
    hand = hoyle_deal(
        profile, LATE, widow="7D 6D 3D", outs="KH KC 6C", discard="2D",
        gives={E: "4H", W: "8H", N: "9S", S: "6H"}, stakes={"great": 26, "little": 13},
    )  # fmt: skip
    leads = "AS KS JH QC QS JS 9S 8S AH 7S".split()
    plan: dict[int, dict[int, str]] = {1: {E: "5D", N: "8D", W: "9D", S: "AD"}, 4: {E: "2H"}}
    plan[5] = {E: "9H"}
    plan[6] = {E: "8H"}
    plan[10] = {E: "QH"}
    for t, card in enumerate(leads, start=2):
        plan.setdefault(t, {})[S] = card
    return script(hand, plan, keep="QH AC")


def test_final_tricks_pay_flag(hoyle: Profile) -> None:
    # hoyle §11 [decision]: on tricks 10-11 no ace or quinola is paid for; [profile flag]
    # final_tricks_pay: consolations are still paid (pools never), the reversis player's returned
    # if he makes it.
    hand = _late(hoyle)
    assert (hand.reversis.committed, hand.reversis.breaker) == (S, None)
    assert not [p for p in settle(hand).payments if p.trick == 10]
    paying = _late(hoyle.evolve(reversis={"final_tricks_pay": True}))
    late = [p for p in settle(paying).payments if p.trick == 10]
    assert late == [
        P(E, S, 3, "quinola_forced", 10),
        P(N, S, 6, "quinola_consolation", 10),
        P(W, S, 3, "quinola_consolation", 10),
    ]


def test_broken_reversis_played_out_flag(hoyle: Profile) -> None:
    # hoyle §11 [profile flag]: broken on trick 10, the hand ends (default) or trick 11 is played.
    playing = hoyle.evolve(reversis={"end_on_break": False})
    final = {
        S: "AD AS KS QS JS 8S 5S JH QC KC 4H",
        E: "5D KD QD JD 7D QH 2H 9H 8H 2D 3H",
        N: "8D 6D 4D AC JC 9C 8C 7C 7H 6H 5H",
        W: "9D 3D 9S 7S 6S 4S 3S 2S 6C 5C 2C",
    }
    hand = hoyle_deal(
        playing, final, widow="7D 6D 3D", outs="KH 4C AH", discard="3C",
        gives={E: "9S", W: "8H", N: "8S", S: "6H"}, stakes={"great": 26, "little": 13},
    )  # fmt: skip
    plan: dict[int, dict[int, str]] = {1: {E: "5D", N: "8D", W: "9D", S: "AD"}}
    for t, card in enumerate("AS KS JH QC KC QS JS 8S 5S".split(), start=2):
        plan.setdefault(t, {})[S] = card
    hand = script(hand, plan, keep="QH 2H AC 9S")
    assert hand.reversis.breaker == W
    assert len(hand.tricks) == 11


# ---------------------------------------------------------------------------------------------
# The espagnolette (§12)
# ---------------------------------------------------------------------------------------------

ESPAGNOLETTE = {
    N: "AS 5S 4S AC 6C 5C AD 3D QH 3H 2H",
    E: "4D 8S QD JD 3C KS JS 9H 8H KC QC",
    W: "KD 6S 7D 8D 9C 9S 7S 7H 6H JC 8C",
    S: "5D QS 6D 9D 4C 3S 2S 5H 4H 7C 2C",
}


def _espagnolette(hoyle: Profile) -> Hand:
    hand = hoyle_deal(
        hoyle, ESPAGNOLETTE, widow="AH KH 2D", outs="- - -", discard="JH",
        gives={E: "7H", W: "9H", N: "5H", S: "2H"}, stakes={"great": 100, "little": 13},
    )  # fmt: skip
    plan = {
        1: {E: "4D", N: "3D", W: "KD", S: "5D"},
        2: {W: "6S", S: "QS", E: "8S", N: "AD"},
        3: {S: "6D", E: "QD", W: "7D"},
        4: {E: "JD", W: "8D", S: "9D"},
        5: {E: "3C", N: "QH", W: "9C", S: "4C"},
    }
    return script(hand, plan, until=6, keep="AS AC QH")


def test_example_10_espagnolette_fails(hoyle: Profile) -> None:
    # hoyle §14.10: N holds ♠A ♣A ♦A Q♥ after the opposite exchange. Trick 2: N renounces with A♦:
    # S pays N 4. Trick 5: N renounces with Q♥: W pays N 3, N takes 13. N later takes a trick. End:
    # N pays the party to the winner ranked among E, W, S, returns 4 to S and 3 to W, and puts
    # 13 + 13 into the little pool. Little pool 26.
    hand = _espagnolette(hoyle)
    assert hand.reversis.privilege_holder == N
    assert hand.reversis.privilege_used == 2
    result = settle(hand)
    assert result.payments == (
        P(S, N, 4, "ace_placed", 2),
        P(W, N, 3, "quinola_placed", 5),
        P("little", N, 13, "pool", 5),
    )
    hand = script(hand, {}, keep="QH")
    assert hand.tricks_taken[N] > 0
    result = settle(hand)
    assert hand.reversis.loser == N
    assert (
        hand.reversis.winner
        == party_outcome(hoyle, S, hand.points, hand.tricks_taken, privilege_used_by=N)[0]
    )
    assert P(S, N, 4, "ace_placed", 2) not in result.payments  # returned
    assert P(W, N, 3, "quinola_placed", 5) not in result.payments  # returned
    assert P("little", N, 13, "pool", 5) not in result.payments  # returned ...
    assert P(N, "little", 13, "pool", None) in result.payments  # ... and paid again
    assert dict(result.stakes.pools)["little"] == 26  # type: ignore[union-attr]


def test_example_10_espagnolette_succeeds(hoyle: Profile) -> None:
    # "Had N taken no trick: he wins the party and keeps his receipts."
    for hand in _random_hands(hoyle, 4000):
        seat = hand.reversis.privilege_holder
        if (
            seat is not None
            and hand.reversis.privilege_used
            and hand.reversis.committed is None
            and not hand.tricks_taken[seat]
        ):
            assert hand.reversis.winner == seat
            result = settle(hand)
            placed = [
                (t.number, c.code) for t in hand.tricks for s, c in t.plays[1:]
                if s == seat and c.suit != t.plays[0][1].suit and c.code in AMOUNTS
            ]  # fmt: skip
            kept = [p for p in result.payments if p.payee == seat and p.reason.endswith("_placed")]
            assert len(kept) == len(placed)  # his receipts stand
            assert not [
                p
                for p in result.payments
                if p.payer == seat and p.trick is None and p.reason == "pool"
            ]
            return
    pytest.skip("no successful espagnolette in 4000 random hands")


# ---------------------------------------------------------------------------------------------
# The match (§13)
# ---------------------------------------------------------------------------------------------


def test_match_shares_the_pools(hoyle: Profile) -> None:
    # hoyle §13: after the last deal each pool is shared equally; the odd fish one at a time from
    # the dealer of the last deal, then against playing order.
    match = attrs.evolve(
        new_match(hoyle, dealer=1),
        stakes=PoolStakes((("great", 27), ("little", 13))),
        hands_played=31,
        seed=2,
    )
    rng = random.Random(2)
    match = match.start_hand()
    hand = match.hand
    assert hand is not None
    while not hand.is_over:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    total = sum(match.bankrolls) + match.stakes.pool_total
    match = match.finish_hand(hand)
    assert match.phase is MatchPhase.OVER
    assert match.stakes == PoolStakes((("great", 0), ("little", 0)))
    assert sum(match.bankrolls) == total
    last = 1
    for pool in ("great", "little"):
        shares = {p.payee: p.amount for p in match.final_payments if p.payer == pool}
        amount = sum(shares.values())
        base, extra = divmod(amount, 4)
        order = [(last - k) % 4 for k in range(4)]
        for k, seat in enumerate(order):
            assert shares.get(seat, 0) == base + (1 if k < extra else 0)


def test_quinola_led_on_the_commit_trick_made(hoyle: Profile) -> None:
    # hoyle §11: the reversis player's quinola counts up to the commit trick itself. S leads the
    # J♥ on trick 9 (he pays the great pool's 26 in and commits on that trick); made, the 26
    # comes back to him and he takes the pool's value as if placed: the same money as example 8.
    hand = hoyle_deal(
        hoyle, MADE, widow="7D 6D 3D", outs="KH KC AH", discard="2D",
        gives={E: "4H", W: "8H", N: "6S", S: "6H"}, stakes={"great": 26, "little": 13},
    )  # fmt: skip
    plan = {1: {E: "5D", N: "8D", W: "9D", S: "AD"}, 3: {N: "AC"}, 4: {E: "QH"}}
    for t, card in enumerate("AS KS QC QS JS 9S 8S JH 7S 6S".split(), start=2):
        plan.setdefault(t, {})[S] = card
    hand = script(hand, plan, keep="QH 2H AC 9S")
    assert hand.tricks[8].cards[0].code == "JH"
    assert hand.tricks[8].leader == S
    assert (hand.reversis.committed, hand.reversis.breaker) == (S, None)
    result = settle(hand)
    assert _nets(result) == {S: 106, E: -14, N: -42, W: -24}
    assert result.stakes == PoolStakes((("great", 0), ("little", 13)))
    assert P("great", S, 26, "pool", 11) in result.payments


def test_quinola_led_on_the_commit_trick_broken(hoyle: Profile) -> None:
    # hoyle §11: as example 9, but S leads the J♥ on trick 9, the commit trick: what he paid the
    # pool stands when the reversis is broken.
    final = {
        S: "AD AS KS QS JS 8S 5S JH QC KC 4H",
        E: "5D KD QD JD 7D QH 2H 9H 8H 2D 3H",
        N: "8D 6D 4D AC JC 9C 8C 7C 7H 6H 5H",
        W: "9D 3D 9S 7S 6S 4S 3S 2S 6C 5C 2C",
    }
    hand = hoyle_deal(
        hoyle, final, widow="7D 6D 3D", outs="KH 4C AH", discard="3C",
        gives={E: "9S", W: "8H", N: "8S", S: "6H"}, stakes={"great": 26, "little": 13},
    )  # fmt: skip
    plan = {1: {E: "5D", N: "8D", W: "9D", S: "AD"}, 3: {N: "AC"}, 4: {E: "QH"}}
    for t, card in enumerate("AS KS QC KC QS JS 8S JH 5S".split(), start=2):
        plan.setdefault(t, {})[S] = card
    hand = script(hand, plan, keep="QH 2H AC 9S")
    assert hand.tricks[8].cards[0].code == "JH"
    assert (hand.reversis.committed, hand.reversis.breaker) == (S, W)
    result = settle(hand)
    assert P(S, "great", 26, "pool", 9) in result.payments
    assert _nets(result) == {S: -113, E: 11, N: 0, W: 76}
    assert result.stakes == PoolStakes((("great", 52), ("little", 13)))


# ---------------------------------------------------------------------------------------------
# Card payments doubled between opposite seats (hoyle §10 [profile flag] opposite_doubles)
# ---------------------------------------------------------------------------------------------


def test_opposite_doubling_doubles_exactly_the_card_payments_between_opposite_seats() -> None:
    """The same hands under the English rules and under a house profile that also doubles the card
    payments between opposite seats (``money.opposite_doubles = ["cards", "party"]``, as Hoyle's):
    the payments correspond one to one, and an amount doubles exactly when a card payment passes
    between opposite seats (the led J♥'s consolations included, which Hoyle has not)."""
    english = load_profile("english")
    doubled = english.evolve(
        name="english-opposite-cards", money={"opposite_doubles": ["cards", "party"]}
    )
    card_reasons = {r for rs in english.compiled.reasons if rs is not None for r in rs}
    compared = consoled = 0
    for seed in range(150):
        hand = random_states(english, seed)[-1]
        again = reversis.deal_hand(doubled, hand.deal.dealt, hand.deal.widow, dealer=hand.dealer)
        for move in hand.moves:
            again = again.apply(move)
        plain, double = reversis.settle(hand).payments, reversis.settle(again).payments
        if hand.reversis.committed is not None or hand.reversis.privilege_used is not None:
            continue  # the reversis and a failed espagnolette settle by their own rules
        assert len(plain) == len(double), seed
        for a, b in zip(plain, double, strict=True):
            assert (a.payer, a.payee, a.reason, a.trick) == (b.payer, b.payee, b.reason, b.trick)
            opposite = isinstance(a.payer, int) and isinstance(a.payee, int)
            opposite = opposite and (int(a.payer) - int(a.payee)) % 4 == 2
            factor = 2 if opposite and a.reason in card_reasons else 1
            assert b.amount == factor * a.amount, (seed, a, b)
            compared += 1
            consoled += factor == 2 and a.trick is not None and a.reason.endswith("_led")
    assert compared > 500
    assert consoled, "no led consolation between opposite seats"
