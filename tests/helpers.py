"""Helpers to build exact deals and play scripted moves in tests."""

from __future__ import annotations

import random
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


def low(hand: Hand, avoid: str = "") -> reversis.Move:
    """The lowest legal move, avoiding the cards listed in ``avoid`` (and aces and quinolas) when
    another legal move exists."""
    legal = hand.legal_moves()
    banned = set(avoid.split())

    def key(move: reversis.Move) -> tuple[int, int, int]:
        card = getattr(move, "card", None)
        if card is None:
            return (2, 0, 0)
        special = card.rank.code == "A" or card.code in ("JH", "QH")
        return (card.code in banned, special, int(card.rank) * 4 + int(card.suit))

    return min(legal, key=key)


def script(hand: Hand, plan: dict[int, dict[int, str]], *, until: int = 99, keep: str = "") -> Hand:
    """Play tricks: ``plan[trick][seat]`` is the card that seat plays to that trick; other plays are
    the lowest legal card, keeping the cards of ``keep`` when possible. Stops before trick
    ``until`` or when the hand is over."""
    while not hand.is_over and hand.trick_number < until:
        seat = hand.to_move
        assert seat is not None
        wanted = plan.get(hand.trick_number, {}).get(seat)
        hand = hand.apply(wanted if wanted else low(hand, keep))
    return hand


def random_moves(hand: Hand, seed: int, steps: int | None = None) -> Hand:
    """``hand`` after ``steps`` random legal moves (all the way to the end with ``None``), chosen
    with ``random.Random(seed)``."""
    rng = random.Random(seed)
    count = 0
    while not hand.is_over and (steps is None or count < steps):
        hand = hand.apply(rng.choice(hand.legal_moves()))
        count += 1
    return hand
