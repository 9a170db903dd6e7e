"""Points in tricks, as each game counts them (``hand.points``).

* Reversis: the cards' points in the tricks each seat took (fournier-1785 §7);
* Hearts: each heart 1, the queen of spades 13 (Omnibus: the jack of diamonds -10), then the moon
  and the bonus for taking no trick (hearts §8–§10);
* Tëtka: queens, Tëtka, the bum card, the bum trick and the last trick, then most tricks, each a
  :class:`Score` with its reason (tetka §4–§6);
* Réunion: the cards' points, 10 for the last trick and the dealer's discards (reunion §3, §6).

During play the points are those of the completed tricks; once the hand is over, the final points
(recorded in the hand's last fact).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from reversis.cards import Rank
from reversis.engine.deal import Deal
from reversis.engine.state import TrickRecord

__all__ = [
    "Score",
    "card_points",
    "final_points",
    "running_points",
    "tetka_most_tricks",
    "tetka_scores",
]


class Score(NamedTuple):
    """One scoring item of Tëtka (tetka §4–§6): ``seat`` scores ``points`` for ``reason``
    (``queen``, ``tetka``, ``bum_card``, ``bum_trick``, ``last_trick``, ``most_tricks``) on
    ``trick`` (1-based; ``None`` for most tricks)."""

    seat: int
    points: int
    reason: str
    trick: int | None


def _won(n: int, tricks: Sequence[TrickRecord]) -> list[int]:
    won = [0] * n
    for _, _, winner, mask in tricks:  # a TrickRecord's fields, unpacked once
        won[winner] |= mask
    return won


def card_points(deal: Deal, won: Sequence[int]) -> list[int]:
    """The points of the cards in each seat's tricks, from the mask of the cards each seat won."""
    values = deal.values
    rules = deal.rules
    if values is rules.trick_points and rules.trick_windows is not None:
        # fournier-1785 §7: the honours' points, one table look-up per suit and seat.
        windowed = []
        for mask in won:
            total = 0
            for shift, width, table in rules.trick_windows:
                total += table[mask >> shift & width]
            windowed.append(total)
        return windowed
    points = [0] * len(won)
    if values is rules.trick_points:
        for value, group in rules.trick_groups:
            for seat, mask in enumerate(won):
                if mask & group:
                    points[seat] += value * (mask & group).bit_count()
        return points
    for seat, mask in enumerate(won):
        total = 0
        while mask:
            low = mask & -mask
            total += values[low.bit_length() - 1]
            mask ^= low
        points[seat] = total
    return points


def running_points(deal: Deal, tricks: Sequence[TrickRecord], aside: int) -> tuple[int, ...]:
    """The points of the completed ``tricks`` (before the end-of-hand adjustments)."""
    rules = deal.rules
    n = rules.players
    points = card_points(deal, _won(n, tricks))
    if rules.game == "tetka":
        bum_trick = bum_trick_of(deal)
        for number, (_, _, winner, _) in enumerate(tricks, start=1):
            # tetka §4: the bum trick and the last trick score 1 each.
            points[winner] += (number == bum_trick) + (number == rules.tricks)
    elif rules.game == "reunion":
        if len(tricks) == rules.tricks:
            # reunion §6: 10 for the winner of the last trick.
            _, _, last_winner, _ = tricks[-1]
            points[last_winner] += 10
        discards = discard_points(deal, aside)
        if discards and (
            not deal.profile.reunion
            or not deal.profile.reunion.discard_needs_trick
            or any(winner == deal.dealer for _, _, winner, _ in tricks)
        ):
            # reunion §4: the discards count for the dealer (with discard_needs_trick, from his
            # first trick won).
            points[deal.dealer] += discards
    return tuple(points)


def discard_points(deal: Deal, aside: int) -> int:
    """The points of the cards the dealer put aside (Réunion's discards)."""
    values = deal.values
    total = 0
    while aside:
        low = aside & -aside
        total += values[low.bit_length() - 1]
        aside ^= low
    return total


def bum_trick_of(deal: Deal) -> int:
    """The bum trick: the trick numbered by the bum card's rank, the ace 1 (tetka §4)."""
    rank = deal.shown & 15
    return 1 if rank == Rank.ACE else rank


def final_points(
    deal: Deal, tricks: Sequence[TrickRecord], aside: int
) -> tuple[tuple[int, ...], tuple[tuple[object, ...], ...]]:
    """The final points of a finished hand, and what decided them: ``(("moon", seat),)`` or
    ``(("most", seat, decided_by),)``."""
    rules = deal.rules
    points = list(running_points(deal, tricks, aside))
    n = rules.players
    notes: tuple[tuple[object, ...], ...] = ()
    if rules.game == "hearts":
        won = _won(n, tricks)
        shooter = next((s for s in range(n) if won[s] & rules.moon_mask == rules.moon_mask), -1)
        if shooter >= 0:
            # hearts §9: the shooter loses 26 and each other player gains 26.
            moon = sum(deal.values[b] for b in range(64) if rules.moon_mask >> b & 1)
            points = [p + (-moon if s == shooter else moon) for s, p in enumerate(points)]
            notes = (("moon", shooter),)
        elif rules.no_trick_bonus:
            # hearts §10: unless the moon was shot, -5 to each player who won no trick.
            takers = {winner for _, _, winner, _ in tricks}
            points = [
                p + (0 if s in takers else rules.no_trick_bonus) for s, p in enumerate(points)
            ]
    elif rules.game == "tetka":
        seat, decided_by = tetka_most_tricks(deal, tricks)
        points[seat] += 1
        notes = (("most", seat, decided_by),)
    return tuple(points), notes


def tetka_most_tricks(deal: Deal, tricks: Sequence[TrickRecord]) -> tuple[int, str]:
    """Who scores for most tricks, and what decided it (tetka §5)."""
    n = deal.rules.players
    counts = [0] * n
    latest = [0] * n
    for number, (_, _, winner, _) in enumerate(tricks, start=1):
        counts[winner] += 1
        latest[winner] = number
    most = max(counts)
    tied = [s for s in range(n) if counts[s] == most]
    if len(tied) == 1:
        return tied[0], "tricks"
    suit_mask = 0xFFFF << ((deal.shown >> 4) << 4)
    won = _won(n, tricks)
    bum_cards = {s: (won[s] & suit_mask).bit_count() for s in tied}
    best = max(bum_cards.values())
    tied = [s for s in tied if bum_cards[s] == best]
    if len(tied) == 1:
        return tied[0], "bum_suit_cards"
    if best:
        # each captured one at least: the highest card of the bum suit decides
        return max(tied, key=lambda s: (won[s] & suit_mask).bit_length()), "highest_bum_card"
    # [decision] none captured a card of the bum suit: the latest trick won decides.
    return max(tied, key=lambda s: latest[s]), "latest_trick"


def tetka_scores(deal: Deal, tricks: Sequence[TrickRecord], over: bool) -> tuple[Score, ...]:
    """Tëtka's scoring items so far, trick by trick, card by card in playing order, then the bum
    trick and the last trick; most tricks last, once the hand is over (tetka §4, §5)."""
    rules = deal.rules
    n = rules.players
    bum = deal.shown
    tetka = 16 * (bum >> 4) + Rank.QUEEN
    bum_trick = bum_trick_of(deal)
    out: list[Score] = []
    for number, (_, cards, winner, _) in enumerate(tricks, start=1):
        for bit in cards:
            if bit & 15 == Rank.QUEEN:
                if bit == tetka:
                    out.append(Score(winner, 2, "tetka", number))
                else:
                    out.append(Score(winner, 1, "queen", number))
            if bit == bum:
                out.append(Score(winner, 1, "bum_card", number))
        if number == bum_trick:
            out.append(Score(winner, 1, "bum_trick", number))
        if number == rules.tricks:
            out.append(Score(winner, 1, "last_trick", number))
    if over:
        seat, _ = tetka_most_tricks(deal, tricks)
        out.append(Score(seat, 1, "most_tricks", None))
    assert all(0 <= s.seat < n for s in out)
    return tuple(out)
