"""The part of :class:`reversis.Hand` that plays: the hand's engine state, and the two calls of a
bot's or a simulation's inner loop, :meth:`~PlayedHand.legal_moves` and :meth:`~PlayedHand.apply`,
on the engine chosen when the library is imported (:func:`reversis.engine_name`).

Where the compiled core plays, :class:`reversis.Hand`'s base is the core's ``HandBase``
(:mod:`reversis._core`), whose ``legal_moves()`` and ``apply()`` go from the hand's C state to the
next hand in C; where the reference engine plays (the core not built, or
``REVERSIS_ENGINE=python``), it is :class:`PlayedHand`, the same two methods in Python on
:mod:`reversis.engine.play`. Both hold the state as ``_state`` (the core's states have the
reference :class:`~reversis.engine.state.State`'s fields, with equal values) and keep the values
derived from a hand (``_remember``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Protocol, TypeVar, cast

from reversis._core import engine_module, engine_name
from reversis.engine import play as reference
from reversis.engine.deal import Deal
from reversis.engine.play import Policy
from reversis.engine.state import State
from reversis.moves import Move, parse_move

__all__ = ["CORE_HAND", "ENGINE", "Engine", "HandBase", "PlayedHand", "engine_of", "hand_of"]

T = TypeVar("T")
H = TypeVar("H", bound="PlayedHand")


class Engine(Protocol):
    """The functions that play hands: :mod:`reversis.engine.play`'s, or the compiled core's, whose
    states have the same fields."""

    def start(self, deal: Deal) -> State:
        """The state of ``deal`` before its first move."""

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """The moves the seat to move may make."""

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``."""

    def rollout(
        self, state: State, draw: Callable[[], float], policy: Policy | None = None
    ) -> State:
        """The final state after playing ``state`` to its end."""

    def replay(self, deal: Deal, moves: Sequence[Move]) -> State:
        """The state of ``deal`` after ``moves``."""


#: The engine that plays hands, chosen once, when the library is imported.
ENGINE = cast(Engine, engine_module())
_legal_moves = ENGINE.legal_moves
_apply = ENGINE.apply


def engine_of(state: State) -> Engine:
    """The engine that plays ``state``: the reference engine for its own states (a position built
    field by field, which a hand on the core keeps as it is), else :data:`ENGINE`."""
    return cast(Engine, reference) if isinstance(state, State) else ENGINE


class PlayedHand:
    """The engine part of :class:`reversis.Hand` on the reference engine (see the module's
    docstring). Hands are made by :func:`hand_of`, never by calling the class."""

    __slots__ = ("_memo", "_state")
    _state: State
    _memo: dict[str, Any]

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the player to move may make now, as a sorted tuple (empty when over).

        Plays come in card order; the other moves in card order with ``decline`` last.
        """
        return _legal_moves(self._state)

    def apply(self: H, move: Move | str) -> H:
        """The hand after ``move`` (a move or its notation).

        Raises :class:`~reversis.IllegalMoveError` (saying why) if the rules do not allow it now, and
        :class:`~reversis.InvalidMoveError` for text that is no move. ``self`` is never changed.
        """
        if isinstance(move, str):
            move = parse_move(move)
        hand = _NEW(type(self))
        _SET_STATE(hand, _apply(self._state, move))
        return hand

    def _remember(self, key: str, make: Callable[[], T]) -> T:
        """A value derived from this hand, made the first time it is asked for and then kept (a
        hand never changes, so it never goes stale). Values kept must be immutable."""
        memo: dict[str, Any] | None = getattr(self, "_memo", None)
        if memo is None:  # the first value kept
            memo = {}
            _SET_MEMO(self, memo)
        if key not in memo:
            memo[key] = make()
        return memo[key]  # type: ignore[no-any-return]


#: A hand is made without ``__init__`` (which refuses users) and given its state by its slot's own
#: setter (a hand refuses attribute assignment).
_NEW = object.__new__
_SET_STATE = PlayedHand.__dict__["_state"].__set__
_SET_MEMO = PlayedHand.__dict__["_memo"].__set__


def _played_hand_of(cls: type[H], state: State) -> H:
    hand = _NEW(cls)
    _SET_STATE(hand, state)
    return hand


#: The base of :class:`reversis.Hand`: the core's ``HandBase`` where the core plays, else
#: :class:`PlayedHand`.
HandBase: type = PlayedHand
#: ``hand_of(cls, state)``: a hand of class ``cls`` (:class:`reversis.Hand`) holding ``state``.
hand_of: Callable[[type[Any], State], Any] = _played_hand_of
#: The core's :mod:`reversis._core.hand` where the core plays (``HandBase``, ``hand_of``,
#: ``settle_hand``, ``dealt_hand``), else ``None``.
CORE_HAND: ModuleType | None = None
if engine_name() == "compiled":
    from reversis._core import hand as _core_hand

    CORE_HAND = _core_hand
    HandBase = _core_hand.HandBase
    hand_of = cast(Callable[[type[Any], State], Any], _core_hand.hand_of)
