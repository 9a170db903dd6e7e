"""Tables that turn card masks into moves, for the engine's hot path (internal).

A mask of cards becomes a tuple of interned moves by table look-ups: per suit and pattern of ranks
for plays (``SUIT_PLAYS``), per byte of the mask for the other kinds of move. The tables are the
same for every profile. Each entry is made the first time it is looked up (so that importing the
library stays quick) and then kept: a cache of values that never change, which threads may share
(two threads missing the same entry at once make equal tuples).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reversis.moves import DISCARDS, EXCHANGES, GIVES, PASSES, PLAYS, Play

__all__ = [
    "DISCARD_TABLES",
    "EXCHANGE_TABLES",
    "GIVE_TABLES",
    "PASS_TABLES",
    "SUIT_PLAYS",
    "Memo",
    "moves_of",
    "plays_of",
    "suit_plays",
]


class Memo(dict[int, tuple[Any, ...]]):
    """A table filled on first use: ``memo[key]`` is ``make(key)``, made once and then kept."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[int], tuple[Any, ...]]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: int) -> tuple[Any, ...]:
        value = self[key] = self._make(key)
        return value


#: ``SUIT_PLAYS[suit][pattern]``: the plays of a suit's cards (bit ``r - 2`` of the pattern is rank
#: ``r``), in card order, or ``None`` until :func:`suit_plays` first makes them. Plain lists, so
#: that the hot paths index them as fast as tuples and test for ``None`` only on a miss.
SUIT_PLAYS: tuple[list[tuple[Play, ...] | None], ...] = tuple(
    [(), *([None] * 8191)] for _ in range(4)
)
_C, _D, _H, _S = SUIT_PLAYS


def suit_plays(suit: int, pattern: int) -> tuple[Play, ...]:
    """The plays of the ranks of ``pattern`` in ``suit``: ``SUIT_PLAYS[suit][pattern]``, made and
    kept the first time it is asked for."""
    table = SUIT_PLAYS[suit]
    plays = table[pattern]
    if plays is None:
        low = pattern & -pattern
        play = PLAYS[16 * suit + 1 + low.bit_length()]
        assert play is not None
        plays = table[pattern] = (play, *suit_plays(suit, pattern ^ low))
    return plays


def plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of ``mask`` (a 64-bit mask), in card order."""
    low = mask & 0xFFFFFFFF
    high = mask >> 32
    try:
        return _C[low >> 2 & 0x1FFF] + _D[low >> 18] + _H[high >> 2 & 0x1FFF] + _S[high >> 18]  # type: ignore[operator]
    except TypeError:  # an entry not made yet (None)
        return (
            suit_plays(0, low >> 2 & 0x1FFF)
            + suit_plays(1, low >> 18)
            + suit_plays(2, high >> 2 & 0x1FFF)
            + suit_plays(3, high >> 18)
        )


#: A table per byte of a 64-bit card mask: for each value of the byte, its moves.
ByteTables = tuple[Memo, ...]


def _byte_tables(moves: Sequence[object | None]) -> ByteTables:
    """For each of the 8 bytes of a card mask, the tuple of moves of every value of the byte."""

    def table(byte: int) -> Memo:
        def make(value: int) -> tuple[Any, ...]:
            if not 0 <= value < 256:
                raise KeyError(value)
            picked = (moves[8 * byte + bit] for bit in range(8) if value >> bit & 1)
            return tuple(move for move in picked if move is not None)

        return Memo(make)

    return tuple(table(byte) for byte in range(8))


EXCHANGE_TABLES = _byte_tables(EXCHANGES)
DISCARD_TABLES = _byte_tables(DISCARDS)
GIVE_TABLES = _byte_tables(GIVES)
PASS_TABLES = _byte_tables(PASSES)


def moves_of(mask: int, tables: ByteTables) -> tuple[Any, ...]:
    """The moves of ``tables`` (exchanges, discards, gives or passes) for the cards of ``mask``."""
    t0, t1, t2, t3, t4, t5, t6, t7 = tables
    return (
        t0[mask & 255]
        + t1[mask >> 8 & 255]
        + t2[mask >> 16 & 255]
        + t3[mask >> 24 & 255]
        + t4[mask >> 32 & 255]
        + t5[mask >> 40 & 255]
        + t6[mask >> 48 & 255]
        + t7[mask >> 56 & 255]
    )
