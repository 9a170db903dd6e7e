"""The OpenSpiel adapter (reversis.openspiel.game): OpenSpiel's own random simulation test, with
serialization, on every profile; its Python IS-MCTS playing whole hands with a resampler built on
sample_world; observations that never depend on hidden cards; cheap clones; the records round
trip."""

from __future__ import annotations

import os
import pickle
import random
import time

import pytest

import reversis
from helpers import sized

if os.environ.get("REVERSIS_REQUIRE_OPENSPIEL") == "1":  # .ci/run: the test must run
    import numpy as np
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel", reason="pip install -e '.[openspiel]'")
    np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts

from reversis.games import net_bounds
from reversis.openspiel import game as ro
from reversis.testing import knowable_cards
from reversis.views.encoding import encode_observation

PROFILES = sorted(reversis.available_profiles())


def _deal(state: object, rng: random.Random) -> None:
    while state.is_chance_node():  # type: ignore[attr-defined]
        outcomes = [a for a, _ in state.chance_outcomes()]  # type: ignore[attr-defined]
        state.apply_action(rng.choice(outcomes))  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", PROFILES)
def test_random_simulation_with_serialization(name: str) -> None:
    game = ro.load_game(name)
    pyspiel.random_sim_test(game, num_sims=sized(2, 20), serialize=True, verbose=False)


@pytest.mark.parametrize("name", PROFILES)
def test_game_follows_the_profile(name: str) -> None:
    profile = reversis.load_profile(name)
    game = pyspiel.load_game(f"python_reversis(profile={name})")
    assert game.num_players() == profile.players
    assert game.num_distinct_actions() == reversis.action_count(profile)
    assert game.max_chance_outcomes() == len(profile.deck)
    assert (game.min_utility(), game.max_utility()) == net_bounds(profile)
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("name", ["fournier-1785", "hearts", "tetka", "reunion"])
def test_a_game_is_the_library_hand(name: str) -> None:
    """Chance draws the pack; the moves are the library's; returns are the settlement."""
    game = ro.load_game(name, dealer=1)
    state = game.new_initial_state()
    rng = random.Random(7)
    assert len(state.chance_outcomes()) == len(game.profile.deck)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == f"deal {game.profile.deck[0].code}"
    _deal(state, rng)
    hand = state.hand
    assert hand.dealer == 1
    assert [c.code for c in hand.deal.deck] == [
        game.profile.deck[a].code for a in state.history()[: len(game.profile.deck)]
    ]
    while not state.is_terminal():
        player = state.current_player()
        assert player == state.hand.to_move
        legal = state.legal_actions()
        assert legal == sorted(
            reversis.move_index(game.profile, m) for m in state.hand.legal_moves()
        )
        action = rng.choice(legal)
        move = reversis.move_at(game.profile, action)
        assert state.action_to_string(player, action) == str(move)
        hand = hand.apply(move)
        state.apply_action(action)
        assert state.hand == hand
        if not state.is_terminal():
            assert state.returns() == [0.0] * game.num_players()
    assert state.returns() == [float(x) for x in reversis.settle(hand).net]


def test_bad_parameters() -> None:
    with pytest.raises(reversis.ArgumentError, match="not a shipped profile"):
        ro.load_game("whist")
    with pytest.raises(reversis.ArgumentError, match="dealer"):
        ro.ReversisGame({"profile": "hearts", "dealer": 4})
    with pytest.raises(reversis.ArgumentError, match="hand_number"):
        ro.ReversisGame({"profile": "hearts", "hand_number": 0})


@pytest.mark.parametrize("name", PROFILES)
def test_observations_come_from_the_seat_alone(name: str) -> None:
    """Two worlds that a seat cannot tell apart (sample_world) give it the same strings and
    tensors; the tensor is the library's encoding."""
    game = ro.load_game(name)
    rng = random.Random(2)
    state = game.new_initial_state()
    _deal(state, rng)
    for _ in range(rng.randrange(5, 30)):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    other = ro.resampler(random.Random(9))(state, player)
    for method in ("information_state_string", "observation_string"):
        assert getattr(other, method)(player) == getattr(state, method)(player)
    for method in ("information_state_tensor", "observation_tensor"):
        assert list(getattr(other, method)(player)) == list(getattr(state, method)(player))
    assert list(state.information_state_tensor(player)) == pytest.approx(
        list(encode_observation(state.hand, player))
    )
    text = state.information_state_string(player)
    known = knowable_cards(state.hand, player)
    hidden = {c.code for c in reversis.cards.full_deck() if c not in known}
    words = text.replace("\n", " ").replace(":", " ").split()
    assert hidden.isdisjoint(words)


def test_serialization_goes_through_the_records() -> None:
    game = ro.load_game("english")
    state = game.new_initial_state()
    rng = random.Random(4)
    _deal(state, rng)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.hand == state.hand
    assert again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    # The state string is the hand's text record, and the box pickles as it (a str).
    assert state.serialize() == reversis.records.notation.dump(state.hand)
    assert state._box.__reduce__() == (str, (reversis.records.notation.dump(state.hand),))
    assert pickle.loads(pickle.dumps(state._box)) == state.serialize()
    assert game.deserialize_state(state.serialize()).hand == state.hand


def test_clones_share_the_hand() -> None:
    game = ro.load_game("fournier-1785")
    state = game.new_initial_state()
    _deal(state, random.Random(1))
    clone = state.clone()
    assert clone.hand is state.hand
    clone.apply_action(clone.legal_actions()[0])
    assert clone.hand is not state.hand
    assert len(state.hand.moves) == 0
    start = time.perf_counter()
    for _ in range(200):
        state.clone()
    assert (time.perf_counter() - start) / 200 < 0.001  # OpenSpiel's deep copy: 1-4 ms a clone


@pytest.mark.parametrize("name", PROFILES)
def test_ismcts_plays_whole_hands(name: str) -> None:
    """OpenSpiel's Python IS-MCTS, sampling worlds with reversis.sample_world, plays seat 0 of a
    whole hand against random players."""
    game = ro.load_game(name)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=sized(10, 100),
        random_state=np.random.RandomState(2),
    )  # fmt: skip
    bot.set_resampler(ro.resampler(random.Random(3)))
    rng = random.Random(4)
    state = game.new_initial_state()
    _deal(state, rng)
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            decisions += 1
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert decisions >= game.profile.tricks
    low, high = net_bounds(game.profile)
    assert all(low <= r <= high for r in state.returns())
