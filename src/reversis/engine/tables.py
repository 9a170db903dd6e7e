"""Tables that turn card masks into moves, for the engine's hot path (internal).

A mask of cards becomes a tuple of interned moves by table look-ups: per suit and pattern of ranks
for plays (``SUIT_PLAYS``), per byte of the mask for the other kinds of move. The tables are the
same for every profile and built once, at import.
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
    "SUIT_PLAYS",
    "moves_of",
    "plays_of",
]

#: A table per byte of a 64-bit card mask: for each value of the byte, its moves.
ByteTables = tuple[tuple[tuple[Any, ...], ...], ...]


def _suit_play_tables() -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """For each suit, the plays of every pattern of ranks: bit ``r - 2`` of the pattern is rank ``r``."""
    out = []
    for suit in range(4):
        table: list[tuple[Play, ...]] = [()] * 8192
        for pattern in range(1, 8192):
            low = pattern & -pattern
            play = PLAYS[16 * suit + 1 + low.bit_length()]
            assert play is not None
            table[pattern] = (play, *table[pattern ^ low])
        out.append(tuple(table))
    return tuple(out)


#: ``SUIT_PLAYS[suit][pattern]``: the plays of a suit's cards, in card order.
SUIT_PLAYS = _suit_play_tables()
_C, _D, _H, _S = SUIT_PLAYS


def plays_of(mask: int) -> tuple[Play, ...]:
    """The plays of the cards of ``mask`` (a 64-bit mask), in card order."""
    low = mask & 0xFFFFFFFF
    high = mask >> 32
    return _C[low >> 2 & 0x1FFF] + _D[low >> 18] + _H[high >> 2 & 0x1FFF] + _S[high >> 18]


def _byte_tables(moves: Sequence[object | None]) -> ByteTables:
    """For each of the 8 bytes of a card mask, the tuple of moves of every value of the byte."""
    return tuple(
        tuple(
            tuple(
                moves[8 * byte + bit]
                for bit in range(8)
                if value >> bit & 1 and moves[8 * byte + bit] is not None
            )
            for value in range(256)
        )
        for byte in range(8)
    )


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
