"""Simple players: they decide from a seat's view only, never from hidden cards.

A bot is any callable ``bot(view) -> move``. Two are provided:

* :class:`RandomBot` plays a legal move chosen at random;
* :class:`CautiousBot` plays by rules of thumb: it avoids points and tricks, follows with its highest
  card that still loses the trick, places aces and the quinola when it can renounce, and puts aside
  its most dangerous cards in the exchange.

    >>> import random
    >>> from reversis import load_profile, new_hand
    >>> from reversis.bots import RandomBot, play_hand
    >>> bots = [RandomBot(random.Random(seat)) for seat in range(4)]
    >>> play_hand(new_hand(load_profile(), seed=7), bots).is_over
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import attrs

from reversis.cards import Card, Rank
from reversis.hand import Hand
from reversis.moves import Decline, Discard, Exchange, Give, Move, Pass, Play
from reversis.views import HandView

__all__ = ["Bot", "CautiousBot", "RandomBot", "play_hand"]

#: A player: given its view, returns a legal move.
Bot = Callable[[HandView], Move]


@attrs.define
class RandomBot:
    """Plays a legal move chosen with ``rng``."""

    rng: random.Random = attrs.field(factory=random.Random)

    def __call__(self, view: HandView) -> Move:
        """Choose a move for ``view``."""
        return self.rng.choice(view.legal_moves)


def _danger(card: Card) -> int:
    """How much a card costs to hold in a game of avoiding points (higher: worse)."""
    points = {Rank.ACE: 40, Rank.KING: 30, Rank.QUEEN: 20, Rank.JACK: 10}.get(card.rank, 0)
    return points + int(card.rank)


@attrs.define
class CautiousBot:
    """Avoids points and tricks by rules of thumb; deterministic but for ties broken by ``rng``."""

    rng: random.Random = attrs.field(factory=random.Random)

    def __call__(self, view: HandView) -> Move:
        """Choose a move for ``view``."""
        legal = view.legal_moves
        first = legal[0]
        if isinstance(first, Exchange | Discard | Give | Pass):
            cards = [m for m in legal if not isinstance(m, Decline)]
            return max(cards, key=lambda m: (_danger(m.card), self.rng.random()))
        plays = [m for m in legal if isinstance(m, Play)]
        trick = view.current_trick
        if trick is None:
            # Lead the lowest card of the suit with the most cards.
            return min(plays, key=lambda m: (int(m.card.rank), self.rng.random()))
        led = trick.plays[0][1].suit
        following = [m for m in plays if m.card.suit == led]
        if following and len(following) == len(plays):
            high = max(c.rank for _, c in trick.plays if c.suit == led)
            under = [m for m in following if m.card.rank < high]
            if under:
                return max(under, key=lambda m: m.card.rank)
            return min(following, key=lambda m: m.card.rank)
        # A renounce: place the most dangerous card.
        return max(plays, key=lambda m: (_danger(m.card), self.rng.random()))


def play_hand(hand: Hand, bots: Sequence[Bot]) -> Hand:
    """Play ``hand`` to the end, asking ``bots[seat]`` for each move from that seat's view."""
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        hand = hand.apply(bots[seat](hand.view(seat)))
    return hand
