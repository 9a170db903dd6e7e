"""Records and JSON written by the version before the engine's reshape (issue 24) read back equal.

``tests/data/written-0.1.0.dev0.json`` was written by ``tests/data/make_written.py`` with the
library as it was before the reshape: hands of every shipped profile (finished and unfinished) as
JSON and as text records, with their settlements and events, and matches as JSON.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import reversis
from helpers import ROOT
from reversis.records import notation as records

WRITTEN = ROOT / "tests" / "data" / "written-0.1.0.dev0.json"


def _written() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(WRITTEN.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("item", _written()["hands"], ids=lambda item: item["profile"])
def test_hands_read_back_equal(item: dict[str, Any]) -> None:
    hand = reversis.Hand.from_json(item["json"])
    assert hand.to_json() == item["json"]
    assert reversis.settle(hand).to_dict() == item["settlement"]
    assert [event.to_dict() for event in hand.events] == item["events"]


@pytest.mark.parametrize("item", _written()["records"], ids=lambda item: item["profile"])
def test_text_records_read_back_equal(item: dict[str, Any]) -> None:
    hand = records.replay(item["text"])
    assert records.dump(hand) == item["text"]


@pytest.mark.parametrize("item", _written()["matches"], ids=lambda item: item["profile"])
def test_matches_read_back_equal(item: dict[str, Any]) -> None:
    match = reversis.Match.from_json(item["json"])
    assert match.to_json() == item["json"]


def test_the_written_data_cover_every_profile() -> None:
    written = _written()
    for kind in ("hands", "records", "matches"):
        assert {item["profile"] for item in written[kind]} == set(reversis.available_profiles())
    finished = [item for item in written["hands"] if item["events"][-1]["event"] == "HandOver"]
    assert 0 < len(finished) < len(written["hands"])
