"""Fuzzing every parser: random and mutated inputs raise only the library's typed errors."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reversis
from helpers import SCALE, check_view_consumers
from reversis import (
    Card,
    Hand,
    HandView,
    InvalidMoveError,
    Match,
    MatchView,
    Profile,
    ProfileError,
    RecordError,
    Settlement,
    new_hand,
    new_match,
    parse_move,
    records,
    settle,
)
from reversis import events as ev
from reversis.stakes import stakes_from_dict

ALLOWED = (RecordError, InvalidMoveError, ProfileError)
EXAMPLES = 1000 * SCALE
#: Random inputs, new ones at each run, none stored, and no health check: the inputs are junk.
FUZZED = settings(max_examples=EXAMPLES, database=None, suppress_health_check=list(HealthCheck))

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=25,
)


def _valid_samples() -> list[tuple[str, Any]]:
    """Valid data of each kind, to mutate."""
    out: list[tuple[str, Any]] = []
    rng = random.Random(3)
    for name in reversis.available_profiles():
        hand = new_hand(name, seed=3)
        for _ in range(30):
            hand = hand.apply(rng.choice(hand.legal_moves()))
        match = new_match(name, seed=4).start_hand()
        out += [
            ("hand", hand.to_dict()),
            ("match", match.to_dict()),
            ("view", hand.view(1).to_dict()),
            ("view", hand.view(hand.to_move if hand.to_move is not None else 2).to_dict()),
            ("match-view", match.view(2).to_dict()),
            ("settlement", settle(hand).to_dict()),
            ("profile", reversis.load_profile(name).to_dict()),
            ("event", hand.events[-1].to_dict()),
            ("record", records.dump(hand)),
            ("match-record", records.dump(match)),
        ]
    return out


SAMPLES = _valid_samples()
READERS = {
    "hand": Hand.from_dict,
    "match": Match.from_dict,
    "view": HandView.from_dict,
    "match-view": MatchView.from_dict,
    "settlement": Settlement.from_dict,
    "profile": Profile.from_dict,
    "event": lambda d: ev.event_from_dict(d, "event"),
    "card": Card.from_dict,
    "stakes": stakes_from_dict,
}
TEXT_READERS = {
    "hand": Hand.from_json,
    "match": Match.from_json,
    "view": HandView.from_json,
    "match-view": MatchView.from_json,
    "settlement": Settlement.from_json,
    "profile-json": Profile.from_json,
    "profile-toml": Profile.from_toml,
    "card": Card.from_json,
    "move": parse_move,
    "record": records.replay,
}


def _only_typed_errors(read: Any, value: Any) -> None:
    with contextlib.suppress(*ALLOWED):
        read(value)


def _mutate(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """``value`` with one random change somewhere inside."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value, key=str))
        out = dict(value)
        action = rng.randrange(4)
        if action == 0:
            del out[key]
        elif action == 1:
            out[key] = rng.choice([None, -1, 10**9, "x", [], {}, True, 2.5, "JH", [["JH"]]])
        elif action == 2:
            out[key + "_"] = 1
        else:
            out[key] = _mutate(value[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value:
        out_list = list(value)
        index = rng.randrange(len(out_list))
        action = rng.randrange(4)
        if action == 0:
            del out_list[index]
        elif action == 1:
            out_list[index] = _mutate(out_list[index], rng, depth + 1)
        elif action == 2:
            out_list.insert(index, rng.choice(out_list))
        else:
            out_list[index] = rng.choice([None, "ZZ", 99, -1, "decline", "give AS"])
        return out_list
    if isinstance(value, str):
        if not value:
            return "x"
        chars = list(value)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(chars))
            chars[i] = rng.choice(['"', "[", "]", "\\", "\n", "9", "Z", " ", "{", "²", "."])
        return "".join(chars)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return rng.choice([value + 1, -value - 1, 0, 2**200, value * 7])
    return rng.choice([None, 0, "x"])


@FUZZED
@given(text=st.text(max_size=300))
def test_random_text(text: str) -> None:
    for read in TEXT_READERS.values():
        _only_typed_errors(read, text)


@FUZZED
@given(value=json_values)
def test_random_data(value: Any) -> None:
    for read in READERS.values():
        _only_typed_errors(read, value)
    _only_typed_errors(Hand.from_json, json.dumps(value))


@FUZZED
@given(pick=st.integers(0, len(SAMPLES) - 1), seed=st.integers(0, 2**32), rounds=st.integers(1, 4))
def test_mutated_valid_inputs(pick: int, seed: int, rounds: int) -> None:
    kind, value = SAMPLES[pick]
    rng = random.Random(seed)
    for _ in range(rounds):
        value = _mutate(value, rng)
    if kind in ("record", "match-record"):
        _only_typed_errors(records.replay, value)
        return
    _only_typed_errors(READERS[kind], value)
    _only_typed_errors(TEXT_READERS.get(kind, READERS[kind]), json.dumps(value))
    if kind in ("view", "match-view"):
        # a view that reads back works in every consumer: render, describe_move, encode_view,
        # sample_world (a world, or NoWorldError) and the bots; never a crash
        try:
            view = READERS[kind](value)
        except ALLOWED:
            return
        hand_view = view if kind == "view" else view.hand
        if hand_view is not None:
            check_view_consumers(hand_view, seed)
    if kind == "profile":
        _only_typed_errors(Profile.from_toml, str(value))


def test_oversized_inputs_are_refused() -> None:
    big = " " * 6_000_000
    readers = (Hand.from_json, Match.from_json, HandView.from_json, MatchView.from_json)
    for read in (*readers, Settlement.from_json):
        with pytest.raises(RecordError, match="longer than"):
            read(big)
    with pytest.raises(RecordError, match="longer than"):
        records.load("#" * (records.MAX_RECORD + 1))
    with pytest.raises(ProfileError, match="longer than|larger than"):
        Profile.from_toml("#" * 300_000)
    with pytest.raises(InvalidMoveError, match="longer than"):
        parse_move("Q" * 1000)
