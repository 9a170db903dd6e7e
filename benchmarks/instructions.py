"""Instructions per hand, counted by valgrind's callgrind: figures that other work on the machine
does not disturb, to compare two versions of the engine (or the engine and OpenSpiel) exactly.

Each figure is ``(I(n2) - I(n1)) / (n2 - n1)``, where ``I(n)`` is the instructions of a Python
process that imports the library, fills its move tables, plays 60 warm-up hands and then ``n``
more: the import and the warm-up cancel out. What a unit is:

* ``api``: a random hand through the public API (``new_hand``, ``legal_moves()`` and ``apply()``
  at every step, ``settle()``), as ``benchmarks/random_playout.py`` plays it;
* ``rollout``: the same with ``hand.rollout(rng)`` and ``settle()``;
* ``mid``: a hand dealt and played 20 random moves (the states the next two start from);
* ``view`` and ``world``: ``mid``, then ``hand.view(seat)`` of the seat to move, or
  ``sample_world`` of that view (subtract ``mid`` for the call alone);
* ``openspiel``: a random game of OpenSpiel's Hearts driven from Python, as
  ``benchmarks/hearts_vs_openspiel.py`` plays it (``--profile pass`` or ``nopass`` for
  ``pass_cards``).

    python benchmarks/instructions.py api --profile fournier-1785
    python benchmarks/instructions.py api --src /path/to/an/older/checkout/src
    python benchmarks/instructions.py openspiel --profile nopass

It needs valgrind (Debian's package) and, for ``openspiel``, the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any


def _fill_tables() -> None:
    """Fill the lazily made move tables, as a long run would have (steady state)."""
    try:
        from reversis.engine import tables  # noqa: PLC0415
    except ImportError:  # before 0316086 the tables were made at import
        return

    if hasattr(tables, "suit_plays"):
        for suit in range(4):
            for pattern in range(8192):
                tables.suit_plays(suit, pattern)
    for name in ("EXCHANGE_TABLES", "DISCARD_TABLES", "GIVE_TABLES", "PASS_TABLES"):
        byte_tables = getattr(tables, name, ())
        if hasattr(tables, "suit_moves"):  # by suit and pattern of ranks
            for suit in range(4):
                for pattern in range(8192):
                    tables.suit_moves(byte_tables, suit, pattern)
            continue
        for table in byte_tables:  # 0316086-ef38ca1: by byte, filled on a miss by the dict
            if isinstance(table, dict):
                for value in range(256):
                    table[value]


def _library(what: str, profile_name: str) -> Any:
    import reversis  # noqa: PLC0415

    profile = reversis.load_profile(profile_name)
    settle = reversis.settle

    def mid(n: int, seed: int) -> list[Any]:
        draw = random.Random(seed).random
        out = []
        for i in range(n):
            hand = reversis.new_hand(profile, seed=seed + i, dealer=i % profile.players)
            for _ in range(20):
                moves = hand.legal_moves()
                if not moves:
                    break
                hand = hand.apply(moves[int(draw() * len(moves))])
            out.append(hand)
        return out

    def api(n: int, seed: int) -> None:
        draw = random.Random(seed).random
        for i in range(n):
            hand = reversis.new_hand(profile, seed=seed + i, dealer=i % profile.players)
            moves = hand.legal_moves()
            while moves:
                hand = hand.apply(moves[int(draw() * len(moves))])
                moves = hand.legal_moves()
            settle(hand)

    def rollout(n: int, seed: int) -> None:
        rng = random.Random(seed)
        for i in range(n):
            hand = reversis.new_hand(profile, seed=seed + i, dealer=i % profile.players)
            settle(hand.rollout(rng))

    def view(n: int, seed: int) -> None:
        for hand in mid(n, seed):
            hand.view(hand.to_move if hand.to_move is not None else 0)

    def world(n: int, seed: int) -> None:
        rng = random.Random(seed)
        for hand in mid(n, seed):
            reversis.sample_world(hand.view(hand.to_move if hand.to_move is not None else 0), rng)

    _fill_tables()
    return {"api": api, "rollout": rollout, "mid": mid, "view": view, "world": world}[what]


def _openspiel(pass_cards: str) -> Any:
    import pyspiel  # noqa: PLC0415

    game = pyspiel.load_game("hearts", {"pass_cards": pass_cards == "pass"})

    def games(n: int, seed: int) -> None:
        draw = random.Random(seed).random
        for _ in range(n):
            state = game.new_initial_state()
            while state.is_chance_node():
                legal = state.legal_actions()
                state.apply_action(legal[int(draw() * len(legal))])
            legal = state.legal_actions()
            while legal:
                state.apply_action(legal[int(draw() * len(legal))])
                legal = state.legal_actions()
            state.returns()

    return games


def _inner(what: str, profile: str, count: int) -> None:
    run = _openspiel(profile) if what == "openspiel" else _library(what, profile)
    run(60, 10**6)  # warm-up
    run(count, 1)


def _count(args: argparse.Namespace, count: int) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0")
    if args.src:
        env["PYTHONPATH"] = args.src
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        str(Path(__file__).resolve()),
        "--inner",
        args.what,
        "--profile",
        args.profile,
        "--count",
        str(count),
    ]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stderr
    found = re.search(r"Collected : (\d+)", out)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{out[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["api", "rollout", "mid", "view", "world", "openspiel"])
    parser.add_argument("--profile", default="fournier-1785", help="profile, or pass/nopass")
    parser.add_argument("--src", help="import reversis from this folder (another version)")
    parser.add_argument("--n1", type=int, default=20)
    parser.add_argument("--n2", type=int, default=100)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        _inner(args.what, args.profile, args.count)
        return
    low, high = _count(args, args.n1), _count(args, args.n2)
    per = (high - low) // (args.n2 - args.n1)
    print(f"{args.what} {args.profile}: {per:,} instructions per unit")


if __name__ == "__main__":
    main()
