"""The hall: the tables in play (each the authoritative :class:`~.table.Table`), their clients,
their bots' drivers, and the closing of the tables nobody is at.

A table is *idle* when no seated player has a WebSocket open to it and nothing has changed at it
for ``Limits.idle_after`` seconds; idle tables are closed (forgotten, and deleted from the store:
their finished hands stay in the archive). The server looks every ``Limits.sweep_every`` seconds,
and before it opens a table past ``Limits.max_tables``: first the idle tables go, then, if it is
still full, those nobody is connected to, the longest untouched first. Only when every table has a
seated player connected is a new table refused (:class:`HallFullError`). The times are in seconds of the
``clock`` (``time.time``: they are stored, and count across a restart).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter
from collections.abc import Callable

import attrs
from starlette.websockets import WebSocket

from reversis.bots.levels import DEFAULT_LEVEL
from reversis.bots.players import Bot

from .limits import Limits, RateLimiter
from .store import Store
from .table import Table, TableError, bot_for

__all__ = ["CLOSED", "Connection", "HallFullError", "Server"]

LOG = logging.getLogger("examples.web")
#: The WebSocket close code of a table closed by the server (nobody was at it).
CLOSED = 4410


class HallFullError(Exception):
    """Every table has a seated player connected: no table can be opened now."""


@attrs.define(eq=False)
class Connection:
    """One client's WebSocket: its seat (``None`` for an onlooker), its queue of messages, and the
    key of its client address."""

    socket: WebSocket
    seat: int | None
    outbox: asyncio.Queue[str | None]
    client: str = ""
    #: The close code to send once the queue is sent (the client was dropped, the table closed).
    close_code: int | None = None

    @property
    def dropped(self) -> bool:
        """Whether the server is closing this connection."""
        return self.close_code is not None


class Server:
    """The tables in play, their clients and bot drivers (see the module's documentation)."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.0,
        limits: Limits | None = None,
        clock: Callable[[], float] | None = None,
    ):
        self.store = store
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.clock = clock or store.clock
        self.tables: dict[str, Table] = {}
        #: When each table was made and when it last changed (or a player left it).
        self.created: dict[str, float] = {}
        self.active: dict[str, float] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.bots: dict[tuple[str, int], Bot] = {}
        #: Live WebSockets per client address.
        self.sockets: Counter[str] = Counter()
        self.creations = RateLimiter(
            self.limits.create_rate, self.limits.create_burst, self.clock, self.limits.max_clients
        )

    # -- tables ----------------------------------------------------------------------------------

    def load(self) -> None:
        """Replay the stored tables (at start), at most ``max_tables`` of them: the ones changed
        last."""
        dropped = self.store.trim(self.limits.max_tables)
        if dropped:
            LOG.warning(
                "%d stored tables past the limit of %d closed", dropped, self.limits.max_tables
            )
        stamps = self.store.stamps()
        for table in self.store.load_tables():
            self.tables[table.id] = table
            self.created[table.id], self.active[table.id] = stamps[table.id]

    def start_drivers(self) -> None:
        """Let the bots of every loaded table play on."""
        for table_id in self.tables:
            self.kick(table_id)

    def open(self, table: Table) -> None:
        """Add a new table, making room first (:class:`HallFullError` if there is none)."""
        self.make_room()
        now = self.clock()
        self.tables[table.id] = table
        self.created[table.id] = self.active[table.id] = now
        self.store.save_table(table, now)

    def bot(self, table_id: str, seat: int) -> Bot:
        """The bot of a seat, at the table's level (made once per table and seat)."""
        key = (table_id, seat)
        if key not in self.bots:
            table = self.tables.get(table_id)
            level = table.level if table is not None else DEFAULT_LEVEL
            self.bots[key] = bot_for(table_id, seat, level)
        return self.bots[key]

    async def change(self, table_id: str, change: Callable[[Table], Table]) -> Table:
        """Apply ``change`` to the table; if it raises, nothing changes. Then store the table, send
        every client its new state, and let the bots move."""
        table = self.tables.get(table_id)
        if table is None:
            raise TableError("no such table: it was closed")
        new = change(table)
        self._save(new)
        self.kick(table_id)
        return new

    def _save(self, table: Table) -> None:
        now = self.clock()
        self.tables[table.id] = table
        self.active[table.id] = now
        self.store.save_table(table, now)
        self.broadcast(table)

    # -- closing the tables nobody is at ---------------------------------------------------------

    def seated(self, table_id: str) -> bool:
        """Whether a seated player has a WebSocket open to the table."""
        return any(c.seat is not None and not c.dropped for c in self.connections.get(table_id, ()))

    def idle(self, table_id: str, now: float) -> bool:
        """Whether nobody is at the table and nothing changed there for ``idle_after`` seconds."""
        quiet = now - self.active.get(table_id, now)
        return quiet >= self.limits.idle_after and not self.seated(table_id)

    def sweep(self) -> list[str]:
        """Close the idle tables; their ids."""
        now = self.clock()
        gone = [t for t in self.tables if self.idle(t, now)]
        for table_id in gone:
            self.close(table_id)
        return gone

    def make_room(self) -> None:
        """Below ``max_tables``: close idle tables, then those nobody is connected to (the longest
        untouched first) as long as the hall is full; :class:`HallFullError` if that is not enough."""
        if len(self.tables) < self.limits.max_tables:
            return
        self.sweep()
        while len(self.tables) >= self.limits.max_tables:
            unattended = [t for t in self.tables if not self.seated(t)]
            if not unattended:
                break
            self.close(min(unattended, key=lambda t: self.active.get(t, 0.0)))
        if len(self.tables) >= self.limits.max_tables:
            raise HallFullError(f"all {self.limits.max_tables} tables have players at them")

    def close(self, table_id: str) -> None:
        """Close a table: its bots stop, its onlookers are told and disconnected, and it is
        deleted from the store (its finished hands stay)."""
        LOG.info("table %s closed: nobody was at it", table_id)
        table = self.tables.pop(table_id, None)
        self.created.pop(table_id, None)
        self.active.pop(table_id, None)
        task = self.drivers.pop(table_id, None)
        if task is not None:
            task.cancel()
        for seat in range(0 if table is None else len(table.seats)):
            self.bots.pop((table_id, seat), None)
        message = json.dumps(
            {"type": "error", "message": "this table was closed: nobody was at it"}
        )
        for conn in self.connections.pop(table_id, set()):
            self.send(conn, message)
            self.hang_up(conn, CLOSED)
        self.store.delete_table(table_id)

    async def sweeper(self) -> None:
        """Close the idle tables every ``sweep_every`` seconds (runs while the server does)."""
        while True:
            await asyncio.sleep(self.limits.sweep_every)
            try:
                self.sweep()
            except Exception:  # a bug to see in the log; the server looks again next time
                LOG.exception("closing the idle tables failed")

    # -- clients ---------------------------------------------------------------------------------

    def broadcast(self, table: Table) -> None:
        """Queue the table's state for each of its clients, each with its own seat's view."""
        for conn in list(self.connections.get(table.id, ())):
            self.send(conn, json.dumps(table.message(conn.seat)))

    def send(self, conn: Connection, text: str) -> None:
        """Queue a message for a client; a client that does not read its messages is dropped."""
        if conn.dropped:
            return
        try:
            conn.outbox.put_nowait(text)
        except asyncio.QueueFull:
            for conns in self.connections.values():
                conns.discard(conn)
            while not conn.outbox.empty():
                conn.outbox.get_nowait()
            self.hang_up(conn, 1008)

    def hang_up(self, conn: Connection, code: int) -> None:
        """Close the connection with ``code`` once what is queued for it is sent."""
        if conn.dropped:
            return
        conn.close_code = code
        with contextlib.suppress(asyncio.QueueFull):
            conn.outbox.put_nowait(None)

    def left(self, table_id: str, conn: Connection) -> None:
        """A client has gone: if it was a seated player, the table's idle time starts now."""
        self.sockets[conn.client] -= 1
        if self.sockets[conn.client] <= 0:
            del self.sockets[conn.client]
        conns = self.connections.get(table_id)
        if conns is None:
            return
        conns.discard(conn)
        if conn.seat is not None and table_id in self.tables:
            now = self.clock()
            self.active[table_id] = now
            self.store.touch(table_id, now)

    # -- bots ------------------------------------------------------------------------------------

    def kick(self, table_id: str) -> None:
        """Make sure the table's bot driver runs."""
        task = self.drivers.get(table_id)
        if task is None or task.done():
            self.drivers[table_id] = asyncio.get_running_loop().create_task(self._drive(table_id))

    async def _drive(self, table_id: str) -> None:
        while True:
            table = self.tables.get(table_id)
            if table is None or not _bot_to_act(table):
                return
            await asyncio.sleep(self.bot_delay)
            table = self.tables.get(table_id)
            if table is None:
                return
            bots = {seat: self.bot(table_id, seat) for seat in table.actors()}
            try:
                # A bot that thinks (the hard level, a few tenths of a second) does so in a
                # thread: the other tables and clients are served meanwhile.
                step = await asyncio.to_thread(table.bot_step, bots.__getitem__)
            except ValueError:  # a bot's move refused: a bug to see in the log, the table kept
                LOG.exception("table %s: a bot's move was refused", table_id)
                return
            if step is None:
                return
            if self.tables.get(table_id) is not table:  # closed or changed meanwhile: look again
                continue
            self._save(step)

    async def stop(self) -> None:
        """Stop the bot drivers."""
        for task in self.drivers.values():
            task.cancel()
        for task in self.drivers.values():
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _bot_to_act(table: Table) -> bool:
    if table.status == "between":
        return table.all_bots
    return any(table.seats[s].kind == "bot" for s in table.actors())
