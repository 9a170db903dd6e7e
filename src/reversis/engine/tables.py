"""Tables that turn card masks into moves, for the engine's hot path (internal).

A mask of cards becomes a tuple of interned moves by four table look-ups, one per suit and pattern
of ranks, for each kind of move (plays, exchanges, discards, gives, passes). The tables are the
same for every profile. Each entry is made the first time it is looked up (so that importing the
library stays quick) and then kept: a cache of values that never change, which threads may share
(two threads missing the same entry at once make equal tuples).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reversis.moves import DISCARDS, EXCHANGES, GIVES, PASSES, PLAYS, Play

__all__ = [
    "DISCARD_TABLES",
    "EXCHANGE_TABLES",
    "GIVE_TABLES",
    "PASS_TABLES",
    "PLAY_TABLES",
    "SUIT_PLAYS",
    "SuitTables",
    "moves_of",
    "plays_of",
    "suit_moves",
    "suit_plays",
]

#: The tables of one kind of move: for each suit, a list indexed by pattern of ranks (bit ``r - 2``
#: of the pattern is rank ``r``) of the moves of those cards in card order, or ``None`` until
#: :func:`suit_moves` first makes them; then the moves by card bit that the entries are made from.
#: Plain lists, so that the hot paths index them as fast as tuples and test for ``None`` only on a
#: miss.
SuitTables = tuple[Any, ...]


def _suit_tables(moves: Sequence[object | None]) -> SuitTables:
    return (*([(), *([None] * 8191)] for _ in range(4)), tuple(moves))


PLAY_TABLES = _suit_tables(PLAYS)
EXCHANGE_TABLES = _suit_tables(EXCHANGES)
DISCARD_TABLES = _suit_tables(DISCARDS)
GIVE_TABLES = _suit_tables(GIVES)
PASS_TABLES = _suit_tables(PASSES)

#: ``SUIT_PLAYS[suit][pattern]``: the plays' tables by suit (see :data:`SuitTables`).
SUIT_PLAYS: tuple[list[tuple[Play, ...] | None], ...] = PLAY_TABLES[:4]


def suit_moves(tables: SuitTables, suit: int, pattern: int) -> tuple[Any, ...]:
    """The moves of ``tables`` for the ranks of ``pattern`` in ``suit``: ``tables[suit][pattern]``,
    made and kept the first time it is asked for."""
    table = tables[suit]
    moves = table[pattern]
    if moves is None:
        low = pattern & -pattern
        move = tables[4][16 * suit + 1 + low.bit_length()]
        rest = suit_moves(tables, suit, pattern ^ low)
        moves = table[pattern] = rest if move is None else (move, *rest)
    return moves  # type: ignore[no-any-return]


def suit_plays(suit: int, pattern: int) -> tuple[Play, ...]:
    """The plays of the ranks of ``pattern`` in ``suit``: ``SUIT_PLAYS[suit][pattern]``."""
    return suit_moves(PLAY_TABLES, suit, pattern)


def moves_of(mask: int, tables: SuitTables) -> tuple[Any, ...]:
    """The moves of ``tables`` for the cards of ``mask`` (a 64-bit mask), in card order."""
    c, d, h, s, _ = tables
    low = mask & 0xFFFFFFFF
    high = mask >> 32
    try:
        return c[low >> 2 & 0x1FFF] + d[low >> 18] + h[high >> 2 & 0x1FFF] + s[high >> 18]  # type: ignore[no-any-return]
    except TypeError:  # an entry not made yet (None)
        return (
            suit_moves(tables, 0, low >> 2 & 0x1FFF)
            + suit_moves(tables, 1, low >> 18)
            + suit_moves(tables, 2, high >> 2 & 0x1FFF)
            + suit_moves(tables, 3, high >> 18)
        )


def plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of ``mask`` (a 64-bit mask), in card order."""
    return moves_of(mask, PLAY_TABLES)
