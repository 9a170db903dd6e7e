"""Malformed requests and WebSocket messages, made at random from a seeded generator: what the
fuzz tests (``tests/project/test_web_limits.py``) and the load test (``loadtest.py --malformed``) send to
the server, which must answer each with a 4xx, never a 5xx, and never drop a WebSocket in error.

Each value is hostile in its own way: ids far past any integer SQLite holds, negative, fractional
or empty ones, unicode and control characters, path tricks, repeated and unknown query parameters,
bodies that are not JSON, nested too deeply, too large, or of the wrong shape, and the wrong
methods.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from urllib.parse import quote

import attrs

__all__ = ["Probe", "malformed_message", "malformed_request", "odd_value"]

_ODD = (
    "",
    "0",
    "-1",
    "1",
    "99999999999999999999999",
    str(2**63),
    str(2**63 - 1),
    str(-(2**63)),
    "1e9",
    "1.5",
    "NaN",
    "inf",
    "0x10",
    " 7",
    "７",  # a fullwidth digit: int() reads it, a path must not
    "٣",
    "null",
    "true",
    "[]",
    "{}",
    "..",
    "../..",
    "%00",
    "\x00",
    "\n",
    "\u202e",
    "é" * 30,
    "🂡",
    "a" * 5000,
    "' OR 1=1 --",
    "<script>",
    "000000000000",
    "ffffffffffff",
    "FFFFFFFFFFFF",
    "fournier-1785",
    "waiting",
)
_KEYS = ("limit", "cursor", "status", "token", "after", "seat", "x", "", "limit")
#: The routes, each with the method it takes (most requests use it, the others another).
_ROUTES = (
    ("GET", "/api/tables"),
    ("POST", "/api/tables"),
    ("POST", "/api/tables"),
    ("POST", "/api/tables/{t}/sit"),
    ("POST", "/api/tables/{t}/sit"),
    ("POST", "/api/tables/{t}/bots"),
    ("GET", "/api/tables/{t}/hands"),
    ("GET", "/api/hands/{h}/replay"),
    ("GET", "/api/hands/{h}/replay"),
    ("GET", "/api/profiles"),
    ("GET", "/"),
    ("GET", "/static/{x}"),
    ("GET", "/api/{x}"),
    ("GET", "/{x}"),
    ("GET", "/ws/{t}"),
    ("GET", "/api/tables/{t}"),
)
_METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")
_FIELDS = ("profile", "mode", "seed", "seat", "name", "extra", "type", "move", "choice")


@attrs.frozen
class Probe:
    """One request: its method, its path with the query (ASCII, percent-encoded), its body."""

    method: str
    path: str
    body: bytes | None = None


def odd_value(rng: random.Random) -> object:
    """A JSON value that a field should not hold (or, now and then, one it may)."""
    choice = rng.randrange(8)
    if choice == 0:
        return rng.choice(_ODD)
    if choice == 1:
        return rng.choice([-1, 0, 1, 3, 4, 7, 10**9, 2**63, -(2**70), 10**30])
    if choice == 2:
        return rng.choice([1.5, -0.0, 1e308, True, False, None])
    if choice == 3:
        return [rng.choice(_ODD) for _ in range(rng.randrange(4))]
    if choice == 4:
        return {rng.choice(_FIELDS): rng.choice(_ODD)}
    if choice == 5:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(1, 40)))
    if choice == 6:
        return rng.choice(["hearts", "tetka", "hand", "match", "Ann", "decline", "share", "QS"])
    return rng.randrange(-5, 10)


def _segment(rng: random.Random, known: Sequence[str]) -> str:
    if known and rng.random() < 0.5:
        return rng.choice(known)
    value = rng.choice(_ODD) if rng.random() < 0.7 else str(odd_value(rng))
    return quote(value, safe="") or "%20"


def _body(rng: random.Random) -> bytes | None:
    choice = rng.randrange(9)
    if choice == 0:
        return None
    if choice == 1:
        return b"[" * rng.choice([10, 900, 3000]) + b"]" * rng.choice([0, 10])
    if choice == 2:
        return b'{"profile": ' + b" " * 5000 + b'"hearts"}'
    if choice == 3:
        return rng.choice([b"{not json", b"\xff\xfe\x00", b"null", b"[1]", b'"x"', b"{}{}", b""])
    if choice == 4:
        return b'{"seed": NaN, "profile": Infinity}'
    fields = rng.sample(_FIELDS, rng.randrange(1, 4))
    return json.dumps({f: odd_value(rng) for f in fields}).encode()


def malformed_request(rng: random.Random, known: Sequence[str] = ()) -> Probe:
    """A request to the server, most of it wrong; ``known`` are ids that exist (tables, hands), so
    that some requests reach the checks past the ids."""
    method, route = rng.choice(_ROUTES)
    if rng.random() < 0.2:
        method = rng.choice(_METHODS)
    path = route.format(t=_segment(rng, known), h=_segment(rng, known), x=_segment(rng, known))
    pairs = []
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        key = rng.choice(_KEYS)
        value = rng.choice(_ODD) if rng.random() < 0.8 else str(odd_value(rng))
        pairs.append(f"{quote(key, safe='')}={quote(value, safe='')}")
    if pairs:
        path += "?" + "&".join(pairs)
    return Probe(method, path, _body(rng) if method in ("POST", "PUT", "PATCH") else None)


def malformed_message(rng: random.Random) -> str | bytes:
    """A WebSocket message, most of it wrong."""
    choice = rng.randrange(8)
    if choice == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if choice == 1:
        return "[" * rng.choice([10, 500, 1000]) + "]" * rng.choice([0, 10])
    if choice == 2:
        return rng.choice(["{not json", "", "null", "[1, 2]", '"move"', "{}", "NaN", "\x00"])
    if choice == 3:
        return json.dumps({"type": "move", "move": "x" * 2000})
    kind = rng.choice(["move", "move", "choose", "next", "ping", "fly", "", "MOVE"])
    message: dict[str, object] = {"type": kind if rng.random() < 0.9 else odd_value(rng)}
    for field in rng.sample(_FIELDS, rng.randrange(3)):
        message[field] = odd_value(rng)
    if kind == "move" and rng.random() < 0.5:
        message["move"] = rng.choice(["decline", "QS", "exchange ZZ", "10H", "pass QS", "🂡"])
    return json.dumps(message)
