"""Reversis (fournier-1785, fournier-1785-3p, hoyle, english): the points in tricks, the pot and
who wins and loses it, the money of the hand, and what a hand of it shows.

==========================  ==========================================================================
module                      what it holds
==========================  ==========================================================================
this one                    the game (:data:`REVERSIS`): points (§7), the end of the hand, readings
:mod:`~.pot`                the value of the pot, the party (§5)
:mod:`~.outcome`            the winner and the loser of the pot (§7, §11)
:mod:`~.settlement`         the money: aces, quinolas, pools, the pot, the reversis (§5, §7–§11)
:mod:`~.keepers`            the stakes on the table while a hand is settled (§9)
:mod:`~.bounds`             bounds on a seat's net
==========================  ==========================================================================

The trick mechanics of Reversis are the engine's, chosen by the profile's data: the exchange
(fournier-1785 §4, :mod:`reversis.engine.steps`), following and the privilege (§6, §11,
:mod:`reversis.engine.follow`), the pools won or owed as the quinola is played (§9,
:mod:`reversis.engine.play`) and the reversis committed, broken or made (§8,
:mod:`reversis.engine.commitment`).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from reversis.cards import Card, cards_from_mask
from reversis.engine.deal import Deal
from reversis.engine.facts import Fact, HandOver
from reversis.engine.state import Extra, State
from reversis.games.base import Seen, Words
from reversis.games.common import card_points, highest, tricks_taken, won_cards
from reversis.games.payments import Payment, Settlement
from reversis.games.reversis.bounds import reversis_bounds
from reversis.games.reversis.outcome import rank
from reversis.games.reversis.pot import pot_value, pot_value_of
from reversis.games.reversis.settlement import settle_reversis
from reversis.profile import Profile
from reversis.stakes import Stakes

__all__ = [
    "REVERSIS",
    "ReversisGame",
    "ReversisReading",
    "pot_outcome",
    "pot_value",
    "pot_value_of",
]


def _points(state: State) -> tuple[int, ...]:
    # fournier-1785 §7: the points of the cards in each seat's tricks, nothing more.
    groups = state.deal.rules.trick_groups
    return tuple([card_points(groups, cards) for cards in won_cards(state)])


def pot_outcome(state: State) -> tuple[int | None, int | None]:
    """``(winner, loser)`` of the pot of a finished hand; ``(None, None)`` under a reversis, which
    puts the pot out of play (fournier-1785 §8), or before the end."""
    extra = state.extra
    if state.to_move >= 0 or extra.committed >= 0:
        return None, None
    privileged = extra.privilege if extra.privilege_used else -1
    deal = state.deal
    return rank(deal.rules, deal.dealer, _points(state), tricks_taken(state), privileged)


@attrs.frozen
class ReversisReading:
    """What a hand of Reversis shows: ``hand.reversis``."""

    _state: State

    @property
    def pot(self) -> tuple[Card, ...]:
        """The cards put aside so far (fournier-1785 §4: Fournier's pot; the English talon,
        Hoyle's discards)."""
        return cards_from_mask(self._state.extra.aside)

    @property
    def pot_value(self) -> int:
        """The value of the pot (party): its cards' values plus the flat amount (fournier-1785 §5)."""
        return pot_value(self._state)

    @property
    def winner(self) -> int | None:
        """The winner of the pot once the hand is over; ``None`` before, or under a reversis."""
        return pot_outcome(self._state)[0]

    @property
    def loser(self) -> int | None:
        """The loser of the pot once the hand is over; ``None`` before, or under a reversis."""
        return pot_outcome(self._state)[1]

    @property
    def privilege_holder(self) -> int | None:
        """The seat that qualified for the privilege (four aces, espagnolette) after the exchange
        (fournier-1785 §11): that seat's secret, which a view shows only to it."""
        seat = self._state.extra.privilege
        return None if seat < 0 else seat

    @property
    def privilege_used(self) -> int | None:
        """The trick on which the privilege was first used, or ``None`` (fournier-1785 §11)."""
        return self._state.extra.privilege_used or None

    @property
    def committed(self) -> int | None:
        """The seat committed to the reversis, or ``None`` (fournier-1785 §8)."""
        seat = self._state.extra.committed
        return None if seat < 0 else seat

    @property
    def breaker(self) -> int | None:
        """The seat that broke the reversis, or ``None`` (fournier-1785 §8)."""
        seat = self._state.extra.breaker
        return None if seat < 0 else seat


class ReversisGame:
    """Reversis as a :class:`~reversis.games.base.Game`."""

    name = "reversis"
    words = Words(
        title="Reversis: ",
        match="Reversis match",
        match_payments="The stakes are shared",
        steps="The exchange",
        gives="gives",
        given="given",
        gave="gave",
        first_leader=None,
        aim=(
            "The aim: take as few card points as you can. The fewest points win the {pot} "
            "(a tie goes to fewer tricks, then to the seat order from the dealer), the most "
            "lose it; aces and the quinola earn when placed on a trick another takes and cost "
            "when forced out or led. Taking every trick makes a reversis."
        ),
    )
    #: fournier-1785 §7: the fewest points win the pot, the most lose it; §8: the reversis.
    has_pot = True
    highest_points_win = False
    #: Reversis is played for counters (fournier-1785 §2); the richest win the match (§12).
    played_for_counters = True
    #: fournier-1785 §9, §10: the aces and quinolas are paid as they are played, trick by trick.
    pays_as_played = True

    def points(self, state: State) -> tuple[int, ...]:
        """The points of the cards in each seat's tricks (fournier-1785 §7)."""
        return _points(state)

    def end_facts(self, state: State) -> list[Fact]:
        """The end of the hand: the pot's winner and loser (fournier-1785 §7)."""
        winner, loser = pot_outcome(state)
        return [HandOver(winner, loser, _points(state), tricks_taken(state))]

    def settle(self, state: State) -> Settlement:
        """The money of the hand (:mod:`~.settlement`)."""
        return settle_reversis(state, *pot_outcome(state))

    def seen(self, state: State, seat: int) -> Seen:
        """The pot as :meth:`shown_aside` shows it; fournier-1785 §11: the privilege is its
        holder's secret, his from the end of the exchange."""
        aside, value = self.shown_aside(state.deal, state.extra, state.to_move < 0)
        privileged = state.extra.privilege == seat and state.step >= state.deal.nsteps
        return Seen(_points(state), aside, value, privileged)

    def shown_aside(self, deal: Deal, extra: Extra, over: bool) -> tuple[int | None, int | None]:
        """fournier-1785 §7: the pot is turned, and its value shown, at the end of an ordinary
        hand (not under a reversis, fournier-1785 §8)."""
        if not over or extra.committed >= 0:
            return None, None
        return extra.aside, pot_value_of(deal, extra.aside)

    def reading(self, state: State) -> ReversisReading:
        """``hand.reversis``."""
        return ReversisReading(state)

    def card_places(self, state: State) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """The pot (fournier-1785 §4)."""
        return (("the pot", self.reading(state).pot),)

    def card_danger(self, card: Card) -> int:
        """Nothing more: the paying cards are the profile's ``[[specials]]``, which a cautious
        player reads from the profile."""
        return 0

    def card_note(self, card: Card) -> str:
        """None: what a paying card earns or costs is the profile's ``[[specials]]``."""
        return ""

    def check_points(self, state: State, points: Sequence[int]) -> str | None:
        """Nothing to hold them to: the points are the cards' values in the tricks (fournier-1785
        §7), which the money's checks follow."""
        return None

    def bounds(self, profile: Profile, stakes: Stakes) -> tuple[int, int]:
        """See :mod:`~.bounds`."""
        return reversis_bounds(profile, stakes)

    def match_winners(self, totals: Sequence[int], bankrolls: Sequence[int]) -> tuple[int, ...]:
        """The richest at the end of the match: Reversis is played for counters."""
        return highest(bankrolls)

    def match_payments(self, profile: Profile, totals: Sequence[int]) -> tuple[Payment, ...]:
        """None: the money is paid hand by hand, and the stakes left are shared or played for
        (fournier-1785 §12, :mod:`reversis.games.table`)."""
        return ()


#: The game of Reversis.
REVERSIS = ReversisGame()
