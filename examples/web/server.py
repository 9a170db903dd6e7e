"""The web server: Starlette routes over :mod:`.hall` (the tables in play), :mod:`.table` and
:mod:`.store`.

HTTP (JSON) for the lobby — profiles, tables, taking a seat, bots, the finished hands and their
replay — and one WebSocket per client (:mod:`.sockets`). Every path and query value is checked
where it comes in (:mod:`.params`); every error is JSON, ``{"error": "…"}``, with its status: 400 (a
bad query or body), 403, 404 (no such route, table or hand), 405, 429 (too many new tables from
one client: ``Retry-After`` says when to come back), 503 (every table has players at it). Lists
come in pages: ``limit`` (a default and a maximum) and the ``next`` address of the page after.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

import reversis
from reversis.bots.levels import DEFAULT_LEVEL, LEVELS
from reversis.text.glossary import glossary_terms
from reversis.text.sentences import aim_sentence

from . import params
from .hall import Connection, HallFullError, Server
from .limits import Limits, client_key
from .params import RefusedError
from .sockets import socket
from .store import Store
from .table import TableError, new_table, replay_views

__all__ = ["Connection", "Limits", "Server", "create_app"]

STATIC = Path(__file__).parent / "static"
LOG = logging.getLogger("examples.web")
_CREATE = ("profile", "mode", "seed", "level")
_SIT = ("seat", "name")


def _error(
    message: str, status: int = 400, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _server(request: Request) -> Server:
    server: Server = request.app.state.server
    return server


def _table_id(request: Request) -> str:
    table_id = params.table_id(str(request.path_params["table_id"]))
    if table_id not in _server(request).tables:
        raise RefusedError(404, "no such table")
    return table_id


async def index(request: Request) -> Response:
    """The page."""
    return FileResponse(STATIC / "index.html")


async def favicon(request: Request) -> Response:
    """The tab's icon (a card with a heart), where browsers look for it."""
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


async def profiles(request: Request) -> Response:
    """The shipped profiles: name, players, what they are."""
    params.query(request.query_params, ())
    rows = [
        {"name": name, "players": reversis.load_profile(name).players, "about": about}
        for name, about in reversis.available_profiles().items()
    ]
    return JSONResponse(rows)


async def levels(request: Request) -> Response:
    """How well the bots play, the easiest first (reversis.bots.levels): each level's name, title,
    words and time a move; ``default`` is the level a new table has unless one is chosen."""
    params.query(request.query_params, ())
    return JSONResponse({"levels": [level.to_dict() for level in LEVELS], "default": DEFAULT_LEVEL})


async def glossary(request: Request) -> Response:
    """What a newcomer reads (issue 38): ``?profile=NAME``'s aim, and the words of the game
    (reversis.text.glossary, the terminal's and the docs' words)."""
    name = params.query(request.query_params, ("profile",)).get("profile", "fournier-1785")
    if name not in reversis.available_profiles():
        raise RefusedError(400, "profile: not a shipped profile")
    return JSONResponse(
        {
            "aim": aim_sentence(reversis.load_profile(name)),
            "terms": [[term, text] for term, text in glossary_terms()],
        }
    )


async def tables(request: Request) -> Response:
    """``GET``: a page of the open tables; ``POST``: a new table."""
    if request.method == "POST":
        return await create_table(request)
    return await list_tables(request)


async def list_tables(request: Request) -> Response:
    """A page of the open tables, the newest first: ``?limit=&cursor=&status=``."""
    server = _server(request)
    lim = server.limits
    args = params.query(request.query_params, ("limit", "cursor", "status"))
    limit = params.page_size(args.get("limit"), lim.list_limit, lim.list_max)
    cursor = params.tables_cursor(args.get("cursor"))
    status = args.get("status")
    if status is not None and status not in params.STATUSES:
        raise RefusedError(400, f"the status is one of {', '.join(params.STATUSES)}")

    def key(table_id: str) -> tuple[int, str]:
        return math.floor(server.created.get(table_id, 0.0) * 1000), table_id

    order = sorted(server.tables, key=key, reverse=True)
    if cursor is not None:
        order = [t for t in order if key(t) < cursor]
    if status is not None:
        order = [t for t in order if server.tables[t].status == status]
    page = order[:limit]
    after = None
    if len(order) > limit:
        stamp, last = key(page[-1])
        after = f"/api/tables?limit={limit}&cursor={stamp}-{last}"
        if status is not None:
            after += f"&status={status}"
    return JSONResponse({"tables": [server.tables[t].summary() for t in page], "next": after})


async def create_table(request: Request) -> Response:
    """A new table (its client within its rate of new tables)."""
    server = _server(request)
    params.query(request.query_params, ())
    client = client_key(request.client.host if request.client else None)
    wait = server.creations.take(client)
    if wait:
        seconds = max(1, math.ceil(wait))
        raise RefusedError(
            429,
            f"too many new tables from your address: at most {server.limits.create_burst} at"
            f" once, then one every {1 / server.limits.create_rate:g} s; try again in {seconds} s",
            {"Retry-After": str(seconds)},
        )
    body = await params.read_body(request, server.limits.max_body, _CREATE)
    seed = body.get("seed", secrets.randbelow(10**9))
    table = new_table(
        secrets.token_hex(6),
        body.get("profile", "fournier-1785"),
        body.get("mode", "hand"),
        seed,
        body.get("level", DEFAULT_LEVEL),
    )
    try:
        server.open(table)
    except HallFullError as exc:
        retry = str(math.ceil(server.limits.sweep_every))
        raise RefusedError(503, f"the server is full: {exc}", {"Retry-After": retry}) from None
    return JSONResponse(table.summary(), status_code=201)


async def sit(request: Request) -> Response:
    """A person takes a seat: the seat's secret token."""
    server = _server(request)
    table_id = _table_id(request)
    params.query(request.query_params, ())
    body = await params.read_body(request, server.limits.max_body, _SIT)
    seat = body.get("seat")
    name = body.get("name", "Player")
    token = secrets.token_urlsafe(16)
    table = await server.change(table_id, lambda t: t.sit(seat, name, token))  # type: ignore[arg-type]
    return JSONResponse({"seat": seat, "token": token, "table": table.summary()})


async def bots(request: Request) -> Response:
    """Bots take the empty seats, and play starts."""
    server = _server(request)
    table_id = _table_id(request)
    params.query(request.query_params, ())
    await params.read_body(request, server.limits.max_body, ())
    table = await server.change(table_id, lambda t: t.fill_bots())
    return JSONResponse(table.summary())


async def hands(request: Request) -> Response:
    """A page of a table's finished hands (also of a closed table): ``?limit=&after=``."""
    server = _server(request)
    table_id = params.table_id(str(request.path_params["table_id"]))
    args = params.query(request.query_params, ("limit", "after"))
    limit = params.page_size(args.get("limit"), server.limits.list_limit, server.limits.list_max)
    after = args.get("after")
    number = 0 if after is None else params.whole_number(after, "after", 0, 10**9)
    rows = server.store.hands(table_id, number, limit + 1)
    if not rows and number == 0 and table_id not in server.tables:
        raise RefusedError(404, "no such table")
    page = rows[:limit]
    following = None
    if len(rows) > limit:
        following = f"/api/tables/{table_id}/hands?limit={limit}&after={page[-1]['number']}"
    return JSONResponse({"hands": page, "next": following})


async def replay(request: Request) -> Response:
    """A finished hand, step by step, as one seat saw it (``?token=`` of that seat)."""
    server = _server(request)
    hand_id = params.hand_id(str(request.path_params["hand_id"]))
    token = params.token(params.query(request.query_params, ("token",)).get("token"))
    found = server.store.hand_record(hand_id)
    if found is None:
        raise RefusedError(404, "no such hand")
    table_id, record = found
    seat = server.store.hand_seat(hand_id, token)
    table = server.tables.get(table_id)
    if seat is None and table is not None:
        seat = table.seat_of(token)
    if seat is None:
        # What a seat may know: only a player of that table, and only its own view.
        raise RefusedError(403, "only a player of this table may replay its hands, from their seat")
    return JSONResponse({"hand": hand_id, "seat": seat, "views": replay_views(record, seat)})


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RefusedError)
    return _error(exc.message, exc.status, exc.headers)


async def _table_error(request: Request, exc: Exception) -> Response:
    return _error(str(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(exc.detail, exc.status_code, exc.headers)


async def _server_error(request: Request, exc: Exception) -> Response:
    LOG.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return _error("the server failed; the error is logged", 500)


def create_app(
    db: str | Path = ":memory:",
    *,
    bot_delay: float = 0.0,
    limits: Limits | None = None,
    clock: Callable[[], float] = time.time,
) -> Starlette:
    """The web application, storing in the SQLite file ``db``; bots wait ``bot_delay`` seconds
    before each move (so that a person can follow them). ``limits`` are the server's
    (:class:`Limits`); ``clock`` gives the time in seconds (a test may pass its own)."""
    server = Server(Store(db, clock), bot_delay=bot_delay, limits=limits, clock=clock)
    server.load()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.start_drivers()
        sweeper = asyncio.get_running_loop().create_task(server.sweeper())
        yield
        sweeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await sweeper
        await server.stop()

    handlers: dict[Any, Any] = {
        RefusedError: _refused,
        TableError: _table_error,
        HTTPException: _http_error,
        Exception: _server_error,
    }
    app = Starlette(
        routes=[
            Route("/", index),
            Route("/favicon.ico", favicon),
            Route("/api/profiles", profiles),
            Route("/api/levels", levels),
            Route("/api/glossary", glossary),
            Route("/api/tables", tables, methods=["GET", "POST"]),
            Route("/api/tables/{table_id}/sit", sit, methods=["POST"]),
            Route("/api/tables/{table_id}/bots", bots, methods=["POST"]),
            Route("/api/tables/{table_id}/hands", hands),
            Route("/api/hands/{hand_id}/replay", replay),
            WebSocketRoute("/ws/{table_id}", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
        exception_handlers=handlers,
    )
    app.state.server = server
    return app
