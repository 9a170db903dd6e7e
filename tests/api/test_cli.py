"""The command line."""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import reversis
from helpers import sized
from reversis import Match, cli, new_hand
from reversis.bots.players import RandomBot, play_hand
from reversis.cli import EXPLAIN, main
from reversis.records import notation as records


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
    assert capsys.readouterr().out == shown.removesuffix(f"\n{EXPLAIN}\n")  # the demo's pointer


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


# -- the command line as a finished tool ------------------------------------------------------


def _run(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "reversis", *args],
        capture_output=True,
        text=True,
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: ")
    for command in ("demo", "replay", "profiles", "check"):
        assert f"    {command} " in out
    done = _run()
    assert done.returncode == 0
    assert done.stdout.startswith("usage: ")
    assert done.stderr == ""


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    version = f"reversis {reversis.__version__}"
    assert capsys.readouterr().out.strip() == f"{version} (engine: {reversis.engine_name()})"
    assert _run("--version").stdout.strip() == f"{version} (engine: {reversis.engine_name()})"
    # Issue 25: the engine that plays, as reversis.engine_name() says.
    python = {**os.environ, "REVERSIS_ENGINE": "python"}
    assert _run("--version", env=python).stdout.strip() == f"{version} (engine: python)"
    if reversis._core.available():
        core = {**os.environ, "REVERSIS_ENGINE": ""}
        assert _run("--version", env=core).stdout.strip() == f"{version} (engine: compiled)"


def test_description_is_plain_text() -> None:
    description = cli.parser().description or ""
    assert description.startswith("Reversis")
    for markup in ("``", ":mod:", ":func:", ":class:", "*"):
        assert markup not in description


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no subcommands")


def test_every_option_has_help_and_shows_its_default() -> None:
    commands = _subparsers(cli.parser())
    assert set(commands) == {"demo", "play", "simulate", "ladder", "replay", "profiles", "check"}
    for name, sub in commands.items():
        formatter = sub._get_formatter()
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help, f"{name} {action.dest} has no help"
            if action.option_strings:
                shown = formatter._expand_help(action)
                assert "default" in shown, f"{name} {action.option_strings[0]}: {shown}"
        if len(sub._actions) > 1:
            assert "default: " in sub.format_help()
    help_text = " ".join(commands["demo"].format_help().split())
    assert "(default: 7)" in help_text
    assert "(default: fournier-1785)" in help_text
    assert "(default: 100)" in " ".join(commands["check"].format_help().split())


@pytest.fixture(scope="module")
def english_match_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "english-match.txt"
    assert (
        main(["demo", "--match", "--seed", "2", "--profile", "english", "--record", str(path)]) == 0
    )
    return path


def test_a_closed_pipe_ends_quietly(
    english_match_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # ``python -m reversis replay FILE | head -1``: far more than a pipe's buffer is printed, and
    # the reader goes away after one line.
    proc = subprocess.Popen(
        [sys.executable, "-m", "reversis", "replay", str(english_match_record)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    assert proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0
    assert first.startswith(b"Reversis match: ")
    assert err == b""
    assert main(["replay", str(english_match_record)]) == 0
    size = len(capsys.readouterr().out.encode())
    assert size > 2**16  # more than any pipe buffer holds, so the writer does meet the closed pipe


def test_words_agree_with_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.plural(1, "trick") == "1 trick"
    assert cli.plural(0, "trick") == "0 tricks"
    assert cli.plural(-1, "counter") == "\u22121 counter"  # the true minus (issue 38)
    hoyle = reversis.load_profile("hoyle")
    assert cli.money(hoyle, 1) == "1 fish"
    assert cli.money(hoyle, 26) == "26 fish"
    assert cli.money(reversis.load_profile("english"), 2) == "2 credits"
    seen_one = False
    for seed in range(12):
        assert main(["demo", "--seed", str(seed)]) == 0
        out = capsys.readouterr().out
        assert not re.search(r"\b1 (tricks|points|counters)\b", out), out
        seen_one |= bool(re.search(r"\b1 trick\b", out))
    assert seen_one
    assert main(["check", "--hands", "1", "--profile", "fournier-1785-3p"]) == 0
    assert ": 1 hand, " in capsys.readouterr().out


def test_each_profile_counts_in_its_own_unit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--match", "--seed", "2", "--profile", "hoyle"]) == 0
    out = capsys.readouterr().out
    assert "400 fish each" in out
    assert "fishs" not in out
    assert "  fish: seat 0 " in out
    assert "counters" not in out
    assert main(["demo", "--match", "--seed", "2", "--profile", "english"]) == 0
    out = capsys.readouterr().out
    assert "  credits: seat 0 " in out
    assert "counters" not in out
    assert main(["demo", "--seed", "2", "--profile", "english"]) == 0
    assert "party worth " in capsys.readouterr().out


def _standing(out: str) -> tuple[list[str], int]:
    tail = out[out.index("\nFinal standing") :].splitlines()
    amounts = [
        int(m.group(1).replace("\N{MINUS SIGN}", "-"))  # a loss has the true minus (issue 38)
        for m in re.finditer(r"^  \d\. seat \d: ([-\N{MINUS SIGN}]?\d+)", out, re.M)
    ]
    on_table = re.search(r"^  on the table: .* = (\d+) ", out, re.M)
    return tail, sum(amounts) + (int(on_table.group(1)) if on_table else 0)


def test_english_standing_shows_the_pots_on_the_table(
    capsys: pytest.CaptureFixture[str], english_match_record: Path
) -> None:
    assert main(["demo", "--match", "--seed", "2", "--profile", "english"]) == 0
    out = capsys.readouterr().out
    tail, total = _standing(out)
    assert any(line.startswith("  on the table: pots ") for line in tail)
    assert "  in all: 400 credits (4 players × 100)" in tail
    assert total == 400  # the money adds up on screen
    assert tail[-3:] == ["The match is over.", "", EXPLAIN]  # then the pointer to the glossary


@pytest.mark.parametrize(("profile", "seed"), [("fournier-1785", 3), ("english", 2), ("hoyle", 2)])
def test_replay_and_demo_end_a_match_the_same_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], profile: str, seed: str
) -> None:
    path = tmp_path / "match.txt"
    args = ["demo", "--match", "--seed", str(seed), "--profile", profile, "--record", str(path)]
    assert main(args) == 0
    shown = capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    shown = shown.removesuffix(f"\n{EXPLAIN}\n")  # the demo points to its glossary (issue 38)
    starts = ("\nEnd of the agreed hands", "\nThe stakes are shared", "\nFinal standing")
    end = shown[min(shown.index(m) for m in starts if m in shown) :]
    assert replayed.endswith(end)
    assert _standing(shown)[1] == _standing(replayed)[1]
    if profile == "fournier-1785":
        assert "End of the agreed hands: seat 0, who lost most, chose to share" in end


def test_check_shows_no_progress_when_not_a_terminal() -> None:
    done = _run("check", "--hands", "2", "--profile", "fournier-1785-3p")
    assert done.returncode == 0
    assert done.stderr == ""
    assert done.stdout == "fournier-1785-3p: 2 hands, " + done.stdout.split(", ", 1)[1]


def test_check_shows_progress_on_a_terminal() -> None:
    pytest.importorskip("tqdm")
    fcntl = pytest.importorskip("fcntl")  # a pseudo-terminal: POSIX only
    pty = pytest.importorskip("pty")
    termios = pytest.importorskip("termios")
    import struct

    primary, secondary = pty.openpty()
    # A terminal of 24 lines of 100 columns (a new pseudo-terminal has 0 columns).
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    shown = bytearray()

    def read_terminal() -> None:
        while True:
            try:
                chunk = os.read(primary, 4096)
            except OSError:  # the terminal's other end is closed
                return
            if not chunk:
                return
            shown.extend(chunk)

    reader = threading.Thread(target=read_terminal)
    reader.start()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "reversis", "check", "--hands", "2", "--profile", "english"],
            stdout=subprocess.PIPE,
            stderr=secondary,
            timeout=120,
            check=False,
        )
    finally:
        os.close(secondary)
        reader.join(timeout=10)
        os.close(primary)
    assert done.returncode == 0
    assert b"english: 2 hands" in done.stdout
    assert b"english:" in shown
    assert b"2/2" in shown  # the bar reached the end


def test_check_progress_without_tqdm_is_a_plain_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if the optional extra were not installed
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["check", "--hands", "2", "--profile", "fournier-1785-3p"]) == 0
    shown = terminal.getvalue()
    assert "\rfournier-1785-3p: 1/2 hands checked" in shown
    assert "\rfournier-1785-3p: 2/2 hands checked" in shown
    assert shown.endswith("\r\033[K")  # the line is cleared before the report
    assert "fournier-1785-3p: 2 hands, " in capsys.readouterr().out


# -- files that are not regular files, and hostile command lines (issue 23) --------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_what_is_not_a_regular_file_is_refused_at_once(tmp_path: Path) -> None:
    """A FIFO, a folder or a device given as a record or a profile: a clear error (status 2) at
    once, never a wait (each command runs in its own process, with a time limit)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    record = tmp_path / "hand.txt"
    assert main(["demo", "--seed", "3", "--record", str(record)]) == 0
    places = [str(fifo), str(tmp_path)] + (["/dev/zero"] if os.path.exists("/dev/zero") else [])
    tried = 0
    for place in places:
        for args in (
            ["replay", place],
            ["replay", str(record), "--profile", place],
            ["demo", "--record", place],
            ["demo", "--profile", place],
            ["check", "--hands", "1", "--profile", place],
            ["simulate", "--hands", "1", "--profile", place],
            ["play", "--profile", place],
        ):
            done = _run(*args, timeout=60, stdin=subprocess.DEVNULL)
            assert done.returncode == 2, (args, done.stderr)
            assert "is not a regular file" in done.stderr, (args, done.stderr)
            assert "Traceback" not in done.stderr
            tried += 1
    assert tried >= 14


def test_an_option_given_a_lone_double_dash(capsys: pytest.CaptureFixture[str]) -> None:
    # Python 3.11's argparse reads ``--seed=--`` as an empty list (found by the fuzzing below),
    # which the command line refuses itself; 3.13's passes ``--`` on to the option's type, which
    # refuses it. Either way: status 2 and a message naming the option and the ``--``.
    for args in (["demo", "--seed=--"], ["simulate", "--workers=--"], ["check", "--hands=--"]):
        with pytest.raises(SystemExit) as exc:
            main(args)
        assert exc.value.code == 2
        err = capsys.readouterr().err
        option = args[1].split("=")[0]
        assert f"argument {option}: " in err
        assert (
            "expected one value, not '--'" in err
            or "invalid int value: '--'" in err
            or "'--' is not a whole number" in err
        ), err


def test_replay_reads_standard_input(tmp_path: Path) -> None:
    record = tmp_path / "hand.txt"
    assert main(["demo", "--seed", "3", "--record", str(record)]) == 0
    done = _run("replay", "-", input=record.read_text(encoding="utf-8"), timeout=60)
    assert done.returncode == 0
    assert done.stdout == _run("replay", str(record), timeout=60).stdout
    empty = _run("replay", "-", input="", timeout=60)
    assert empty.returncode == 2
    assert empty.stderr.startswith("error: ")


#: Runs ``main`` on each command line of a JSON file, in one process (standard input empty), and
#: writes what each gave: its status, what it printed on standard error, an exception that got
#: out, or ``blocked`` when it had not ended after 60 seconds.
FUZZ_DRIVER = r"""
import contextlib, io, json, signal, sys, traceback
from reversis.cli import main

class Blocked(BaseException):
    pass

def alarm(*_):
    raise Blocked()

signal.signal(signal.SIGALRM, alarm)
lines = json.load(open(sys.argv[1], encoding="utf-8"))
results = []
for argv in lines:
    out, err = io.StringIO(), io.StringIO()
    outcome = {"argv": argv}
    signal.alarm(60)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            outcome["status"] = main(argv)
    except SystemExit as exc:
        outcome["status"] = exc.code
    except Blocked:
        outcome["status"] = "blocked"
    except BaseException:
        outcome["status"] = "crash"
        outcome["traceback"] = traceback.format_exc()
    finally:
        signal.alarm(0)
    outcome["err"] = err.getvalue()
    results.append(outcome)
json.dump(results, open(sys.argv[2], "w", encoding="utf-8"))
"""


def _hostile_paths(folder: Path) -> list[str]:
    """Files that are missing, folders, FIFOs, devices, binary, too long, not TOML, not names."""
    folder.mkdir()
    (folder / "binary.txt").write_bytes(b"\xff\xfe\x00" * 10)
    (folder / "huge.txt").write_text("[Profile " + "x" * 2_100_000 + "]\n", encoding="utf-8")
    (folder / "bad.toml").write_text("[[[ not toml", encoding="utf-8")
    names = ["missing.txt", "missing/deeper", ".", "binary.txt", "huge.txt", "bad.toml"]
    paths = [folder / name for name in names] + ["", "a\x00b", "-", "/dev/null", "x" * 5000]
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo")
        paths.append(folder / "fifo")
    if os.path.exists("/dev/zero"):
        paths.append("/dev/zero")
    return [str(path) for path in paths]


def _hostile_command_lines(tmp_path: Path) -> list[list[str]]:
    """Every command with every option given a hostile value: numbers that are not numbers, or
    negative, or huge; paths of what is not a readable regular file (:func:`_hostile_paths`);
    bots that do not exist. Options missing their value, unknown commands and options too."""
    numbers = ["-1", "0", "x", "", "1.5", "1e3", "0x10", "nan", "9" * 30, str(2**64), "-" + "9" * 30,
               "\u0663", " 1", "0_1", "4294967296", "--"]  # fmt: skip
    paths = _hostile_paths(tmp_path / "in")  # read from
    out = _hostile_paths(tmp_path / "out")  # written to
    bots = ["", "genius", "random,", ",,,,", "monte-carlo," * 100, "x" * 5000]
    # Each command with what keeps a valid run short.
    quick = {"demo": [], "play": [], "simulate": ["--hands", "2"], "check": ["--hands", "1"],
             "ladder": ["--deals", "1", "--profile", "reunion", "--bots", "random,cautious"]}  # fmt: skip
    options = {
        "demo": {"--seed": numbers, "--dealer": numbers, "--bots": bots, "--profile": paths,
                 "--record": out},
        "play": {"--seat": numbers, "--seed": numbers, "--dealer": numbers, "--bots": bots,
                 "--playouts": numbers, "--profile": paths, "--level": ["", "expert", "Hard"]},
        "ladder": {"--deals": numbers, "--seed": numbers, "--workers": numbers,
                   "--bots": [*bots, "random", "random,random", "monte-carlo@0", "random@5ms"],
                   "--profile": paths, "--out": out},
        "simulate": {"--hands": numbers, "--matches": numbers, "--seed": numbers,
                     "--workers": numbers, "--playouts": numbers, "--bots": bots,
                     "--profile": paths, "--records": out},
        "check": {"--hands": numbers, "--seed": numbers, "--profile": paths},
        "replay": {"": paths, "--profile": paths},
    }  # fmt: skip
    record = str(tmp_path / "hand.txt")
    lines: list[list[str]] = []
    for command, given in options.items():
        for option, values in given.items():
            for value in values:
                if command == "replay":
                    lines.append(
                        ["replay", value] if not option else ["replay", record, option, value]
                    )
                    continue
                extra = [] if option in ("--hands", "--matches") else quick[command]
                if option == "--playouts":
                    extra = [*extra, "--bots", "monte-carlo"]
                lines.append([command, *extra, f"{option}={value}"])
    lines += [["nope"], ["demo", "--nope"], ["demo", "--seed"], ["profiles", "extra"], ["-x"],
              ["simulate", "--hands", "1", "--matches", "1"], ["replay"], ["check", "--hands"]]  # fmt: skip
    return lines


def test_hostile_command_lines_end_with_a_clear_message(tmp_path: Path) -> None:
    """Each hostile command line ends (within 60 seconds) with status 2 and a message that says
    what is wrong, or with status 0 where it is valid after all; never a traceback or a wait."""
    every = _hostile_command_lines(tmp_path)
    assert main(["demo", "--seed", "3", "--record", str(tmp_path / "hand.txt")]) == 0
    lines = random.Random(23).sample(every, min(sized(90, len(every)), len(every)))
    lines_file, results_file = tmp_path / "lines.json", tmp_path / "results.json"
    lines_file.write_text(json.dumps(lines), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", FUZZ_DRIVER, str(lines_file), str(results_file)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60 + 60 * len(lines),
        cwd=tmp_path,  # where ``--records -`` makes its folder
        check=False,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(results_file.read_text(encoding="utf-8"))
    assert len(results) == len(lines)
    for outcome in results:
        argv, status, err = outcome["argv"], outcome["status"], outcome["err"]
        assert status in (0, 2), (argv, status, outcome.get("traceback"), err[-500:])
        assert "Traceback" not in err, (argv, err[-2000:])
        if status == 2:
            last = err.strip().splitlines()[-1]
            assert last.startswith(("error: ", "python -m reversis")), (argv, err)
            if last.startswith("error: "):  # (argparse's usage errors quote what they were given)
                assert len(last) < 400, (argv, last)


def test_a_command_says_when_the_core_is_not_installed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 38: an install without a C compiler plays on the reference engine, and the first
    thing a command says is so (pip hides the build's output); choosing the engine silences it."""
    monkeypatch.setattr(cli, "available", lambda: False)
    monkeypatch.delenv("REVERSIS_ENGINE", raising=False)
    assert main(["profiles"]) == 0
    said = capsys.readouterr().err
    assert said.strip() == cli.NO_CORE
    assert "compiled core is not installed" in said
    monkeypatch.setenv("REVERSIS_ENGINE", "python")
    assert main(["profiles"]) == 0
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(cli, "available", lambda: True)
    monkeypatch.delenv("REVERSIS_ENGINE")
    assert main(["profiles"]) == 0
    assert capsys.readouterr().err == ""


def test_demo_seats_any_bot(capsys: pytest.CaptureFixture[str]) -> None:
    """``demo --bots`` takes what ``play --bots`` takes: a bot with a budget plays every seat,
    the same hand again for the same seed; a bare ``monte-carlo`` plays ``--playouts`` worlds."""
    args = ["demo", "--seed", "4", "--profile", "hearts", "--bots", "ismcts@30"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    assert "trick" in first.lower()
    assert main(["demo", "--seed", "4", "--bots", "monte-carlo", "--playouts", "2"]) == 0
    capsys.readouterr()
    assert main(["demo", "--bots", "clever"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: bot 'clever': unknown bot 'clever'")


@pytest.mark.parametrize(
    "command",
    [
        ["demo", "--bots", "learned"],
        ["play", "--bots", "learned", "--seed", "1"],
        ["simulate", "--bots", "learned,cautious,cautious,cautious", "--hands", "2"],
        ["ladder", "--bots", "learned,cautious", "--deals", "1", "--profile", "hearts"],
    ],
)
def test_a_learned_bot_without_numpy_is_one_line(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Where NumPy is missing, a command asked for a learned bot says so in one line (which
    extra to install), exits with 2 and plays nothing (no traceback, no worker started)."""
    monkeypatch.setitem(sys.modules, "numpy", None)  # ``import numpy`` fails as if it were absent
    monkeypatch.setattr("builtins.input", lambda prompt="": pytest.fail("the command played"))
    assert main(command) == 2
    out, err = capsys.readouterr()
    assert err == "error: a learned bot needs NumPy: pip install 'reversis[learn]'\n"
    assert out == ""
