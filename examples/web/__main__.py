"""Start the web table: ``python -m examples.web [--port 8000] [--db web-tables.sqlite3]``.

It listens on 127.0.0.1 only and prints the address to open.
"""

from __future__ import annotations

import argparse

import uvicorn

from .server import create_app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m examples.web", description=__doc__)
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    parser.add_argument(
        "--db", default="web-tables.sqlite3", help="the SQLite file (default web-tables.sqlite3)"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits before it moves (0.5)"
    )
    args = parser.parse_args(argv)
    app = create_app(args.db, bot_delay=args.bot_delay)
    print(f"Reversis web table: http://127.0.0.1:{args.port}/  (Ctrl-C stops it)", flush=True)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning", ws_max_size=65536)


if __name__ == "__main__":
    main()
