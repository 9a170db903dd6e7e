"""examples/learn/imitate.py (issue 39), the first trainer of the shipped policies: a smoke run of a few
seconds saves a policy, its curve and its record; run twice with one seed it gives the same weights,
bit for bit (what lets ``index.json``'s command make the shipped files again); its policy is a bot;
it never writes over the repository's files."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import reversis
from helpers import ROOT
from reversis.bots.players import make_bot, play_hand
from reversis.views.encoding import observation_size

if os.environ.get("REVERSIS_REQUIRE_PETTINGZOO") == "1":  # .ci/run: the tests must run
    import numpy as np
else:
    np = pytest.importorskip("numpy", reason="pip install -e '.[learn]'")

IMITATE = ROOT / "examples" / "learn" / "imitate.py"
SMOKE = ["--rounds", "2", "--hands", "3", "--playouts", "4", "--hidden", "16", "--eval-hands", "3"]


def _run(out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    command = [sys.executable, str(IMITATE), "--profile", "tetka", "--seed", "5", *SMOKE, *extra]
    return subprocess.run(
        [*command, "--out", str(out)], capture_output=True, text=True, env=env, check=False
    )


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    a, b = tmp_path_factory.mktemp("a"), tmp_path_factory.mktemp("b")
    for out in (a, b):
        done = _run(out)
        assert done.returncode == 0, done.stderr
    return a, b


def test_a_run_saves_its_policy_curve_and_record(runs: tuple[Path, Path]) -> None:
    out = runs[0]
    with open(out / "curve.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [row["round"] for row in rows] == ["0", "1"]
    assert int(rows[-1]["decisions"]) > int(rows[0]["decisions"]) > 0
    record = json.loads((out / "run.json").read_text())
    assert record["profile"] == "tetka"
    assert "--profile tetka --seed 5 --rounds 2 --hands 3 --playouts 4" in record["command"]
    assert record["shapes"]["w1"] == [
        observation_size(reversis.load_profile("tetka")),
        16,
    ]
    assert set(record["evaluation"]) >= {"net_vs_cautious", "interval", "difference"}


def test_one_seed_gives_the_same_weights(runs: tuple[Path, Path]) -> None:
    a, b = runs
    with np.load(a / "policy.npz") as x, np.load(b / "policy.npz") as y:
        assert sorted(x.files) == sorted(y.files) == ["b1", "b2", "profile", "w1", "w2"]
        for key in ("w1", "b1", "w2", "b2"):
            assert x[key].dtype == np.float32
            assert x[key].tobytes() == y[key].tobytes()
    digest = json.loads((a / "run.json").read_text())["digest"]
    assert digest == json.loads((b / "run.json").read_text())["digest"]


def test_another_seed_gives_other_weights(runs: tuple[Path, Path], tmp_path: Path) -> None:
    other = tmp_path / "x"
    cmd = [sys.executable, str(IMITATE), "--profile", "tetka", "--seed", "6", *SMOKE]
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    done = subprocess.run(
        [*cmd, "--out", str(other)], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 0, done.stderr
    with np.load(runs[0] / "policy.npz") as x, np.load(other / "policy.npz") as y:
        assert x["w1"].tobytes() != y["w1"].tobytes()


def test_the_policy_is_a_bot(runs: tuple[Path, Path]) -> None:
    bot = make_bot(f"learned:{runs[0] / 'policy.npz'}")
    hand = play_hand(reversis.new_hand("tetka", seed=3), [bot] * 4)
    assert hand.is_over


def test_it_never_writes_over_the_shipped_policies(tmp_path: Path) -> None:
    done = _run(ROOT / "src" / "reversis" / "bots" / "policies")
    assert done.returncode != 0
    assert "holds the repository's own files" in done.stderr
