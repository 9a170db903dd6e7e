"""The WebSocket of a client: ``/ws/{table}?token=…``.

The client sends ``{"type": "move", "move": "QS"}`` (also ``"next"`` between the hands of a match,
``{"type": "choose", "choice": "share"}``, and ``"ping"``) and receives ``{"type": "state", …}``
with its own seat's views after every change, or ``{"type": "error", "message": …}``. Each
connection has limits: the size of a message, and a rate (a token bucket); past them the server
says why and closes that connection only. A table has a few onlookers at most; a seat's own token
always gets in (up to a few tabs), and one client address holds a bounded number of sockets.

Close codes: 1008 (a limit broken, a bad query), 1009 (a message too large), 1013 (too many
connections: try again later), 4404 (no such table), 4410 (the table was closed: nobody was at it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from reversis.errors import IllegalMoveError
from reversis.text.sentences import for_people

from . import params
from .hall import Connection, Server
from .limits import Bucket, client_key

__all__ = ["socket"]


async def socket(ws: WebSocket) -> None:
    """Serve one client's WebSocket until it, or the server, closes it."""
    server: Server = ws.app.state.server
    lim = server.limits
    await ws.accept()

    async def refuse(message: str, code: int) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):  # the client left
            await ws.send_text(json.dumps({"type": "error", "message": message}))
            await ws.close(code=code)

    try:
        table_id = params.table_id(str(ws.path_params["table_id"]))
        token = params.token(params.query(ws.query_params, ("token",)).get("token"))
    except params.RefusedError as exc:
        await refuse(exc.message, 4404 if exc.status == 404 else 1008)
        return
    table = server.tables.get(table_id)
    if table is None:
        await refuse("no such table", 4404)
        return
    client = client_key(ws.client.host if ws.client else None)
    if server.sockets[client] >= lim.max_client_sockets:
        await refuse(
            f"too many connections from your address (at most {lim.max_client_sockets})", 1013
        )
        return
    seat = table.seat_of(token)
    conns = server.connections.setdefault(table_id, set())
    alike = sum(1 for c in conns if c.seat == seat)
    if seat is None and alike >= lim.max_onlookers:
        await refuse(f"this table has its {lim.max_onlookers} onlookers", 1013)
        return
    if seat is not None and alike >= lim.max_seat_connections:
        await refuse(f"your seat is open in {alike} places already: close one", 1013)
        return
    conn = Connection(ws, seat, asyncio.Queue(lim.max_outbox), client)
    conns.add(conn)
    server.sockets[client] += 1
    sender = asyncio.get_running_loop().create_task(_sender(conn))
    server.send(conn, json.dumps(table.message(seat)))
    bucket = Bucket(lim.rate, lim.burst, time.monotonic())
    try:
        await _receive(server, conn, table_id, bucket)
    finally:
        server.left(table_id, conn)
        with contextlib.suppress(asyncio.QueueFull):
            conn.outbox.put_nowait(None)
        await sender


async def _sender(conn: Connection) -> None:
    """Send a client its queued messages, in order, until told to stop (``None``)."""
    while True:
        text = await conn.outbox.get()
        if text is None:
            if conn.close_code is not None:
                await _close(conn, conn.close_code)
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
            size = len(text.encode("utf-8", "surrogatepass"))
        if size > lim.max_message:
            error(f"message too large: {size} bytes (the limit is {lim.max_message})")
            server.hang_up(conn, 1009)
            continue
        if not bucket.take(time.monotonic()):
            error(f"too many messages: at most {lim.rate:g} a second; this connection is closed")
            server.hang_up(conn, 1008)
            continue
        if conn.dropped:
            continue
        if text is None:
            error("malformed message: send JSON text, not bytes")
            continue
        try:
            data = json.loads(text)
        except RecursionError:
            error("malformed message: nested too deeply")
            continue
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
    except IllegalMoveError as exc:  # its reason with suit symbols, the move as sent
        error(f"illegal move {str(exc.move)!r}: {for_people(exc.reason)}")
    except ValueError as exc:  # TableError, InvalidMoveError, MatchError
        error(str(exc))


async def _close(conn: Connection, code: int) -> None:
    """Close a client's socket, after a moment for the sender to deliver what was queued."""
    await asyncio.sleep(0.05)
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):  # the client left
        await conn.socket.close(code=code)
