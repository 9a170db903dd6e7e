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
"""

from __future__ import annotations

from reversis.games.base import Game
from reversis.games.hearts import HEARTS
from reversis.games.reunion import REUNION
from reversis.games.reversis import REVERSIS
from reversis.games.tetka import TETKA
from reversis.profile import Profile

__all__ = ["GAMES", "Game", "game_of"]

#: The games by the name the profile's sections give (``profile.game``).
GAMES: dict[str, Game] = {game.name: game for game in (REVERSIS, HEARTS, TETKA, REUNION)}


def game_of(profile: Profile) -> Game:
    """The game ``profile`` plays."""
    return GAMES[profile.game]
