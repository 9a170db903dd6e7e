"""Where each rule lives: every section of every rule specification, and the places in the package
that cite it (the function or class of a Python module, the table of a shipped profile file).

Plain Python, without Sphinx, so that the tests can use it too; :mod:`rulespec` writes the table
of the developer guide's page *Where each rule lives* (``_generated/rule-places.rst``) with it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import NamedTuple

from citations import SPECS, citations

__all__ = ["Place", "Section", "places", "sections", "uncited"]

DOCS = Path(__file__).resolve().parent.parent
SOURCE = DOCS.parent / "src" / "reversis"

#: The numbered sections of a spec that hold no rule the library implements: the oddities of
#: OpenSpiel's code that the library does not follow (hearts §12; the differential test steers
#: clear of them).
NOT_RULES = {("hearts", "12")}

#: The spec each shipped profile follows, when its name does not say it.
PROFILE_SPECS = {"fournier-1785-3p": "fournier-1785", "omnibus-hearts": "hearts"}


class Section(NamedTuple):
    """A section of a spec: its number (``"9"``) or anchor slug, and its heading."""

    number: str
    heading: str


class Place(NamedTuple):
    """Where a citation stands: a module (``reversis.engine.follow``) and the function, class or
    profile table in it (``legal_cards``, ``[hearts]``), or ``""`` at the module's top."""

    module: str
    name: str


def sections(spec: str) -> list[Section]:
    """The numbered sections of ``spec``'s page, in order (the worked examples left out)."""
    text = (DOCS / "rules" / f"{spec}.md").read_text(encoding="utf-8")
    found = []
    for line in text.splitlines():
        match = re.match(r"## (\d+)\. (.*)", line)
        if match and "worked example" not in match[2].lower():
            found.append(Section(match[1], match[2].strip()))
    return found


def _enclosing(tree: ast.Module) -> dict[int, str]:
    """For each line of a module, the qualified name of the function or class it stands in."""
    names: dict[int, str] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                end = child.end_lineno or child.lineno
                for line in range(child.lineno, end + 1):
                    names[line] = name
                visit(child, name + ".")
            else:
                visit(child, prefix)

    visit(tree, "")
    return names


def places(root: Path = SOURCE) -> dict[tuple[str, str], list[Place]]:
    """Every citation of a spec's section in the package under ``root``: ``(spec, section)`` → the
    places that cite it, each once, in the order of the files. A citation of ``§n.m`` counts for
    ``§n``."""
    found: dict[tuple[str, str], list[Place]] = {}
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".py", ".toml") or "__pycache__" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        module = ".".join(path.relative_to(root.parent).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        table = ""
        names = _enclosing(ast.parse(text)) if path.suffix == ".py" else {}
        profile_spec = PROFILE_SPECS.get(path.stem, path.stem) if path.suffix == ".toml" else ""
        for number, line in enumerate(text.splitlines(), start=1):
            if path.suffix == ".toml":
                header = re.match(r"\s*(\[\[?[\w.-]+\]\]?)", line)
                if header:
                    table = header[1]
                name = table
            else:
                name = names.get(number, "")
            cited = list(citations(line))
            if profile_spec in SPECS and "#" in line:
                # a shipped profile's comments cite its own spec by section alone ("# §3")
                comment = line.split("#", 1)[1]
                cited += [(profile_spec, n, "") for n in re.findall(r"(?<![\w-] )§(\d+)", comment)]
            for spec, section, _ in cited:
                place = Place(module, name)
                listed = found.setdefault((spec, section.split(".")[0]), [])
                if place not in listed:
                    listed.append(place)
    return found


def uncited() -> list[str]:
    """The numbered sections of every spec that nothing in the package cites."""
    cited = places()
    return [
        f"{spec} §{section.number} {section.heading}"
        for spec in SPECS
        for section in sections(spec)
        if (spec, section.number) not in cited and (spec, section.number) not in NOT_RULES
    ]
