"""Views read from data are whole: what :meth:`HandView.from_dict` accepts, every consumer of a
view takes (render, describe_move, encode_view, sample_world, the bots), and what no hand could
show is refused with a :class:`RecordError` naming the field.

The property test mutates real views of random hands of every shipped profile (a field deleted,
given a value of the wrong type or a random JSON value, a card moved or changed, seats swapped,
lengths changed, a field taken from another view of the same profile) and holds that either
``from_dict`` refuses with a typed error or every consumer works.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import reversis
from helpers import check_view_consumers, random_moves, sized
from reversis import ArgumentError, HandView, MatchView, RecordError, new_hand, sample_world
from reversis import errors as errors_module
from reversis.bots.players import CautiousBot, MonteCarloBot, RandomBot

PROFILES = sorted(reversis.available_profiles())


def _finished(name: str, seed: int) -> reversis.Hand:
    return random_moves(new_hand(name, seed=seed), seed)


def _view_data(name: str, seed: int, steps: int, seat: int | None = None) -> dict[str, Any]:
    hand = random_moves(new_hand(name, seed=seed), seed, steps)
    if seat is None:
        seat = hand.to_move if hand.to_move is not None else 0
    return hand.view(seat).to_dict()


# ---------------------------------------------------------------------------------------------
# The fields from_dict used to let through
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PROFILES)
def test_points_of_the_wrong_length_are_refused(name: str) -> None:
    # render and encode_view read a point for every seat: they crashed with an IndexError
    for change in (lambda p: p.append(0), lambda p: p.pop()):
        data = _view_data(name, 1, 20)
        change(data["points"])
        with pytest.raises(RecordError, match="points"):
            HandView.from_dict(data)


@pytest.mark.parametrize("trump", ["left", "X", "", "QS", "c"])
def test_a_trump_that_is_not_a_suit_is_refused(trump: str) -> None:
    data = _view_data("reunion", 2, 10)
    data["trump"] = trump
    with pytest.raises(RecordError, match="trump"):
        HandView.from_dict(data)


def test_the_trump_is_the_turn_ups_suit_and_only_where_there_are_trumps() -> None:
    data = _view_data("reunion", 2, 10)
    for suit in "CDHS":
        data["trump"] = suit
        if suit == data["shown"][-1]:
            HandView.from_dict(data)
        else:
            with pytest.raises(RecordError, match="trump"):
                HandView.from_dict(data)
    data = _view_data("fournier-1785", 2, 10)
    data["trump"] = "H"
    with pytest.raises(RecordError, match="trump"):
        HandView.from_dict(data)


@pytest.mark.parametrize("direction", ["QS", "up", "", "LEFT"])
def test_a_pass_direction_that_is_not_a_direction_is_refused(direction: str) -> None:
    data = _view_data("hearts", 3, 5)
    data["pass_direction"] = direction
    with pytest.raises(RecordError, match="pass_direction"):
        HandView.from_dict(data)


def test_a_pass_direction_only_where_cards_are_passed() -> None:
    data = _view_data("fournier-1785", 3, 5)
    data["pass_direction"] = "left"
    with pytest.raises(RecordError, match="pass_direction"):
        HandView.from_dict(data)
    data = _view_data("hearts", 3, 5)
    data["pass_direction"] = None
    with pytest.raises(RecordError, match="pass_direction"):
        HandView.from_dict(data)


def test_a_view_moved_to_another_seat_is_refused() -> None:
    # The example: sample_world raised a bare KeyError on it (worlds._build).
    hand = _finished("fournier-1785", 5)
    for seat in range(4):
        for other in set(range(4)) - {seat}:
            data = hand.view(seat).to_dict()
            data["seat"] = other
            with pytest.raises(RecordError, match="event"):
                HandView.from_dict(data)


def test_own_cards_must_agree_with_the_events() -> None:
    hand = random_moves(new_hand("fournier-1785", seed=4), 4, 12)
    data = hand.view(1).to_dict()
    assert data["widow_card"] is not None
    for key, value in (
        ("widow_card", None),
        ("put_aside", []),
        ("given", [data["hand"][0]]),
        ("received", [data["hand"][0]]),
    ):
        bad = copy.deepcopy(data)
        bad[key] = value
        with pytest.raises(RecordError, match=key):
            HandView.from_dict(bad)


def test_legal_moves_must_fit_the_phase_and_the_hand() -> None:
    hand = random_moves(new_hand("fournier-1785", seed=4), 4, 12)
    seat = hand.to_move
    assert seat is not None
    assert hand.phase is reversis.Phase.PLAY
    data = hand.view(seat).to_dict()
    held = set(data["hand"])
    other = next(c.code for c in hand.profile.deck if c.code not in held)
    for moves in (["decline"], [f"exchange {data['hand'][0]}"], [f"play {other}"]):
        bad = copy.deepcopy(data)
        bad["legal_moves"] = moves
        with pytest.raises(RecordError, match="legal"):
            HandView.from_dict(bad)
    bad = copy.deepcopy(data)
    bad["legal_moves"] = list(reversed(data["legal_moves"])) * 2
    with pytest.raises(RecordError, match="legal"):
        HandView.from_dict(bad)


def test_the_seat_to_move_must_follow_from_the_tricks() -> None:
    hand = random_moves(new_hand("fournier-1785", seed=4), 4, 14)
    assert hand.to_move is not None
    assert hand.phase is reversis.Phase.PLAY
    data = hand.view(0).to_dict()
    for seat in set(range(1, 4)) - {hand.to_move}:
        data["to_move"] = seat
        with pytest.raises(RecordError, match="to_move"):
            HandView.from_dict(data)


def test_events_must_agree_with_the_tricks() -> None:
    hand = random_moves(new_hand("fournier-1785", seed=4), 4, 20)
    data = hand.view(2).to_dict()
    plays = [i for i, e in enumerate(data["events"]) if e["event"] == "CardPlayed"]
    for change in (
        lambda d: d["events"].pop(plays[-1]),
        lambda d: d["events"][plays[0]].__setitem__("kind", "placed"),
        lambda d: d["events"].insert(plays[0], d["events"][plays[0]]),
    ):
        bad = copy.deepcopy(data)
        change(bad)
        with pytest.raises(RecordError, match="event"):
            HandView.from_dict(bad)


# ---------------------------------------------------------------------------------------------
# sample_world and the bots on views that are well formed but have no move or no world
# ---------------------------------------------------------------------------------------------


def test_no_world_is_a_value_error() -> None:
    # Points that no play gives: the view is well formed, but no deal leads to it.
    no_world = errors_module.NoWorldError
    assert issubclass(no_world, ValueError)
    assert no_world is reversis.NoWorldError
    data = _view_data("hearts", 6, 30)
    data["points"][0] += 1
    view = HandView.from_dict(data)
    with pytest.raises(no_world, match="no world"):
        sample_world(view, random.Random(1), attempts=5)
    with pytest.raises(ValueError, match="no world"):
        MonteCarloBot(random.Random(1), playouts=1)(view)


@pytest.mark.parametrize("bot", [RandomBot(random.Random(1)), CautiousBot(), MonteCarloBot()])
def test_bots_refuse_a_view_without_moves(bot: Callable[[HandView], Any]) -> None:
    hand = new_hand("fournier-1785", seed=7)
    assert hand.to_move == 1
    for seat in (0, 2, 3):
        with pytest.raises(ArgumentError, match="no move"):
            bot(hand.view(seat))
    with pytest.raises(ArgumentError, match="no move"):
        bot(_finished("fournier-1785", 7).view(0))


# ---------------------------------------------------------------------------------------------
# The property: mutated views are refused, or every consumer works
# ---------------------------------------------------------------------------------------------

_JUNK = [None, -1, 0, 1, 3, 10**9, 2.5, True, "", "x", "JH", "left", "play", [], {}, [["JH"]]]


def _items(value: Any) -> list[tuple[tuple[Any, ...], Any]]:
    """Every value inside ``value`` (not itself) with its path of keys and indices."""
    out = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((), value)]
    while stack:
        path, item = stack.pop()
        if path:
            out.append((path, item))
        if isinstance(item, dict):
            stack.extend(((*path, k), v) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend(((*path, i), v) for i, v in enumerate(item))
    return out


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    _get(value, path[:-1])[path[-1]] = new


def _mutate(
    data: dict[str, Any], donor: dict[str, Any], pack: list[str], rng: random.Random
) -> None:
    """One change to ``data`` in place: structural (a key deleted, a value of the wrong type) or
    one that keeps the shape and breaks the sense (a card moved or changed, seats swapped, a
    length changed, a field of ``donor``, another view of the profile)."""
    found = _items(data)
    paths = [p for p, _ in found]
    ints = [p for p, v in found if type(v) is int]
    cards = [p for p, v in found if isinstance(v, str) and v in pack]
    lists = [p for p, v in found if isinstance(v, list)]
    action = rng.randrange(10)
    if action == 0:  # a key deleted
        path = rng.choice([p for p in paths if isinstance(p[-1], str)])
        del _get(data, path[:-1])[path[-1]]
    elif action == 1:  # a value of the wrong type, or a random JSON value
        _set(data, rng.choice(paths), copy.deepcopy(rng.choice(_JUNK)))
    elif action == 2 and ints:  # a number changed: another seat, one more or less
        path = rng.choice(ints)
        old = _get(data, path)
        _set(data, path, rng.choice([old + 1, old - 1, rng.randrange(4), 0]))
    elif action == 3 and cards:  # a card changed for another of the pack
        _set(data, rng.choice(cards), rng.choice(pack))
    elif (
        action == 4 and isinstance(data.get("hand"), list) and data["hand"]
    ):  # a card moved from the hand to another list
        card = data["hand"].pop(rng.randrange(len(data["hand"])))
        target = data.get(key := rng.choice(["put_aside", "given", "received", "hand"]))
        data[key] = [*target, card] if isinstance(target, list) else [card]
    elif action == 5:  # two values of the same type swapped
        a, b = rng.sample(paths, 2)
        va, vb = _get(data, a), _get(data, b)
        if type(va) is type(vb) and a[: len(b)] != b and b[: len(a)] != a:
            _set(data, a, copy.deepcopy(vb))
            _set(data, b, copy.deepcopy(va))
    elif action == 6 and lists:  # a list made longer or shorter
        items = _get(data, rng.choice(lists))
        if items and rng.random() < 0.5:
            del items[rng.randrange(len(items))]
        else:
            extra = copy.deepcopy(rng.choice(items)) if items else rng.choice([0, pack[0]])
            items.insert(rng.randrange(len(items) + 1), extra)
    elif action == 7:  # the view moved to another seat
        data["seat"] = rng.randrange(4)
    elif action == 8:  # a field of another view of the same profile
        key = rng.choice(sorted(donor))
        data[key] = copy.deepcopy(donor[key])
    else:  # one of the plain fields to a plausible value
        key = rng.choice(["trump", "pass_direction", "shown", "widow_card", "phase", "to_move"])
        data[key] = rng.choice([None, "C", "H", "left", "none", "play", "over", 1, *pack[:3]])


def _real_views(name: str, rng: random.Random, count: int) -> list[dict[str, Any]]:
    out = []
    for _ in range(count):
        seed = rng.randrange(2**32)
        hand = random_moves(new_hand(name, seed=seed), seed, rng.randrange(70))
        seat = hand.to_move if hand.to_move is not None and rng.random() < 0.7 else None
        seat = rng.randrange(hand.players) if seat is None else seat
        out.append(hand.view(seat).to_dict())
    return out


MUTATED = sized(50, 500)


@pytest.mark.parametrize("name", PROFILES)
def test_mutated_views_are_refused_or_work_everywhere(name: str) -> None:
    rng = random.Random(f"views {name}")
    pack = [c.code for c in reversis.load_profile(name).deck]
    bases = _real_views(name, rng, 8)
    accepted = 0
    for i in range(MUTATED):
        data = json.loads(json.dumps(rng.choice(bases)))
        for _ in range(rng.randint(1, 3)):
            _mutate(data, rng.choice(bases), pack, rng)
        text = json.dumps(data)
        try:
            view = HandView.from_json(text)
        except RecordError:
            continue
        accepted += 1
        check_view_consumers(view, i)
    # the mutations are not all refused: some change only what the view may say
    assert accepted > 0


@pytest.mark.parametrize("name", PROFILES)
def test_real_views_work_everywhere(name: str) -> None:
    rng = random.Random(f"real {name}")
    found = 0
    for data in _real_views(name, rng, sized(4, 40)):
        found += check_view_consumers(HandView.from_dict(data), 1, attempts=200)
    assert found == sized(4, 40)


@pytest.mark.parametrize("name", PROFILES)
def test_mutated_match_views_are_refused_or_work(name: str) -> None:
    rng = random.Random(f"match views {name}")
    match = reversis.new_match(name, seed=3).start_hand()
    assert match.hand is not None
    pack = [c.code for c in match.profile.deck]
    bases = []
    for seat in range(match.players):
        hand = random_moves(match.hand, seat, rng.randrange(40))
        bases.append(match.view(seat, hand).to_dict())
    for i in range(sized(16, 160)):
        data = json.loads(json.dumps(rng.choice(bases)))
        target = data["hand"] if rng.random() < 0.7 else data
        for _ in range(rng.randint(1, 2)):
            _mutate(target, rng.choice(bases)["hand"], pack, rng)
        try:
            view = MatchView.from_dict(data)
        except RecordError:
            continue
        assert MatchView.from_json(view.to_json()) == view
        if view.hand is not None:
            check_view_consumers(view.hand, i)


def test_a_match_views_hand_is_the_matchs() -> None:
    match = reversis.new_match("fournier-1785", seed=3).start_hand()
    assert match.hand is not None
    data = match.view(1, random_moves(match.hand, 1, 10)).to_dict()
    MatchView.from_dict(data)
    for change in (
        lambda d: d["hand"].__setitem__("hand_number", 2),
        lambda d: d["hand"]["stakes_at_start"].__setitem__("basket", 1),
        lambda d: d.__setitem__("phase", "over"),
    ):
        bad = copy.deepcopy(data)
        change(bad)
        with pytest.raises(RecordError, match="match view"):
            MatchView.from_dict(bad)
