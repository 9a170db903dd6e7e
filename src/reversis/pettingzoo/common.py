"""What both environments share besides the action numbers: the profile they are made for, the bound
and space of the observations, an observation encoded afresh (both render with
:func:`reversis.text.render`)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from reversis.encoding import observation_entries, observation_size
from reversis.engine.actions import action_count
from reversis.errors import ArgumentError
from reversis.hand import Hand
from reversis.pettingzoo.actions import Actions
from reversis.profile import Profile, available_profiles, load_profile

__all__ = ["LIMIT", "observation_spaces", "observe_afresh", "profile_of"]

#: The bound of the observation space's box: no value of the encoding comes near it (points,
#: pot values and counts are small numbers).
LIMIT = 1000.0


def profile_of(profile: Profile | str) -> Profile:
    """The profile an environment is made for: a :class:`~reversis.Profile`, or a shipped
    profile's name (anything else is an :class:`~reversis.ArgumentError`)."""
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str) and profile in available_profiles():
        return load_profile(profile)
    raise ArgumentError(f"profile: {str(profile)[:60]!r} is neither a Profile nor a shipped name")


def observation_spaces(profile: Profile) -> spaces.Dict:
    """An agent's observation space: the encoded observation and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(-LIMIT, LIMIT, (observation_size(profile),), np.float32),
            "action_mask": spaces.Box(0, 1, (action_count(profile),), np.int8),
        }
    )


def observe_afresh(hand: Hand, seat: int, actions: Actions, size: int) -> dict[str, Any]:
    """``seat``'s observation of ``hand`` encoded from the start (``size`` entries), with its action
    mask (all 0 unless ``seat`` is to move)."""
    vector = np.zeros(size, np.float32)
    ones, indices, values = observation_entries(hand, seat)
    vector[ones] = 1.0
    vector[indices] = values
    mine = hand.to_move == seat
    mask = actions.mask(hand.legal_moves()) if mine else np.zeros(actions.size, np.int8)
    return {"observation": vector, "action_mask": mask}
