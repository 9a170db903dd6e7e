"""Load test of the web table, on 127.0.0.1 only, bounded in count and time.

It starts the server (``python -m examples.web``) in a child process on a free port of 127.0.0.1,
creates ``--tables`` tables (default 100) of one hand each (the server's limits per client
address raised to let one address do so), seats four clients at each, and plays every
table at once through the WebSocket protocol: each client, on its turn, sends a random legal move
taken from its view. It prints the moves per second and the latency of a move (from sending it to
receiving the state that holds it): median, 99th percentile, worst. It stops by itself after
``--timeout`` seconds at most.

Meanwhile ``--malformed`` hostile requests (default 200; :mod:`examples.web.hostile`: bad ids,
queries, bodies and methods, and raw bytes that are no HTTP at all) go to the same server over
fresh connections, and as many malformed WebSocket messages; it counts the answers by class and
fails if any is a 5xx (or a WebSocket closed with 1011, an error of the server's).

    python -m examples.web.loadtest --tables 100
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .hostile import Probe, malformed_message, malformed_request

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def wait_for(base: str, deadline: float) -> None:
    while True:
        try:
            with urllib.request.urlopen(base + "/api/profiles", timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


class Results:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.moves = 0
        self.errors: list[str] = []
        self.finished = 0
        #: The answers to the malformed requests and messages, by class (2xx … 5xx, closes).
        self.hostile: Counter[str] = Counter()
        self.failures: list[str] = []


def raw_request(probe: Probe, rng: random.Random) -> bytes:
    """The probe as HTTP/1.1 bytes; now and then bytes that are no HTTP at all."""
    if rng.random() < 0.05:
        return rng.choice([b"\x16\x03\x01\x00\xff", b"GET\r\n\r\n", b"BREW / HTCPCP/1.0\r\n\r\n"])
    body = probe.body or b""
    head = (
        f"{probe.method} {probe.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


async def hostile_http(
    host: str, port: int, count: int, rng: random.Random, known: list[str], results: Results
) -> None:
    """Send ``count`` malformed requests, each on a new connection, and count the answers."""
    for _ in range(count):
        probe = malformed_request(rng, known)
        try:
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(raw_request(probe, rng))
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), 30)
            writer.close()
        except (OSError, TimeoutError):
            line = b""
        parts = line.split()
        status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
        results.hostile[f"http {status // 100}xx" if status else "http closed unanswered"] += 1
        if status >= 500:
            results.failures.append(f"{probe.method} {probe.path[:80]}: {status}")


async def hostile_ws(
    ws_base: str, count: int, rng: random.Random, known: list[str], results: Results
) -> None:
    """Send ``count`` malformed messages to the tables' sockets (as onlookers, or with a bad
    token), reconnecting when the server closes one, and count the answers."""
    sent = 0
    while sent < count:
        query = rng.choice(["", "?token=nope", "?token=", "?x=1", "?token=" + "a" * 100])
        url = f"{ws_base}/ws/{rng.choice([*known, 'nope', '000000000000'])}{query}"
        try:
            async with websockets.connect(url, max_size=2**22) as ws:
                while sent < count:
                    sent += 1
                    await ws.send(malformed_message(rng))
                    reply = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    results.hostile[f"ws {reply['type']}"] += 1
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else 1006
            results.hostile[f"ws closed {code}"] += 1
            if code == 1011:
                results.failures.append(f"{url[:80]}: closed with 1011")
        except InvalidStatus as refused:
            status = refused.response.status_code
            results.hostile[f"ws refused {status}"] += 1
            if status >= 500:
                results.failures.append(f"{url[:80]}: {status}")


async def seat_client(ws_url: str, seat: int, rng: random.Random, results: Results) -> None:
    sent_at: float | None = None
    sent_step = -1
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                results.errors.append(message["message"])
                continue
            table = message["table"]
            step = table["step"]
            if sent_at is not None and step > sent_step:
                results.latencies.append(time.perf_counter() - sent_at)
                results.moves += 1
                sent_at = None
            if table["status"] == "over":
                if seat == 0:
                    results.finished += 1
                break
            view = message["hand"]
            if (
                view is not None
                and table["status"] == "playing"
                and view["to_move"] == seat
                and sent_at is None
                and step > sent_step
            ):
                sent_step = step
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": rng.choice(view["legal_moves"])}))


async def run(
    base: str, tables: int, profile: str, seed: int, malformed: int = 0
) -> tuple[Results, float]:
    results = Results()
    rng = random.Random(seed)
    clients = []
    ws_base = base.replace("http://", "ws://")
    for n in range(tables):
        table = post(base, "/api/tables", {"profile": profile, "mode": "hand", "seed": seed + n})
        for seat in range(table["players"]):
            token = post(base, f"/api/tables/{table['id']}/sit", {"seat": seat, "name": f"L{seat}"})
            url = f"{ws_base}/ws/{table['id']}?token={token['token']}"
            clients.append((url, seat, random.Random(rng.random())))
    known = sorted({url.split("/ws/")[1].split("?")[0] for url, _, _ in clients})
    host, port = base.removeprefix("http://").split(":")
    hostile = [
        hostile_http(host, int(port), malformed // 4, random.Random(seed + n), known, results)
        for n in range(4)
    ]
    hostile.append(hostile_ws(ws_base, malformed, random.Random(seed - 1), known, results))
    start = time.perf_counter()
    await asyncio.gather(
        *(seat_client(url, seat, r, results) for url, seat, r in clients), *hostile
    )
    return results, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m examples.web.loadtest", description=__doc__)
    parser.add_argument("--tables", type=int, default=100, help="tables played at once (100)")
    parser.add_argument("--profile", default="fournier-1785", help="the rules (fournier-1785)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the choices")
    parser.add_argument("--timeout", type=float, default=300, help="stop after so many seconds")
    parser.add_argument(
        "--malformed", type=int, default=200, help="hostile requests, and messages, sent (200)"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 1000:
        parser.error("--tables is 1 to 1000")
    if not 0 <= args.malformed <= 100_000:
        parser.error("--malformed is 0 to 100000")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp, open(Path(tmp) / "server.log", "w+b") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "examples.web", "--port", str(port), "--bot-delay", "0",
             "--db", str(Path(tmp) / "load.sqlite3"),
             # every client here is 127.0.0.1: the limits per client address are raised
             "--limit", f"create_burst={args.tables}",
             "--limit", f"max_client_sockets={4 * args.tables + 16}"],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )  # fmt: skip
        try:
            wait_for(base, time.monotonic() + 30)
            results, seconds = asyncio.run(
                asyncio.wait_for(
                    run(base, args.tables, args.profile, args.seed, args.malformed), args.timeout
                )
            )
        finally:
            server.terminate()
            server.wait(10)
            log.seek(0)
            logged = log.read().decode(errors="replace")
            tracebacks = logged.count("Traceback")
    lat = sorted(results.latencies)
    if not lat:
        print("no move was made")
        return 1
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))]
    print(f"tables played at once: {args.tables} ({args.profile}, 4 WebSocket clients each)")
    print(f"hands finished: {results.finished} of {args.tables}")
    print(f"moves: {results.moves} in {seconds:.2f} s: {results.moves / seconds:.0f} moves/s")
    print(
        f"move latency: median {statistics.median(lat) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms, worst {lat[-1] * 1000:.1f} ms"
    )
    print(f"errors: {len(results.errors)}")
    answers = ", ".join(f"{k} {v}" for k, v in sorted(results.hostile.items()))
    print(f"malformed requests and messages: {sum(results.hostile.values())} ({answers})")
    print(f"5xx: {len(results.failures)}; tracebacks in the server's log: {tracebacks}")
    for failure in results.failures[:20]:
        print(f"  {failure}")
    if tracebacks:
        start = logged.index("Traceback")
        print(logged[max(0, start - 300) : start + 3000])
    ok = not (results.errors or results.failures or tracebacks)
    ok = ok and results.finished == args.tables
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
