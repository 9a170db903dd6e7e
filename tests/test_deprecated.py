"""The old names, for one release: every name :class:`reversis.Hand` had before each game's readings
moved under ``hand.<game>`` and the deal's under ``hand.deal`` (``reversis.handcompat.DEPRECATED``),
and the names of the old ``reversis.scoring``. Each still works, warns with a
:class:`DeprecationWarning` that names the new name, and gives what the new name gives, on hands of
every profile.

This is the one file of the suite that uses the old names: everywhere else a DeprecationWarning of
reversis' own is an error (``filterwarnings`` in ``pyproject.toml``), so no old name slips back in.
"""

from __future__ import annotations

import importlib
import re
import warnings
from collections.abc import Callable
from typing import Any

import pytest

import reversis
import reversis.scoring
from helpers import random_states
from reversis import Hand, load_profile, new_match
from reversis.engine.actions import move_index
from reversis.hand import state_of
from reversis.handcompat import DEPRECATED

PROFILES = tuple(reversis.available_profiles())


def _reversis(name: str, otherwise: object = None) -> Callable[[Hand], object]:
    return lambda h: otherwise if h.reversis is None else getattr(h.reversis, name)


def _tetka(name: str, otherwise: object = None) -> Callable[[Hand], object]:
    return lambda h: otherwise if h.tetka is None else getattr(h.tetka, name)


def _reunion(name: str, otherwise: object = None) -> Callable[[Hand], object]:
    return lambda h: otherwise if h.reunion is None else getattr(h.reunion, name)


def _aside(h: Hand) -> object:
    if h.reversis is not None:
        return h.reversis.pot
    return () if h.reunion is None else h.reunion.discards


#: The old names of what was decided at the deal, now under ``hand.deal``.
DEAL = (
    "stakes",
    "eldest",
    "seed",
    "hand_number",
    "deck",
    "dealt",
    "widow",
    "shown",
    "pass_direction",
)

#: Each old name: the new name its warning gives, and the value by the new name (what a hand of
#: another game gives, ``None``, ``()`` or ``0``, as the old name gave it).
NEW: dict[str, tuple[str, Callable[[Hand], object]]] = {
    **{name: (f"hand.deal.{name}", lambda h, name=name: getattr(h.deal, name)) for name in DEAL},
    "move_count": ("len(hand.moves)", lambda h: len(h.moves)),
    "trick_number": ("len(hand.tricks) + 1", lambda h: len(h.tricks) + 1),
    "tricks_won": ("hand.tricks_taken", lambda h: h.tricks_taken),
    "pot": ("hand.reversis.pot (Réunion: hand.reunion.discards)", _aside),
    "pot_value": ("hand.reversis.pot_value", _reversis("pot_value", 0)),
    "winner": ("hand.reversis.winner", _reversis("winner")),
    "loser": ("hand.reversis.loser", _reversis("loser")),
    "privilege_holder": ("hand.reversis.privilege_holder", _reversis("privilege_holder")),
    "privilege_used": ("hand.reversis.privilege_used", _reversis("privilege_used")),
    "reversis_player": ("hand.reversis.committed", _reversis("committed")),
    "reversis_breaker": ("hand.reversis.breaker", _reversis("breaker")),
    "in_passage": (
        "hand.hearts.in_passage",
        lambda h: () if h.hearts is None else h.hearts.in_passage,
    ),
    "bum": ("hand.tetka.bum", _tetka("bum")),
    "bum_trick": ("hand.tetka.bum_trick", _tetka("bum_trick")),
    "scores": ("hand.tetka.scores", _tetka("scores", ())),
    "most_tricks": ("hand.tetka.most_tricks", _tetka("most_tricks")),
    "turn_up": ("hand.reunion.turn_up", _reunion("turn_up")),
    "trump": ("hand.reunion.trump", _reunion("trump")),
    "right_bower": ("hand.reunion.right_bower", _reunion("right_bower")),
    "left_bower": ("hand.reunion.left_bower", _reunion("left_bower")),
    "discards": ("hand.reunion.discards", _reunion("discards", ())),
    "discard_points": ("hand.reunion.discard_points", _reunion("discard_points", 0)),
    "state": ("reversis.hand.state_of(hand)", state_of),
    "legal_indices": (
        "move_index(hand.profile, move)",
        lambda h: tuple(move_index(h.profile, m) for m in h.legal_moves()),
    ),
}

#: The old methods, called as they were.
CALLS: dict[str, Callable[[Any], object]] = {"legal_indices": lambda method: method()}


def _itself(value: object) -> object:
    return value


def _hands(name: str) -> list[Hand]:
    """Hands of ``name`` at every stage: just dealt, during the steps before play (if any), during
    play, mid-trick and over; and a match's second hand (its stakes and number)."""
    profile = load_profile(name)
    states = random_states(profile, 7)
    match = new_match(profile, seed=3).start_hand()
    assert match.hand is not None
    second = match.finish_hand(_finish(match.hand)).start_hand().hand
    assert second is not None
    picked = [states[0], states[len(states) // 3], states[len(states) // 2], states[-2], states[-1]]
    return [*picked, second]


def _finish(hand: Hand) -> Hand:
    while not hand.is_over:
        hand = hand.apply(hand.legal_moves()[0])
    return hand


def test_every_deprecated_name_is_checked() -> None:
    assert set(NEW) | {"cached"} == DEPRECATED


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("name", sorted(NEW))
def test_an_old_name_warns_and_gives_the_new_names_value(profile: str, name: str) -> None:
    new_name, new_value = NEW[name]
    words = f"hand.{name}{'()' if name in CALLS else ''} is deprecated: use {new_name}"
    for hand in _hands(profile):
        with pytest.warns(DeprecationWarning, match=re.escape(words)) as caught:
            value = CALLS.get(name, _itself)(getattr(hand, name))
        assert len(caught) == 1
        assert caught[0].filename == __file__  # the warning points at the line that used it
        assert value == new_value(hand), (name, hand)


def test_cached_warns_and_keeps_a_value_with_the_hand() -> None:
    hand = random_states(load_profile(), 2)[5]
    words = re.escape("hand.cached() is deprecated: keep derived values yourself")
    with pytest.warns(DeprecationWarning, match=words):
        assert hand.cached("mine", lambda: (1, 2)) == (1, 2)
    with pytest.warns(DeprecationWarning, match=words):
        assert hand.cached("mine", lambda: (3, 4)) == (1, 2)  # kept from the first call
    with pytest.warns(DeprecationWarning, match=words):
        assert hand.cached("other", lambda: (3, 4)) == (3, 4)


def test_the_old_names_are_not_documented_one_by_one() -> None:
    for name in DEPRECATED:
        doc = getattr(Hand, name).__doc__
        assert doc is not None
        assert doc.startswith("Deprecated:"), name


@pytest.mark.parametrize(
    ("name", "home"),
    [
        ("settle", "reversis.settlement"),
        ("Payment", "reversis.games.payments"),
        ("Settlement", "reversis.games.payments"),
        ("BASKET", "reversis.games.payments"),
        ("POT", "reversis.games.payments"),
        ("profile_accounts", "reversis.games.payments"),
    ],
)
def test_the_names_of_reversis_scoring_warn(name: str, home: str) -> None:
    words = f"reversis.scoring.{name} is deprecated: use {home}.{name}"
    with pytest.warns(DeprecationWarning, match=re.escape(words)) as caught:
        value = getattr(reversis.scoring, name)
    assert caught[0].filename == __file__
    assert value is getattr(importlib.import_module(home), name)
    with pytest.warns(DeprecationWarning, match=re.escape(words)):
        exec(f"from reversis.scoring import {name}", {})
    with pytest.raises(AttributeError, match="no attribute 'points'"):
        reversis.scoring.points  # noqa: B018


def test_the_suite_makes_reversis_deprecations_errors_and_no_others() -> None:
    """The ``filterwarnings`` of ``pyproject.toml``: an old name of reversis used anywhere in the
    suite (outside ``pytest.warns``) fails its test; another package's DeprecationWarning does not."""
    hand = reversis.new_hand("hearts", seed=1)
    with pytest.raises(DeprecationWarning, match="hand.pass_direction is deprecated"):
        hand.pass_direction  # noqa: B018
    with pytest.raises(DeprecationWarning, match="hand.legal_indices"):
        hand.legal_indices()
    with pytest.raises(DeprecationWarning, match="reversis.scoring.settle is deprecated"):
        reversis.scoring.settle  # noqa: B018
    with warnings.catch_warnings(record=True) as caught:
        warnings.warn_explicit(
            "f() is deprecated: use g()", DeprecationWarning, "elsewhere.py", 1, module="elsewhere"
        )
    assert [str(w.message) for w in caught] == ["f() is deprecated: use g()"]
