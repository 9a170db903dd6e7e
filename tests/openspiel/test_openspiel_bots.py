"""OpenSpiel's Python search bots play every profile with no setup of ours (issue 37): its
``ISMCTSBot`` with no resampler set (it samples worlds through the state's
``resample_from_infostate``), its ``MCTSBot`` (which searches the true state: it sees the hidden
cards) and ``UniformRandomBot`` play whole hands through OpenSpiel's ``evaluate_bots``, both its
Python one (``open_spiel.python.algorithms.evaluate_bots``) and its C++ one
(``pyspiel.evaluate_bots``), small budgets.

The Python ``evaluate_bots`` starts every bot with ``bot.restart_at(state)``, which OpenSpiel 2.0's
Python ``ISMCTSBot`` does not define, for any game (``kuhn_poker`` too: "RestartAt(state) not
implemented"): :class:`RestartableISMCTSBot` adds it, doing nothing (the bot searches anew at each
step). The C++ ``evaluate_bots`` restarts bots from an initial state with ``restart()``, which
every bot has. OpenSpiel's C++ ``MCTSBot`` and ``ISMCTSBot`` crash on Python games (OpenSpiel's own
too), so only the Python bots are played.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

import reversis

if os.environ.get("REVERSIS_REQUIRE_OPENSPIEL") == "1":  # .ci/run: the test must run
    import numpy as np
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel", reason="pip install -e '.[openspiel]'")
    np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.bots import uniform_random

import reversis.openspiel  # registers python_reversis
from reversis.games import net_bounds
from reversis.openspiel import ReversisState

PROFILES = sorted(reversis.available_profiles())

#: The simulations of each search, a move.
SIMULATIONS = 6


class RestartableISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ``ISMCTSBot`` with the ``restart_at`` that its Python ``evaluate_bots`` calls
    (the bot keeps nothing between steps), counting its steps."""

    steps = 0

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: each step searches anew."""

    def step(self, state: Any) -> int:
        """OpenSpiel's step, counted; the action is legal."""
        action = int(super().step(state))
        assert action in state.legal_actions()
        self.steps += 1
        return action


def _bots(game: Any, ismcts_class: type[Any], seed: int) -> list[Any]:
    """IS-MCTS at seat 0 (no resampler), MCTS at seat 1, random players at the others."""
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    return [
        ismcts_class(
            game, evaluator, uct_c=2.0, max_simulations=SIMULATIONS,
            random_state=np.random.RandomState(seed + 1),
        ),
        mcts.MCTSBot(game, 2.0, SIMULATIONS, evaluator, random_state=np.random.RandomState(seed + 2)),
        *(
            uniform_random.UniformRandomBot(seat, np.random.RandomState(seed + 3 + seat))
            for seat in range(2, game.num_players())
        ),
    ]  # fmt: skip


def _check(game: Any, returns: list[float]) -> None:
    low, high = net_bounds(game.profile)
    assert len(returns) == game.num_players()
    assert all(low <= r <= high for r in returns)


@pytest.mark.parametrize("name", PROFILES)
def test_python_evaluate_bots(name: str) -> None:
    game = pyspiel.load_game(f"python_reversis(profile={name})")
    bots = _bots(game, RestartableISMCTSBot, 10)
    assert bots[0]._resampler_cb is None
    state = game.new_initial_state()
    _check(game, evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(4)))
    assert state.is_terminal()
    assert bots[0].steps >= game.profile.tricks


@pytest.mark.parametrize("name", PROFILES)
def test_pyspiel_evaluate_bots(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel's C++ evaluate_bots with the bots as OpenSpiel has them; IS-MCTS samples its
    worlds with resample_from_infostate."""
    game = pyspiel.load_game(f"python_reversis(profile={name})")
    calls = []
    resample = ReversisState.resample_from_infostate

    def counted(state: ReversisState, player: int, sampler: Any) -> ReversisState:
        calls.append(player)
        return resample(state, player, sampler)

    monkeypatch.setattr(ReversisState, "resample_from_infostate", counted)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), _bots(game, ismcts.ISMCTSBot, 20), 5)
    _check(game, returns)
    assert calls
    assert set(calls) == {0}
