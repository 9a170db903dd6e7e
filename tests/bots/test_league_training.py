"""examples/learn/league.py (issue 39), self-play against a league by PPO on reversis.vector: PPO's
gradient is the loss's (checked against finite differences); the league seats the learner, the
cautious bot and past selves in the shares asked, the learner at its rotating seat; a smoke run of a
few seconds saves a policy, its curve and its record, starts from the shipped network, gives the
same weights twice with one seed, and its policy is a bot; bad settings are refused; it never writes
over the repository's files."""

from __future__ import annotations

import argparse
import csv
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import reversis
from helpers import ROOT
from reversis.bots.learned import shipped_policy
from reversis.bots.players import make_bot, play_hand

if os.environ.get("REVERSIS_REQUIRE_PETTINGZOO") == "1":  # .ci/run: the tests must run
    import numpy as np
else:
    np = pytest.importorskip("numpy", reason="pip install -e '.[learn]'")

LEARN = ROOT / "examples" / "learn"
LEAGUE = LEARN / "league.py"
SMOKE = ["--iterations", "3", "--envs", "6", "--eval-every", "2", "--eval-hands", "3",
         "--snapshot-every", "1", "--league-size", "2", "--minibatch", "64"]  # fmt: skip


def _script(name: str) -> Any:
    """The script ``examples/learn/<name>.py`` as a module (examples/learn on the path, as when
    it runs)."""
    sys.path.insert(0, str(LEARN))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(LEARN))


@pytest.fixture(scope="module")
def league() -> Any:
    """league.py as a module."""
    return _script("league")


def _run(out: Path, *extra: str, seed: str = "5") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    command = [sys.executable, str(LEAGUE), "--profile", "tetka", "--seed", seed, *SMOKE, *extra]
    return subprocess.run(
        [*command, "--out", str(out)], capture_output=True, text=True, env=env, check=False
    )


def test_ppo_gradient_is_the_losss(league: Any) -> None:
    rng = np.random.default_rng(3)
    size, hidden, actions, rows = 7, 5, 6, 40
    weights = {
        "w1": rng.standard_normal((size, hidden)),
        "b1": rng.standard_normal(hidden) * 0.1,
        "w2": rng.standard_normal((hidden, actions)),
        "b2": rng.standard_normal(actions) * 0.1,
    }
    x = rng.standard_normal((rows, size))
    mask = rng.random((rows, actions)) < 0.6
    mask[:, 0] = True
    p = league.masked_probs(league.policy_logits(weights, x), mask)
    a = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
    # Old probabilities around the new ones, some far enough for the clip to bite.
    p_old = np.clip(p[np.arange(rows), a] * rng.uniform(0.6, 1.4, rows), 1e-3, 1.0)
    adv = rng.standard_normal(rows)
    loss, grads = league.ppo_gradients(weights, x, mask, a, p_old, adv, 0.2, 0.01)
    for key, value in weights.items():
        flat = value.reshape(-1)
        for j in rng.choice(flat.size, min(12, flat.size), replace=False):
            keep = flat[j]
            flat[j] = keep + 1e-6
            up, _ = league.ppo_gradients(weights, x, mask, a, p_old, adv, 0.2, 0.01)
            flat[j] = keep - 1e-6
            down, _ = league.ppo_gradients(weights, x, mask, a, p_old, adv, 0.2, 0.01)
            flat[j] = keep
            assert grads[key].reshape(-1)[j] == pytest.approx((up - down) / 2e-6, abs=1e-6), key
    assert np.isfinite(loss)


def test_the_league_seats_the_learner_and_its_opponents(league: Any) -> None:
    args = argparse.Namespace(cautious=0.4, past=0.3)
    rng = np.random.default_rng(1)
    for iteration in range(3):
        kind = league.seats_of(rng, 4000, 4, iteration, args, 3)
        rows = np.arange(4000)
        assert (kind[rows, (rows + iteration) % 4] == league.LEARNER).all()
        others = np.ones_like(kind, bool)
        others[rows, (rows + iteration) % 4] = False
        share = {k: float(np.mean(kind[others] == k)) for k in range(league.PAST + 3)}
        assert share[league.CAUTIOUS] == pytest.approx(0.4, abs=0.02)
        past = sum(share[league.PAST + k] for k in range(3))
        assert past == pytest.approx(0.3, abs=0.02)
        assert share[league.LEARNER] == pytest.approx(0.3, abs=0.02)
        assert min(share[league.PAST + k] for k in range(3)) > 0.08
    none = league.seats_of(rng, 100, 3, 0, argparse.Namespace(cautious=0.0, past=0.0), 1)
    assert (none == league.LEARNER).all()


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    a, b = tmp_path_factory.mktemp("a"), tmp_path_factory.mktemp("b")
    for out in (a, b):
        done = _run(out)
        assert done.returncode == 0, done.stderr
    return a, b


def test_a_run_starts_from_the_shipped_network_and_records_itself(runs: tuple[Path, Path]) -> None:
    out = runs[0]
    with open(out / "curve.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [row["iteration"] for row in rows] == ["0", "2", "3"]
    assert [row["hands"] for row in rows] == ["0", "12", "18"]
    assert int(rows[-1]["decisions"]) > int(rows[1]["decisions"]) > 0
    assert rows[0]["kl"] == ""
    assert float(rows[-1]["kl"]) >= 0
    record = json.loads((out / "run.json").read_text())
    assert record["profile"] == "tetka"
    assert "examples/learn/league.py --profile tetka --seed 5 --init shipped" in record["command"]
    shipped = json.loads((ROOT / "src/reversis/bots/policies/index.json").read_text())["tetka"]
    assert record["init"] == f"shipped tetka.npz, digest {shipped['digest']}"
    assert record["shapes"] == shipped["shapes"]
    assert record["digest"] != shipped["digest"]  # it learned something
    assert set(record["evaluation"]) >= {"net_vs_cautious", "interval", "difference"}


def test_one_seed_gives_the_same_weights(runs: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = runs
    with np.load(a / "policy.npz") as x, np.load(b / "policy.npz") as y:
        assert sorted(x.files) == ["b1", "b2", "profile", "w1", "w2"]
        for key in ("w1", "b1", "w2", "b2"):
            assert x[key].dtype == np.float32
            assert x[key].tobytes() == y[key].tobytes()
    assert (
        json.loads((a / "run.json").read_text())["digest"]
        == json.loads((b / "run.json").read_text())["digest"]
    )
    done = _run(tmp_path / "other", seed="6")
    assert done.returncode == 0, done.stderr
    with np.load(a / "policy.npz") as x, np.load(tmp_path / "other" / "policy.npz") as y:
        assert x["w1"].tobytes() != y["w1"].tobytes()


def test_the_policy_is_a_bot_and_moves_from_the_shipped(runs: tuple[Path, Path]) -> None:
    bot = make_bot(f"learned:{runs[0] / 'policy.npz'}")
    hand = play_hand(reversis.new_hand("tetka", seed=3), [bot] * 4)
    assert hand.is_over
    with np.load(runs[0] / "policy.npz") as x:
        start = shipped_policy("tetka").weights["w2"]
        assert 0 < float(np.abs(x["w2"] - start).max()) < 0.5


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--cautious", "0.8", "--past", "0.3"], "--cautious and --past are shares"),
        (["--cautious", "-0.1"], "--cautious and --past are shares"),
        (["--envs", "0"], "--envs must be 1 or more"),
        (["--iterations", "0"], "--iterations must be 1 or more"),
    ],
)
def test_bad_settings_are_refused(tmp_path: Path, extra: list[str], message: str) -> None:
    done = _run(tmp_path / "x", *extra)
    assert done.returncode != 0
    assert message in done.stderr
    assert not (tmp_path / "x").exists()


def test_an_init_of_another_profile_is_refused(runs: tuple[Path, Path], tmp_path: Path) -> None:
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    command = [sys.executable, str(LEAGUE), "--profile", "hearts", *SMOKE,
               "--init", str(runs[0] / "policy.npz"), "--out", str(tmp_path / "x")]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert done.returncode != 0
    assert "plays tetka, not hearts" in done.stderr


def test_it_never_writes_over_the_shipped_policies() -> None:
    done = _run(ROOT / "src" / "reversis" / "bots" / "policies")
    assert done.returncode != 0
    assert "holds the repository's own files" in done.stderr


@pytest.mark.parametrize("trainer", ["league", "train"])
def test_every_trainer_draws_only_actions_of_positive_probability(trainer: str) -> None:
    # Each trainer samples with the one numerics.sample (train.py once had a copy that gave the
    # last action, of probability 0, where a row's rounded sums fell short of 1).
    draw = _script(trainer).sample
    rng = np.random.default_rng(2)
    p = np.zeros((20000, 5), np.float32)
    p[:, 1], p[:, 3] = 0.25, 0.75 - 1e-7  # sums short of 1, as rounding leaves them
    drawn = draw(p, rng)
    assert set(np.unique(drawn).tolist()) == {1, 3}
    assert float(np.mean(drawn == 3)) == pytest.approx(0.75, abs=0.015)
    tiny = np.zeros((10, 4), np.float32)
    tiny[:, 2] = 1e-30
    assert (draw(tiny, rng) == 2).all()


def test_compare_policies_pairs_two_policies_on_the_same_deals(runs: tuple[Path, Path]) -> None:
    script = LEARN / "compare_policies.py"
    policy = str(runs[0] / "policy.npz")

    def compare(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(script), *extra], capture_output=True,
                              text=True, check=False)  # fmt: skip

    same = compare(policy, str(runs[1] / "policy.npz"), "--hands", "8")
    assert same.returncode == 0, same.stderr
    result = json.loads(same.stdout)
    assert result["first"] == result["second"]
    assert result["first_less_second"] == 0
    assert result["first_less_second_interval"] == 0
    shipped = compare(policy, "shipped", "--hands", "8")
    assert shipped.returncode == 0, shipped.stderr
    result = json.loads(shipped.stdout)
    assert result["profile"] == "tetka"
    assert result["hands"] == 8
    assert result["first_less_second"] == pytest.approx(
        result["first"] - result["second"], abs=2e-3
    )
    assert result["others"] == "cautious"
    teacher = compare(policy, str(runs[1] / "policy.npz"), "--hands", "4",
                      "--others", "monte-carlo", "--playouts", "2")  # fmt: skip
    assert teacher.returncode == 0, teacher.stderr
    result = json.loads(teacher.stdout)
    assert result["others"] == "monte-carlo@2"
    assert result["first"] == result["second"]  # the same moves meet the same opponents' moves
    assert result["first_less_second"] == 0
    refused = compare(policy, "shipped", "--hands", "1")
    assert refused.returncode != 0
    assert "--hands must be 2 or more" in refused.stderr
    refused = compare(policy, "shipped", "--others", "monte-carlo", "--playouts", "0")
    assert refused.returncode != 0
    assert "--playouts must be 1 or more" in refused.stderr


def test_ship_takes_a_league_run_only_from_the_shipped_imitation(
    runs: tuple[Path, Path],
) -> None:
    sys.path.insert(0, str(LEARN))
    try:
        import ship
    finally:
        sys.path.remove(str(LEARN))
    index = json.loads((ROOT / "src/reversis/bots/policies/index.json").read_text())
    shipped = index["tetka"]
    start = shipped.get("imitation", shipped)  # what ships: an imitation, or a league's record
    record = json.loads((runs[0] / "run.json").read_text())
    record["init"] = f"runs/imitate-tetka/policy.npz, digest {start['digest']}"
    kept = ship.imitation_of(runs[0], record, shipped)
    assert kept["digest"] == start["digest"]
    assert kept["command"] == start["command"]
    assert "imitate.py --profile tetka" in kept["command"]
    assert ship.imitation_of(runs[0], record, dict(record, imitation=kept)) == kept  # re-shipped
    with pytest.raises(SystemExit, match="not from the imitation network shipped for tetka"):
        ship.imitation_of(runs[0], record, {**start, "digest": "0" * 64})
    with pytest.raises(SystemExit, match="ship the imitate.py run it started from first"):
        ship.imitation_of(runs[0], record, None)


def test_a_policy_file_of_the_same_weights_starts_the_same_run(
    runs: tuple[Path, Path], tmp_path: Path
) -> None:
    """What ``--init shipped`` started from, given as a file, gives the same weights (how the
    docs remake a shipped league run from the imitation run's file)."""
    shipped = ROOT / "src" / "reversis" / "bots" / "policies" / "tetka.npz"
    done = _run(tmp_path / "x", "--init", str(shipped))
    assert done.returncode == 0, done.stderr
    record = json.loads((tmp_path / "x" / "run.json").read_text())
    first = json.loads((runs[0] / "run.json").read_text())
    assert record["init"].split("digest ")[1] == first["init"].split("digest ")[1]
    assert record["digest"] == first["digest"]


def test_ship_puts_a_league_curve_after_its_imitations() -> None:
    sys.path.insert(0, str(LEARN))
    try:
        import ship
    finally:
        sys.path.remove(str(LEARN))
    imitation = [{"profile": "x", "round": "0", "cpu_seconds": "10.0", "difference": "1"},
                 {"profile": "x", "round": "1", "cpu_seconds": "20.5", "difference": "2"}]  # fmt: skip
    old_league = [{"profile": "x", "stage": "league", "cpu_seconds": "30", "difference": "3"}]
    league = [{"profile": "x", "iteration": "0", "cpu_seconds": "0.0", "difference": "2"},
              {"profile": "x", "iteration": "9", "cpu_seconds": "4.25", "difference": "4"}]  # fmt: skip
    merged = ship.curve_of(imitation + old_league, league, {"cpu_seconds": 20.5})
    assert [r["stage"] for r in merged] == ["imitation", "imitation", "league", "league"]
    assert [r["cpu_seconds"] for r in merged] == ["10.0", "20.5", "20.5", "24.8"]
    assert [r["difference"] for r in merged] == ["1", "2", "2", "4"]
    alone = ship.curve_of(old_league, imitation, None)
    assert [r["stage"] for r in alone] == ["imitation", "imitation"]
    assert [r["cpu_seconds"] for r in alone] == ["10.0", "20.5"]
