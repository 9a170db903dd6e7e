"""The documentation builds with -W, and what it promises holds.

Every citation of a rule in the code and the tests (``fournier-1785 §9``) is an anchor of the
rendered rules; the rule pages are rendered, not shown as Markdown; "How to play" has the pictures
the library draws; the API reference has every public name. The build needs the ``docs`` extra:
without it these tests are skipped (CI installs it).
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import reversis
from helpers import ROOT

DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import citations  # noqa: E402
import ruleplaces  # noqa: E402

PUBLIC_MODULES = [
    "reversis",
    "reversis.bots.players",
    "reversis.bots.learned",
    "reversis.bots.specs",
    "reversis.bots.levels",
    "reversis.simulation.ladder",
    "reversis.cli.ladder",
    "reversis.vector.functional",
    "reversis.bots.playouts",
    "reversis.bots.search",
    "reversis.simulation.runs",
    "reversis.simulation.workers",
    "reversis.records.files",
    "reversis.text.terminal",
    "reversis.text.render",
    "reversis.cards",
    "reversis.records.schemas",
    "reversis.views.documents",
    "reversis.cli",
    "reversis.dealing",
    "reversis.engine.actions",
    "reversis.engine.chance",
    "reversis.engine.commitment",
    "reversis.engine.deal",
    "reversis.engine.eventing",
    "reversis.engine.facts",
    "reversis.engine.follow",
    "reversis.engine.history",
    "reversis.engine.play",
    "reversis.engine.state",
    "reversis.engine.steps",
    "reversis.engine.tricks",
    "reversis.errors",
    "reversis.events",
    "reversis.games",
    "reversis.games.base",
    "reversis.games.common",
    "reversis.games.hearts",
    "reversis.games.payments",
    "reversis.games.reunion",
    "reversis.games.reversis",
    "reversis.games.reversis.bounds",
    "reversis.games.reversis.keepers",
    "reversis.games.reversis.outcome",
    "reversis.games.reversis.settlement",
    "reversis.games.table",
    "reversis.games.tetka",
    "reversis.hand",
    "reversis.jsonio",
    "reversis.match",
    "reversis.moves",
    "reversis.text.narration",
    "reversis.openspiel.strings",
    "reversis.text.pictures",
    "reversis.text.page",
    "reversis.text.sentences",
    "reversis.simulation.report",
    "reversis.text.progress",
    "reversis.errors",
    "reversis.profile",
    "reversis.profile.checks",
    "reversis.profile.schema",
    "reversis.records.notation",
    "reversis.stakes",
    "reversis.testing",
    "reversis.views.check",
    "reversis.views.view",
    "reversis.worlds.sampler",
]


def _ids(page: Path) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', page.read_text(encoding="utf-8")))


def missing_anchors(found: dict[tuple[str, str], list[str]], html: Path) -> list[str]:
    """The citations in ``found`` whose anchor is not on their spec's rendered page."""
    missing = []
    for (spec, section), where in sorted(found.items()):
        page = html / "rules" / f"{spec}.html"
        anchor = citations.anchor(section)
        if not page.exists() or anchor not in _ids(page):
            missing.append(f"{spec} §{section} (#{anchor}), cited at {', '.join(where[:3])}")
    return missing


# -- the scanner, without a build -------------------------------------------------------------


def test_the_scanner_reads_every_form_of_citation() -> None:
    text = (
        "# fournier-1785 §9: the Quinola\n"
        "(Fournier §12, *continue*) and english §15.3 and §15.4; hoyle §8–§10;"
        " fournier-1785-3p §2; source §10 is the source's own numbering; OMNIBUS-HEARTS §8"
    )
    found = [(spec, section) for spec, section, _ in citations.citations(text)]
    assert found == [
        ("fournier-1785", "9"),
        ("fournier-1785", "12"),
        ("english", "15.3"),
        ("english", "15.4"),
        ("hoyle", "8"),
        ("hoyle", "10"),
        ("fournier-1785", "2"),
        ("hearts", "8"),
    ]
    assert citations.anchor("9") == "section-9"
    assert citations.anchor("15.7") == "section-15-7"
    with pytest.raises(ValueError, match="not a section number"):
        citations.anchor("9a")
    assert citations.slug("Worked examples (four players; seats …)") == "worked-examples"
    assert citations.slug("Translating OpenSpiel (for the differential test)") == (
        "translating-openspiel"
    )


def test_the_scanner_finds_the_citations_of_the_code(tmp_path: Path) -> None:
    found = citations.scan([ROOT / "src", ROOT / "tests"])
    assert ("fournier-1785", "9") in found
    assert ("english", "15.7") in found
    assert any(spec == "hoyle" for spec, _ in found)
    fake = tmp_path / "fake.py"
    section = (
        "99"  # not written after the sign, so that this file cites nothing that does not exist
    )
    fake.write_text(f"# hoyle §{section}: a rule that is not there\n", encoding="utf-8")
    assert citations.scan([fake]) == {("hoyle", section): [f"{fake}:1"]}


# -- the built documentation --------------------------------------------------------------------


@pytest.fixture(scope="session")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML documentation, built once per test run (shared by pytest-xdist's workers)."""
    for module in ("sphinx", "myst_parser", "furo", "sphinx_copybutton"):
        pytest.importorskip(module, reason="the docs extra is not installed")
    # A lock lets pytest-xdist's workers share one build.
    fcntl = pytest.importorskip("fcntl")
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # this run's directory, shared by its workers
    out = base / "docs-html"
    with open(base / "docs-html.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "index.html").exists():
            done = subprocess.run(
                [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                 "-d", str(base / "docs-doctrees"), str(DOCS), str(out)],
                capture_output=True,
                text=True,
                check=False,
            )  # fmt: skip
            assert done.returncode == 0, done.stderr[-5000:]
    return out


def test_every_cited_section_has_its_anchor(html: Path) -> None:
    found = citations.scan([ROOT / "src", ROOT / "tests"])
    assert len(found) > 50
    assert missing_anchors(found, html) == []


def test_a_citation_of_a_missing_section_is_caught(html: Path, tmp_path: Path) -> None:
    # The citations are built, not written, so that this file cites nothing that does not exist.
    sign = "§"
    fake = tmp_path / "fake.py"
    fake.write_text(f"# fournier-1785 {sign}77 and english {sign}15.99\n", encoding="utf-8")
    missing = missing_anchors(citations.scan([fake]), html)
    assert len(missing) == 2
    assert missing[0].startswith(f"english {sign}15.99 (#section-15-99), cited at {fake}:1")
    assert missing[1].startswith(f"fournier-1785 {sign}77 (#section-77)")


def test_the_rule_pages_are_rendered_with_their_anchors(html: Path) -> None:
    for spec in citations.SPECS:
        source = (DOCS / "rules" / f"{spec}.md").read_text(encoding="utf-8")
        page = (html / "rules" / f"{spec}.html").read_text(encoding="utf-8")
        ids = _ids(html / "rules" / f"{spec}.html")
        numbers = re.findall(r"^## (\d+)\. ", source, re.M)
        assert numbers, spec
        for number in numbers:
            assert f"section-{number}" in ids, (spec, number)
        for heading in re.findall(r"^## ([^\d].*)$", source, re.M):
            assert citations.slug(heading) in ids, (spec, heading)
        # Rendered: headings, bold, lists and tables, not their Markdown.
        assert "<h2>" in page
        assert "<strong>" in page
        assert "<ul" in page
        assert "\n## " not in page
        assert "**[" not in page
        if "\n|---" in source:
            assert "<table" in page, spec
        assert "sources/0" not in source  # the original works are cited, not files


def test_the_citations_of_the_sources_point_at_the_sources_page(html: Path) -> None:
    sources = (html / "sources.html").read_text(encoding="utf-8")
    for title in ("Almanach des jeux", "Encyclopédie", "Hoyle", "Denexa", "OpenSpiel", "Réunion"):
        assert title in sources
    for spec in citations.SPECS:
        page = (html / "rules" / f"{spec}.html").read_text(encoding="utf-8")
        assert 'href="../sources.html"' in page, spec


def test_the_changelog_is_rendered_not_shown_as_markdown(html: Path) -> None:
    page = (html / "changelog.html").read_text(encoding="utf-8")
    source = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "<h1>Changelog" in page
    headings = [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<h2>(.*?)</h2>", page, re.S)]
    for heading in re.findall(r"^## (.+)$", source, re.M):
        # ``[0.1.0]`` is a link where the file defines one at its end (Keep a Changelog's links)
        linked = re.sub(r"\[([^\]]+)\]", r"\1", heading)
        assert any(h.startswith((heading, linked)) for h in headings), (heading, headings)
    assert "## [" not in page
    assert "# Changelog" not in page
    assert "<ul" in page


def test_the_sources_page_gives_the_hague_reading(html: Path) -> None:
    page = (html / "sources.html").read_text(encoding="utf-8")
    assert "Règles du jeu de Reversi" in page
    assert "hague-1785" in page
    assert "AD = 5" in re.sub(r"<[^>]+>", "", page)


def test_specs_not_yet_implemented_are_marked(html: Path) -> None:
    shipped = set(reversis.available_profiles())
    for spec in citations.SPECS:
        page = (html / "rules" / f"{spec}.html").read_text(encoding="utf-8")
        implemented = spec in shipped
        assert ("implementation in progress" in page) != implemented, spec


def test_how_to_play_shows_pictures_the_library_draws(html: Path) -> None:
    import howto

    page = (html / "how-to-play.html").read_text(encoding="utf-8")
    pictures = re.findall(r'<img[^>]+src="(_images/[^"]+\.svg)"', page)
    names = {Path(p).name for p in pictures}
    assert "table-fournier-1785.svg" in names
    assert "cards-that-matter.svg" in names
    profile = reversis.load_profile(howto.PROFILE)
    hand = howto.example_hand(profile)
    assert {f"trick-{n:02d}.svg" for n in range(1, len(hand.tricks) + 1)} <= names
    for picture in pictures:
        svg = (html / picture).read_text(encoding="utf-8")
        assert svg.startswith("<svg")
        assert "<title>" in svg
    # The pictures are what reversis.text.pictures draws from the hand the library plays.
    first = hand.tricks[0]
    notes = {
        s: "placed"
        for s, c in first.plays
        if s != first.leader and c.suit != first.plays[0][1].suit
    }
    drawn = reversis.text.pictures.trick_svg(
        first, profile, dealer=hand.dealer, notes=notes, scale=0.8
    )
    assert (html / "_images" / "trick-01.svg").read_text(encoding="utf-8") == drawn
    table = reversis.text.pictures.table_svg(profile)
    assert (html / "_images" / "table-fournier-1785.svg").read_text(encoding="utf-8") == table
    # The story is the hand's: its payments are on the page.
    for payment in reversis.settle(hand).payments:
        assert (
            f'<code class="docutils literal notranslate"><span class="pre">{payment.reason}' in page
        )


def test_the_api_reference_has_every_public_name(html: Path) -> None:
    from sphinx.util.inventory import InventoryFile

    with open(html / "objects.inv", "rb") as file:
        inventory = InventoryFile.load(file, "", lambda base, uri: uri)
    documented = {name for kind, entries in inventory.items() if kind.startswith("py:")
                  for name in entries}  # fmt: skip
    missing = []
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            home = getattr(getattr(module, name), "__module__", None)
            package = module_name.rpartition(".")[0]
            candidates = {
                f"{module_name}.{name}",
                f"reversis.{name}",
                f"{home}.{name}",
                f"{package}.{name}",  # a package that re-exports its face (reversis.bots.make_bot)
            }
            if not candidates & documented:
                missing.append(f"{module_name}.{name}")
    assert missing == []
    for name in ("reversis.Move", "reversis.Stakes", "reversis.views.hand_view",
                 "reversis.testing.check_money", "reversis.text.pictures.trick_svg"):  # fmt: skip
        assert name in documented
    # Issue 24: the per-game readings and what the deal decided are shown.
    for name in ("reversis.games.reversis.ReversisReading.pot_value",
                 "reversis.games.hearts.HeartsReading.broken", "reversis.games.tetka.TetkaReading.bum",
                 "reversis.games.reunion.ReunionReading.left_bower", "reversis.DealInfo.seed",
                 "reversis.Hand.reversis", "reversis.Hand.facts"):  # fmt: skip
        assert name in documented, name


def test_the_json_schemas_page_is_read_not_scrolled(html: Path) -> None:
    """Issue 38: the page of the JSON Schemas was 24,600 pixels tall, its field tables printed as
    Python dicts of 16 to 45 KB. Now one short section per kind links its published schema file
    and tables its top-level fields; the API page shows no value of more than a line or two."""
    from reversis.records import schemas

    page = (html / "schemas.html").read_text(encoding="utf-8")
    assert len(page) < 100_000
    for kind in schemas.KINDS:
        assert f'href="schemas/{kind}.json"' in page, kind
        published = json.loads((html / "schemas" / f"{kind}.json").read_text(encoding="utf-8"))
        assert published == schemas.schema(kind)
    assert page.count('class="schema-fields') == len(schemas.KINDS)
    # A view's fields, with their types in words.
    for words in ("legal_moves", "list of moves", "null or integer 0–7", "object (trick)"):
        assert words in page, words
    api = (html / "api" / "schemas.html").read_text(encoding="utf-8")
    assert len(api) < 80_000
    longest = max(len(dd) for dd in re.findall(r"<dd>.*?</dd>", api, re.S))
    assert longest < 5_000
    for name in ("HAND_FIELDS", "HAND_VIEW_FIELDS", "MATCH_VIEW_FIELDS", "HAND_ENTRY_FIELDS"):
        assert f'id="reversis.views.documents.{name}"' in api


def test_the_performance_page_opens_with_today_s_figures(html: Path) -> None:
    """Issue 38: the page opened with the pure-Python engine's figures ("no compiled extensions")
    and read as a log of commits; now it opens with the default install's figures (the compiled
    core), and the history is a page of its own, in the table of contents."""
    page = (html / "performance.html").read_text(encoding="utf-8")
    text = " ".join(re.sub(r"<[^>]+>", "", page).split())
    first = text.index("Today’s figures") if "Today’s figures" in text else text.index("Today's")
    assert "compiled core" in text[:first]
    assert "no compiled extensions" not in text
    for figure in ("218,712", "274,955", "3.3 × fewer", "2.8 × fewer"):
        assert figure in text, figure
    assert 'href="performance-history.html"' in page
    history = (html / "performance-history.html").read_text(encoding="utf-8")
    assert "no compiled extensions" in " ".join(re.sub(r"<[^>]+>", "", history).split())
    assert 'href="performance-history.html"' in (html / "index.html").read_text(encoding="utf-8")


def test_no_warning_is_suppressed() -> None:
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert "suppress_warnings" not in conf
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"sphinx-build -W .*docs", ci)


def test_every_rule_of_every_spec_is_cited_where_it_is_implemented() -> None:
    """Issue 24: "where is rule §N of profile X?" is answered by the citations in the package; every
    numbered section of every spec has one (the developer guide's *Where each rule lives*)."""
    assert ruleplaces.uncited() == []
    found = ruleplaces.places()
    assert ruleplaces.Place("reversis.engine.follow", "legal_cards") in found["fournier-1785", "11"]
    assert ruleplaces.Place("reversis.profile.shipped.tetka", "[tetka]") in found["tetka", "4"]
    assert [s.number for s in ruleplaces.sections("hearts")][:3] == ["1", "2", "3"]
