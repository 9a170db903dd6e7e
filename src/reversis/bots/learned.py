"""A learned policy as a bot: ``make_bot("learned:PATH")`` (NumPy needed: ``pip install
'reversis[pettingzoo]'``).

The policy is a small network over the observation of :mod:`reversis.views.encoding`, its weights saved
by ``examples/learn/train.py`` (the self-play trainer on :mod:`reversis.vector.functional`) in a NumPy
``.npz`` file: ``w1`` ``(size, hidden)``, ``b1`` ``(hidden,)``, ``w2`` ``(hidden, actions)``, ``b2``
``(actions,)`` and ``profile``, the name of the profile it plays. Its move is the legal move of
highest score (:func:`policy_logits`) for the bot's view: the same move for the same view.
"""

from __future__ import annotations

import os
from typing import Any

import attrs

from reversis.engine.actions import action_count
from reversis.errors import ArgumentError
from reversis.moves import Move
from reversis.views.encoding import encode_view, observation_size
from reversis.views.view import HandView

__all__ = ["LearnedBot", "load_policy", "policy_logits"]

_KEYS = ("w1", "b1", "w2", "b2")


def _numpy() -> Any:
    try:
        import numpy  # noqa: PLC0415 - optional: the pettingzoo extra brings it
    except ImportError as error:  # pragma: no cover - numpy is installed where the tests run
        raise ImportError(
            "a learned bot needs NumPy: pip install 'reversis[pettingzoo]'"
        ) from error
    return numpy


def policy_logits(weights: dict[str, Any], x: Any) -> Any:
    """The scores of every action for observations ``x`` (a row or a batch of rows): a hidden
    layer of rectified units, then a linear layer."""
    np = _numpy()
    hidden = np.maximum(x @ weights["w1"] + weights["b1"], 0.0)
    return hidden @ weights["w2"] + weights["b2"]


def load_policy(path: str | os.PathLike[str]) -> tuple[str, dict[str, Any]]:
    """``(profile name, weights)`` from a ``.npz`` file the trainer saved
    (:class:`~reversis.ArgumentError` for a missing or malformed file)."""
    np = _numpy()
    try:
        with np.load(os.fspath(path), allow_pickle=False) as data:
            found = {key: np.asarray(data[key], np.float32) for key in _KEYS}
            profile = str(data["profile"])
    except (OSError, KeyError, ValueError) as error:
        raise ArgumentError(
            f"learned bot: {str(path)[:80]!r} is not a policy saved by examples/learn/train.py "
            f"({error})"
        ) from None
    w1, b1, w2, b2 = (found[key] for key in _KEYS)
    if not (
        w1.ndim == 2
        and b1.shape == (w1.shape[1],)
        and w2.shape[:1] == (w1.shape[1],)
        and w2.ndim == 2
        and b2.shape == (w2.shape[1],)
    ):
        raise ArgumentError(f"learned bot: the weights in {str(path)[:80]!r} do not fit together")
    return profile, found


@attrs.frozen(eq=False)
class LearnedBot:
    """A bot that plays the legal move its policy scores highest (see the module's docstring)."""

    #: The name of the profile the policy was trained on.
    profile: str
    weights: dict[str, Any] = attrs.field(repr=False)
    #: Where the weights came from.
    path: str = ""

    def __call__(self, view: HandView) -> Move:
        """The move for ``view`` (:class:`~reversis.ArgumentError` if the policy was trained for
        another observation or action space, or the view has no move)."""
        if not isinstance(view, HandView):
            raise ArgumentError(f"a bot chooses from a HandView, not {type(view).__name__}")
        moves = view.legal_moves
        if not moves:
            raise ArgumentError(f"seat {view.seat} has no move to make in this view")
        rules = view.rules
        w1, w2 = self.weights["w1"], self.weights["w2"]
        if w1.shape[0] != observation_size(rules) or w2.shape[1] != action_count(rules):
            raise ArgumentError(
                f"learned bot: the policy plays {self.profile}, whose observations or actions "
                f"are not those of {rules.name}"
            )
        np = _numpy()
        x = np.asarray(encode_view(view), np.float32)
        scores = policy_logits(self.weights, x)
        indices = view.legal_indices()
        best = max(range(len(moves)), key=lambda k: (float(scores[indices[k]]), -k))
        return moves[best]


def learned_bot(path: str | os.PathLike[str]) -> LearnedBot:
    """The bot of the policy saved at ``path``."""
    profile, weights = load_policy(path)
    return LearnedBot(profile, weights, os.fspath(path))
