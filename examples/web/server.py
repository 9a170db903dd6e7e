"""The web server: Starlette routes over :mod:`table` and :mod:`store`.

HTTP (JSON) for the lobby — profiles, tables, taking a seat, bots, the finished hands and their
replay — and one WebSocket per client, ``/ws/{table}?token=…``, over which the client sends
``{"type": "move", "move": "QS"}`` (also ``"next"`` between the hands of a match, and
``{"type": "choose", "choice": "share"}``) and receives ``{"type": "state", …}`` with its own seat's
views after every change, or ``{"type": "error", "message": …}``. Each connection has limits: the size
of a message, and a rate (a token bucket); past them the server says why and closes that connection
only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import reversis
from reversis.bots import CautiousBot

from .store import Store
from .table import Table, TableError, bot_for, new_table, replay_views

__all__ = ["Limits", "Server", "create_app"]

STATIC = Path(__file__).parent / "static"
LOG = logging.getLogger("examples.web")


@attrs.frozen
class Limits:
    """What one client may send: the largest WebSocket message (bytes), the rate of messages (a
    bucket of ``burst`` refilled at ``rate`` per second), the largest HTTP body, how many tables and
    how many connections per table, and how many messages may wait to be sent to a client."""

    max_message: int = 1024
    rate: float = 20.0
    burst: int = 40
    max_body: int = 4096
    max_tables: int = 5000
    max_connections: int = 16
    max_outbox: int = 256


@attrs.define
class Bucket:
    """A token bucket: ``take()`` is false when the client sends faster than allowed."""

    rate: float
    burst: float
    level: float = 0.0
    stamp: float = attrs.field(factory=time.monotonic)

    def __attrs_post_init__(self) -> None:
        self.level = self.burst

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


@attrs.define(eq=False)
class Connection:
    """One client's WebSocket: its seat (``None`` for an onlooker) and its queue of messages."""

    socket: WebSocket
    seat: int | None
    outbox: asyncio.Queue[str | None]
    #: Whether the client was dropped for not reading its messages.
    dropped: bool = False


class Server:
    """The tables in play (each the authoritative :class:`Table`), their clients and bot drivers."""

    def __init__(self, store: Store, *, bot_delay: float = 0.0, limits: Limits | None = None):
        self.store = store
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.connections: dict[str, set[Connection]] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.bots: dict[tuple[str, int], CautiousBot] = {}

    # -- tables ----------------------------------------------------------------------------------

    def load(self) -> None:
        """Replay every stored table (at start)."""
        for table in self.store.load_tables():
            self.tables[table.id] = table

    def start_drivers(self) -> None:
        """Let the bots of every loaded table play on."""
        for table_id in self.tables:
            self.kick(table_id)

    def bot(self, table_id: str, seat: int) -> CautiousBot:
        """The bot of a seat (made once per table and seat)."""
        key = (table_id, seat)
        if key not in self.bots:
            self.bots[key] = bot_for(table_id, seat)
        return self.bots[key]

    async def change(self, table_id: str, change: Callable[[Table], Table]) -> Table:
        """Apply ``change`` to the table; if it raises, nothing changes. Then store the table, send
        every client its new state, and let the bots move."""
        table = self.tables[table_id]
        new = change(table)
        self.tables[table_id] = new
        self.store.save_table(new)
        self.broadcast(new)
        self.kick(table_id)
        return new

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
            conn.dropped = True
            for conns in self.connections.values():
                conns.discard(conn)
            while not conn.outbox.empty():
                conn.outbox.get_nowait()
            conn.outbox.put_nowait(None)

    def kick(self, table_id: str) -> None:
        """Make sure the table's bot driver runs."""
        task = self.drivers.get(table_id)
        if task is None or task.done():
            self.drivers[table_id] = asyncio.get_running_loop().create_task(self._drive(table_id))

    async def _drive(self, table_id: str) -> None:
        while True:
            table = self.tables[table_id]
            if not _bot_to_act(table):
                return
            await asyncio.sleep(self.bot_delay)
            table = self.tables[table_id]
            try:
                step = table.bot_step(lambda seat: self.bot(table_id, seat))
            except ValueError:  # a bot's move refused: a bug to see in the log, the table kept
                LOG.exception("table %s: a bot's move was refused", table_id)
                return
            if step is None:
                return
            self.tables[table_id] = step
            self.store.save_table(step)
            self.broadcast(step)

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


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request, limit: int) -> dict[str, Any]:
    """The request's JSON object (TableError if too large or malformed)."""
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise TableError(f"the request is too large (the limit is {limit} bytes)")
    if not data:
        return {}
    try:
        value = json.loads(data)
    except ValueError:
        raise TableError("the request is not JSON") from None
    if not isinstance(value, dict):
        raise TableError("the request must be a JSON object")
    return value


def create_app(
    db: str | Path = ":memory:", *, bot_delay: float = 0.0, limits: Limits | None = None
) -> Starlette:
    """The web application, storing in the SQLite file ``db``; bots wait ``bot_delay`` seconds
    before each move (so that a person can follow them)."""
    server = Server(Store(db), bot_delay=bot_delay, limits=limits)
    server.load()
    lim = server.limits

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.start_drivers()
        yield
        await server.stop()

    def table_or_404(request: Request) -> Table | None:
        return server.tables.get(str(request.path_params["table_id"]))

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def profiles(request: Request) -> Response:
        rows = [
            {"name": name, "players": reversis.load_profile(name).players, "about": about}
            for name, about in reversis.available_profiles().items()
        ]
        return JSONResponse(rows)

    async def tables(request: Request) -> Response:
        if request.method == "GET":
            return JSONResponse([t.summary() for t in server.tables.values()])
        try:
            body = await _body(request, lim.max_body)
            if len(server.tables) >= lim.max_tables:
                raise TableError(f"the server has its {lim.max_tables} tables")
            seed = body.get("seed", secrets.randbelow(10**9))
            table = new_table(
                secrets.token_hex(6),
                body.get("profile", "fournier-1785"),
                body.get("mode", "hand"),
                seed,
            )
        except TableError as exc:
            return _error(str(exc))
        server.tables[table.id] = table
        server.store.save_table(table)
        return JSONResponse(table.summary(), status_code=201)

    async def sit(request: Request) -> Response:
        table = table_or_404(request)
        if table is None:
            return _error("no such table", 404)
        token = secrets.token_urlsafe(16)
        try:
            body = await _body(request, lim.max_body)
            seat = body.get("seat")
            name = body.get("name", "Player")
            table = await server.change(table.id, lambda t: t.sit(seat, name, token))  # type: ignore[arg-type]
        except TableError as exc:
            return _error(str(exc))
        return JSONResponse({"seat": seat, "token": token, "table": table.summary()})

    async def bots(request: Request) -> Response:
        table = table_or_404(request)
        if table is None:
            return _error("no such table", 404)
        try:
            table = await server.change(table.id, lambda t: t.fill_bots())
        except TableError as exc:
            return _error(str(exc))
        return JSONResponse(table.summary())

    async def hands(request: Request) -> Response:
        table = table_or_404(request)
        if table is None:
            return _error("no such table", 404)
        return JSONResponse(server.store.hands(table.id))

    async def replay(request: Request) -> Response:
        try:
            hand_id = int(request.path_params["hand_id"])
        except ValueError:
            return _error("no such hand", 404)
        found = server.store.hand_record(hand_id)
        if found is None:
            return _error("no such hand", 404)
        table_id, record = found
        table = server.tables.get(table_id)
        seat = None if table is None else table.seat_of(request.query_params.get("token", ""))
        if seat is None:
            # What a seat may know: only a player of that table, and only its own view.
            return _error("only a player of this table may replay its hands, from their seat", 403)
        return JSONResponse({"hand": hand_id, "seat": seat, "views": replay_views(record, seat)})

    async def socket(ws: WebSocket) -> None:
        table_id = str(ws.path_params["table_id"])
        await ws.accept()
        table = server.tables.get(table_id)
        if table is None:
            await ws.send_text(json.dumps({"type": "error", "message": "no such table"}))
            await ws.close(code=4404)
            return
        conns = server.connections.setdefault(table_id, set())
        if len(conns) >= lim.max_connections:
            await ws.send_text(
                json.dumps({"type": "error", "message": "this table is full of clients"})
            )
            await ws.close(code=1013)
            return
        seat = table.seat_of(ws.query_params.get("token", ""))
        conn = Connection(ws, seat, asyncio.Queue(lim.max_outbox))
        conns.add(conn)
        sender = asyncio.get_running_loop().create_task(_sender(conn))
        server.send(conn, json.dumps(table.message(seat)))
        bucket = Bucket(lim.rate, lim.burst)
        try:
            await _receive(server, conn, table_id, bucket)
        finally:
            conns.discard(conn)
            with contextlib.suppress(asyncio.QueueFull):
                conn.outbox.put_nowait(None)
            await sender

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/profiles", profiles),
            Route("/api/tables", tables, methods=["GET", "POST"]),
            Route("/api/tables/{table_id}/sit", sit, methods=["POST"]),
            Route("/api/tables/{table_id}/bots", bots, methods=["POST"]),
            Route("/api/tables/{table_id}/hands", hands),
            Route("/api/hands/{hand_id}/replay", replay),
            WebSocketRoute("/ws/{table_id}", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app


async def _sender(conn: Connection) -> None:
    """Send a client its queued messages, in order, until told to stop (``None``)."""
    while True:
        text = await conn.outbox.get()
        if text is None:
            if conn.dropped:
                await _close(conn, 1008)
            return
        try:
            await conn.socket.send_text(text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return


async def _receive(server: Server, conn: Connection, table_id: str, bucket: Bucket) -> None:
    """Read a client's messages and act on them, within its limits."""
    lim = server.limits

    def error(message: str) -> None:
        server.send(conn, json.dumps({"type": "error", "message": message}))

    while True:
        message = await conn.socket.receive()
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            raw = message.get("bytes") or b""
            size = len(raw)
        else:
            size = len(text.encode())
        if size > lim.max_message:
            error(f"message too large: {size} bytes (the limit is {lim.max_message})")
            await _close(conn, 1009)
            return
        if not bucket.take():
            error(f"too many messages: at most {lim.rate:g} a second; this connection is closed")
            await _close(conn, 1008)
            return
        if text is None:
            error("malformed message: send JSON text, not bytes")
            continue
        try:
            data = json.loads(text)
        except ValueError:
            error("malformed message: not JSON")
            continue
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            error('malformed message: a JSON object with a "type" is expected')
            continue
        await _act(server, conn, table_id, data, error)


async def _act(
    server: Server,
    conn: Connection,
    table_id: str,
    data: dict[str, Any],
    error: Callable[[str], None],
) -> None:
    kind = data["type"]
    seat = conn.seat
    if kind == "ping":
        server.send(conn, json.dumps({"type": "pong"}))
        return
    if seat is None:
        error("you have no seat at this table (watching only)")
        return
    try:
        if kind == "move":
            move = data.get("move")
            if not isinstance(move, str):
                error('malformed message: a move is {"type": "move", "move": "<notation>"}')
                return
            await server.change(table_id, lambda t: t.move(seat, move))
        elif kind == "next":
            await server.change(table_id, lambda t: t.next_hand())
        elif kind == "choose":
            choice = data.get("choice")
            await server.change(table_id, lambda t: t.choose(seat, choice))  # type: ignore[arg-type]
        else:
            error(f"malformed message: unknown type {kind[:20]!r}")
    except ValueError as exc:  # TableError, InvalidMoveError, IllegalMoveError, MatchError
        error(str(exc))


async def _close(conn: Connection, code: int) -> None:
    """Close a client's socket, after a moment for the sender to deliver what was queued."""
    await asyncio.sleep(0.05)
    with contextlib.suppress(RuntimeError, OSError):
        await conn.socket.close(code=code)
