"""The OpenSpiel adapter's state strings and actions from outside (issue 23): a state string runs
nothing, is read under its game's profile only and must agree with its history lines; an action
that is not a chance outcome or a legal move is refused with a typed error, the state unchanged.

The fuzz tests play random hands of every profile to random points and write the state string:
it must read back as an equal state (through ``game.deserialize_state``, this module's and
OpenSpiel's ``deserialize_game_and_state``), and each mutation of it (characters and bytes
flipped, inserted or deleted, truncations, lines and words swapped, another profile's game, edited
``history=`` lines) must be refused with ``RecordError`` or read as a state that writes it again.
``python -m pytest tests/openspiel/test_openspiel_strings.py -s`` prints the counts.
"""

from __future__ import annotations

import base64
import os
import pickle
import random
from collections import Counter
from typing import Any

import pytest

import reversis
from helpers import sized

if os.environ.get("REVERSIS_REQUIRE_OPENSPIEL") == "1":  # .ci/run: the test must run
    import numpy as np
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel", reason="pip install -e '.[openspiel]'")
    np = pytest.importorskip("numpy")

from reversis.errors import IllegalMoveError, InvalidMoveError, RecordError
from reversis.openspiel import game as ro

PROFILES = sorted(reversis.available_profiles())
CHANCE = int(pyspiel.PlayerId.CHANCE)

#: Random states per profile in the fuzz tests, and mutations of each state's string.
STATES = sized(6, 60)
MUTATIONS = 25


def _played(game: Any, rng: random.Random, length: int | None = None) -> Any:
    """A state of ``game`` after ``length`` random actions (a random number if ``None``)."""
    state = game.new_initial_state()
    if length is None:
        length = rng.randrange(game.max_game_length() + 1)
    while len(state.history()) < length and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _pairs(state: Any) -> list[tuple[int, int]]:
    return [(p.player, p.action) for p in state.full_history()]


def _same(state: Any, other: Any) -> None:
    """Everything OpenSpiel and the library show of the two states is equal."""
    assert other.serialize() == state.serialize()
    assert str(other) == str(state)
    assert _pairs(other) == _pairs(state)
    assert other.move_number() == state.move_number()
    assert other.current_player() == state.current_player()
    assert other.is_terminal() == state.is_terminal()
    assert other.legal_actions() == state.legal_actions()
    assert other.chance_outcomes() == state.chance_outcomes()
    assert other.returns() == state.returns()
    assert other.hand == state.hand
    for seat in range(state.num_players()):
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)


def _snapshot(state: Any) -> tuple[Any, ...]:
    return (state.serialize(), _pairs(state), state.move_number(), state.hand)


# -- a state string runs nothing --------------------------------------------------------------


class _Opens:
    """Unpickling this opens (creates) a file: a stand-in for any code a string could run."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (self.path, "w"))


def _payloads(path: str) -> list[str]:
    """OpenSpiel's form of a Python state with a crafted pickle, old-style and new."""
    return [
        "history=\nmove_number=0\n__dict__="
        + base64.b64encode(pickle.dumps({"_box": _Opens(path)}, protocol=protocol)).decode()
        for protocol in (0, 2, pickle.HIGHEST_PROTOCOL)
    ]


def test_a_crafted_pickle_runs_nothing(tmp_path: Any) -> None:
    target = tmp_path / "opened"
    game = ro.load_game("hearts")
    for payload in _payloads(str(target)):
        with pytest.raises(RecordError, match="pickled"):
            game.deserialize_state(payload)
        frame = f"[Meta]\nVersion: 1\n\n[Game]\n{game}\n[State]\n{payload}\n"
        with pytest.raises(RecordError, match="pickled"):
            ro.deserialize_game_and_state(frame)
        raw = base64.b64decode(payload.split("__dict__=")[1])
        for text in (raw, raw.decode("latin-1")):
            with pytest.raises(RecordError):
                game.deserialize_state(text)
            with pytest.raises(RecordError):
                ro.deserialize_game_and_state(text)
    assert not target.exists()


def test_pyspiel_reader_unpickles_as_documented(tmp_path: Any) -> None:
    """OpenSpiel's own reader unpickles the ``__dict__=`` line of every Python game before any
    game code runs (the module's docstring says so, and to read only strings one wrote with it).
    The adapter then refuses what was unpickled; the code has run."""
    target = tmp_path / "opened"
    game = ro.load_game("hearts")
    payload = _payloads(str(target))[-1]
    with pytest.raises(RecordError, match="a state string is text"):
        pyspiel.deserialize_game_and_state(
            f"[Meta]\nVersion: 1\n\n[Game]\n{game}\n[State]\n{payload}\n"
        )
    assert target.exists()


# -- a state is read under its game's profile, and agrees with its history --------------------


@pytest.mark.parametrize(
    ("written", "read"),
    [("hearts", "fournier-1785"), ("fournier-1785", "fournier-1785-3p"),
     ("omnibus-hearts", "hearts"), ("reunion", "tetka")],
)  # fmt: skip
@pytest.mark.parametrize("length", [3, 70])
def test_a_state_of_another_profile_is_refused(written: str, read: str, length: int) -> None:
    game, other = ro.load_game(written), ro.load_game(read)
    state = _played(game, random.Random(length), length)
    text = state.serialize()
    message = f"the state is of '{written}', and this game plays '{read}'"
    with pytest.raises(RecordError, match=message):
        other.deserialize_state(text)
    frame = ro.serialize_game_and_state(game, state).replace(str(game), str(other))
    with pytest.raises(RecordError, match=message):
        ro.deserialize_game_and_state(frame)
    # OpenSpiel's reader too, on a string written by OpenSpiel with the other game's name.
    spiel = pyspiel.serialize_game_and_state(game, state).replace(str(game), str(other))
    with pytest.raises(RecordError, match=message):
        pyspiel.deserialize_game_and_state(spiel)


def test_another_dealer_or_hand_number_is_refused() -> None:
    game = ro.load_game("hearts", dealer=1, hand_number=2)
    state = _played(game, random.Random(1), 60)
    text = state.serialize()
    with pytest.raises(RecordError, match="this game's dealer is 0"):
        ro.load_game("hearts", hand_number=2).deserialize_state(text)
    with pytest.raises(RecordError, match="this game's hand number is 3"):
        ro.load_game("hearts", dealer=1, hand_number=3).deserialize_state(text)
    _same(state, game.deserialize_state(text))


def _edit_history(text: str, edit: Any) -> str:
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("history="))
    pairs = list(filter(None, lines[start].removeprefix("history=").split(",")))
    number = int(lines[start + 1].removeprefix("move_number="))
    pairs, number = edit(pairs, number)
    lines[start] = "history=" + ",".join(pairs)
    lines[start + 1] = f"move_number={number}"
    return "\n".join(lines)


def test_edited_history_lines_are_refused() -> None:
    game = ro.load_game("fournier-1785")
    state = _played(game, random.Random(3), 70)
    text = pyspiel.serialize_game_and_state(game, state)
    _same(state, pyspiel.deserialize_game_and_state(text)[1])
    edits = [
        lambda p, n: (p[:-1], n - 1),  # the last action dropped
        lambda p, n: (p[:-1], n),
        lambda p, n: ([p[1], p[0], *p[2:]], n),  # two cards of the pack swapped
        lambda p, n: ([*p[:-1], "1" + p[-1][1:]], n),  # another player (seat 0 played it)
        lambda p, n: (p, n + 1),
        lambda p, n: ([], 0),
    ]
    for edit in edits:
        with pytest.raises(RecordError, match="do not agree with the state's record"):
            pyspiel.deserialize_game_and_state(_edit_history(text, edit))


def test_a_sampled_world_writes_its_hand() -> None:
    """A world put in place by set_hand has no OpenSpiel history: its state string writes its
    hand, read back with the whole history; OpenSpiel's own string of it has an empty history
    line, which does not agree with its record. The resampler's worlds are replayed instead
    (issue 37): their history is whole, and both strings read back."""
    game = ro.load_game("hearts", dealer=2)
    state = _played(game, random.Random(8), 70)
    sampled = ro.resampler(random.Random(9))(state, state.current_player())
    assert len(sampled.history()) == 70
    _same(
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, sampled))[1],
        sampled,
    )
    world = game.new_initial_state()
    world.set_hand(sampled.hand)
    assert world.history() == []
    again = game.deserialize_state(world.serialize())
    assert again.hand == world.hand
    assert again.history() == sampled.history()
    with pytest.raises(RecordError, match="do not agree"):
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, world))
    with pytest.raises(reversis.ArgumentError, match="dealer"):
        ro.load_game("hearts").new_initial_state().set_hand(world.hand)


# -- actions are checked ------------------------------------------------------------------------


def test_chance_actions_are_checked() -> None:
    game = ro.load_game("hearts")
    state = game.new_initial_state()
    for action in (5, 9, 0):
        state.apply_action(action)
    before = _snapshot(state)
    bad: list[tuple[Any, type[Exception], str]] = [
        (99, InvalidMoveError, "not a chance outcome"),
        (52, InvalidMoveError, "not a chance outcome"),
        (-2, InvalidMoveError, "not a chance outcome"),
        (np.int64(99), InvalidMoveError, "not a chance outcome"),
        (np.int64(-1), InvalidMoveError, "not a chance outcome"),
        (2**70, InvalidMoveError, "not a chance outcome"),
        (-1, InvalidMoveError, "not a chance outcome"),
        (True, InvalidMoveError, "not bool"),
        (np.bool_(False), InvalidMoveError, "not bool"),
        (1.0, InvalidMoveError, "not float"),
        ("3", InvalidMoveError, "not str"),
        (None, InvalidMoveError, "not NoneType"),
        (9, IllegalMoveError, "drawn already"),
        (np.int32(0), IllegalMoveError, "drawn already"),
    ]
    for action, error, message in bad:
        with pytest.raises(error, match=message):
            state.apply_action(action)
        assert _snapshot(state) == before
    for action in (99, -2):
        with pytest.raises(InvalidMoveError, match="not a chance outcome"):
            state.action_to_string(CHANCE, action)
    state.apply_action(np.int64(51))
    assert state.history() == [5, 9, 0, 51]
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    assert state.hand is not None
    assert state.chance_outcomes() == []


def test_player_actions_are_checked() -> None:
    game = ro.load_game("fournier-1785")
    rng = random.Random(5)
    state = _played(game, rng, 60)
    legal = state.legal_actions()
    before = _snapshot(state)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    for action, error in [
        (illegal, IllegalMoveError),
        (game.num_distinct_actions(), InvalidMoveError),
        (-1, InvalidMoveError),
        (np.bool_(True), InvalidMoveError),
        (float(legal[0]), InvalidMoveError),
    ]:
        with pytest.raises(error):
            state.apply_action(action)
        assert _snapshot(state) == before
    state.apply_action(np.int64(legal[0]))
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    over = _snapshot(state)
    with pytest.raises(IllegalMoveError, match="the hand is over"):
        state.apply_action(0)
    assert _snapshot(state) == over


@pytest.mark.parametrize("name", PROFILES)
def test_random_actions_are_taken_only_when_legal(name: str) -> None:
    """Random integers at chance and player nodes: applied exactly when they are chance outcomes
    or legal actions, refused otherwise with a typed error and the state unchanged."""
    game = ro.load_game(name)
    rng = random.Random(f"actions {name}")
    size = max(game.num_distinct_actions(), game.max_chance_outcomes())
    tried: Counter[str] = Counter()
    for _ in range(sized(2, 20)):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = set(state.legal_actions())
            for _ in range(3):
                action = rng.choice([rng.randrange(-3, size + 3), rng.randrange(-(2**64), 2**64)])
                if action in legal:
                    continue
                before = _snapshot(state)
                with pytest.raises((InvalidMoveError, IllegalMoveError)):
                    state.apply_action(action)
                assert _snapshot(state) == before
                tried["chance refused" if state.is_chance_node() else "move refused"] += 1
            state.apply_action(rng.choice(sorted(legal)))
            tried["applied"] += 1
    print(f"\n{name}: random actions {dict(tried)}")


# -- fuzz: round trips and mutated strings ------------------------------------------------------


def _game(name: str, rng: random.Random) -> Any:
    players = reversis.load_profile(name).players
    return ro.load_game(name, dealer=rng.randrange(players), hand_number=rng.randrange(1, 6))


@pytest.mark.parametrize("name", PROFILES)
def test_state_strings_round_trip(name: str) -> None:
    rng = random.Random(f"round trip {name}")
    for _ in range(STATES):
        game = _game(name, rng)
        state = _played(game, rng)
        _same(state, game.deserialize_state(state.serialize()))
        again_game, again = ro.deserialize_game_and_state(ro.serialize_game_and_state(game, state))
        assert str(again_game) == str(game)
        _same(state, again)
        _same(
            state,
            pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        )
        _same(state, state.clone())


#: Characters a mutation puts in: the record's own, and some that it never uses.
_ALPHABET = '[]"\\ \n\t.:=,-_#{};0123456789ACDHJKQSTabcdeilnoprsxy♥♠é\x00\udc80\u2028'


def _mutate(text: str, rng: random.Random) -> str | bytes:
    """``text`` changed in one random way."""
    i = rng.randrange(len(text) + 1)
    j = rng.randrange(len(text) + 1)
    kind = rng.randrange(10)
    if kind == 0:  # a character replaced
        return text[:i] + rng.choice(_ALPHABET) + text[i + 1 :]
    if kind == 1:  # a character put in
        return text[:i] + rng.choice(_ALPHABET) + text[i:]
    if kind == 2:  # a character or a run taken out
        return text[:i] + text[i + rng.choice((1, 1, 2, 5, 40)) :]
    if kind == 3:  # truncated
        return text[:i]
    if kind == 4:  # a bit of a byte flipped (read back with the bad bytes as surrogates)
        data = bytearray(text.encode())
        k = rng.randrange(len(data))
        data[k] ^= 1 << rng.randrange(8)
        return bytes(data).decode("utf-8", "surrogateescape")
    if kind == 5:  # a line repeated, or two lines swapped
        lines = text.split("\n")
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        if rng.random() < 0.5:
            lines.insert(a, lines[b])
        else:
            lines[a], lines[b] = lines[b], lines[a]
        return "\n".join(lines)
    if kind == 6:  # two words swapped
        words = text.split(" ")
        a, b = rng.randrange(len(words)), rng.randrange(len(words))
        words[a], words[b] = words[b], words[a]
        return " ".join(words)
    if kind == 7:  # a number changed
        digits = [k for k, c in enumerate(text) if c.isdigit()]
        if not digits:
            return text + "0"
        k = rng.choice(digits)
        return text[:k] + str(rng.choice((0, 1, 9, 12, 99, 2**64))) + text[k + 1 :]
    if kind == 8:  # a stretch copied elsewhere
        a, b = sorted((i, j))
        return text[:i] + text[a:b] + text[i:]
    return text.encode()  # bytes, not text


@pytest.mark.parametrize("name", PROFILES)
def test_mutated_state_strings_are_refused_or_exact(name: str) -> None:
    """Each mutated string is refused with RecordError, or read as a state of the game that writes
    it again; another profile's game refuses every string."""
    rng = random.Random(f"mutations {name}")
    others = {other: ro.load_game(other) for other in PROFILES if other != name}
    count: Counter[str] = Counter()
    for _ in range(STATES):
        game = _game(name, rng)
        state = _played(game, rng)
        text = state.serialize()
        frame = ro.serialize_game_and_state(game, state)
        for _ in range(MUTATIONS):
            mutated = _mutate(text, rng)
            try:
                got = game.deserialize_state(mutated)
            except RecordError:
                count["state refused"] += 1
            else:
                count["state read" if mutated != text else "state unchanged"] += 1
                assert got.serialize() == mutated
                _same(got, game.deserialize_state(got.serialize()))
            mutated = _mutate(frame, rng)
            try:
                got_game, got = ro.deserialize_game_and_state(mutated)
            except RecordError:
                count["frame refused"] += 1
            else:
                count["frame read" if mutated != frame else "frame unchanged"] += 1
                again = ro.serialize_game_and_state(got_game, got)
                _same(got, ro.deserialize_game_and_state(again)[1])
        for other_name, other in others.items():
            if other_name != name:
                with pytest.raises(RecordError, match=f"the state is of '{name}'"):
                    other.deserialize_state(text)
                count["other profile refused"] += 1
    print(f"\n{name}: {sum(count.values())} strings, {dict(count)}")
    assert count["state refused"] > 0
    assert count["frame refused"] > 0


def _edit_pairs(pairs: list[str], number: int, rng: random.Random) -> tuple[list[str], int]:
    """The history ``pairs`` (``player:action``) and ``move_number`` edited in one random way."""
    pairs = list(pairs)
    kind = rng.randrange(5) if pairs else 4
    k = rng.randrange(len(pairs)) if pairs else 0
    if kind == 0:  # another action
        player = pairs[k].split(":")[0]
        pairs[k] = f"{player}:{rng.choice((0, 1, 2, 40, 51, 52, 99, 192, 193, 2**40))}"
    elif kind == 1:  # another player
        pairs[k] = f"{rng.randrange(-4, 5)}:{pairs[k].split(':')[1]}"
    elif kind == 2:  # a pair taken out or repeated
        pairs[k : k + 1] = [] if rng.random() < 0.5 else [pairs[k], pairs[k]]
    elif kind == 3:  # two pairs swapped
        j = rng.randrange(len(pairs))
        pairs[k], pairs[j] = pairs[j], pairs[k]
    else:  # another move number
        number += rng.choice((-1, 1, 1000))
    return pairs, number


@pytest.mark.parametrize("name", PROFILES)
def test_edited_history_lines_fuzz(name: str) -> None:
    """OpenSpiel's own strings with the ``history=`` and ``move_number=`` lines edited (the pickled
    line left as written): refused (RecordError, or OpenSpiel's SpielError for a line it cannot
    parse), or read as the state written when the edit changes nothing."""
    rng = random.Random(f"history {name}")
    count: Counter[str] = Counter()
    for _ in range(STATES):
        game = _game(name, rng)
        state = _played(game, rng)
        text = pyspiel.serialize_game_and_state(game, state)
        for _ in range(MUTATIONS // 5):
            if rng.random() < 0.7:
                edited = _edit_history(text, lambda p, n: _edit_pairs(p, n, rng))
            else:
                head, _, rest = text.partition("history=")
                lines = rest.split("\n", 2)
                mutated = _mutate("history=" + "\n".join(lines[:2]), rng)
                if isinstance(mutated, bytes) or not mutated.isascii() or "__dict__" in mutated:
                    continue  # OpenSpiel's reader takes UTF-8 text; the history lines are ASCII
                edited = head + mutated + "\n" + lines[2]
            try:
                got = pyspiel.deserialize_game_and_state(edited)[1]
            except RecordError:
                count["refused"] += 1
            except pyspiel.SpielError:
                count["refused by OpenSpiel"] += 1
            else:
                count["read"] += 1
                _same(state, got)
    print(f"\n{name}: {sum(count.values())} history edits, {dict(count)}")
    assert count["refused"] > 0
