"""examples/learn (issue 26): a smoke run of the self-play trainer on reversis.vector.functional (30 CPU
seconds, small batches), and its saved policy as a bot that ``make_bot``, ``play_hand`` and
``simulate`` accept; a file that is no policy is refused with a typed error."""

from __future__ import annotations

import csv
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
    assert float(rows[-1]["cpu_seconds"]) >= 30


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
