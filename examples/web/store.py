"""Storage in SQLite (the standard library's ``sqlite3``): tables in progress as their records, and
every finished hand as its record, so that a restart loses nothing."""

from __future__ import annotations

import sqlite3
import time
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
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS hands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id TEXT NOT NULL,
    number INTEGER NOT NULL,
    profile TEXT NOT NULL,
    record TEXT NOT NULL,
    finished REAL NOT NULL,
    UNIQUE (table_id, number)
);
"""


class Store:
    """The database: one SQLite file (``":memory:"`` for a store that lasts as long as the object)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.row_factory = sqlite3.Row
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
        self._db.close()

    def save_table(self, table: Table) -> None:
        """Store the table as it stands, and its last hand if that hand is finished."""
        row = table.to_row()
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO tables (id, profile, mode, seed, seats, record, moves,"
                " status, updated) VALUES (:id, :profile, :mode, :seed, :seats, :record, :moves,"
                " :status, :updated)",
                {**row, "updated": time.time()},
            )
            last = table.last_hand
            if last is not None and last.is_over:
                self._db.execute(
                    "INSERT OR IGNORE INTO hands (table_id, number, profile, record, finished)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (
                        table.id,
                        table.hand_number,
                        table.profile.name,
                        records.dump(last),
                        time.time(),
                    ),
                )

    def load_tables(self) -> list[Table]:
        """Every stored table, replayed from its record."""
        rows = self._db.execute("SELECT * FROM tables ORDER BY updated").fetchall()
        return [table_from_row(dict(row)) for row in rows]

    def hands(self, table_id: str) -> list[dict[str, Any]]:
        """The finished hands of a table: id and number, in order."""
        rows = self._db.execute(
            "SELECT id, number FROM hands WHERE table_id = ? ORDER BY number", (table_id,)
        ).fetchall()
        return [{"id": r["id"], "number": r["number"]} for r in rows]

    def hand_record(self, hand_id: int) -> tuple[str, str] | None:
        """The table and record of a finished hand, or ``None``."""
        row = self._db.execute(
            "SELECT table_id, record FROM hands WHERE id = ?", (hand_id,)
        ).fetchone()
        return None if row is None else (row["table_id"], row["record"])

    def count_hands(self) -> int:
        """How many finished hands are stored."""
        return int(self._db.execute("SELECT COUNT(*) FROM hands").fetchone()[0])
