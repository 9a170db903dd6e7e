"""Hands the core keeps and makes again (issue 25: a random hand makes and drops one
:class:`reversis.Hand` per move, so the core keeps dropped ones, ``core.keep_hands``).

A hand made from a kept one holds nothing of its past: its state, no remembered value, no
settlement; hands of a subclass, hands that remembered values and a long chain of hands that refer
to each other are dropped by the generic path; nothing leaks a reference (to the class, the state).
Skipped where the core does not play (``REVERSIS_ENGINE=python``) or keeps no hands (the Limited
API, a free-threaded Python).
"""

from __future__ import annotations

import gc
import os
import random
import subprocess
import sys
import textwrap

import pytest

import reversis
from conftest import sized
from reversis import _core
from reversis.engine import play as reference
from reversis.errors import ArgumentError
from reversis.hand import Hand, hand_of_state, state_of
from reversis.moves import Move
from reversis.profile import available_profiles, load_profile

if _core.engine_name() != "compiled":
    pytest.skip("the hands do not play on the compiled core", allow_module_level=True)

from reversis._core import core

if not core.keep_hands(Hand):
    pytest.skip("this build of the core keeps no hands", allow_module_level=True)

#: Random hands played (each move dropping a hand and making one).
HANDS = sized(40, 400)


def random_hand(profile: str, seed: int, draw: random.Random) -> tuple[Hand, list[Move]]:
    """A hand of ``profile`` played to its end by random moves, and the moves."""
    hand = reversis.new_hand(profile, seed=seed, dealer=seed % load_profile(profile).players)
    played = []
    moves = hand.legal_moves()
    while moves:
        played.append(moves[int(draw.random() * len(moves))])
        hand = hand.apply(played[-1])
        moves = hand.legal_moves()
    return hand, played


def test_keep_hands_takes_one_class_that_adds_nothing() -> None:
    class WithDict(Hand):
        pass

    class NoSlots(Hand):
        __slots__ = ()

    assert core.keep_hands(Hand) is True  # again: the class it keeps
    assert core.keep_hands(WithDict) is False
    assert core.keep_hands(NoSlots) is False  # one class only
    for wrong in (int, "Hand", None):
        with pytest.raises(ArgumentError, match="subclass of HandBase"):
            core.keep_hands(wrong)


def test_kept_hands_are_made_again() -> None:
    draw = random.Random(5)
    hand = reversis.new_hand("hearts", seed=5)
    seen = set()
    while hand.legal_moves():
        hand = hand.apply(draw.choice(hand.legal_moves()))
        seen.add(id(hand))
    assert len(seen) <= 4  # the same few objects, over 64 moves


@pytest.mark.parametrize("profile", available_profiles())
def test_a_hand_made_again_holds_nothing_of_its_past(profile: str) -> None:
    """Settled hands, hands that remembered values and fresh hands in turn: each hand's
    settlement, moves and events are its own (the reference engine's, on the same moves)."""
    draw = random.Random(profile)
    for seed in range(HANDS):
        hand, played = random_hand(profile, seed, draw)
        deal = state_of(hand).deal
        assert not gc.is_tracked(hand)  # nothing remembered: a kept object came back clean
        settled = reversis.settle(hand)  # kept with the hand, which stays untracked
        if seed % 3 == 0:
            assert hand.events  # remembered: the hand is dropped by the generic path
        del hand
        fresh = reversis.new_hand(profile, seed=seed, dealer=deal.dealer)
        start = hand_of_state(reference.start(deal))
        assert not gc.is_tracked(fresh)
        assert reversis.settle(fresh) == reversis.settle(start)
        assert fresh.moves == ()
        assert fresh.events == start.events
        del fresh
        again = reversis.new_hand(profile, seed=seed, dealer=deal.dealer)
        for move in played:
            again = again.apply(move)
        on_reference = hand_of_state(reference.replay(deal, played))
        assert reversis.settle(again) == reversis.settle(on_reference) == settled
        assert again.moves == tuple(played)
        assert again.events == on_reference.events


def test_no_reference_is_lost_or_kept() -> None:
    class WithDict(Hand):
        pass

    draw = random.Random(11)
    hand = reversis.new_hand("hearts", seed=11)
    state = state_of(hand)
    deal = state.deal
    before = (sys.getrefcount(Hand), sys.getrefcount(WithDict), sys.getrefcount(deal))
    for _ in range(5):
        played = hand
        while played.legal_moves():
            played = played.apply(draw.choice(played.legal_moves()))
            played.events if draw.random() < 0.2 else None
        subclassed = core.hand_of(WithDict, state)
        object.__setattr__(subclassed, "note", "a subclass's hand")  # its __dict__
        while subclassed.legal_moves():
            subclassed = subclassed.apply(draw.choice(subclassed.legal_moves()))
        assert type(subclassed) is WithDict
        del played, subclassed
    gc.collect()
    assert (sys.getrefcount(Hand), sys.getrefcount(WithDict), sys.getrefcount(deal)) == before


def test_the_states_of_dropped_hands_are_freed() -> None:
    hand = reversis.new_hand("hearts", seed=3)
    state = state_of(hand)
    deal = state.deal
    counts = (sys.getrefcount(state), sys.getrefcount(deal))
    for move in hand.legal_moves():
        after = hand.apply(move)
        assert state_of(after) is not state
    del after
    assert (sys.getrefcount(state), sys.getrefcount(deal)) == counts


def test_a_long_chain_of_hands_is_dropped_without_a_crash() -> None:
    """Hands that remember one another (``cached``, deprecated) are dropped in CPython's trashcan,
    as the generic path drops them: no recursion deep enough to crash the interpreter."""
    script = textwrap.dedent(
        """
        import warnings
        import reversis
        warnings.simplefilter("ignore")
        hand = reversis.new_hand("hearts", seed=1)
        link = None
        for _ in range(200_000):
            nxt = reversis.hand.hand_of_state(reversis.hand.state_of(hand))
            previous = link
            nxt.cached("previous", lambda: previous)
            link = nxt
        del link, nxt, previous
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        check=False,
        capture_output=True,
        text=True,
        env=dict(os.environ),
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ok"


def test_a_finaliser_added_to_the_class_is_called() -> None:
    script = textwrap.dedent(
        """
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
    )
    done = subprocess.run(
        [sys.executable, "-c", script], check=False, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "5"


def test_kept_tuples_of_legal_moves_are_the_moves() -> None:
    """The core gives a kept tuple again for a state with the same moves (issue 25: a random hand
    drops its tuples as fast as it gets them): equal to the reference engine's at every step, of
    the right kind of move (the same cards passed, then played), never tracked by the collector."""
    draw = random.Random(7)
    for profile in available_profiles():
        for seed in range(HANDS // 4 + 1):
            hand, played = random_hand(profile, seed, draw)
            state = reference.start(state_of(hand).deal)
            again = reversis.new_hand(profile, seed=seed, dealer=state.deal.dealer)
            for move in played:
                legal = again.legal_moves()
                assert legal == reference.legal_moves(state)
                assert not gc.is_tracked(legal)
                state = reference.apply(state, move)
                again = again.apply(move)
            assert again.legal_moves() == () == reference.legal_moves(state)
    hearts = reversis.new_hand("hearts", seed=4)
    passes = hearts.legal_moves()
    assert passes == hearts.legal_moves()
    assert passes is hearts.legal_moves()
    assert {type(move).__name__ for move in passes} == {"Pass"}


def test_a_state_held_elsewhere_is_never_written_over() -> None:
    """A dropped hand's state goes on to hold the next move's state only when nothing else holds
    it: the states a caller kept (``state_of``) stay what they were while other hands play."""
    draw = random.Random(13)
    kept = []
    for seed in range(HANDS // 4 + 1):
        hand = reversis.new_hand("hearts", seed=seed)
        played: list[Move] = []
        while hand.legal_moves():
            if draw.random() < 0.3:  # the hand remembers nothing: it is kept when dropped
                kept.append((state_of(hand), tuple(played)))
            played.append(draw.choice(hand.legal_moves()))
            hand = hand.apply(played[-1])
        for _ in range(3):  # other hands played meanwhile, their states written into kept ones
            random_hand("hearts", seed + 1000, draw)
    for state, moves in kept:
        assert state.to_state() == reference.replay(state.deal, moves)
