"""What both environments share besides the action numbers: the profile they are made for, the
checks of the values a caller gives them (seeds, seats, options), the bound and space of the
observations, an observation encoded afresh (both render with :func:`reversis.text.render.render`)."""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces

from reversis.engine.actions import action_count
from reversis.engine.chance import MAX_SEED
from reversis.errors import ArgumentError
from reversis.hand import Hand, state_of
from reversis.profile import Profile, available_profiles, load_profile
from reversis.views.encoding import observation_entries, observation_size

if TYPE_CHECKING:
    from reversis.pettingzoo.actions import Actions

__all__ = [
    "LIMIT",
    "RENDER_MODES",
    "integer_of",
    "observation_spaces",
    "observe_afresh",
    "options_of",
    "profile_of",
    "render_mode_of",
    "rendered",
    "seat_of",
    "seed_of",
    "shown",
]

#: The bound of the observation space's box: no value of the encoding comes near it (points,
#: pot values and counts are small numbers).
LIMIT = 1000.0

#: The render modes of both environments: ``"ansi"`` returns the text of a view, ``"human"`` prints
#: it (and ``render()`` returns ``None``), as PettingZoo's and Gymnasium's text games do.
RENDER_MODES = ("human", "ansi")


def profile_of(profile: Profile | str) -> Profile:
    """The profile an environment is made for: a :class:`~reversis.Profile`, or a shipped
    profile's name (anything else is an :class:`~reversis.ArgumentError`)."""
    if isinstance(profile, Profile):
        return profile
    if isinstance(profile, str) and profile in available_profiles():
        return load_profile(profile)
    raise ArgumentError(f"profile: {str(profile)[:60]!r} is neither a Profile nor a shipped name")


def shown(value: object) -> str:
    """``value`` as an error message shows it: short, and never an error itself (an integer of
    thousands of digits has no text, :func:`str` refuses it)."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    try:
        return reprlib.repr(value)[:60]
    except Exception:
        return f"a {type(value).__name__}"


def integer_of(value: object) -> int | None:
    """``value`` as a Python :class:`int` if it is an integer (an ``int``, a NumPy integer, anything
    :func:`operator.index` takes) and not a bool, else ``None``."""
    if isinstance(value, bool | np.bool_):
        return None
    try:
        return int(operator.index(value))  # type: ignore[arg-type]
    except TypeError:
        return None


def seed_of(seed: object, name: str = "seed") -> int | None:
    """``seed`` as a Python :class:`int` from 0 to ``2**128 - 1`` (a NumPy integer deals as its
    value), or ``None``; anything else is an :class:`~reversis.ArgumentError` naming ``name``."""
    if seed is None:
        return None
    value = integer_of(seed)
    if value is None or not 0 <= value <= MAX_SEED:
        raise ArgumentError(f"{name}: an integer from 0 to 2**128 - 1 (or None), not {shown(seed)}")
    return value


def seat_of(seat: object, name: str, players: int) -> int:
    """``seat`` as a Python :class:`int` from 0 to ``players - 1`` (a NumPy integer too), else an
    :class:`~reversis.ArgumentError` naming ``name``."""
    value = integer_of(seat)
    if value is None or not 0 <= value < players:
        raise ArgumentError(f"{name}: a seat from 0 to {players - 1}, not {shown(seat)}")
    return value


def render_mode_of(render_mode: object) -> str | None:
    """``render_mode`` if it is one of :data:`RENDER_MODES` or ``None``, else an
    :class:`~reversis.ArgumentError`."""
    if render_mode is None:
        return None
    for mode in RENDER_MODES:
        if render_mode == mode and isinstance(render_mode, str):
            return mode
    raise ArgumentError(f"render_mode: 'human', 'ansi' or None, not {shown(render_mode)}")


def rendered(text: str, render_mode: str | None) -> str | None:
    """What ``render()`` gives for ``text``: the text itself with ``"ansi"``; with ``"human"``,
    ``None``, the text printed to the standard output (where PettingZoo's
    ``CaptureStdoutWrapper`` takes it)."""
    if render_mode == "human":
        print(text)
        return None
    return text


def options_of(options: object) -> None:
    """The environments take no options: ``None`` or a mapping, which is ignored (anything else is
    an :class:`~reversis.ArgumentError`)."""
    if options is not None and not isinstance(options, Mapping):
        raise ArgumentError(f"options: None or a dict (none are read), not {shown(options)}")


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
    ones, indices, values = observation_entries(hand, seat, state_of(hand))
    vector[ones] = 1.0
    vector[indices] = values
    mine = hand.to_move == seat
    mask = actions.mask(hand.legal_moves()) if mine else np.zeros(actions.size, np.int8)
    return {"observation": vector, "action_mask": mask}
