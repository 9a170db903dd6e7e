"""What every game provides on top of the shared engine: the :class:`Game` protocol.

A game is chosen once from the profile's data (:func:`reversis.games.game_of`) and then asked, for
a hand's state, for its points, the facts of the end of the hand, its settlement and what it shows
(``hand.reversis``, ``hand.hearts``, ``hand.tetka``, ``hand.reunion``). Nothing in the library tests
a game's name, nor which section of the profile is present, to choose a behaviour: it asks the game
(its :class:`Words` in the text, what a seat's view shows, whether a hand has a pot, which cards a
cautious player fears) or, for the mechanics of play, the profile's compiled rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from reversis.cards import Card
from reversis.engine.deal import Deal
from reversis.engine.facts import Fact
from reversis.engine.state import Extra, State
from reversis.games.payments import Payment, Settlement
from reversis.profile import Profile
from reversis.stakes import Stakes

__all__ = ["Game", "Seen", "Words"]


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


class Words(NamedTuple):
    """How the text of a hand or a match words a game's own things (:attr:`Game.words`): the
    narration, the sentences, the terminal and the pictures read them, never the game's name."""

    #: What a hand's heading puts before the profile's title (``"Reversis: "``), or ``""``.
    title: str
    #: What the account of a match calls it (``"Reversis match"``, ``"Game"``).
    match: str
    #: The heading of the payments at the end of a match: Reversis' stakes shared
    #: (fournier-1785 §12), Réunion's game (reunion §8).
    match_payments: str
    #: The heading of the steps before play: ``"The pass"`` (hearts §4) or ``"The exchange"``.
    steps: str
    #: A card handed over before play, in the present: ``passes`` (hearts §4) or ``gives``
    #: (hoyle §4).
    gives: str
    #: The same as a participle: ``passed`` or ``given``.
    given: str
    #: The same in the past: ``passed`` or ``gave``.
    gave: str
    #: Who leads the first trick where it is not the eldest (hearts §5: ``"the holder of the two
    #: of clubs"``), or ``None`` where the eldest leads.
    first_leader: str | None
    #: What a player plays for, in a sentence (the ``?`` of the terminal game); ``{pot}`` stands
    #: for the profile's word for the pot (``money.pot_reason``).
    aim: str


class Game(Protocol):
    """A game of the family (see the module's docstring). Games hold no state of their own.

    What each member is for: :attr:`name` for display and records; :meth:`points`,
    :meth:`end_facts` and :meth:`settle` make a hand's outcome (the facades, records, bots);
    :meth:`reading` is what ``hand.<game>`` shows; :meth:`seen` and :meth:`shown_aside` are what a
    seat's view, its checks and its encoding show of the game's own facts; :meth:`bounds`,
    :meth:`match_winners` and :meth:`match_payments` serve learning frameworks and matches;
    :attr:`words`, :attr:`has_pot`, :attr:`highest_points_win` and :attr:`played_for_counters`
    word a hand and a match (text, simulations); :meth:`card_danger` and :meth:`card_note` tell
    bots and the terminal which cards matter; :meth:`card_places`, :attr:`pays_as_played` and
    :meth:`check_points` are what the consistency checker (:mod:`reversis.testing`) holds a hand to.
    """

    #: The game's name, as the profile's ``game`` gives it (for display and records only).
    name: str
    #: The game's words in the text of a hand or a match (:class:`Words`).
    words: Words
    #: Whether a hand has a pot that one seat wins and another loses, and a reversis that puts it
    #: out of play (fournier-1785 §7, §8): what a simulation tallies, what a hand's outcome tells.
    has_pot: bool
    #: Whether the most points win (reunion §8 [decision]) rather than the fewest: how a hand's
    #: outcome words its points.
    highest_points_win: bool
    #: Whether a match is played for counters, its winners the richest (Reversis), rather than for
    #: the points over the game, which its account then tells with the winners.
    played_for_counters: bool
    #: Whether the payments of a hand are made as it is played, so that each state's settlement
    #: extends the one before until the hand ends or a reversis is committed (Reversis' cards and
    #: pools, fournier-1785 §9, §10); the games of points settle the points so far afresh.
    pays_as_played: bool

    def reading(self, state: State) -> object:
        """What a hand of this game shows of it: the reading ``hand.<name>`` gives
        (``hand.reversis``, ``hand.hearts``, …)."""

    def card_places(self, state: State) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """The places where a hand of the game keeps cards besides the hands, the widow and the
        tricks, each by name with its cards as the game's reading shows them (Reversis' pot,
        Réunion's discards, Hearts' cards in passage): where the checker's conservation of cards
        (:func:`reversis.testing.check_state`) looks."""

    def card_danger(self, card: Card) -> int:
        """What the game adds to ``card``'s danger for a cautious player
        (:func:`reversis.bots.playouts.danger`): its penalty cards (hearts §8, tetka §4), 0 for
        the others."""

    def card_note(self, card: Card) -> str:
        """A sentence on what ``card`` costs its taker in this game, with a leading space (the
        ``?`` of the terminal game), or ``""``."""

    def check_points(self, state: State, points: Sequence[int]) -> str | None:
        """What is wrong with ``points`` as the points of the finished hand ``state``, worked out
        afresh from the game's spec and the profile's numbers apart from :meth:`points`, or
        ``None`` (:func:`reversis.testing.check_points`)."""

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
