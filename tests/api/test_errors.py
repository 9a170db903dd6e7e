"""Typed errors everywhere (:mod:`reversis.errors`): every bad input to the public API gets a
:class:`~reversis.ReversisError` (an ``ArgumentError``, a ``RecordError``, a ``ProfileError`` ...),
never a crash deep inside; lenient parsing, tightened."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest

import reversis
import reversis.profile.stakes
import reversis.testing
from reversis import (
    ArgumentError,
    Card,
    Decline,
    Hand,
    HandView,
    InvalidCardError,
    Match,
    MatchView,
    Play,
    Profile,
    ProfileError,
    RecordError,
    ReversisError,
    Settlement,
    deal_from_deck,
    load_profile,
    new_hand,
    new_match,
    records,
    sample_world,
    settle,
)
from reversis.games.reversis.outcome import party_outcome

_HAND = new_hand(load_profile("fournier-1785"), seed=1)
_MATCH = new_match(load_profile("fournier-1785"), seed=1)
BAD = [None, 5, -1, 9, 2**200, 1.5, "x", "", [], {}, object(), b"x", True, ("a",), "x" * 5000]
P = load_profile("fournier-1785")


API: dict[str, Callable[[Any], object]] = {
    "new_match": new_match,
    "new_match seed": lambda a: new_match(P, seed=a),
    "new_match dealer": lambda a: new_match(P, dealer=a),
    "new_hand": lambda a: new_hand(a, seed=1),
    "new_hand seed": lambda a: new_hand(P, seed=a),
    "new_hand dealer": lambda a: new_hand(P, seed=1, dealer=a),
    "new_hand stakes": lambda a: new_hand(P, seed=1, stakes=a),
    "deal_hand": lambda a: reversis.deal_hand(P, a, _HAND.deal.widow),
    "deal_hand widow": lambda a: reversis.deal_hand(P, _HAND.deal.dealt, a),
    "deal_hand profile": lambda a: reversis.deal_hand(a, _HAND.deal.dealt, _HAND.deal.widow),
    "deal_from_deck": lambda a: deal_from_deck(P, a),
    "settle": settle,
    "sample_world": sample_world,
    "sample_world rng": lambda a: sample_world(_HAND.view(1), a),
    "sample_world profile": lambda a: sample_world(_HAND.view(1), profile=a),
    "load_profile": load_profile,
    "parse_move": reversis.parse_move,
    "move_index": lambda a: reversis.move_index(P, a),
    "move_index profile": lambda a: reversis.move_index(a, Play("2C")),
    "move_at": lambda a: reversis.move_at(P, a),
    "action_count": reversis.action_count,
    "Card suit": lambda a: Card(a, 2),
    "Card rank": lambda a: Card(1, a),
    "Card.parse": Card.parse,
    "Card.from_index": Card.from_index,
    "Play": Play,
    "dump": records.dump,
    "load": records.load,
    "replay": records.replay,
    "replay profile": lambda a: records.replay(records.dump(_HAND), profile=a),
    "view": _HAND.view,
    "hand_of": _HAND.hand_of,
    "apply": _HAND.apply,
    "is_legal": _HAND.is_legal,
    "match view": _MATCH.view,
    "match view hand": lambda a: _MATCH.start_hand().view(1, a),
    "start_hand seed": lambda a: _MATCH.start_hand(seed=a),
    "start_hand deck": lambda a: _MATCH.start_hand(deck=a),
    "finish_hand": lambda a: _MATCH.start_hand().finish_hand(a),
    "choose": lambda a: _MATCH.choose(a, "share"),
    "evolve": lambda a: P.evolve(match=a),
    "from_toml": Profile.from_toml,
    "from_dict": Profile.from_dict,
    "Profile.from_json": Profile.from_json,
    "Hand.from_json": Hand.from_json,
    "Match.from_json": Match.from_json,
    "Settlement.from_json": Settlement.from_json,
    "HandView.from_json": HandView.from_json,
    "MatchView.from_json": MatchView.from_json,
    "party_outcome": lambda a: party_outcome(P, a, (0, 0, 0, 0), (0, 0, 0, 0)),
    "party_outcome points": lambda a: party_outcome(P, 0, a, (0, 0, 0, 0)),
    "parse_stakes": lambda a: reversis.profile.stakes.parse_stakes(P, a),
    "check_profile": lambda a: reversis.testing.check_profile(a, hands=0),
}


@pytest.mark.parametrize("name", sorted(API))
def test_bad_arguments_raise_typed_errors(name: str) -> None:
    call = API[name]
    for value in BAD:
        with contextlib.suppress(ReversisError):
            call(value)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: new_match(5), ProfileError),
        (lambda: settle(None), ArgumentError),
        (lambda: sample_world(None), ArgumentError),  # type: ignore[arg-type]
        (lambda: new_hand(None, seed=1), ProfileError),  # type: ignore[arg-type]
        (lambda: records.dump(None), ArgumentError),  # type: ignore[arg-type]
        (lambda: records.replay(5), RecordError),  # type: ignore[arg-type]
        (lambda: load_profile("x" * 5000), ProfileError),
        (lambda: _HAND.view(9), ArgumentError),
        (lambda: _HAND.hand_of(9), ArgumentError),
        (lambda: _MATCH.view(9), ArgumentError),
        (lambda: Card(5, 2), InvalidCardError),
        (lambda: Hand.from_json('{"a": ' + "9" * 5000 + "}"), RecordError),
        (lambda: Profile.from_toml("a = " + "9" * 5000), ProfileError),
    ],
)
def test_named_bad_inputs(call: Callable[[], object], error: type) -> None:
    with pytest.raises(error):
        call()
    # an ArgumentError is also a TypeError and a ValueError, for code written for either
    assert issubclass(ArgumentError, TypeError)
    assert issubclass(ArgumentError, ValueError)


def test_strict_parsing() -> None:
    with pytest.raises(InvalidCardError):
        Card.parse("Qſ")  # "ſ".upper() is "S", but it is no suit
    assert Card.parse("qs") == Card.parse("QS")
    with pytest.raises(RecordError, match="not a Play"):
        Play.from_dict({"move": "decline"})
    assert Decline.from_dict({"move": "decline"}) == Decline()
    hand_record = records.dump(_HAND)
    match_record = records.dump(_MATCH.start_hand())
    with pytest.raises(RecordError, match="Match"):
        records.replay(match_record.replace('[Match "reversis"]', '[Match "chess"]'))
    with pytest.raises(RecordError, match="Choice"):
        records.replay(match_record.replace("[FirstDealer", '[Choice "0 share"]\n[FirstDealer'))
    data = _MATCH.start_hand().to_dict()
    data["bankrolls"] = [float(b) for b in data["bankrolls"]]
    with pytest.raises(RecordError, match="bankrolls"):
        Match.from_dict(data)
    assert records.replay(hand_record) == _HAND
