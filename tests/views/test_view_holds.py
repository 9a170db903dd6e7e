"""A view holds only what its seat may know, and so do the world sampler made from it and the
worlds it draws: for every shipped profile, at points of random hands (the steps before play —
exchanges, passes, Réunion's and Tëtka's steps — the first plays, mid-play, late), the objects
reachable from a view, from ``world_sampler(view)`` and from its worlds by ``gc.get_referents``
(walked transitively through instance data, containers, closures' cells and the compiled core's
objects, not through modules, classes or functions' globals) hold no hand state, no deal with
the hand's seed or pack, no deal of the hand's cards, and no other seat's cards (as a mask or as a
collection of cards) beyond what the view shows. A copy, an ``attrs.evolve``, a pickle or a JSON
round trip of a view is the view and holds no more; the worlds drawn from a view read back from
JSON are those drawn from the view. The core's plan of a view's worlds sizes its own results and
refuses counts that do not fit (no buffer and offset). Seeded, sized by ``helpers.sized``.
"""

from __future__ import annotations

import copy
import gc
import pickle
import random
import sys
import types
from array import array
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import reversis
from helpers import sized
from reversis import HandView, available_profiles, new_hand
from reversis._core import core_module
from reversis.cards import Card, mask_of
from reversis.engine.deal import Deal
from reversis.engine.state import State
from reversis.hand import Hand, state_of
from reversis.views.view import view_cards
from reversis.worlds.sampler import view_plan, world_sampler

PROFILES = sorted(available_profiles())
HANDS = sized(2, 12)
#: The numbers of moves after which the hands are viewed: the steps before play, then play.
POINTS = (0, 1, 2, 3, 4, 6, 9, 14, 22, 33, 45)
#: The most objects one walk visits (the walks here visit a few thousand).
BOUND = 200_000
#: The field names of a view: its public data and the profile it was made or read with.
VIEW_FIELDS = {f.name for f in attrs.fields(HandView) if not f.metadata.get("internal")}

_CORE = core_module()
_STATES: tuple[type, ...] = (State, Hand) + ((_CORE.CoreState,) if _CORE is not None else ())
_SKIP = (
    types.ModuleType,
    type,
    types.CodeType,
    types.FrameType,
    types.BuiltinFunctionType,
    types.WrapperDescriptorType,
    types.MethodDescriptorType,
    types.GetSetDescriptorType,
    types.MemberDescriptorType,
)


def _module_dicts() -> set[int]:
    return {id(vars(m)) for m in list(sys.modules.values()) if m is not None}


def reachable(*roots: Any) -> Iterator[Any]:
    """Every object reachable from ``roots`` by ``gc.get_referents`` (the roots too), through
    instance data, containers, closures' cells, bound methods and the core's objects; not through
    modules, classes, code or functions' globals (a function gives its cells and defaults)."""
    skip = _module_dicts()
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        item = stack.pop()
        if id(item) in seen or id(item) in skip or isinstance(item, _SKIP):
            continue
        seen.add(id(item))
        assert len(seen) < BOUND, "the walk reached too much: a module or class let through?"
        yield item
        if isinstance(item, types.FunctionType):
            stack.extend(item.__closure__ or ())
            stack.extend(item.__defaults__ or ())
            stack.extend((item.__kwdefaults__ or {}).values())
            continue
        if isinstance(item, types.MethodType):
            stack.append(item.__self__)
            stack.append(item.__func__)
            continue
        stack.extend(gc.get_referents(item))


def _mask(cards: Any) -> int:
    return mask_of(cards)


def _secrets(hand: Hand, view: HandView) -> tuple[Deal, list[int]]:
    """The hand's true deal, and the masks of the other seats' cards (held now, dealt at the
    start) that the view does not show in full (three cards or more)."""
    deal = state_of(hand).deal
    shown = _mask(view_cards(view))
    masks = [
        mask
        for seat in range(hand.players)
        if seat != view.seat
        for mask in (_mask(hand.hand_of(seat)), deal.dealt[seat])
        if mask.bit_count() >= 3 and mask & ~shown
    ]
    return deal, masks


def check_holds_nothing(roots: tuple[Any, ...], hand: Hand, view: HandView, what: str) -> None:
    """Nothing reachable from ``roots`` shows what ``view`` does not: no hand state, no deal of
    the hand's cards, seed or pack, no other seat's cards the view does not show."""
    deal, masks = _secrets(hand, view)
    secret = set(masks)
    seed = deal.seed
    for item in reachable(*roots):
        kind = type(item)
        assert not isinstance(item, _STATES), f"{what} reaches a hand's state: {kind.__name__}"
        assert kind.__name__ != "ViewSource", f"{what} reaches the state a view was made from"
        if isinstance(item, Deal):
            assert item.seed is None, f"{what} reaches a deal's seed"
            assert item.pack is None, f"{what} reaches a deal's pack"
            assert item.dealt != deal.dealt, f"{what} reaches the hand's deal"
        elif kind is int:
            assert item not in secret, f"{what} reaches another seat's cards as a mask"
            assert item != seed, f"{what} reaches the seed"
        elif kind in (tuple, list, set, frozenset) and 3 <= len(item) <= 26:
            if all(type(c) is Card for c in item):
                assert _mask(item) not in secret, f"{what} reaches another seat's cards"
        elif kind in (bytes, bytearray) and seed is not None:
            assert seed.to_bytes(8, "little") not in item, f"{what} reaches the seed's bytes"


def views_of(name: str, seed: int) -> Iterator[tuple[Hand, HandView]]:
    """A random hand of ``name`` dealt from a 64-bit seed, and every seat's view of it at each of
    :data:`POINTS` (as long as it is in play)."""
    rng = random.Random(seed)
    hand = new_hand(reversis.load_profile(name), seed=rng.getrandbits(64) | 1 << 63)
    for moves in range(POINTS[-1] + 1):
        if hand.is_over:
            return
        if moves in POINTS:
            for seat in range(hand.players):
                yield hand, hand.view(seat)
        hand = hand.apply(rng.choice(hand.legal_moves()))


@pytest.mark.parametrize("name", PROFILES)
def test_a_view_its_sampler_and_its_worlds_hold_only_what_the_seat_may_know(name: str) -> None:
    steps = checked = 0
    for i in range(HANDS):
        for hand, view in views_of(name, 1000 * i + 17):
            steps += view.phase.name == "EXCHANGE"
            assert {f.name for f in attrs.fields(type(view))} == VIEW_FIELDS | {"_rules"}
            copies = (attrs.evolve(view), copy.copy(view), pickle.loads(pickle.dumps(view)))
            check_holds_nothing((view, *copies, pickle.dumps(view)), hand, view, "a view")
            for other in copies:
                assert other == view
                assert {f.name: getattr(other, f.name) for f in attrs.fields(HandView)} == {
                    f.name: getattr(view, f.name) for f in attrs.fields(HandView)
                }
            sample = world_sampler(view)
            worlds = [sample(random.Random(k)) for k in range(2)]
            check_holds_nothing((sample,), hand, view, "a world sampler")
            assert all(world.view(view.seat) == view for world in worlds)
            for world in worlds:
                for item in reachable(world):
                    if isinstance(item, Deal):
                        assert item.seed is None
                        assert item.pack is None
            check_holds_nothing((view_plan(view),), hand, view, "a view's plan")
            checked += 1
    assert checked > 0
    if new_hand(reversis.load_profile(name), seed=1).phase.name == "EXCHANGE":
        assert steps > 0  # views in the steps before play were walked too (all but Tëtka's)


def test_the_walk_finds_a_hand_state_where_there_is_one() -> None:
    """The walk is not blind: a sampler that kept the hand, or its deal, is caught."""
    hand = new_hand(reversis.load_profile("hearts"), seed=2**63 + 5)
    view = hand.view(0)
    deal = state_of(hand).deal
    with pytest.raises(AssertionError, match="state"):
        check_holds_nothing(((lambda: hand),), hand, view, "a closure")
    with pytest.raises(AssertionError, match="seed|pack|deal"):
        check_holds_nothing(([attrs.evolve(deal)],), hand, view, "a list")
    with pytest.raises(AssertionError, match="cards"):
        check_holds_nothing(({"x": deal.dealt[1]},), hand, view, "a dict")
    with pytest.raises(AssertionError, match="cards"):
        check_holds_nothing((hand.hand_of(2),), hand, view, "a tuple")
    if _CORE is not None:  # the core's plan shows its deals (the view's, no card dealt)
        rng = random.Random(1)
        while sum(isinstance(m, reversis.Play) for m in hand.moves) < 6:
            hand = hand.apply(rng.choice(hand.legal_moves()))
        found = [type(o).__name__ for o in reachable(world_sampler(hand.view(1)))]
        assert found.count("WorldPlan") == 1
        assert found.count("Deal") == 2


@pytest.mark.parametrize("name", PROFILES)
def test_worlds_of_a_view_read_from_json_are_the_views(name: str) -> None:
    for hand, view in views_of(name, 31):
        if hand.players and view.seat != (hand.to_move or 0):
            continue
        read = HandView.from_json(view.to_json())
        check_holds_nothing((read,), hand, view, "a view read from JSON")
        for k in range(3):
            assert reversis.sample_world(read, random.Random(k)) == reversis.sample_world(
                view, random.Random(k)
            )
        if view.to_move is not None and view.phase.name == "PLAY":
            assert (
                reversis.rollouts(read, 4, seed=9).tolist()
                == reversis.rollouts(view, 4, seed=9).tolist()
            )


@pytest.mark.skipif(_CORE is None, reason="the compiled core draws worlds")
def test_the_plan_of_a_view_sizes_its_results_and_refuses_what_does_not_fit() -> None:
    """No buffer and offset: the plan's playouts make their own array; a count that does not fit
    (2**62 among them) is refused with ArgumentError before anything is drawn or written."""
    from reversis.worlds.plan import view_worlds

    hand = new_hand(reversis.load_profile("fournier-1785"), seed=3)
    rng = random.Random(3)
    while sum(isinstance(m, reversis.Play) for m in hand.moves) < 6:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    view = hand.view(hand.to_move)
    plan = view_worlds(view, view.rules)
    assert plan is not None
    assert not hasattr(plan, "play_outs")
    before = plan.candidates
    for count in (2**62, 2**62 - 1, 2**63, 2**64, 2**31, -1, -(2**62)):
        with pytest.raises(reversis.ArgumentError):
            plan.rollouts(count, 1, 200, None, (), "net")
    assert plan.candidates == before  # refused before the loop
    out, after = plan.rollouts(2, 1, 200, None, (), "net")
    assert isinstance(out, array)
    assert len(out) == 2 * hand.players
    assert after >= 0


def test_attempts_are_bounded_on_both_engines() -> None:
    """A number of attempts the core's loop cannot take is refused on both engines alike."""
    view = new_hand(reversis.load_profile("hearts"), seed=4).view(0)
    for attempts in (0, 2**20 + 1, 2**31, 2**64):
        with pytest.raises(reversis.ArgumentError):
            reversis.sample_world(view, random.Random(1), attempts=attempts)
    assert reversis.sample_world(view, random.Random(1), attempts=2**20).view(0) == view
