"""Start the web table: ``python -m examples.web [--port 8000] [--db web-tables.sqlite3]``.

It listens on 127.0.0.1 only and prints the address to open. ``--limit NAME=VALUE`` (again for
each) sets one of the server's limits (``examples.web.limits.Limits``), e.g. ``--limit
create_burst=20 --limit idle_after=600``. Behind a reverse proxy on another address, ``--proxy
ADDRESS`` trusts its ``X-Forwarded-For`` header (uvicorn trusts 127.0.0.1's by default), so that the
limits per client count the clients, not the proxy.
"""

from __future__ import annotations

import argparse

import attrs
import uvicorn

from .limits import Limits
from .server import create_app

#: What ``--help`` says: the module's words as plain text, for a terminal (no reST markup).
DESCRIPTION = """\
Start the web table of reversis: it listens on 127.0.0.1 only and prints the address to open.

--limit NAME=VALUE (again for each) sets one of the server's limits (examples.web.limits.Limits),
e.g. --limit create_burst=20 --limit idle_after=600. Behind a reverse proxy on another address,
--proxy ADDRESS trusts its X-Forwarded-For header (uvicorn trusts 127.0.0.1's by default), so that
the limits per client count the clients, not the proxy."""


def limits_from(values: list[str]) -> Limits:
    """The limits with ``NAME=VALUE`` changes (``ValueError`` for a wrong name or value)."""
    fields = {f.name: f for f in attrs.fields(Limits)}
    changes: dict[str, float] = {}
    for item in values:
        name, _, text = item.partition("=")
        if name not in fields:
            raise ValueError(f"no limit {name!r} (the limits: {', '.join(fields)})")
        changes[name] = int(text) if fields[name].type in (int, "int") else float(text)
    return Limits(**changes)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m examples.web",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument(
        "--db", default="web-tables.sqlite3", help="the SQLite file (default web-tables.sqlite3)"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits before it moves (0.5)"
    )
    parser.add_argument(
        "--limit", action="append", default=[], metavar="NAME=VALUE", help="set a limit"
    )
    parser.add_argument(
        "--proxy", default="127.0.0.1", metavar="ADDRESS", help="the reverse proxy's address(es)"
    )
    args = parser.parse_args(argv)
    try:
        limits = limits_from(args.limit)
    except ValueError as exc:
        parser.error(str(exc))
    app = create_app(args.db, bot_delay=args.bot_delay, limits=limits)
    print(f"Reversis web table: http://127.0.0.1:{args.port}/  (Ctrl-C stops it)", flush=True)
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        proxy_headers=True,
        forwarded_allow_ips=args.proxy,
    )


if __name__ == "__main__":
    main()
