"""A first release with no past (issue 36): the old names of :class:`reversis.Hand` (the readings
that moved under ``hand.<game>`` and ``hand.deal``), ``reversis.handcompat`` and the
``reversis.scoring`` shim are gone; ``Hand`` has at most 30 public names, none deprecated; and
``dir(reversis)`` is the package's public names, each a documented object.

Records written by the previous version still load: their JSON field names did not change
(``tests/records/test_written_before.py`` reads them).
"""

from __future__ import annotations

import importlib
import inspect
import re
import types
import warnings
from pathlib import Path

import pytest

import reversis
from helpers import ROOT, random_states
from reversis import Hand, load_profile, new_match

PROFILES = tuple(reversis.available_profiles())

#: The names ``Hand`` had for one development release, each with a DeprecationWarning.
REMOVED = (
    # what was decided at the deal: hand.deal.<name>
    "stakes",
    "eldest",
    "seed",
    "hand_number",
    "deck",
    "dealt",
    "widow",
    "shown",
    "pass_direction",
    # len(hand.moves), len(hand.tricks) + 1, hand.tricks_taken
    "move_count",
    "trick_number",
    "tricks_won",
    # hand.reversis.<name> (committed, breaker)
    "pot",
    "pot_value",
    "winner",
    "loser",
    "privilege_holder",
    "privilege_used",
    "reversis_player",
    "reversis_breaker",
    # hand.hearts.in_passage
    "in_passage",
    # hand.tetka.<name>
    "bum",
    "bum_trick",
    "scores",
    "most_tricks",
    # hand.reunion.<name>
    "turn_up",
    "trump",
    "right_bower",
    "left_bower",
    "discards",
    "discard_points",
    # reversis.hand.state_of(hand), move_index(profile, move), nothing
    "state",
    "legal_indices",
    "cached",
)

#: Hand's methods that take no argument, called by the test of warnings.
CALLED = ("legal_moves", "legal_mask", "to_dict", "to_json")


def _public(cls: type) -> list[str]:
    return sorted(name for name in dir(cls) if not name.startswith("_"))


def _hands(name: str) -> list[Hand]:
    """Hands of ``name`` at every stage: just dealt, before play (if it has steps), during play,
    mid-trick and over; and a match's second hand."""
    profile = load_profile(name)
    states = random_states(profile, 7)
    match = new_match(profile, seed=3).start_hand()
    assert match.hand is not None
    first = match.hand
    while not first.is_over:
        first = first.apply(first.legal_moves()[0])
    second = match.finish_hand(first).start_hand().hand
    assert second is not None
    picked = [states[0], states[len(states) // 3], states[len(states) // 2], states[-2], states[-1]]
    return [*picked, second]


def test_every_removed_name_is_listed_once() -> None:
    assert len(set(REMOVED)) == len(REMOVED) == 34


@pytest.mark.parametrize("profile", PROFILES)
def test_the_old_names_of_hand_are_gone(profile: str) -> None:
    for name in REMOVED:
        assert not hasattr(Hand, name), name
        for hand in _hands(profile):
            with pytest.raises(AttributeError, match=f"'{name}'"):
                getattr(hand, name)


def test_the_shims_are_gone() -> None:
    for module in ("reversis.handcompat", "reversis.scoring"):
        with pytest.raises(ModuleNotFoundError, match=re.escape(module)):
            importlib.import_module(module)
        assert not (ROOT / "src" / Path(*module.split("."))).with_suffix(".py").exists()
    assert not (ROOT / "src" / "reversis" / "scoring").exists()
    with pytest.raises(AttributeError, match="'scoring'"):
        reversis.scoring  # noqa: B018


def test_hand_has_at_most_30_public_names() -> None:
    public = _public(Hand)
    assert len(public) <= 30, public
    assert not set(public) & set(REMOVED)
    # the generic state and one reading per game
    assert {"reversis", "hearts", "tetka", "reunion", "deal", "facts", "moves", "points"} <= set(
        public
    )


def test_no_public_name_of_hand_is_deprecated() -> None:
    """No public name of ``Hand`` is marked deprecated (PEP 702's ``__deprecated__``), says so in
    its docstring, or warns when read (or, for the methods with no argument, called), on hands of
    every profile at every stage."""
    for name in _public(Hand):
        member = inspect.getattr_static(Hand, name)
        function = member.fget if isinstance(member, property) else member
        function = getattr(function, "__func__", function)
        assert getattr(function, "__deprecated__", None) is None, name
        doc = inspect.getdoc(getattr(Hand, name))
        assert doc, name
        assert "deprecated" not in doc.lower(), name
    for profile in PROFILES:
        for hand in _hands(profile):
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                for name in _public(Hand):
                    value = getattr(hand, name)
                    if name in CALLED:
                        value()


def test_dir_of_the_package_is_its_public_names() -> None:
    assert dir(reversis) == sorted(reversis.__all__)
    assert len(set(reversis.__all__)) == len(reversis.__all__)
    for name in ("Any", "TYPE_CHECKING", "hand", "handplay", "cards", "engine", "_core", "_LAZY"):
        assert name not in dir(reversis)
    # a lazy name, once loaded, does not add to it
    reversis.settle  # noqa: B018
    assert dir(reversis) == sorted(reversis.__all__)


@pytest.mark.parametrize("name", sorted(reversis.__all__))
def test_every_public_name_of_the_package_is_documented(name: str) -> None:
    """Each name of ``__all__`` is an object with its own docstring; a type alias (a union, which
    holds no docstring) has its ``#:`` comment in its module, and ``__version__`` its entry in the
    API pages."""
    value = getattr(reversis, name)
    if name == "__version__":
        assert re.fullmatch(r"\d+\.\d+\.\d+", value)
        page = (ROOT / "docs" / "api" / "package.rst").read_text(encoding="utf-8")
        assert ".. py:data:: __version__" in page
    elif isinstance(value, types.UnionType):
        home = next(
            module
            for module in ("reversis.moves", "reversis.stakes")
            if getattr(importlib.import_module(module), name, None) is value
        )
        source = inspect.getsource(importlib.import_module(home))
        assert re.search(rf"^#: \S.*\n{name}: TypeAlias = ", source, re.M), name
    elif inspect.isclass(value):
        assert (vars(value).get("__doc__") or "").strip(), name
    else:
        assert callable(value) or isinstance(value, types.ModuleType), name
        assert (value.__doc__ or "").strip(), name
