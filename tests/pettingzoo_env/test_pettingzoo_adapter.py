"""The PettingZoo and Gymnasium adapter (reversis.pettingzoo): PettingZoo's API and seed tests and
Gymnasium's environment checker on every profile; observations equal to the library's encoding at
every step; deals equal to new_hand's; rewards equal to the settlement."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

import reversis
from helpers import SCALE, sized
from reversis.text.render import render

if os.environ.get("REVERSIS_REQUIRE_PETTINGZOO") == "1":  # .ci/run: the tests must run
    import numpy as np
else:
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo", reason="pip install -e '.[pettingzoo]'")
    pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from reversis.bots.players import RandomBot
from reversis.pettingzoo import SingleAgentEnv, env, raw_env
from reversis.pettingzoo.tracker import Tracker
from reversis.views.encoding import encode_observation, observation_size

PROFILES = sorted(reversis.available_profiles())


def _play(game: object, rng: random.Random, check: bool) -> dict[str, float]:
    """Play the hand in ``game`` at random; with ``check``, compare every seat's observation with
    the library's encoding at every step. Returns each agent's total reward."""
    totals: dict[str, float] = {}
    raw = game.unwrapped  # type: ignore[attr-defined]
    for agent in game.agent_iter():  # type: ignore[attr-defined]
        observation, reward, termination, truncation, _ = game.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        if check:
            seats = range(raw.profile.players) if rng.random() < 0.5 else [raw._seats[agent]]
            for seat in seats:
                expected = np.array(encode_observation(raw.hand, seat), np.float32)
                seen = game.observe(f"player_{seat}")["observation"]  # type: ignore[attr-defined]
                assert np.array_equal(seen, expected)
            mask = observation["action_mask"]
            if not termination:
                legal = {reversis.move_index(raw.profile, m) for m in raw.hand.legal_moves()}
                assert set(np.flatnonzero(mask)) == legal
        if termination or truncation:
            game.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(legal[rng.randrange(len(legal))]))  # type: ignore[attr-defined]
    return totals


@pytest.mark.parametrize("name", PROFILES)
def test_pettingzoo_api_test(name: str) -> None:
    api_test(env(name), num_cycles=sized(200, 2000))


@pytest.mark.parametrize("name", PROFILES)
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=sized(50, 500))


@pytest.mark.parametrize("name", PROFILES)
def test_observations_equal_the_encoding_and_rewards_the_settlement(name: str) -> None:
    rng = random.Random(1)
    for shaping in (False, True):
        game = env(name, shaping=shaping, dealer=1 % reversis.load_profile(name).players)
        for seed in range(sized(3, 30)):
            game.reset(seed=seed)
            raw = game.unwrapped
            assert raw.hand == reversis.new_hand(name, seed=seed, dealer=raw.dealer)
            totals = _play(game, rng, check=True)
            net = reversis.settle(raw.hand).net
            assert totals == {f"player_{s}": float(net[s]) for s in range(len(net))}


@pytest.mark.parametrize("name", PROFILES)
def test_the_tracker_equals_the_encoding_on_every_kind_of_deal(name: str) -> None:
    """The environment's tracker, which keeps the vectors move by move from the facts and the
    points the game shows each seat, equals the encoding for every dealer and hand number (Hearts'
    four pass directions, Réunion's dealer, who alone knows his discards' points during play),
    whichever seats are asked and when."""
    profile = reversis.load_profile(name)
    tracker = Tracker(profile)
    rng = random.Random(3)
    for seed in range(sized(4, 40)):
        hand = reversis.new_hand(
            profile, seed=seed, dealer=seed % profile.players, hand_number=1 + seed % 4
        )
        tracker.reset()
        while True:
            for seat in range(profile.players):
                if rng.random() < 0.4:
                    expected = np.array(encode_observation(hand, seat), np.float32)
                    assert np.array_equal(tracker.vector(hand, seat), expected)
            if hand.is_over:
                break
            moves = hand.legal_moves()
            after = hand.apply(moves[rng.randrange(len(moves))])
            tracker.moved(hand, after)
            hand = after


def test_shaping_pays_during_the_hand() -> None:
    game = env("fournier-1785", shaping=True)
    rng = random.Random(2)
    paid_early = False
    for seed in range(10):
        game.reset(seed=seed)
        for _agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            if reward and not termination:
                paid_early = True
            if termination or truncation:
                game.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(legal[rng.randrange(len(legal))]))
    assert paid_early  # aces and quinolas pay when their trick is taken


def test_resets_follow_the_seed() -> None:
    one, two = raw_env("tetka"), raw_env("tetka")
    one.reset(seed=5)
    two.seed(5)
    two.reset()
    assert one.hand != two.hand  # reset(seed=5) deals seed 5; seed(5) seeds the following deals
    three = raw_env("tetka")
    three.seed(5)
    three.reset()
    assert three.hand == two.hand
    one.reset()
    again = raw_env("tetka")
    again.reset(seed=5)
    again.reset()
    assert again.hand == one.hand


def test_bad_actions_leave_the_environment_unchanged() -> None:
    game = raw_env("hearts")  # env() ends the hand on an illegal action (test_pettingzoo_tools)
    game.reset(seed=3)
    raw = game.unwrapped
    before = raw.hand
    observation, *_ = game.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(reversis.IllegalMoveError):
        game.step(illegal)
    with pytest.raises(reversis.InvalidMoveError, match="not an action"):
        game.step(10_000)
    with pytest.raises(reversis.InvalidMoveError, match="not an action number"):
        game.step("QS")
    assert raw.hand is before
    assert game.agent_selection == f"player_{before.to_move}"
    with pytest.raises(reversis.ArgumentError, match="render_mode"):
        raw_env("hearts", render_mode="rgb_array")
    with pytest.raises(reversis.ArgumentError, match="profile"):
        raw_env("whist")
    with pytest.raises(reversis.ArgumentError, match="dealer"):
        raw_env("hearts", dealer=7)


@pytest.mark.parametrize("name", ["fournier-1785", "hoyle", "reunion"])
def test_ansi_render_shows_the_view_of_the_agent_to_move(name: str) -> None:
    game = env(name, render_mode="ansi")
    game.reset(seed=4)
    rng = random.Random(4)
    for _ in range(15):
        observation, *_ = game.last()
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(legal[rng.randrange(len(legal))]))
    raw = game.unwrapped
    seat = raw.hand.to_move
    text = game.render()
    assert isinstance(text, str)
    # The library's rendering of the seat's view (tests/text/test_text.py: it shows nothing the view
    # does not hold).
    assert text == render(raw.hand.view(seat))
    assert raw_env(name).render() is None  # no render mode: nothing (and a warning)


@pytest.mark.parametrize("name", PROFILES)
def test_gymnasium_single_agent_env(name: str) -> None:
    profile = reversis.load_profile(name)
    single = SingleAgentEnv(name, seat=profile.players - 1, opponent="cautious")
    check_env(single, skip_render_check=True)
    rng = random.Random(3)
    observation, _ = single.reset(seed=8)
    assert observation["observation"].shape == (observation_size(profile),)
    assert single.observation_space.contains(observation)
    done, total = False, 0.0
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal)
        assert single.hand.to_move == single.seat
        observation, reward, done, _, _ = single.step(int(rng.choice(list(legal))))
        total += reward
    assert total == reversis.settle(single.hand).net[single.seat]


def test_gymnasium_illegal_action_ends_the_episode() -> None:
    single = SingleAgentEnv("hearts", opponent="random", render_mode="ansi")
    observation, _ = single.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = single.step(illegal)
    assert terminated
    assert info["illegal"]
    assert reward == -78.0  # the lowest net of the hearts profile
    with pytest.raises(reversis.ArgumentError, match="reset"):
        single.step(0)
    assert single.render() == render(single.hand.view(single.seat))
    with pytest.raises(reversis.ArgumentError, match="opponent"):
        SingleAgentEnv("hearts", opponent="shark")


# Issue 23: nothing from outside crashes the environments. Each bad value is refused with a typed
# error where it comes in, and the environment is left as it was.

#: The NumPy integer types an RL library passes as seeds and actions.
NUMPY_INTEGERS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")

#: Seeds that are not seeds: a bool, a float (NumPy's too), text, negative, too large, a list.
BAD_SEEDS = (
    True,
    np.bool_(True),
    1.5,
    np.float64(5.0),
    "5",
    -1,
    np.int64(-1),
    2**128,
    [5],
    10**5000,
)


def _done(game: object) -> None:
    """Play the hand in ``game`` (an AEC environment, wrapped or not) until every agent is done."""
    rng = random.Random(0)
    raw = game.unwrapped  # type: ignore[attr-defined]
    while raw.agents:
        agent = raw.agent_selection
        if raw.terminations[agent]:
            game.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(game.observe(agent)["action_mask"])  # type: ignore[attr-defined]
        game.step(int(legal[rng.randrange(len(legal))]))  # type: ignore[attr-defined]


@pytest.mark.parametrize("make", [env, raw_env])
def test_numpy_integer_seeds_deal_as_their_int(make: object) -> None:
    for kind in NUMPY_INTEGERS:
        seeded = make("tetka")  # type: ignore[operator]
        seeded.seed(getattr(np, kind)(5))  # was a bare TypeError on the next reset()
        seeded.reset()
        plain = make("tetka")  # type: ignore[operator]
        plain.seed(5)
        plain.reset()
        assert seeded.unwrapped.hand == plain.unwrapped.hand
        seeded.reset(seed=getattr(np, kind)(6))  # was refused (DealError)
        assert seeded.unwrapped.hand == reversis.new_hand("tetka", seed=6)
        assert type(seeded.unwrapped.hand.deal.seed) is int
        seeded.reset()
        plain.reset(seed=6)
        plain.reset()
        assert seeded.unwrapped.hand == plain.unwrapped.hand


def test_numpy_integer_seeds_in_the_single_agent_env() -> None:
    for kind in NUMPY_INTEGERS:
        one = SingleAgentEnv("hearts", seat=np.int64(2), dealer=np.int32(1), opponent="random")
        two = SingleAgentEnv("hearts", seat=2, dealer=1, opponent="random")
        first, _ = one.reset(seed=getattr(np, kind)(5))  # was gymnasium.error.Error
        second, _ = two.reset(seed=5)
        assert one.hand == two.hand
        assert one.hand.deal.seed == 5
        assert type(one.hand.deal.seed) is int
        assert np.array_equal(first["observation"], second["observation"])
        assert one.seat == 2
        assert type(one.seat) is int
        one.reset()
        two.reset()
        assert one.hand == two.hand  # the next seeds come from the same generator


@pytest.mark.parametrize("make", [env, raw_env])
def test_bad_seeds_are_refused_where_they_are_given(make: object) -> None:
    game = make("hearts")  # type: ignore[operator]
    game.reset(seed=3)
    before = game.unwrapped.hand
    for bad in BAD_SEEDS:
        with pytest.raises(reversis.ArgumentError, match="seed"):
            game.seed(bad)
        with pytest.raises(reversis.ArgumentError, match="seed"):
            game.reset(seed=bad)
        assert game.unwrapped.hand is before
    with pytest.raises(reversis.ArgumentError, match="options"):
        game.reset(seed=1, options=5)
    assert game.unwrapped.hand is before
    game.reset()  # the generator of seed 3's deals is the one still in use
    again = make("hearts")  # type: ignore[operator]
    again.reset(seed=3)
    again.reset()
    assert game.unwrapped.hand == again.unwrapped.hand


def test_bad_seeds_are_refused_by_the_single_agent_env() -> None:
    single = SingleAgentEnv("hearts", opponent="random")
    single.reset(seed=3)
    before = single.hand
    for bad in BAD_SEEDS:
        with pytest.raises(reversis.ArgumentError, match="seed"):
            single.reset(seed=bad)
        assert single.hand is before
    with pytest.raises(reversis.ArgumentError, match="options"):
        single.reset(seed=1, options=[1])
    with pytest.raises(reversis.ArgumentError, match="seat"):
        SingleAgentEnv("hearts", seat=True)
    with pytest.raises(reversis.ArgumentError, match="dealer"):
        SingleAgentEnv("hearts", dealer=np.float64(1.0))


@pytest.mark.parametrize("make", [env, raw_env])
def test_unknown_agents_are_refused(make: object) -> None:
    game = make("hearts")  # type: ignore[operator]
    game.reset(seed=1)
    for agent in ("player_99", "player_4", 0, None, ["player_0"], "PLAYER_0"):
        with pytest.raises(reversis.ArgumentError, match="agent"):
            game.observe(agent)  # was a KeyError
        with pytest.raises(reversis.ArgumentError, match="agent"):
            game.observation_space(agent)
        with pytest.raises(reversis.ArgumentError, match="agent"):
            game.action_space(agent)
    assert game.observe("player_3")["observation"].shape == (observation_size(game.profile),)


@pytest.mark.parametrize("make", [env, raw_env])
def test_calls_before_reset_are_refused(make: object) -> None:
    game = make("hearts")  # type: ignore[operator]
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        game.step(0)  # raw: was an AttributeError; wrapped: an AssertionError
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        game.step(None)
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        game.observe("player_0")
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        game.last()
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        game.last(observe=False)
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        game.agent_iter()
    with pytest.raises(reversis.ArgumentError, match="seed"):
        game.reset(seed="x")  # a refused reset is no reset
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        game.last(observe=False)
    game.reset(seed=2)
    observation, *_ = game.last()
    game.step(int(np.flatnonzero(observation["action_mask"])[0]))


@pytest.mark.parametrize("make", [env, raw_env])
def test_calls_after_every_agent_is_done_are_refused(make: object) -> None:
    game = make("reunion")  # type: ignore[operator]
    game.reset(seed=1)
    raw = game.unwrapped
    while any(not t for t in raw.terminations.values()):
        observation, *_ = game.last()
        game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    agent = raw.agent_selection
    with pytest.raises(reversis.ArgumentError, match="None"):
        game.step(0)  # a done agent's only action is None (a ValueError, as PettingZoo's)
    assert raw.agent_selection == agent
    assert agent in raw.agents
    _done(game)
    hand = raw.hand
    for action in (None, 0, "QS"):
        with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
            game.step(action)  # raw: was a KeyError; wrapped: a warning and nothing done
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        game.last()
    assert raw.hand is hand
    assert raw.agents == []
    assert game.observe("player_0")["action_mask"].sum() == 0  # the end of the hand stays seen
    game.reset(seed=2)
    assert len(raw.agents) == 3


@pytest.mark.parametrize("make", [env, raw_env])
def test_bool_and_float_actions_are_refused(make: object) -> None:
    game = make("hearts")  # type: ignore[operator]
    game.reset(seed=3)
    before = game.unwrapped.hand
    for action in (True, np.bool_(False), 1.0, np.float32(2), np.array([1]), 10**5000, -1):
        with pytest.raises(reversis.InvalidMoveError, match="action"):
            game.step(action)
    assert game.unwrapped.hand is before
    observation, *_ = game.last()
    game.step(np.int16(np.flatnonzero(observation["action_mask"])[0]))
    assert game.unwrapped.hand is not before


def _not_a_factory(rng: random.Random) -> int:
    return 5


def test_an_opponent_that_makes_no_bot_is_refused_at_construction() -> None:
    for opponent in (lambda r: 5, _not_a_factory, RandomBot(random.Random(1)), 5, None, "shark"):
        with pytest.raises(reversis.ArgumentError, match="opponent"):
            SingleAgentEnv("hearts", opponent=opponent)  # lambda r: 5 was a TypeError in reset()
    SingleAgentEnv("hearts", opponent=RandomBot)  # a class making a bot from a Random


class _Flaky:
    """A bot that answers ``bad`` while ``errors["left"]`` is positive (counting it down), then
    plays the first legal move."""

    def __init__(self, bad: object, errors: dict[str, int]) -> None:
        self.bad, self.errors = bad, errors

    def __call__(self, view: reversis.HandView) -> object:
        if self.errors["left"] > 0:
            self.errors["left"] -= 1
            return self.bad
        return view.legal_moves[0]


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (5, reversis.InvalidMoveError),
        (None, reversis.InvalidMoveError),
        ("jump", reversis.InvalidMoveError),
        (10**5000, reversis.InvalidMoveError),
        ("decline", reversis.IllegalMoveError),  # hearts has no exchange
        (reversis.parse_move("give 2C"), reversis.IllegalMoveError),
    ],
    ids=["int", "None", "text", "huge", "decline", "give"],
)
def test_an_opponents_bad_move_is_refused_where_it_is_played(bad: object, error: type) -> None:
    errors = {"left": 0}
    single = SingleAgentEnv("hearts", seat=1, opponent=lambda rng: _Flaky(bad, errors))
    observation, _ = single.reset(seed=1)
    for _ in range(2):  # hearts seed 1: seat 1 passes three cards, then seat 2
        assert single.hand.to_move == 1
        observation, *_ = single.step(int(np.flatnonzero(observation["action_mask"])[0]))
    errors["left"] = 1  # the bot of seat 2 answers badly once
    before = single.hand
    action = int(np.flatnonzero(observation["action_mask"])[0])
    with pytest.raises(error, match="opponent '.*<lambda>' at seat 2"):
        single.step(action)  # was the bot's bare error, or 5 ...
    assert single.hand is before  # nothing changed: the same step again goes on
    observation, _reward, terminated, _truncated, info = single.step(action)
    assert not terminated
    assert "illegal" not in info
    assert single.hand.to_move == 1
    assert single.hand is not before


def test_an_opponents_bad_move_at_reset_leaves_the_env_as_it_was() -> None:
    errors = {"left": 0}
    single = SingleAgentEnv("hearts", seat=0, opponent=lambda rng: _Flaky(None, errors))
    errors["left"] = 1
    with pytest.raises(reversis.InvalidMoveError, match="opponent"):
        single.reset(seed=1)  # seat 1 passes first: a bot of the opponent
    assert single.hand is None
    with pytest.raises(reversis.ArgumentError, match=r"reset\(\)"):
        single.step(0)
    single.reset(seed=1)
    observation, _ = single.reset(seed=2)
    before = single.hand
    errors["left"] = 1
    with pytest.raises(reversis.InvalidMoveError, match="opponent"):
        single.reset(seed=3)
    assert single.hand is before
    single.step(int(np.flatnonzero(observation["action_mask"])[0]))


def test_single_agent_actions_outside_the_space_are_refused() -> None:
    single = SingleAgentEnv("hearts", opponent="random")
    observation, _ = single.reset(seed=4)
    before = single.hand
    for action in (None, "QS", 1.5, True, -1, 10_000, 10**5000, np.array([0, 1])):
        with pytest.raises(reversis.InvalidMoveError, match="action"):
            single.step(action)  # was: the episode ended as if the action were illegal
        assert single.hand is before
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    _, _, terminated, _, info = single.step(np.int64(legal))
    assert not terminated
    assert "illegal" not in info


# The fuzz: random calls of every kind, good and bad values mixed, on every profile. Only the
# library's typed errors may escape; a refused call changes nothing; the legal calls always work,
# whatever was refused before; and the observations stay those of the library's encoding.


def _junk(rng: random.Random, size: int) -> object:
    """A value a careless or hostile caller passes as an action, a seed or an agent."""
    number = rng.randrange(-3, size + 3)
    return rng.choice(
        [
            None,
            True,
            np.bool_(False),
            number,
            np.int64(number),
            getattr(np, rng.choice(NUMPY_INTEGERS))(abs(number) % 100),
            -(2**63),
            2**64,
            10**5000,
            1.5,
            float("nan"),
            np.float32(number),
            "QS",
            "player_0",
            "",
            [number],
            np.array([number]),
            np.array(number),  # a 0-d integer array: an integer
            {"action": number},
            object(),
        ]
    )


def _seed(rng: random.Random) -> object:
    """A seed: good ones (int, NumPy integers, the largest) and bad ones."""
    if rng.random() < 0.6:
        good = rng.choice([rng.randrange(1000), 2**128 - 1, 0])
        return getattr(np, rng.choice(NUMPY_INTEGERS))(good % 100) if rng.random() < 0.3 else good
    return _junk(rng, 10)


def _aec_state(raw: object) -> tuple[object, ...]:
    """What a refused call must leave as it was."""
    r: Any = raw
    return (
        r.hand,
        r.agent_selection,
        list(r.agents),
        dict(getattr(r, "terminations", {})),
        dict(getattr(r, "_cumulative_rewards", {})),
        r._seed,
        r._seeds.getstate() if r._seeds is not None else None,
    )


def fuzz_aec(name: str, wrapped: bool, calls: int, seed: int) -> Counter[str]:
    """``calls`` random calls on an AEC environment of ``name``; the counts of the calls made and
    of those refused, by kind."""
    rng = random.Random(seed)
    game: Any = (env if wrapped else raw_env)(name, render_mode=rng.choice([None, "ansi"]))
    raw = game.unwrapped
    size = raw._actions.size
    agents = [*raw.possible_agents, "player_9", "", None, 0]
    counts: Counter[str] = Counter()
    kinds = ["step", "junk step", "done step", "observe", "last", "render", "close", "seed"]
    kinds += ["agent_iter", "spaces", "reset"]
    for _ in range(calls):
        live = raw.hand is not None and bool(raw.agents)
        # Mostly legal steps, so that hands end; a new hand now and then, often once one is over.
        weights = [40, 8, 8, 8, 8, 3, 2, 3, 4, 3, 1 if live else 25]
        kind = rng.choices(kinds, weights)[0]
        agent = raw.agent_selection if live else None
        dead = live and raw.terminations[agent]
        before = _aec_state(raw)
        counts[kind] += 1
        try:
            if kind == "step" and live and not dead:  # a legal action: must be taken
                legal = np.flatnonzero(raw.observe(agent)["action_mask"])
                action = int(legal[rng.randrange(len(legal))])
                game.step(np.int64(action) if rng.random() < 0.5 else action)
            elif kind == "done step" and dead:  # a done agent's None: must be taken
                game.step(None)
                counts["hands over"] += not raw.agents
            elif kind in ("step", "junk step", "done step"):
                game.step(_junk(rng, size))
            elif kind == "observe":
                game.observe(rng.choice(agents))
            elif kind == "last":
                game.last(observe=rng.random() < 0.8)
            elif kind == "render":
                game.render()
            elif kind == "close":
                game.close()
            elif kind == "reset":
                game.reset(seed=_seed(rng), options=rng.choice([None, {}, {"x": 1}, 5]))
            elif kind == "seed":
                game.seed(_seed(rng))
            elif kind == "agent_iter":
                next(iter(game.agent_iter()), None)
            else:
                which = rng.choice(agents)
                game.observation_space(which)
                game.action_space(which)
        except reversis.ReversisError:
            counts["refused"] += 1
            counts[f"refused {kind}"] += 1
            after = _aec_state(raw)
            assert after[0] is before[0], kind
            assert after[1:] == before[1:], kind
            assert not (kind == "step" and live and not dead), "a legal action refused"
            assert not (kind == "done step" and dead), "a done agent's None refused"
        else:
            counts["taken"] += 1
        if raw.hand is not None and raw.agents and rng.random() < 0.1:
            seat = raw.hand.to_move if raw.hand.to_move is not None else 0
            expected = np.array(encode_observation(raw.hand, seat), np.float32)
            assert np.array_equal(raw.observe(f"player_{seat}")["observation"], expected)
    return counts


class _Careless:
    """A bot that now and then answers a bad value instead of a move."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __call__(self, view: reversis.HandView) -> object:
        if self.rng.random() < 0.02:
            return self.rng.choice([None, 5, "jump", "decline", reversis.parse_move("give 2C")])
        return self.rng.choice(view.legal_moves)


def fuzz_single(name: str, calls: int, seed: int) -> Counter[str]:
    """``calls`` random calls on a :class:`SingleAgentEnv` of ``name`` (its opponent now and then
    careless); the counts of the calls made and of those refused, by kind."""
    rng = random.Random(seed)
    opponent = rng.choice(["random", "cautious", _Careless])
    players = reversis.load_profile(name).players
    single = SingleAgentEnv(
        name, seat=np.int64(rng.randrange(players)), opponent=opponent, render_mode="ansi"
    )
    size = single.action_space.n
    counts: Counter[str] = Counter()
    observation: Any = None
    for _ in range(calls):
        hand = single.hand
        live = hand is not None and not hand.is_over and not single._ended
        weights = [70, 10, 2 if live else 40, 5, 3]
        kind = rng.choices(["step", "junk step", "reset", "render", "close"], weights)[0]
        before = (hand, single._ended, single._bots)
        counts[kind] += 1
        try:
            if kind == "step" and live:
                legal = np.flatnonzero(observation["action_mask"])
                action = legal[rng.randrange(len(legal))]
                observation, _, done, _, info = single.step(action)
                assert "illegal" not in info
                assert done == single.hand.is_over
                counts["hands over"] += done
            elif kind in ("step", "junk step"):
                observation, *_ = single.step(_junk(rng, size))
            elif kind == "reset":
                observation, _ = single.reset(seed=_seed(rng), options=rng.choice([None, {}, 5]))
            elif kind == "render":
                single.render()
            else:
                single.close()
        except reversis.ReversisError as error:
            counts["refused"] += 1
            counts[f"refused {kind}"] += 1
            assert (single.hand, single._ended, single._bots) == before
            assert before[0] is single.hand
            if kind == "step" and live:  # only a careless opponent stops a legal step
                assert opponent is _Careless
                assert "opponent" in str(error)  # noqa: PT017 - the fuzz asserts on what it caught
        else:
            counts["taken"] += 1
    return counts


@pytest.mark.parametrize("name", PROFILES)
def test_fuzz_the_environments_calls(name: str) -> None:
    counts = fuzz_aec(name, True, 150 * SCALE, 1) + fuzz_aec(name, False, 150 * SCALE, 2)
    counts += fuzz_single(name, 150 * SCALE, 3)
    assert counts["taken"] + counts["refused"] == 450 * SCALE
    assert counts["refused"] > 50 * SCALE
    assert counts["taken"] > 100 * SCALE
    assert counts["hands over"] > 0  # calls after the end are tried too
