"""The compiled core's settlement (``reversis._core.core.settle_state``, ``settle.pyx``) against the
reference games' (``reversis.games.game_of(profile).settle(state)``), issue 25.

At EVERY step of random hands (a settlement is live during a hand), the core's settlement equals
the reference's: the same payments in the same order (as objects and as ``to_dict()``), net, stakes
after and ``final``; and the net the rollouts read (``settle_net``) is its net. For every shipped
profile (``HANDS`` hands each, 20,000 under ``CI_FULL=1``), for house profiles made by Hypothesis
(the reversis, the privilege's failures, the pools' caps, the money's flags, the specials'
amounts, Hearts' moon and bonus, Tëtka's and Réunion's numbers) with stakes varied (beasts, pots,
pools, stakes too large for the C keeper), and through matches, whose stakes go from hand to hand.
``reversis.settle(hand)`` runs on the core where the core plays.

The tests skip when the core is not built, unless ``REVERSIS_REQUIRE_CORE=1``.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from compare import PROFILES, compiled_core
from helpers import seeded, sized
from reversis import new_match, settle
from reversis._core.settle_lower import SCORING, lower_settlement
from reversis.dealing import seeded_deal
from reversis.engine.deal import Deal
from reversis.errors import ProfileError, StakesError
from reversis.games import game_of
from reversis.games.payments import Settlement
from reversis.hand import state_of
from reversis.profile import Profile

core = compiled_core()

#: Hands per shipped profile, settled at every step.
HANDS = sized(500, 20_000)
#: House profiles, a few hands each.
HOUSE = sized(60, 1_500)
#: Matches per shipped profile.
MATCHES = sized(4, 40)


def same_settlement(state: Any, where: str = "") -> Settlement:
    """The core's settlement of ``state`` is the reference's (and its net ``settle_net``'s);
    ``state`` is the core's, or the reference's (``REVERSIS_ENGINE=python``), replayed on the core."""
    want = game_of(state.deal.profile).settle(state)
    state = core.from_state(state)
    got = core.settle_state(state)
    assert type(got) is Settlement
    assert got.to_dict() == want.to_dict(), where
    assert got == want, where
    assert [type(p.payer) for p in got.payments] == [type(p.payer) for p in want.payments]
    assert [type(p.trick) for p in got.payments] == [type(p.trick) for p in want.payments]
    assert type(got.stakes) is type(want.stakes)
    assert core.settle_nets([state]) == [want.net], where
    return got


def random_stakes(profile: Profile, rng: random.Random) -> dict[str, Any] | None:
    """Stakes of ``profile``'s money, varied: beasts on the sheet, several pots, pools below and
    above their caps; now and then amounts too large for the core's keeper (the reference settles
    them). ``None``: the first hand of a match."""
    if rng.random() < 0.2:
        return None
    big = rng.random() < 0.05
    amount = (lambda: rng.choice([1, 10**12, 10**17])) if big else (lambda: rng.randint(1, 90))
    if profile.mechanism == "basket":
        beasts = [
            {"owner": rng.randrange(profile.players), "amount": amount(), "in_play": False}
            for _ in range(rng.choice([0, 0, 1, 2, 3, 6]))
        ]
        if beasts:
            beasts[rng.randrange(len(beasts))]["in_play"] = True
        return {"basket": rng.choice([0, 4, 20, 57]) if not big else amount(), "beasts": beasts}
    if profile.mechanism == "remise":
        pots = [amount() for _ in range(rng.choice([1, 1, 2, 3, 7]))]
        return {"pots": pots, "cycle_remised": len(pots) > 1 or rng.random() < 0.5}
    if profile.mechanism == "pools":
        return {
            pool.name: rng.choice([0, pool.stake, pool.cap, 3 * pool.stake, 2 * pool.cap + 1])
            if not big else amount()
            for pool in profile.pools
        }  # fmt: skip
    return None


def random_deal(profile: Profile, rng: random.Random) -> Deal:
    """A seeded deal with a random dealer, hand number and stakes."""
    options: dict[str, Any] = {
        "dealer": rng.randrange(profile.players),
        "hand_number": rng.randint(1, 4),
    }
    try:
        return seeded_deal(profile, seed=rng.getrandbits(64), stakes=random_stakes(profile, rng),
                           **options)  # fmt: skip
    except StakesError:
        return seeded_deal(profile, seed=rng.getrandbits(64), **options)


def play_and_settle(deal: Deal, rng: random.Random) -> Any:
    """Play ``deal`` at random on the core, comparing the settlements at every step."""
    state = core.start(deal)
    while True:
        same_settlement(state, f"step {state.step}")
        moves = core.legal_moves(state)
        if not moves:
            return state
        state = core.apply(state, moves[int(rng.random() * len(moves))])


# -- every shipped profile ------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_the_core_settles_every_shipped_profile_as_the_reference(name: str) -> None:
    profile = PROFILES[name]
    assert lower_settlement(profile).scoring != SCORING["fallback"]  # all settled in C
    rng = random.Random(f"settle-{name}")
    for _ in range(HANDS):
        play_and_settle(random_deal(profile, rng), rng)


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_settle_of_a_hand_is_the_cores_where_the_core_plays(name: str) -> None:
    """``reversis.settle(hand)``: the core's settlement on the core (equal to the reference's)."""
    from reversis import new_hand

    profile = PROFILES[name]
    rng = random.Random(name)
    hand = new_hand(profile, seed=3)
    while True:
        result = settle(hand)
        assert result == game_of(profile).settle(state_of(hand))
        assert settle(hand) is result  # kept with the hand
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert result.final


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_matches_carry_the_cores_stakes_from_hand_to_hand(name: str) -> None:
    profile = PROFILES[name]
    rng = random.Random(f"match-{name}")
    for m in range(MATCHES):
        match = new_match(profile, seed=m)
        for _ in range(12):
            if match.is_over:
                break
            if match.hand is None:
                match = match.start_hand()
            hand = match.hand
            assert hand is not None
            while not hand.is_over:
                same_settlement(state_of(hand))
                hand = hand.apply(rng.choice(hand.legal_moves()))
            same_settlement(state_of(hand))
            match = match.finish_hand(hand)


# -- house profiles -------------------------------------------------------------------------------


def _some(draw: st.DrawFn, values: list[str]) -> list[str]:
    return draw(st.lists(st.sampled_from(values), unique=True, max_size=len(values)))


@st.composite
def house_profiles(draw: st.DrawFn) -> Profile:
    """Valid changes to the shipped profiles' scoring and money."""
    base = PROFILES[draw(st.sampled_from(sorted(PROFILES)))]
    changes: dict[str, Any] = {"name": "house-settle"}
    amount = st.integers(0, 60)
    if base.reversis is not None:
        tricks = base.tricks
        undo = ["all", "others-pools"] if base.pools else ["all"]
        changes["reversis"] = {
            "commit": draw(st.integers(1, tricks - 1)),
            "end_on_break": draw(st.booleans()),
            "undo": draw(st.sampled_from(undo)),
            "final_tricks_pay": draw(st.booleans()),
            "made": draw(amount),
            "made_opposite": draw(amount),
            "broken": draw(amount),
            "broken_by_quinola": draw(amount),
        }
        failures = ["loses-party", "repays-double", "returns-placed"]
        failures += ["returns-pot"] if base.remise is not None else []
        failures += ["repays-pools"] if base.pools else []
        if base.privilege is not None or draw(st.booleans()):
            cards = draw(st.lists(st.sampled_from([c.code for c in base.deck]), min_size=1,
                                  max_size=4, unique=True))  # fmt: skip
            changes["privilege"] = {
                "name": "house",
                "cards": cards,
                "needed": draw(st.integers(len(cards) // 2 + 1, len(cards))),
                "last_trick": draw(st.integers(1, tricks)),
                "success": draw(st.sampled_from(["ordinary", "wins-party"])),
                "failure": _some(draw, failures),
                "pays_reversis_alone": draw(st.booleans()),
            }
        changes["money"] = {
            "claim_led": draw(st.booleans()),
            "bonne_tricks": draw(st.lists(st.integers(1, tricks), unique=True, max_size=3)),
            "opposite_doubles": _some(draw, ["cards", "party"]),
            "pot_reason": draw(st.sampled_from(["pot", "party"])),
        }
        if base.remise is not None:
            changes["remise"] = {"led_quinola_remise": draw(st.booleans())}
        if base.pools:
            changes["pools"] = [
                {**attrs.asdict(p), "cap": draw(st.integers(1, 3 * p.stake))} for p in base.pools
            ]
        if draw(st.booleans()):
            specials = [attrs.asdict(s) for s in base.specials]
            for special in specials:
                for key in ("placed", "forced", "forced_others", "led", "led_others"):
                    special[key] = draw(st.integers(0, 12))
                if special["name"] == "quinola" and draw(st.booleans()):
                    special["cards"] = [draw(st.sampled_from([c.code for c in base.deck]))]
            changes["specials"] = specials
    elif base.hearts is not None:
        changes["hearts"] = {
            "moon": draw(st.sampled_from(["others", "self", "off"])),
            "avoid_all_tricks_bonus": draw(st.booleans()),
            "no_trick_points": draw(st.integers(-10, 10)),
            "pass_cards": draw(st.booleans()),
        }
    elif base.tetka is not None:
        keys = ("queen", "tetka", "bum_card", "bum_trick", "last_trick", "most_tricks")
        changes["tetka"] = {key: draw(st.integers(-3, 5)) for key in keys}
    elif base.reunion is not None:
        changes["reunion"] = {
            "left_bower_payment": draw(st.integers(0, 9)),
            "no_trick_payment": draw(st.integers(0, 9)),
            "ten_high": draw(st.booleans()),
        }
    try:
        return base.evolve(**changes)
    except ProfileError:
        assume(False)
        raise


@seeded(HOUSE)
@given(profile=house_profiles(), seed=st.integers(0, 2**32))
def test_the_core_settles_house_profiles_as_the_reference(profile: Profile, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(4):
        play_and_settle(random_deal(profile, rng), rng)


# -- the core's bounds: what it gives to the reference --------------------------------------------


def test_stakes_too_large_for_the_core_are_settled_as_the_reference() -> None:
    rng = random.Random(8)
    for name, stakes in [
        ("fournier-1785", {"basket": 10**18, "beasts": []}),
        ("fournier-1785", {"basket": 3, "beasts": [
            {"owner": i % 4, "amount": 5, "in_play": i == 299} for i in range(300)]}),
        ("english", {"pots": [10**18 - 1] * 3, "cycle_remised": True}),
        ("english", {"pots": [7] * 400, "cycle_remised": True}),
        ("hoyle", {"great": 10**18, "little": 0}),
    ]:  # fmt: skip
        profile = PROFILES[name]
        for seed in range(30):
            play_and_settle(seeded_deal(profile, seed=seed, stakes=stakes), rng)


def test_settle_state_takes_core_states_only() -> None:
    from reversis.engine import play as reference

    deal = seeded_deal(PROFILES["fournier-1785"], seed=1)
    with pytest.raises(TypeError):
        core.settle_state(reference.start(deal))
    with pytest.raises(TypeError):
        core.settle_state(None)
    with pytest.raises(TypeError):
        core.settle_nets([None])


# -- the payments made on first read ---------------------------------------------------------------

#: Every way of reading a settlement: each is tried on a fresh one from the core, whose payments
#: are not made yet, and must give what it gives on the reference's.
READS: dict[str, Any] = {
    "==": lambda s, want: s == want,
    "== (reflected)": lambda s, want: want == s,
    "!=": lambda s, want: (s != want) is False,
    "hash": lambda s, want: hash(s) == hash(want),
    "repr": lambda s, want: repr(s) == repr(want),
    "payments": lambda s, want: s.payments == want.payments and s.payments is s.payments,
    "len": lambda s, want: len(s.payments) == len(want.payments),
    "net first": lambda s, want: (
        (s.net, s.stakes, s.final, s.payments) == (want.net, want.stakes, want.final, want.payments)
    ),
    "to_dict": lambda s, want: s.to_dict() == want.to_dict(),
    "to_json": lambda s, want: s.to_json() == want.to_json(),
    "paid_by": lambda s, want: s.paid_by(0) == want.paid_by(0),
    "received_by": lambda s, want: s.received_by(1) == want.received_by(1),
    "pickle": lambda s, want: pickle.loads(pickle.dumps(s)) == want,
    "copy": lambda s, want: copy.copy(s) == want,
    "deepcopy": lambda s, want: copy.deepcopy(s) == want,
    "evolve": lambda s, want: attrs.evolve(s) == want,
    "astuple": lambda s, want: attrs.astuple(s) == attrs.astuple(want),
    "getattr": lambda s, want: getattr(s, "pay" + "ments") == want.payments,
    "no __dict__": lambda s, want: not hasattr(s, "__dict__"),
}


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_a_settlement_whose_payments_are_not_made_yet_is_the_same_value(name: str) -> None:
    """The core's settlement makes its payments when they are first read (from its C result): read
    every way, first, it is the reference's value; its payments are then kept; it stays frozen,
    and a missing attribute is the usual AttributeError."""
    profile = PROFILES[name]
    rng = random.Random(f"lazy-{name}")
    reads = 0
    for _ in range(sized(10, 100)):
        state = core.start(random_deal(profile, rng))
        for _ in range(rng.randrange(120)):
            moves = core.legal_moves(state)
            if not moves:
                break
            state = core.apply(state, moves[int(rng.random() * len(moves))])
        want = game_of(profile).settle(state)
        for what, read in READS.items():
            assert read(core.settle_state(state), want), what
            reads += 1
        fresh = core.settle_state(state)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            fresh.payments = ()  # type: ignore[misc]
        with pytest.raises(AttributeError, match="no attribute 'paymets'"):
            fresh.paymets  # type: ignore[attr-defined]  # noqa: B018
        assert fresh.payments == want.payments
        assert getattr(fresh, "_source", None) is None  # nothing kept but the payments
    assert reads == len(READS) * sized(10, 100)


def test_a_settlement_made_around_its_constructor_has_no_payments() -> None:
    """A Settlement with nothing in its slots (made by ``__new__``) has no payments: an
    AttributeError, as for any unset attribute, not a crash."""
    empty = Settlement.__new__(Settlement)
    with pytest.raises(AttributeError, match="payments"):
        empty.payments  # noqa: B018
    with pytest.raises(AttributeError):
        empty.net  # noqa: B018
    with pytest.raises(TypeError):
        core.PaymentsSource()


# -- a bug of the reference found while transcribing it -------------------------------------------


def test_a_privilege_that_does_not_pay_the_reversis_alone_pays_its_share() -> None:
    """fournier-1785 §11 with ``privilege.pays_reversis_alone = false``: a made reversis is paid
    by each other seat, the privilege's user too, on both engines (failed before: the reference
    ignored the flag)."""
    from reversis.engine import play as reference

    profile = PROFILES["fournier-1785"].evolve(
        name="house-shares", privilege={"pays_reversis_alone": False}
    )
    state = reference.start(seeded_deal(profile, seed=1))
    while state.to_move >= 0:
        state = reference.apply(state, reference.legal_moves(state)[0])
    # seat 2 took every trick (a reversis made) and seat 1 used the privilege on trick 3
    rev, privileged = 2, 1
    state = state._replace(
        tricks=tuple(trick._replace(winner=rev) for trick in state.tricks),
        extra=state.extra._replace(committed=rev, breaker=-1, privilege=privileged,
                                   privilege_used=3),
    )  # fmt: skip
    made = [p for p in game_of(profile).settle(state).payments if p.reason == "reversis_made"]
    assert sorted(p.payer for p in made) == [0, 1, 3]  # each other seat pays its own share
