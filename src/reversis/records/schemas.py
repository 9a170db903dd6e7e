"""JSON Schemas (draft 2020-12) of the documents the library writes and reads, for front-ends and
programs in other languages.

>>> from reversis.records import schemas
>>> schemas.KINDS
('move', 'card', 'view', 'match_view', 'settlement', 'hand', 'match', 'profile')
>>> move = schemas.schema("move")
>>> move["$schema"], move["required"]
('https://json-schema.org/draft/2020-12/schema', ['move'])

Each schema is made of the table of fields its reader checks the keys of a document with
(:mod:`reversis.views.documents`, and the tables beside the cards, moves, stakes, payments, tricks and
events): it cannot name a key the reader does not take, nor leave out one it needs. A document
the library writes is valid against its schema; a document the schema refuses, the reader
refuses too. The reader checks more than a schema can say: a seat below the table's number of
players, cards that are the profile's, a hand that replays, a view that is possible.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from reversis import jsonio
from reversis.cards import CARD_FIELDS
from reversis.errors import ArgumentError
from reversis.games.payments import SETTLEMENT_FIELDS
from reversis.match import MATCH_FIELDS
from reversis.moves import MOVE_FIELDS
from reversis.views.documents import (
    HAND_FIELDS,
    HAND_VIEW_FIELDS,
    MATCH_VIEW_FIELDS,
    profile_schema,
)

__all__ = ["DIALECT", "KINDS", "schema", "write"]

#: The JSON Schema dialect of every schema here.
DIALECT = "https://json-schema.org/draft/2020-12/schema"
#: The kinds of document that :func:`schema` gives a schema of.
KINDS = ("move", "card", "view", "match_view", "settlement", "hand", "match", "profile")

_TITLES = {
    "move": "A move, in its notation (Move.to_dict)",
    "card": "A card, by its code (Card.to_dict)",
    "view": "What one seat may know of a hand (HandView.to_dict, hand.view(seat))",
    "match_view": "What one seat may know of a match (MatchView.to_dict, match.view(seat))",
    "settlement": "The money of a hand (Settlement.to_dict, reversis.settle(hand))",
    "hand": "A hand: its deal and its moves, replayed when read (Hand.to_dict)",
    "match": "A match: its hands, replayed when read (Match.to_dict)",
    "profile": "A rule profile (Profile.to_dict, a TOML file's table)",
}


def _document(kind: str) -> dict[str, Any]:
    if kind == "move":
        return jsonio.object_schema(MOVE_FIELDS)
    if kind == "card":
        return jsonio.object_schema(CARD_FIELDS)
    if kind == "view":
        return jsonio.object_schema(HAND_VIEW_FIELDS, "hand-view")
    if kind == "match_view":
        return jsonio.object_schema(MATCH_VIEW_FIELDS, "match-view")
    if kind == "settlement":
        return jsonio.object_schema(SETTLEMENT_FIELDS, "settlement")
    if kind == "hand":
        return jsonio.object_schema(HAND_FIELDS, "hand")
    if kind == "match":
        return jsonio.object_schema(MATCH_FIELDS, "match")
    return dict(profile_schema())


def schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a document of ``kind``, one of :data:`KINDS`, as a new
    dict (plain data: ``json.dumps`` writes it)."""
    if kind not in KINDS:
        raise ArgumentError(
            f"{str(kind)[:40]!r} is not a kind of document: one of {', '.join(KINDS)}"
        )
    document = _document(kind)
    document.pop("title", None)
    out = {
        "$schema": DIALECT,
        "$id": f"https://reversis.readthedocs.io/en/latest/schemas/{kind}.json",
        "title": _TITLES[kind],
        **document,
    }
    copied: dict[str, Any] = json.loads(json.dumps(out))  # nothing shared with the tables
    return copied


def write(folder: str | Path) -> list[Path]:
    """Write each schema to ``folder`` as ``<kind>.json`` (made if missing); the paths written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for kind in KINDS:
        path = folder / f"{kind}.json"
        path.write_text(
            json.dumps(schema(kind), indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        paths.append(path)
    return paths
