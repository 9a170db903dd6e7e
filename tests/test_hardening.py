"""Hardening: every match ends, every bad input gets a typed error, and what the library writes it
reads back (JSON, TOML and text records), for the shipped profiles and for house profiles."""

from __future__ import annotations

import contextlib
import json
import os
import random
import tempfile
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reversis
from reversis.games.reversis.outcome import party_outcome
import reversis.profile.stakes
import reversis.testing
from conftest import SCALE
from helpers import random_moves
from reversis import (
    ArgumentError,
    BasketStakes,
    Beast,
    Card,
    DealError,
    Decline,
    Hand,
    HandView,
    InvalidCardError,
    Match,
    MatchError,
    MatchPhase,
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
from reversis.bots import CautiousBot, RandomBot, play_hand

PROFILES = {name: load_profile(name) for name in reversis.available_profiles()}
FOURNIER = ("fournier-1785", "fournier-1785-3p")


# ---------------------------------------------------------------------------------------------
# Every match ends (fournier-1785 §12)
# ---------------------------------------------------------------------------------------------


def _play_match(match: Match, bots: list[Any], choice: str) -> Match:
    """Play ``match`` to its end, the deciders always choosing ``choice``."""
    start = sum(match.bankrolls) + match.stakes.pool_total
    hands = 0
    while not match.is_over:
        if match.phase is MatchPhase.DECIDING:
            for seat in match.deciders:
                if match.phase is MatchPhase.DECIDING:
                    match = match.choose(seat, choice)
            continue
        match = match.start_hand()
        assert match.hand is not None
        match = match.finish_hand(play_hand(match.hand, bots))
        hands += 1
        # counters are conserved: bankrolls plus the table's counters (beasts are debts)
        assert sum(match.bankrolls) + match.stakes.pool_total == start
        assert hands <= match.total_hands + match.continue_hands
    assert sum(match.bankrolls) == start
    assert match.stakes.pool_total == 0
    return match


@pytest.mark.parametrize("name", FOURNIER)
@pytest.mark.parametrize("bot", [RandomBot, CautiousBot])
def test_matches_that_continue_always_end(name: str, bot: type) -> None:
    # fournier-1785 §12 [decision; profile flag continue_rounds]: the continuing phase lasts at
    # most 2 more rounds; then what is still on the table is shared and the match is over.
    profile = PROFILES[name]
    count = 200 * SCALE if os.environ.get("CI_FULL") == "1" else 3
    shared = 0
    for k in range(count):
        bots = [bot(random.Random(1000 * k + seat)) for seat in range(profile.players)]
        done = _play_match(new_match(profile, seed=k), bots, "continue")
        assert done.is_over
        assert done.hands_played <= done.total_hands + done.continue_hands
        shared += bool(done.final_payments)
    assert shared <= count


def test_continuing_is_bounded_and_then_shares() -> None:
    profile = PROFILES["fournier-1785"].evolve(match={"rounds": 1, "continue_rounds": 1})
    match = new_match(profile, seed=5, dealer=0)
    # a table that keeps a beast whatever happens: only random bots that never clear it
    at_end = attrs.evolve(
        match,
        bankrolls=(90, 100, 100, 100),
        stakes=BasketStakes(10, (Beast(1, 30, True),)),
        hands_played=4,
    )._after_hand()
    assert at_end.deciders == (0,)
    going = at_end.choose(0, "continue")
    assert going.phase is MatchPhase.CONTINUING
    assert going.continue_hands == 4
    bots = [RandomBot(random.Random(seat)) for seat in range(4)]
    for _ in range(4):
        if going.is_over:
            break
        going = going.start_hand()
        assert going.antes == ()  # fournier-1785 §12: no antes while continuing
        assert going.hand is not None
        going = going.finish_hand(play_hand(going.hand, bots))
    assert going.is_over
    assert going.hands_played <= 8
    assert going.stakes == BasketStakes(0, ())


def test_continue_rounds_zero_shares_at_once() -> None:
    profile = PROFILES["fournier-1785"].evolve(match={"rounds": 1, "continue_rounds": 0})
    at_end = attrs.evolve(
        new_match(profile, seed=5, dealer=0),
        bankrolls=(80, 100, 100, 100),
        stakes=BasketStakes(20, ()),
        hands_played=4,
    )._after_hand()
    done = at_end.choose(0, "continue")
    assert done.is_over
    assert [p.reason for p in done.final_payments] == ["share"] * 4


def test_long_beast_sheets_never_block_a_hand() -> None:
    # no limit of the library may leave a match where nothing is legal: a sheet as long as any
    # match can make still deals a hand and reads back from JSON
    profile = PROFILES["fournier-1785"]
    beasts = tuple(Beast(k % 4, 20 + k, k == 0) for k in range(2_000))
    match = attrs.evolve(new_match(profile, seed=1), stakes=BasketStakes(20, beasts))
    started = match.start_hand()
    assert started.hand is not None
    hand = random_moves(started.hand, 1)
    assert Hand.from_json(hand.to_json()) == hand
    assert records.replay(records.dump(hand)) == hand
    view = started.view(0, hand)
    assert MatchView.from_json(view.to_json()) == view


# ---------------------------------------------------------------------------------------------
# Views from outside
# ---------------------------------------------------------------------------------------------


def _state(name: str, seed: int = 3, steps: int = 30) -> Hand:
    return random_moves(new_hand(PROFILES[name], seed=seed), seed, steps)


def _tampered(data: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    copy = json.loads(json.dumps(data))
    change(copy)
    return copy


VIEW_TAMPERING: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("short card_counts", lambda d: d["card_counts"].pop(), "card_counts"),
    ("players", lambda d: d.__setitem__("players", 5), "players"),
    ("dealer out of range", lambda d: d.__setitem__("dealer", 5), "dealer"),
    ("another profile", lambda d: d.__setitem__("profile", "fournier-1785-3p"), "players"),
    ("seat out of range", lambda d: d.__setitem__("seat", 6), "seat"),
    ("event seat", lambda d: d["events"][0].__setitem__("dealer", 6), "not a seat"),
    ("duplicate card", lambda d: d["hand"].__setitem__(1, d["hand"][0]), "twice|both"),
    ("count not hand", lambda d: d["card_counts"].__setitem__(d["seat"], 3), "card_counts"),
    ("unknown profile", lambda d: d.__setitem__("profile", "chess"), "no shipped profile"),
    ("path", lambda d: d.__setitem__("profile", "../profiles/hoyle"), "no shipped profile"),
    ("net", lambda d: d["net"].__setitem__(0, d["net"][0] + 1), "net"),
    ("trick winner", lambda d: d["tricks"][0].__setitem__("winner", 3), "trick"),
    ("pool names", lambda d: d.__setitem__("stakes_at_start", {"great": 1, "small": 2}), "stakes"),
    ("card of no pack", lambda d: d["hand"].__setitem__(0, "10S"), "pack"),
    ("to_move when over", lambda d: d.__setitem__("phase", "over"), "to move"),
]


@pytest.mark.parametrize(
    ("what", "change", "words"), VIEW_TAMPERING, ids=[t[0] for t in VIEW_TAMPERING]
)
def test_impossible_views_are_refused(what: str, change: Any, words: str) -> None:
    hand = _state("fournier-1785")
    assert hand.tricks, "the state has a completed trick"
    view = hand.view(hand.to_move or 0)
    data = _tampered(view.to_dict(), change)
    with pytest.raises(RecordError, match=words):
        HandView.from_dict(data)


@pytest.mark.parametrize(
    "change",
    [{"players": 5}, {"dealer": 7}, {"seat": 9}, {"profile": "hoyle"}, {"card_counts": (1, 2)}],
)
def test_sample_world_refuses_views_that_do_not_fit_their_profile(change: dict[str, Any]) -> None:
    # a view built by hand is checked too: a typed error, never an IndexError or a KeyError
    view = _state("fournier-1785").view(2)
    with pytest.raises(ReversisError):
        sample_world(attrs.evolve(view, **change), random.Random(1))


def test_sample_world_rejects_hoyle_stakes_of_other_pools() -> None:
    hand = _state("hoyle")
    view = attrs.evolve(hand.view(1), stakes_at_start=reversis.PoolStakes((("pots", 3),)))
    with pytest.raises(RecordError, match="stakes"):
        sample_world(view, random.Random(1))


def test_a_view_never_opens_a_file() -> None:
    with tempfile.TemporaryDirectory() as folder:
        fifo = os.path.join(folder, "fifo")
        os.mkfifo(fifo)
        view = _state("fournier-1785").view(1)
        data = view.to_dict()
        data["profile"] = fifo
        with pytest.raises(RecordError, match="no shipped profile"):
            HandView.from_dict(data)
        with pytest.raises(RecordError, match="no shipped profile"):
            sample_world(attrs.evolve(view, profile=fifo), random.Random(1))
        # load_profile reads files only when asked, and only regular files
        with pytest.raises(ProfileError, match="not a regular file"):
            load_profile(fifo)


def test_a_view_of_a_house_profile_needs_that_profile() -> None:
    house = PROFILES["fournier-1785"].evolve(name="house", points={"pot_bonus": 9})
    view = random_moves(new_hand(house, seed=2), 2, 20).view(1)
    with pytest.raises(RecordError, match="no shipped profile"):
        HandView.from_json(view.to_json())
    assert HandView.from_json(view.to_json(), profile=house) == view
    assert sample_world(view, random.Random(2), profile=house).view(1) == view
    with pytest.raises(RecordError, match="not fournier"):
        sample_world(view, random.Random(2), profile=PROFILES["fournier-1785"])


def test_settlements_read_from_data_are_consistent() -> None:
    hand = random_moves(new_hand(PROFILES["fournier-1785"], seed=4), 4)
    data = settle(hand).to_dict()
    assert Settlement.from_dict(data) == settle(hand)
    assert Settlement.from_dict(data, profile=hand.profile) == settle(hand)
    wrong_net = _tampered(data, lambda d: d["net"].__setitem__(0, d["net"][0] + 5))
    with pytest.raises(RecordError, match="net"):
        Settlement.from_dict(wrong_net)
    to_self = _tampered(
        data, lambda d: d["payments"][0].__setitem__("payee", d["payments"][0]["payer"])
    )
    with pytest.raises(RecordError, match="same"):
        Settlement.from_dict(to_self)
    bad_account = _tampered(data, lambda d: d["payments"][0].__setitem__("payee", "great"))
    with pytest.raises(RecordError, match="account|net"):
        Settlement.from_dict(bad_account, profile=hand.profile)
    seats = _tampered(data, lambda d: d["net"].append(0))
    with pytest.raises(RecordError, match="seats"):
        Settlement.from_dict(seats, profile=hand.profile)


# ---------------------------------------------------------------------------------------------
# What the library writes, it reads back
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 2**70, 2**100])
def test_match_seeds_round_trip(seed: int) -> None:
    match = new_match(PROFILES["fournier-1785"], seed=seed).start_hand()
    assert Match.from_json(match.to_json()) == match
    assert records.replay(records.dump(match)) == match


@pytest.mark.parametrize("seed", ["x", 1.5, 2**200, -5, True, 2**128])
def test_bad_seeds_are_refused_where_they_come_in(seed: Any) -> None:
    profile = PROFILES["fournier-1785"]
    deck = new_hand(profile, seed=1).deal.deck
    with pytest.raises(DealError, match="seed"):
        deal_from_deck(profile, deck, seed=seed)
    with pytest.raises(DealError, match="seed"):
        new_hand(profile, seed=seed)
    with pytest.raises(MatchError, match="seed"):
        new_match(profile, seed=seed if seed != 2**128 else 2**120)


def test_a_seed_must_give_its_pack() -> None:
    profile = PROFILES["fournier-1785"]
    deck = new_hand(profile, seed=1).deal.deck
    assert deal_from_deck(profile, deck, seed=1) == new_hand(profile, seed=1)
    with pytest.raises(DealError, match="does not give this pack"):
        deal_from_deck(profile, deck, seed=2)
    text = records.dump(new_hand(profile, seed=1)).replace('[Seed "1"]', '[Seed "2"]')
    with pytest.raises(RecordError, match="does not give"):
        records.replay(text)


def test_zero_antes_list_no_zero_payment() -> None:
    # english: every ante 0 is allowed; the pots are then empty and pay nothing, and no payment
    # of 0 is listed (the settlement's contract)
    profile = PROFILES["english"].evolve(
        name="free", remise={"ante": 0, "dealer_first_ante": 0, "dealer_ante": 0}
    )
    for seed in range(60):
        hand = random_moves(new_hand(profile, seed=seed), seed)
        result = settle(hand)
        assert all(p.amount > 0 for p in result.payments)
        assert Settlement.from_json(result.to_json(), profile=profile) == result
    match = _play_match(
        new_match(profile, seed=3), [RandomBot(random.Random(s)) for s in range(4)], "share"
    )
    assert all(p.amount > 0 for p in match.final_payments + match.antes)


def test_pool_names_of_other_mechanisms_are_refused() -> None:
    for name in ("pots", "basket", "beasts", "pot", "cycle_remised"):
        with pytest.raises(ProfileError, match="cannot name a pool"):
            PROFILES["hoyle"].evolve(
                pools=[
                    {**attrs.asdict(p), "name": name if i == 0 else p.name}
                    for i, p in enumerate(PROFILES["hoyle"].pools)
                ],
                specials=[
                    {**attrs.asdict(s), "pool": name} if s.pool == "great" else attrs.asdict(s)
                    for s in PROFILES["hoyle"].specials
                ],
                exchange={"three_stakes_pools": [name]},
            )


# House profiles: a strategy of valid changes to the shipped profiles.
_NUMBER = st.integers(0, 10**9)


@st.composite
def house_profiles(draw: st.DrawFn) -> Profile:
    base = PROFILES[draw(st.sampled_from(sorted(n for n in PROFILES if PROFILES[n].reversis)))]
    title = draw(
        st.text(
            st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")),
            min_size=1,
            max_size=30,
        )
    )
    changes: dict[str, Any] = {
        "name": "house-" + draw(st.text("abcdefghij0123456789-_.", min_size=1, max_size=10)),
        "title": title,
        "points": {
            "pot_bonus": draw(_NUMBER),
            "trick": {"A": draw(_NUMBER), "K": draw(_NUMBER), "Q": draw(st.integers(0, 9))},
        },
        "reversis": {
            "made": draw(_NUMBER),
            "broken": draw(_NUMBER),
            "end_on_break": draw(st.booleans()),
        },
        "money": {"claim_led": draw(st.booleans()), "bankroll": draw(_NUMBER)},
        "match": {"rounds": draw(st.integers(1, 3))},
    }
    if base.basket is not None:
        changes["basket"] = {"ante": draw(_NUMBER), "dealer_ante": draw(_NUMBER)}
    if base.remise is not None:
        changes["remise"] = {
            "ante": draw(_NUMBER),
            "dealer_first_ante": draw(_NUMBER),
            "dealer_ante": draw(_NUMBER),
        }
    specials = [attrs.asdict(s) for s in base.specials]
    for special in specials:
        special["placed"] = draw(_NUMBER)
        special["forced"] = draw(_NUMBER)
        special["led"] = draw(_NUMBER)
    changes["specials"] = specials
    return base.evolve(**changes)


@st.composite
def game_profiles(draw: st.DrawFn) -> Profile:
    """House profiles of the games of points: their flags drawn at random."""
    game = draw(st.sampled_from(["hearts", "tetka", "reunion"]))
    name = "house-" + draw(st.text("abcdefghij", min_size=1, max_size=6))
    if game == "hearts":
        flags = {
            key: draw(st.booleans())
            for key in (
                "pass_cards",
                "no_pts_on_first_trick",
                "can_lead_any_club",
                "jd_bonus",
                "avoid_all_tricks_bonus",
                "must_break_hearts",
                "qs_breaks_hearts",
                "can_lead_hearts_instead_of_qs",
            )
        }
        return PROFILES["hearts"].evolve(name=name, hearts=flags)
    if game == "tetka":
        return PROFILES["tetka"].evolve(name=name, tetka={"orbits": draw(st.integers(1, 3))})
    flags = {"ten_high": draw(st.booleans()), "discard_needs_trick": draw(st.booleans())}
    return PROFILES["reunion"].evolve(name=name, reunion=flags)


def _round_trips(profile: Profile, seed: int) -> None:
    assert Profile.from_toml(profile.to_toml()) == profile
    assert Profile.from_json(profile.to_json()) == profile
    rng = random.Random(seed)
    hand = new_hand(profile, seed=seed, dealer=seed % profile.players)
    steps = rng.randrange(60)
    for _ in range(steps):
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(hand.legal_moves()))
    assert Hand.from_json(hand.to_json()) == hand
    assert records.replay(records.dump(hand)) == hand
    result = settle(hand)
    assert Settlement.from_json(result.to_json()) == result
    assert Settlement.from_json(result.to_json(), profile=profile) == result
    for seat in range(profile.players):
        view = hand.view(seat)
        assert HandView.from_json(view.to_json(), profile=profile) == view
    match = new_match(profile, seed=seed).start_hand()
    assert match.hand is not None
    match = match.finish_hand(random_moves(match.hand, seed))
    assert Match.from_json(match.to_json()) == match
    assert records.replay(records.dump(match)) == match
    view = match.view(0)
    assert MatchView.from_json(view.to_json(), profile=profile) == view


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_shipped_profiles_round_trip(name: str) -> None:
    for seed in range(5 * SCALE):
        _round_trips(PROFILES[name], seed)


@settings(
    max_examples=25 * SCALE, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
@given(profile=house_profiles(), seed=st.integers(0, 2**32))
def test_house_profiles_round_trip(profile: Profile, seed: int) -> None:
    _round_trips(profile, seed)


# ---------------------------------------------------------------------------------------------
# Typed errors everywhere
# ---------------------------------------------------------------------------------------------

_HAND = new_hand(PROFILES["fournier-1785"], seed=1)
_MATCH = new_match(PROFILES["fournier-1785"], seed=1)
BAD = [None, 5, -1, 9, 2**200, 1.5, "x", "", [], {}, object(), b"x", True, ("a",), "x" * 5000]
P = PROFILES["fournier-1785"]
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
    "party_outcome": lambda a: party_outcome(
        P, a, (0, 0, 0, 0), (0, 0, 0, 0)
    ),
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


# ---------------------------------------------------------------------------------------------
# Lenient parsing, tightened
# ---------------------------------------------------------------------------------------------


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


def test_shipped_profiles_are_read_once() -> None:
    # Match.to_json of a long match wrote every hand's profile by reading its file again
    assert load_profile("hoyle") is load_profile("hoyle")
    profile = PROFILES["fournier-1785"]
    match = _play_match(
        new_match(profile, seed=1), [RandomBot(random.Random(s)) for s in range(4)], "share"
    )
    text = match.to_json()
    assert Match.from_json(text) == match


@settings(
    max_examples=15 * SCALE, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
@given(profile=game_profiles(), seed=st.integers(0, 2**32))
def test_house_profiles_of_the_point_games_round_trip(profile: Profile, seed: int) -> None:
    _round_trips(profile, seed)
