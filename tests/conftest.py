"""Shared fixtures and settings for the tests, in folders that mirror the package's
(``tests/core`` for ``reversis._core``, ``tests/games``, ``tests/views`` ...; ``tests/api`` for the
modules at the top and the facades, ``tests/project`` for the docs, examples and packaging).

The test files import the shared helpers by name (``from helpers import ...``, ``from compare
import ...``): this folder is on ``sys.path`` in any import mode. The Hypothesis profiles are
registered here, once, and loaded: ``default``, and ``ci-full`` under ``CI_FULL=1``; a test that
needs its own number of examples says it with ``@settings(max_examples=...)`` or
:func:`helpers.seeded`, and takes the rest from the profile.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import reversis

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

#: tests/data holds data and the scripts that wrote it: nothing to collect (a script run at
#: collection would write its output where pytest's arguments say).
collect_ignore = ["data"]

#: What every example runs under: no deadline (the machines are shared, and the compiled core's
#: first calls are slow), and no health check that fails a test for being slow, for data that
#: is large, or for strategies (the house profiles) that filter many of their draws.
_PROFILE = {
    "deadline": None,
    "suppress_health_check": [
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
}
settings.register_profile("default", **_PROFILE)
settings.register_profile("ci-full", **_PROFILE)
settings.load_profile("ci-full" if os.environ.get("CI_FULL") == "1" else "default")


@pytest.fixture(scope="session")
def fournier() -> reversis.Profile:
    return reversis.load_profile("fournier-1785")


@pytest.fixture(scope="session")
def fournier3() -> reversis.Profile:
    return reversis.load_profile("fournier-1785-3p")
