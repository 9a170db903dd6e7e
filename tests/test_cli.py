"""The command line."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from reversis import Match, new_hand, records
from reversis.bots import RandomBot, play_hand
from reversis.cli import main


def test_demo_prints_a_whole_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Reversis: Fournier 1785 (fournier-1785), seed 7" in out
    assert "The exchange" in out
    assert "The tricks" in out
    assert " 11. seat " in out
    assert "The outcome" in out


def test_demo_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(["demo", "--seed", "3", "--bots", "cautious", "--profile", "fournier-1785-3p"])
    first = capsys.readouterr().out
    main(["demo", "--seed", "3", "--bots", "cautious", "--profile", "fournier-1785-3p"])
    assert capsys.readouterr().out == first


def test_profiles(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["profiles"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("fournier-1785 ")


def test_check(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--profile", "fournier-1785-3p", "--hands", "2"]) == 0
    assert "2 hands" in capsys.readouterr().out


def test_errors_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--profile", "nope"]) == 2
    assert "no profile named 'nope'" in capsys.readouterr().err


def test_python_dash_m() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "reversis", "demo", "--seed", "7"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "The tricks" in done.stdout


def test_demo_prints_payments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Payments" in out
    assert "net: seat 0" in out
    assert "stakes after the hand: basket" in out


def test_demo_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--match", "--seed", "2", "--profile", "fournier-1785-3p"]) == 0
    out = capsys.readouterr().out
    assert "Reversis match: Fournier 1785, three players" in out
    assert "Hand 24, round 8" in out
    assert "Final standing" in out
    assert out.count("  counters: ") >= 24


def test_demo_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "5", "--profile", "english"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (dealer) discards" in out
    assert "stakes            pots 25" in out
    assert main(["demo", "--seed", "5", "--profile", "english", "--match"]) == 0
    assert "Final standing" in capsys.readouterr().out


def test_demo_writes_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hand.txt"
    assert main(["demo", "--seed", "5", "--record", str(path)]) == 0
    shown = capsys.readouterr().out
    text = path.read_text(encoding="utf-8")
    assert text.startswith('[Profile "fournier-1785"]')
    assert records.replay(text) == play_hand(
        new_hand("fournier-1785", seed=5), [RandomBot(random.Random(50 + s)) for s in range(4)]
    )
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out == shown


def test_match_record_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "match.txt"
    assert (
        main(["demo", "--match", "--seed", "2", "--profile", "english", "--record", str(path)]) == 0
    )
    capsys.readouterr()
    match = records.replay(path.read_text(encoding="utf-8"))
    assert isinstance(match, Match)
    assert match.is_over
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "=== Hand 1 ===" in out
    assert f"=== Hand {match.hands_played} ===" in out
    assert "The match is over." in out


def test_replay_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.txt")]) == 2
    assert "No such file" in capsys.readouterr().err
    bad = tmp_path / "bad.txt"
    bad.write_text('[Profile "fournier-1785"]\n[Dealer "north"]\n', encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    assert "line 2, tag Dealer" in capsys.readouterr().err
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    assert main(["replay", str(binary)]) == 2
    assert "not UTF-8" in capsys.readouterr().err
