"""Tricks: the public :class:`Trick` value, the :class:`Phase` of a hand, and what a completed trick
causes from the reversis commitment on and at the end of the hand (the engine's end of a trick).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from reversis.cards import Card
from reversis.engine.deal import Deal
from reversis.engine.outcome import rank
from reversis.engine.points import card_points, final_points
from reversis.engine.state import (
    F_BROKEN,
    F_COMMITTED,
    F_MADE,
    F_MOON,
    F_MOST,
    F_OVER,
    M64,
    Extra,
    TrickRecord,
)

__all__ = ["Phase", "Trick", "held_by_any", "late_trick"]


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


def held_by_any(hands: int) -> int:
    """The cards held by some seat, from the packed hands."""
    mask = 0
    while hands:
        mask |= hands & M64
        hands >>= 64
    return mask


def late_trick(
    deal: Deal,
    facts: tuple[Any, ...],
    step: int,
    extra: Extra,
    tricks: tuple[TrickRecord, ...],
    winner: int,
) -> tuple[Extra, tuple[Any, ...]]:
    """The facts of a trick from the reversis commitment on, and of the last trick: ``(new extra,
    new facts)``."""
    rules = deal.rules
    _, _, _, _, rev, breaker, _ = extra  # Extra's fields, read once
    trick_no = len(tricks)
    more: list[tuple[Any, ...]] = []
    over = trick_no == rules.tricks
    if trick_no == rules.commit:
        # fournier-1785 §8: winning the first 9 tricks commits to the reversis.
        for trick in tricks:
            if trick[2] != winner:  # its winner
                break
        else:
            rev = winner
            more.append((F_COMMITTED, winner, trick_no))
    elif rev >= 0 and breaker < 0 and winner != rev:
        # fournier-1785 §8: broken by the taker of trick 10, or if the reversis player took
        # trick 10, by the taker of trick 11; the profile says whether trick 11 is played.
        breaker = winner
        more.append((F_BROKEN, rev, winner, trick_no))
        if rules.end_on_break:
            over = True
    if over:
        if rev >= 0 and breaker < 0:
            more.append((F_MADE, rev))
        more.extend(_over_facts(deal, tricks, extra, rev))
    if more:
        facts = (facts, step, *more)
    if rev != extra.reversis or breaker != extra.breaker:
        extra = extra._replace(reversis=rev, breaker=breaker)
    return extra, facts


def _over_facts(
    deal: Deal, tricks: tuple[TrickRecord, ...], extra: Extra, rev: int
) -> list[tuple[Any, ...]]:
    rules = deal.rules
    counts = [0] * rules.players
    won = [0] * rules.players
    for _, _, winner, mask in tricks:  # a TrickRecord's fields, unpacked once
        counts[winner] += 1
        won[winner] |= mask
    notes: tuple[tuple[object, ...], ...] = ()
    if rules.game == "reversis":
        # fournier-1785 §7: the points of the cards in each seat's tricks, nothing more.
        points = tuple(card_points(deal, won))
    else:
        points, notes = final_points(deal, tricks, extra.aside)
    out: list[tuple[Any, ...]] = []
    for note in notes:
        if note[0] == "moon":
            out.append((F_MOON, note[1]))
        else:
            out.append((F_MOST, note[1], note[2]))
    if rules.game != "reversis" or rev >= 0:
        # fournier-1785 §8: once committed, the pot is out of play.
        out.append((F_OVER, None, None, points, tuple(counts)))
        return out
    _, _, privilege, privilege_used, _, _, _ = extra  # Extra's fields, read once
    winner, loser = rank(rules, deal.dealer, points, counts, privilege if privilege_used else -1)
    out.append((F_OVER, winner, loser, points, tuple(counts)))
    return out
