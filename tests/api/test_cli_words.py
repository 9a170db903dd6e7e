"""The command line's consistency (issue 27): ``check``'s progress in a log, ``check --hands 0``,
``demo --bots monte-carlo``, the simulation's rows, ``--records`` under a file, a house profile's
title, ``simulate --plot``, and the examples of ``--help``."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path

import pytest

import reversis
from reversis.cli import main, parser
from reversis.errors import ArgumentError
from reversis.simulation.report import labels
from reversis.text.progress import Progress


class Clock:
    """A clock that moves on ``step`` seconds each time it is read (no real time is waited)."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_check_prints_a_progress_line_every_few_seconds_in_a_log() -> None:
    hand = reversis.new_hand("fournier-1785-3p", seed=1)
    while not hand.is_over:
        hand = hand.apply(hand.legal_moves()[0])
    log = io.StringIO()
    progress = Progress(10, "fournier-1785-3p", log, terminal=False, every=5.0, clock=Clock(2.0))
    for _ in range(10):
        progress(hand, None)
    progress.close()
    lines = log.getvalue().splitlines()
    # Hands end every 2 s: a line once 5 s have passed since the last one, none for the last hand.
    assert lines == [
        "fournier-1785-3p: 3/10 hands checked after 6 s",
        "fournier-1785-3p: 6/10 hands checked after 12 s",
        "fournier-1785-3p: 9/10 hands checked after 18 s",
    ]
    assert "\r" not in log.getvalue()
    assert "\x1b" not in log.getvalue()


def test_check_refuses_no_hands(capsys: pytest.CaptureFixture[str]) -> None:
    for value in ("0", "-3"):
        with pytest.raises(SystemExit) as stop:
            main(["check", "--hands", value])
        assert stop.value.code == 2
        assert "--hands: must be from 1 to" in capsys.readouterr().err


def test_demo_takes_the_monte_carlo_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--bots", "monte-carlo", "--playouts", "2", "--seed", "3"]) == 0
    assert "Payments" in capsys.readouterr().out


def test_the_simulation_names_each_row() -> None:
    assert labels(["cautious", "random", "random", "random"]) == [
        "cautious", "random #1", "random #2", "random #3"
    ]  # fmt: skip
    assert labels(["random", "cautious"]) == ["random", "cautious"]
    result = reversis.simulate("fournier-1785-3p", ["random"] * 3, hands=3)
    rows = result.table().splitlines()[2:]
    assert [row.split("  ")[0] for row in rows] == ["random #1", "random #2", "random #3"]


def test_records_under_a_file_says_it_is_not_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    for place in (afile, afile / "sub"):
        assert main(["simulate", "--hands", "1", "--records", str(place)]) == 2
        err = capsys.readouterr().err
        assert "not a folder" in err
        assert "does not exist" not in err


def test_a_house_profile_says_what_it_is_built_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "house2.toml"
    house.write_text('base = "fournier-1785"\nname = "house2"\n', encoding="utf-8")
    assert main(["demo", "--profile", str(house)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("Reversis: house2 (house rules on Fournier 1785)")
    assert "Fournier 1785 (house2)" not in first


def test_simulate_plot_draws_each_bot_with_its_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "bots.svg"
    assert main(["simulate", "--hands", "20", "--profile", "hearts", "--plot", str(picture)]) == 0
    assert "The picture is in" in capsys.readouterr().err
    svg = picture.read_text(encoding="utf-8")
    assert svg.lstrip().startswith(("<?xml", "<svg"))
    for label in ("cautious", "random #1", "random #2", "random #3", "mean net per hand"):
        assert label in svg
    again = tmp_path / "again.svg"
    assert main(["simulate", "--hands", "20", "--profile", "hearts", "--plot", str(again)]) == 0
    assert again.read_bytes() == picture.read_bytes()  # the same result, the same file
    assert main(["simulate", "--hands", "2", "--plot", str(tmp_path / "bots.txt")]) == 2
    assert "not a picture file's name" in capsys.readouterr().err


def test_simulate_plot_without_matplotlib_names_the_extra(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    assert main(["simulate", "--hands", "2", "--plot", str(tmp_path / "x.svg")]) == 2
    out, err = capsys.readouterr()
    assert 'pip install "reversis[plot]"' in err
    assert out == ""  # refused at once: no simulation, no table first (issue 38)
    assert main(["simulate", "--hands", "2", "--plot", str(tmp_path / "x.txt")]) == 2
    out, err = capsys.readouterr()
    assert "not a picture file's name" in err
    assert out == ""


def test_check_picture_is_the_typed_error_before_the_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reversis.simulation.report import check_picture

    with pytest.raises(ArgumentError, match="not a picture file's name"):
        check_picture(tmp_path / "bots.txt")
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ModuleNotFoundError, match=r"reversis\[plot\]"):
        check_picture(tmp_path / "bots.svg")


def test_help_names_the_installed_command() -> None:
    text = parser().format_help()
    assert "  reversis demo --seed 7" in text
    assert "python -m reversis" in text


@pytest.mark.parametrize(
    ("module", "extra", "package"),
    [
        ("reversis.openspiel", "openspiel", "numpy"),
        ("reversis.openspiel", "openspiel", "pyspiel"),
        ("reversis.pettingzoo", "pettingzoo", "numpy"),
        ("reversis.pettingzoo", "pettingzoo", "gymnasium"),
        ("reversis.pettingzoo", "pettingzoo", "pettingzoo"),
    ],
)
def test_an_optional_module_names_its_extra(module: str, extra: str, package: str) -> None:
    """Without its extra, importing an adapter says which extra to install (a fresh interpreter,
    the package made unimportable)."""
    others = {"openspiel": ("numpy", "pyspiel"), "pettingzoo": ("numpy", "gymnasium", "pettingzoo")}
    for other in others[extra]:
        if other != package and importlib.util.find_spec(other) is None:
            pytest.skip(f"the {extra} extra is not installed ({other} is missing)")
    code = (
        f"import sys; sys.modules[{package!r}] = None\n"
        f"try:\n    import {module}\n"
        "except ModuleNotFoundError as exc:\n    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == (
        f'{module} needs the {extra} extra: pip install "reversis[{extra}]" '
        f"(no module named {package!r})"
    ), done.stderr
