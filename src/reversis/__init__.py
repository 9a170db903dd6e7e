"""reversis: the rules of Reversis, the French ancestor of Hearts, as a Python library.

    >>> import reversis
    >>> hand = reversis.new_hand(reversis.load_profile("fournier-1785"), seed=7)
    >>> while not hand.is_over:
    ...     hand = hand.apply(hand.legal_moves()[0])
    >>> hand.phase
    <Phase.OVER: 'over'>

The main names are re-exported here; see the documentation for the modules.
"""

from __future__ import annotations

# The errors are imported now: they are small, and ``except reversis.IllegalMoveError`` should
# cost nothing. Every other name is imported on first use (see _LAZY below).
from reversis.errors import (
    ArgumentError,
    DealError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    NoWorldError,
    ProfileError,
    RecordError,
    ReversisError,
    StakesError,
)

#: False when run; type checkers take it as true. Set here rather than imported from ``typing``,
#: which alone would take longer to import than the rest of ``import reversis``.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from reversis import records
    from reversis._core import engine_name
    from reversis.bots.playouts import rollouts
    from reversis.cards import Card, Rank, Suit
    from reversis.engine.actions import action_count, move_at, move_index
    from reversis.engine.deal import DealInfo
    from reversis.events import PlayKind
    from reversis.games.payments import Payment, Settlement
    from reversis.games.table import MatchPhase
    from reversis.hand import Hand, Phase, Trick, deal_from_deck, deal_hand, new_hand, settle
    from reversis.match import Match, MatchError, new_match
    from reversis.moves import Decline, Discard, Exchange, Give, Move, Pass, Play, parse_move
    from reversis.profile import Profile, available_profiles, load_profile
    from reversis.simulation.runs import simulate
    from reversis.stakes import BasketStakes, Beast, NoStakes, PoolStakes, PotStakes, Stakes
    from reversis.views.view import HandView, MatchView
    from reversis.worlds.sampler import sample_world

__version__ = "0.1.0"

__all__ = [
    "ArgumentError",
    "BasketStakes",
    "Beast",
    "Card",
    "DealError",
    "DealInfo",
    "Decline",
    "Discard",
    "Exchange",
    "Give",
    "Hand",
    "HandView",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "Match",
    "MatchError",
    "MatchPhase",
    "MatchView",
    "Move",
    "NoStakes",
    "NoWorldError",
    "Pass",
    "Payment",
    "Phase",
    "Play",
    "PlayKind",
    "PoolStakes",
    "PotStakes",
    "Profile",
    "ProfileError",
    "Rank",
    "RecordError",
    "ReversisError",
    "Settlement",
    "Stakes",
    "StakesError",
    "Suit",
    "Trick",
    "__version__",
    "action_count",
    "available_profiles",
    "deal_from_deck",
    "deal_hand",
    "engine_name",
    "load_profile",
    "move_at",
    "move_index",
    "new_hand",
    "new_match",
    "parse_move",
    "records",
    "rollouts",
    "sample_world",
    "settle",
    "simulate",
]


#: Names imported on first use (PEP 562), so that ``import reversis`` stays quick (a few
#: milliseconds; the profiles, the engine and the compiled core load with the first name that needs
#: them): the module that defines each one.
_LAZY = {
    "Card": "reversis.cards",
    "Rank": "reversis.cards",
    "Suit": "reversis.cards",
    "action_count": "reversis.engine.actions",
    "move_at": "reversis.engine.actions",
    "move_index": "reversis.engine.actions",
    "DealInfo": "reversis.engine.deal",
    "Hand": "reversis.hand",
    "Phase": "reversis.hand",
    "Trick": "reversis.hand",
    "deal_from_deck": "reversis.hand",
    "deal_hand": "reversis.hand",
    "new_hand": "reversis.hand",
    "Decline": "reversis.moves",
    "Discard": "reversis.moves",
    "Exchange": "reversis.moves",
    "Give": "reversis.moves",
    "Move": "reversis.moves",
    "Pass": "reversis.moves",
    "Play": "reversis.moves",
    "parse_move": "reversis.moves",
    "Profile": "reversis.profile",
    "available_profiles": "reversis.profile",
    "load_profile": "reversis.profile",
    "BasketStakes": "reversis.stakes",
    "Beast": "reversis.stakes",
    "NoStakes": "reversis.stakes",
    "PoolStakes": "reversis.stakes",
    "PotStakes": "reversis.stakes",
    "Stakes": "reversis.stakes",
    "HandView": "reversis.views.view",
    "MatchView": "reversis.views.view",
    "PlayKind": "reversis.events",
    "MatchPhase": "reversis.games.table",
    "Payment": "reversis.games.payments",
    "Settlement": "reversis.games.payments",
    "settle": "reversis.hand",
    "records": "reversis.records",
    "Match": "reversis.match",
    "MatchError": "reversis.match",
    "new_match": "reversis.match",
    "sample_world": "reversis.worlds.sampler",
    "rollouts": "reversis.bots.playouts",
    "simulate": "reversis.simulation.runs",
    "engine_name": "reversis._core",
}


#: The modules and packages that ``reversis.NAME`` imports when first asked for, so that
#: ``reversis.text.sentences`` or ``reversis.events.CardPlayed`` works after ``import reversis``
#: alone (those of an optional extra, ``openspiel``, ``pettingzoo`` and ``vector``, are imported by
#: name, so that a missing extra fails where it is asked for).
_SUBMODULES = frozenset(
    {
        *("cards", "cli", "dealing", "events", "hand", "jsonio", "match", "moves", "playing"),
        *("stakes", "testing"),
        *("bots", "engine", "games", "profile", "records", "simulation", "text", "views", "worlds"),
    }
)


def __getattr__(name: str) -> Any:
    """The names of :data:`_LAZY` and the modules of :data:`_SUBMODULES`, imported when first
    asked for."""
    module = _LAZY.get(name) or (f"reversis.{name}" if name in _SUBMODULES else None)
    if module is None:
        raise AttributeError(f"module 'reversis' has no attribute {name!r}")
    import importlib  # noqa: PLC0415 - only when a lazy name is first used

    loaded = importlib.import_module(module)
    value = loaded if module.endswith("." + name) else getattr(loaded, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The package's public names, ``__all__`` (not its submodules nor what it imports to
    define them)."""
    return sorted(__all__)
