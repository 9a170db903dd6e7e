"""Random games of OpenSpiel's Hearts driven from Python, timed: the OpenSpiel side that
``core_vs_openspiel.py``, ``rollouts.py`` and ``settle.py`` measure the library against (chance
outcomes and moves drawn alike from ``legal_actions()``, ``returns()`` read at the end)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any


def openspiel(game: Any) -> Callable[[int, int], float]:
    """``run(games, seed)``: the seconds ``games`` random games of the pyspiel ``game`` take."""

    def run(games: int, seed: int) -> float:
        draw = random.Random(seed).random
        new_state = game.new_initial_state
        began = time.perf_counter()
        for _ in range(games):
            state = new_state()
            while state.is_chance_node():
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
            legal = state.legal_actions()
            while legal:
                state.apply_action(legal[int(draw() * len(legal))])
                legal = state.legal_actions()
            state.returns()
        return time.perf_counter() - began

    return run
