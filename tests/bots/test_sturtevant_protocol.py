"""The harness that plays a reversis bot against Sturtevant's Hearts program
(``benchmarks/sturtevant.py``, issue 39), its Python side: the requests it writes for a position,
the checks of his answers, the statistics. No C++ and none of his source: a fake program, a small
Python script speaking the shim's protocol (it answers the first legal card), stands in for the
shim. With ``STURTEVANT_SOURCE`` pointing at a checkout of his program (and g++ installed), one more
test builds the real shim (in ``STURTEVANT_BUILD``, or a temporary directory) and plays a hand
against it."""

from __future__ import annotations

import importlib.util
import json
import math
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

import reversis
from reversis import Card, Play, deal_hand
from reversis.bots.players import make_bot


def _load() -> ModuleType:
    """The benchmark's module, loaded from its file (``benchmarks`` is not a package)."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "sturtevant.py"
    spec = importlib.util.spec_from_file_location("sturtevant_benchmark", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


stu = _load()

#: The fake program: MODE is ``first`` (the first legal card, in the order the hand is sent),
#: ``narrow`` (the same, but it says its only legal card is that one), ``two-of-clubs`` (always
#: 2C, legal or not), ``refuse`` (an error answer) or ``exit`` (it dies on the first move). Each
#: request is appended to LOG. It computes the legal cards by the rules of the library's profile.
FAKE = r"""
import sys

mode, log = sys.argv[1], sys.argv[2]
seed = sys.argv[sys.argv.index("--seed") + 1] if "--seed" in sys.argv else "0"


def legal(hand, tricks, broken):
    done = [cards for _, cards in tricks if len(cards) == 4]
    current = [cards for _, cards in tricks if len(cards) < 4]
    led = current[0] if current else []
    if not tricks:
        return ["2C"]
    if led:
        follow = [c for c in hand if c[-1] == led[0][-1]]
        if follow:
            return follow
        if not done:  # the first trick: no heart nor the queen, unless nothing else is held
            return [c for c in hand if c[-1] != "H" and c != "QS"] or hand
        return hand
    if not broken:
        return [c for c in hand if c[-1] != "H"] or hand
    return hand


for line in sys.stdin:
    words = line.split()
    if not words or words[0] == "quit":
        break
    if words[0] == "hello":
        print("ok fake 1 mode=" + mode + " seed=" + seed, flush=True)
        continue
    with open(log, "a") as out:
        out.write(line)
    if mode == "exit":
        sys.exit(3)
    if mode == "refuse":
        print("error the fake refuses", flush=True)
        continue
    fields = dict(word.partition("=")[::2] for word in words[1:])
    hand = fields["hand"].split(",")
    tricks = []
    if fields["tricks"] != "-":
        for trick in fields["tricks"].split(";"):
            leader, _, cards = trick.partition(":")
            tricks.append((int(leader), [c for c in cards.split(",") if c]))
    cards = legal(hand, tricks, fields["broken"] == "1")
    card = "2C" if mode == "two-of-clubs" else cards[0]
    shown = [card] if mode == "narrow" else cards
    print("ok card=%s ms=1.5 cpu=1.25 legal=%s" % (card, ",".join(shown)), flush=True)
"""


def _fake(tmp_path: Path, mode: str = "first") -> tuple[list[str], Path]:
    """The command of the fake program in ``mode``, and the file it logs its requests to."""
    script = tmp_path / "fake.py"
    script.write_text(FAKE, encoding="utf-8")
    log = tmp_path / f"requests-{mode}.log"
    return [sys.executable, str(script), mode, str(log)], log


def _by_suit() -> reversis.Hand:
    """A deal by suits: seat 0 all the clubs, 1 the diamonds, 2 the hearts, 3 the spades."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    hands = [[r + suit for r in ranks] for suit in "CDHS"]
    return deal_hand(stu.profile(), hands, dealer=3)


def test_the_profile_is_hearts_without_passing_as_his_program_plays_it() -> None:
    """The harness plays the hearts profile without passing, and refuses other rules."""
    rules = stu.profile()
    assert rules.hearts is not None
    assert not rules.hearts.pass_cards
    assert (rules.hearts.qs_points, rules.hearts.heart_points, rules.hearts.moon) == (
        13,
        1,
        "others",
    )
    stu.check_rules(rules)
    with pytest.raises(ValueError, match=r"pass_cards = True \(his program: False\)"):
        stu.check_rules(reversis.load_profile("hearts"))
    with pytest.raises(ValueError, match=r"jd_bonus = True"):
        stu.check_rules(
            reversis.load_profile("omnibus-hearts").evolve(hearts={"pass_cards": False})
        )
    with pytest.raises(ValueError, match="not Hearts"):
        stu.check_rules(reversis.load_profile("fournier-1785"))


def test_the_request_for_a_position() -> None:
    """A seat's position as the shim reads it: its hand, the tricks, broken hearts, points."""
    hand = _by_suit()
    assert hand.to_move == 0
    assert hand.hearts is not None
    request = stu.position(hand.view(0), hand.hearts.broken)
    assert request == (
        "move seat=0 hand=2C,3C,4C,5C,6C,7C,8C,9C,10C,JC,QC,KC,AC tricks=- broken=0 points=0,0,0,0"
    )
    for card in ["2C", "2D", "2H", "3S", "AC", "AD", "AH", "QS"]:
        hand = hand.apply(Play(Card.parse(card)))
    # Two tricks taken by seat 0 (the first one's 2H discarded on it), the third just led.
    hand = hand.apply(Play(Card.parse("KC")))
    assert hand.hearts is not None
    request = stu.position(hand.view(1), hand.hearts.broken)
    assert request == (
        "move seat=1 hand=3D,4D,5D,6D,7D,8D,9D,10D,JD,QD,KD tricks=0:2C,2D,2H,3S;0:AC,AD,AH,QS;0:KC "
        "broken=1 points=15,0,0,0"
    )
    # Only what seat 1 may know: its own cards, and the cards played.
    assert "KS" not in request
    assert "5H" not in request


def test_a_run_against_the_fake_checks_every_move_of_his(tmp_path: Path) -> None:
    """Every move of his is checked; the points, times and seats add up."""
    command, log = _fake(tmp_path)
    with stu.Program(command) as program:
        assert program.greeting == "fake 1 mode=first seed=0"
        tally, result = stu.run(program, "cautious", hands=4, seed=5)
    requests = log.read_text(encoding="utf-8").splitlines()
    # Three seats of his, 13 cards each, every hand; each one checked, none refused.
    assert tally.checked == len(requests) == 4 * 39
    assert tally.legal_differ == 0
    assert len(tally.differences) == 4
    assert len(tally.bot_ms) == 4 * 13
    assert len(tally.his_ms) == 4 * 39
    assert result["his_ms"] == pytest.approx(1.5)
    assert result["his_cpu_ms"] == pytest.approx(1.25)
    assert len(tally.bot_cpu) == 4 * 13
    assert result["hands"] == 4
    assert result["his_moves_checked"] == 156
    for diff, bot, his in zip(tally.differences, tally.bot_points, tally.his_points, strict=True):
        assert diff == pytest.approx(bot - his)
    for bot, his in zip(tally.bot_points, tally.his_points, strict=True):
        assert bot + 3 * his in (26, 78)  # 26 points a hand; 78 when the moon is shot
    # The library bot's seat rotates hand by hand: his seats are the other three.
    seats = {int(line.split()[1].removeprefix("seat=")) for line in requests[:39]}
    assert seats == {1, 2, 3}


def test_the_same_seed_plays_the_same_hands(tmp_path: Path) -> None:
    """The deals and the library bot's choices come from ``--seed``."""
    command, _ = _fake(tmp_path)
    runs = []
    for _ in range(2):
        with stu.Program(command) as program:
            tally, _ = stu.run(program, "random", hands=4, seed=11)
            runs.append(tally.differences)
    assert runs[0] == runs[1]


def test_his_first_trick_rule_is_compared_with_ours(tmp_path: Path) -> None:
    """His engine's legal moves are compared with the library's at each of his decisions."""
    # Seat 2 holds only hearts, seat 3 only spades: on the first trick seat 2 may play any heart,
    # seat 3 any spade but the queen. The fake's legal cards follow the library's rules: no
    # difference; a program that reports other legal cards is counted, with the position.
    command, _ = _fake(tmp_path)
    with stu.Program(command) as program:
        tally = stu.Tally()
        hand = stu.play_hand(_by_suit(), 0, make_bot("cautious"), program, tally)
    assert hand.is_over
    assert tally.legal_differ == 0
    assert tally.checked == 39
    command, _ = _fake(tmp_path, "narrow")
    with stu.Program(command) as program:
        tally = stu.Tally()
        stu.play_hand(_by_suit(), 0, make_bot("cautious"), program, tally, "deal 1: ")
    assert tally.legal_differ > 0
    assert tally.legal_examples[0].startswith(
        "deal 1: seat 1: his engine 2D, the library 2D,3D,4D,"
    )


def test_an_illegal_answer_aborts_with_the_position(tmp_path: Path) -> None:
    """A move the library refuses stops the run, with the hand, the seat and the request."""
    command, _ = _fake(tmp_path, "two-of-clubs")
    with stu.Program(command) as program:
        tally = stu.Tally()
        with pytest.raises(stu.IllegalAnswerError) as caught:
            stu.play_hand(_by_suit(), 0, make_bot("cautious"), program, tally, "hand 7: ")
    message = str(caught.value)
    assert message.startswith(
        "hand 7: his program played 2C at seat 1, which the library refuses (legal: 2D 3D"
    )
    assert "move seat=1 hand=2D,3D" in message
    assert "tricks=0:2C" in message
    assert tally.checked == 0


def test_a_refusal_or_a_dead_program_is_a_clear_error(tmp_path: Path) -> None:
    """An ``error`` answer or a program that exits is a :class:`ProgramError` saying so."""
    command, _ = _fake(tmp_path, "refuse")
    with stu.Program(command) as program, pytest.raises(stu.ProgramError, match="the fake refuses"):
        stu.run(program, "cautious", hands=1, seed=1)
    with pytest.raises(stu.ProgramError, match="cannot start it"):
        stu.Program([str(tmp_path / "no-such-program")])
    command, _ = _fake(tmp_path, "exit")
    with (
        stu.Program(command) as program,
        pytest.raises(stu.ProgramError, match=r"exited \(status 3\)"),
    ):
        stu.run(program, "cautious", hands=1, seed=1)


def test_the_statistics() -> None:
    """The mean and 1.96 standard errors, over hands or over deals."""
    mean, half = stu.interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert half == pytest.approx(1.96 * math.sqrt(5 / 3) / 2)
    assert stu.interval([3.0]) == (3.0, 0.0)
    with pytest.raises(ValueError, match="no values"):
        stu.interval([])
    # With --duplicate the interval is over deals: the means of the groups of four hands.
    tally = stu.Tally(differences=[4.0, -4.0, 8.0, 0.0, 1.0, 1.0, 1.0, 1.0])
    assert stu._difference(tally, True) == stu.interval([2.0, 1.0])
    assert stu._difference(tally, False) == stu.interval(tally.differences)
    assert stu.hand_seed(1, 0) == 1_000_003


def test_the_command_line_writes_its_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``main`` with ``--program``: the report printed and written; a bad option is an error."""
    command, _ = _fake(tmp_path)
    out = tmp_path / "report.json"
    program = " ".join(command)
    code = stu.main(["--program", program, "--hands", "4", "--duplicate", "--json", str(out)])
    assert code == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["hands"] == 4
    assert result["duplicate"]
    assert result["his_moves_checked"] == 156
    assert result["low"] <= result["difference"] <= result["high"]
    printed = capsys.readouterr().out
    assert (
        "cautious against Sturtevant's program (fake 1 mode=first seed=1), 4 hands (duplicate)"
        in printed
    )
    code = stu.main(["--program", program, "--hands", "3", "--duplicate"])
    assert code == 1
    assert "--duplicate plays hands in fours" in capsys.readouterr().err


def test_runs_on_other_seeds_merge_into_one_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--merge``: the hands of runs made apart, one report, the interval over all their deals;
    runs that differ, a seed twice or a report without its tally are refused."""
    command, _ = _fake(tmp_path)
    program = " ".join(command)
    paths = [tmp_path / f"run{seed}.json" for seed in (1, 2)]
    for seed, path in zip((1, 2), paths, strict=True):
        argv = ["--program", program, "--hands", "4", "--duplicate", "--seed", str(seed)]
        assert stu.main([*argv, "--json", str(path)]) == 0
    runs = [json.loads(path.read_text(encoding="utf-8")) for path in paths]
    merged_path = tmp_path / "merged.json"
    assert stu.main(["--merge", *map(str, paths), "--json", str(merged_path)]) == 0
    merged = json.loads(merged_path.read_text(encoding="utf-8"))
    # His program's greeting names the seed it was given; the merged report, the seeds apart.
    assert runs[1]["program"] == "fake 1 mode=first seed=2"
    assert merged["program"] == "fake 1 mode=first"
    assert "(fake 1 mode=first), 8 hands (duplicate), seeds 1, 2" in capsys.readouterr().out
    differences = runs[0]["tally"]["differences"] + runs[1]["tally"]["differences"]
    assert merged["tally"]["differences"] == differences
    assert merged["hands"] == 8
    assert merged["seed"] == [1, 2]
    assert merged["his_moves_checked"] == runs[0]["his_moves_checked"] * 2 == 312
    deals = [sum(differences[4 * g : 4 * g + 4]) / 4 for g in range(2)]
    assert (merged["difference"], merged["interval"]) == stu.interval(deals)
    assert merged["bot_points"] == pytest.approx(
        (runs[0]["bot_points"] + runs[1]["bot_points"]) / 2
    )
    with pytest.raises(ValueError, match="a seed is given twice"):
        stu.merge([runs[0], runs[0]])
    with pytest.raises(ValueError, match="differ in bot"):
        stu.merge([runs[0], runs[1] | {"bot": "random"}])
    with pytest.raises(ValueError, match="without its tally"):
        stu.merge([runs[0], {k: v for k, v in runs[1].items() if k != "tally"}])
    assert stu.main(["--merge", str(paths[0]), str(tmp_path / "missing.json")]) == 1
    assert "error: --merge:" in capsys.readouterr().err


@pytest.mark.skipif(
    not os.environ.get("STURTEVANT_SOURCE") or shutil.which("g++") is None,
    reason="STURTEVANT_SOURCE (a checkout of his Hearts program) and g++ are needed",
)
def test_a_hand_against_his_program(tmp_path: Path) -> None:
    """The real shim, built from his source: a hand, and a position it refuses."""
    source = Path(os.environ["STURTEVANT_SOURCE"])
    build = Path(os.environ.get("STURTEVANT_BUILD", str(tmp_path / "build")))
    binary = stu.build_shim(source, build)
    command = [str(binary), "--sims", "300", "--worlds", "10", "--seed", "3"]
    with stu.Program(command, log=build / "shim.log", cwd=build) as program:
        assert program.greeting.startswith("sturtevant-shim 1 sims=300 worlds=10")
        tally, result = stu.run(program, "cautious", hands=1, seed=2)
        with pytest.raises(stu.ProgramError, match="his engine has seat 1 to move, not 2"):
            program.move(
                "move seat=2 hand=3C,4C,5C,6C,7C,8C,9C,10C,JC,QC,KC,AC,2D tricks=0:2C broken=0 "
                "points=0,0,0,0"
            )
    assert tally.checked == 39
    assert result["hands"] == 1
