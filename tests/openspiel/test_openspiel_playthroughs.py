"""OpenSpiel's playthroughs of every shipped profile (issue 37), as OpenSpiel keeps its own games'
in ``open_spiel/integration_tests/playthroughs/``: ``tests/openspiel/playthroughs/`` holds
``python_reversis(profile=NAME).txt`` for each profile, a hand dealt and played at random by
``open_spiel.python.algorithms.generate_playthrough`` (the game's parameters and shapes, then every
state's strings, tensors, legal actions and returns, and the actions taken). Each is regenerated
from its actions with ``generate_playthrough.replay`` and must equal the file line by line, as
OpenSpiel's ``playthrough_test`` checks its own.

After a change to what the game shows (its strings, tensors, records, parameters) or for a new
profile, regenerate them from the checkout's root and review the difference before committing:

    python tests/openspiel/test_openspiel_playthroughs.py

It writes the playthrough of every shipped profile (the hand drawn with the seed :data:`SEED`),
removes those of profiles no longer shipped, and names the files it changed.

The files are large for playthroughs (a four-seat profile's is 610 to 645 KB, a three-seat one's
225 to 290 KB; 4.1 MB for all, about 160 KB compressed in the sdist): the observation has many
parts of ``D`` or ``n × D`` entries, each written in full (``◉◯``) for every player, for both the
information state and the observation, and ``generate_playthrough`` plays the hand to its end and
offers no way to show fewer states (only the actions and the seed are chosen).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import reversis

if os.environ.get("REVERSIS_REQUIRE_OPENSPIEL") == "1":  # .ci/run: the test must run
    import pyspiel  # noqa: F401
else:
    pytest.importorskip("pyspiel", reason="pip install -e '.[openspiel]'")

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

import reversis.openspiel  # registers python_reversis

PROFILES = sorted(reversis.available_profiles())

#: Where the playthroughs are kept.
PLAYTHROUGHS = Path(__file__).resolve().parent / "playthroughs"

#: The seed of the hands the playthroughs play (generate_playthrough's random actions).
SEED = 37

#: The largest a playthrough may grow, in bytes.
MAX_SIZE = 1_000_000

REGENERATE = "python tests/openspiel/test_openspiel_playthroughs.py"


def game_string(name: str) -> str:
    """The game of the profile ``name`` as ``pyspiel.load_game`` reads it."""
    return f"python_reversis(profile={name})"


def playthrough_path(name: str) -> Path:
    """The playthrough file of the profile ``name``."""
    return PLAYTHROUGHS / f"{game_string(name)}.txt"


def regenerate() -> list[str]:
    """Write the playthrough of every shipped profile and remove the others; the names of the
    files changed."""
    PLAYTHROUGHS.mkdir(exist_ok=True)
    changed = []
    for name in PROFILES:
        path = playthrough_path(name)
        text = generate_playthrough.playthrough(game_string(name), None, seed=SEED)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8", newline="\n")
            changed.append(path.name)
    kept = {playthrough_path(name) for name in PROFILES}
    for path in sorted(PLAYTHROUGHS.iterdir()):
        if path not in kept:
            path.unlink()
            changed.append(path.name)
    return changed


def test_every_shipped_profile_has_a_playthrough() -> None:
    names = sorted(path.name for path in PLAYTHROUGHS.iterdir())
    assert names == sorted(playthrough_path(name).name for name in PROFILES), REGENERATE


@pytest.mark.parametrize("name", PROFILES)
def test_the_playthrough_replays(name: str) -> None:
    """OpenSpiel's replay of the kept playthrough writes it again, line by line."""
    if not flags.FLAGS.is_parsed():  # replay reads a flag of generate_playthrough's
        flags.FLAGS.mark_as_parsed()
    path = playthrough_path(name)
    assert path.stat().st_size < MAX_SIZE
    expected, actual = generate_playthrough.replay(str(path))
    assert f"game: {game_string(name)}\n" in expected
    assert "PublicObservationString() = " in expected
    assert "PrivateObservationString(0) = " in expected
    assert "IsTerminal() = True" in expected
    lines = zip(expected.split("\n"), actual.split("\n"), strict=False)
    for number, (want, got) in enumerate(lines, start=1):
        assert got == want, f"line {number} of {path.name} differs; to regenerate: {REGENERATE}"
    assert actual == expected, f"{path.name} differs; to regenerate: {REGENERATE}"


if __name__ == "__main__":
    for changed in regenerate():
        print(f"changed {changed}")
    sys.exit(0)
