"""What a hand shows besides the engine's own state: :class:`HandReading`, the properties of the
cards, the tricks, the pot, the privilege and the reversis, and Tëtka's and Réunion's facts.

:class:`~reversis.engine.hand.EngineHand` holds a hand's state, its rules of play (``legal_moves()``,
``apply()``, ``rollout()``) and what the engine and the settlement read (the phase, the points, the
moves, the events); :class:`reversis.Hand` combines it with :class:`HandReading` and adds the views
and plain data. Every property here is a plain reading of :class:`~reversis.engine.state.State`:
nothing changes a hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from reversis.cards import CARD_AT, Card, cards_from_mask
from reversis.engine.deal import canonical_deck, direction_name
from reversis.engine.points import (
    Score,
    bum_trick_of,
    discard_points,
    tetka_most_tricks,
    tetka_scores,
)
from reversis.engine.state import (
    CURRENT,
    DEAL,
    EXTRA,
    HANDS,
    LEADER,
    M64,
    TO_MOVE,
    TRICKS,
    Raw,
)
from reversis.engine.trick import Trick, held_by_any
from reversis.profile import Profile

__all__ = ["HandReading"]

T = TypeVar("T")


def card_at(bit: int) -> Card:
    """The card of a card bit (``card.index``)."""
    card = CARD_AT[bit]
    assert card is not None
    return card


#: ``SEATED[seat][bit]``: the pair ``(seat, card)`` of a trick's plays, made once for every seat
#: and card.
SEATED: tuple[tuple[tuple[int, Card] | None, ...], ...] = tuple(
    tuple(None if card is None else (seat, card) for card in CARD_AT) for seat in range(8)
)


def _plays(leader: int, bits: tuple[int, ...], n: int) -> tuple[tuple[int, Card], ...]:
    """The ``(seat, card)`` pairs of a trick's card bits, led by ``leader``."""
    out = []
    seat = leader
    for bit in bits:
        pair = SEATED[seat][bit]
        assert pair is not None
        out.append(pair)
        seat = seat + 1 if seat + 1 < n else 0
    return tuple(out)


class HandReading:
    """What a hand shows besides the engine's own state: the cards as dealt and held, the tricks,
    the pot, the privilege and the reversis, and the game-specific facts (Tëtka's bum card,
    Réunion's trumps and discards), all read from the state.

    A mixin without state of its own: :class:`reversis.Hand` combines it with
    :class:`~reversis.engine.hand.EngineHand`, which holds the state (a hand's class then has a
    single chain of bases, which keeps making and releasing a hand per move cheap).
    """

    __slots__ = ()

    if TYPE_CHECKING:  # provided by EngineHand
        _s: Raw

        def cached(self, key: str, make: Callable[[], T]) -> T:
            """See :meth:`EngineHand.cached <reversis.engine.hand.EngineHand.cached>`."""

        @property
        def players(self) -> int:
            """Number of players."""

        @property
        def profile(self) -> Profile:
            """The rule profile."""

        def _check_seat(self, seat: object) -> int: ...

    # -- the table ---------------------------------------------------------------------------------

    @property
    def eldest(self) -> int:
        """The eldest hand, ``dealer + 1``, who leads the first trick (in Hearts, the holder of the
        two of clubs leads it)."""
        return (self._s[DEAL].dealer + 1) % self._s[DEAL].rules.players

    @property
    def seed(self) -> int | None:
        """The seed the pack was shuffled with, if any."""
        return self._s[DEAL].seed

    @property
    def hand_number(self) -> int:
        """The hand's number in its match (1 for a single hand)."""
        return self._s[DEAL].hand_number

    @property
    def deck(self) -> tuple[Card, ...]:
        """The ordered pack after the cut that this hand was dealt from.

        For a hand dealt from explicit hands (:func:`~reversis.deal_hand`), the canonical pack that
        deals them: each seat's packets in card order (Tëtka's bum card last), then the widow.
        """
        deal = self._s[DEAL]
        if deal.pack is None:
            return canonical_deck(deal)
        return tuple(card_at(m.bit_length() - 1) for m in deal.pack)

    @property
    def dealt(self) -> tuple[tuple[Card, ...], ...]:
        """The cards the packets dealt each seat (Réunion's dealer then takes up the widow)."""
        return tuple(cards_from_mask(m) for m in self._s[DEAL].dealt)

    @property
    def widow(self) -> tuple[Card, ...]:
        """The widow as dealt (the first non-dealer's card first; in Réunion the turn-up last)."""
        return tuple(card_at(b) for b in self._s[DEAL].widow)

    @property
    def pass_direction(self) -> str | None:
        """Hearts: the pass direction, ``left``, ``across``, ``right`` or ``none`` (hearts §3);
        ``None`` for a game without passing."""
        return direction_name(self._s[DEAL]) if self.profile.hearts is not None else None

    @property
    def shown(self) -> Card | None:
        """The card shown to everyone at the deal (Tëtka's bum card, Réunion's turn-up), if any."""
        bit = self._s[DEAL].shown
        return None if bit < 0 else card_at(bit)

    # -- the state of play -------------------------------------------------------------------------

    def hand_of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        return cards_from_mask(self._s[HANDS] >> (64 * self._check_seat(seat)) & M64)

    @property
    def pot(self) -> tuple[Card, ...]:
        """The cards put aside so far (Fournier's pot, the English talon, Hoyle's and Réunion's
        discards)."""
        return cards_from_mask(self._s[EXTRA].aside)

    @property
    def in_passage(self) -> tuple[Card, ...]:
        """The cards passed and not yet received, out of every hand (hearts §4)."""
        s = self._s
        return tuple(card_at(b) for b in s[EXTRA].pending if not held_by_any(s[HANDS]) >> b & 1)

    @property
    def pot_value(self) -> int:
        """The value of the pot (party): its cards' values plus the flat amount (fournier-1785 §5)."""
        rules = self._s[DEAL].rules
        pot = self._s[EXTRA].aside
        return rules.pot_bonus + sum(v * (pot & m).bit_count() for v, m in rules.pot_groups)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self.cached("tricks", self._make_tricks)

    def _make_tricks(self) -> tuple[Trick, ...]:
        n = self.players
        return tuple(
            Trick(i, leader, _plays(leader, cards, n), winner)
            for i, (leader, cards, winner, _) in enumerate(self._s[TRICKS], start=1)
        )

    @property
    def trick_number(self) -> int:
        """The number (1-based) of the trick being played, or that will be played next."""
        return len(self._s[TRICKS]) + 1

    @property
    def current_trick(self) -> Trick | None:
        """The trick in progress (``winner`` is ``None``), or ``None`` if no card of it is played."""
        s = self._s
        if not s[CURRENT]:
            return None
        plays = _plays(s[LEADER], s[CURRENT], self.players)
        return Trick(len(s[TRICKS]) + 1, s[LEADER], plays, None)

    @property
    def tricks_taken(self) -> tuple[int, ...]:
        """How many tricks each seat has taken."""
        counts = [0] * self.players
        for _, _, winner, _ in self._s[TRICKS]:
            counts[winner] += 1
        return tuple(counts)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """The same as :attr:`tricks_taken` (reunion: ``hand.tricks_won``)."""
        return self.tricks_taken

    @property
    def privilege_holder(self) -> int | None:
        """The seat that qualified for the privilege (four aces, espagnolette) after the exchange.

        This is a secret of that seat's; a view shows it only to that seat.
        """
        seat = self._s[EXTRA].privilege
        return None if seat < 0 else seat

    @property
    def privilege_used(self) -> int | None:
        """The trick on which the privilege was first used, or ``None``."""
        return self._s[EXTRA].privilege_used or None

    @property
    def reversis_player(self) -> int | None:
        """The seat committed to the reversis, or ``None``."""
        seat = self._s[EXTRA].reversis
        return None if seat < 0 else seat

    @property
    def reversis_breaker(self) -> int | None:
        """The seat that broke the reversis, or ``None``."""
        seat = self._s[EXTRA].breaker
        return None if seat < 0 else seat

    # -- Tëtka and Réunion -------------------------------------------------------------------------

    @property
    def bum(self) -> Card | None:
        """Tëtka: the bum card, the last card dealt (tetka §2)."""
        return self.shown if self._s[DEAL].rules.game == "tetka" else None

    @property
    def tetka(self) -> Card | None:
        """Tëtka: the queen of the bum suit (tetka §2)."""
        bum = self.bum
        return None if bum is None else Card(bum.suit, 12)

    @property
    def bum_trick(self) -> int | None:
        """Tëtka: the trick numbered by the bum card's rank, the ace 1 (tetka §4)."""
        return bum_trick_of(self._s[DEAL]) if self.bum is not None else None

    @property
    def scores(self) -> tuple[Score, ...]:
        """Tëtka: the scoring items so far (tetka §4–§6); empty for other games."""
        s = self._s
        if s[DEAL].rules.game != "tetka":
            return ()
        return tetka_scores(s[DEAL], s[TRICKS], s[TO_MOVE] < 0)

    @property
    def most_tricks(self) -> tuple[int, str] | None:
        """Tëtka: ``(seat, decided_by)`` for the most-tricks point once the hand is over (tetka §5)."""
        s = self._s
        if s[DEAL].rules.game != "tetka" or s[TO_MOVE] >= 0:
            return None
        return tetka_most_tricks(s[DEAL], s[TRICKS])

    @property
    def turn_up(self) -> Card | None:
        """Réunion: the turn-up, whose suit is trumps (reunion §4)."""
        return self.shown if self._s[DEAL].trumps is not None else None

    @property
    def trump(self) -> str | None:
        """The trump suit's letter (``"H"``), or ``None`` without trumps (reunion §2)."""
        trumps = self._s[DEAL].trumps
        return None if trumps is None else "CDHS"[trumps.suit]

    @property
    def right_bower(self) -> Card | None:
        """Réunion: the jack of trumps (reunion §2)."""
        trumps = self._s[DEAL].trumps
        return None if trumps is None or trumps.right < 0 else card_at(trumps.right)

    @property
    def left_bower(self) -> Card | None:
        """Réunion: the other jack of the trumps' colour, a trump only (reunion §2)."""
        trumps = self._s[DEAL].trumps
        return None if trumps is None or trumps.left < 0 else card_at(trumps.left)

    @property
    def discards(self) -> tuple[Card, ...]:
        """Réunion: the dealer's discards so far (reunion §4); the dealer's secret."""
        return self.pot if self._s[DEAL].rules.widow == "dealer" else ()

    @property
    def discard_points(self) -> int:
        """Réunion: the card points of the dealer's discards (reunion §4)."""
        return discard_points(self._s[DEAL], self._s[EXTRA].aside)
