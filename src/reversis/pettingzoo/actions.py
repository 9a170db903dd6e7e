"""The action space of the environments: a profile's move numbers, the move of each number and the
mask of the legal moves, worked out faster than :func:`reversis.move_index` (without its checks)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from reversis.engine.actions import action_count, action_kinds, move_at
from reversis.errors import InvalidMoveError
from reversis.moves import (
    DECLINE,
    DISCARDS,
    EXCHANGES,
    GIVES,
    PASSES,
    PLAYS,
    Decline,
    Discard,
    Exchange,
    Give,
    Move,
    Pass,
    Play,
)
from reversis.pettingzoo.common import integer_of, shown
from reversis.profile import Profile

__all__ = ["Actions"]


class Actions:
    """A profile's action numbers, worked out from the moves without :func:`move_index`'s checks
    (the moves come from ``legal_moves()``)."""

    def __init__(self, profile: Profile) -> None:
        kinds, decline = action_kinds(profile)
        n = len(profile.deck)
        self.offsets: dict[type, int] = {kind: i * n for i, kind in enumerate(kinds)}
        self.decline = len(kinds) * n if decline else -1
        self.positions = profile.compiled.deck_positions
        self.size = action_count(profile)
        #: The move of each action number.
        self.moves = tuple(move_at(profile, i) for i in range(self.size))
        # The engine's legal moves are the moves module's own objects: their numbers by identity
        # (they live as long as the module, so an identity is never another object's).
        tables: dict[type, Sequence[Move | None]] = {
            Play: PLAYS,
            Exchange: EXCHANGES,
            Discard: DISCARDS,
            Give: GIVES,
            Pass: PASSES,
        }
        self.known: dict[int, int] = {id(DECLINE): self.decline} if decline else {}
        self.masks: dict[int, tuple[tuple[Move, ...], np.ndarray[Any, np.dtype[np.int8]]]] = {}
        for kind, offset in self.offsets.items():
            for card in profile.deck:
                move = tables[kind][card.index]
                self.known[id(move)] = offset + self.positions[card.index]

    def move(self, action: Any) -> Move:
        """The move numbered ``action``, an integer (a NumPy one too) of the action space
        (:class:`~reversis.InvalidMoveError` for anything else: a bool, a float, text, ``None``,
        a number out of the space)."""
        index = action if type(action) is int else integer_of(action)
        if index is None:
            raise InvalidMoveError(
                f"{shown(action)} is not an action number: give an integer from 0 to "
                f"{self.size - 1}"
            )
        if not 0 <= index < self.size:
            raise InvalidMoveError(f"{shown(index)} is not an action (0 to {self.size - 1})")
        return self.moves[index]

    def mask(self, moves: tuple[Move, ...]) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The action mask of ``moves``: 1 at the number of each."""
        # The engine gives the plays that follow suit from its tables, the same tuples again and
        # again: their masks are kept, with the tuple itself (so that its identity stays its own),
        # a few thousand at most. Other tuples (leads, the steps before play) are made anew for
        # each state and are not kept.
        found = self.masks.get(id(moves))
        if found is not None and found[0] is moves:
            return found[1].copy()
        entries = bytearray(self.size)
        known = self.known
        for m in moves:
            index = known.get(id(m))
            entries[self.index(m) if index is None else index] = 1
        mask = np.frombuffer(entries, np.int8)
        first, last = (moves[0], moves[-1]) if moves else (None, None)  # in card order
        if type(first) is Play and type(last) is Play and first.card.suit == last.card.suit:
            if len(self.masks) >= 4096:
                self.masks.clear()
            self.masks[id(moves)] = (moves, mask.copy())
        return mask

    def index(self, move: Move) -> int:
        """The action number of ``move`` (a move of the profile)."""
        if type(move) is Decline:
            return self.decline
        return self.offsets[type(move)] + self.positions[move.card.index]  # type: ignore[union-attr]
