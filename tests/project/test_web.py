"""The web table (examples/web): its game logic, its WebSocket protocol, its storage, and the page in
a real browser (Playwright driving Debian's Chromium, headless).

The table logic needs nothing but the library; the protocol tests need the ``web`` extra (Starlette,
httpx2); the browser tests also need Playwright and Chromium, and are skipped without them unless
``REVERSIS_REQUIRE_BROWSER=1`` (CI sets it: there they must run).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import reversis
from helpers import ROOT
from reversis import Card, Hand, IllegalMoveError, InvalidMoveError
from reversis.records import notation as records
from reversis.testing import knowable_cards

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from examples.web.table import (
    Table,
    TableError,
    bot_for,
    new_table,
    replay_views,
    table_from_row,
)

REQUIRE_BROWSER = os.environ.get("REVERSIS_REQUIRE_BROWSER") == "1"
CHROMIUM = os.environ.get("REVERSIS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CARD_TEXT = re.compile(r"^(?:(?:exchange|discard|give|pass) )?((?:10|[2-9JQKA])[CDHS])$")


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a JSON value: a string that is a card's code, or a move on a
    card in its notation."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            m = CARD_TEXT.match(item)
            if m:
                found.add(Card.parse(m.group(1)))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def states_of(hand: Hand) -> list[Hand]:
    """The hand after 0, 1, 2 … of its moves."""
    start = reversis.deal_from_deck(
        hand.profile,
        hand.deal.deck,
        dealer=hand.dealer,
        stakes=hand.deal.stakes,
        pass_direction=hand.deal.pass_direction,
        hand_number=hand.deal.hand_number,
    )
    states = [start]
    for move in hand.moves:
        states.append(states[-1].apply(move))
    assert states[-1] == hand
    return states


def run_bots(table: Table, limit: int = 100_000) -> Table:
    for _ in range(limit):
        step = table.bot_step(lambda seat, name=table.id: bot_for(name, seat))
        if step is None:
            return table
        table = step
    raise AssertionError("the bots did not finish")


# ---- the table logic, without a web ---------------------------------------------------------


def test_new_table_is_checked() -> None:
    table = new_table("t1", "fournier-1785", "hand", 7)
    assert table.status == "waiting"
    assert len(table.seats) == 4
    assert not table.started
    assert len(new_table("t2", "reunion", "match", 1).seats) == 3
    with pytest.raises(TableError, match="not a shipped profile"):
        new_table("t", "nope", "hand", 1)
    with pytest.raises(TableError, match="'hand' or 'match'"):
        new_table("t", "hearts", "rubber", 1)
    with pytest.raises(TableError, match="seed"):
        new_table("t", "hearts", "hand", -1)


def test_seats_fill_and_play_starts() -> None:
    table = new_table("t1", "fournier-1785", "hand", 7).sit(2, "Ann", "tok-a")
    assert table.status == "waiting"
    assert table.seat_of("tok-a") == 2
    assert table.seat_of("x") is None
    with pytest.raises(TableError, match="seat 2 is taken"):
        table.sit(2, "Bob", "tok-b")
    with pytest.raises(TableError, match="not a seat"):
        table.sit(4, "Bob", "tok-b")
    with pytest.raises(TableError, match="name"):
        table.sit(1, "x" * 40, "tok-b")
    started = table.fill_bots()
    assert started.status == "playing"
    assert started.hand == reversis.new_hand("fournier-1785", seed=7, dealer=3)
    assert [s.kind for s in started.seats] == ["bot", "bot", "human", "bot"]
    assert "token" not in json.dumps(started.summary())
    assert "tok-a" not in json.dumps(started.summary())
    with pytest.raises(TableError, match="play has started"):
        started.fill_bots()


def test_a_refused_move_changes_nothing() -> None:
    table = new_table("t1", "fournier-1785", "hand", 8).sit(1, "Ann", "a").fill_bots()
    assert table.hand is not None
    assert table.hand.dealer == 0
    assert table.actors() == (1,)  # the eldest moves first
    before = table.to_row()
    with pytest.raises(TableError, match="not your turn"):
        table.move(0, "decline")
    with pytest.raises(InvalidMoveError):
        table.move(1, "play the ace please")
    not_held = next(c for c in reversis.load_profile().deck if c not in table.hand.hand_of(1))  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError):
        table.move(1, f"exchange {not_held.code}")
    assert table.to_row() == before
    moved = table.move(1, "decline")
    assert moved.step == 1
    assert table.step == 0


def test_a_match_of_bots_runs_to_its_end_and_never_leaks() -> None:
    table = run_bots(new_table("m", "fournier-1785-3p", "match", 3).fill_bots())
    assert table.status == "over"
    assert table.match is not None
    assert table.match.is_over
    assert len(table.match.history) >= table.match.total_hands  # type: ignore[operator]
    # Every seat's message, at every step of the last hand, holds only what that seat may know.
    last = table.match.history[-1]
    for state in states_of(last)[::5]:
        probe = Table(table.id, table.profile, "hand", 0, table.seats, None, state)
        for seat in range(3):
            message = probe.message(seat)
            assert cards_in(message) <= knowable_cards(state, seat)
    assert cards_in(table.message(None)) == set()


def test_a_match_with_a_person_waits_between_hands() -> None:
    table = new_table("m2", "fournier-1785", "match", 11).sit(0, "Ann", "a").fill_bots()
    rng = random.Random(5)
    hands = 0
    while table.status != "over" and hands < 2:
        if table.status == "playing" and table.actors() == (0,):
            assert table.hand is not None
            table = table.move(0, str(rng.choice(table.hand.legal_moves())))
        elif table.status == "between":
            hands += 1
            assert table.bot_step(lambda s: bot_for("m2", s)) is None  # bots wait for the person
            assert table.message(0)["hand"]["phase"] == "over"  # the settlement is shown
            table = table.next_hand()
        else:
            step = table.bot_step(lambda s: bot_for("m2", s))
            assert step is not None
            table = step
    assert table.match is not None
    assert table.match.hands_played == 2
    with pytest.raises(TableError, match="no hand can start"):
        table.next_hand()


def test_a_table_s_level_is_checked_kept_and_makes_its_bots() -> None:
    """Issue 39: the bots of a table play at the level chosen when it was opened."""
    from reversis.bots.players import CautiousBot, RandomBot
    from reversis.bots.search import ISMCTSBot

    assert new_table("t", "hearts", "hand", 1).level == "medium"  # the default level
    with pytest.raises(TableError, match="the level is easy, medium, hard, not 'expert'"):
        new_table("t", "hearts", "hand", 1, "expert")
    with pytest.raises(TableError, match="the level is"):
        new_table("t", "hearts", "hand", 1, 3)  # type: ignore[arg-type]
    table = new_table("lv", "hearts", "hand", 1, "easy").fill_bots()
    assert table.summary()["level"] == "easy"
    assert table_from_row(table.to_row()) == table
    old = {k: v for k, v in table.to_row().items() if k != "level"}  # stored before the levels
    assert table_from_row(old).level == "medium"
    assert isinstance(bot_for("lv", 0, "easy"), RandomBot)
    assert isinstance(bot_for("lv", 0), CautiousBot)
    assert isinstance(bot_for("lv", 0, "hard"), ISMCTSBot)
    hard = new_table("hd", "hearts", "hand", 2, "hard").fill_bots()
    moved = hard.bot_step(lambda s: bot_for("hd", s, "hard"))
    assert moved is not None
    assert moved.step == 1


def test_a_database_from_before_the_levels_is_read(tmp_path: Path) -> None:
    import sqlite3

    from examples.web.store import Store

    path = tmp_path / "old.sqlite3"
    table = new_table("0123456789ab", "reunion", "hand", 4).fill_bots()
    row = {k: v for k, v in table.to_row().items() if k != "level"}
    with sqlite3.connect(path) as db:  # the table of tables as it was before the levels
        db.execute(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, profile TEXT NOT NULL, mode TEXT NOT NULL,"
            " seed INTEGER NOT NULL, seats TEXT NOT NULL, record TEXT NOT NULL, moves TEXT NOT"
            " NULL, status TEXT NOT NULL, updated REAL NOT NULL)"
        )
        db.execute(
            "INSERT INTO tables VALUES (:id, :profile, :mode, :seed, :seats, :record, :moves,"
            " :status, 0)",
            row,
        )
    store = Store(path)
    [loaded] = store.load_tables()
    assert loaded.level == "medium"
    store.save_table(new_table("ba9876543210", "hearts", "hand", 1, "hard"))
    assert [t.level for t in store.load_tables()] == ["medium", "hard"]
    store.close()


def test_tables_are_stored_as_records_and_replayed() -> None:
    hand_table = new_table("h", "hoyle", "hand", 5).fill_bots()
    for _ in range(17):
        hand_table = hand_table.bot_step(lambda s: bot_for("h", s))  # type: ignore[assignment]
    assert table_from_row(hand_table.to_row()) == hand_table
    match_table = new_table("m", "fournier-1785", "match", 9).sit(3, "Ann", "a").fill_bots()
    rng = random.Random(2)
    for _ in range(30):
        seat = match_table.actors()[0]
        assert match_table.hand is not None
        match_table = match_table.move(seat, str(rng.choice(match_table.hand.legal_moves())))
    back = table_from_row(json.loads(json.dumps(match_table.to_row())))
    assert back == match_table
    assert back.step == 30
    assert table_from_row(new_table("w", "tetka", "hand", 1).to_row()).status == "waiting"


def test_replay_views_step_by_step() -> None:
    table = run_bots(new_table("r", "english", "hand", 4).fill_bots())
    assert table.hand is not None
    assert table.hand.is_over
    record = records.dump(table.hand)
    views = replay_views(record, 2)
    assert len(views) == len(table.hand.moves) + 1
    assert views[-1] == table.hand.view(2).to_dict()
    for state, view in zip(states_of(table.hand), views, strict=True):
        assert cards_in(view) <= knowable_cards(state, 2)
    with pytest.raises(TableError, match="not a seat"):
        replay_views(record, 9)


# ---- the protocol, through Starlette's test client ------------------------------------------


@pytest.fixture
def web_app(tmp_path: Path) -> Any:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from examples.web.server import Limits, create_app

    return create_app(tmp_path / "tables.sqlite3", limits=Limits(rate=20.0, burst=20))


def new_game(client: Any, *, profile: str = "fournier-1785", seat: int = 1) -> tuple[str, str]:
    table = client.post("/api/tables", json={"profile": profile, "mode": "hand", "seed": 8}).json()
    token = client.post(f"/api/tables/{table['id']}/sit", json={"seat": seat, "name": "Ann"}).json()
    client.post(f"/api/tables/{table['id']}/bots")
    return table["id"], token["token"]


def receive_state(ws: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "state":
            return message  # type: ignore[no-any-return]
        raise AssertionError(f"unexpected {message}")


def latest_state(ws: Any, step: int) -> dict[str, Any]:
    """The state messages until the table reaches ``step`` moves or more."""
    while True:
        message = receive_state(ws)
        if message["table"]["step"] >= step:
            return message


def test_http_lobby(web_app: Any) -> None:
    from starlette.testclient import TestClient

    with TestClient(web_app) as client:
        assert "Reversis" in client.get("/").text
        names = [p["name"] for p in client.get("/api/profiles").json()]
        assert names == list(reversis.available_profiles())
        bad = client.post("/api/tables", json={"profile": "chess"})
        assert bad.status_code == 400
        assert "not a shipped profile" in bad.json()["error"]
        big = client.post("/api/tables", content=b"{" + b" " * 10_000 + b"}")
        assert big.status_code == 400
        assert "too large" in big.json()["error"]
        assert client.post("/api/tables", content=b"[1]").status_code == 400
        table_id, _ = new_game(client)
        taken = client.post(f"/api/tables/{table_id}/sit", json={"seat": 1, "name": "Bob"})
        assert taken.status_code == 400
        assert "taken" in taken.json()["error"]
        page = client.get("/api/tables").json()
        listed = page["tables"]
        assert [t["id"] for t in listed] == [table_id]
        assert page["next"] is None
        assert cards_in(listed) == set()


def test_http_levels(web_app: Any) -> None:
    from starlette.testclient import TestClient

    from reversis.bots.levels import LEVELS

    with TestClient(web_app) as client:
        data = client.get("/api/levels").json()
        assert data["default"] == "medium"
        assert [level["name"] for level in data["levels"]] == ["easy", "medium", "hard"]
        assert data["levels"] == [level.to_dict() for level in LEVELS]
        made = client.post("/api/tables", json={"profile": "hearts", "level": "hard"}).json()
        assert made["level"] == "hard"
        assert web_app.state.server.tables[made["id"]].level == "hard"
        plain = client.post("/api/tables", json={"profile": "hearts"}).json()
        assert plain["level"] == "medium"
        for bad in ("expert", 2, None, ["easy"]):
            refused = client.post("/api/tables", json={"profile": "hearts", "level": bad})
            assert refused.status_code == 400
            assert "the level is easy, medium, hard" in refused.json()["error"]
        assert client.get("/api/levels?x=1").status_code == 400


def test_moves_over_the_socket_and_views_pushed(web_app: Any) -> None:
    from starlette.testclient import TestClient

    with TestClient(web_app) as client:
        table_id, token = new_game(client)
        server = web_app.state.server
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            first = receive_state(ws)
            assert first["seat"] == 1
            assert first["hand"]["to_move"] == 1
            assert first["hand"]["legal_moves"][0].startswith("exchange")
            ws.send_json({"type": "move", "move": "decline"})
            after = latest_state(ws, 1)
            assert after["hand"]["events"][-1]["event"] == "Declined"
            # the bots answer at once and their moves are pushed too
            table = server.tables[table_id]
            while table.status == "playing" and table.actors() != (1,):
                time.sleep(0.01)
                table = server.tables[table_id]
            pushed = latest_state(ws, table.step)
            assert pushed["hand"] == table.hand.view(1).to_dict()
            assert cards_in(pushed) <= knowable_cards(table.hand, 1)
        with client.websocket_connect(f"/ws/{table_id}") as watcher:  # no token: an onlooker
            seen = receive_state(watcher)
            assert seen["seat"] is None
            assert seen["hand"] is None
            assert cards_in(seen) == set()
            watcher.send_json({"type": "move", "move": "decline"})
            assert "no seat" in watcher.receive_json()["message"]


def test_an_illegal_move_over_the_socket_changes_nothing(web_app: Any) -> None:
    from starlette.testclient import TestClient

    with TestClient(web_app) as client:
        table_id, token = new_game(client)
        server = web_app.state.server
        before = server.tables[table_id]
        row = before.to_row()
        held = before.hand.hand_of(1)
        not_held = next(c for c in before.profile.deck if c not in held)
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            receive_state(ws)
            for bad, why in [
                ({"type": "move", "move": f"exchange {not_held.code}"}, not_held.code),
                ({"type": "move", "move": held[0].code}, "exchange"),  # a play in the exchange
                ({"type": "move", "move": "exchange ZZ"}, "ZZ"),
                ({"type": "move", "move": 12}, "malformed"),
                ({"type": "choose", "choice": "share"}, "no choice"),
                ({"type": "next"}, "no hand can start"),
                ({"type": "fly"}, "unknown type"),
            ]:
                ws.send_json(bad)
                reply = ws.receive_json()
                assert reply["type"] == "error", (bad, reply)
                assert why in reply["message"], (bad, reply)
            assert server.tables[table_id] is before
            assert server.store.load_tables()[0].to_row() == row


def test_malformed_oversized_and_floods_are_refused_without_hurting_another_table(
    web_app: Any,
) -> None:
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    with TestClient(web_app) as client:
        table_a, token_a = new_game(client)
        table_b, token_b = new_game(client)
        server = web_app.state.server
        with (
            client.websocket_connect(f"/ws/{table_b}?token={token_b}") as other,
            client.websocket_connect(f"/ws/{table_a}?token={token_a}") as ws,
        ):
            receive_state(other)
            receive_state(ws)
            ws.send_text("{not json")
            assert "malformed message: not JSON" in ws.receive_json()["message"]
            ws.send_text("[1, 2]")
            assert "malformed" in ws.receive_json()["message"]
            ws.send_bytes(b"\x00\x01")
            assert "not bytes" in ws.receive_json()["message"]
            ws.send_text(json.dumps({"type": "move", "move": "x" * 5000}))
            reply = ws.receive_json()
            assert "too large" in reply["message"]
            assert "1024" in reply["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1009
            assert server.tables[table_a].step == 0
            # the other table plays on
            other.send_json({"type": "move", "move": "decline"})
            assert latest_state(other, 1)["table"]["step"] >= 1
        with client.websocket_connect(f"/ws/{table_a}?token={token_a}") as ws:
            receive_state(ws)
            for _ in range(60):
                ws.send_json({"type": "ping"})
            replies = []

            def read_all() -> None:
                while True:
                    replies.append(ws.receive_json())

            with pytest.raises(WebSocketDisconnect) as closed:
                read_all()
            assert closed.value.code == 1008
            assert any("too many messages" in r.get("message", "") for r in replies)
            assert server.tables[table_a].step == 0
        with client.websocket_connect(f"/ws/{table_b}?token={token_b}") as other:
            step = receive_state(other)["table"]["step"]
            table = server.tables[table_b]
            if table.actors() == (1,):
                other.send_json({"type": "move", "move": str(table.hand.legal_moves()[0])})
                assert latest_state(other, step + 1)["table"]["step"] > step
        with client.websocket_connect("/ws/nope") as ws:
            assert ws.receive_json()["message"] == "no such table"


def test_a_client_that_does_not_read_is_dropped(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    import asyncio

    from examples.web.server import Connection, Limits, Server
    from examples.web.store import Store

    server = Server(Store(tmp_path / "t.sqlite3"), limits=Limits(max_outbox=3))
    slow = Connection(socket=None, seat=0, outbox=asyncio.Queue(3))  # type: ignore[arg-type]
    quick = Connection(socket=None, seat=1, outbox=asyncio.Queue(3))  # type: ignore[arg-type]
    server.connections["t"] = {slow, quick}
    for n in range(3):
        server.send(slow, str(n))
    assert not slow.dropped
    server.send(quick, "q")
    server.send(slow, "one too many")
    assert slow.dropped
    assert server.connections["t"] == {quick}
    assert slow.outbox.get_nowait() is None  # its sender closes the socket
    assert quick.outbox.get_nowait() == "q"


def test_a_restart_loses_nothing(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from examples.web.server import create_app
    from starlette.testclient import TestClient

    db = tmp_path / "tables.sqlite3"
    app = create_app(db)
    with TestClient(app) as client:
        table_id, token = new_game(client)
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            receive_state(ws)
            ws.send_json({"type": "move", "move": "decline"})
            latest_state(ws, 1)
        done = client.post("/api/tables", json={"profile": "tetka", "mode": "hand", "seed": 1})
        done_id = done.json()["id"]
        client.post(f"/api/tables/{done_id}/bots")
        deadline = time.monotonic() + 20
        while app.state.server.tables[done_id].status != "over":
            assert time.monotonic() < deadline
            time.sleep(0.01)
        in_progress = app.state.server.tables[table_id]
        finished = app.state.server.tables[done_id]
    again = create_app(db)
    with TestClient(again) as client:
        assert again.state.server.tables[table_id] == in_progress
        assert again.state.server.tables[done_id] == finished
        hands = client.get(f"/api/tables/{done_id}/hands").json()["hands"]
        assert [h["number"] for h in hands] == [1]
        _, record = again.state.server.store.hand_record(hands[0]["id"])
        assert records.replay(record) == finished.hand
        # the replay is for a player of the table only, from their own seat
        refused = client.get(f"/api/hands/{hands[0]['id']}/replay")
        assert refused.status_code == 403
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            assert receive_state(ws)["table"]["step"] == in_progress.step


def test_replay_endpoint_gives_the_seats_own_views(web_app: Any) -> None:
    from starlette.testclient import TestClient

    with TestClient(web_app) as client:
        table_id, token = new_game(client, profile="hearts", seat=2)
        server = web_app.state.server
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            receive_state(ws)
            while server.tables[table_id].status != "over":
                table = server.tables[table_id]
                if table.actors() == (2,):
                    ws.send_json({"type": "move", "move": str(table.hand.legal_moves()[0])})
                    latest_state(ws, table.step + 1)
                else:
                    time.sleep(0.005)
        hands = client.get(f"/api/tables/{table_id}/hands").json()["hands"]
        data = client.get(f"/api/hands/{hands[0]['id']}/replay?token={token}").json()
        hand = server.tables[table_id].hand
        assert data["seat"] == 2
        assert len(data["views"]) == len(hand.moves) + 1
        for state, view in zip(states_of(hand), data["views"], strict=True):
            assert cards_in(view) <= knowable_cards(state, 2)


# ---- in a real browser ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """The server, on 127.0.0.1 and a free port, in a thread."""
    if not REQUIRE_BROWSER:
        pytest.importorskip("playwright")
        pytest.importorskip("uvicorn")
        pytest.importorskip("starlette")
        if not Path(CHROMIUM).exists():
            pytest.skip(f"no Chromium at {CHROMIUM}")
    import uvicorn
    from examples.web.server import create_app

    app = create_app(tmp_path_factory.mktemp("web") / "tables.sqlite3", bot_delay=0.0)
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", ws_max_size=65536)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}", app
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser(live: tuple[str, Any]) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def screenshot_dir(tmp_path: Path) -> Path:
    """Where screenshots go: ``REVERSIS_SCREENSHOTS`` if set, else the test's temporary folder."""
    folder = Path(os.environ.get("REVERSIS_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


PLAYABLE = "#my-hand button.card.legal, #actions button.move"


def click_one(page: Any) -> bool:
    """Click a legal card (or a move button) if the page offers one."""
    target = page.locator(PLAYABLE).first
    if page.locator(PLAYABLE).count() == 0:
        return False
    try:
        target.click(timeout=1000)
    except Exception:  # the page was redrawn under the click: try again next time
        return False
    return True


def plays_of(hand: Any, seat: int) -> int:
    """How many cards ``seat`` has played in ``hand`` (one a trick)."""
    tricks = [*hand.tricks, *([hand.current_trick] if hand.current_trick else [])]
    return sum(1 for trick in tricks for who, _ in trick.plays if who == seat)


def finished_record(app: Any, table_id: str) -> str:
    store = app.state.server.store
    hands = store.hands(table_id)
    assert len(hands) == 1
    found = store.hand_record(hands[0]["id"])
    assert found is not None
    return found[1]  # type: ignore[no-any-return]


def test_browser_plays_a_whole_hand(live: tuple[str, Any], browser: Any, tmp_path: Path) -> None:
    base, app = live
    context = browser.new_context(viewport={"width": 1100, "height": 950})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    page.wait_for_selector("#profile option", state="attached")
    page.select_option("#profile", "fournier-1785")
    page.fill("#name", "Ann")
    page.click("#create-button")
    page.wait_for_selector("body[data-status=playing]")
    table_id = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")

    # An illegal card, made clickable by hand: the server refuses it, the page says why.
    page.wait_for_selector(PLAYABLE)
    step = int(page.get_attribute("body", "data-step"))
    page.evaluate(
        """() => { const b = document.querySelector('#my-hand button.card:disabled')
                   ?? document.querySelector('#my-hand button.card');
                   b.disabled = false; b.classList.add('legal'); b.dataset.move = b.dataset.card;
                   b.click(); }"""
    )
    page.wait_for_selector("#error:not([hidden])")
    assert page.text_content("#error")
    assert int(page.get_attribute("body", "data-step")) == step
    assert app.state.server.tables[table_id].step == step
    page.reload()  # the page as the server has it: the same table, from the address
    page.wait_for_selector(PLAYABLE)
    assert page.locator("#error").is_hidden()

    clicks = 0
    tricks_clicked: set[int] = set()
    tables = app.state.server.tables
    (seat,) = [s for s, one in enumerate(tables[table_id].seats) if one.name == "Ann"]
    deadline = time.monotonic() + 40
    while page.get_attribute("body", "data-status") != "over":
        assert time.monotonic() < deadline, "the hand did not finish"
        step, played = tables[table_id].step, plays_of(tables[table_id].hand, seat)
        if click_one(page):
            clicks += 1
            # Once the server has the click's move: the seat's n-th card is in trick n (the bots
            # may have played on into the next trick by the time it is read).
            while tables[table_id].step == step and time.monotonic() < deadline:
                if page.locator("#error:not([hidden])").count():
                    break
                page.wait_for_timeout(10)
            if plays_of(tables[table_id].hand, seat) > played:
                tricks_clicked.add(played + 1)
        page.wait_for_timeout(20)
    hand = app.state.server.tables[table_id].hand
    # A card clicked in every trick (a reversis made may end the hand before the last trick).
    assert {t.number for t in hand.tricks} <= tricks_clicked
    assert len(hand.tricks) >= hand.profile.tricks - 1
    page.wait_for_selector("#settlement:not([hidden])")

    # The settlement read off the page is reversis.settle of the stored record.
    shown_net = [
        int(row.get_attribute("data-net"))
        for row in page.locator("#settlement tbody tr[data-seat]").all()
    ]
    shown_payments = [
        (li.get_attribute("data-payer"), li.get_attribute("data-payee"),
         int(li.get_attribute("data-amount")), li.get_attribute("data-reason"))
        for li in page.locator("#settlement ol.payments li").all()
    ]  # fmt: skip
    settlement = reversis.settle(records.replay(finished_record(app, table_id)))
    assert shown_net == list(settlement.net)
    assert shown_payments == [
        (str(p.payer), str(p.payee), p.amount, p.reason) for p in settlement.payments
    ]
    folder = screenshot_dir(tmp_path)
    page.screenshot(path=str(folder / "web-end-of-hand.png"), full_page=True)

    # Step by step through the replay of the finished hand.
    page.click("#finished button.replay")
    page.wait_for_selector("#replay:not([hidden])")
    assert page.text_content("#replay-step") == f"step 0 of {len(hand.moves)}"
    page.click("#replay-next")
    page.click("#replay-next")
    assert page.get_attribute("#replay", "data-step") == "2"
    page.click("#replay-last")
    assert page.locator("#replay-board .played").count() == hand.players  # the last trick

    # At phone width: nothing wider than the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#replay-close")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    page.screenshot(path=str(folder / "web-end-of-hand-390.png"), full_page=True)
    assert errors == []
    context.close()


def test_browser_plays_on_into_the_next_hand_of_a_match(
    live: tuple[str, Any], browser: Any
) -> None:
    base, app = live
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.goto(base + "/")
    page.wait_for_selector("#profile option", state="attached")
    page.select_option("#profile", "fournier-1785-3p")
    page.select_option("#mode", "match")
    page.click("#create-button")
    page.wait_for_selector("body[data-status=playing]")
    table_id = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    deadline = time.monotonic() + 30
    while page.get_attribute("body", "data-status") != "between":
        assert time.monotonic() < deadline, "the first hand did not finish"
        if not click_one(page):
            page.wait_for_timeout(20)
    page.wait_for_selector("#settlement:not([hidden])")
    match = app.state.server.tables[table_id].match
    assert match.hands_played == 1
    counters = [
        page.text_content(f"#settlement tr[data-seat='{s}'] td:last-child") for s in range(3)
    ]
    assert [int(c) for c in counters] == list(match.bankrolls)
    page.click("#next-hand")
    page.wait_for_selector("body[data-hand='2'][data-status=playing]")
    assert page.locator("#settlement").is_hidden()
    assert app.state.server.tables[table_id].match.hand_number == 2
    context.close()


def test_two_browsers_at_one_table_see_only_what_they_may_know(
    live: tuple[str, Any], browser: Any, tmp_path: Path
) -> None:
    base, app = live
    received: dict[str, list[tuple[str, Any]]] = {"A": [], "B": []}
    pages = {}
    for who in ("A", "B"):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        log = received[who]

        def on_socket(ws: Any, log: list[tuple[str, Any]] = log) -> None:
            ws.on("framereceived", lambda payload: log.append(("ws", payload)))

        def on_response(response: Any, log: list[tuple[str, Any]] = log) -> None:
            if "json" in (response.headers.get("content-type") or ""):
                log.append(("http " + response.url, response.body()))

        page.on("websocket", on_socket)
        page.on("response", on_response)
        pages[who] = page

    a, b = pages["A"], pages["B"]
    a.goto(base + "/")
    a.wait_for_selector("#profile option", state="attached")
    a.select_option("#profile", "fournier-1785")
    a.fill("#name", "Ann")
    a.uncheck("#with-bots")
    a.click("#create-button")
    a.wait_for_selector("body[data-status=waiting]")
    table_id = a.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    b.goto(base + "/")
    b.fill("#name", "Bob")
    b.click(f"button.sit[data-table='{table_id}'][data-seat='1']")
    b.wait_for_selector("body[data-status=waiting]")
    a.click("#fill-bots")
    deadline = time.monotonic() + 40
    while not all(p.get_attribute("body", "data-status") == "over" for p in (a, b)):
        assert time.monotonic() < deadline, "the hand did not finish"
        moved = [click_one(p) for p in (a, b)]
        if moved[1]:  # at 390 px wide, nothing overflows the screen during play either
            assert b.evaluate("document.documentElement.scrollWidth") <= 390
        if not any(moved):
            a.wait_for_timeout(20)
    # B replays the hand from its own seat: HTTP that holds cards, checked below too.
    b.click("#finished button.replay")
    b.wait_for_selector("#replay:not([hidden])")
    b.wait_for_timeout(100)
    a.screenshot(path=str(screenshot_dir(tmp_path) / "web-two-players-A.png"), full_page=True)

    hand = records.replay(finished_record(app, table_id))
    assert isinstance(hand, Hand)
    states = states_of(hand)
    seats = {"A": 0, "B": 1}
    checked = 0
    for who, log in received.items():
        seat = seats[who]
        frames = [p for kind, p in log if kind == "ws"]
        assert frames, f"{who} received no frame"
        for kind, payload in log:
            data = json.loads(payload)
            cards = cards_in(data)
            if kind == "ws" and data.get("type") == "state" and data["hand"] is not None:
                assert data["seat"] == seat
                state = states[data["table"]["step"]]
                leaked = cards - knowable_cards(state, seat)
                assert not leaked, f"{who} got {leaked} at step {data['table']['step']}"
                checked += 1
            elif kind.startswith("http") and "/replay" in kind:
                assert data["seat"] == seat
                for state, view in zip(states, data["views"], strict=True):
                    assert cards_in(view) <= knowable_cards(state, seat)
                checked += 1
            else:
                assert cards == set(), f"{who}: {kind} holds cards {cards}"
    assert checked > 2 * len(hand.moves) // 2
    for page in (a, b):
        page.context.close()


def test_the_command_s_help_is_plain_text() -> None:
    """``python -m examples.web --help`` is read in a terminal: no reST markup (issue 38), as
    ``python -m reversis --help`` (tests/api/test_cli.py)."""
    pytest.importorskip("uvicorn")
    done = subprocess.run(
        [sys.executable, "-m", "examples.web", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Start the web table" in done.stdout
    assert "--limit NAME=VALUE" in done.stdout
    for markup in ("``", ":mod:", ":func:", ":class:", ":meth:"):
        assert markup not in done.stdout


def test_the_readme_shows_a_screenshot() -> None:
    """The README's screenshot exists and is a PNG (the browser test makes new ones)."""
    shot = ROOT / "examples" / "web" / "screenshot.png"
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ---- the end screens: words, not codes; and what comes after (issue 27) ----------------------

#: A reason code (``ace_forced``) or any other word joined by underscores: never in a page's text.
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def test_the_table_words_the_payments_and_the_end_of_the_hand() -> None:
    """The state message holds each payment and the end of the hand in sentences (from
    reversis.text.sentences); the reason codes stay in the view's data only."""
    table = new_table("tw", "fournier-1785", "hand", 8).sit(1, "Ann", "a").fill_bots()
    table = run_bots_and_person(table, person=1)
    message = table.message(1)
    words = message["words"]
    assert len(words["payments"]) == len(message["hand"]["payments"]) > 0
    text = " ".join(words["payments"] + words["events"] + words["outcome"])
    assert not CODE.search(text), CODE.search(text)
    assert "wins the pot" in " ".join(words["outcome"]) or "reversis" in text
    assert "you" in text.lower()
    assert any(p["reason"] for p in message["hand"]["payments"])  # the codes stay in the data


def test_the_table_lists_the_events_since_the_seats_last_move() -> None:
    """Issue 38: the exchange stays under "What happened" only until the seat plays, the dealer's
    discard is listed (its card to the dealer), the phase and the pot's worth are in words."""
    table = new_table("te", "fournier-1785", "hand", 7).sit(1, "Ann", "a").fill_bots()
    me = bot_for(table.id, 1)
    seen: list[tuple[int, dict[str, Any]]] = []
    while table.status == "playing":
        assert table.hand is not None
        seen.append((len(table.hand.tricks), table.message(1)["words"]))
        step = table.bot_step(lambda seat, name=table.id: bot_for(name, seat))
        if step is None:
            step = table.move(1, str(me(table.hand.view(1))))
        table = step
    first = next(w for t, w in seen if w["phase"].startswith("Trick 1 "))
    assert any("discarded a card" in e for e in first["events"]), first
    for tricks, words in seen:
        if tricks >= 1:
            assert not any("exchanged" in e or "discarded" in e for e in words["events"]), words
    assert seen[0][1]["phase"] == "The exchange"
    dealer = table.message(0)
    assert dealer["words"]["phase"] == "The hand is over"
    assert re.fullmatch(r"\d+ counters?", dealer["words"]["worth"])


def run_bots_and_person(table: Table, person: int) -> Table:
    """Play the table to the end of its hand, the person's seat played by a bot too."""
    me = bot_for(table.id, person)
    while table.status == "playing":
        step = table.bot_step(lambda seat, name=table.id: bot_for(name, seat))
        if step is None:
            assert table.hand is not None
            step = table.move(person, str(me(table.hand.view(person))))
        table = step
    return table


def deciding_table(table_id: str, profile: str, token: str) -> Table:
    """A match table played by bots up to its end-of-match choice, with a person ("Ann", whose
    moves a bot makes) at the seat that has the choice to make."""

    def drive(table: Table) -> Table:
        bots = {s: bot_for(table_id, s) for s in range(len(table.seats))}
        while table.status not in ("deciding", "over"):
            if table.status == "between":
                table = table.next_hand()
                continue
            assert table.hand is not None
            assert table.hand.to_move is not None
            seat = table.hand.to_move
            table = table.move(seat, str(bots[seat](table.hand.view(seat))))
        return table

    for seed in range(20):
        played = drive(new_table(table_id, profile, "match", seed).fill_bots())
        if played.status == "deciding":
            person = played.actors()[0]
            return drive(
                new_table(table_id, profile, "match", seed).sit(person, "Ann", token).fill_bots()
            )
    raise AssertionError("no match of 20 seeds waits for a choice")


def test_browser_new_hand_after_one_and_back_to_the_tables(
    live: tuple[str, Any], browser: Any, tmp_path: Path
) -> None:
    base, app = live
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    icon = page.request.get(base + "/favicon.ico")
    assert icon.status == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    page.wait_for_selector("#profile option", state="attached")
    page.select_option("#profile", "fournier-1785")
    page.fill("#name", "Ann")
    page.click("#create-button")
    page.wait_for_selector("body[data-status=playing]")
    first = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    # The phase in words (issue 38), not the phase's code.
    page.wait_for_selector("#info dd")
    assert re.fullmatch(r"The exchange|Trick \d+ of 12", page.text_content("#info dd") or "")
    # The aim and the words of the game, one click away (reversis.text.glossary).
    page.click("#glossary summary")
    page.wait_for_selector("#glossary-text dt")
    words = page.text_content("#glossary-text") or ""
    assert words.startswith("The aim: ")
    assert all(term in words for term in ("widow", "basket", "beast", "quinola"))
    deadline = time.monotonic() + 40
    while page.get_attribute("body", "data-status") != "over":
        assert time.monotonic() < deadline, "the hand did not finish"
        if not click_one(page):
            page.wait_for_timeout(20)
    page.wait_for_selector("#settlement:not([hidden]) [data-testid=outcome]")
    outcome = page.text_content("[data-testid=outcome]") or ""
    hand = app.state.server.tables[first].hand
    if hand.reversis.committed is None:
        assert re.search(r"wins? the pot and .+ loses? it\.", outcome), outcome
    assert "In all (counters):" in outcome
    body = page.inner_text("body")
    assert not CODE.search(body), CODE.search(body)
    # The payments are listed once, in the settlement, each as a sentence.
    assert page.locator("ol.payments").count() == 1
    sentences = page.locator("#settlement ol.payments li").all_text_contents()
    assert len(sentences) == len(reversis.settle(hand).payments)
    assert all(" pay" in s and s.endswith(".") for s in sentences)
    # The pot's cards side by side, not stacked.
    tops = page.eval_on_selector_all(
        "#settlement .pot .mini", "els => els.map(e => e.getBoundingClientRect().top)"
    )
    assert len(set(tops)) <= 1
    # The pot's worth with its unit; one minus sign, the sentences' (issue 38).
    assert re.search(r"worth \d+ counters?", page.text_content("#settlement .pot") or "")
    nets = page.locator("#settlement tbody td:first-of-type").all_text_contents()
    assert nets
    assert not any("-" in n for n in nets), nets
    assert page.text_content("#info dd") == "The hand is over"
    page.screenshot(path=str(screenshot_dir(tmp_path) / "web-end-of-hand.png"), full_page=True)

    page.click("#new-hand")
    page.wait_for_function(
        f"new URLSearchParams(location.hash.slice(1)).get('table') !== '{first}'"
    )
    page.wait_for_selector("body[data-status=playing]")
    second = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    table = app.state.server.tables[second]
    assert table.profile.name == "fournier-1785"
    assert table.mode == "hand"
    assert [s.kind for s in table.seats] == ["human", "bot", "bot", "bot"]
    assert table.seats[0].name == "Ann"
    page.wait_for_timeout(1200)  # the old table's socket, closed on purpose, does not come back
    assert page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')") == second

    page.click("#back-to-tables")
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.locator("#game").is_hidden()
    assert page.evaluate("location.hash") == ""
    # The header follows the screen: the lobby's line, not the last table's (issue 38).
    assert "Table " not in (page.text_content("#status-line") or "")
    assert errors == []
    context.close()


def test_browser_a_person_makes_the_end_of_match_choice(
    live: tuple[str, Any], browser: Any, tmp_path: Path
) -> None:
    base, app = live
    table = deciding_table("dec1de000001", "fournier-1785-3p", "tok-decide")
    person = table.seat_of("tok-decide")
    assert table.status == "deciding"
    assert table.actors() == (person,)
    app.state.server.open(table)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/#table=dec1de000001&token=tok-decide")
    page.wait_for_selector("body[data-status=deciding] button.choose[data-choice=share]")
    assert "continue playing, or share" in (page.text_content("#prompt") or "")
    page.click("button.choose[data-choice=share]")
    page.wait_for_selector("body[data-status=over] [data-testid=match-over]")
    match = app.state.server.tables["dec1de000001"].match
    assert match.is_over
    assert match.choices == ((person, "share"),)
    ending = page.inner_text("#settlement")
    assert "The match is over. The standing:" in ending
    assert not CODE.search(page.inner_text("body"))
    assert page.locator("#new-hand").text_content() == "New match"
    page.screenshot(path=str(screenshot_dir(tmp_path) / "web-end-of-match.png"), full_page=True)
    assert errors == []
    context.close()


def test_browser_chooses_the_bots_level(live: tuple[str, Any], browser: Any) -> None:
    """Issue 39: a level when opening a table, in words with its time a move; the table's bots
    play at it, and a new hand after one keeps it."""
    base, app = live
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    page.wait_for_selector("#level option", state="attached")
    assert page.locator("#level option").all_text_contents() == [
        "Easy (at once)",
        "Medium (at once)",
        "Hard (up to about 0.4 s a move)",
    ]
    assert page.input_value("#level") == "medium"  # the default
    assert (page.text_content("#level-about") or "").startswith("Medium: they play by rules")
    page.select_option("#level", "hard")
    assert "think ahead" in (page.text_content("#level-about") or "")

    # Hard bots: they move (in a thread), and the page is served meanwhile.
    page.select_option("#profile", "hearts")
    page.click("#create-button")
    page.wait_for_selector("body[data-status=playing]")
    hard = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    assert app.state.server.tables[hard].level == "hard"
    assert " · hard bots · " in (page.text_content("#status-line") or "")
    deadline = time.monotonic() + 60
    while app.state.server.tables[hard].step < 8:  # the passes, and play begun
        assert time.monotonic() < deadline, "the hard bots did not play"
        if not click_one(page):
            page.wait_for_timeout(50)
    page.click("#back-to-tables")
    page.wait_for_selector("#lobby:not([hidden])")

    # Easy bots, a whole hand, then a new hand at the same level.
    page.select_option("#level", "easy")
    page.select_option("#profile", "reunion")
    page.click("#create-button")
    page.wait_for_selector("body[data-status=playing]")
    first = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    assert first != hard
    assert app.state.server.tables[first].level == "easy"
    deadline = time.monotonic() + 40
    while page.get_attribute("body", "data-status") != "over":
        assert time.monotonic() < deadline, "the hand did not finish"
        if not click_one(page):
            page.wait_for_timeout(20)
    page.click("#new-hand")
    page.wait_for_function(
        f"new URLSearchParams(location.hash.slice(1)).get('table') !== '{first}'"
    )
    second = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('table')")
    assert app.state.server.tables[second].level == "easy"
    assert errors == []
    context.close()
