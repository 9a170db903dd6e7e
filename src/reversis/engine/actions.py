"""A fixed action space per profile, for bots and learning.

Every move of a profile has a fixed number: the plays of the pack's cards first, in card order, then
the other kinds of move the profile's steps before play use, each for every card, and ``decline``
last where the profile has it:

=====================  ============================================  =====================
game                   kinds, in order                               size (cards ``n``)
=====================  ============================================  =====================
Reversis               play, exchange, discard, give, ``decline``    ``4n + 1`` (193)
Hearts                 play, pass                                    ``2n`` (104)
Tëtka                  play                                          ``n`` (52)
Réunion                play, discard                                 ``2n`` (64)
=====================  ============================================  =====================

    >>> from reversis import load_profile, Play, Decline
    >>> from reversis.engine.actions import move_index
    >>> profile = load_profile()
    >>> move_index(profile, Play("2C")), move_index(profile, Decline())
    (0, 192)
"""

from __future__ import annotations

from reversis.errors import ArgumentError, InvalidMoveError
from reversis.moves import DECLINE, Decline, Discard, Exchange, Give, Move, Pass, Play
from reversis.profile import Profile

__all__ = ["action_count", "action_kinds", "move_at", "move_index"]

_Kind = type[Play] | type[Exchange] | type[Discard] | type[Give] | type[Pass]


def _profile(profile: object) -> Profile:
    if not isinstance(profile, Profile):
        raise ArgumentError(f"a Profile is needed, not {type(profile).__name__}")
    return profile


def action_kinds(profile: Profile) -> tuple[tuple[_Kind, ...], bool]:
    """The kinds of move of ``profile``'s action space, in order, and whether ``decline`` ends it."""
    rules = _profile(profile).compiled
    if rules.widow == "exchange":
        return (Play, Exchange, Discard, Give), True
    kinds: list[_Kind] = [Play]
    if rules.pass_cards:
        kinds.append(Pass)
    if rules.widow == "dealer":
        kinds.append(Discard)
    return tuple(kinds), False


def action_count(profile: Profile) -> int:
    """The size of ``profile``'s action space (see the module's docstring)."""
    kinds, decline = action_kinds(profile)
    return len(kinds) * len(profile.deck) + decline


def move_index(profile: Profile, move: Move) -> int:
    """The fixed number of ``move`` in ``profile``'s action space."""
    kinds, decline = action_kinds(profile)
    n = len(profile.deck)
    if isinstance(move, Decline) and decline:
        return len(kinds) * n
    position = -1
    if type(move) in kinds:
        position = profile.compiled.deck_positions[move.card.index]  # type: ignore[union-attr]
    if position < 0:
        raise InvalidMoveError(f"{move} is not a move of the {profile.name} profile")
    return kinds.index(type(move)) * n + position


def move_at(profile: Profile, index: int) -> Move:
    """The move numbered ``index`` in ``profile``'s action space (the inverse of :func:`move_index`)."""
    kinds, decline = action_kinds(profile)
    n = len(profile.deck)
    size = len(kinds) * n + decline
    if type(index) is not int or not 0 <= index < size:
        raise InvalidMoveError(
            f"{index!r} is not an action of the {profile.name} profile (0 to {size - 1})"
        )
    if index == len(kinds) * n:
        return DECLINE
    kind, position = divmod(index, n)
    return kinds[kind](profile.deck[position])
