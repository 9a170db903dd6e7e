"""examples/learn (issue 26): a smoke run of the self-play trainer on reversis.vector.functional (30 CPU
seconds, small batches), and its saved policy as a bot that ``make_bot``, ``play_hand`` and
``simulate`` accept; a file that is no policy is refused with a typed error. A run writes to its
own folder, never over the repository's shipped results unless asked, checkpoints at each
evaluation and resumes where it stopped (issue 38)."""

from __future__ import annotations

import csv
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import reversis
from helpers import ROOT
from reversis.bots.learned import LearnedBot
from reversis.bots.players import is_bot_name, make_bot, play_hand
from reversis.errors import ArgumentError

if os.environ.get("REVERSIS_REQUIRE_PETTINGZOO") == "1":  # .ci/run: the tests must run
    import numpy as np
else:
    np = pytest.importorskip("numpy", reason="pip install -e '.[pettingzoo]'")

LEARN = ROOT / "examples" / "learn"


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("learn")
    command = [sys.executable, str(LEARN / "train.py"), "--profile", "hearts", "--seconds", "30"]
    command += ["--envs", "32", "--eval-every", "5", "--eval-hands", "64", "--out", str(out)]
    subprocess.run(command, check=True, capture_output=True, text=True)
    return out


def test_the_trainer_saves_a_policy_and_its_curve(trained: Path) -> None:
    with open(trained / "curve.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= 2
    assert int(rows[-1]["hands"]) > 0
    # The run stops when its CPU budget is spent; the curve's last row may be an evaluation's,
    # timed before the evaluation that used the budget up, so the run's total is the checkpoint's.
    with np.load(trained / "checkpoint.npz") as data:
        spent = json.loads(str(data["state"]))["cpu"]
    assert spent >= 30
    assert float(rows[-1]["cpu_seconds"]) <= round(spent, 1)


def test_a_learned_policy_is_a_bot(trained: Path) -> None:
    name = f"learned:{trained / 'policy.npz'}"
    assert is_bot_name(name)
    bot = make_bot(name)
    assert isinstance(bot, LearnedBot)
    assert bot.profile == "hearts"
    hand = play_hand(reversis.new_hand("hearts", seed=4), [bot, bot, bot, bot])
    assert hand.is_over
    result = reversis.simulate("hearts", [name, "random", "random", "random"], hands=8, seed=1)
    assert result.bots[0].hands == 8
    # The same view, the same move.
    view = reversis.new_hand("hearts", seed=5).view(1)
    assert bot(view) == bot(view)


def test_a_policy_for_another_profile_or_no_policy_is_refused(
    trained: Path, tmp_path: Path
) -> None:
    bot = make_bot(f"learned:{trained / 'policy.npz'}")
    with pytest.raises(ArgumentError, match="plays hearts"):
        bot(reversis.new_hand("fournier-1785", seed=1).view(1))
    with pytest.raises(ArgumentError, match="no move"):
        bot(reversis.new_hand("hearts", seed=1).view(0))
    (tmp_path / "bad.npz").write_bytes(b"not a policy")
    np.savez(tmp_path / "odd.npz", profile=np.array("hearts"), w1=np.zeros((3, 2)),
             b1=np.zeros(5), w2=np.zeros((2, 4)), b2=np.zeros(4))  # fmt: skip
    for path in (tmp_path / "missing.npz", tmp_path / "bad.npz", tmp_path / "odd.npz"):
        with pytest.raises(ArgumentError, match="learned bot"):
            make_bot(f"learned:{path}")
    with pytest.raises(ArgumentError, match="no options"):
        make_bot(f"learned:{trained / 'policy.npz'}", playouts=3)
    with pytest.raises(ArgumentError, match="unknown bot"):
        reversis.simulate("hearts", ["learnt:x", "random", "random", "random"], hands=1)


def _learn(*args: str | Path, cwd: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    """Run a script of examples/learn in ``cwd`` (a tiny network, tiny batches)."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    command = [sys.executable, str(LEARN / str(args[0])), *map(str, args[1:])]
    return subprocess.run(command, cwd=cwd, env=env, check=check, capture_output=True, text=True)


def _shipped() -> dict[str, str]:
    """The digest of every file of examples/learn's shipped results."""
    files = [LEARN / "curve.png", *sorted((LEARN / "hearts").iterdir())]
    files += sorted((LEARN / "fournier-1785").iterdir())
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


TINY = ["--envs", "8", "--hidden", "16", "--eval-every", "2", "--eval-hands", "16"]


def test_a_run_interrupted_resumes_where_it_stopped(tmp_path: Path) -> None:
    """A budget of 3 batches stops a run (checkpointed at its last evaluation and at the stop);
    ``--resume`` continues it to 6, and its policy is the one of 6 batches run straight. The
    default folder is ./runs/learn-<profile> of the current directory, and the repository's files
    are untouched."""
    before = _shipped()
    _learn("train.py", "--profile", "hearts", "--iterations", "3", *TINY, cwd=tmp_path)
    run = tmp_path / "runs" / "learn-hearts"
    assert {p.name for p in run.iterdir()} == {"policy.npz", "curve.csv", "checkpoint.npz"}
    with open(run / "curve.csv", newline="") as f:
        assert [int(r["iteration"]) for r in csv.DictReader(f)] == [0, 2, 3]
    again = _learn("train.py", "--profile", "hearts", "--iterations", "6", *TINY, cwd=tmp_path,
                   check=False)  # fmt: skip
    assert again.returncode != 0
    assert "--resume" in again.stderr
    other = _learn("train.py", "--profile", "hearts", "--iterations", "6", "--resume", *TINY[:2],
                   "--hidden", "32", *TINY[4:], cwd=tmp_path, check=False)  # fmt: skip
    assert other.returncode != 0
    assert "--hidden 16 (not 32)" in other.stderr
    resumed = _learn("train.py", "--profile", "hearts", "--iterations", "6", "--resume", *TINY,
                     cwd=tmp_path)  # fmt: skip
    assert "resuming" in resumed.stdout
    assert "at iteration 3" in resumed.stdout
    with open(run / "curve.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["iteration"]) for r in rows] == [0, 2, 3, 4, 6]
    assert [int(r["hands"]) for r in rows] == [0, 16, 24, 32, 48]
    cpu = [float(r["cpu_seconds"]) for r in rows]
    assert cpu == sorted(cpu)  # the run's time goes on from where it stopped
    _learn("train.py", "--profile", "hearts", "--iterations", "6", *TINY, "--out", "straight",
           cwd=tmp_path)  # fmt: skip
    with np.load(run / "policy.npz") as a, np.load(tmp_path / "straight" / "policy.npz") as b:
        for key in ("w1", "b1", "w2", "b2"):
            assert np.array_equal(a[key], b[key]), key
    assert _shipped() == before


def test_the_repository_s_results_are_refused_unless_asked(tmp_path: Path) -> None:
    before = _shipped()
    for folder in (LEARN / "hearts", LEARN / "fournier-1785"):
        done = _learn("train.py", "--iterations", "1", *TINY, "--out", folder, cwd=tmp_path,
                      check=False)  # fmt: skip
        assert done.returncode != 0
        assert "the repository's own files" in done.stderr
        assert "--refresh-shipped" in done.stderr
    done = _learn("evaluate.py", LEARN / "hearts" / "policy.npz", "--hands", "4", cwd=tmp_path,
                  check=False)  # fmt: skip
    assert done.returncode != 0
    assert "the repository's own files" in done.stderr
    assert _shipped() == before
    # Elsewhere, beside the policy by default.
    copy = tmp_path / "mine"
    copy.mkdir()
    (copy / "policy.npz").write_bytes((LEARN / "hearts" / "policy.npz").read_bytes())
    _learn("evaluate.py", copy / "policy.npz", "--hands", "4", cwd=tmp_path)
    assert (copy / "evaluation.json").exists()
