"""The public API on the compiled core against the reference engine (issue 25).

On the core, ``new_hand`` shuffles and deals in C (``reversis._core.core.seeded_deal``) and a hand's
``legal_moves()`` and ``apply()`` are the core's C methods. A hand built on a reference engine state
(``hand_of_state(reference.start(deal))``) plays on the reference engine in the same process, so the
two run side by side: the same seed gives an equal ``Deal`` (every field, the ones left out of its
equality too), and the same random moves give the same legal moves at every step (the same interned
objects), the same facts, the same events, the same settlement and the same JSON and text records.
Hands of the two engines are equal, hash alike, and pickle across engines (a hand pickles as its record,
checked when loaded). For every shipped profile (``HANDS`` each; more under ``CI_FULL=1``) and for house
profiles made by Hypothesis (``tests/compare.py``'s).

The tests skip when the core is not built or not playing (``REVERSIS_ENGINE=python``), unless
``REVERSIS_REQUIRE_CORE=1``.
"""

from __future__ import annotations

import os
import pickle
import random
import subprocess
import sys
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reversis
from compare import PROFILES, compiled_core, house_profiles, outcome, random_stakes, wrong_moves
from helpers import seeded, sized
from reversis.engine import play as reference
from reversis.engine.chance import seeded_pack
from reversis.engine.deal import Deal, deal_of_pack
from reversis.engine.state import State
from reversis.hand import Hand, hand_of_state, state_of
from reversis.profile import Profile
from reversis.records import notation as records

core = compiled_core(playing=True)

#: Hands per shipped profile, each compared at every step.
HANDS = sized(500, 5_000)
#: House profiles, a few hands each.
HOUSE = sized(25, 500)


def same_deal(want: Deal, have: Deal) -> None:
    """Every field of ``have`` equals ``want``'s, with the same types (the fields that equality
    leaves out too: the tables, the pack, the seed)."""
    for field in attrs.fields(Deal):
        a, b = getattr(want, field.name), getattr(have, field.name)
        assert b == a, f"{field.name}: {b!r} != {a!r}"
        assert type(b) is type(a), f"{field.name}: {type(b)} != {type(a)}"
    assert have == want
    assert hash(have) == hash(want)


def options(profile: Profile, rng: random.Random) -> dict[str, Any]:
    """A random dealer, hand number (Hearts' passes) and stakes for ``profile``."""
    return {
        "dealer": rng.randrange(profile.players),
        "stakes": random_stakes(profile, rng),
        "hand_number": rng.randint(1, 4),
    }


def reference_hand(profile: Profile, seed: int, **given: Any) -> Hand:
    """The hand of ``seed`` dealt and played by the reference engine alone (its shuffle, its
    ``deal_of_pack``, its states)."""
    deal = deal_of_pack(profile, seeded_pack(profile, seed), seed=seed, **given)
    return hand_of_state(reference.start(deal))


def play_both(profile: Profile, rng: random.Random) -> tuple[Hand, Hand]:
    """A random hand of ``profile`` on both engines, compared at every step; the final hands."""
    seed = rng.getrandbits(64) if rng.random() < 0.9 else rng.randrange(10)
    given = options(profile, rng)
    ref = reference_hand(profile, seed, **given)
    got = reversis.new_hand(profile, seed=seed, **given)
    assert isinstance(state_of(ref), State)
    assert type(state_of(got)) is core.CoreState
    same_deal(state_of(ref).deal, state_of(got).deal)
    assert got.deal == ref.deal
    while True:
        moves, core_moves = ref.legal_moves(), got.legal_moves()
        assert core_moves == moves
        assert all(a is b for a, b in zip(core_moves, moves, strict=True))
        if rng.random() < 0.1:  # now and then mid-hand: the facts, the mask, equality
            assert got.facts == ref.facts
            assert got.legal_mask() == ref.legal_mask()
            assert got == ref
            assert hash(got) == hash(ref)
        if not moves:
            break
        move = moves[int(rng.random() * len(moves))]
        ref, got = ref.apply(move), got.apply(str(move) if rng.random() < 0.1 else move)
    assert got == ref
    assert hash(got) == hash(ref)
    assert got.facts == ref.facts
    assert got.is_over
    assert ref.is_over
    assert got.events == ref.events
    assert got.points == ref.points
    assert reversis.settle(got) == reversis.settle(ref)
    assert got.to_json() == ref.to_json()
    assert records.dump(got) == records.dump(ref)
    return ref, got


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_hands_on_the_core_are_the_references(name: str) -> None:
    rng = random.Random(f"core-hand-{name}")
    for _ in range(HANDS):
        play_both(PROFILES[name], rng)


@seeded(HOUSE)
@given(profile=house_profiles(), seed=st.integers(0, 2**32))
def test_hands_of_house_profiles_on_the_core_are_the_references(
    profile: Profile, seed: int
) -> None:
    rng = random.Random(seed)
    for _ in range(3):
        play_both(profile, rng)


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_a_hand_dealt_from_a_deck_is_dealt_alike(name: str) -> None:
    """``deal_from_deck`` (the core's ``deal_of_pack``) and ``deal_hand`` give the reference's
    deal; a deck that is not the seed's is refused as the reference refuses it."""
    profile = PROFILES[name]
    rng = random.Random(name)
    for _ in range(sized(30, 300)):
        given = options(profile, rng)
        seed = rng.getrandbits(128)
        ref = reference_hand(profile, seed, **given)
        deck = ref.deal.deck
        got = reversis.deal_from_deck(profile, deck, seed=seed, **given)
        same_deal(state_of(ref).deal, state_of(got).deal)
        again = reversis.deal_from_deck(profile, deck, **given)
        assert again == got
        assert again.deal.seed is None
        assert state_of(again).deal.pack is not None
        dealt = reversis.deal_hand(profile, ref.deal.dealt, ref.deal.widow, **given,
                                   bum=ref.deal.shown if profile.tetka is not None else None)  # fmt: skip
        assert dealt == got
        with pytest.raises(reversis.DealError, match="does not give this pack"):
            reversis.deal_from_deck(profile, deck, seed=seed + 1, **given)


def test_a_hand_pickles_as_its_record_on_either_engine() -> None:
    """A hand pickled on the core loads with ``REVERSIS_ENGINE=python`` and the other way round,
    equal to the hand it was (its JSON record is the same)."""
    rng = random.Random(5)
    hands = []
    for name in sorted(PROFILES):
        hand = reversis.new_hand(PROFILES[name], seed=rng.getrandbits(32))
        for _ in range(rng.randrange(30)):
            moves = hand.legal_moves()
            hand = hand.apply(moves[rng.randrange(len(moves))])
        hands.append(hand)
        loaded = pickle.loads(pickle.dumps(hand))
        assert loaded == hand
        assert type(state_of(loaded)) is core.CoreState
        assert pickle.loads(pickle.dumps(hand_of_state(state_of(hand).to_state()))) == hand
    code = (
        "import pickle, sys, reversis\n"
        "hands = pickle.loads(sys.stdin.buffer.read())\n"
        "assert reversis.engine_name() == sys.argv[1], reversis.engine_name()\n"
        "print(len(hands), flush=True)\n"
        "sys.stdout.buffer.write(pickle.dumps((hands, [h.to_json() for h in hands])))\n"
    )
    for engine in ("python", "compiled"):
        out = subprocess.run(
            [sys.executable, "-c", code, engine],
            input=pickle.dumps(hands),
            env={**os.environ, "REVERSIS_ENGINE": engine},
            capture_output=True,
            check=False,
        )
        assert out.returncode == 0, out.stderr.decode()
        count, _, payload = out.stdout.partition(b"\n")
        assert int(count) == len(hands)
        back, texts = pickle.loads(payload)
        assert back == hands
        assert texts == [hand.to_json() for hand in hands]


def test_a_hand_of_a_reference_state_plays_on_the_reference_engine() -> None:
    """A position built field by field (a reference state) is kept as it is by a hand on the core,
    and its moves, rollout and replay give reference states; a core state's hand stays on the
    core."""
    profile = PROFILES["hearts"]
    hand = reversis.new_hand(profile, seed=3)
    made = hand_of_state(state_of(hand).to_state())
    assert made == hand
    assert isinstance(state_of(made), State)
    moves = made.legal_moves()
    assert moves == hand.legal_moves()
    after = made.apply(moves[0])
    assert isinstance(state_of(after), State)
    assert after == hand.apply(moves[0])
    over = made.rollout(random.Random(1))
    assert isinstance(state_of(over), State)
    assert over == hand.rollout(random.Random(1))
    assert type(state_of(hand.apply(moves[0]))) is core.CoreState
    with pytest.raises(reversis.ArgumentError):
        hand_of_state("state")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_moves_that_are_refused_get_the_references_errors(name: str) -> None:
    """Moves of every kind, mostly illegal now, and things that are no moves, applied to a hand on
    the core: the reference hand's error, type and message, and the hand unchanged."""
    profile = PROFILES[name]
    rng = random.Random(name)
    for _ in range(sized(5, 50)):
        seed = rng.getrandbits(32)
        ref, got = (
            reference_hand(profile, seed, dealer=0, stakes=None),
            reversis.new_hand(profile, seed=seed),
        )
        while got.legal_moves():
            for move in [*wrong_moves(state_of(got).deal, rng), "", "zz", "play", 7, b"QS"]:
                want, have = outcome(ref.apply, move), outcome(got.apply, move)
                if isinstance(want, tuple) and isinstance(want[0], type):
                    assert have == want, move
                else:
                    assert have == want
            moves = got.legal_moves()
            move = moves[rng.randrange(len(moves))]
            ref, got = ref.apply(move), got.apply(move)
            if rng.random() < 0.5:
                break


def test_a_hand_without_a_state_is_refused() -> None:
    """A hand made around its constructor has no state: its moves are a TypeError, not a crash."""
    empty = Hand.__new__(Hand)
    with pytest.raises(TypeError, match="without a state"):
        empty.legal_moves()
    with pytest.raises(TypeError, match="without a state"):
        empty.apply(reversis.Decline())
    with pytest.raises(TypeError, match="without a state"):
        reversis.settle(empty)
    with pytest.raises(TypeError):
        Hand()
    with pytest.raises(reversis.ArgumentError):
        core.hand_of(int, state_of(reversis.new_hand(PROFILES["hearts"], seed=1)))
    with pytest.raises(reversis.ArgumentError):
        core.hand_of(Hand, None)


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_a_hand_dealt_in_one_call_is_the_references(name: str) -> None:
    """``new_hand`` with its defaults is one call to the core (``dealt_hand``): the reference's
    deal and hand, for every seed size and dealer."""
    profile = PROFILES[name]
    rng = random.Random(f"dealt-{name}")
    for _ in range(sized(100, 1_000)):
        seed = rng.getrandbits(rng.choice([3, 32, 64, 128]))
        dealer = rng.randrange(profile.players)
        got = reversis.new_hand(profile, seed=seed, dealer=dealer)
        ref = reference_hand(profile, seed, dealer=dealer, stakes=None)
        assert type(got) is Hand
        assert type(state_of(got)) is core.CoreState
        same_deal(state_of(ref).deal, state_of(got).deal)
        assert got == ref
        assert got.legal_moves() == ref.legal_moves()
        assert core.dealt_hand(Hand, profile, seed, dealer) == got
        assert reversis.new_hand(name, seed=seed, dealer=dealer) == got  # by name: checked way


def test_new_hand_outside_the_one_call_gets_the_checked_ways_answers() -> None:
    """What ``dealt_hand`` does not take (a profile's name, a seed or a dealer or a hand number that
    is not a plain integer in range, anything but the defaults) goes the checked way: the same hand,
    or the same error (type and message) as ``dealing.seeded_deal``'s."""
    from reversis.dealing import seeded_deal

    profile = PROFILES["hearts"]
    strange: list[object] = [True, False, -1, 0, 1, 3, 4, 1.0, 2**128 - 1, 2**128, "1", None]
    calls = 0
    for seed in strange:
        for dealer in strange:
            for number in (1, True, 1.0, 2):

                def new(seed: Any = seed, dealer: Any = dealer, number: Any = number) -> Any:
                    return state_of(
                        reversis.new_hand(profile, seed=seed, dealer=dealer, hand_number=number)
                    ).deal

                def checked(seed: Any = seed, dealer: Any = dealer, number: Any = number) -> Any:
                    return seeded_deal(profile, seed=seed, dealer=dealer, hand_number=number)

                want, have = outcome(checked), outcome(new)
                assert have == want, (seed, dealer, number)
                if type(seed) is int and type(dealer) is int and 0 <= dealer < 4:
                    fast = core.dealt_hand(Hand, profile, seed, dealer)
                    assert (fast is None) == (seed >= 2**128 or seed < 0)
                else:
                    assert core.dealt_hand(Hand, profile, seed, dealer) is None
                calls += 1
    assert calls == len(strange) ** 2 * 4
    assert core.dealt_hand(int, profile, 1, 0) is None
    assert core.dealt_hand(Hand, "hearts", 1, 0) is None
