"""reversis.text.terminal and ``python -m reversis play``: the loop with injected input and output, and
the real program in a pseudo-terminal (pexpect)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import reversis
from reversis.bots.players import CautiousBot, RandomBot
from reversis.cli import main
from reversis.errors import ArgumentError
from reversis.records import notation as records
from reversis.text.terminal import PROMPT, Quit, Terminal


class Script:
    """Input from a list of answers (then end of input), output into a list of lines."""

    def __init__(self, answers: list[str]) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.prompts: list[str] = []
        self.lines: list[str] = []

    def read(self, prompt: str) -> str:
        self.prompts.append(prompt)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None

    def write(self, line: str) -> None:
        self.lines.extend(line.splitlines() or [""])

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def game(script: Script, profile: str = "fournier-1785", seat: int = 1) -> Terminal:
    p = reversis.load_profile(profile)
    bots = {s: CautiousBot() for s in range(p.players) if s != seat}
    return Terminal(p, seat, bots, read=script.read, write=script.write)  # type: ignore[arg-type]


def test_a_whole_hand_with_wrong_inputs_undo_help_and_save(tmp_path: Path) -> None:
    path = tmp_path / "hand.txt"
    answers = ["zz", "99", "", "exchange 4C", "undo", "undo", "?", "decline", "AS", "4C"]
    script = Script([*answers, f"save {path}", "save", *["1"] * 20])
    terminal = game(script)
    hand = terminal.play_hand(terminal.new_hand(seed=7))
    assert hand.is_over
    text = script.text
    assert "'zz' is not a move" in text
    assert "There is no move 99: choose 1 to 12." in text
    assert text.count("taken back") == 1
    assert "Nothing to undo" in text
    assert "Decline the exchange" in text  # the ? list
    assert "Not now: " in text  # AS is not in the hand
    assert f"Saved the record to {path}." in text
    assert "save needs a file name" in text
    saved = records.replay(path.read_text())
    assert isinstance(saved, reversis.Hand)
    assert saved.moves == hand.moves[: len(saved.moves)]
    # The person's first move kept is "decline" (the exchange of 4C was taken back).
    assert hand.moves[0] == reversis.Decline()
    assert "The hand is over: you" in text
    assert script.prompts.count(PROMPT) >= 11


def test_undo_takes_back_the_bots_moves_too() -> None:
    script = Script(["decline", "undo"])
    terminal = game(script)
    with pytest.raises(Quit):
        terminal.play_hand(terminal.new_hand(seed=7))
    # After decline the bots exchanged; undo showed the exchange again with all 12 moves.
    renders = [i for i, line in enumerate(script.lines) if line.startswith("Reversis: ")]
    assert len(renders) == 3
    assert "The exchange: your move." in script.lines[renders[2] + 1]


def test_quit_asks_whether_to_save(tmp_path: Path) -> None:
    path = tmp_path / "quit.txt"
    script = Script(["1", "quit", str(path)])
    terminal = game(script)
    with pytest.raises(Quit):
        terminal.play_hand(terminal.new_hand(seed=7))
    assert script.prompts[-1].startswith("Save the game?")
    assert "Goodbye." in script.text
    saved = records.replay(path.read_text())
    assert isinstance(saved, reversis.Hand)
    assert len(saved.moves) >= 1


def test_end_of_input_quits_without_saving() -> None:
    script = Script(["1"])
    terminal = game(script)
    with pytest.raises(Quit):
        terminal.play_hand(terminal.new_hand(seed=7))
    assert script.prompts[-1].startswith("Save the game?")
    assert "Saved" not in script.text


def test_save_to_a_bad_place_says_why_and_asks_again(tmp_path: Path) -> None:
    bad = tmp_path / "no" / "such" / "dir.txt"
    good = tmp_path / "ok.txt"
    script = Script(["quit", str(bad), str(good)])
    terminal = game(script)
    with pytest.raises(Quit):
        terminal.play_hand(terminal.new_hand(seed=7))
    assert f"Cannot save to {bad}" in script.text
    assert good.exists()


def test_bots_moves_show_no_hidden_card() -> None:
    script = Script(["decline"])
    terminal = game(script, seat=1)
    with pytest.raises(Quit):
        terminal.play_hand(terminal.new_hand(seed=7))
    exchanges = [line for line in script.lines if line.startswith("seat ") and "exchang" in line]
    assert exchanges
    assert all(re.fullmatch(r"seat \d exchanges", line) for line in exchanges)
    assert any(line == "seat 0 discards" for line in script.lines)


@pytest.mark.parametrize("profile", ["hearts", "reunion", "tetka", "hoyle"])
def test_every_kind_of_table(profile: str) -> None:
    script = Script(["1"] * 40)
    terminal = game(script, profile=profile, seat=0)
    hand = terminal.play_hand(terminal.new_hand(seed=2))
    assert hand.is_over


def test_a_match(tmp_path: Path) -> None:
    script = Script(["1"] * 200)
    terminal = game(script, profile="reunion", seat=2)
    match = terminal.play_match(reversis.new_match("reunion", seed=4))
    assert match.is_over
    assert "=== Hand 3 of the match" in script.text
    assert "The match is over." in script.text
    path = tmp_path / "match.txt"
    terminal.save(match.history[-1], str(path))
    assert records.replay(path.read_text()) == match


def test_saving_in_a_match_keeps_the_hand_in_play(tmp_path: Path) -> None:
    path = tmp_path / "m.txt"
    script = Script(["1", "1", f"save {path}"])
    terminal = game(script, profile="reunion", seat=0)
    with pytest.raises(Quit):
        terminal.play_match(reversis.new_match("reunion", seed=4))
    assert isinstance(records.replay(path.read_text()), reversis.Match)
    hand = records.replay((tmp_path / "m.txt.hand").read_text())
    assert isinstance(hand, reversis.Hand)
    assert len(hand.moves) >= 2


def test_terminal_checks_its_seats() -> None:
    p = reversis.load_profile("fournier-1785")
    with pytest.raises(ArgumentError, match="seat must be"):
        Terminal(p, 4, {0: RandomBot()})
    with pytest.raises(ArgumentError, match="one bot for each other seat"):
        Terminal(p, 1, {0: RandomBot(), 2: RandomBot()})


def test_cli_play_checks_its_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bots", "random,random", "--seed", "1"]) == 2
    assert "one bot for each of the 3 other seats" in capsys.readouterr().err
    assert main(["play", "--seat", "4", "--seed", "1"]) == 2
    assert "seats 0 to 3" in capsys.readouterr().err
    assert main(["play", "--bots", "genius", "--seed", "1"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_cli_play_from_standard_input(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    lines = iter(["decline", *["1"] * 11, ""])

    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    assert (
        main(["play", "--seed", "7", "--bots", "cautious,random,monte-carlo", "--playouts", "2"])
        == 0
    )
    out = capsys.readouterr().out
    assert "seed 7. You are seat 1; seat 0: cautious, seat 2: random, seat 3: monte-carlo." in out
    assert "The hand is over" in out
    assert "\x1b[" not in out  # not a terminal: no colour


def test_real_terminal_whole_hand(tmp_path: Path) -> None:
    """The program in a pseudo-terminal, as a person uses it: a wrong input, an undo, a hand."""
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["PYTHONIOENCODING"] = "utf-8"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "reversis", "play", "--seed", "7", "--seat", "1", "--bots", "cautious"],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 120),
    )
    try:
        child.expect_exact(PROMPT)
        assert "\x1b[31m" in child.before  # a terminal: hearts and diamonds in red
        child.sendline("zz")
        child.expect_exact("is not a move")
        child.expect_exact(PROMPT)
        child.sendline("decline")
        child.expect_exact(PROMPT)
        child.sendline("undo")
        child.expect_exact("taken back")
        child.expect_exact("The exchange: your move.")
        child.expect_exact(PROMPT)
        child.sendline("decline")
        moves = 1
        record = tmp_path / "played.txt"
        while True:
            index = child.expect_exact([PROMPT, "Save the game?"])
            if index == 1:
                break
            child.sendline("1")
            moves += 1
        assert moves == 12  # the decline and 11 plays
        child.sendline(str(record))
        child.expect_exact("Saved the record")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    hand = records.replay(record.read_text())
    assert isinstance(hand, reversis.Hand)
    assert hand.is_over
    assert hand.moves[0] == reversis.Decline()


def test_real_terminal_ctrl_d_and_no_color(tmp_path: Path) -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, NO_COLOR="1", PYTHONIOENCODING="utf-8")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "reversis", "play", "--seed", "3", "--profile", "hearts", "--seat", "0"],
        env=env,
        encoding="utf-8",
        timeout=30,
    )
    try:
        child.expect_exact(PROMPT)
        assert "\x1b[" not in child.before
        child.sendeof()
        child.expect_exact("Save the game?")
        child.sendline("")
        child.expect_exact("Goodbye.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_cli_play_a_match_and_save(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "match.txt"
    lines = iter([*["1"] * 60])

    def fake_input(prompt: str = "") -> str:
        if prompt.startswith("Save the game?"):
            return str(path)
        return next(lines)

    monkeypatch.setattr("builtins.input", fake_input)
    assert main(["play", "--profile", "reunion", "--match", "--seed", "3", "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "The match is over." in out
    match = records.replay(path.read_text())
    assert isinstance(match, reversis.Match)
    assert match.is_over


# -- issue 38: what a newcomer stumbled on --------------------------------------------------------


def _screens(text: str) -> list[str]:
    """The screens a terminal wrote, one per ``Reversis:`` heading."""
    return ["Reversis:" + part for part in text.split("Reversis:")[1:]]


def _events(screen: str) -> str:
    """The screen's ``Events:`` line (the terminal is not wrapped), or ``""``."""
    return next((line for line in screen.splitlines() if line.startswith("Events: ")), "")


def test_events_are_those_since_the_players_last_move_with_the_dealers_discard() -> None:
    script = Script(["1"] * 20)
    terminal = game(script, seat=1)
    terminal.width = 0
    terminal.play_hand(terminal.new_hand(seed=7))
    screens = _screens(script.text)
    first_lead = next(s for s in screens if re.search(r"Trick 1 of \d+: your move", s))
    assert "Seat 0 discarded a card." in _events(first_lead)  # the dealer's discard, hidden card
    assert "You exchanged." in _events(first_lead)
    later = [s for s in screens if re.search(r"Trick \d+ of \d+", s) and "Trick 1 of" not in s]
    assert later
    for screen in later:
        assert "exchanged" not in _events(screen)
        assert "discarded" not in _events(screen)


def test_the_dealer_sees_its_own_discard() -> None:
    script = Script(["1"] * 20)
    terminal = game(script, seat=0)
    terminal.width = 0
    hand = terminal.play_hand(terminal.new_hand(seed=7))
    discarded = next(
        e.card for e in hand.view(0).events if isinstance(e, reversis.events.Discarded)
    )
    assert f"You discarded {discarded}." in script.text


def test_the_pot_worth_says_its_unit_and_minus_signs_are_true_minus() -> None:
    script = Script(["1"] * 20)
    terminal = game(script, seat=1)
    terminal.play_hand(terminal.new_hand(seed=7))
    last = _screens(script.text)[-1]
    assert re.search(r"\(worth \d+ counters?\)", last), last
    table = [line for line in last.splitlines() if re.match(r"  (you|seat \d) ", line)]
    assert table
    assert not any("-" in line for line in table)
    assert any("\N{MINUS SIGN}" in line for line in table)


def _must_follow() -> tuple[reversis.Hand, reversis.Card]:
    """A hand where the seat to move must follow suit, and a card of another suit it holds."""
    bot = CautiousBot()
    hand = reversis.new_hand("fournier-1785", seed=7)
    while not hand.is_over:
        view = hand.view(hand.to_move)
        trick = view.current_trick
        if trick is not None and trick.plays:
            led = trick.plays[0][1].suit
            other = [c for c in view.hand if c.suit != led]
            if other and any(c.suit == led for c in view.hand):
                return hand, other[0]
        hand = hand.apply(bot(view))
    raise AssertionError("no such position")


def test_a_refused_card_is_said_with_suit_symbols() -> None:
    hand, card = _must_follow()
    seat = hand.to_move
    assert seat is not None
    script = Script([card.code])
    terminal = game(script, seat=seat)
    with pytest.raises(Quit):
        terminal.play_hand(hand)
    said = next(line for line in script.lines if line.startswith("Not now: "))
    assert "you must follow suit (" in said
    assert not re.search(r"\([CDHS]\)|\b(10|[2-9JQKA])[CDHS]\b", said), said
    assert re.search(r"\([♣♦♥♠]\)", said), said


# -- issue 39: levels -----------------------------------------------------------------------------


def _scripted(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    answers = iter(lines)

    def fake_input(prompt: str = "") -> str:
        print(prompt, end="")
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--level", "easy"], "the bots at seats 0, 2, 3 play at the easy level: they play any"),
        ([], "the bots at seats 0, 2, 3 play at the medium level: they play by rules of thumb"),
        (["--level", "hard"], "play at the hard level: they think ahead"),
    ],
)
def test_cli_play_at_a_level(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    said: str,
) -> None:
    _scripted(monkeypatch, ["decline", *["1"] * 11, ""])
    assert main(["play", "--seed", "7", *argv]) == 0
    out = capsys.readouterr().out
    assert said in out
    assert "The hand is over" in out


def test_cli_play_level_help_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--level", "expert"])
    assert exc.value.code == 2
    assert "invalid choice: 'expert'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["play", "--level", "hard", "--bots", "random"])
    assert exc.value.code == 2
    assert "not allowed with" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("easy —", "medium —", "hard —", "up to about 0.4 s a move", "default: medium",
                  "most people enjoy"):  # fmt: skip
        assert words in text


def test_cli_play_bots_by_spec(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    _scripted(monkeypatch, ["decline", *["1"] * 11, ""])
    assert main(["play", "--seed", "7", "--bots", "cautious,random,monte-carlo@2"]) == 0
    assert "seat 3: monte-carlo@2." in capsys.readouterr().out
    assert main(["play", "--seed", "7", "--bots", "cautious@2"]) == 2
    assert "the cautious bot takes no count budget" in capsys.readouterr().err
