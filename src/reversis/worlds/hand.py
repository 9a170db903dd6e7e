"""A sampled world's hand, made directly as the engine's state (for :mod:`reversis.worlds.sampler`).

Every world of one view shares what the view fixes of its deal: the profile, the dealer, the stakes
at the start, the pass direction and hand number, the card shown; only the cards dealt and the widow
differ. :class:`WorldDealer` makes each world's :class:`~reversis.engine.deal.Deal` from a template
with the world's cards in place: the view's deal (:func:`reversis.views.rules.view_deal`: the same
``make_deal`` of the same dealer, stakes, pass offset, hand number and card shown, for a view that
:func:`~reversis.views.check.check_view` accepts), else the first world's as :func:`reversis.deal_hand`
makes it; after the same checks on the cards, as masks (each card of the pack dealt once, each seat
its number of cards, the widow the rest, the bum card the dealer's). An equal ``Deal`` (every field
the same value), the engine's tables read once. The hand is the engine's replay of the moves from it
(what ``deal_hand(...).apply(m1).apply(m2)...`` gives), ``None`` where those raise.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from reversis._core import engine_module
from reversis.cards import Card
from reversis.dealing import cards_deal
from reversis.engine.deal import Deal
from reversis.errors import ReversisError
from reversis.hand import Hand, hand_of_state
from reversis.moves import Move
from reversis.profile import Profile
from reversis.stakes import Stakes

__all__ = ["WorldDealer"]

_ENGINE = engine_module()


class WorldDealer:
    """The hands of the worlds of one view (see the module's docstring)."""

    def __init__(
        self,
        profile: Profile,
        *,
        dealer: int,
        stakes: Stakes,
        bum: Card | None,
        pass_direction: str | None,
        hand_number: int,
        template: Deal | None = None,
    ) -> None:
        self.profile = profile
        self.options = {
            "dealer": dealer,
            "stakes": stakes,
            "bum": bum,
            "pass_direction": pass_direction,
            "hand_number": hand_number,
        }
        rules = profile.compiled
        self.deck_mask = rules.deck_mask
        extra = 1 if rules.widow == "exchange" else 0
        self.want = [rules.tricks + (extra if s == dealer else 0) for s in range(rules.players)]
        self.talon = len(rules.deck) - sum(self.want)
        self.turn_up = rules.shown == "turn-up"
        self.bum_bit = 0 if bum is None else 1 << bum.index
        self.dealer = dealer
        self.template = template

    def hand(
        self, dealt: Sequence[Sequence[Card]], talon: Sequence[Card], moves: list[Move]
    ) -> Hand | None:
        """The hand of these cards dealt (each seat's, and the widow) after ``moves``, or ``None``
        if they are no deal of the profile or a move is refused."""
        deal = self._deal(dealt, talon)
        if deal is None:
            return None
        try:
            return hand_of_state(_ENGINE.replay(deal, moves))
        except ReversisError:
            return None

    def _deal(self, dealt: Sequence[Sequence[Card]], talon: Sequence[Card]) -> Deal | None:
        template = self.template
        widow = tuple(card.index for card in talon)
        if template is None or (self.turn_up and widow[-1] != template.shown):
            try:
                deal = cards_deal(self.profile, dealt, talon, **self.options)  # type: ignore[arg-type]
            except ReversisError:
                return None
            if self.template is None:
                self.template = deal
            return deal
        masks = []
        seen = 0
        for cards, want in zip(dealt, self.want, strict=True):
            mask = 0
            for card in cards:
                mask |= 1 << card.index
            if len(cards) != want or mask.bit_count() != want or seen & mask:
                return None
            seen |= mask
            masks.append(mask)
        for bit in widow:
            if seen >> bit & 1:
                return None
            seen |= 1 << bit
        if len(widow) != self.talon or seen != self.deck_mask:
            return None
        if self.bum_bit and not masks[self.dealer] & self.bum_bit:
            return None
        return attrs.evolve(template, dealt=tuple(masks), widow=widow)
