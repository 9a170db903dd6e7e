"""The value of the pot, the party (fournier-1785 §5): its cards' values plus a flat amount."""

from __future__ import annotations

from reversis.engine.deal import Deal
from reversis.engine.state import State
from reversis.games.common import card_points

__all__ = ["pot_value", "pot_value_of"]


def pot_value_of(deal: Deal, aside: int) -> int:
    """The value of a pot of the cards ``aside`` (a mask): its cards' values plus the flat amount
    (fournier-1785 §5)."""
    rules = deal.rules
    return rules.pot_bonus + card_points(rules.pot_groups, aside)


def pot_value(state: State) -> int:
    """The value of the pot (party) of ``state`` (:func:`pot_value_of`)."""
    return pot_value_of(state.deal, state.extra.aside)
