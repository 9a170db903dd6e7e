"""The examples run.

Each example runs as a program. The house-rules example checks its profile on 50 hands with the
consistency checker, which the checker's own tests already do at length: by default it runs here
in-process with the checker held to 5 hands (so that the test suite stays quick), and as a program,
unchanged, under ``CI_FULL=1``.
"""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import reversis.testing
from helpers import FULL, ROOT

EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
#: Examples whose checker runs are shortened unless CI_FULL=1.
CHECKING = {"house_rules.py"}
#: Examples that need an optional extra: the module they import (skipped without it).
NEEDS = {"openspiel_mcts.py": "pyspiel", "pettingzoo_random.py": "pettingzoo"}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(
    path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    if path.name in NEEDS:
        pytest.importorskip(NEEDS[path.name])
    if path.name in CHECKING and not FULL:
        check_profile = reversis.testing.check_profile

        def quick(*args: Any, **kwargs: Any) -> reversis.testing.CheckReport:
            kwargs["hands"] = min(kwargs.get("hands", 100), 5)
            return check_profile(*args, **kwargs)

        monkeypatch.setattr(reversis.testing, "check_profile", quick)
        monkeypatch.setattr(sys, "argv", [str(path)])
        runpy.run_path(str(path), run_name="__main__")
        out = capsys.readouterr().out
        assert "checked 5 hands" in out
        assert ": ok" in out
        return
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, check=True)
    assert done.stdout.strip()
