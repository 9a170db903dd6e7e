"""The compiled core (``reversis._core``) against the reference engine (issue 25).

The same deals are played with the same random choices on both engines, and at every step the legal
moves (the same interned objects), every field of the state, the facts and, for some moves the rules
refuse, the error (type and message) are compared; at the end, the game's points and settlement. For
every shipped profile (``HANDS`` hands each, 20,000 under ``CI_FULL=1``) and for house profiles made
by Hypothesis from the shipped ones. The rollout property (a rollout equals step-by-step play with the
same draws) is checked on both engines. Hostile input through the Python API gets a typed error,
never a crash (``benchmarks/core_sanitizer.sh`` runs this file on a build with AddressSanitizer and
UndefinedBehaviorSanitizer).

The tests skip when the core is not built, unless ``REVERSIS_REQUIRE_CORE=1``.
"""

from __future__ import annotations

import math
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

from compare import PROFILES, compiled_core, house_profiles, outcome, random_stakes, wrong_moves
from helpers import seeded, sized
from reversis import _core
from reversis.cards import CARD_AT, Card
from reversis.dealing import cards_deal, pack_deal, seeded_deal
from reversis.engine import play as reference
from reversis.engine.chance import seeded_pack
from reversis.engine.deal import Deal
from reversis.engine.history import facts_of, moves_of
from reversis.errors import ArgumentError
from reversis.games import game_of
from reversis.moves import DECLINE, PLAYS, Play
from reversis.profile import Profile

core = compiled_core()

#: Hands per shipped profile, each compared at every step.
HANDS = sized(500, 20_000)
#: House profiles, a few hands each.
HOUSE = sized(40, 1_000)
FIELDS = ("deal", "held", "step", "to_move", "leader", "current", "kinds", "tricks", "facts")
FIELDS += ("extra", "legal")


# -- the two engines side by side ---------------------------------------------------------------


def same_state(ref: Any, got: Any, where: str = "") -> None:
    """Every field of the core's state equals the reference's, with the same types."""
    for field in FIELDS:
        want, have = getattr(ref, field), getattr(got, field)
        assert have == want, f"{where}: {field}: {have!r} != {want!r}"
        assert type(have) is type(want), f"{where}: {field}: {type(have)} != {type(want)}"
    assert [type(k) for k in got.kinds] == [type(k) for k in ref.kinds]


def random_deal(profile: Profile, rng: random.Random) -> Deal:
    """A deal with a random dealer, hand number (Hearts' passes) and stakes: seeded, or, one time in
    three, from a pack sorted by suit and then a little shuffled, so that seats hold long suits and
    voids (Hearts' leads before hearts are broken, the privilege, trumping)."""
    options: dict[str, Any] = {
        "dealer": rng.randrange(profile.players),
        "stakes": random_stakes(profile, rng),
        "hand_number": rng.randint(1, 4),
    }
    if rng.random() < 2 / 3:
        return seeded_deal(profile, seed=rng.getrandbits(64), **options)
    order = rng.sample(range(4), 4)
    pack = sorted(profile.deck, key=lambda card: (order[card.suit], rng.random()))
    for _ in range(rng.randrange(12)):
        i, j = rng.randrange(len(pack)), rng.randrange(len(pack))
        pack[i], pack[j] = pack[j], pack[i]
    return pack_deal(profile, pack, **options)


def play_both(deal: Deal, rng: random.Random, refusals: float = 0.1) -> tuple[Any, Any]:
    """Play ``deal`` at random on both engines, comparing at every step; the final states."""
    ref, got = reference.start(deal), core.start(deal)
    same_state(ref, got, "start")
    while True:
        moves, core_moves = reference.legal_moves(ref), core.legal_moves(got)
        assert core_moves == moves
        assert all(a is b for a, b in zip(core_moves, moves, strict=True))
        if rng.random() < refusals:
            for move in wrong_moves(deal, rng):
                want = outcome(reference.apply, ref, move)
                have = outcome(core.apply, got, move)
                if isinstance(want, tuple) and isinstance(want[0], type):
                    assert have == want, move
                else:
                    same_state(want, have, f"accepted {move!r}")
        if not moves:
            break
        move = moves[int(rng.random() * len(moves))]
        ref, got = reference.apply(ref, move), core.apply(got, move)
        same_state(ref, got, f"step {ref.step} after {move}")
    assert facts_of(got) == facts_of(ref)
    game = game_of(deal.profile)
    assert game.points(got) == game.points(ref)
    assert game.end_facts(got) == game.end_facts(ref)
    assert game.settle(got) == game.settle(ref)
    return ref, got


# -- every shipped profile ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_the_core_plays_every_shipped_profile_as_the_reference(name: str) -> None:
    profile = PROFILES[name]
    rng = random.Random(f"core-{name}")
    for _ in range(HANDS):
        play_both(random_deal(profile, rng), rng)


def chooser(seed: int) -> Any:
    """A rollout policy that plays a legal card drawn from its own generator."""
    rng = random.Random(seed)

    def policy(seat: int, legal: int, trick: tuple[int, ...]) -> int:
        return rng.choice([b for b in range(64) if legal >> b & 1])

    return policy


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_a_rollout_is_step_by_step_play_on_both_engines(name: str) -> None:
    profile = PROFILES[name]
    rng = random.Random(f"rollout-{name}")
    for _ in range(sized(60, 2_000)):
        deal = random_deal(profile, rng)
        # from a random point of the hand, with the same draws
        moves = rng.randrange(60)
        ref, got = reference.start(deal), core.start(deal)
        for _ in range(moves):
            legal = reference.legal_moves(ref)
            if not legal:
                break
            move = rng.choice(legal)
            ref, got = reference.apply(ref, move), core.apply(got, move)
        seed = rng.getrandbits(32)
        ref_end = reference.rollout(ref, random.Random(seed).random)
        core_end = core.rollout(got, random.Random(seed).random)
        same_state(ref_end, core_end, "rollout")
        step_by_step = got
        draw = random.Random(seed).random
        while legal := core.legal_moves(step_by_step):
            step_by_step = core.apply(step_by_step, legal[int(draw() * len(legal))])
        same_state(ref_end, step_by_step, "step by step")
        # with a policy: each seat's lowest card, and one drawing from its own generator
        lowest = lambda seat, legal, trick: (legal & -legal).bit_length() - 1  # noqa: E731
        same_state(
            reference.rollout(ref, random.Random(seed).random, lowest),
            core.rollout(got, random.Random(seed).random, lowest),
            "lowest",
        )
        ref_end = reference.rollout(ref, random.Random(seed).random, chooser(seed))
        core_end = core.rollout(got, random.Random(seed).random, chooser(seed))
        same_state(ref_end, core_end, "policy")


# -- house profiles -------------------------------------------------------------------------------


@seeded(HOUSE)
@given(profile=house_profiles(), seed=st.integers(0, 2**32))
def test_the_core_plays_house_profiles_as_the_reference(profile: Profile, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(3):
        play_both(random_deal(profile, rng), rng, refusals=0.05)


# -- hostile input: typed errors, never a crash ----------------------------------------------------


@pytest.fixture(scope="module")
def deal() -> Deal:
    return seeded_deal(PROFILES["fournier-1785"], seed=7)


def test_the_core_refuses_what_is_not_a_deal_or_a_state(deal: Deal) -> None:
    for junk in (None, 7, "fournier-1785", reference.start(deal)):
        with pytest.raises(ArgumentError, match="needs an engine Deal"):
            core.start(junk)
    state = reference.start(deal)
    for call in (core.legal_moves, core.rollout, core.apply_card):
        with pytest.raises(TypeError):
            call(state, 0)  # a reference state, not the core's
    with pytest.raises(TypeError):
        core.CoreState()


def test_a_tampered_deal_is_refused(deal: Deal) -> None:
    changes: list[dict[str, Any]] = [
        {"dealt": (-1, 0, 0, 0)},
        {"dealt": (2**64, 0, 0, 0)},
        {"dealt": ("x", 0, 0, 0)},
        {"dealt": (0, 0)},
        {"dealer": 9},
        {"dealer": "0"},
        {"widow": (64, 1, 2)},
        {"widow": (-1,)},
        {"widow": ("x",)},
        {"steps": ((9, 0, 0),)},
        {"steps": ((0, 7, 0),)},
        {"steps": ((0, 0, 99),), "nsteps": 1},
        {"steps": deal.steps, "nsteps": 99},
        {"no_discard": -5},
    ]
    for change in changes:
        tampered = attrs.evolve(deal, **change)
        with pytest.raises((ArgumentError, TypeError, ValueError)):
            core.start(tampered)


def test_moves_that_are_no_moves_get_the_references_errors(deal: Deal) -> None:
    state = core.start(deal)
    ref = reference.start(deal)

    class Subplay(Play):
        pass

    odd = Play(Card.parse("QS"))
    object.__setattr__(odd, "card", "QS")
    huge = attrs.evolve(Card.parse("QS"))
    object.__setattr__(huge, "index", 2**80)
    weird = Play(Card.parse("QS"))
    object.__setattr__(weird, "card", huge)
    junk = [None, 0, "QS", b"QS", Card.parse("QS"), Subplay(Card.parse("QS")), odd, weird]
    for move in junk:
        for where in range(2):
            assert outcome(core.apply, state, move) == outcome(reference.apply, ref, move)
            if where == 0:  # then in play
                while reference.legal_moves(ref) and ref.step < deal.nsteps:
                    ref = reference.apply(ref, reference.legal_moves(ref)[0])
                state = core.replay(deal, moves_of(facts_of(ref)))


def test_apply_card_takes_legal_card_bits_only(deal: Deal) -> None:
    state = core.replay(deal, [DECLINE] * 3)
    state = core.apply(state, core.legal_moves(state)[0])  # the dealer's discard
    assert state.legal
    for junk in (-1, 64, 2**70, -(2**70), "x", 1.0, None, True, 0, 1):
        with pytest.raises(ArgumentError, match="needs a card bit"):
            core.apply_card(state, junk)
    illegal = next(b for b in range(64) if CARD_AT[b] is not None and not state.legal >> b & 1)
    assert outcome(core.apply_card, state, illegal) == outcome(
        reference.apply, state.to_state(), PLAYS[illegal]
    )
    bit = (state.legal & -state.legal).bit_length() - 1
    same_state(reference.apply_card(state.to_state(), bit), core.apply_card(state, bit))


@pytest.mark.parametrize(
    "value",
    [1.0, -0.1, 2, math.nan, math.inf, -math.inf, "x", None, 10**400, complex(0.5, 0)],
)
def test_a_draw_out_of_range_is_an_error(deal: Deal, value: object) -> None:
    with pytest.raises((ArgumentError, TypeError, ValueError, OverflowError)):
        core.rollout(core.start(deal), lambda: value)


@pytest.mark.parametrize("value", [None, "QS", -1, 64, 2**70, 1.5, True, 0])
def test_a_policy_returning_junk_gets_the_references_error(deal: Deal, value: object) -> None:
    state = core.replay(
        deal, [DECLINE] * 3 + [core.legal_moves(core.replay(deal, [DECLINE] * 3))[0]]
    )
    assert state.legal
    draws = random.Random(1).random
    want = outcome(reference.rollout, state.to_state(), draws, lambda *_: value)
    assert outcome(core.rollout, state, draws, lambda *_: value) == want
    boom = ZeroDivisionError("from the policy")

    def failing(*_: object) -> int:
        raise boom

    with pytest.raises(ZeroDivisionError):
        core.rollout(state, draws, failing)


def test_states_branch_without_sharing_their_facts() -> None:
    """Facts are kept in a log shared along a line of play: two moves from the same state that
    record different facts must each see their own."""
    profile = PROFILES["hoyle"]
    rng = random.Random(5)
    for _ in range(40):
        deal = random_deal(profile, rng)
        ref, got = reference.start(deal), core.start(deal)
        branches = []
        while moves := reference.legal_moves(ref):
            branches.extend(
                (reference.apply(ref, move), core.apply(got, move))
                for move in rng.sample(moves, min(3, len(moves)))
            )
            move = rng.choice(moves)
            ref, got = reference.apply(ref, move), core.apply(got, move)
        for want, have in branches:
            same_state(want, have, "branch")
            end = random.Random(1).random
            same_state(reference.rollout(want, end), core.rollout(have, random.Random(1).random))


def test_core_states_pickle_and_come_from_reference_states(deal: Deal) -> None:
    state = core.rollout(core.start(deal), random.Random(3).random)
    same_state(pickle.loads(pickle.dumps(state)), state)
    same_state(core.from_state(state.to_state()), state)
    assert core.from_state(state) is state
    with pytest.raises(ArgumentError):
        core.from_state("state")


def test_engine_name_and_module() -> None:
    assert _core.engine_name() in {"compiled", "python"}
    code = (
        "import reversis, reversis._core as c; "
        "print(reversis.engine_name(), c.engine_module().__name__)"
    )
    env = {**os.environ, "REVERSIS_ENGINE": "python"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert out.stdout.split() == ["python", "reversis.engine.play"], out.stderr
    env["REVERSIS_ENGINE"] = ""
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert out.stdout.split() == ["compiled", "reversis._core.engine"], out.stderr


@pytest.mark.parametrize("flag", [False, True])
def test_a_hearts_lead_with_only_the_queen_besides_hearts(flag: bool) -> None:
    """hearts §7 with ``can_lead_hearts_instead_of_qs``: seat 1 takes trick 1 with the ace of clubs
    and leads trick 2 holding the queen of spades and hearts only, hearts unbroken."""
    profile = PROFILES["hearts"].evolve(
        name="hearts-qs",
        hearts={"pass_cards": False, "must_break_hearts": True, "qs_breaks_hearts": False,
                "can_lead_hearts_instead_of_qs": flag},
    )  # fmt: skip
    hearts = [c for c in profile.deck if c.suit == 2]
    seat1 = [Card.parse("AC"), Card.parse("QS"), *hearts[:11]]
    rest = [c for c in profile.deck if c not in seat1]
    rest.sort(key=lambda c: (c.suit != 0, c))  # the clubs first, so no one else is void in them
    hands = [rest[0:13], seat1, rest[13:26], rest[26:39]]
    rng = random.Random(flag)
    for _ in range(20):
        deal = cards_deal(profile, hands, dealer=0)
        ref, _ = play_both(deal, rng, refusals=0.3)
        lead = ref.tricks[1]
        assert lead.leader == 1


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_the_seeded_shuffle_in_c_gives_the_same_pack(name: str) -> None:
    profile = PROFILES[name]
    rng = random.Random(name)
    seeds = [0, 1, 2**64 - 1, 2**64, 2**128 - 1, *(rng.getrandbits(128) for _ in range(300))]
    for seed in seeds:
        assert core.seeded_pack(profile, seed) == seeded_pack(profile, seed)
    for bad in (-1, 2**128, "7", 7.0, None, True):
        assert outcome(core.seeded_pack, profile, bad) == outcome(seeded_pack, profile, bad)


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_batched_rollouts_play_legal_hands(name: str) -> None:
    """``core.rollouts`` (the core's own generator): each final state is the reference's replay of
    its moves; the same seed gives the same hands."""
    profile = PROFILES[name]
    rng = random.Random(f"rollouts-{name}")
    for _ in range(sized(10, 200)):
        deal = random_deal(profile, rng)
        state = core.start(deal)
        for _ in range(rng.randrange(30)):
            if legal := core.legal_moves(state):
                state = core.apply(state, rng.choice(legal))
        seed = rng.getrandbits(64)
        ends = core.rollouts(state, 8, seed)
        assert len(ends) == 8
        for end in ends:
            same_state(reference.replay(deal, moves_of(facts_of(end))), end, "rollouts")
        again = core.rollouts(state, 8, seed, None)
        assert [moves_of(facts_of(e)) for e in again] == [moves_of(facts_of(e)) for e in ends]
        lowest = core.rollouts(
            state, 2, seed, lambda seat, legal, trick: (legal & -legal).bit_length() - 1
        )
        for end in lowest:
            same_state(reference.replay(deal, moves_of(facts_of(end))), end, "policy")


def test_batched_rollouts_check_their_arguments(deal: Deal) -> None:
    state = core.start(deal)
    assert core.rollouts(state, 0, 1) == []
    for count, seed in ((-1, 1), (1.0, 1), ("3", 1), (10**10, 1), (1, -1), (1, 2**64), (1, "s")):
        with pytest.raises(ArgumentError):
            core.rollouts(state, count, seed)
    with pytest.raises(TypeError):
        core.rollouts(state.to_state(), 1, 1)
