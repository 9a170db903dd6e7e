"""The games of the family, each on the shared engine: what makes each one itself.

==========================  ==========================================================================
module                      what it holds
==========================  ==========================================================================
:mod:`~.base`               the :class:`~.base.Game` protocol every game follows
:mod:`~.reversis`           Reversis: points, the pot, the money (fournier-1785, hoyle, english)
:mod:`~.hearts`             Hearts: points, the moon, the trickless bonus (hearts §8–§10)
:mod:`~.tetka`              Tëtka: the bum card's points, most tricks (tetka §2, §4–§6)
:mod:`~.reunion`            Réunion: card points, side payments, the game (reunion §3, §6–§8)
:mod:`~.common`             what they share: cards and tricks taken, settling points pair by pair
:mod:`~.payments`           the values of money: :class:`~.payments.Payment`, :class:`~.payments.Settlement`
:mod:`~.table`              the stakes on the table between hands: antes and shares
==========================  ==========================================================================

Which game a profile plays is told once, by its sections (``profile.game``), and
:func:`game_of` gives the game object; the library asks that object, never the game's name.

**Bounds.** Bounds on what one seat can win or lose in a hand, derived from the profile's data.

Learning and search frameworks want the range of a game's returns (OpenSpiel's ``min_utility``
and ``max_utility``; its random simulation test holds every return inside them). The return of a
seat is ``settle(hand).net[seat]`` once the hand is over, and :func:`net_bounds` gives a range
that holds for every finished hand of the profile, worked out from the profile's numbers (the
payments of its special cards, the pot's values, the reversis amounts, the points of its cards)
and the stakes at the start of the hand. The argument for each game stands with the game:
Reversis in :mod:`reversis.games.reversis.bounds`, Hearts in :mod:`reversis.games.hearts`, Tëtka
in :mod:`reversis.games.tetka` and Réunion in :mod:`reversis.games.reunion`.

    >>> import reversis
    >>> from reversis.games import net_bounds
    >>> net_bounds(reversis.load_profile("hearts"))
    (-78, 78)
    >>> net_bounds(reversis.load_profile("tetka"))
    (-27, 9)
    >>> net_bounds(reversis.load_profile("reunion"))
    (-3, 3)

The bounds are safe, not always reached: the Reversis ones add the worst case of every group, which
one hand seldom meets (see the docs' *Learning and search frameworks* page for the widest nets
seen in random play).
"""

from __future__ import annotations

from reversis.errors import ArgumentError
from reversis.games.base import Game
from reversis.games.hearts import HEARTS
from reversis.games.reunion import REUNION
from reversis.games.reversis import REVERSIS
from reversis.games.tetka import TETKA
from reversis.profile import Profile, initial_stakes
from reversis.stakes import Stakes

__all__ = ["GAMES", "Game", "game_of", "net_bounds"]

#: The games by the name the profile's sections give (``profile.game``).
GAMES: dict[str, Game] = {game.name: game for game in (REVERSIS, HEARTS, TETKA, REUNION)}


def game_of(profile: Profile) -> Game:
    """The game ``profile`` plays."""
    return GAMES[profile.game]


def net_bounds(profile: Profile, stakes: Stakes | None = None) -> tuple[int, int]:
    """``(lowest, highest)``: bounds on any seat's ``settle(hand).net`` at the end of a hand of
    ``profile`` that starts with ``stakes`` (by default a match's first hand, as
    :func:`~reversis.new_hand` deals it). See the module's docstring for why they hold.
    """
    if not isinstance(profile, Profile):
        raise ArgumentError(f"net_bounds() needs a Profile, not {type(profile).__name__}")
    if stakes is None:
        stakes = initial_stakes(profile)
    return game_of(profile).bounds(profile, stakes)
