"""Tëtka (tetka §2, §4–§6): the bum card, the points in tricks, most tricks; settled pair by pair.
The numbers are the profile's ``[tetka]`` data.

**Bounds** (tetka §4–§6). Every scoring item goes to exactly one seat: each queen, Tëtka, the bum
card, the bum trick, the last trick and most tricks, ``Q`` in all (9 with the spec's values). So
``net[s] = Q - n × points[s]``, with ``points[s]`` between the sum ``N`` of the negative items and
the sum ``P`` of the positive ones: between ``Q - nP`` and ``Q - nN``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import attrs

from reversis.cards import Card, Rank, Suit
from reversis.engine.deal import Deal
from reversis.engine.facts import Fact, HandOver, MostTricks
from reversis.engine.state import State
from reversis.games.base import Words
from reversis.games.common import (
    PointsGame,
    card_points,
    lowest,
    tricks_taken,
    won_cards,
)
from reversis.profile import Profile, TetkaRules
from reversis.stakes import Stakes

__all__ = [
    "TETKA",
    "Score",
    "TetkaGame",
    "TetkaReading",
    "bum_trick",
    "card_groups",
    "card_values",
    "most_tricks",
]


class Score(NamedTuple):
    """One scoring item of Tëtka (tetka §4–§6): ``seat`` scores ``points`` for ``reason``
    (``queen``, ``tetka``, ``bum_card``, ``bum_trick``, ``last_trick``, ``most_tricks``) on
    ``trick`` (1-based; ``None`` for most tricks)."""

    seat: int
    points: int
    reason: str
    trick: int | None


def _rules(deal: Deal) -> TetkaRules:
    tetka = deal.profile.tetka
    assert tetka is not None
    return tetka


def tetka_of(deal: Deal) -> int:
    """Tëtka, the queen of the bum suit, as a card bit (tetka §2)."""
    return 16 * (deal.shown >> 4) + Rank.QUEEN


def card_groups(deal: Deal) -> tuple[tuple[int, int], ...]:
    """The points of the cards in a trick of this deal (tetka §4), as ``(points, cards)`` groups
    that add up (:func:`~reversis.games.common.card_points`): each queen, Tëtka more, and the bum
    card more again (a bum queen is Tëtka and the bum card)."""
    rules = _rules(deal)
    queens = sum(1 << (16 * suit + Rank.QUEEN) for suit in Suit)
    return (
        (rules.queen, queens),
        (rules.tetka - rules.queen, 1 << tetka_of(deal)),
        (rules.bum_card, 1 << deal.shown),
    )


def card_values(deal: Deal) -> tuple[int, ...]:
    """By card bit, the points of a card in a trick of this deal (tetka §4)."""
    groups = card_groups(deal)
    return tuple(card_points(groups, 1 << bit) for bit in range(64))


def bum_trick(deal: Deal) -> int:
    """The bum trick: the trick numbered by the bum card's rank, the ace 1 (tetka §4)."""
    rank = deal.shown & 15
    return 1 if rank == Rank.ACE else rank


def most_tricks(state: State) -> tuple[int, str]:
    """Who scores for most tricks, and what decided it (tetka §5)."""
    deal = state.deal
    n = deal.rules.players
    counts = tricks_taken(state)
    latest = [0] * n
    for number, trick in enumerate(state.tricks, start=1):
        latest[trick.winner] = number
    most = max(counts)
    tied = [s for s in range(n) if counts[s] == most]
    if len(tied) == 1:
        return tied[0], "tricks"
    # Of the tied, the one who captured most cards of the bum suit.
    suit = deal.rules.suit_masks[deal.shown >> 4]
    won = won_cards(state)
    bum_cards = {s: (won[s] & suit).bit_count() for s in tied}
    best = max(bum_cards.values())
    tied = [s for s in tied if bum_cards[s] == best]
    if len(tied) == 1:
        return tied[0], "bum_suit_cards"
    if best:
        # each captured one at least: the highest card of the bum suit decides
        return max(tied, key=lambda s: (won[s] & suit).bit_length()), "highest_bum_card"
    # [decision] none captured a card of the bum suit: the latest trick won decides.
    return max(tied, key=lambda s: latest[s]), "latest_trick"


def scores(state: State) -> tuple[Score, ...]:
    """The scoring items so far, trick by trick, card by card in playing order, then the bum trick
    and the last trick; most tricks last, once the hand is over (tetka §4, §5)."""
    deal = state.deal
    rules = _rules(deal)
    bum = deal.shown
    tetka = tetka_of(deal)
    out: list[Score] = []
    for number, trick in enumerate(state.tricks, start=1):
        for card in trick.cards:
            if card & 15 == Rank.QUEEN:
                if card == tetka:
                    out.append(Score(trick.winner, rules.tetka, "tetka", number))
                else:
                    out.append(Score(trick.winner, rules.queen, "queen", number))
            if card == bum:
                out.append(Score(trick.winner, rules.bum_card, "bum_card", number))
        if number == bum_trick(deal):
            out.append(Score(trick.winner, rules.bum_trick, "bum_trick", number))
        if number == deal.rules.tricks:
            out.append(Score(trick.winner, rules.last_trick, "last_trick", number))
    if state.to_move < 0:
        seat, _ = most_tricks(state)
        out.append(Score(seat, rules.most_tricks, "most_tricks", None))
    return tuple(out)


@attrs.frozen
class TetkaReading:
    """What a hand of Tëtka shows: ``hand.tetka``."""

    _state: State

    @property
    def bum(self) -> Card:
        """The bum card, the last card dealt, one of the dealer's (tetka §2)."""
        return Card.from_index(self._state.deal.shown)

    @property
    def tetka(self) -> Card:
        """Tëtka, the queen of the bum suit (tetka §2)."""
        return Card.from_index(tetka_of(self._state.deal))

    @property
    def bum_trick(self) -> int:
        """The trick numbered by the bum card's rank, the ace 1 (tetka §4)."""
        return bum_trick(self._state.deal)

    @property
    def scores(self) -> tuple[Score, ...]:
        """The scoring items so far (tetka §4–§6)."""
        return scores(self._state)

    @property
    def most_tricks(self) -> tuple[int, str] | None:
        """``(seat, decided_by)`` for the most-tricks point once the hand is over (tetka §5)."""
        return most_tricks(self._state) if self._state.to_move < 0 else None


class TetkaGame(PointsGame):
    """Tëtka as a :class:`~reversis.games.base.Game`."""

    name = "tetka"
    words = Words(
        title="",
        match="Game",
        match_payments="The game's payments",
        steps="The exchange",
        gives="gives",
        given="given",
        gave="gave",
        first_leader=None,
        aim=(
            "The aim: take as few points as you can: the tricks with Tëtka, the bum trick and "
            "the cards the deal named cost points."
        ),
    )
    has_pot = False
    #: tetka §7: the fewest points win.
    highest_points_win = False
    played_for_counters = False
    pays_as_played = False

    def points(self, state: State) -> tuple[int, ...]:
        """The points of the tricks taken (tetka §4); once over, with most tricks (§5)."""
        deal = state.deal
        rules = _rules(deal)
        groups = card_groups(deal)
        points = [card_points(groups, cards) for cards in won_cards(state)]
        for number, trick in enumerate(state.tricks, start=1):
            # tetka §4: the bum trick and the last trick.
            if number == bum_trick(deal):
                points[trick.winner] += rules.bum_trick
            if number == deal.rules.tricks:
                points[trick.winner] += rules.last_trick
        if state.to_move < 0:
            seat, _ = most_tricks(state)
            points[seat] += rules.most_tricks
        return tuple(points)

    def end_facts(self, state: State) -> list[Fact]:
        """Most tricks, and the end of the hand."""
        seat, decided_by = most_tricks(state)
        return [
            MostTricks(seat, decided_by),
            HandOver(None, None, self.points(state), tricks_taken(state)),
        ]

    def reading(self, state: State) -> TetkaReading:
        """``hand.tetka``."""
        return TetkaReading(state)

    def card_places(self, state: State) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """None: every card is in a hand or a trick."""
        return ()

    def card_danger(self, card: Card) -> int:
        """The queens, which score against their taker (tetka §4)."""
        return 50 if card.rank is Rank.QUEEN else 0

    def card_note(self, card: Card) -> str:
        """None (the points of a card depend on the bum card, which the hand shows)."""
        return ""

    def check_points(self, state: State, points: Sequence[int]) -> str | None:
        """The scoring items, one of each a hand, add up to the total of the ``[tetka]`` numbers
        (9 points with the spec's: tetka §4-§6)."""
        profile = state.deal.profile
        tetka = _rules(state.deal)
        queens = sum(1 for card in profile.deck if card.rank is Rank.QUEEN)
        total = (queens - 1) * tetka.queen + tetka.tetka + tetka.bum_card + tetka.bum_trick
        total += tetka.last_trick + tetka.most_tricks
        if sum(points) != total:
            return f"a hand of Tëtka gives {total} points, not {sum(points)}"
        return None

    def bounds(self, profile: Profile, stakes: Stakes) -> tuple[int, int]:
        """See the module's docstring."""
        rules = profile.tetka
        assert rules is not None
        n = profile.players
        queens = sum(1 for card in profile.deck if card.rank == Rank.QUEEN)
        items = [rules.queen] * (queens - 1) + [rules.tetka, rules.bum_card, rules.bum_trick,
                                                rules.last_trick, rules.most_tricks]  # fmt: skip
        total = sum(items)
        positive = sum(v for v in items if v > 0)
        negative = sum(v for v in items if v < 0)
        return total - n * positive, total - n * negative

    def match_winners(self, totals: Sequence[int], bankrolls: Sequence[int]) -> tuple[int, ...]:
        """The lowest total over the orbits wins, a tie shared (tetka §7)."""
        return lowest(totals)


#: The game of Tëtka.
TETKA = TetkaGame()
