"""Storage in SQLite (the standard library's ``sqlite3``): tables in progress as their records, and
every finished hand as its record, so that a restart loses nothing.

Each table row also holds when it was made and when it last changed (``created``, ``updated``, in
seconds of the server's clock), so that the server closes the tables nobody is at after a restart
as before it. A finished hand keeps the seats of its table (with their tokens): closing a table
deletes its row, and its players can still replay its hands from the archive."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reversis import records

from .table import Table, table_from_row

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    profile TEXT NOT NULL,
    mode TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    record TEXT NOT NULL,
    moves TEXT NOT NULL,
    status TEXT NOT NULL,
    updated REAL NOT NULL,
    created REAL NOT NULL DEFAULT 0,
    level TEXT NOT NULL DEFAULT 'medium'
);
CREATE TABLE IF NOT EXISTS hands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    profile TEXT NOT NULL,
    record TEXT NOT NULL,
    finished REAL NOT NULL,
    seats TEXT NOT NULL DEFAULT '',
    UNIQUE (table_id, number)
);
"""
#: Columns added since the first version, for a database file made by it (a table stored before
#: the levels had the cautious bots of the medium level).
_ADDED = (
    ("tables", "created", "REAL NOT NULL DEFAULT 0"),
    ("tables", "level", "TEXT NOT NULL DEFAULT 'medium'"),
    ("hands", "seats", "TEXT NOT NULL DEFAULT ''"),
)


class Store:
    """The database: one SQLite file (``":memory:"`` for a store that lasts as long as the object)."""

    def __init__(self, path: str | Path, clock: Callable[[], float] = time.time) -> None:
        self.path = str(path)
        self.clock = clock
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)
        for table, column, kind in _ADDED:
            columns = {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}
            if column not in columns:
                self._db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def save_table(self, table: Table, now: float | None = None) -> None:
        """Store the table as it stands (changed ``now``, by default the store's clock), and its
        last hand if that hand is finished."""
        row = table.to_row()
        now = self.clock() if now is None else now
        with self._db:
            self._db.execute(
                "INSERT INTO tables (id, profile, mode, seed, seats, record, moves, status,"
                " updated, created, level) VALUES (:id, :profile, :mode, :seed, :seats, :record,"
                " :moves, :status, :now, :now, :level) ON CONFLICT (id) DO UPDATE SET seats = excluded.seats,"
                " record = excluded.record, moves = excluded.moves, status = excluded.status,"
                " updated = excluded.updated",
                {**row, "now": now},
            )
            last = table.last_hand
            if last is not None and last.is_over:
                self._db.execute(
                    "INSERT OR IGNORE INTO hands (table_id, number, profile, record, finished,"
                    " seats) VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        table.id,
                        table.hand_number,
                        table.profile.name,
                        records.dump(last),
                        now,
                        row["seats"],
                    ),
                )

    def touch(self, table_id: str, now: float) -> None:
        """Note that someone was at the table ``now`` (a player left it)."""
        with self._db:
            self._db.execute("UPDATE tables SET updated = ? WHERE id = ?", (now, table_id))

    def delete_table(self, table_id: str) -> None:
        """Forget a table (its finished hands stay in the archive)."""
        with self._db:
            self._db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

    def trim(self, keep: int) -> int:
        """Forget all but the ``keep`` tables changed last; how many were forgotten."""
        with self._db:
            cursor = self._db.execute(
                "DELETE FROM tables WHERE id NOT IN"
                " (SELECT id FROM tables ORDER BY updated DESC, id LIMIT ?)",
                (keep,),
            )
        return cursor.rowcount

    def load_tables(self) -> list[Table]:
        """Every stored table, replayed from its record, the oldest first."""
        rows = self._db.execute("SELECT * FROM tables ORDER BY created, id").fetchall()
        return [table_from_row(dict(row)) for row in rows]

    def stamps(self) -> dict[str, tuple[float, float]]:
        """When each stored table was made and last changed."""
        rows = self._db.execute("SELECT id, created, updated FROM tables").fetchall()
        return {r["id"]: (r["created"], r["updated"]) for r in rows}

    def hands(self, table_id: str, after: int = 0, limit: int = -1) -> list[dict[str, Any]]:
        """The finished hands of a table numbered above ``after``: id and number, in order, at
        most ``limit`` of them (all if negative)."""
        rows = self._db.execute(
            "SELECT id, number FROM hands WHERE table_id = ? AND number > ? ORDER BY number"
            " LIMIT ?",
            (table_id, after, limit),
        ).fetchall()
        return [{"id": r["id"], "number": r["number"]} for r in rows]

    def hand_seat(self, hand_id: int, token: str) -> int | None:
        """The seat whose token is ``token`` at the table of a finished hand, as it was when the
        hand ended (``None`` if none, or if the hand was stored without its seats)."""
        row = self._db.execute("SELECT seats FROM hands WHERE id = ?", (hand_id,)).fetchone()
        if row is None or not row["seats"] or not token:
            return None
        for number, seat in enumerate(json.loads(row["seats"])):
            if seat.get("kind") == "human" and seat.get("token") == token:
                return number
        return None

    def hand_record(self, hand_id: int) -> tuple[str, str] | None:
        """The table and record of a finished hand, or ``None``."""
        row = self._db.execute(
            "SELECT table_id, record FROM hands WHERE id = ?", (hand_id,)
        ).fetchone()
        return None if row is None else (row["table_id"], row["record"])

    def count_hands(self) -> int:
        """How many finished hands are stored."""
        return int(self._db.execute("SELECT COUNT(*) FROM hands").fetchone()[0])
