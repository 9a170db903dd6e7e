"""Helpers to build exact deals and play scripted moves in tests."""

from __future__ import annotations

from collections.abc import Sequence

import reversis
from reversis import Hand


def deal(
    profile: reversis.Profile | str,
    hands: Sequence[str],
    widow: str,
    *,
    dealer: int = 0,
    stakes: object = None,
) -> Hand:
    """A hand from hands given as text ("AS KS ..."), seat by seat."""
    return reversis.deal_hand(
        profile,
        [h.split() for h in hands],
        widow.split(),
        dealer=dealer,
        stakes=stakes,  # type: ignore[arg-type]
    )


def play(hand: Hand, moves: str) -> Hand:
    """Apply moves given as text separated by commas or (for plays) spaces."""
    for chunk in moves.split(","):
        chunk = chunk.strip()
        if not chunk:
            continue
        words = chunk.split()
        if words[0] in ("exchange", "discard", "give"):
            hand = hand.apply(chunk)
        else:
            for word in words:
                hand = hand.apply(word)
    return hand


def decline_all(hand: Hand, discard: str) -> Hand:
    """Every non-dealer declines (where the profile's exchange order allows), the dealer discards."""
    while hand.phase is reversis.Phase.EXCHANGE:
        legal = hand.legal_moves()
        if reversis.Decline() in legal:
            hand = hand.apply("decline")
        elif reversis.Discard(discard) in legal:
            hand = hand.apply(f"discard {discard}")
        else:
            raise AssertionError(f"cannot decline or discard {discard}: {legal[:3]}")
    return hand


def kinds(hand: Hand, trick: int) -> list[tuple[int, str, str]]:
    """The (seat, card, kind) of the plays of trick ``trick``."""
    return [
        (e.seat, e.card.code, e.kind.value)
        for e in hand.events
        if isinstance(e, reversis.events.CardPlayed) and e.trick == trick
    ]
