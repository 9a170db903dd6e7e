"""The library's objects are made and freed the way CPython makes them (issue 35), on both engines.

The compiled core used to keep dropped :class:`reversis.Hand` objects and their states to make the
next ones from (a swapped ``tp_dealloc``, a list of 64 kept hands, a state written over when its
reference count said nobody else held it), untracked every hand from the cycle collector, and made
payments, events and deals by allocating them bare and writing their slots by offset. What that
broke, each with its test here: a hand took no weak reference; a subclass of ``Hand`` with a cycle
through its ``__dict__`` was never freed; weak-reference callbacks and finalizers that drop hands
while a hand was being dropped overflowed the kept list; a payment made by the core could hash
unlike an equal one on Python 3.14 (tuples cache their hash there). And a pickled hand whose dealt
cards were altered was replayed unchecked: a hand now pickles as its record (``to_dict``), checked
on loading as :meth:`reversis.Hand.from_dict` checks it.

Everything here runs on whichever engine plays (CI runs the suite on both), and the tests that
matter on both also run a short script on the other one. ``benchmarks/core_sanitizer.sh`` runs this
file under AddressSanitizer (CI): the finalizer storm is kept short for that.
"""

from __future__ import annotations

import functools
import gc
import os
import pickle
import random
import re
import subprocess
import sys
import textwrap
import weakref
from pathlib import Path
from typing import Any

import attrs
import pytest

import reversis
from reversis import _core
from reversis.engine import play as reference
from reversis.engine.deal import Deal
from reversis.errors import DealError, RecordError
from reversis.games.payments import Payment, Settlement
from reversis.hand import Hand, hand_of_state, state_of
from reversis.moves import Move
from reversis.playing import hand_of
from reversis.profile import Profile, available_profiles, load_profile

#: The core's Cython sources, beside the package imported.
CORE_SOURCES = Path(_core.__file__).resolve().parent
#: What the core must not use on the library's objects (``rv_hand_kept``: the kept hands' list).
INTERNALS = (
    "PyType_GenericAlloc",
    "PyObject_Init",
    "tp_dealloc",
    "Py_REFCNT",
    "Py_SET_REFCNT",
    "PyObject_GC_UnTrack",
    "PyObject_GC_Track",
    "rv_slot_offset",
    "rv_hand_kept",
)


def random_line(profile: str, seed: int, draw: random.Random) -> tuple[list[Hand], list[Move]]:
    """The hands of a hand of ``profile`` played to its end by random moves, and the moves."""
    hand = reversis.new_hand(profile, seed=seed, dealer=seed % load_profile(profile).players)
    hands = [hand]
    played: list[Move] = []
    moves = hand.legal_moves()
    while moves:
        played.append(moves[int(draw.random() * len(moves))])
        hand = hand.apply(played[-1])
        hands.append(hand)
        moves = hand.legal_moves()
    return hands, played


def other_engine() -> str:
    return "python" if _core.engine_name() == "compiled" else "compiled"


def run_on(engine: str, script: str) -> str:
    """Run ``script`` in a new interpreter on ``engine``; its output (skipped where the core is
    asked for and not built)."""
    if engine == "compiled" and not _core.available():
        pytest.skip("the compiled core is not built")
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        check=False,
        capture_output=True,
        text=True,
        env={**os.environ, "REVERSIS_ENGINE": engine},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


# -- the core's sources --------------------------------------------------------------------------


def test_the_core_uses_no_cpython_internals_on_objects() -> None:
    sources = sorted(CORE_SOURCES.glob("*.py[xd]")) + sorted(CORE_SOURCES.glob("*.pxi"))
    if not sources:
        pytest.skip("the core's sources are not beside the package")
    found = [
        f"{path.name}: {name}"
        for path in sources
        for name in INTERNALS
        if re.search(rf"\b{name}\b", path.read_text(encoding="utf-8"))
    ]
    assert found == []


# -- weak references ------------------------------------------------------------------------------

WEAKREF_SCRIPT = """
    import gc, weakref
    import reversis
    from reversis.hand import state_of
    hand = reversis.new_hand("hearts", seed=1)
    after = hand.apply(hand.legal_moves()[0])
    called = []
    ref = weakref.ref(after, lambda r: called.append(1))
    assert ref() is after and weakref.proxy(after).to_move == after.to_move
    del after
    gc.collect()
    assert ref() is None and called == [1], (ref(), called)
    print(reversis.engine_name())
"""


def test_a_hand_takes_weak_references() -> None:
    hand = reversis.new_hand("fournier-1785", seed=4)
    ref = weakref.ref(hand)
    assert ref() is hand
    box = weakref.WeakValueDictionary({"hand": hand})
    after = hand.apply(hand.legal_moves()[0])
    box["after"] = after
    assert weakref.proxy(after).to_move == after.to_move
    del hand, after
    gc.collect()
    assert ref() is None
    assert len(box) == 0


def test_a_hand_takes_weak_references_on_the_other_engine() -> None:
    engine = other_engine()
    assert run_on(engine, WEAKREF_SCRIPT).strip() == engine


# -- the cycle collector --------------------------------------------------------------------------


def test_a_subclass_with_a_cycle_through_its_dict_is_collected() -> None:
    class Noted(Hand):
        pass

    dealt = hand_of(Noted, state_of(reversis.new_hand("hearts", seed=2)))
    hands = [dealt, dealt.apply(dealt.legal_moves()[0])]  # made by the class, and by apply()
    assert all(type(hand) is Noted for hand in hands)
    refs = []
    for hand in hands:
        object.__setattr__(hand, "itself", hand)  # a cycle through the instance's __dict__
        refs.append(weakref.ref(hand))
    del dealt, hands, hand
    gc.collect()
    assert [ref() for ref in refs] == [None, None]


def test_a_cycle_through_a_hands_state_and_profile_is_collected() -> None:
    """A hand's state holds its deal, whose profile (a user's subclass here) may refer back to the
    hand: the collector sees through the state and frees the cycle."""

    class House(Profile):
        pass

    base = load_profile("hearts")
    house = House(**{f.alias: getattr(base, f.name) for f in attrs.fields(Profile) if f.init})
    hand = reversis.new_hand(house, seed=1)
    hand = hand.apply(hand.legal_moves()[0])
    object.__setattr__(house, "hand", hand)  # profile -> hand -> state -> deal -> profile
    refs = [weakref.ref(hand), weakref.ref(house)]
    del hand, house
    gc.collect()
    assert [ref() for ref in refs] == [None, None]


def test_a_hand_in_a_cycle_through_its_kept_values_is_collected() -> None:
    hand = reversis.new_hand("hearts", seed=3)
    ref = weakref.ref(hand)
    kept = reversis.hand.remember(hand, "note", functools.partial(tuple, [hand]))
    assert kept == (hand,)  # hand -> its kept values -> hand
    del hand, kept
    gc.collect()
    assert ref() is None


# -- hands dropped while a hand is dropped ---------------------------------------------------------


def test_a_finalizer_storm_drops_every_hand() -> None:
    """Weak-reference callbacks and finalizers that drop many hands while a hand is being dropped
    (its state, deal and profile going with it): every hand is freed, each callback runs once,
    the hands left are sound. (On the kept-hands list this wrote past its 64 slots.)"""
    draw = random.Random(35)
    profiles = [load_profile("hearts").evolve(name=f"house-{k}") for k in range(3)]
    fired: list[str] = []
    refs: list[Any] = []

    # Callbacks on deals and on house profiles (objects a hand's state holds) drop hands.
    for k in range(12):
        bucket = random_line("hearts", 100 + k, draw)[0] + random_line("fournier-1785", k, draw)[0]
        outer = reversis.new_hand(profiles[k % 3] if k < 3 else "hearts", seed=k)
        outer = outer.apply(outer.legal_moves()[0])
        refs.append(
            weakref.ref(state_of(outer).deal, lambda _, b=bucket: (fired.append("deal"), b.clear()))
        )
        if k < 3:
            weakref.finalize(profiles[k], lambda b=bucket: (fired.append("profile"), b.clear()))
        del bucket, outer
    del profiles
    gc.collect()
    assert fired.count("deal") == 12
    assert fired.count("profile") == 3

    # Callbacks on hands drop the next hands, which drop more as they go.
    held: list[Any] = []
    for k in range(6):
        hands, _ = random_line("hearts", 200 + k, draw)
        chained: list[Any] = hands[1:]
        for hand in hands[1:]:
            refs.append(weakref.ref(hand))
        refs.append(weakref.ref(hands[0], lambda _, b=chained: (fired.append("hand"), b.clear())))
        chained += held[-3:]  # hands dropped with this one, which drop others in turn
        held.append(hands[0])
        del hands, chained, hand
    del held
    gc.collect()
    assert fired.count("hand") == 6
    assert all(ref() is None for ref in refs)

    # The hands made after the storm play and settle as the reference does.
    lines = [random_line("hearts", 300 + k, draw) for k in range(4)]
    for hands, played in lines:
        deal = state_of(hands[0]).deal
        assert state_of(hands[-1]) == reference.replay(deal, played)
        assert reversis.settle(hands[-1]) == reversis.settle(
            hand_of_state(reference.replay(deal, played))
        )


# -- states are values -----------------------------------------------------------------------------


def fields_of(state: Any) -> Any:
    """A state's fields as a reference state (a core state's ``to_state()``)."""
    return state.to_state() if hasattr(state, "to_state") else state


def test_states_are_never_written_over() -> None:
    """The state of a dropped hand is never made into another: states and their fields kept by
    a caller stay what they were while the hands that held them are dropped and others play."""
    draw = random.Random(13)
    kept = []
    for seed in range(12):
        profile = ("hearts", "fournier-1785", "reunion")[seed % 3]
        hand = reversis.new_hand(profile, seed=seed)
        played: list[Move] = []
        while hand.legal_moves():
            state = state_of(hand)
            if draw.random() < 0.3:
                kept.append((state, fields_of(state), tuple(played)))
            else:  # the fields alone, the state dropped with its hand
                kept.append((None, fields_of(state), tuple(played)))
            del state
            played.append(draw.choice(hand.legal_moves()))
            hand = hand.apply(played[-1])
        for _ in range(2):  # other hands played meanwhile
            random_line(profile, seed + 1000, draw)
    for state, fields, moves in kept:
        want = reference.replay(fields.deal, moves)
        assert fields == want
        if state is not None:
            assert fields_of(state) == want


# -- payments, events and deals made by the core ---------------------------------------------------


@pytest.mark.parametrize("profile", available_profiles())
def test_payments_events_and_deals_hash_like_ones_made_in_python(profile: str) -> None:
    draw = random.Random(profile)
    for seed in range(4):
        hands, _ = random_line(profile, seed, draw)
        hand = hands[len(hands) // 2 if seed % 2 else -1]
        settlement = reversis.settle(hand)
        assert type(settlement) is Settlement
        for payment in settlement.payments:
            again = Payment(*payment)  # made in Python
            assert type(payment) is Payment
            assert payment == again
            assert hash(payment) == hash(again)
            assert hash(payment) == hash(tuple(payment))
        again = Settlement(
            tuple(Payment(*p) for p in settlement.payments),
            tuple(settlement.net),
            settlement.stakes,
            settlement.final,
        )
        assert settlement == again
        assert hash(settlement) == hash(again)
        assert hash(reversis.settle(hand)) == hash(again)
        deal = state_of(hand).deal
        made = attrs.evolve(deal)
        assert type(deal) is Deal
        assert made == deal
        assert hash(made) == hash(deal)
        for event in hand.events:
            made = attrs.evolve(event)
            assert made == event
            assert hash(made) == hash(event)


# -- pickles ---------------------------------------------------------------------------------------


def altered(value: Any) -> list[Any]:
    """Versions of a hand's pickled arguments with the cards dealt altered: a deal whose seat 1
    is given seat 0's cards too, or a record whose pack deals a card twice or is not its seed's."""
    if isinstance(value, Deal):
        dealt = list(value.dealt)
        dealt[1] |= dealt[0]
        dealt[0] = 0
        return [attrs.evolve(value, dealt=tuple(dealt))]
    if isinstance(value, dict) and "deck" in value:
        deck = list(value["deck"])
        twice = [*deck[1:], deck[1]]
        swapped = [deck[1], deck[0], *deck[2:]]
        return [{**value, "deck": twice}, {**value, "deck": swapped}]
    if isinstance(value, tuple):
        out = []
        for i, item in enumerate(value):
            out += [(*value[:i], version, *value[i + 1 :]) for version in altered(item)]
        return out
    return []


class Crafted:
    """An object that pickles as ``function(*args)``, as an altered pickle of a hand would."""

    def __init__(self, reduced: tuple[Any, ...]) -> None:
        self.reduced = reduced

    def __reduce__(self) -> tuple[Any, ...]:
        return self.reduced


@pytest.mark.parametrize("moves", [0, 5])
def test_an_altered_pickle_of_a_hand_is_refused(moves: int) -> None:
    hand = reversis.new_hand("hearts", seed=9)
    for _ in range(moves):
        hand = hand.apply(hand.legal_moves()[-1])
    assert pickle.loads(pickle.dumps(hand)) == hand
    function, args = hand.__reduce__()[:2]
    versions = altered(args)
    assert versions
    for version in versions:
        data = pickle.dumps(Crafted((function, version)))
        with pytest.raises((RecordError, DealError)):
            pickle.loads(data)


PICKLE_SCRIPT = """
    import pickle, attrs
    import reversis
    from reversis.errors import DealError, RecordError
    hand = reversis.new_hand("fournier-1785", seed=9)
    assert pickle.loads(pickle.dumps(hand)) == hand
    function, args = hand.__reduce__()[:2]
    data = args[0]
    deck = list(data["deck"])
    class Crafted:
        def __reduce__(self):
            return (function, ({**data, "deck": [*deck[1:], deck[1]]},))
    try:
        pickle.loads(pickle.dumps(Crafted()))
    except (RecordError, DealError) as exc:
        print(type(exc).__name__)
"""


def test_an_altered_pickle_is_refused_on_the_other_engine() -> None:
    assert run_on(other_engine(), PICKLE_SCRIPT).strip() == "RecordError"


def test_a_house_profiles_hand_pickles() -> None:
    house = load_profile("fournier-1785").evolve(name="house", reversis={"end_on_break": False})
    hand = reversis.new_hand(house, seed=4)
    hand = hand.apply(hand.legal_moves()[0])
    again = pickle.loads(pickle.dumps(hand))
    assert again == hand
    assert again.profile == house


# -- hands dropped the ordinary way ----------------------------------------------------------------


def test_no_reference_is_lost_or_kept() -> None:
    class WithDict(Hand):
        pass

    draw = random.Random(11)
    hand = reversis.new_hand("hearts", seed=11)
    state = state_of(hand)
    deal = state.deal
    gc.collect()
    before = (sys.getrefcount(Hand), sys.getrefcount(WithDict), sys.getrefcount(deal))
    for _ in range(5):
        played = hand
        while played.legal_moves():
            played = played.apply(draw.choice(played.legal_moves()))
            if draw.random() < 0.2:
                assert played.events is not None
        subclassed = hand_of(WithDict, state)
        object.__setattr__(subclassed, "note", "a subclass's hand")  # its __dict__
        while subclassed.legal_moves():
            subclassed = subclassed.apply(draw.choice(subclassed.legal_moves()))
        assert type(subclassed) is WithDict
        del played, subclassed
    gc.collect()
    assert (sys.getrefcount(Hand), sys.getrefcount(WithDict), sys.getrefcount(deal)) == before


def test_a_long_chain_of_hands_is_dropped_without_a_crash() -> None:
    """Hands that keep one another (a value kept with each) are dropped in CPython's trashcan:
    no recursion deep enough to crash the interpreter."""
    script = """
        import reversis
        hand = reversis.new_hand("hearts", seed=1)
        link = None
        for _ in range(200_000):
            nxt = reversis.hand.hand_of_state(reversis.hand.state_of(hand))
            previous = link
            reversis.hand.remember(nxt, "previous", lambda: previous)
            link = nxt
        del link, nxt, previous
        print("ok")
    """
    assert run_on(_core.engine_name(), script).strip() == "ok"


def test_a_finaliser_added_to_the_class_is_called() -> None:
    script = """
        import reversis
        calls = []
        reversis.Hand.__del__ = lambda self: calls.append(self.to_move)
        hand = reversis.new_hand("hearts", seed=2)
        for move in hand.legal_moves()[:5]:
            hand.apply(move)
        del reversis.Hand.__del__
        for move in hand.legal_moves():
            hand.apply(move)
        print(len(calls))
    """
    assert run_on(_core.engine_name(), script).strip() == "5"


def test_legal_moves_are_the_references_at_every_step() -> None:
    """The core gives a kept tuple again for a state with the same moves: equal to the reference
    engine's at every step, of the right kind of move."""
    draw = random.Random(7)
    for profile in available_profiles():
        for seed in range(3):
            hands, played = random_line(profile, seed, draw)
            state = reference.start(state_of(hands[0]).deal)
            for hand, move in zip(hands, played, strict=False):
                assert hand.legal_moves() == reference.legal_moves(state)
                state = reference.apply(state, move)
            assert hands[-1].legal_moves() == () == reference.legal_moves(state)
    hearts = reversis.new_hand("hearts", seed=4)
    assert {type(move).__name__ for move in hearts.legal_moves()} == {"Pass"}
