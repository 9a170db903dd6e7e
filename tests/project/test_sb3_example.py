"""examples/sb3 (issue 37): a smoke run of MaskablePPO on SingleAgentEnv (256 timesteps, a few
hands evaluated) into a temporary folder and evaluate.py on its model, where the ``sb3`` extra is
installed (skipped without it: CI installs no torch); ``--help`` wherever the environments are; a
folder that holds a run is not overwritten."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import ROOT

SMOKE = ["--profile", "hearts", "--timesteps", "256", "--n-steps", "32", "--eval-every", "128"]
SMOKE += ["--eval-hands", "8", "--final-hands", "8", "--seed", "3"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "examples.sb3.train", *args]
    return subprocess.run(
        command, check=False, cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def curve(folder: Path) -> list[dict[str, str]]:
    with open(folder / "curve.csv", newline="") as f:
        return list(csv.DictReader(f))


def test_help() -> None:
    pytest.importorskip("gymnasium", reason="pip install -e '.[pettingzoo]'")
    done = run("--help")
    assert done.returncode == 0, done.stderr
    assert "--timesteps" in done.stdout
    assert "--opponent" in done.stdout


def test_a_smoke_run_saves_a_model_and_its_curve(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib", reason="pip install -e '.[sb3]'")
    out = tmp_path / "run"
    done = run(*SMOKE, "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert (out / "model.zip").stat().st_size > 0
    rows = curve(out)
    # Before training, after each update that ends 128 timesteps or more since the last, at the end.
    assert [int(r["timesteps"]) for r in rows] == [0, 128, 256]
    assert int(rows[0]["hands"]) == 0
    assert int(rows[-1]["hands"]) > 0
    assert all(r["opponent"] == "cautious" and r["eval_hands"] == "8" for r in rows)
    result = json.loads((out / "evaluation.json").read_text())
    assert result["timesteps"] == 256
    assert sorted(result["evaluation"]) == ["cautious", "random"]
    for opponent in ("cautious", "random"):
        assert result["evaluation"][opponent]["hands"] == 8
    # The last point of the curve is the final model against the same bots on the same deals.
    assert float(rows[-1]["mean_net"]) == pytest.approx(
        result["evaluation"]["cautious"]["mean_net"], abs=1e-3
    )

    # evaluate.py plays the saved model on the same deals: the same results (printed only).
    command = [sys.executable, "-m", "examples.sb3.evaluate", str(out), "--hands", "8"]
    evaluated = subprocess.run(command, check=True, cwd=ROOT, capture_output=True, text=True)
    for opponent, line in zip(("cautious", "random"), evaluated.stdout.splitlines(), strict=False):
        assert line.startswith(f"against {opponent}: ")
        assert f"{result['evaluation'][opponent]['mean_net']:+.2f}" in line
    assert "exists: not written" in evaluated.stdout

    # The same seed, the same curve (one torch thread); a folder that holds a run is refused.
    again = tmp_path / "again"
    assert run(*SMOKE, "--out", str(again)).returncode == 0
    assert [r["mean_net"] for r in curve(again)] == [r["mean_net"] for r in rows]
    refused = run(*SMOKE, "--out", str(out))
    assert refused.returncode != 0
    assert "already holds a run" in refused.stderr
    assert curve(out) == rows
