"""``reversis.rollouts``: playouts in a batch, each seat's result per playout.

Held here: every playout equals step-by-step play through ``legal_moves()``/``apply()`` drawing the
library's generator (splitmix64) as the rollouts do, from hands and from views (each playout on the
world the reference's search draws from the same generator, then played out from it), for every
shipped profile and policy; the compiled core's loop and the reference's give the same results for
the same seed; the cautious policy in C chooses the cards ``reversis.bots.players``' Python policy chooses;
bad input gets a typed error; ``sample_world``'s worlds agree with their view and are drawn as
evenly as the reference defines (a chi-square check of where the unseen cards go, seeded, not
timed).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import reversis.worlds.sampler as worlds
from helpers import sized, started
from reversis import (
    ArgumentError,
    IllegalMoveError,
    Play,
    available_profiles,
    load_profile,
    new_hand,
    rollouts,
    sample_world,
    settle,
)
from reversis._core import available, core_module
from reversis.bots.players import MonteCarloBot, cautious_policy
from reversis.bots.playouts import (
    MAX_PLAYOUTS,
    CautiousPolicy,
    _next_choice,
    _play_outs,
    cautious_pick,
    danger_table,
    result_function,
)
from reversis.games import game_of
from reversis.hand import state_of
from reversis.worlds.plan import Draws, draw_world
from reversis.worlds.sampler import world_sampler

PROFILES = {name: load_profile(name) for name in available_profiles()}
HANDS = sized(6, 60)


def _step_by_step(hand: Any, rng: list[int], policy: Any) -> Any:
    """``hand`` played to its end through ``legal_moves()`` and ``apply()``, each random choice
    drawn as the rollouts draw it; the plays chosen by ``policy`` when it is given."""
    profile = hand.profile
    while not hand.is_over:
        moves = hand.legal_moves()
        if policy is None or not isinstance(moves[0], Play):
            hand = hand.apply(moves[_next_choice(rng, len(moves))])
            continue
        legal = 0
        for move in moves:
            legal |= 1 << move.card.index
        trick = hand.current_trick
        cards = tuple(card.index for _, card in trick.plays) if trick is not None else ()
        chosen = policy if callable(policy) else cautious_policy(profile)
        hand = hand.apply(Play(profile.deck[0].from_index(chosen(hand.to_move, legal, cards))))
    return hand


def _expected(hands: list[Any], seed: int, policy: Any, result: str) -> list[list[int]]:
    rng = [seed]
    rows = []
    for hand in hands:
        end = _step_by_step(hand, rng, policy)
        rows.append(list(settle(end).net if result == "net" else end.points))
    return rows


def _lowest(seat: int, legal: int, trick: tuple[int, ...]) -> int:
    return (legal & -legal).bit_length() - 1


CASES = [(name, seed, before) for name in PROFILES for seed, before in ((1, 0), (2, 9), (3, 23))]


@pytest.mark.parametrize(("name", "seed", "before"), CASES)
@pytest.mark.parametrize("policy", ["random", "cautious", "callable"])
def test_rollouts_of_a_hand_equal_step_by_step_play(
    name: str, seed: int, before: int, policy: str
) -> None:
    hand = started(name, seed, before)
    chosen: Any = {"random": None, "cautious": "cautious", "callable": _lowest}[policy]
    results = rollouts(hand, 4, seed=seed * 7919, policy=chosen or "random")
    assert results.shape == (4, hand.players)
    assert results.format == "q"
    assert results.readonly
    assert results.tolist() == _expected([hand] * 4, seed * 7919, chosen, "net")
    points = rollouts(hand, 2, seed=seed, policy=chosen or "random", result="points")
    assert points.tolist() == _expected([hand] * 2, seed, chosen, "points")


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_rollouts_of_a_view_play_out_the_worlds_of_the_view(name: str) -> None:
    hand = started(name, 5, 11)
    seat = hand.to_move if hand.to_move is not None else 0
    view = hand.view(seat)
    results = rollouts(view, 3, seed=99, policy="cautious")
    # each playout: a world drawn from the generator by the reference's search, then played out
    # step by step from the generator's state after it
    plan = worlds.view_plan(view)
    draws = Draws(99)
    expected = []
    for _ in range(3):
        world = draw_world(plan, None, draws, worlds.ATTEMPTS)
        assert world.view(seat) == view
        rng = [draws.value]
        end = _step_by_step(world, rng, "cautious")
        draws.value = rng[0]
        expected.append(list(settle(end).net))
    assert results.tolist() == expected


@pytest.mark.skipif(not available() or core_module() is None, reason="the compiled core plays")
@pytest.mark.parametrize("name", sorted(PROFILES))
def test_the_core_and_the_reference_give_the_same_results(name: str) -> None:
    """The core's loop (on its states) and the reference's (on the equal reference states) draw
    the same numbers and so give the same rows, for every policy."""
    for seed in range(HANDS):
        hand = started(name, seed, seed * 5 % 30)
        core_state = state_of(hand)
        reference_state = core_state.to_state()
        value = result_function(hand.profile, "net")
        for policy in (None, "cautious", _lowest):
            rows = []
            for state in (core_state, reference_state):
                out, after = _play_outs(state, 3, seed, policy, value)
                rows.append((out.tolist(), after))
            assert rows[0] == rows[1]


def test_the_same_seed_gives_the_same_results_and_another_seed_others() -> None:
    hand = new_hand("fournier-1785", seed=3)
    first = rollouts(hand, 50, seed=12).tolist()
    assert rollouts(hand, 50, seed=12).tolist() == first
    assert rollouts(hand, 50, seed=13).tolist() != first
    ended = started("hearts", 1, 200)
    assert ended.is_over
    assert rollouts(ended, 2, seed=0).tolist() == [list(settle(ended).net)] * 2


def test_cautious_policy_in_c_chooses_as_the_python_one() -> None:
    core = core_module()
    if core is None:
        pytest.skip("the compiled core is not built (or REVERSIS_ENGINE=python)")
    rng = random.Random(2025)
    checked = 0
    for profile in PROFILES.values():
        table = danger_table(profile)
        deck = [card.index for card in profile.deck]
        for _ in range(sized(400, 4000)):
            legal = 0
            for bit in rng.sample(deck, rng.randint(1, 13)):
                legal |= 1 << bit
            trick = tuple(rng.sample(deck, rng.randint(0, profile.players - 1)))
            assert core.cautious_choice(legal, trick, table) == cautious_pick(legal, trick, table)
            checked += 1
    assert checked >= 400 * len(PROFILES)


def test_bad_input_gets_a_typed_error() -> None:
    hand = new_hand("fournier-1785", seed=1)
    for n in (0, -1, MAX_PLAYOUTS + 1, 1.5, "3", True):
        with pytest.raises(ArgumentError, match="n must be an integer"):
            rollouts(hand, n, seed=1)  # type: ignore[arg-type]
    for seed in (-1, 2**64, 1.0, None):
        with pytest.raises(ArgumentError, match="seed must be an integer"):
            rollouts(hand, 1, seed=seed)  # type: ignore[arg-type]
    for source in ("hand", None, state_of(hand), hand.profile):
        with pytest.raises(ArgumentError, match="needs a Hand or a HandView"):
            rollouts(source, 1, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="unknown policy 'clever'"):
        rollouts(hand, 1, seed=1, policy="clever")
    with pytest.raises(ArgumentError, match="not callable"):
        rollouts(hand, 1, seed=1, policy=42)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="result must be"):
        rollouts(hand, 1, seed=1, result="money")
    for bad in (lambda seat, legal, trick: 64, lambda seat, legal, trick: "QS", lambda *a: None):
        with pytest.raises(IllegalMoveError, match="the rollout policy chose it"):
            rollouts(hand, 2, seed=1, policy=bad)
    with pytest.raises(ZeroDivisionError):
        rollouts(hand, 1, seed=1, policy=lambda seat, legal, trick: 1 // 0)
    assert not hand.is_over  # nothing changed
    assert rollouts(hand, 1, seed=1).shape == (1, 4)


def test_monte_carlo_bot_decides_with_rollouts_from_its_view_only() -> None:
    """The bot's choice is the move with the best total of the rollouts it plays: derived here
    from the same worlds and seeds, not written down."""
    hand = started("fournier-1785", 4, 14)
    view = hand.view(hand.to_move)
    bot = MonteCarloBot(random.Random(8), playouts=3)
    choice = bot(view)
    assert choice in hand.legal_moves()
    rng = random.Random(8)
    sample = world_sampler(view)
    totals = [0] * len(view.legal_moves)
    for _ in range(3):
        world = sample(rng)
        seed = rng.getrandbits(64)
        for i, move in enumerate(view.legal_moves):
            end = _step_by_step(world.apply(move), [seed], "cautious")
            totals[i] += settle(end).net[view.seat]
    best = max(range(len(totals)), key=lambda i: (totals[i], -i))
    assert choice == view.legal_moves[best]


def test_world_sampler_gives_sample_worlds_worlds() -> None:
    hand = started("hoyle", 6, 17)
    view = hand.view(2)
    sample = world_sampler(view)
    for seed in range(5):
        assert sample(random.Random(seed)) == sample_world(view, random.Random(seed))


def _chi_square(counts: dict[Any, int], expected: float) -> float:
    return sum((count - expected) ** 2 / expected for count in counts.values())


def test_sample_world_deals_the_unseen_cards_evenly() -> None:
    """At the first lead of a Hearts hand without passing, every unseen card is as likely in each
    other hand: a chi-square over (card, seat) cells, against its 0.1 % critical value."""
    hand = new_hand("hearts", seed=4, pass_direction="none")
    assert isinstance(hand.legal_moves()[0], Play)
    seat = hand.to_move
    view = hand.view(seat)
    sample = world_sampler(view)
    rng = random.Random(7)
    worlds = sized(300, 3000)
    counts: dict[tuple[int, int], int] = {}
    for _ in range(worlds):
        world = sample(rng)
        for other in range(4):
            if other != seat:
                for card in world.hand_of(other):
                    counts[card.index, other] = counts.get((card.index, other), 0) + 1
    assert len(counts) == 39 * 3
    assert sum(counts.values()) == 39 * worlds
    # 39 cards, each in one of 3 seats: 39 * 2 degrees of freedom; the 0.1 % critical value of
    # chi-square with 78 degrees of freedom is about 124.8.
    assert _chi_square(counts, worlds / 3) < 124.8


def test_sample_world_keeps_a_void_shown_and_agrees_with_the_view() -> None:
    """A seat that renounced a suit (without the privilege to explain it) gets none of it."""
    profile = PROFILES["hearts"]
    found = 0
    for seed in range(200):
        hand = new_hand(profile, seed=seed, pass_direction="none")
        rng = random.Random(seed)
        while not hand.is_over and len(hand.tricks) < 6:
            hand = hand.apply(rng.choice(hand.legal_moves()))
        seat = hand.to_move
        if seat is None:
            continue
        view = hand.view(seat)
        voids = {
            (play_seat, trick.plays[0][1].suit)
            for trick in hand.tricks
            for play_seat, card in trick.plays[1:]
            if card.suit != trick.plays[0][1].suit and play_seat != seat
        }
        if not voids:
            continue
        found += 1
        sample = world_sampler(view)
        for k in range(5):
            world = sample(random.Random(k))
            assert world.view(seat) == view
            for other, suit in voids:
                assert all(card.suit != suit for card in world.hand_of(other))
        if found >= sized(5, 50):
            break
    assert found >= 1


def test_results_are_the_settlement_of_the_final_hand() -> None:
    """``result="net"`` is each seat's net money of the finished hand, as settle() gives it."""
    hand = started("reunion", 2, 5)
    rows = rollouts(hand, 3, seed=5).tolist()
    game = game_of(hand.profile)
    assert rows == _expected([hand] * 3, 5, None, "net")
    assert all(len(row) == hand.players for row in rows)
    assert game is not None


@pytest.mark.skipif(core_module() is None, reason="the compiled core plays")
@pytest.mark.parametrize("name", sorted(PROFILES))
def test_the_matching_in_c_finds_the_reference_worlds(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """worlds.py places the unseen cards with the core's search where it plays: the same worlds
    for the same ``rng`` as the Python search."""
    for seed in range(HANDS):
        hand = started(name, seed, 3 + seed * 7 % 40)
        if hand.is_over:
            continue
        view = hand.view((hand.to_move + seed) % hand.players)
        with_core = [world_sampler(view)(random.Random(k)) for k in range(3)]
        monkeypatch.setattr(worlds, "_CORE", None)
        in_python = [world_sampler(view)(random.Random(k)) for k in range(3)]
        monkeypatch.undo()
        assert with_core == in_python
        assert all(world.view(view.seat) == view for world in with_core)


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_hand_rollout_with_the_cautious_policy_plays_its_cards(name: str) -> None:
    """``cautious_policy`` is played in C by ``hand.rollout`` on the core: the same hands as a
    plain function making the same choices."""
    profile = PROFILES[name]
    table = danger_table(profile)

    def plain(seat: int, legal: int, trick: tuple[int, ...]) -> int:
        return cautious_pick(legal, trick, table)

    for seed in range(HANDS):
        hand = started(name, seed, seed * 3 % 20)
        fast = hand.rollout(random.Random(seed), cautious_policy(profile))
        slow = hand.rollout(random.Random(seed), plain)
        assert fast == slow
        assert fast.events == slow.events


def test_a_policy_posing_as_the_cautious_one_is_checked() -> None:
    hand = new_hand("fournier-1785", seed=1)

    class Posing:
        """Not the cautious policy, but played by its C playout (its ``core_rollout``)."""

        core_policy = "cautious"
        core_rollout = CautiousPolicy.core_rollout

        def __init__(self, danger: object) -> None:
            self.danger = danger

        def __call__(self, seat: int, legal: int, trick: tuple[int, ...]) -> int:
            return (legal & -legal).bit_length() - 1

    for danger in ((1,) * 63, (-1,) * 64, (2**40,) * 64, None, [0] * 64, ("x",) * 64):
        if core_module() is None:  # the reference calls the policy itself
            assert hand.rollout(random.Random(1), Posing(danger)).is_over
            continue
        with pytest.raises(ArgumentError, match="danger values"):
            hand.rollout(random.Random(1), Posing(danger))
