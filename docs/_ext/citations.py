"""Citations of the rule specifications (``fournier-1785 §9``) and the anchors they point at.

Plain Python, without Sphinx, so that the tests can use it too. The scheme (also described on the
rules page of the documentation):

* ``spec §n`` points at section ``n`` of that spec's page, anchor ``#section-n``;
* ``spec §n.m`` points at item ``m`` of the numbered list of section ``n`` (a worked example, an
  oddity), anchor ``#section-n-m``; a section without a numbered list has no ``§n.m``;
* a section whose heading has no number gets a short anchor from the words of its heading before
  any parenthesis or colon (``#payments-as-data``, ``#three-players``, ``#worked-examples``), and the
  items of its numbered list ``#worked-examples-3``;
* a chain ``english §15.3 and §15.4`` or a range ``§8–§12`` cites each section it names;
* names: the spec's own (``fournier-1785``, ``english``, ``hoyle``, ``hearts``, ``tetka``,
  ``reunion``), a profile specified on another spec's page (``fournier-1785-3p``,
  ``omnibus-hearts``), or ``Fournier`` alone; case does not matter. Other words before a ``§``
  (``source §10``, the numbering of a source text) are not citations of a spec.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

#: The specifications, one page each under ``docs/rules/``.
SPECS = ("fournier-1785", "english", "hoyle", "hearts", "tetka", "reunion")

#: Other names that cite a spec's page.
ALIASES = {
    "fournier": "fournier-1785",
    "fournier-1785-3p": "fournier-1785",
    "omnibus-hearts": "hearts",
}

_SECTION = r"§\s?(\d+(?:\.\d+)*)"
CITATION = re.compile(
    r"(?<![\w-])(?P<name>[A-Za-z][\w-]*)\s+(?P<chain>" + _SECTION
    + r"(?:\s*(?:,|;|and|or|to|–|—|-|/)\s*" + _SECTION + r")*)"
)  # fmt: skip
_ONE = re.compile(_SECTION)


def spec_of(name: str) -> str | None:
    """The spec a name cites (``"Fournier"`` → ``"fournier-1785"``), or ``None``."""
    key = name.lower()
    if key in SPECS:
        return key
    return ALIASES.get(key)


def anchor(section: str) -> str:
    """The anchor of a section number: ``"9"`` → ``"section-9"``, ``"15.7"`` → ``"section-15-7"``."""
    if not re.fullmatch(r"\d+(\.\d+)*", section):
        raise ValueError(f"not a section number: {section!r}")
    return "section-" + section.replace(".", "-")


def slug(heading: str) -> str:
    """The short anchor of an unnumbered heading: its words before any parenthesis or colon.

    >>> slug("Payments as data (how the library reports §8–§12)")
    'payments-as-data'
    >>> slug("Three players: `fournier-1785-3p` (§12)")
    'three-players'
    """
    words = re.split(r"[(:]", heading, maxsplit=1)[0]
    words = unicodedata.normalize("NFKD", words).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-")


def citations(text: str) -> Iterator[tuple[str, str, str]]:
    """Each citation of a spec in ``text``: ``(spec, section, as written)``.

    >>> [found[:2] for found in citations("fournier-1785 §9, english §15.3 and §15.4; source §10")]
    [('fournier-1785', '9'), ('english', '15.3'), ('english', '15.4')]
    """
    for match in CITATION.finditer(text):
        spec = spec_of(match["name"])
        if spec is None:
            continue
        written = match[0]
        for section in _ONE.findall(match["chain"]):
            yield spec, section, written


def scan(paths: list[Path]) -> dict[tuple[str, str], list[str]]:
    """Every citation in the files under ``paths``: ``(spec, section)`` → where it is written
    (``"path:line"``)."""
    found: dict[tuple[str, str], list[str]] = {}
    for root in paths:
        files = [root] if root.is_file() else sorted(root.rglob("*"))
        for path in files:
            if not path.is_file() or path.suffix not in (".py", ".toml", ".md", ".rst", ".txt"):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for spec, section, _ in citations(line):
                    found.setdefault((spec, section), []).append(f"{path}:{number}")
    return found
