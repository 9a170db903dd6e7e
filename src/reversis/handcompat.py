"""The names :class:`reversis.Hand` had before each game's readings moved under one attribute per
game (``hand.reversis``, ``hand.hearts``, ``hand.tetka``, ``hand.reunion``) and what was decided at
the deal under ``hand.deal``. They work for one release, each with a :class:`DeprecationWarning`
naming the new one, and are left out of the documentation.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from typing_extensions import deprecated

from reversis.cards import Card, cards_from_mask
from reversis.engine.actions import move_index
from reversis.engine.deal import DealInfo
from reversis.engine.state import State
from reversis.games.hearts import HeartsReading
from reversis.games.reunion import ReunionReading
from reversis.games.reversis import ReversisReading
from reversis.games.tetka import Score, TetkaReading
from reversis.stakes import Stakes

if TYPE_CHECKING:
    from reversis.moves import Move
    from reversis.profile import Profile

__all__ = ["DEPRECATED", "DeprecatedNames"]

T = TypeVar("T")


class DeprecatedNames:
    """The deprecated names of :class:`reversis.Hand` (see the module's docstring)."""

    __slots__ = ()

    if TYPE_CHECKING:  # provided by reversis.Hand
        _state: State

        @property
        def deal(self) -> DealInfo:
            """See :class:`reversis.Hand`."""

        @property
        def profile(self) -> Profile:
            """See :class:`reversis.Hand`."""

        @property
        def tricks_taken(self) -> tuple[int, ...]:
            """See :class:`reversis.Hand`."""

        @property
        def reversis(self) -> ReversisReading | None:
            """See :class:`reversis.Hand`."""

        @property
        def hearts(self) -> HeartsReading | None:
            """See :class:`reversis.Hand`."""

        @property
        def tetka(self) -> TetkaReading | None:
            """See :class:`reversis.Hand`."""

        @property
        def reunion(self) -> ReunionReading | None:
            """See :class:`reversis.Hand`."""

        def legal_moves(self) -> tuple[Move, ...]:
            """See :class:`reversis.Hand`."""

        def _remember(self, key: str, make: Callable[[], T]) -> T:
            """See :class:`reversis.Hand`."""

    @property
    @deprecated("hand.stakes is deprecated: use hand.deal.stakes")
    def stakes(self) -> Stakes:
        """Deprecated: The stakes at the start of play. Use ``hand.deal.stakes``."""
        return self.deal.stakes

    @property
    @deprecated("hand.eldest is deprecated: use hand.deal.eldest")
    def eldest(self) -> int:
        """Deprecated: The eldest, ``dealer + 1``. Use ``hand.deal.eldest``."""
        return self.deal.eldest

    @property
    @deprecated("hand.seed is deprecated: use hand.deal.seed")
    def seed(self) -> int | None:
        """Deprecated: The seed the pack was shuffled with. Use ``hand.deal.seed``."""
        return self.deal.seed

    @property
    @deprecated("hand.hand_number is deprecated: use hand.deal.hand_number")
    def hand_number(self) -> int:
        """Deprecated: The hand's number in its match. Use ``hand.deal.hand_number``."""
        return self.deal.hand_number

    @property
    @deprecated("hand.deck is deprecated: use hand.deal.deck")
    def deck(self) -> tuple[Card, ...]:
        """Deprecated: The ordered pack after the cut. Use ``hand.deal.deck``."""
        return self.deal.deck

    @property
    @deprecated("hand.dealt is deprecated: use hand.deal.dealt")
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """Deprecated: The cards the packets dealt each seat. Use ``hand.deal.dealt``."""
        return self.deal.dealt

    @property
    @deprecated("hand.widow is deprecated: use hand.deal.widow")
    def widow(self) -> tuple[Card, ...]:
        """Deprecated: The widow as dealt. Use ``hand.deal.widow``."""
        return self.deal.widow

    @property
    @deprecated("hand.shown is deprecated: use hand.deal.shown")
    def shown(self) -> Card | None:
        """Deprecated: The card shown to everyone at the deal. Use ``hand.deal.shown``."""
        return self.deal.shown

    @property
    @deprecated("hand.pass_direction is deprecated: use hand.deal.pass_direction")
    def pass_direction(self) -> str | None:
        """Deprecated: Hearts: the pass direction. Use ``hand.deal.pass_direction``."""
        return self.deal.pass_direction

    @property
    @deprecated("hand.move_count is deprecated: use len(hand.moves)")
    def move_count(self) -> int:
        """Deprecated: How many moves have been applied. Use ``len(hand.moves)``."""
        return self._state.step

    @property
    @deprecated("hand.trick_number is deprecated: use len(hand.tricks) + 1")
    def trick_number(self) -> int:
        """Deprecated: The number of the trick being played, or next. Use ``len(hand.tricks) + 1``."""
        return len(self._state.tricks) + 1

    @property
    @deprecated("hand.tricks_won is deprecated: use hand.tricks_taken")
    def tricks_won(self) -> tuple[int, ...]:
        """Deprecated: How many tricks each seat has taken. Use ``hand.tricks_taken``."""
        return self.tricks_taken

    @property
    @deprecated("hand.pot is deprecated: use hand.reversis.pot (Réunion: hand.reunion.discards)")
    def pot(self) -> tuple[Card, ...]:
        """Deprecated: the cards put aside so far. Use ``hand.reversis.pot`` (Réunion:
        ``hand.reunion.discards``)."""
        return cards_from_mask(self._state.extra.aside)

    @property
    @deprecated("hand.pot_value is deprecated: use hand.reversis.pot_value")
    def pot_value(self) -> int:
        """Deprecated: Reversis: the value of the pot. Use ``hand.reversis.pot_value``."""
        return self.reversis.pot_value if self.reversis is not None else 0

    @property
    @deprecated("hand.winner is deprecated: use hand.reversis.winner")
    def winner(self) -> int | None:
        """Deprecated: Reversis: the winner of the pot. Use ``hand.reversis.winner``."""
        return self.reversis.winner if self.reversis is not None else None

    @property
    @deprecated("hand.loser is deprecated: use hand.reversis.loser")
    def loser(self) -> int | None:
        """Deprecated: Reversis: the loser of the pot. Use ``hand.reversis.loser``."""
        return self.reversis.loser if self.reversis is not None else None

    @property
    @deprecated("hand.privilege_holder is deprecated: use hand.reversis.privilege_holder")
    def privilege_holder(self) -> int | None:
        """Deprecated: the seat that qualified for the privilege. Use
        ``hand.reversis.privilege_holder``."""
        return self.reversis.privilege_holder if self.reversis is not None else None

    @property
    @deprecated("hand.privilege_used is deprecated: use hand.reversis.privilege_used")
    def privilege_used(self) -> int | None:
        """Deprecated: the trick of the privilege's first use. Use
        ``hand.reversis.privilege_used``."""
        return self.reversis.privilege_used if self.reversis is not None else None

    @property
    @deprecated("hand.reversis_player is deprecated: use hand.reversis.committed")
    def reversis_player(self) -> int | None:
        """Deprecated: Reversis: the seat committed to the reversis. Use ``hand.reversis.committed``."""
        return self.reversis.committed if self.reversis is not None else None

    @property
    @deprecated("hand.reversis_breaker is deprecated: use hand.reversis.breaker")
    def reversis_breaker(self) -> int | None:
        """Deprecated: Reversis: the seat that broke the reversis. Use ``hand.reversis.breaker``."""
        return self.reversis.breaker if self.reversis is not None else None

    @property
    @deprecated("hand.in_passage is deprecated: use hand.hearts.in_passage")
    def in_passage(self) -> tuple[Card, ...]:
        """Deprecated: Hearts: the cards passed and not yet received. Use ``hand.hearts.in_passage``."""
        return self.hearts.in_passage if self.hearts is not None else ()

    @property
    @deprecated("hand.bum is deprecated: use hand.tetka.bum")
    def bum(self) -> Card | None:
        """Deprecated: Tëtka: the bum card. Use ``hand.tetka.bum``."""
        return self.tetka.bum if self.tetka is not None else None

    @property
    @deprecated("hand.bum_trick is deprecated: use hand.tetka.bum_trick")
    def bum_trick(self) -> int | None:
        """Deprecated: Tëtka: the bum trick. Use ``hand.tetka.bum_trick``."""
        return self.tetka.bum_trick if self.tetka is not None else None

    @property
    @deprecated("hand.scores is deprecated: use hand.tetka.scores")
    def scores(self) -> tuple[Score, ...]:
        """Deprecated: Tëtka: the scoring items so far. Use ``hand.tetka.scores``."""
        return self.tetka.scores if self.tetka is not None else ()

    @property
    @deprecated("hand.most_tricks is deprecated: use hand.tetka.most_tricks")
    def most_tricks(self) -> tuple[int, str] | None:
        """Deprecated: Tëtka: who scores for most tricks. Use ``hand.tetka.most_tricks``."""
        return self.tetka.most_tricks if self.tetka is not None else None

    @property
    @deprecated("hand.turn_up is deprecated: use hand.reunion.turn_up")
    def turn_up(self) -> Card | None:
        """Deprecated: Réunion: the turn-up. Use ``hand.reunion.turn_up``."""
        return self.reunion.turn_up if self.reunion is not None else None

    @property
    @deprecated("hand.trump is deprecated: use hand.reunion.trump")
    def trump(self) -> str | None:
        """Deprecated: Réunion: the trump suit's letter. Use ``hand.reunion.trump``."""
        return self.reunion.trump if self.reunion is not None else None

    @property
    @deprecated("hand.right_bower is deprecated: use hand.reunion.right_bower")
    def right_bower(self) -> Card | None:
        """Deprecated: Réunion: the jack of trumps. Use ``hand.reunion.right_bower``."""
        return self.reunion.right_bower if self.reunion is not None else None

    @property
    @deprecated("hand.left_bower is deprecated: use hand.reunion.left_bower")
    def left_bower(self) -> Card | None:
        """Deprecated: Réunion: the other jack of the trumps' colour. Use ``hand.reunion.left_bower``."""
        return self.reunion.left_bower if self.reunion is not None else None

    @property
    @deprecated("hand.discards is deprecated: use hand.reunion.discards")
    def discards(self) -> tuple[Card, ...]:
        """Deprecated: Réunion: the dealer's discards. Use ``hand.reunion.discards``."""
        return self.reunion.discards if self.reunion is not None else ()

    @property
    @deprecated("hand.discard_points is deprecated: use hand.reunion.discard_points")
    def discard_points(self) -> int:
        """Deprecated: Réunion: the points of the dealer's discards. Use ``hand.reunion.discard_points``."""
        return self.reunion.discard_points if self.reunion is not None else 0

    @property
    @deprecated("hand.state is deprecated: use reversis.hand.state_of(hand)")
    def state(self) -> State:
        """Deprecated: The engine's state. Use ``reversis.hand.state_of(hand)``."""
        return self._state

    @deprecated("hand.legal_indices() is deprecated: use move_index(hand.profile, move)")
    def legal_indices(self) -> tuple[int, ...]:
        """Deprecated: the legal moves' numbers. Use ``move_index(hand.profile, move)``."""
        return tuple(move_index(self.profile, move) for move in self.legal_moves())

    @deprecated("hand.cached() is deprecated: keep derived values yourself")
    def cached(self, key: str, make: Callable[[], T]) -> T:
        """Deprecated: a value derived from this hand, kept with it."""
        return self._remember("user:" + key, make)


#: The deprecated names, for the tests and the documentation.
DEPRECATED = frozenset(
    name for name, value in vars(DeprecatedNames).items() if not name.startswith("_")
)
