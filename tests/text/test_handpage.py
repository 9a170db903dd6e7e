"""``replay --html`` and :func:`reversis.text.pictures.hand_html` (issue 27): a self-contained page of a
hand — the deal, each trick as a picture, the events and the settlement in words — checked as
text for every profile and in Chromium (a screenshot for the docs)."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

import reversis
from reversis.bots.players import RandomBot, play_hand
from reversis.cli import main
from reversis.records import notation as records
from reversis.text.pictures import hand_html

PROFILES = sorted(reversis.available_profiles())
REQUIRE_BROWSER = os.environ.get("REVERSIS_REQUIRE_BROWSER") == "1"
CHROMIUM = os.environ.get("REVERSIS_CHROMIUM", "/usr/bin/chromium")
CODE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def played(profile: str, seed: int) -> reversis.Hand:
    rules = reversis.load_profile(profile)
    bots = [RandomBot(random.Random(seed * 10 + s)) for s in range(rules.players)]
    return play_hand(reversis.new_hand(rules, seed=seed), bots)


@pytest.mark.parametrize("profile", PROFILES)
def test_the_page_holds_the_hand(profile: str) -> None:
    hand = played(profile, 3)
    page = hand_html(hand)
    assert page.startswith("<!doctype html>")
    assert "<script" not in page
    assert not re.search(r"""(src|href)=["']?(https?:|/|\.)""", page)  # nothing to fetch
    assert page.count("<figure>") == len(hand.tricks)
    assert page.count("<svg") >= len(hand.tricks) + hand.players
    for trick in hand.tricks:
        assert f"Trick {trick.number}: " in page
    text = re.sub(r"<svg.*?</svg>", "", page, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    assert not CODE.search(text), CODE.search(text)
    assert "In all (" in text
    assert len(re.findall(r"<li>", page)) >= len(reversis.settle(hand).payments)


def test_replay_html_prints_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "hand.txt"
    assert main(["demo", "--seed", "7", "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", "--html", str(record)]) == 0
    out = capsys.readouterr().out
    assert out == hand_html(records.replay(record.read_text(encoding="utf-8")))  # type: ignore[arg-type]


def test_the_page_in_chromium(tmp_path: Path) -> None:
    """The page in a real browser at 1280 and 390 px: the tricks drawn, nothing wider than a phone,
    no error; a screenshot (``REVERSIS_SCREENSHOTS``) for the docs."""
    if not REQUIRE_BROWSER:
        pytest.importorskip("playwright")
        if not Path(CHROMIUM).exists():
            pytest.skip(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    page_file = tmp_path / "hand.html"
    page_file.write_text(hand_html(played("fournier-1785", 7)), encoding="utf-8")
    folder = Path(os.environ.get("REVERSIS_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_file.as_uri())
            assert page.locator("figure svg").count() >= 10
            assert "wins the pot" in page.inner_text(".outcome")
            page.screenshot(path=str(folder / "hand-page.png"), full_page=False)
            page.locator("h2", has_text="The outcome").scroll_into_view_if_needed()
            page.evaluate("document.querySelectorAll('h2')[3].scrollIntoView()")
            page.screenshot(path=str(folder / "hand-page-end.png"), full_page=False)
            page.set_viewport_size({"width": 390, "height": 844})
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            assert errors == []
            assert requests == [page_file.as_uri()]
        finally:
            browser.close()


def test_the_page_words_gives_and_passes_by_the_game() -> None:
    # hoyle §4: the opposite exchange gives cards; hearts §4: cards are passed.
    hoyle = hand_html(reversis.new_hand("hoyle", seed=3).rollout(random.Random(1)))
    hearts = hand_html(reversis.new_hand("hearts", seed=3).rollout(random.Random(1)))
    assert " gave " in hoyle
    assert " passed " not in hoyle
    assert " passed " in hearts
