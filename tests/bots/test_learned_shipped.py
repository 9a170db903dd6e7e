"""The shipped learned policies (issue 39): ``make_bot("learned")`` plays the network shipped for the
view's profile, in every shipped profile and every phase, legally, deterministically and from its view
alone; the shipped files load, match what ``index.json`` records of them and stay small; a profile no
network ships for is refused with a precise error."""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from importlib.resources import files

import pytest

import reversis
from reversis.bots.learned import (
    LearnedBot,
    ShippedLearnedBot,
    load_policy,
    shipped_policies,
    shipped_policy,
)
from reversis.bots.players import BOT_NAMES, is_bot_name, make_bot
from reversis.engine.actions import action_count
from reversis.engine.tricks import Phase
from reversis.errors import ArgumentError
from reversis.views.encoding import observation_size
from reversis.views.view import HandView

if os.environ.get("REVERSIS_REQUIRE_PETTINGZOO") == "1":  # .ci/run: the tests must run
    import numpy as np
else:
    np = pytest.importorskip("numpy", reason="pip install -e '.[learn]'")

POLICIES = files("reversis.bots").joinpath("policies")
INDEX = json.loads(POLICIES.joinpath("index.json").read_text())
PROFILES = reversis.available_profiles()


def test_a_network_ships_for_every_shipped_profile() -> None:
    assert shipped_policies() == tuple(sorted(PROFILES))
    assert sorted(INDEX) == sorted(PROFILES)
    assert "learned" in BOT_NAMES
    assert is_bot_name("learned")


@pytest.mark.parametrize("profile", PROFILES)
def test_the_shipped_files_load_and_match_their_record(profile: str) -> None:
    with POLICIES.joinpath(f"{profile}.npz").open("rb") as file:
        data = np.load(file, allow_pickle=False)
        assert sorted(data.files) == ["b1", "b2", "profile", "w1", "w2"]
        assert str(data["profile"]) == profile
        for key in ("w1", "b1", "w2", "b2"):
            assert data[key].dtype == np.float32
    bot = shipped_policy(profile)
    record = INDEX[profile]
    assert record["profile"] == profile
    assert {k: list(v.shape) for k, v in bot.weights.items()} == record["shapes"]
    rules = reversis.load_profile(profile)
    assert bot.weights["w1"].shape[0] == observation_size(rules)
    assert bot.weights["w2"].shape[1] == action_count(rules)
    digest = hashlib.sha256()
    for key in ("w1", "b1", "w2", "b2"):
        digest.update(np.ascontiguousarray(bot.weights[key]).tobytes())
    assert digest.hexdigest() == record["digest"]
    # What index.json says of the run: the command that makes the file again, and its result.
    assert f"--profile {profile} --seed {record['settings']['seed']}" in record["command"]
    assert record["benchmark"]["hands"] == 1000
    assert record["benchmark"]["net_per_hand"] > record["benchmark"]["interval"]
    # A shipped file is also a policy file for learned:PATH.
    assert load_policy(str(POLICIES.joinpath(f"{profile}.npz")))[0] == profile


def test_the_shipped_files_are_small() -> None:
    # The wheel stays under 10 MB with them (issue 39): each network well under a megabyte.
    sizes = {f.name: len(f.read_bytes()) for f in POLICIES.iterdir() if f.name.endswith(".npz")}
    assert len(sizes) == len(PROFILES)
    assert max(sizes.values()) < 700_000, sizes
    assert sum(sizes.values()) < 5_000_000, sizes


def _play(profile: str, seed: int, bots: list) -> tuple[reversis.Hand, set[Phase]]:
    hand = reversis.new_hand(
        profile, seed=seed, dealer=seed % reversis.load_profile(profile).players
    )
    phases = set()
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        phases.add(hand.phase)
        move = bots[seat](hand.view(seat))
        assert move in hand.legal_moves()
        hand = hand.apply(move)
    return hand, phases


@pytest.mark.parametrize("profile", PROFILES)
def test_learned_plays_legally_in_every_phase(profile: str) -> None:
    n = reversis.load_profile(profile).players
    bot = make_bot("learned")
    assert isinstance(bot, ShippedLearnedBot)
    seen: set[Phase] = set()
    for seed in range(6):
        hand, phases = _play(profile, seed, [bot] * n)
        assert hand.is_over
        seen |= phases
    assert Phase.PLAY in seen
    # The steps before play, where the profile has them, are the network's too.
    first = reversis.new_hand(profile, seed=0)
    if first.phase is not Phase.PLAY:
        assert first.phase in seen


@pytest.mark.parametrize("profile", PROFILES)
def test_learned_is_deterministic(profile: str) -> None:
    n = reversis.load_profile(profile).players
    a, _ = _play(profile, 11, [make_bot("learned", seed=1)] * n)
    b, _ = _play(profile, 11, [make_bot("learned", seed=2) for _ in range(n)])
    assert a == b


@pytest.mark.parametrize("profile", ["fournier-1785", "hearts", "tetka", "reunion"])
def test_learned_sees_only_its_view(profile: str) -> None:
    # Worlds that agree with a view differ in every hidden card; the view is the same, and so is
    # the move. The view read back from its JSON plays the same move too.
    bot = make_bot("learned")
    rng = random.Random(3)
    hand = reversis.new_hand(profile, seed=21)
    checked = 0
    while not hand.is_over:
        seat = hand.to_move
        assert seat is not None
        view = hand.view(seat)
        move = bot(view)
        if len(view.legal_moves) > 1:
            for _ in range(3):
                world = reversis.sample_world(view, rng)
                assert world.view(seat) == view
                assert bot(world.view(seat)) == move
            assert bot(HandView.from_dict(json.loads(json.dumps(view.to_dict())))) == move
            checked += 1
        hand = hand.apply(move)
    assert checked > 5


def test_a_profile_without_a_network_is_refused() -> None:
    bot = make_bot("learned")
    house = reversis.load_profile("hearts").evolve(name="my-hearts")
    with pytest.raises(ArgumentError, match="no learned policy ships for the profile 'my-hearts'"):
        bot(reversis.new_hand(house, seed=1).view(0))
    with pytest.raises(ArgumentError, match="no learned policy ships for the profile 'nope'"):
        shipped_policy("nope")
    with pytest.raises(ArgumentError, match="a learned bot takes no options"):
        make_bot("learned", playouts=3)
    with pytest.raises(ArgumentError, match="HandView"):
        bot("QS")  # type: ignore[arg-type]


def test_house_rules_under_a_shipped_name_are_refused() -> None:
    rules = reversis.load_profile("hearts")
    house = rules.evolve(hearts={"jd_bonus": True})  # the name stays, the rules change
    assert house.name == rules.name
    assert house != rules
    bot = make_bot("learned")
    view = reversis.new_hand(rules, seed=1).view(1)
    assert bot(view) in view.legal_moves
    with pytest.raises(ArgumentError, match="its rules are not the shipped ones"):
        bot(reversis.new_hand(house, seed=1).view(0))


def test_the_bot_loads_a_network_once_per_profile() -> None:
    bot = ShippedLearnedBot()
    view = reversis.new_hand("hearts", seed=1).view(0)
    first = bot.policy(view.rules)
    assert isinstance(first, LearnedBot)
    assert bot.policy(view.rules) is first
    assert ShippedLearnedBot().policy(view.rules) is not first


def test_without_numpy_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from reversis.bots import learned

    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match=r"reversis\[learn\]"):
        learned._numpy()
