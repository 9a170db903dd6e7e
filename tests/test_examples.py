"""The examples run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(path: Path) -> None:
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, check=True)
    assert done.stdout.strip()
