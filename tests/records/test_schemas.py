"""The JSON Schemas of the documents (reversis.records.schemas, issue 28).

Every document that random hands and matches of every shipped profile (and a house profile) write
is valid against its schema: each hand at every step, each seat's view, the settlement, the legal
moves, the cards, the match and its views, the profiles. Documents broken in ways a schema can say
(a key unknown or missing, a value of the wrong type or out of range, no card, no move) are refused
by the reader and by the schema alike. Needs ``jsonschema`` (the ``test`` extra).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import reversis
from helpers import ROOT, sized
from reversis import jsonio
from reversis.cards import Card
from reversis.errors import ReversisError
from reversis.games.payments import SETTLEMENT_FIELDS, Settlement
from reversis.match import MATCH_FIELDS
from reversis.moves import MOVE_FIELDS
from reversis.records import schemas
from reversis.views.documents import HAND_FIELDS, HAND_VIEW_FIELDS, MATCH_VIEW_FIELDS
from reversis.views.view import HandView, MatchView

jsonschema = pytest.importorskip("jsonschema")

HAGUE = ROOT / "examples" / "profiles" / "hague-1785.toml"


def _validators() -> dict[str, Any]:
    out = {}
    for kind in schemas.KINDS:
        schema = schemas.schema(kind)
        jsonschema.Draft202012Validator.check_schema(schema)
        out[kind] = jsonschema.Draft202012Validator(schema)
    return out


VALIDATORS = _validators()
#: Documents checked, by kind (the report of a run: at least one of each).
CHECKED: Counter[str] = Counter()


def _valid(kind: str, data: Any) -> None:
    # Through JSON, as another language reads it.
    errors = list(VALIDATORS[kind].iter_errors(json.loads(json.dumps(data))))
    assert not errors, (kind, [e.message[:200] for e in errors[:3]], json.dumps(data)[:300])
    CHECKED[kind] += 1


def _readers() -> dict[str, Any]:
    return {
        "move": reversis.moves._MoveData.from_dict,
        "card": Card.from_dict,
        "view": HandView.from_dict,
        "match_view": MatchView.from_dict,
        "settlement": Settlement.from_dict,
        "hand": reversis.Hand.from_dict,
        "match": reversis.Match.from_dict,
        "profile": reversis.Profile.from_dict,
    }


def test_every_kind_has_a_draft_2020_12_schema() -> None:
    assert schemas.KINDS == (
        "move", "card", "view", "match_view", "settlement", "hand", "match", "profile",
    )  # fmt: skip
    for kind in schemas.KINDS:
        schema = schemas.schema(kind)
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert schema["title"]
        assert schemas.schema(kind) == schema  # made anew each time, the same
        schema["title"] = "changed"
        assert schemas.schema(kind)["title"] != "changed"
    with pytest.raises(reversis.ArgumentError, match="not a kind of document"):
        schemas.schema("hands")


def test_the_schemas_keys_are_the_readers_keys() -> None:
    # The views' tables are their attrs fields (less the internal ones); the others' are what
    # to_dict writes, required or optional as the reader takes them.
    import attrs

    for cls, fields in ((HandView, HAND_VIEW_FIELDS), (MatchView, MATCH_VIEW_FIELDS)):
        names = [f.name for f in attrs.fields(cls) if not f.metadata.get("internal")]
        assert list(fields) == names
    for kind, fields in (
        ("view", HAND_VIEW_FIELDS),
        ("match_view", MATCH_VIEW_FIELDS),
        ("settlement", SETTLEMENT_FIELDS),
        ("hand", HAND_FIELDS),
        ("match", MATCH_FIELDS),
        ("move", MOVE_FIELDS),
    ):
        schema = schemas.schema(kind)
        assert set(schema["properties"]) == {"schema", "type", *fields}
        assert schema["required"] == [k for k, f in fields.items() if not f.optional]
        assert schema["additionalProperties"] is False


def _profiles() -> list[reversis.Profile]:
    shipped = [reversis.load_profile(name) for name in reversis.available_profiles()]
    return [*shipped, reversis.load_profile(HAGUE)]


@pytest.mark.parametrize("profile", _profiles(), ids=lambda p: p.name)
def test_every_document_of_random_hands_is_valid(profile: reversis.Profile) -> None:
    _valid("profile", profile.to_dict())
    rng = random.Random(f"schemas {profile.name}")
    for number in range(sized(3, 30)):
        hand = reversis.new_hand(profile, seed=rng.randrange(2**32))
        step = 0
        while True:
            if step % 4 == 0 or hand.is_over:  # every seat's view, every fourth step
                for seat in range(hand.players):
                    _valid("view", hand.view(seat).to_dict())
                _valid("hand", hand.to_dict())
                _valid("settlement", reversis.settle(hand).to_dict())
            if hand.is_over:
                break
            moves = hand.legal_moves()
            for move in moves:
                _valid("move", move.to_dict())
            for card in hand.hand_of(hand.to_move or 0)[:3]:
                _valid("card", card.to_dict())
            hand = hand.apply(rng.choice(moves))
            step += 1
        assert number >= 0


@pytest.mark.parametrize("name", ["fournier-1785", "hoyle", "english", "hearts", "reunion"])
def test_every_document_of_a_random_match_is_valid(name: str) -> None:
    rng = random.Random(f"match schemas {name}")
    match = reversis.new_match(name, seed=rng.randrange(1000))
    for _ in range(sized(2, 6)):
        if match.is_over:
            break
        _valid("match", match.to_dict())
        match = match.start_hand()
        hand = match.hand
        assert hand is not None
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_moves()))
        for seat in range(hand.players):
            _valid("match_view", match.view(seat).to_dict())
        match = match.finish_hand(hand)
        for seat in range(hand.players):
            _valid("match_view", match.view(seat).to_dict())
        _valid("match", match.to_dict())


def test_a_house_profile_over_a_base_is_valid() -> None:
    import tomllib

    _valid("profile", tomllib.loads(HAGUE.read_text(encoding="utf-8")))
    _valid("profile", {"base": "fournier-1785", "reversis": {"end_on_break": False}})


# -- refused by both ------------------------------------------------------------------------------


def _documents() -> dict[str, Any]:
    profile = reversis.load_profile("hoyle")
    hand = reversis.new_hand(profile, seed=5)
    rng = random.Random(5)
    for _ in range(30):
        hand = hand.apply(rng.choice(hand.legal_moves()))
    match = reversis.new_match("fournier-1785", seed=3).start_hand()
    return {
        "move": hand.legal_moves()[0].to_dict(),
        "card": Card.parse("JH").to_dict(),
        "view": hand.view(1).to_dict(),
        "match_view": match.view(2).to_dict(),
        "settlement": reversis.settle(hand).to_dict(),
        "hand": hand.to_dict(),
        "match": match.to_dict(),
        "profile": profile.to_dict(),
    }


def _broken(kind: str, data: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Documents broken in ways the schema says: what is broken, and the document."""
    out = []
    extra = copy.deepcopy(data)
    extra["colour"] = "red"
    out.append(("an unknown key", extra))
    schema = schemas.schema(kind)
    if kind == "profile":
        schema = schema["anyOf"][0]
    for key in schema["required"]:
        missing = copy.deepcopy(data)
        del missing[key]
        out.append((f"no {key}", missing))
    for key in schema["properties"]:
        if key in data and key != "type":
            for value in ({"nope": [1]}, "x" * 3000, [[[]]], -(10**19)):
                wrong = copy.deepcopy(data)
                wrong[key] = value
                out.append((f"{key} = {str(value)[:20]}", wrong))
    out.append(("schema 2", {**copy.deepcopy(data), "schema": 2}))
    return out


SPECIFIC = {
    "move": [{"move": "play QS"}, {"move": "exchange"}, {"move": "1H"}, {"move": 3}],
    "card": [{"card": "1H"}, {"card": "JX"}, {"card": ""}, {"card": None}],
}


@pytest.mark.parametrize("kind", schemas.KINDS)
def test_documents_the_readers_refuse_the_schemas_refuse(kind: str) -> None:
    data = _documents()[kind]
    read = _readers()[kind]
    read(copy.deepcopy(data))  # the document as written is read back
    _valid(kind, data)
    cases = _broken(kind, data) + [(str(d), d) for d in SPECIFIC.get(kind, [])]
    for what, broken in cases:
        schema_refuses = not VALIDATORS[kind].is_valid(json.loads(json.dumps(broken)))
        try:
            read(broken)
        except (ReversisError, ValueError):
            reader_refuses = True
        else:
            reader_refuses = False
        assert reader_refuses, (kind, what)
        assert schema_refuses, (kind, what)


def test_moves_and_cards_in_any_form_the_readers_take() -> None:
    move = VALIDATORS["move"]
    card = VALIDATORS["card"]
    for text in (
        "QS",
        "q♠",
        "10h",
        " TH ",
        "exchange QS",
        "DISCARD 2c",
        "give 7S",
        "pass  QS",
        "decline",
    ):
        reversis.moves.parse_move(text)
        assert move.is_valid({"move": text}), text
    for text in ("JH", "J♥", "jh", "10H", "TH", "A♢"):
        Card.parse(text)
        assert card.is_valid({"card": text}), text
    assert jsonio.SCHEMA == 1


def test_the_schemas_are_written_as_json(tmp_path: Path) -> None:
    paths = schemas.write(tmp_path / "schemas")
    assert [p.name for p in paths] == [f"{kind}.json" for kind in schemas.KINDS]
    for path, kind in zip(paths, schemas.KINDS, strict=True):
        assert json.loads(path.read_text(encoding="utf-8")) == schemas.schema(kind)
