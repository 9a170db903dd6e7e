"""Shared fixtures and helpers for the tests."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import reversis

#: tests/data holds data and the scripts that wrote it: nothing to collect (a script run at
#: collection would write its output where pytest's arguments say).
collect_ignore = ["data"]

settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "ci-full",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("ci-full" if os.environ.get("CI_FULL") == "1" else "default")

#: ``CI_FULL=1``: the long randomized suites at full size (CI runs them so; a developer's
#: ``python -m pytest`` runs them smaller, to finish in a couple of minutes).
FULL = os.environ.get("CI_FULL") == "1"

#: Scale for the randomized suites: CI_FULL=1 runs ten times as many hands.
SCALE = 10 if FULL else 1


def sized(default: int, full: int) -> int:
    """The size of a randomized suite: ``default`` normally, ``full`` under ``CI_FULL=1``."""
    return full if FULL else default


@pytest.fixture(scope="session")
def fournier() -> reversis.Profile:
    return reversis.load_profile("fournier-1785")


@pytest.fixture(scope="session")
def fournier3() -> reversis.Profile:
    return reversis.load_profile("fournier-1785-3p")
