"""Types of :mod:`reversis._core.hand` (compiled; the base of reversis.Hand on the core)."""

from collections.abc import Callable
from typing import Any, TypeVar

from reversis._core.state import CoreState
from reversis.games.payments import Settlement
from reversis.moves import Move

_H = TypeVar("_H")

class HandBase:
    """The base of :class:`reversis.Hand` where the core plays: its state in C."""

    _state: Any
    def legal_moves(self) -> tuple[Move, ...]: ...
    def apply(self, move: Move | str) -> Any: ...
    def _remember(self, key: str, make: Callable[[], Any]) -> Any: ...

def hand_of(cls: type[_H], state: CoreState) -> _H: ...
def settle_hand(hand: object) -> Settlement | None: ...
def dealt_hand(cls: type[_H], profile: object, seed: object, dealer: object) -> _H | None: ...
