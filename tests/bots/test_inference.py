"""The search's inference (issue 39): worlds weighed by the play seen so far.

A world is discounted for each play of another seat that is not the card the cautious policy would
have played in it (:func:`reversis.bots.search.surprises`); the compiled search counts them in C
while it replays the world (``_core/worlds.pyx``) and must count as the reference does.
"""

from __future__ import annotations

import math
import random

import pytest
from test_ismcts import _same_view_two_deals

import reversis
from reversis._core import engine_name
from reversis.bots import ISMCTSBot
from reversis.bots.playouts import cautious_pick, danger_table
from reversis.bots.search import POOL_WORLDS, _search, _weighed, move_code, surprises
from reversis.errors import ArgumentError
from reversis.hand import hand_of_state
from reversis.worlds.plan import Draws, lower_plan
from reversis.worlds.sampler import core_plan, view_plan

PROFILES = list(reversis.available_profiles())


def _cautious_but(hand: reversis.Hand, odd: dict[int, int]) -> reversis.Hand:
    """``hand`` played out: the steps before play the first legal move, every play the cautious
    card, except the ``odd[seat]``-th play of a choice (from 1) of each seat in ``odd``, which is
    another legal card."""
    table = danger_table(hand.profile)
    choices = dict.fromkeys(odd, 0)
    while not hand.is_over:
        moves = hand.legal_moves()
        if hand.phase is not reversis.Phase.PLAY:
            hand = hand.apply(moves[0])
            continue
        seat = hand.to_move
        assert seat is not None
        legal = sum(1 << move_code(m) for m in moves)
        trick = hand.current_trick
        bits = tuple(c.index for _, c in trick.plays) if trick is not None else ()
        card = cautious_pick(legal, bits, table)
        if seat in odd and len(moves) > 1:
            choices[seat] += 1
            if choices[seat] == odd[seat]:
                card = next(move_code(m) for m in moves if move_code(m) != card)
        hand = hand.apply(next(m for m in moves if move_code(m) == card))
    assert all(choices[seat] >= odd[seat] for seat in odd)  # each odd play was made
    return hand


@pytest.mark.parametrize("profile", ["hearts", "fournier-1785", "tetka"])
def test_surprises_count_the_other_seats_plays_off_the_cautious_card(profile: str) -> None:
    start = reversis.new_hand(profile, seed=7)
    table = danger_table(start.profile)
    plain = _cautious_but(start, {})
    assert [surprises(plain, seat, table) for seat in range(4)] == [0, 0, 0, 0]
    odd = _cautious_but(start, {0: 2, 2: 3})  # seat 0 and seat 2 each once off the rules
    assert [surprises(odd, seat, table) for seat in range(4)] == [1, 2, 1, 2]


@pytest.mark.skipif(engine_name() != "compiled", reason="the worlds drawn in C")
def test_the_core_counts_surprises_as_the_reference() -> None:
    """Worlds of views after random play, in every profile: the count the core makes while it
    replays a world equals :func:`surprises` on that world, and the counts differ between worlds
    of one view (a count that could not tell worlds apart would weigh nothing)."""
    checked = 0
    for profile in PROFILES:
        spread = False
        for seed in range(8):
            rng = random.Random(seed)
            hand = reversis.new_hand(profile, seed=seed)
            for _ in range(rng.randrange(8, 30)):
                if hand.is_over:
                    break
                hand = hand.apply(rng.choice(hand.legal_moves()))
            if hand.is_over or hand.phase is not reversis.Phase.PLAY:
                continue
            view = hand.view(hand.to_move)  # type: ignore[arg-type]
            resolved, plan = core_plan(view)
            plan = plan or lower_plan(view_plan(view))
            if plan is None:
                continue
            table = danger_table(resolved)
            counts = set()
            for k in range(4):
                state, count, _ = plan.scored_world(seed * 10 + k, 1000, table)
                assert state is not None
                assert count == surprises(hand_of_state(state), view.seat, table), (profile, seed)
                counts.add(count)
                checked += 1
            spread = spread or len(counts) > 1
        assert spread, profile
    assert checked >= 100


def test_the_pool_keeps_the_last_worlds_and_weighs_them() -> None:
    hands = [reversis.new_hand("hearts", seed=seed) for seed in range(3)]
    draws = Draws(3)
    pool: list[tuple[reversis.Hand, int]] = []
    # keep 0: only the worlds with the fewest surprises are ever searched
    assert _weighed(pool, 0, hands[0], 5, 0.0, draws) is hands[0]
    for _ in range(20):
        assert _weighed(pool, 1, hands[1], 3, 0.0, draws) is hands[1]
    assert [count for _, count in pool] == [5, 3]
    # keep 1: every world alike; the slot given is replaced
    seen = {id(_weighed(pool, 0, hands[2], 9, 1.0, draws)) for _ in range(60)}
    assert seen == {id(hands[2]), id(hands[1])}
    assert [count for _, count in pool] == [9, 3]
    # keep 1/2: a world with one more surprise is searched about half as often
    picks = [_weighed(pool, 0, hands[0], 4, 0.5, draws) for _ in range(4000)]
    share = sum(pick is hands[0] for pick in picks) / len(picks)
    assert abs(share - 1 / 3) < 0.04  # weights 1/2 and 1
    assert POOL_WORLDS == 64


def _play_view(profile: str, seed: int, cards: int) -> reversis.views.HandView:
    hand = reversis.new_hand(profile, seed=seed)
    rng = random.Random(seed)
    played = 0
    while played < cards or len(hand.legal_moves()) < 2:
        if hand.phase is reversis.Phase.PLAY:
            played += 1
        hand = hand.apply(rng.choice(hand.legal_moves()))
    return hand.view(hand.to_move)  # type: ignore[arg-type]


@pytest.mark.skipif(engine_name() != "compiled", reason="the compiled search")
def test_core_search_takes_the_inference() -> None:
    from reversis._core import search as core

    assert core.POOL_WORLDS == POOL_WORLDS
    view = _play_view("fournier-1785", 5, 14)
    resolved, plan = core_plan(view)
    plan = plan or lower_plan(view_plan(view))
    assert plan is not None
    args = (plan, 300, None, 11, 200, danger_table(resolved), -84, 120, 0.7, 0.0)
    plain = core.search(*args)
    assert core.search(*args, 0.0) == plain  # 0: the worlds as drawn, the same draws
    legal = {move_code(m) for m in view.legal_moves}
    results = {core.search(*args, inference) for inference in (0.3, 0.7, 1.0)}
    for code, done, _ in results:
        assert code in legal
        assert done == 300
    assert core.search(*args, 0.7) == core.search(*args, 0.7)  # deterministic with a seed
    # the weighing draws from the generator: the search's state after it differs
    assert core.search(*args, 0.7)[2] != plain[2]
    for bad in (-0.1, 1.5, math.nan, math.inf, None, "0.5"):
        with pytest.raises(ArgumentError, match="inference"):
            core.search(*args, bad)


def test_ismcts_checks_its_inference() -> None:
    for bad in (-0.5, 1.01, math.nan, "x"):
        with pytest.raises(ArgumentError):
            ISMCTSBot(random.Random(0), inference=bad)  # type: ignore[arg-type]
    assert ISMCTSBot().inference == 0.0


@pytest.mark.parametrize("profile", PROFILES)
def test_ismcts_with_inference_plays_every_profile_deterministically(profile: str) -> None:
    def run(seed: int) -> tuple[reversis.Move, ...]:
        hand = reversis.new_hand(profile, seed=seed)
        bots = [
            ISMCTSBot(random.Random(seed * 8 + s), iterations=15, inference=0.6)
            for s in range(hand.players)
        ]
        return reversis.bots.players.play_hand(hand, bots).moves

    assert run(3) == run(3)


def test_ismcts_with_inference_sees_only_its_view() -> None:
    """Two deals that seat 1's view cannot tell apart, the other seats' plays the same: the bot
    weighing its worlds makes the same choices in both."""
    a, b = _same_view_two_deals()
    while a.phase is reversis.Phase.EXCHANGE:
        step = reversis.Decline() if reversis.Decline() in a.legal_moves() else a.legal_moves()[0]
        a, b = a.apply(step), b.apply(step)
    for code in "2H 5H 9H 3C 7S 4C".split():
        play = reversis.Play(reversis.Card.parse(code))
        a, b = a.apply(play), b.apply(play)
    seat = a.to_move
    assert seat is not None
    assert a.view(seat) == b.view(seat)
    assert a.hands != b.hands
    for seed in range(4):
        move_a = ISMCTSBot(random.Random(seed), iterations=300, inference=0.8)(a.view(seat))
        move_b = ISMCTSBot(random.Random(seed), iterations=300, inference=0.8)(b.view(seat))
        assert move_a == move_b
        assert move_a in a.legal_moves()


def test_reference_search_weighs_its_worlds() -> None:
    """The reference search in Python (on either engine) with the inference: legal, the same
    with the same seed."""
    from reversis.games import net_bounds

    view = _play_view("hearts", 4, 10)
    resolved, _ = core_plan(view)
    plan = view_plan(view)
    bot = ISMCTSBot(random.Random(0), iterations=40, inference=0.7)
    args = (plan, view.legal_moves, 5, net_bounds(resolved), danger_table(resolved), 0.0)
    move = _search(bot, *args)
    assert move in view.legal_moves
    assert _search(bot, *args) == move
