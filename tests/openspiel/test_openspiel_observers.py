"""The OpenSpiel adapter's observers of every kind OpenSpiel asks for, and its resampling of an
information state (issue 37).

``open_spiel.python.observation.make_observation`` gives an observer for each observation type the
game supports and ``None`` for the others: the public observation (what every seat sees: the plays,
tricks, counts, points as all may know them, the steps' flags, what is shown) and the private one
(the seat's own cards and steps) are real observers, and their strings and tensors never depend on
what they do not show. ``state.resample_from_infostate(player, sampler)`` gives a state of the same
information state for ``player``, with the whole history, from one number of ``sampler``; OpenSpiel's
``ISMCTSBot`` uses it when no resampler is set.
"""

from __future__ import annotations

import itertools
import os
import random
from typing import Any

import pytest

import reversis
from helpers import sized

if os.environ.get("REVERSIS_REQUIRE_OPENSPIEL") == "1":  # .ci/run: the test must run
    import numpy as np
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel", reason="pip install -e '.[openspiel]'")
    np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import generate_playthrough, ismcts, mcts
from open_spiel.python.observation import make_observation

from reversis.openspiel import game as ro
from reversis.testing import knowable_cards
from reversis.views.encoding import PRIVATE_PARTS, observation_layout

PROFILES = sorted(reversis.available_profiles())
NONE = pyspiel.PrivateInfoType.NONE
SINGLE = pyspiel.PrivateInfoType.SINGLE_PLAYER
ALL = pyspiel.PrivateInfoType.ALL_PLAYERS

#: The observation types generate_playthrough asks for, besides the default and the infostate.
PUBLIC = pyspiel.IIGObservationType(public_info=True, perfect_recall=False, private_info=NONE)
PRIVATE = pyspiel.IIGObservationType(public_info=False, perfect_recall=False, private_info=SINGLE)

#: States per profile in the randomized tests.
STATES = sized(4, 40)


def _played(game: Any, rng: random.Random, length: int) -> Any:
    """A state of ``game`` after ``length`` random actions (fewer if the hand ends)."""
    state = game.new_initial_state()
    while len(state.history()) < length and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _states(game: Any, seed: int) -> list[Any]:
    """Random states of ``game``: during the deal, at the first move, in play, at the end."""
    rng = random.Random(seed)
    deck = len(game.profile.deck)
    lengths = [rng.randrange(1, deck), deck, game.max_game_length()]
    lengths += [rng.randrange(deck, game.max_game_length()) for _ in range(STATES)]
    return [_played(game, rng, n) for n in lengths]


def _sampler(seed: int) -> Any:
    return pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)


# -- the observation types ---------------------------------------------------------------------


def test_make_observation_gives_none_for_the_types_not_supported() -> None:
    """OpenSpiel's make_observation: an observer for each type supported, None for the others
    (never an error)."""
    game = ro.load_game("hearts")
    supported = {
        (True, SINGLE, False),
        (True, SINGLE, True),
        (True, NONE, False),
        (True, NONE, True),
        (False, SINGLE, False),
    }
    for public, private, recall in itertools.product(
        (True, False), (NONE, SINGLE, ALL), (False, True)
    ):
        kind = pyspiel.IIGObservationType(
            public_info=public, perfect_recall=recall, private_info=private
        )
        observer = make_observation(game, kind)
        assert (observer is not None) == ((public, private, recall) in supported), kind
    assert make_observation(game) is not None  # the default observation
    assert game.make_py_observer({}) is not None  # OpenSpiel's make_observer(params) form


@pytest.mark.parametrize("name", PROFILES)
def test_public_and_private_observers_split_the_seat_s_observation(name: str) -> None:
    """The public tensor is the seat's tensor less its own parts (the points as every seat knows
    them), the private tensor its own parts; their dicts name the parts."""
    game = ro.load_game(name)
    full = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    public = make_observation(game, PUBLIC)
    private = make_observation(game, PRIVATE)
    parts = observation_layout(game.profile)
    mine = [p for p in parts if p.name in PRIVATE_PARTS]
    theirs = [p for p in parts if p.name not in PRIVATE_PARTS]
    assert list(public.dict) == [p.name for p in theirs]
    assert list(private.dict) == [p.name for p in mine]
    assert len(public.tensor) + len(private.tensor) == len(full.tensor)
    n = game.num_players()
    for state in _states(game, 3):
        if state.is_chance_node():
            continue
        dealer = state.hand.dealer
        for seat in range(n):
            full.set_from(state, seat)
            public.set_from(state, seat)
            private.set_from(state, seat)
            for p in mine:
                assert list(private.dict[p.name]) == list(full.dict[p.name]), p.name
            for p in theirs:
                if p.name == "points" and seat == dealer and name == "reunion":
                    continue  # reunion §4: the dealer alone knows his discards' points
                assert list(public.dict[p.name]) == list(full.dict[p.name]), p.name


@pytest.mark.parametrize("name", PROFILES)
def test_the_public_observation_is_the_same_for_every_seat_and_world(name: str) -> None:
    """The public string is one text for every seat, and the public and private strings and
    tensors of a seat are the same in every world that seat cannot tell from the true one; the
    public string names no card that some seat may not know."""
    game = ro.load_game(name)
    public = make_observation(game, PUBLIC)
    private = make_observation(game, PRIVATE)
    n = game.num_players()
    for number, state in enumerate(_states(game, 5)):
        texts = {public.string_from(state, seat) for seat in range(n)}
        assert len(texts) == 1
        for seat in range(n):
            world = state.resample_from_infostate(seat, _sampler(number * n + seat))
            for observer in (public, private):
                assert observer.string_from(world, seat) == observer.string_from(state, seat)
                observer.set_from(state, seat)
                before = observer.tensor.copy()
                observer.set_from(world, seat)
                assert list(observer.tensor) == list(before)
        if state.is_chance_node():
            continue
        known = set.intersection(*(knowable_cards(state.hand, s) for s in range(n)))
        hidden = {c.code for c in reversis.cards.full_deck() if c not in known}
        words = set(texts.pop().replace("\n", " ").replace(":", " ").split())
        assert hidden.isdisjoint(words)


def test_the_strings_of_each_part() -> None:
    """The public string has the plays, counts and points and no seat's cards; the private string
    the seat's cards and nothing of the play."""
    game = ro.load_game("hearts")
    state = _played(game, random.Random(11), 52 + 12 + 9)
    public = make_observation(game, PUBLIC).string_from(state, 2)
    private = make_observation(game, PRIVATE).string_from(state, 2)
    recall = make_observation(
        game, pyspiel.IIGObservationType(public_info=True, perfect_recall=True, private_info=NONE)
    ).string_from(state, 2)
    seat = state.information_state_string(2)
    assert public.startswith("hearts dealer 0 play to_move ")
    for word in ("hand:", "given:", "seat", "tricks:"):
        assert word not in public
    for word in ("cards held:", "points:", "trick 3:"):
        assert word in public
    assert "tricks: " in recall
    assert private.startswith("hearts seat 2\nhand: ")
    for word in ("given:", "received:"):
        assert word in private
    for word in ("points", "trick"):
        assert word not in private
    for line in private.split("\n")[1:]:
        assert line in seat
    for line in recall.split("\n")[1:]:
        assert line in seat
    deal = game.new_initial_state()
    deal.apply_action(3)
    assert make_observation(game, PUBLIC).string_from(deal, 1) == "the deal (1 cards drawn)"
    assert make_observation(game, PRIVATE).string_from(deal, 1) == "seat 1: the deal"


@pytest.mark.parametrize("name", ["reunion"])
def test_generate_playthrough_runs(name: str) -> None:
    """OpenSpiel's playthrough (its integration tests' format) asks for the public and private
    observations of an imperfect-information game."""
    text = generate_playthrough.playthrough(f"python_reversis(profile={name})", None, seed=1)
    assert "PublicObservationString() = " in text
    assert "PrivateObservationString(0) = " in text


# -- resampling an information state -----------------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_resample_from_infostate_keeps_the_information_state(name: str) -> None:
    """The resampled state is a state of the game with the same information state for the
    player (strings, tensors, legal actions), the same history length and the whole history:
    it writes a state string that reads back, and OpenSpiel's own string of it too."""
    game = ro.load_game(name)
    n = game.num_players()
    worlds = 0
    for number, state in enumerate(_states(game, 7)):
        for seat in range(n):
            world = state.resample_from_infostate(seat, _sampler(100 * number + seat))
            assert isinstance(world, ro.ReversisState)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert world.current_player() == state.current_player()
            assert len(world.history()) == len(state.history())
            assert world.move_number() == state.move_number()
            assert world.is_terminal() == state.is_terminal()
            if state.is_chance_node():
                assert len(world.chance_outcomes()) == len(state.chance_outcomes())
            else:
                assert world.legal_actions(seat) == state.legal_actions(seat)
                assert world.hand.view(seat) == state.hand.view(seat)
                worlds += world.hand.deal.deck != state.hand.deal.deck
            assert game.deserialize_state(world.serialize()).history() == world.history()
            text = pyspiel.serialize_game_and_state(game, world)
            assert pyspiel.deserialize_game_and_state(text)[1].history() == world.history()
    assert worlds > 0  # the hidden cards are dealt anew


def test_resample_from_infostate_takes_one_number_of_the_sampler() -> None:
    """The sampler is called once; the same number gives the same world, another number most
    likely another; a number outside [0, 1), a sampler that is not one or a player that is not a
    seat is an ArgumentError."""
    game = ro.load_game("fournier-1785")
    state = _played(game, random.Random(2), 48 + 10)
    calls: list[float] = []

    def sampler() -> float:
        calls.append(0.25)
        return 0.25

    world = state.resample_from_infostate(1, sampler)
    assert calls == [0.25]
    again = state.resample_from_infostate(1, lambda: 0.25)
    assert again.hand == world.hand
    assert again.history() == world.history()
    decks = {
        tuple(state.resample_from_infostate(1, lambda x=x: x).hand.deal.deck)
        for x in (0.0, 0.1, 0.5, 0.9, 0.999)
    }
    assert len(decks) > 1
    assert state.resample_from_infostate(np.int64(1), lambda: np.float64(0.5)).hand is not None
    for player in (-1, 4, 1.0, "1", True):
        with pytest.raises(reversis.ArgumentError, match="player"):
            state.resample_from_infostate(player, sampler)
    for bad in (lambda: 1.0, lambda: -0.1, lambda: float("nan"), lambda: "0.5", 0.5):
        with pytest.raises(reversis.ArgumentError, match="probability_sampler"):
            state.resample_from_infostate(1, bad)


def test_ismcts_bot_works_without_a_resampler() -> None:
    """OpenSpiel's ISMCTSBot, with no resampler set, samples worlds through the state's
    resample_from_infostate."""
    game = ro.load_game("tetka")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(2)
    )
    state = _played(game, random.Random(3), len(game.profile.deck) + 2)
    action = bot.step(state)
    assert action in state.legal_actions()
