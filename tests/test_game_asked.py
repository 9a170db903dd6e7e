"""A game is asked, not named (issue 36): outside ``reversis.games`` and ``reversis.profile``, no
module (nor the compiled core's ``.pyx`` and ``.pxd``) chooses a behaviour by testing which game
section a profile has, or which game's reading a hand gives (``profile.hearts is not None``,
``if hand.reversis:``, ``getattr(profile, "tetka")`` …). What the text, the views, the bots and the
rest need to know of a game comes from the game object (:class:`reversis.games.base.Game`), and
the engine and the core read mechanisms from the compiled rules
(:class:`reversis.profile.compiled.Rules`).
"""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "reversis"

#: Where a profile's sections are read as data: the games themselves and the profile.
EXEMPT = ("games", "profile")

_GAME = r"\.(?:reversis|hearts|tetka|reunion)\b(?!\s*[.(\[])"

#: The tests of a game's section (or reading): compared with ``None``, taken as a truth value
#: (after ``if``, ``elif``, ``while``, ``not``, ``and``, ``or``, in ``bool()``, or before ``else``,
#: ``and``, ``or``, ``:``), or looked up by name with ``getattr``/``hasattr``.
PATTERN = re.compile(
    rf"{_GAME}\s*(?:is\s+(?:not\s+)?None|[!=]=\s*None)"
    rf"|\b(?:if|elif|while|not|and|or)\s+[\w.]+{_GAME}\s*(?:$|:|\)|,|\b(?:else|and|or|if)\b)"
    rf"|[\w.]+{_GAME}\s+(?:else|and|or)\b"
    rf"|\bbool\(\s*[\w.]+{_GAME}\s*\)"
    r"""|\b(?:get|has)attr\(\s*[^,]+,\s*["'](?:reversis|hearts|tetka|reunion)["']"""
)


def section_tests(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` that test a game's section or reading (:data:`PATTERN`)."""
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if PATTERN.search(line)
    ]


def _sources() -> list[Path]:
    return sorted(
        path
        for suffix in ("*.py", "*.pyx", "*.pxd")
        for path in PACKAGE.rglob(suffix)
        if path.relative_to(PACKAGE).parts[0] not in EXEMPT
    )


def test_the_sources_are_read() -> None:
    names = {path.relative_to(PACKAGE).as_posix() for path in _sources()}
    assert {"hand.py", "text/narration.py", "_core/vector.pyx", "_core/state.pxd"} <= names
    assert not any(name.startswith(("games/", "profile/")) for name in names)


def test_no_game_section_is_tested_outside_the_games_and_the_profile() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{number}: {line}"
        for path in _sources()
        for number, line in section_tests(path.read_text(encoding="utf-8"))
    ]
    assert found == []


#: Forms the pattern catches: each line is a test of a game's section or reading.
CAUGHT = """\
if profile.hearts is not None and card.code == "QS":
rounds = profile.tetka.orbits if profile.tetka is not None else profile.match.rounds
return REVERSIS.reading(self._state) if self.profile.reversis is not None else None
if hand.is_over and (hand.reversis is None or hand.reversis.committed is None):
passes = profile.hearts is not None
if profile.reunion == None:
lines.append(f"the cards {'passed' if profile.hearts else 'given'} change hands")
if profile.tetka:
elif hand.reunion:
if not profile.reversis:
ok = profile.hearts and profile.hearts.moon != "off"
ok = flag or hand.tetka
b.hearts = bool(profile.hearts)
section = getattr(profile, "hearts")
if hasattr(rules, 'reunion'):
while view.rules.hearts:
"""

#: Forms it leaves: reading a section's data, or a reading, is no test of which game it is.
LEFT = """\
rules = profile.hearts
tetka = hand.tetka
pot = hand.reversis.pot
moon = profile.hearts.moon
def hearts(self) -> HeartsReading | None:
return self._reading(ReversisReading)
if deal.rules.passing:
if game.has_pot and winner is not None:
from reversis.games.hearts import HEARTS
tetka_points(L, t, c, self.shown[i], points)
# hearts §8: the penalty cards
"""


def test_the_pattern_catches_the_forms_it_is_meant_to_catch() -> None:
    caught = CAUGHT.splitlines()
    assert [number for number, _ in section_tests(CAUGHT)] == list(range(1, len(caught) + 1))
    assert section_tests(LEFT) == []
