"""Run the OpenSpiel Hearts differential games and print how often each rare case was reached.

The games, their steering and the cases are those of ``tests/openspiel/test_openspiel_hearts.py``
(imported from there): every decision of every game is compared with OpenSpiel's, and a
disagreement stops the run with the deal and the moves. Needs ``pyspiel`` (``pip install -e ".[openspiel]"``).

    python benchmarks/hearts_cases.py                     # 1000 games per configuration
    python benchmarks/hearts_cases.py --games 20000 --seed 7 --config default
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "openspiel"))

import test_openspiel_hearts as differential


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per configuration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--config",
        action="append",
        choices=list(differential.CONFIGS),
        help="a configuration to run (repeatable; default: all)",
    )
    args = parser.parse_args()
    results = {}
    for index, label in enumerate(args.config or differential.CONFIGS):
        start = time.perf_counter()
        config = differential.CONFIGS[label]
        results[label] = differential.run(config, args.games, args.seed + index)
        print(
            f"{label}: {args.games} games agree ({time.perf_counter() - start:.1f} s)", flush=True
        )
    print()
    print(differential.table_of(results))
    print("\n(n): a case whose rule is off in that configuration (the test does not require it).")


if __name__ == "__main__":
    main()
