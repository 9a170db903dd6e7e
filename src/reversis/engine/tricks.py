"""Tricks: who wins one, the public :class:`Trick` value, and the :class:`Phase` of a hand."""

from __future__ import annotations

import enum
from typing import Any

import attrs

from reversis.cards import Card
from reversis.engine.deal import Deal

__all__ = ["Phase", "Trick", "trick_winner"]


class Phase(enum.Enum):
    """The phase of a hand."""

    #: The steps before play: exchanges with the widow, discards, gives and passes.
    EXCHANGE = "exchange"
    #: The tricks.
    PLAY = "play"
    #: The hand is over.
    OVER = "over"

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class Trick:
    """A trick: its ``number`` (1-based), ``leader``, ``plays`` as ``(seat, card)`` pairs in the
    order played, and ``winner`` (``None`` while the trick is in progress)."""

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, in the order played."""
        return tuple(card for _, card in self.plays)

    @property
    def suit_led(self) -> Card | None:
        """The first card played (whose suit others must follow), or ``None`` if none yet."""
        return self.plays[0][1] if self.plays else None

    def to_dict(self) -> dict[str, Any]:
        """``{"number": 3, "leader": 1, "plays": [[1, "QS"], ...], "winner": 2}``."""
        return {
            "number": self.number,
            "leader": self.leader,
            "plays": [[seat, card.code] for seat, card in self.plays],
            "winner": self.winner,
        }


def trick_winner(deal: Deal, leader: int, cards: tuple[int, ...], played: int) -> int:
    """The seat that takes a complete trick led by ``leader`` whose cards are ``cards`` (in the
    order played; ``played`` is their mask)."""
    trumps = deal.trumps
    led = deal.led_cards[cards[0]]
    if trumps is None:
        # fournier-1785 §6: the highest card of the suit led wins.
        best = (played & led).bit_length() - 1
    else:
        # reunion §5: the highest trump wins; if none was played, the highest card of the suit
        # led (reunion §2: the bowers above the ace).
        group = played & deal.suits[trumps.suit] or played & led
        best = max((card for card in cards if group >> card & 1), key=trumps.power.__getitem__)
    return (leader + cards.index(best)) % deal.rules.players
