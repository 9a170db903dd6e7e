"""simulate() on a local Dask cluster of two worker processes equals the single-process run.

Skipped without the ``dask`` extra (``pip install reversis[dask]``); ``.ci/run`` installs it, so
CI runs it.
"""

from __future__ import annotations

import pytest

from reversis.simulation.runs import simulate

distributed = pytest.importorskip("distributed")


def test_dask_cluster_equals_one_process() -> None:
    bots = ["cautious", "random", "monte-carlo", "random"]
    options = {"monte-carlo": {"playouts": 1}}
    expected = simulate("fournier-1785", bots, hands=40, seed=11, bot_options=options)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        result = simulate(
            "fournier-1785",
            bots,
            hands=40,
            seed=11,
            bot_options=options,
            executor=executor,
            chunk=7,
        )
        matches = simulate("reunion", ["cautious", "random", "random"], matches=3, seed=4,
                           executor=executor, chunk=1)  # fmt: skip
        # 40 chunks through a window of two in flight: submitted as the results come back.
        windowed = simulate("fournier-1785", bots, hands=40, seed=11, bot_options=options,
                            executor=executor, workers=1, chunk=1)  # fmt: skip
    assert result == expected
    assert windowed == expected
    assert matches == simulate("reunion", ["cautious", "random", "random"], matches=3, seed=4)
