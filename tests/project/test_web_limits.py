"""The web table (examples/web) against hostile clients: a flood of new tables from one address
and from many, tables nobody is at closed (their hands kept), lists in pages, onlookers that would
crowd out a player, and every path, query, body and WebSocket message checked — fuzzed with
:mod:`examples.web.hostile`, never a 5xx.

A client is its address; the tests give each request its own through uvicorn's
``ProxyHeadersMiddleware`` (``X-Forwarded-For``), as a server behind a proxy would be configured.
Time is a fake clock that the tests move on; nothing sleeps.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from helpers import ROOT, sized

pytest.importorskip("starlette")
pytest.importorskip("httpx2")
pytest.importorskip("uvicorn")

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from examples.web.hostile import malformed_message, malformed_request
from examples.web.limits import Bucket, Limits, RateLimiter, client_key
from examples.web.server import create_app
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def client_for(app: Any, **kwargs: Any) -> TestClient:
    """A test client whose requests may each come from their own address (``X-Forwarded-For``)."""
    return TestClient(ProxyHeadersMiddleware(app, trusted_hosts="*"), **kwargs)  # type: ignore[arg-type]


def at(address: str) -> dict[str, str]:
    return {"x-forwarded-for": address}


def create(client: TestClient, address: str = "7.7.7.7", **body: Any) -> Any:
    return client.post(
        "/api/tables", json={"profile": "fournier-1785", **body}, headers=at(address)
    )


def seated_game(client: TestClient, address: str, *, bots: bool = True) -> tuple[str, str]:
    """A table of one hand with a person at seat 1 (and bots at the others): its id, the token."""
    made = create(client, address, seed=8)
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    sat = client.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "name": "Ann"})
    assert sat.status_code == 200, sat.text
    if bots:
        assert client.post(f"/api/tables/{table_id}/bots").status_code == 200
    return table_id, sat.json()["token"]


def play_to_the_end(ws: Any, seat: int, between: Any = None) -> dict[str, Any]:
    """Play the seat's first legal move at each of its turns until the hand is over (calling
    ``between()`` after each move); the last state."""
    acted = -1
    while True:
        message = ws.receive_json()
        assert message["type"] == "state", message
        table = message["table"]
        if table["status"] == "over":
            return message  # type: ignore[no-any-return]
        view = message["hand"]
        if table["status"] == "playing" and view["to_move"] == seat and table["step"] > acted:
            acted = table["step"]
            ws.send_json({"type": "move", "move": view["legal_moves"][0]})
            if between is not None:
                between()


def closed_code(ws: Any) -> int:
    """Read the messages left until the server closes the socket: its close code."""
    while True:
        try:
            ws.receive_json()
        except WebSocketDisconnect as closed:
            return closed.code


# ---- a flood of new tables -----------------------------------------------------------------


def test_a_flood_of_new_tables_leaves_room_for_others(tmp_path: Path) -> None:
    """The issue's flood (5,000 anonymous creations then every request refused, also after a
    restart): one address gets its burst then 429s; many addresses fill the hall, which closes
    the tables nobody is at to make room; another client creates a table and plays a whole hand
    meanwhile, and after a restart still can."""
    db = tmp_path / "tables.sqlite3"
    app = create_app(db, limits=Limits(max_tables=30))
    server = app.state.server
    with client_for(app) as client:
        codes = Counter(create(client, "1.2.3.4").status_code for _ in range(200))
        assert codes == {201: 10, 429: 190}
        refused = create(client, "1.2.3.4")
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        assert "too many new tables" in refused.json()["error"]
        many = Counter(create(client, f"10.0.{n // 200}.{n % 200}").status_code for n in range(120))
        assert many == {201: 120}
        assert len(server.tables) == 30

        table_id, token = seated_game(client, "5.6.7.8")
        flood = iter(range(10_000))

        def more_flood() -> None:  # fresh addresses keep creating while the hand is played
            for _ in range(5):
                assert create(client, f"10.1.0.{next(flood) % 250}").status_code in (201, 429)

        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            last = play_to_the_end(ws, 1, more_flood)
        assert last["hand"]["phase"] == "over"
        assert next(flood) >= 50
        hands = client.get(f"/api/tables/{table_id}/hands").json()["hands"]
        assert len(hands) == 1
        assert len(server.tables) <= 30

    again = create_app(db, limits=Limits(max_tables=30))
    with client_for(again) as client:
        assert len(again.state.server.tables) == 30
        assert create(client, "9.9.9.9").status_code == 201
        replay = client.get(f"/api/hands/{hands[0]['id']}/replay?token={token}")
        assert replay.status_code == 200
        assert replay.json()["seat"] == 1


def test_a_full_hall_closes_the_unattended_tables_first(tmp_path: Path) -> None:
    clock = Clock()
    app = create_app(tmp_path / "t.sqlite3", limits=Limits(max_tables=4), clock=clock)
    server = app.state.server
    with client_for(app) as client, contextlib.ExitStack() as stack:
        ids, tokens = [], []
        for n in range(4):
            table_id, token = seated_game(client, f"1.1.1.{n}", bots=False)
            ids.append(table_id)
            tokens.append(token)
            clock.now += 1
        first = stack.enter_context(client.websocket_connect(f"/ws/{ids[0]}?token={tokens[0]}"))
        assert first.receive_json()["seat"] == 1
        assert create(client, "2.2.2.2").status_code == 201
        assert ids[0] in server.tables  # its player is here, though it is the oldest
        assert ids[1] not in server.tables  # the longest untouched of the others
        for table_id in list(server.tables):
            if table_id == ids[0]:
                continue
            token = client.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": "B"})
            ws = stack.enter_context(
                client.websocket_connect(f"/ws/{table_id}?token={token.json()['token']}")
            )
            assert ws.receive_json()["seat"] is not None
        full = create(client, "3.3.3.3")
        assert full.status_code == 503
        assert "full" in full.json()["error"]
        assert int(full.headers["retry-after"]) >= 1
        assert len(server.tables) == 4
    # the players gone, a table can be opened again
    with client_for(app) as client:
        assert create(client, "3.3.3.3").status_code == 201


def test_rate_limiter_buckets() -> None:
    clock = Clock(0.0)
    limiter = RateLimiter(0.5, 2, clock, max_clients=3)
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 2.0]
    clock.now += 1
    assert limiter.take("a") == pytest.approx(1.0)
    clock.now += 2
    assert limiter.take("a") == 0.0
    for name in "bcdef":
        limiter.take(name)
    assert len(limiter.buckets) <= 3
    bucket = Bucket(1.0, 1, 10.0)
    assert bucket.take(10.0)
    assert not bucket.take(5.0)  # a clock going back earns nothing
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff") == "2001:db8::/64"
    assert client_key("::ffff:1.2.3.4") == "1.2.3.4"
    assert client_key(None) == "unknown"
    assert client_key("x" * 100) == "x" * 64
    with pytest.raises(ValueError, match="create_rate"):
        Limits(create_rate=0)
    with pytest.raises(ValueError, match="idle_after"):
        Limits(idle_after=float("nan"))


# ---- tables nobody is at -------------------------------------------------------------------


def test_tables_nobody_is_at_are_closed_and_their_hands_stay(tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "t.sqlite3"
    limits = Limits(idle_after=60, sweep_every=3600)  # the test sweeps by itself
    app = create_app(db, limits=limits, clock=clock)
    server = app.state.server
    with client_for(app) as client:
        lonely = create(client).json()["id"]  # nobody ever sits
        played, played_token = seated_game(client, "1.1.1.1")
        with client.websocket_connect(f"/ws/{played}?token={played_token}") as ws:
            play_to_the_end(ws, 1)
        kept, kept_token = seated_game(client, "1.1.1.2")
        with (
            client.websocket_connect(f"/ws/{kept}?token={kept_token}") as player,
            client.websocket_connect(f"/ws/{lonely}") as onlooker,
        ):
            assert onlooker.receive_json()["seat"] is None
            clock.now += 59
            assert client.portal.call(server.sweep) == []  # type: ignore[union-attr]
            clock.now += 2
            closed = client.portal.call(server.sweep)  # type: ignore[union-attr]
            assert sorted(closed) == sorted([lonely, played])
            assert "closed" in onlooker.receive_json()["message"]
            assert closed_code(onlooker) == 4410
            player.send_json({"type": "ping"})
            while player.receive_json()["type"] != "pong":
                pass
            assert kept in server.tables
            listed = client.get("/api/tables").json()["tables"]
            assert [t["id"] for t in listed] == [kept]
            gone = client.post(f"/api/tables/{lonely}/sit", json={"seat": 0, "name": "Bob"})
            assert gone.status_code == 404
            with client.websocket_connect(f"/ws/{played}?token={played_token}") as late:
                assert late.receive_json()["message"] == "no such table"
            # the finished hand of a closed table stays, for its players only
            hands = client.get(f"/api/tables/{played}/hands").json()["hands"]
            assert len(hands) == 1
            url = f"/api/hands/{hands[0]['id']}/replay"
            replay = client.get(f"{url}?token={played_token}")
            assert replay.status_code == 200
            assert replay.json()["seat"] == 1
            assert client.get(url).status_code == 403
            assert client.get(f"{url}?token={kept_token}").status_code == 403
        clock.now += 10  # the player left 10 s before the restart

    again = create_app(db, limits=limits, clock=clock)
    server = again.state.server
    with client_for(again) as client:
        assert set(server.tables) == {kept}
        clock.now += 49
        assert client.portal.call(server.sweep) == []  # type: ignore[union-attr]
        clock.now += 2  # 61 s since the player left, across the restart
        assert client.portal.call(server.sweep) == [kept]  # type: ignore[union-attr]
        assert client.get(f"/api/hands/{hands[0]['id']}/replay?token={played_token}").is_success
        assert create(client).status_code == 201


def test_the_server_sweeps_by_itself(tmp_path: Path) -> None:
    import time

    clock = Clock()
    app = create_app(":memory:", limits=Limits(idle_after=60, sweep_every=0.01), clock=clock)
    with client_for(app) as client:
        table_id = create(client).json()["id"]
        assert table_id in app.state.server.tables
        clock.now += 61
        deadline = time.monotonic() + 10
        while table_id in app.state.server.tables:
            assert time.monotonic() < deadline, "the idle table was not closed"
            time.sleep(0.01)


# ---- lists in pages ------------------------------------------------------------------------


def test_lists_come_in_pages(tmp_path: Path) -> None:
    clock = Clock()
    app = create_app(tmp_path / "t.sqlite3", clock=clock)
    with client_for(app) as client:
        made = []
        for n in range(120):
            made.append(create(client, f"1.1.{n // 10}.1").json()["id"])
            clock.now += 0.5 if n % 3 else 0  # some tables made in the same millisecond
        first = client.get("/api/tables")
        assert len(first.json()["tables"]) == 50  # the default page
        assert len(first.content) < 20_000
        assert first.json()["next"].startswith("/api/tables?limit=50&cursor=")
        seen: list[str] = []
        url: str | None = "/api/tables?limit=7"
        while url is not None:
            page = client.get(url).json()
            assert len(page["tables"]) <= 7
            seen.extend(t["id"] for t in page["tables"])
            url = page["next"]
        # the newest first (those made in the same millisecond by id), each table once
        created = app.state.server.created
        assert seen == sorted(made, key=lambda t: (created[t], t), reverse=True)
        assert len(client.get("/api/tables?limit=200").json()["tables"]) == 120
        started = made[5]
        client.post(f"/api/tables/{started}/bots")
        waiting = client.get("/api/tables?status=waiting&limit=200").json()
        assert started not in [t["id"] for t in waiting["tables"]]
        assert len(waiting["tables"]) == 119
        for bad in [
            "limit=0",
            "limit=201",
            "limit=-1",
            "limit=ten",
            "limit=99999999999999999999999",
            "cursor=nope",
            "cursor=1-zz",
            "status=lost",
            "page=2",
            "limit=5&limit=6",
        ]:
            answer = client.get(f"/api/tables?{bad}")
            assert answer.status_code == 400, bad
            assert answer.json()["error"], bad


def test_the_hands_of_a_match_come_in_pages(tmp_path: Path) -> None:
    import time

    app = create_app(tmp_path / "t.sqlite3", limits=Limits(list_limit=2))
    with client_for(app) as client:
        table_id = create(client, profile="fournier-1785-3p", mode="match", seed=3).json()["id"]
        client.post(f"/api/tables/{table_id}/bots")
        deadline = time.monotonic() + 60
        while len(client.get(f"/api/tables/{table_id}/hands?limit=5").json()["hands"]) < 5:
            assert time.monotonic() < deadline, "the bots did not play 5 hands"
            time.sleep(0.01)
        numbers: list[int] = []
        url: str | None = f"/api/tables/{table_id}/hands"
        while url is not None and len(numbers) < 5:
            page = client.get(url).json()
            assert 1 <= len(page["hands"]) <= 2
            numbers.extend(h["number"] for h in page["hands"])
            url = page["next"]
        assert numbers[:5] == [1, 2, 3, 4, 5]
        for bad in ["after=-1", "after=x", "limit=0", "limit=9999", "token=a"]:
            assert client.get(f"/api/tables/{table_id}/hands?{bad}").status_code == 400, bad


# ---- onlookers and sockets -----------------------------------------------------------------


def test_onlookers_cannot_lock_a_player_out(tmp_path: Path) -> None:
    """A table took 16 sockets at most, onlookers included: 16 onlookers kept its own players
    out. Now onlookers have their own cap and a seat's token always gets in."""
    app = create_app(tmp_path / "t.sqlite3")
    with client_for(app) as client, contextlib.ExitStack() as stack:
        table_id, token = seated_game(client, "1.1.1.1", bots=False)
        for n in range(16):
            ws = stack.enter_context(
                client.websocket_connect(f"/ws/{table_id}", headers=at(f"6.6.6.{n}"))
            )
            assert ws.receive_json()["seat"] is None
        with client.websocket_connect(f"/ws/{table_id}", headers=at("6.6.7.1")) as extra:
            assert "onlookers" in extra.receive_json()["message"]
            assert closed_code(extra) == 1013
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as player:
            assert player.receive_json()["seat"] == 1


def test_one_address_holds_a_bounded_number_of_sockets(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite3", limits=Limits(max_client_sockets=3))
    with client_for(app) as client, contextlib.ExitStack() as stack:
        table_id, _ = seated_game(client, "1.1.1.1", bots=False)
        for _ in range(3):
            ws = stack.enter_context(
                client.websocket_connect(f"/ws/{table_id}", headers=at("6.6.6.6"))
            )
            ws.receive_json()
        with client.websocket_connect(f"/ws/{table_id}", headers=at("6.6.6.6")) as extra:
            assert "too many connections" in extra.receive_json()["message"]
            assert closed_code(extra) == 1013
        with client.websocket_connect(f"/ws/{table_id}", headers=at("6.6.6.7")) as other:
            assert other.receive_json()["type"] == "state"
        assert app.state.server.sockets["6.6.6.6"] == 3


# ---- every value checked -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "words"),
    [
        ("GET", "/api/hands/99999999999999999999999/replay", None, 404, "no such hand"),
        ("GET", "/api/hands/9223372036854775808/replay", None, 404, "no such hand"),
        ("GET", "/api/hands/-1/replay", None, 404, "no such hand"),
        ("GET", "/api/hands/0/replay", None, 404, "no such hand"),
        ("GET", "/api/hands/%EF%BC%97/replay", None, 404, "no such hand"),  # a fullwidth 7
        ("GET", "/api/hands/1/replay?token=" + "a" * 65, None, 400, "token"),
        ("GET", "/api/hands/1/replay?token=%00", None, 400, "token"),
        ("GET", "/api/tables/ZZZ/hands", None, 404, "no such table"),
        ("POST", "/api/tables/" + "a" * 5000 + "/sit", b"{}", 404, "no such table"),
        ("PUT", "/api/tables", b"{}", 405, "Method Not Allowed"),
        ("DELETE", "/api/hands/1/replay", None, 405, "Method Not Allowed"),
        ("GET", "/nowhere", None, 404, "Not Found"),
        ("GET", "/static/%00", None, 404, "Not Found"),
        ("POST", "/api/tables", b"[" * 3000, 400, "nested too deeply"),
        ("POST", "/api/tables", b'{"profile": "hearts", "owner": 1}', 400, "unknown field"),
        ("POST", "/api/tables?x=1", b"{}", 400, "unknown query parameter"),
        ("POST", "/api/tables", b'{"seed": 1e400}', 400, "seed"),
        ("GET", "/api/profiles?all=1", None, 400, "unknown query parameter"),
    ],
)
def test_every_path_and_query_value_is_checked(
    method: str, path: str, body: bytes | None, status: int, words: str
) -> None:
    app = create_app(":memory:")
    with client_for(app) as client:
        answer = client.request(method, path, content=body)
        assert answer.status_code == status
        assert words in answer.json()["error"]


def test_names_are_printable(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite3")
    with client_for(app) as client:
        table_id = create(client).json()["id"]
        for name in ["\x00", "Ann\nBob", "\u202eevil", " ", "x" * 25]:
            answer = client.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": name})
            assert answer.status_code == 400, name
            assert "printable" in answer.json()["error"]
        ok = client.post(f"/api/tables/{table_id}/sit", json={"seat": 0, "name": "Zoë 🂡"})
        assert ok.status_code == 200


def test_a_message_nested_too_deeply_is_refused_and_the_socket_lives(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite3")
    with client_for(app) as client:
        table_id, token = seated_game(client, "1.1.1.1")
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_text("[" * 1000)
            assert "nested too deeply" in ws.receive_json()["message"]
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"
        with client.websocket_connect(f"/ws/{table_id}?token=x&spy=1") as ws:
            assert "unknown query parameter" in ws.receive_json()["message"]
            assert closed_code(ws) == 1008


# ---- fuzzing -------------------------------------------------------------------------------


def _known(client: TestClient, app: Any) -> list[str]:
    """Ids that exist: tables (one with a finished hand) and a hand, and a seat's token."""
    table_id, token = seated_game(client, "1.1.1.1")
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        play_to_the_end(ws, 1)
    waiting = create(client).json()["id"]
    hand = app.state.server.store.hands(table_id)[0]["id"]
    return [table_id, waiting, str(hand), token]


def test_malformed_requests_never_get_a_5xx(tmp_path: Path) -> None:
    """Random malformed requests (:func:`examples.web.hostile.malformed_request`) each get a
    JSON 4xx (or a 2xx when, by chance, they are right) and never a 5xx."""
    limits = Limits(max_tables=50, create_burst=10**6)
    app = create_app(tmp_path / "t.sqlite3", limits=limits)
    rng = random.Random(23)
    statuses: Counter[int] = Counter()
    failures = []
    with client_for(app, raise_server_exceptions=False) as client:
        known = _known(client, app)
        for _ in range(sized(800, 8000)):
            probe = malformed_request(rng, known)
            answer = client.request(probe.method, probe.path, content=probe.body)
            statuses[answer.status_code] += 1
            is_json = answer.headers.get("content-type", "").startswith("application/json")
            if answer.status_code >= 500 or (answer.status_code >= 400 and not is_json):
                failures.append((probe, answer.status_code, answer.text[:200]))
    print(f"malformed requests: {sum(statuses.values())}, answers {sorted(statuses.items())}")
    assert failures == []
    assert {200, 201, 400, 404, 405} <= set(statuses)


def test_malformed_messages_never_break_a_socket(tmp_path: Path) -> None:
    """Random malformed WebSocket messages, from a player and from onlookers: each gets an answer
    (an error, a state, a pong) or closes that socket with a limit's code, never an error of the
    server (an exception would be raised here, on leaving the socket)."""
    app = create_app(tmp_path / "t.sqlite3", limits=Limits(rate=1000.0, burst=1000))
    rng = random.Random(24)
    replies: Counter[str] = Counter()
    count = sized(400, 4000)
    with client_for(app) as client:
        table_id, token = seated_game(client, "1.1.1.1")
        sent = 0
        while sent < count:
            query = rng.choice([f"?token={token}", f"?token={token}", "", "?token=zz"])
            with client.websocket_connect(f"/ws/{table_id}{query}") as ws:
                assert ws.receive_json()["type"] == "state"
                try:
                    while sent < count:
                        sent += 1
                        message = malformed_message(rng)
                        if isinstance(message, bytes):
                            ws.send_bytes(message)
                        else:
                            ws.send_text(message)
                        reply = ws.receive_json()
                        replies[reply["type"]] += 1
                        if reply["type"] == "error" and "too large" in reply["message"]:
                            replies[f"closed {closed_code(ws)}"] += 1
                            break
                except WebSocketDisconnect as closed:
                    replies[f"closed {closed.code}"] += 1
    print(f"malformed messages: {sent}, answers {sorted(replies.items())}")
    assert replies["error"] > count // 2
    assert set(replies) <= {"error", "state", "pong", "closed 1008", "closed 1009"}


def test_the_load_test_sends_malformed_requests_and_gets_no_5xx(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The load test, against the real server (uvicorn, in a child process): tables played while
    malformed requests and messages arrive; it fails if any gets a 5xx."""
    pytest.importorskip("websockets")
    from examples.web import loadtest

    code = loadtest.main(
        ["--tables", "3", "--malformed", str(sized(200, 2000)), "--timeout", "120"]
    )
    out = capsys.readouterr().out
    assert "5xx: 0; tracebacks in the server's log: 0" in out, out
    assert "hands finished: 3 of 3" in out, out
    assert code == 0, out
    print(out)


def test_a_database_of_the_first_version_opens(tmp_path: Path) -> None:
    """A database made before the tables had ``created`` and the hands their seats: the columns
    are added, its tables load, and its hands replay for the players of a table still open."""
    import sqlite3

    from examples.web.table import new_table

    db = tmp_path / "old.sqlite3"
    table = new_table("abcdefabcdef", "hearts", "hand", 3).sit(0, "Ann", "tok").fill_bots()
    with contextlib.closing(sqlite3.connect(db)) as old:
        old.executescript(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, profile TEXT NOT NULL, mode TEXT NOT NULL,"
            " seed INTEGER NOT NULL, seats TEXT NOT NULL, record TEXT NOT NULL, moves TEXT NOT"
            " NULL, status TEXT NOT NULL, updated REAL NOT NULL);"
            "CREATE TABLE hands (id INTEGER PRIMARY KEY AUTOINCREMENT, table_id TEXT NOT NULL,"
            " number INTEGER NOT NULL, profile TEXT NOT NULL, record TEXT NOT NULL, finished REAL"
            " NOT NULL, UNIQUE (table_id, number));"
        )
        row = table.to_row()
        old.execute(
            "INSERT INTO tables VALUES (:id, :profile, :mode, :seed, :seats, :record, :moves,"
            " :status, 5.0)",
            row,
        )
        old.execute(
            "INSERT INTO hands (table_id, number, profile, record, finished) VALUES (?, 1, ?, ?, 5)",
            (table.id, "hearts", row["record"]),
        )
        old.commit()
    app = create_app(db)
    with client_for(app) as client:
        assert app.state.server.tables[table.id] == table
        assert client.get("/api/hands/1/replay?token=tok").json()["seat"] == 0
        assert client.get("/api/tables").json()["tables"][0]["id"] == table.id
