"""The command line."""

from __future__ import annotations

import subprocess
import sys

import pytest

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
