"""Issue 38: the aim and the words of the game, from one source (reversis.text.glossary), reached
from the demo, from ``play`` and from the documentation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import reversis
from reversis.bots.players import CautiousBot
from reversis.cli import EXPLAIN, main
from reversis.text.glossary import TERMS, glossary_lines
from reversis.text.terminal import HELP, Quit, Terminal

ROOT = Path(__file__).resolve().parents[2]


def test_the_docs_glossary_says_the_same_words() -> None:
    text = (ROOT / "docs" / "glossary.rst").read_text(encoding="utf-8")
    entries = {
        m.group(1): " ".join(m.group(2).split())
        for m in re.finditer(r"^   (\S.*)\n((?:      .*\n?)+)", text, re.M)
    }
    assert entries == dict(TERMS)


def test_the_demo_points_to_the_glossary_and_explain_prints_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().splitlines()[-1] == EXPLAIN
    assert main(["demo", "--explain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The aim: take as few card points")
    for term in ("widow", "basket", "beast", "quinola"):
        assert f"  {term}: " in out
    assert "``" not in out


def test_play_names_the_glossary_and_the_command_prints_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "glossary" in capsys.readouterr().out
    assert "glossary" in HELP
    answers = iter(["glossary"])
    lines: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    profile = reversis.load_profile("fournier-1785")
    game = Terminal(
        profile, 1, {s: CautiousBot() for s in (0, 2, 3)}, read=read, write=lines.append, width=0
    )
    with pytest.raises(Quit):
        game.play_hand(game.new_hand(seed=7))
    assert glossary_lines(profile, 0)[0] in lines
    assert any(line.startswith("  widow: ") for line in lines)
