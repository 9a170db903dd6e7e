"""Every profile as a PettingZoo environment, and a Gymnasium one for a single seat (the
``pettingzoo`` extra: ``pip install reversis[pettingzoo]``, which brings PettingZoo, Gymnasium and
numpy).

:func:`env` is an AEC environment in the style of PettingZoo's classic card games: agents
``player_0`` … (seat ``s`` is ``player_s``), one acting at a time in the hand's order (the steps
before play, then the tricks). Each observation is a dict:

* ``"observation"``: :func:`reversis.views.encoding.encode_observation` for the agent's seat, as a
  ``float32`` array (see :mod:`reversis.views.encoding` for what each slice means);
* ``"action_mask"``: an ``int8`` array over the profile's action space
  (:func:`reversis.move_index`), 1 for each legal move of the agent to move, all 0 for the others.

Actions are the move numbers. Rewards come from the settlement: at the end of the hand each agent
receives ``settle(hand).net`` for its seat; with ``shaping=True`` each completed trick also pays the
change of the provisional settlement since the last one (the rewards of a hand still add up to its
net). ``reset(seed=s)`` deals the same hand as ``new_hand(profile, seed=s, dealer=dealer)``; later
resets without a seed take their seeds from a generator seeded by ``s`` (as after ``seed(s)``). A
seed is an integer from 0 to ``2**128 - 1``: a NumPy integer, as learning code passes it, deals as
its value.

    >>> import numpy as np
    >>> from reversis.pettingzoo import env, raw_env
    >>> game = env("hearts")
    >>> game.reset(seed=np.int64(7))
    >>> observation, reward, termination, truncation, info = game.last()
    >>> game.agent_selection, observation["observation"].shape, int(observation["action_mask"].sum())
    ('player_1', (930,), 13)

**Illegal actions.** :func:`env` wraps the environment as PettingZoo wraps its classic card and
board games (``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``):
an action of the action space that the mask rules out ends the hand, as it ends a game of Connect
Four or Leduc Hold'em there. The agent that made it receives ``illegal_reward``, the lowest net a
seat can receive in a hand of the profile (:func:`reversis.games.net_bounds`; -78 in Hearts), so
that no legal play ends worse, as the classic games' -1 is their loss; the others receive 0 (with
``shaping=True`` the rewards already paid in the hand are theirs still), and every agent is then
done (each steps with ``None``). An action drawn from the action space without the mask
(``action_space(agent).sample()``, as PettingZoo's ``average_total_reward`` and
``parallel_seed_test`` draw them) is any move number, most often illegal, and so ends the hand
this way; draw with the mask (``sample(observation["action_mask"])``) to play legal moves. The
unwrapped environment, :func:`raw_env` (the class :class:`ReversisEnv`), raises an
:class:`~reversis.IllegalMoveError` instead, the environment unchanged, for those who want the
error:

    >>> game.step(51)  # the ace of spades: seat 1 must pass three cards first
    >>> game.terminations["player_1"], game.rewards["player_1"], game.rewards["player_2"]
    (True, -78.0, 0)
    >>> raw = raw_env("hearts")
    >>> raw.reset(seed=7)
    >>> raw.step(51)
    Traceback (most recent call last):
    ...
    reversis.errors.IllegalMoveError: illegal move 'AS': ...

**Rendering.** ``render_mode="ansi"``: ``render()`` returns the view of the agent to move as text;
``render_mode="human"``: it prints that text to the standard output and returns ``None``, and each
``reset()`` and ``step()`` prints it too, as PettingZoo's classic games and Gymnasium's text
environments render (PettingZoo's ``CaptureStdoutWrapper`` turns it back into text).

Every other bad value is refused where it is given, with a typed error, and the environment is left
as it was, wrapped or not: a seed that is no seed, an unknown agent, a call before the first reset
or once every agent is done, anything but ``None`` from an agent that is done
(:class:`~reversis.ArgumentError`); an action that is no number of the action space, a bool or a
float (:class:`~reversis.InvalidMoveError`, where ``AssertOutOfBoundsWrapper`` would raise an
``AssertionError``).

    >>> game.observe("player_9")
    Traceback (most recent call last):
    ...
    reversis.errors.ArgumentError: agent: one of player_0, player_1, player_2, player_3, not 'player_9'

:class:`SingleAgentEnv` is a Gymnasium environment in which one seat learns and the others are
played by a bot of :mod:`reversis.bots`; an illegal action ends its episode with the same
lowest net, and it renders in the same two modes.

============================  ======================================================================
module                        what it holds
============================  ======================================================================
:mod:`~.aec`                  the AEC environment, :class:`~.aec.ReversisEnv`
:mod:`~.single`               the Gymnasium environment of one seat, :class:`~.single.SingleAgentEnv`
:mod:`~.actions`              the action space: the move numbers and the move of each
:mod:`~.common`               what both share: the profile, the observation space, the rewards
:mod:`~.tracker`              the observation vectors, kept move by move
============================  ======================================================================
"""

from __future__ import annotations

import random
from collections.abc import Callable

from reversis.errors import missing_extra

try:
    import gymnasium  # noqa: F401 - the packages of the extra, checked before they are used
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # the extra is not installed: say which
    raise missing_extra("reversis.pettingzoo", "pettingzoo", exc) from None

from reversis.bots.players import Bot
from reversis.pettingzoo import common, single
from reversis.pettingzoo.aec import ReversisEnv, env, raw_env
from reversis.pettingzoo.single import SingleAgentEnv

# The package's modules, one job each: ``actions`` (the move numbers and the action masks),
# ``common`` (what both environments share: the profile, the observation space, an observation
# encoded afresh), ``tracker`` (the AEC environment's observations kept move by
# move), ``aec`` (the AEC environment and its wrapper), ``single`` (the Gymnasium environment).

__all__ = ["BOTS", "LIMIT", "ReversisEnv", "SingleAgentEnv", "env", "raw_env"]

# The constants are bound here again with their comments: Sphinx reads a constant's ``#:`` comment
# in the module it documents it from (reversis.pettingzoo, not where it is made).

#: The bound of the observation space's box: no value of the encoding comes near it (points,
#: pot values and counts are small numbers).
LIMIT = common.LIMIT

#: The bots that can play the other seats of :class:`SingleAgentEnv`, by name.
BOTS: dict[str, Callable[[random.Random], Bot]] = single.BOTS
