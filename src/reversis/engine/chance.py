r"""Chance, made explicit: the seeded shuffle, the cut, the deal and the draw for the first dealer.

A hand is fully determined by the ordered pack after the cut plus the moves. A seed is a convenience
that makes such a pack with the library's own shuffle, defined here from standard parts only and
pinned by a test, so that one seed gives one pack on every Python version and every machine:

1. The random words: ``SHAKE-256(b"reversis-deck\x00" + seed.to_bytes(16, "little"))``, read as
   little-endian unsigned 64-bit integers ``w[0], w[1], …`` (one per card of the pack). The seed is
   an integer from ``0`` to ``2**128 - 1``.
2. Start from the profile's pack in card order (clubs 2 first, spades ace last): ``n`` cards.
3. Fisher–Yates from the end: for ``i`` from ``n - 1`` down to ``1``, with ``w = w[n - 1 - i]``,
   ``j = (w * (i + 1)) >> 64``, swap cards ``i`` and ``j``.
4. The cut: with ``m`` the profile's ``deal.cut_minimum``, ``k = m + (w[n - 1] * (n - 2m + 1)) >> 64``;
   the top ``k`` cards go under the rest.

(The multiply-shift of step 3 is unbiased to within ``n / 2**64``.)

    >>> from reversis import load_profile
    >>> from reversis.engine.chance import seeded_deck
    >>> " ".join(card.code for card in seeded_deck(load_profile(), 7)[:6])
    'JC 2C 2H 6S JD KH'
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from reversis.cards import CARD_AT, Card
from reversis.errors import ArgumentError, DealError
from reversis.profile import Profile

__all__ = [
    "check_seed",
    "cut",
    "deal_cards",
    "draw_first_dealer",
    "random_words",
    "seeded_deck",
    "shuffled",
]

_T = TypeVar("_T")
CARD_BY_MASK = {1 << i: card for i, card in enumerate(CARD_AT) if card is not None}

#: Largest seed accepted (seeds are non-negative integers below 2**128).
MAX_SEED = 2**128 - 1


@functools.cache
def _words(count: int) -> struct.Struct:
    """The layout of ``count`` little-endian 64-bit words."""
    return struct.Struct(f"<{count}Q")


@functools.cache
def _shake_256() -> Callable[[bytes], Any]:
    """``hashlib.shake_256``, imported on first use (``hashlib`` costs a few ms to import)."""
    from hashlib import shake_256  # noqa: PLC0415

    return shake_256


def check_seed(seed: object) -> int:
    """``seed`` if it is a seed (an integer from 0 to ``2**128 - 1``), else
    :class:`~reversis.DealError`."""
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise DealError(f"a seed must be an integer from 0 to 2**128 - 1, not {str(seed)[:50]}")
    return seed


def random_words(seed: int, tag: bytes, count: int) -> tuple[int, ...]:
    r"""``count`` random 64-bit words for ``seed``: ``SHAKE-256(tag + b"\x00" + seed as 16
    little-endian bytes)``, read as little-endian unsigned integers. ``tag`` separates the uses
    (``b"reversis-deck"`` for the shuffle, ``b"reversis-dealer"`` for the first dealer)."""
    check_seed(seed)
    digest = _shake_256()(tag + b"\x00" + seed.to_bytes(16, "little")).digest(8 * count)
    words: tuple[int, ...] = _words(count).unpack(digest)
    return words


def shuffled(cards: Sequence[_T], words: Sequence[int]) -> list[_T]:
    """``cards`` shuffled by the library's Fisher–Yates (step 3 above), one word per swap
    (:class:`~reversis.ArgumentError` if ``words`` has fewer than ``len(cards) - 1``)."""
    deck = list(cards)
    i = len(deck) - 1
    if len(words) < i:
        raise ArgumentError(f"shuffling {i + 1} cards takes {i} words, not {len(words)}")
    for word in words[:i]:  # w[n - 1 - i] for each i from n - 1 down to 1
        j = (word * (i + 1)) >> 64
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return deck


def cut(deck: Sequence[Card], k: int, minimum: int = 1) -> list[Card]:
    """The pack after a cut that lifts the top ``k`` cards and puts them underneath.

    Each packet must hold at least ``minimum`` cards.
    """
    if not minimum <= k <= len(deck) - minimum:
        raise DealError(f"a cut must leave at least {minimum} cards in each packet (k={k})")
    return [*deck[k:], *deck[:k]]


def seeded_deck(profile: Profile, seed: int) -> tuple[Card, ...]:
    """The ordered pack after the cut that ``seed`` makes, by the shuffle documented above."""
    return tuple(CARD_BY_MASK[m] for m in seeded_pack(profile, seed))


def seeded_pack(profile: Profile, seed: int) -> tuple[int, ...]:
    """:func:`seeded_deck` as card masks (``card.mask``), for the engine."""
    masks = profile.compiled.deck_masks
    n = len(masks)
    words = random_words(seed, b"reversis-deck", n)  # step 1 above
    deck = shuffled(masks, words)  # steps 2 and 3
    m = profile.deal.cut_minimum
    k = m + ((words[n - 1] * (n - 2 * m + 1)) >> 64)  # step 4: the top k cards go under the rest
    return (*deck[k:], *deck[:k])


def deal_cards(
    profile: Profile, deck: Sequence[Card], dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal an ordered pack by the profile's packets: ``(hands by seat, widow)``.

    The deal goes in playing order from the eldest (``dealer + 1``), each round giving its packet to
    every non-dealer and then to the dealer; the cards left are the widow, top card first (the card
    for the first non-dealer from the eldest first).
    """
    n = profile.players
    if not 0 <= dealer < n:
        raise DealError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    expected = profile.deck
    if len(deck) != len(expected) or set(deck) != set(expected):
        raise DealError(
            f"the pack must hold exactly the profile's {len(expected)} cards, once each"
        )
    hands: list[list[Card]] = [[] for _ in range(n)]
    position = 0
    for others, to_dealer in profile.deal.packets:
        for offset in range(1, n + 1):
            seat = (dealer + offset) % n
            count = to_dealer if seat == dealer else others
            hands[seat].extend(deck[position : position + count])
            position += count
    return tuple(tuple(h) for h in hands), tuple(deck[position:])


def draw_first_dealer(profile: Profile, seed: int) -> int:
    """The first dealer of a match, drawn from ``seed`` as the profile's ``deal.first_dealer`` says.

    ``quinola-draw`` (Fournier §3): the pack, shuffled as above but with the tag
    ``b"reversis-dealer"``, is split into one pile per player, as even as possible, pile ``i`` for
    seat ``i``; whoever finds the quinola deals. ``uniform``: seat ``(w[0] * n) >> 64``.
    """
    n = profile.players
    if profile.deal.first_dealer == "uniform":
        return (random_words(seed, b"reversis-dealer", 1)[0] * n) >> 64
    quinola = next(Card.parse(s.cards[0]) for s in profile.specials if s.name == "quinola")
    deck = shuffled(profile.deck, random_words(seed, b"reversis-dealer", len(profile.deck)))
    position = deck.index(quinola)
    size, extra = divmod(len(deck), n)
    start = 0
    for seat in range(n):
        end = start + size + (1 if seat < extra else 0)
        if position < end:
            return seat
        start = end
    raise AssertionError("unreachable")  # pragma: no cover
