"""The bots' ladder (issue 39): every pair on the same deals, duplicate style (each bot alone at
each seat against the other, on every deal), ratings by least squares with bootstrap intervals,
seeded and deterministic for deterministic bots; its command, table, JSON and picture."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import reversis
from reversis.bots.players import CautiousBot, RandomBot
from reversis.cli import main
from reversis.errors import ArgumentError
from reversis.simulation import ladder as ladder_module
from reversis.simulation.ladder import bootstrap, fit_ratings, ladder, seatings


@pytest.mark.parametrize("players", [3, 4])
def test_seatings_put_each_bot_alone_at_each_seat(players: int) -> None:
    plays = seatings(players)
    assert len(plays) == 2 * players
    assert len(set(plays)) == 2 * players
    for bot in (0, 1):
        alone = [p.index(bot) for p in plays if p.count(bot) == 1]
        assert sorted(alone) == list(range(players))  # alone once at every seat
        for seat in range(players):  # and at every seat as often as the other bot
            assert sum(p[seat] == bot for p in plays) == players


def test_every_deal_is_played_with_each_bot_at_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the ladder itself: the hands it plays, by deck, with who sat where."""
    played: list[tuple[tuple[Any, ...], tuple[type, ...]]] = []
    real = ladder_module.play_hand

    def spy(hand: reversis.Hand, bots: Any) -> reversis.Hand:
        played.append((hand.deal.deck, tuple(type(b.bot) for b in bots)))
        return real(hand, bots)

    monkeypatch.setattr(ladder_module, "play_hand", spy)
    ladder(["random", "cautious"], ["fournier-1785-3p"], deals=3, draws=10)
    n = 3
    by_deal: dict[Any, list[tuple[type, ...]]] = {}
    for deck, kinds in played:
        by_deal.setdefault(deck, []).append(kinds)
    assert len(by_deal) == 3  # three different deals, each the same cards in all its plays
    for plays in by_deal.values():
        assert len(plays) == 2 * n
        for seat in range(n):
            at_seat = Counter(kinds[seat] for kinds in plays)
            assert at_seat == {RandomBot: n, CautiousBot: n}
        alone = Counter(
            (k, kinds.index(k)) for kinds in plays for k in set(kinds) if kinds.count(k) == 1
        )
        assert alone == {(k, s): 1 for k in (RandomBot, CautiousBot) for s in range(n)}


def test_the_rating_math_on_an_example_done_by_hand() -> None:
    # m_AB = 2, m_AC = 4, m_BC = 1: r_A = (2 + 4)/3 = 2, r_B = (-2 + 1)/3 = -1/3,
    # r_C = (-4 - 1)/3 = -5/3.
    margins = {(0, 1): 2.0, (0, 2): 4.0, (1, 2): 1.0}
    r = fit_ratings(3, margins)
    assert r == pytest.approx([2.0, -1 / 3, -5 / 3])
    assert math.fsum(r) == pytest.approx(0.0)

    # Least squares: moving any rating (keeping the sum at zero) makes the squares larger.
    def squares(x: list[float]) -> float:
        return sum((x[i] - x[j] - m) ** 2 for (i, j), m in margins.items())

    for i, j in itertools.permutations(range(3), 2):
        moved = list(r)
        moved[i] += 0.01
        moved[j] -= 0.01
        assert squares(moved) > squares(r)
    # Consistent margins are fitted exactly.
    assert fit_ratings(2, {(0, 1): 3.0}) == [1.5, -1.5]
    with pytest.raises(ArgumentError, match=r"pair \(0, 2\) is missing"):
        fit_ratings(3, {(0, 1): 1.0, (1, 2): 1.0})


def test_the_bootstrap_on_an_example_done_by_hand() -> None:
    # Every deal gives the same margins: every draw does, and the intervals are the point.
    same = {(0, 1): [2.0] * 5, (0, 2): [4.0] * 5, (1, 2): [1.0] * 5}
    ratings, margins = bootstrap(3, same, draws=50)
    for (low, high), point in zip(ratings, [2.0, -1 / 3, -5 / 3], strict=True):
        assert low == pytest.approx(point)
        assert high == pytest.approx(point)
    assert margins[0, 2] == (4.0, 4.0)
    # Two deals, margins 0 and 10: a draw's mean is 0, 5 or 10, each end reached in 1,000 draws.
    ratings, margins = bootstrap(2, {(0, 1): [0.0, 10.0]}, draws=1000, seed=1)
    assert margins[0, 1] == (0.0, 10.0)
    assert ratings == [(0.0, 5.0), (-5.0, 0.0)]
    assert bootstrap(2, {(0, 1): [0.0, 3.0, 9.0]}, seed=4) == bootstrap(
        2, {(0, 1): [0.0, 3.0, 9.0]}, seed=4
    )


def test_the_ladder_is_seeded_and_deterministic_for_deterministic_bots() -> None:
    bots = ["cautious", "random", "monte-carlo@2"]
    one = ladder(bots, ["reunion"], deals=2, seed=5, draws=100)
    # The same on two processes as on one (and so the same run after run).
    assert one == ladder(bots, ["reunion"], deals=2, seed=5, draws=100, workers=2)
    other = ladder(bots, ["reunion"], deals=2, seed=6, draws=100)
    assert [p.per_deal for p in other.profiles[0].pairs] != [
        p.per_deal for p in one.profiles[0].pairs
    ]
    reunion = one.profiles[0]
    assert reunion.profile == "reunion"
    assert reunion.deals == 2
    assert len(reunion.pairs) == 3
    # The ratings are the fit of the pairs' margins, each margin the mean of its deals.
    index = {name: k for k, name in enumerate(bots)}
    margins = {}
    for pair in reunion.pairs:
        assert pair.margin == pytest.approx(sum(pair.per_deal) / 2)
        assert pair.low <= pair.margin <= pair.high
        margins[index[pair.first], index[pair.second]] = pair.margin
    fitted = fit_ratings(3, margins)
    assert [r.rating for r in reunion.ratings] == sorted(fitted, reverse=True)
    for r in reunion.ratings:
        assert r.rating == pytest.approx(fitted[index[r.bot]])
        assert r.low <= r.rating <= r.high
        assert r.decisions > 0
        assert r.millis >= 0


def test_the_margin_is_the_difference_of_the_seat_hands_nets() -> None:
    """One deal of a pair by hand: every play of it, each bot's nets summed."""
    result = ladder(["random", "cautious"], ["hearts"], deals=1, seed=2, draws=10)
    profile = reversis.load_profile("hearts")
    n = profile.players
    total = 0
    for play, seating in enumerate(seatings(n)):
        bots = []
        for seat, which in enumerate(seating):
            key = f"reversis-ladder:2:hearts:(0, 1):0:{play}:{seat}"
            seed = random.Random(key).getrandbits(64)
            bots.append(reversis.bots.make_bot(["random", "cautious"][which], seed))
        hand = reversis.new_hand(profile, seed=ladder_module.hand_seed(2, 0), dealer=0)
        net = reversis.settle(reversis.bots.play_hand(hand, bots)).net
        total += sum(net[s] if w == 0 else -net[s] for s, w in enumerate(seating))
    assert result.profiles[0].pairs[0].per_deal == (total / n**2,)


def test_wrong_arguments_are_refused_before_any_play() -> None:
    with pytest.raises(ArgumentError, match="at least two bots"):
        ladder(["cautious"])
    with pytest.raises(ArgumentError, match="each bot once"):
        ladder(["cautious", " cautious"])
    with pytest.raises(ArgumentError, match="unknown bot"):
        ladder(["cautious", "genius"])
    with pytest.raises(ArgumentError, match="deals must be"):
        ladder(["cautious", "random"], deals=0)
    with pytest.raises(ArgumentError, match="seed must be"):
        ladder(["cautious", "random"], seed=-1)
    with pytest.raises(ArgumentError, match="workers must be"):
        ladder(["cautious", "random"], workers=0)
    with pytest.raises(ArgumentError, match="at least one profile"):
        ladder(["cautious", "random"], [])


def test_the_table_and_the_json() -> None:
    result = ladder(["random", "cautious"], ["hearts"], deals=2, draws=20)
    text = result.table()
    assert text.startswith("hearts: 2 deals a pair, each played 8 times")
    assert "cautious over random" in text or "random over cautious" in text
    assert "ms a decision" in text
    data = json.loads(result.to_json())
    assert data["type"] == "ladder"
    assert data["bots"] == ["random", "cautious"]
    [hearts] = data["profiles"]
    assert {r["bot"] for r in hearts["ratings"]} == {"random", "cautious"}
    assert len(hearts["pairs"][0]["per_deal"]) == 2
    assert all(r["ms_per_decision"] >= 0 for r in hearts["ratings"])


def test_the_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["ladder", "--bots", "random,cautious", "--deals", "1", "--profile", "hearts"]
    assert main([*argv, "--json", "--workers", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["profile"] for p in data["profiles"]] == ["hearts"]
    assert main([*argv, "--profile", "reunion", "--hands", "1", "--workers", "1"]) == 0
    out, err = capsys.readouterr()
    assert "ladder: hearts done (1 of 2)" in err
    assert "ladder: reunion done (2 of 2)" in err
    assert out.startswith("hearts: 1 deal")
    assert "\nreunion: 1 deal" in out
    assert main(["ladder", "--bots", "random,genius", "--deals", "1"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
    assert main(["ladder", "--bots", "random,cautious@3", "--deals", "1"]) == 2
    assert "takes no count budget" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["ladder", "--profile", "hearts", "--all-profiles"])
    assert "not allowed with" in capsys.readouterr().err


def test_the_command_writes_the_docs_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "ladder"
    argv = ["ladder", "--bots", "random,cautious", "--deals", "1", "--profile", "hearts"]
    assert main([*argv, "--workers", "1", "--out", str(out)]) == 0
    assert (out / "ladder.txt").read_text(encoding="utf-8") == capsys.readouterr().out
    assert json.loads((out / "ladder.json").read_text(encoding="utf-8"))["deals"] == 1
    svg = (out / "ladder.svg").read_text(encoding="utf-8")
    for label in ("random", "cautious", "hearts"):
        assert label in svg
