"""The keys of the documents the library writes and reads: one table of fields per document.

Each reader checks its document's keys with :func:`reversis.jsonio.read_fields` and one of these
tables (or a table beside the value it reads: a card's, a move's, a settlement's, stakes', a
trick's, the events'), and :mod:`reversis.records.schemas` makes the document's JSON Schema of the same
table: a key added to a reader is in the schema, and a schema cannot name a key no reader takes.
"""

from __future__ import annotations

import functools
from typing import Any

from reversis import jsonio
from reversis.cards import CARD_SCHEMA, CARDS_SCHEMA
from reversis.engine.chance import MAX_SEED
from reversis.engine.tricks import Phase
from reversis.events import event_schema
from reversis.games.payments import payments_schema
from reversis.games.table import MatchPhase
from reversis.moves import move_schema
from reversis.profile.build import schema_of
from reversis.profile.schema import Profile
from reversis.stakes import STAKES_SCHEMA
from reversis.views.check import TRICK_FIELDS

__all__ = [
    "CHOICE_SCHEMA",
    "HAND_ENTRY_FIELDS",
    "HAND_FIELDS",
    "HAND_VIEW_FIELDS",
    "MATCH_VIEW_FIELDS",
    "SEAT_SCHEMA",
    "profile_named_schema",
    "profile_schema",
]

F = jsonio.Field
#: A seat in data: 0 to 7 (a reader also checks it against the table's number of players).
SEAT_SCHEMA = jsonio.integer_schema(0, 7)
_SEAT = SEAT_SCHEMA
_OPTIONAL_TEXT = jsonio.nullable(jsonio.text_schema(10))
_COUNTS = jsonio.list_schema(jsonio.integer_schema(0, 60), 8)
_MONEY_LIST = jsonio.list_schema(jsonio.MONEY_SCHEMA, 8)
_TRICK = jsonio.object_schema(TRICK_FIELDS, title="trick")
_COUNT = jsonio.integer_schema(0, 10**6)
_PLAYERS = jsonio.integer_schema(3, 8)


@functools.cache
def profile_schema() -> dict[str, Any]:
    """The JSON Schema of a profile's data (:meth:`Profile.to_dict`, a TOML file's table), made of
    the profile's ``attrs`` classes as :meth:`Profile.from_dict` reads them: every key, or a
    ``base`` (a shipped profile's name) and the keys that differ from it."""
    full = schema_of(Profile)
    partial = schema_of(Profile, partial=True)
    for schema in (full, partial):
        schema["properties"] = {"schema": {"type": "integer", "const": 1}, **schema["properties"]}
    partial["properties"] = {"base": {"type": "string"}, **partial["properties"]}
    partial["required"] = ["base"]
    return {"title": "profile", "anyOf": [full, partial]}


def profile_named_schema() -> dict[str, Any]:
    """The JSON Schema of a profile in a record: named (a shipped profile, or one the caller
    gives) or given whole."""
    return {"anyOf": [jsonio.text_schema(60), profile_schema()]}


#: The keys of a hand's view (:meth:`HandView.to_dict <reversis.views.view.HandView.to_dict>`).
HAND_VIEW_FIELDS = {
    "seat": F(_SEAT),
    "profile": F(jsonio.text_schema(60)),
    "players": F(_PLAYERS),
    "dealer": F(_SEAT),
    "hand_number": F(jsonio.integer_schema(1, 1_000_000)),
    "phase": F(jsonio.member_schema(Phase)),
    "to_move": F(jsonio.nullable(_SEAT)),
    "trick_number": F(jsonio.integer_schema(1, 100)),
    "hand": F(CARDS_SCHEMA),
    "shown": F(jsonio.nullable(CARD_SCHEMA)),
    "trump": F(_OPTIONAL_TEXT),
    "pass_direction": F(_OPTIONAL_TEXT),
    "widow_card": F(jsonio.nullable(CARD_SCHEMA)),
    "put_aside": F(CARDS_SCHEMA),
    "given": F(CARDS_SCHEMA),
    "received": F(CARDS_SCHEMA),
    "card_counts": F(_COUNTS),
    "tricks_taken": F(_COUNTS),
    "points": F(_MONEY_LIST),
    "tricks": F(jsonio.list_schema(_TRICK, 60)),
    "current_trick": F(jsonio.nullable(_TRICK)),
    "legal_moves": F(jsonio.list_schema(move_schema(40), 300)),
    "events": F(jsonio.list_schema(event_schema(), 1000)),
    "payments": F(payments_schema(1000)),
    "net": F(_MONEY_LIST),
    "stakes_at_start": F(STAKES_SCHEMA),
    "stakes": F(STAKES_SCHEMA),
    "pot": F(jsonio.nullable(CARDS_SCHEMA)),
    "pot_value": F(jsonio.nullable(jsonio.integer_schema(0, jsonio.MAX_MONEY))),
    "privileged": F(jsonio.BOOLEAN_SCHEMA),
}

#: A choice at the end of a match in data: ``[seat, choice]``.
CHOICE_SCHEMA = jsonio.pair_schema(_SEAT, jsonio.text_schema(20))
_CHOICE = CHOICE_SCHEMA

#: The keys of a match's view (:meth:`MatchView.to_dict <reversis.views.view.MatchView.to_dict>`).
MATCH_VIEW_FIELDS = {
    "seat": F(_SEAT),
    "profile": F(jsonio.text_schema(60)),
    "players": F(_PLAYERS),
    "bankrolls": F(_MONEY_LIST),
    "stakes": F(STAKES_SCHEMA),
    "dealer": F(_SEAT),
    "round": F(_COUNT),
    "hand_number": F(_COUNT),
    "hands_played": F(_COUNT),
    "total_hands": F(jsonio.nullable(_COUNT)),
    "phase": F(jsonio.member_schema(MatchPhase)),
    "deciders": F(jsonio.list_schema(_SEAT, 8)),
    "choices": F(jsonio.list_schema(_CHOICE, 100)),
    "antes": F(payments_schema(1000)),
    "results": F(jsonio.list_schema(payments_schema(1000), 100_000)),
    "points_by_hand": F(jsonio.list_schema(_MONEY_LIST, 100_000)),
    "final_payments": F(payments_schema(1000)),
    "hand": F(
        jsonio.nullable(jsonio.object_schema(HAND_VIEW_FIELDS, "hand-view", title="hand view"))
    ),
}

_HAND_MOVES = jsonio.list_schema(move_schema(40), 300)

#: The keys of a hand's record (:meth:`Hand.to_dict <reversis.Hand.to_dict>`).
HAND_FIELDS = {
    "profile": F(profile_named_schema()),
    "dealer": F(_SEAT),
    "deck": F(CARDS_SCHEMA),
    "stakes": F(STAKES_SCHEMA),
    "moves": F(_HAND_MOVES),
    "seed": F(jsonio.nullable(jsonio.integer_schema(0, MAX_SEED)), optional=True),
    "hand_number": F(jsonio.integer_schema(1, 1_000_000), optional=True),
    "pass_direction": F(_OPTIONAL_TEXT, optional=True),
}

#: The keys of a hand in a match's record: the hand's, less what the match gives.
HAND_ENTRY_FIELDS = {
    "dealer": F(_SEAT),
    "deck": F(CARDS_SCHEMA),
    "moves": F(_HAND_MOVES),
    "seed": F(jsonio.nullable(jsonio.integer_schema(0, MAX_SEED)), optional=True),
    "hand_number": F(jsonio.integer_schema(1, 1_000_000), optional=True),
    "pass_direction": F(jsonio.nullable(jsonio.text_schema(10)), optional=True),
}
