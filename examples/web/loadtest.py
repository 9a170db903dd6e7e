"""Load test of the web table, on 127.0.0.1 only, bounded in count and time.

It starts the server (``python -m examples.web``) in a child process on a free port of 127.0.0.1,
creates ``--tables`` tables (default 100) of one hand each, seats four clients at each, and plays every
table at once through the WebSocket protocol: each client, on its turn, sends a random legal move
taken from its view. It prints the moves per second and the latency of a move (from sending it to
receiving the state that holds it): median, 99th percentile, worst. It stops by itself after
``--timeout`` seconds at most.

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
from pathlib import Path
from typing import Any

import websockets

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


async def run(base: str, tables: int, profile: str, seed: int) -> tuple[Results, float]:
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
    start = time.perf_counter()
    await asyncio.gather(*(seat_client(url, seat, r, results) for url, seat, r in clients))
    return results, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m examples.web.loadtest", description=__doc__)
    parser.add_argument("--tables", type=int, default=100, help="tables played at once (100)")
    parser.add_argument("--profile", default="fournier-1785", help="the rules (fournier-1785)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the choices")
    parser.add_argument("--timeout", type=float, default=300, help="stop after so many seconds")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 1000:
        parser.error("--tables is 1 to 1000")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "examples.web", "--port", str(port), "--bot-delay", "0",
             "--db", str(Path(tmp) / "load.sqlite3")],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            wait_for(base, time.monotonic() + 30)
            results, seconds = asyncio.run(
                asyncio.wait_for(run(base, args.tables, args.profile, args.seed), args.timeout)
            )
        finally:
            server.terminate()
            server.wait(10)
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
    return 0 if results.finished == args.tables and not results.errors else 1


if __name__ == "__main__":
    sys.exit(main())
