"""The library under threads (issue 35): eight threads playing random hands (``legal_moves``,
``apply``, ``settle``), making views, sampling worlds and playing rollouts on several profiles give
what the same work gives in one thread, with no error from a registry or cache shared between
them. Runs on the engine the suite runs on (the compiled core, or ``REVERSIS_ENGINE=python``)."""

from __future__ import annotations

import gc
import random
import sys
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import attrs
import pytest

from reversis import load_profile, new_hand, rollouts, sample_world, settle
from reversis.dealing import seeded_deal
from reversis.engine import chance
from reversis.worlds.sampler import world_sampler

PROFILES = ("fournier-1785", "hearts", "tetka", "reunion", "fournier-1785-3p")
THREADS = 8
TASKS = 40


def _hand_summary(hand: Any) -> tuple[Any, ...]:
    return (hand.hands, tuple(str(m) for m in hand.moves), hand.to_move)


def _task(number: int) -> list[Any]:
    """A deterministic piece of work: a random hand played to its end with every seat's view of
    each position, then from its middle a view's worlds and the rollouts of the hand and view."""
    profile = PROFILES[number % len(PROFILES)]
    rng = random.Random(number)
    hand = new_hand(profile, seed=1000 + number, dealer=number % 3)
    found: list[Any] = []
    middle = None
    while not hand.is_over:
        moves = hand.legal_moves()
        move = rng.choice(moves)
        found.append(str(move))
        for seat in range(hand.players):
            view = hand.view(seat)
            found.append((view.seat, view.to_move, view.hand, len(view.legal_moves)))
        hand = hand.apply(move)
        if middle is None and len(hand.tricks) >= 3 and not hand.is_over:
            middle = hand
    found.append(settle(hand).net)
    assert middle is not None
    view = middle.view(middle.to_move)
    found.append(_hand_summary(sample_world(view, random.Random(number))))
    sample = world_sampler(view)
    draws = random.Random(number + 1)
    found.extend(_hand_summary(sample(draws)) for _ in range(3))
    found.append(rollouts(middle, 20, seed=number, policy="cautious").tolist())
    found.append(rollouts(view, 5, seed=number).tolist())
    return found


@contextmanager
def _switching_often() -> Iterator[None]:
    """Threads switched every few microseconds, so that they interleave inside the library."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _in_threads(task: Callable[[int], Any], tasks: int) -> dict[int, Any]:
    results: dict[int, Any] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def run(first: int) -> None:
        try:
            start.wait()
            for number in range(first, tasks, THREADS):
                results[number] = task(number)
        except BaseException as error:  # reported by the test below
            errors.append(error)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(THREADS)]
    with _switching_often():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []
    return results


def test_eight_threads_give_what_one_thread_gives() -> None:
    alone = {number: _task(number) for number in range(TASKS)}
    assert _in_threads(_task, TASKS) == alone


def _views(number: int) -> int:
    """Many views of the positions of random hands, kept (enough for the views' registry to grow
    and be swept many times while other threads add to it)."""
    rng = random.Random(number)
    kept = []
    for k in range(6):
        hand = new_hand(PROFILES[(number + k) % 2], seed=100 * number + k)
        while not hand.is_over:
            kept.extend(hand.view(seat) for seat in range(hand.players))
            hand = hand.apply(rng.choice(hand.legal_moves()))
        kept = kept[-600:]
    return len(kept)


def test_views_made_from_many_threads_at_once() -> None:
    """``hand.view()`` from several threads raised ``RuntimeError: dictionary changed size during
    iteration`` (the registry of checked views swept while others added to it)."""
    alone = {number: _views(number) for number in range(THREADS)}
    assert _in_threads(_views, THREADS) == alone


# -- the core's "last one asked for" caches --------------------------------------------------
#
# The core keeps the last Rules it lowered with what it made of them (the program of a trump suit,
# the pack's shapes), found again without a look-up. They were kept in separate globals replaced
# one after the other: code run between two of those stores (another thread, or here, a finalizer
# run by the old Rules' release) read the new Rules with the old Rules' shapes or the old suit's
# program. The finalizer opens the same window a thread switch does, every time.


def _core() -> Any:
    from reversis._core import core_module

    core = core_module()
    if core is None:
        pytest.skip("the compiled core is not built (or REVERSIS_ENGINE=python)")
    return core


def test_the_last_pack_shapes_are_never_read_with_other_rules() -> None:
    core = _core()
    other = load_profile("fournier-1785")
    expected = chance.seeded_pack(other, 5)
    house = attrs.evolve(load_profile("hearts"))  # 52 cards, where fournier-1785 has 48
    core.seeded_pack(house, 1)
    found: list[Any] = []
    weakref.finalize(house.compiled, lambda: found.append(core.seeded_pack(other, 5)))
    del house
    gc.collect()
    core.seeded_pack(other, 5)  # replaces the last Rules: the house Rules are released
    assert found == [expected]


def test_the_last_program_is_never_read_with_another_trump_suit() -> None:
    core = _core()
    reunion = load_profile("reunion")
    spades, hearts = seeded_deal(reunion, seed=0), seeded_deal(reunion, seed=1)
    assert (spades.trumps.suit, hearts.trumps.suit) == (3, 2)

    def played(deal: Any) -> Any:
        return core.rollouts(core.start(deal), 1, 7)[0].to_state()

    expected = played(spades)
    house = attrs.evolve(reunion)
    core.start(seeded_deal(house, seed=0))  # the last program: the house Rules, spades
    found: list[Any] = []
    weakref.finalize(house.compiled, lambda: found.append(played(spades)))
    del house
    gc.collect()
    hearts = seeded_deal(reunion, seed=1)  # the pack's shapes forget the house Rules
    core.start(hearts)  # replaces the last program: the house Rules are released
    assert found == [expected]
