"""What one client may do, and how the server counts it: the :class:`Limits` of a server, a token
:class:`Bucket`, and a :class:`RateLimiter` of one bucket per client address.

A client is its address as the ASGI server reports it (``request.client.host``); an IPv6 address
counts by its /64 network, which one host usually holds whole. Behind a reverse proxy every request
comes from the proxy: run uvicorn with ``--proxy-headers --forwarded-allow-ips=<the proxy's
address>`` (``python -m examples.web --proxy <address>``) so that the address is the client's own,
read from ``X-Forwarded-For``, and from no one but the proxy.
"""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Callable

import attrs

__all__ = ["Bucket", "Limits", "RateLimiter", "client_key"]


@attrs.frozen
class Limits:
    """The limits of a server (every one has a default that suits a small public server).

    Per WebSocket connection: the largest message (``max_message`` bytes) and the rate of messages
    (a bucket of ``burst`` refilled at ``rate`` a second); ``max_outbox`` messages may wait to be
    sent to a client that reads slowly. HTTP bodies are at most ``max_body`` bytes.

    Tables: a client may create ``create_burst`` tables at once, then one every
    ``1 / create_rate`` seconds (else 429 with ``Retry-After``); at most ``max_tables`` are open.
    A table nobody is at — no seated player's WebSocket open, and no change — for ``idle_after``
    seconds is closed (its finished hands stay in the archive); the server looks every
    ``sweep_every`` seconds, and when it is full it closes first the idle tables, then those nobody
    is connected to, the longest untouched first.

    Connections: ``max_onlookers`` sockets watch a table without a seat; a seat's own token always
    gets in, ``max_seat_connections`` at once (a player's tabs); one client address holds at most
    ``max_client_sockets`` sockets in all.

    Lists: ``list_limit`` items by default, ``list_max`` at most, in one page.
    """

    max_message: int = 1024
    rate: float = 20.0
    burst: int = 40
    max_body: int = 4096
    max_outbox: int = 256
    max_tables: int = 1000
    create_rate: float = 0.1
    create_burst: int = 10
    idle_after: float = 1800.0
    sweep_every: float = 60.0
    max_onlookers: int = 16
    max_seat_connections: int = 4
    max_client_sockets: int = 32
    list_limit: int = 50
    list_max: int = 200
    #: How many client addresses the rate limiter remembers (past it, forgets the quietest).
    max_clients: int = 10_000

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(Limits):
            value = getattr(self, field.name)
            if type(value) not in (int, float) or not math.isfinite(value) or value <= 0:
                raise ValueError(f"the limit {field.name} is a positive number, not {value!r}")
        if self.list_limit > self.list_max:
            raise ValueError("the limit list_limit is at most list_max")


@attrs.define
class Bucket:
    """A token bucket of ``burst`` tokens refilled at ``rate`` a second: :meth:`take` is false when
    the client goes faster than allowed. ``now`` is a clock's reading, in seconds."""

    rate: float
    burst: float
    stamp: float
    level: float = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.level = self.burst

    def refill(self, now: float) -> None:
        """Add the tokens earned since the last reading (the clock going back adds none)."""
        self.level = min(self.burst, self.level + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now

    def take(self, now: float) -> bool:
        """Spend one token if there is one."""
        self.refill(now)
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def wait(self) -> float:
        """Seconds until the next token (0 if there is one)."""
        return max(0.0, (1 - self.level) / self.rate)

    def full(self, now: float) -> bool:
        """Whether the bucket would be full now (the client is as good as new)."""
        return self.level + max(0.0, now - self.stamp) * self.rate >= self.burst


def client_key(host: str | None) -> str:
    """The key a client is counted by: its IPv4 address, the /64 network of its IPv6 address, or
    the text given (shortened) if it is no address."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class RateLimiter:
    """A :class:`Bucket` per client, remembering at most ``max_clients`` clients (when it must
    forget one, it forgets first those whose bucket is full again, then the longest quiet)."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float], max_clients: int = 10_000
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.max_clients = max_clients
        self.buckets: dict[str, Bucket] = {}

    def take(self, client: str) -> float:
        """Spend one of ``client``'s tokens: 0 if it had one, else the seconds to wait."""
        now = self.clock()
        bucket = self.buckets.pop(client, None)
        if bucket is None:
            self._forget(now)
            bucket = Bucket(self.rate, self.burst, now)
        self.buckets[client] = bucket  # the most recent last
        if bucket.take(now):
            return 0.0
        return bucket.wait()

    def _forget(self, now: float) -> None:
        if len(self.buckets) < self.max_clients:
            return
        for key in [k for k, b in self.buckets.items() if b.full(now)]:
            del self.buckets[key]
        while len(self.buckets) >= self.max_clients:
            del self.buckets[next(iter(self.buckets))]
