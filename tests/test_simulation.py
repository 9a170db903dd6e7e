"""reversis.simulation.simulate and ``python -m reversis simulate``."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import reversis
from reversis import events as ev
from reversis import records
from reversis.bots import CautiousBot, RandomBot, play_hand
from reversis.cli import main
from reversis.errors import ArgumentError
from reversis.simulation import BotResult, hand_seed, simulate

FOUR = ["cautious", "random", "random", "random"]


def lowest_bot(seed: int) -> RandomBot:
    """A factory that pickles (module level)."""
    return RandomBot(random.Random(seed))


def test_workers_do_not_change_the_result() -> None:
    one = simulate("fournier-1785", FOUR, hands=60, seed=5, workers=1)
    two = simulate("fournier-1785", FOUR, hands=60, seed=5, workers=2)
    assert one == two
    chunked = simulate("fournier-1785", FOUR, hands=60, seed=5, workers=2, chunk=7)
    assert chunked == one
    with ThreadPoolExecutor(3) as pool:
        threaded = simulate("fournier-1785", FOUR, hands=60, seed=5, executor=pool, chunk=11)
    assert threaded == one
    assert simulate("fournier-1785", FOUR, hands=60, seed=6) != one


def test_matches_on_two_workers_equal_one() -> None:
    bots = ["cautious", "random", "random"]
    one = simulate("reunion", bots, matches=6, seed=2)
    two = simulate("reunion", bots, matches=6, seed=2, workers=2, chunk=1)
    assert one == two
    assert one.kind == "matches"
    assert all(b.matches == 6 for b in one.bots)
    assert sum(b.match_net for b in one.bots) == 0  # Réunion's money stays between players


def test_the_figures_are_the_facts_of_the_hands(tmp_path: Path) -> None:
    """Replaying the kept records gives every figure of the table, seat rotation included."""
    profile = reversis.load_profile("hoyle")
    result = simulate(profile, FOUR, hands=48, seed=3, records_dir=tmp_path)
    files = sorted(tmp_path.glob("hand-*.txt"))
    assert len(files) == 48
    net = Counter[int]()
    squares = Counter[int]()
    pots = Counter[int]()
    won = Counter[int]()
    made = Counter[int]()
    broken = Counter[int]()
    used = Counter[int]()
    seats: dict[int, set[int]] = {k: set() for k in range(4)}
    dealers = set()
    for i, path in enumerate(files):
        hand = records.replay(path.read_text())
        assert isinstance(hand, reversis.Hand)
        assert hand.seed == hand_seed(3, i)
        dealers.add(hand.dealer)
        over = hand.events[-1]
        assert isinstance(over, ev.HandOver)
        for k in range(4):
            seat = (k + i) % 4
            seats[k].add(seat)
            value = reversis.settle(hand).net[seat]
            net[k] += value
            squares[k] += value * value
            if over.winner is not None:
                pots[k] += 1
                won[k] += over.winner == seat
            made[k] += ev.ReversisMade(seat) in hand.events
            broken[k] += any(
                isinstance(e, ev.ReversisBroken) and e.seat == seat for e in hand.events
            )
            used[k] += any(isinstance(e, ev.PrivilegeUsed) and e.seat == seat for e in hand.events)
    assert dealers == {0, 1, 2, 3}
    for k, bot in enumerate(result.bots):
        assert seats[k] == {0, 1, 2, 3}  # no bot keeps one seat
        assert bot.hands == 48
        assert (bot.net, bot.net_squares) == (net[k], squares[k])
        assert (bot.pot_hands, bot.pots_won) == (pots[k], won[k])
        assert (bot.reversis_made, bot.reversis_broken) == (made[k], broken[k])
        assert bot.privilege_used == used[k]
    assert sum(b.privilege_used or 0 for b in result.bots) > 0  # hoyle's espagnolette is used


def test_a_hand_is_what_the_bots_would_play() -> None:
    """Hand i of a simulation is the hand its seeded bots play at their rotated seats."""
    result = simulate("fournier-1785", ["cautious"] * 4, hands=3, seed=9)
    # Cautious bots are deterministic: the net of each bot is the sum over its rotated seats.
    total = [0, 0, 0, 0]
    for i in range(3):
        hand = play_hand(
            reversis.new_hand("fournier-1785", seed=hand_seed(9, i), dealer=0),
            [CautiousBot() for _ in range(4)],
        )
        net = reversis.settle(hand).net
        for k in range(4):
            total[k] += net[(k + i) % 4]
    assert [b.net for b in result.bots] == total


def test_statistics() -> None:
    # Four hands netting 2, 2, 4 and 0: sum 8, squares 24, variance (24 - 8²/4) / 3 = 8/3.
    bot = BotResult("x", 0, 4, 8, 24, 4, 1, 0, 0, 0)
    assert bot.mean_net == 2.0
    assert bot.net_interval == pytest.approx(1.96 * (8 / 3 / 4) ** 0.5)
    assert bot.pot_won_percent == 25.0
    data = bot.to_dict()
    assert data["mean_net"] == 2.0
    assert "mean_match_net" not in data


def test_games_without_pot_print_a_dash() -> None:
    result = simulate("tetka", ["cautious", "random", "random", "random"], hands=8)
    assert result.bots[0].pot_won_percent is None
    assert result.bots[0].reversis_made is None
    table = result.table()
    assert "—" in table
    assert table.splitlines()[2].split()[2] == "—"


def test_factories_and_options() -> None:
    result = simulate("fournier-1785", [lowest_bot, *FOUR[1:]], hands=8, seed=1, workers=2)
    assert result.bots[0].name == "lowest_bot"
    mc = simulate(
        "fournier-1785",
        ["monte-carlo", "cautious", "cautious", "cautious"],
        hands=4,
        bot_options={"monte-carlo": {"playouts": 1}},
    )
    assert mc.bots[0].hands == 4


def test_progress_is_reported() -> None:
    seen: list[tuple[int, int]] = []
    simulate("fournier-1785", FOUR, hands=120, progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (120, 120)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_bad_arguments() -> None:
    with pytest.raises(ArgumentError, match="3 bots for 4 seats"):
        simulate("fournier-1785", FOUR[:3], hands=1)
    with pytest.raises(ArgumentError, match="unknown bot 'genius'"):
        simulate("fournier-1785", ["genius", *FOUR[1:]], hands=1)
    with pytest.raises(ArgumentError, match="one of them"):
        simulate("fournier-1785", FOUR)
    with pytest.raises(ArgumentError, match="one of them"):
        simulate("fournier-1785", FOUR, hands=1, matches=1)
    with pytest.raises(ArgumentError, match="1 to"):
        simulate("fournier-1785", FOUR, hands=0)
    with pytest.raises(ArgumentError, match="seed"):
        simulate("fournier-1785", FOUR, hands=1, seed=-1)
    with pytest.raises(ArgumentError, match="workers"):
        simulate("fournier-1785", FOUR, hands=1, workers=0)
    with pytest.raises(ArgumentError, match="executor"):
        simulate("fournier-1785", FOUR, hands=1, executor="dask")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="playouts"):
        simulate("fournier-1785", FOUR, hands=1, bot_options={"monte-carlo": {"playouts": 0}})
    with pytest.raises(ArgumentError, match="no options"):
        simulate("fournier-1785", FOUR, hands=1, bot_options={"random": {"playouts": 3}})


def test_cli_table_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["simulate", "--hands", "40", "--seed", "2"]) == 0
    table = capsys.readouterr().out
    assert table.startswith("fournier-1785: 40 hands, seed 2")
    assert "cautious" in table
    assert main(["simulate", "--hands", "40", "--seed", "2", "--json", "--workers", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["type"] == "simulation"
    assert data["hands"] == 40
    expected = simulate("fournier-1785", FOUR, hands=40, seed=2)
    assert [b["net"] for b in data["bots"]] == [b.net for b in expected.bots]
    out = tmp_path / "records"
    assert main(["simulate", "--matches", "2", "--profile", "reunion", "--records", str(out)]) == 0
    assert len(list(out.glob("match-*.txt"))) == 2
    capsys.readouterr()
    assert main(["simulate", "--hands", "4", "--bots", "random,random"]) == 2
    assert "one bot per seat (4)" in capsys.readouterr().err


def test_progress_bar_without_tqdm(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if the progress extra were missing
    simulate("fournier-1785", FOUR, hands=60, progress=True)
    err = capsys.readouterr().err
    assert "60/60 hands" in err
    assert "/s, " in err
    assert "s left" in err
