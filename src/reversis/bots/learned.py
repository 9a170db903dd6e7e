"""Learned policies as bots: ``make_bot("learned")`` plays the network shipped for the view's
profile, ``make_bot("learned:PATH")`` a policy saved in a file (NumPy needed: ``pip install
'reversis[learn]'``).

A policy is a small network over the observation of :mod:`reversis.views.encoding`, its weights in a
NumPy ``.npz`` file: ``w1`` ``(size, hidden)``, ``b1`` ``(hidden,)``, ``w2`` ``(hidden, actions)``,
``b2`` ``(actions,)`` and ``profile``, the name of the profile it plays. Its move is the legal move of
highest score (:func:`policy_logits`) for the bot's view: the same move for the same view. It
decides every step of the hand, the steps before play (exchange, pass, discard) included.

The package ships one network for each shipped profile (:func:`shipped_policies`), in
``reversis/bots/policies/<profile>.npz`` beside ``index.json`` (the commands and seeds that made each,
its shapes, a digest of its weights and its evaluation). They were trained in two steps:
``examples/learn/imitate.py``, imitation of :class:`~reversis.bots.players.MonteCarloBot` (DAgger),
then ``examples/learn/league.py``, self-play against a league of past selves and the cautious bot by
PPO on the batches of :mod:`reversis.vector`; each beats
:class:`~reversis.bots.players.CautiousBot` in its profile.

    >>> import reversis
    >>> from reversis.bots.players import make_bot
    >>> bot = make_bot("learned")
    >>> hand = reversis.new_hand("hearts", seed=7)
    >>> bot(hand.view(hand.to_move)) in hand.legal_moves()
    True
"""

from __future__ import annotations

import importlib.resources
import os
import threading
from typing import Any

import attrs

from reversis.engine.actions import action_count
from reversis.errors import ArgumentError
from reversis.moves import Move
from reversis.profile import Profile, load_profile
from reversis.views.encoding import encode_view, observation_size
from reversis.views.view import HandView

__all__ = [
    "LearnedBot",
    "ShippedLearnedBot",
    "learned_bot",
    "load_policy",
    "policy_logits",
    "shipped_policies",
    "shipped_policy",
]

_KEYS = ("w1", "b1", "w2", "b2")


def _numpy() -> Any:
    """NumPy, or :class:`ModuleNotFoundError` naming the extra that brings it (the command line
    says that in one line)."""
    try:
        import numpy  # noqa: PLC0415 - optional: the learn extra brings it
    except ImportError as error:
        raise ModuleNotFoundError(
            "a learned bot needs NumPy: pip install 'reversis[learn]'", name="numpy"
        ) from error
    return numpy


def policy_logits(weights: dict[str, Any], x: Any) -> Any:
    """The scores of every action for observations ``x`` (a row or a batch of rows): a hidden
    layer of rectified units, then a linear layer."""
    np = _numpy()
    hidden = np.maximum(x @ weights["w1"] + weights["b1"], 0.0)
    return hidden @ weights["w2"] + weights["b2"]


def load_policy(path: str | os.PathLike[str]) -> tuple[str, dict[str, Any]]:
    """``(profile name, weights)`` from a ``.npz`` file a trainer of ``examples/learn`` saved
    (:class:`~reversis.ArgumentError` for a missing or malformed file)."""
    try:
        with open(os.fspath(path), "rb") as file:
            return _read_policy(file, str(path))
    except OSError as error:
        raise ArgumentError(
            f"learned bot: {str(path)[:80]!r} is not a policy saved by examples/learn/train.py, "
            f"imitate.py or league.py ({error})"
        ) from None


def _read_policy(file: Any, name: str) -> tuple[str, dict[str, Any]]:
    np = _numpy()
    try:
        with np.load(file, allow_pickle=False) as data:
            found = {key: np.asarray(data[key], np.float32) for key in _KEYS}
            profile = str(data["profile"])
    except (OSError, KeyError, ValueError, EOFError) as error:
        raise ArgumentError(
            f"learned bot: {name[:80]!r} is not a policy saved by examples/learn/train.py, "
            f"imitate.py or league.py ({error})"
        ) from None
    w1, b1, w2, b2 = (found[key] for key in _KEYS)
    if not (
        w1.ndim == 2
        and b1.shape == (w1.shape[1],)
        and w2.shape[:1] == (w1.shape[1],)
        and w2.ndim == 2
        and b2.shape == (w2.shape[1],)
    ):
        raise ArgumentError(f"learned bot: the weights in {name[:80]!r} do not fit together")
    return profile, found


#: Where the shipped policies are: ``reversis/bots/policies/<profile>.npz``.
_POLICIES = "policies"


def shipped_policies() -> tuple[str, ...]:
    """The names of the profiles a network ships for, sorted.

    >>> shipped_policies()  # doctest: +NORMALIZE_WHITESPACE
    ('english', 'fournier-1785', 'fournier-1785-3p', 'hearts', 'hoyle', 'omnibus-hearts',
     'reunion', 'tetka')
    """
    folder = importlib.resources.files(__package__).joinpath(_POLICIES)
    if not folder.is_dir():  # pragma: no cover - a package built without its data
        return ()
    return tuple(sorted(f.name[:-4] for f in folder.iterdir() if f.name.endswith(".npz")))


def shipped_policy(profile: str) -> LearnedBot:
    """The bot of the network shipped for the profile named ``profile``
    (:class:`~reversis.ArgumentError` if none ships for it)."""
    if not isinstance(profile, str) or profile not in shipped_policies():
        raise ArgumentError(
            f"no learned policy ships for the profile {str(profile)[:40]!r}: make_bot('learned') "
            f"plays {', '.join(shipped_policies())}; train one with examples/learn/imitate.py "
            "and play it with make_bot('learned:PATH')"
        )
    resource = importlib.resources.files(__package__).joinpath(f"{_POLICIES}/{profile}.npz")
    with resource.open("rb") as file:
        name, weights = _read_policy(file, f"reversis/bots/policies/{profile}.npz")
    return LearnedBot(name, weights, f"reversis/bots/policies/{profile}.npz")


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


@attrs.frozen(eq=False)
class ShippedLearnedBot:
    """A bot that plays, for each view, the network shipped for the view's profile
    (``make_bot("learned")``): loaded at its first move in that profile and kept by the bot.
    :class:`~reversis.ArgumentError` for a view of a profile no network ships for, or of a profile
    that has the name of a shipped one but other rules (house rules: train a policy for them)."""

    _bots: dict[str, tuple[Profile, LearnedBot]] = attrs.field(factory=dict, init=False, repr=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        _numpy()  # without NumPy the bot is refused when it is made, not at its first move

    def policy(self, rules: Profile) -> LearnedBot:
        """The shipped network this bot plays in the profile ``rules``."""
        found = self._bots.get(rules.name)
        if found is not None and (found[0] is rules or found[0] == rules):
            return found[1]
        with self._lock:
            if found is None:
                bot = shipped_policy(rules.name)
                shipped = load_profile(rules.name)
            else:
                shipped, bot = found
            if rules != shipped:
                raise ArgumentError(
                    f"no learned policy ships for this profile: its name is {rules.name!r} but "
                    "its rules are not the shipped ones; train one with examples/learn/imitate.py "
                    "and play it with make_bot('learned:PATH')"
                )
            self._bots[rules.name] = (rules, bot)
        return bot

    def __call__(self, view: HandView) -> Move:
        """The move of the view's profile's network for ``view`` (see the class)."""
        if not isinstance(view, HandView):
            raise ArgumentError(f"a bot chooses from a HandView, not {type(view).__name__}")
        return self.policy(view.rules)(view)
