"""What every game provides on top of the shared engine: the :class:`Game` protocol.

A game is chosen once from the profile's data (:func:`reversis.games.game_of`) and then asked, for
a hand's state, for its points, the facts of the end of the hand, its settlement and what it shows
(``hand.reversis``, ``hand.hearts``, ``hand.tetka``, ``hand.reunion``). Nothing in the library tests
a game's name to choose a behaviour: it asks the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from reversis.engine.deal import Deal
from reversis.engine.facts import Fact
from reversis.engine.state import Extra, State
from reversis.games.payments import Payment, Settlement
from reversis.profile import Profile
from reversis.stakes import Stakes

__all__ = ["Game", "Seen"]


class Seen(NamedTuple):
    """What a seat's view shows of a game's own facts (:meth:`Game.seen`)."""

    #: The points as the seat may know them.
    points: tuple[int, ...]
    #: The cards put aside, once shown to everyone (a mask), or ``None`` while they are hidden.
    aside: int | None
    #: The value of the pot, once shown (Reversis), else ``None``.
    pot_value: int | None
    #: Whether this seat holds the privilege, its own secret (Reversis).
    privileged: bool


class Game(Protocol):
    """A game of the family (see the module's docstring). Games hold no state of their own."""

    #: The game's name, as the profile's ``game`` gives it (for display and records only).
    name: str

    def points(self, state: State) -> tuple[int, ...]:
        """Each seat's points as the game counts them: those of the completed tricks during play,
        the final points once the hand is over."""

    def end_facts(self, state: State) -> list[Fact]:
        """The facts of the end of a finished hand, :class:`~reversis.engine.facts.HandOver` last."""

    def settle(self, state: State) -> Settlement:
        """The payments of the hand so far (all of them once it is over)."""

    def seen(self, state: State, seat: int) -> Seen:
        """What ``seat``'s view shows of the game's own facts: its points as the seat may know them,
        the cards put aside once they are shown, the pot's value, the seat's privilege."""

    def shown_aside(self, deal: Deal, extra: Extra, over: bool) -> tuple[int | None, int | None]:
        """``(aside, value)``: the cards put aside (``extra.aside``, a mask) as every seat's view
        shows them, ``None`` while they are hidden; and the pot's value, ``None`` where the game
        gives the cards put aside none. ``over``: whether the hand is over. :meth:`seen` shows
        them so; the checks of a view read from data (:mod:`reversis.views.rules`) ask it."""

    def bounds(self, profile: Profile, stakes: Stakes) -> tuple[int, int]:
        """``(lowest, highest)``: bounds on any seat's net at the end of a hand that starts with
        ``stakes`` (see :mod:`reversis.games`)."""

    def match_winners(self, totals: Sequence[int], bankrolls: Sequence[int]) -> tuple[int, ...]:
        """The winners of a finished match (sorted seats), from each seat's points over the
        match's hands (``totals``) and its counters (``bankrolls``)."""

    def match_payments(self, profile: Profile, totals: Sequence[int]) -> tuple[Payment, ...]:
        """The payments at the end of a match of this game, from each seat's points over its
        hands (Réunion's game, reunion §8); none for a game whose money is settled hand by hand."""
