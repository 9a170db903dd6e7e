"""Hands per second of reversis.simulate on 1 and 2 worker processes and a local Dask cluster.

python benchmarks/simulate_speed.py [--hands 4000] [--profile fournier-1785] [--bots cautious]

Each configuration plays the same seeded hands (the results are checked equal); the time includes
starting the worker processes (not the Dask cluster, which is started first and timed apart).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import reversis
from reversis.simulation.runs import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--profile", default="fournier-1785")
    parser.add_argument("--bots", default="cautious", help="one name for all seats, or a list")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    profile = reversis.load_profile(args.profile)
    names = args.bots.split(",")
    bots = names * profile.players if len(names) == 1 else names
    print(
        f"{args.hands} hands of {profile.name}, bots {','.join(bots)}, "
        f"{os.cpu_count()} cores, Python {sys.version.split()[0]}"
    )

    def timed(label: str, **kwargs: object) -> object:
        start = time.perf_counter()
        result = simulate(profile, bots, hands=args.hands, seed=args.seed, **kwargs)  # type: ignore[arg-type]
        seconds = time.perf_counter() - start
        print(f"{label:<28}{args.hands / seconds:>10.0f} hands/s  ({seconds:.2f} s)", flush=True)
        return result

    one = timed("1 worker (this process)")
    two = timed("2 worker processes", workers=2)
    assert two == one
    try:
        import distributed  # noqa: PLC0415
    except ImportError:
        print("Dask local cluster: skipped (pip install reversis[dask])")
        return
    start = time.perf_counter()
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        print(
            f"{'(Dask cluster start)':<28}{'':>10}           ({time.perf_counter() - start:.2f} s)"
        )
        dask = timed("Dask local cluster, 2 workers", executor=client.get_executor())
    assert dask == one


if __name__ == "__main__":
    main()
