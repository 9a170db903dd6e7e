"""reversis.bots.search: ISMCTS plays legal moves in every profile and phase, is deterministic with a
seed and an iteration budget, honours a time budget, sees only its view, and checks its budgets.

Run under both engines (``REVERSIS_ENGINE=python`` runs the reference search); on the compiled core
the search of a play runs in C (reversis._core.search), checked here against hostile arguments too.
"""

from __future__ import annotations

import random
import time

import pytest

import reversis
from helpers import deal
from reversis import Decline
from reversis._core import engine_name
from reversis.bots import ISMCTSBot, make_bot
from reversis.bots.players import BOT_NAMES, CautiousBot, play_hand
from reversis.bots.search import DECLINE_CODE, MAX_ITERATIONS, move_code
from reversis.errors import ArgumentError
from reversis.worlds.plan import lower_plan
from reversis.worlds.sampler import core_plan, view_plan

PROFILES = list(reversis.available_profiles())

# Seat 1 (eldest) leads in fournier-1785; seat 0 deals. The pack has no tens.
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C JC QC KC AC",
    "2D 3D 4D 5D 6D 2H 3H 4H JH 2S AS",
    "7D 8D 9D 5H 6H 7H 8H 3S 4S 5S 6S",
    "JD QD KD AD 9H QH KH AH 7S 8S 9S",
]
# Seats 2 and 3 swap three cards: seat 1 (and seat 0) cannot tell the two deals apart.
SWAPPED = [
    HANDS[0],
    HANDS[1],
    "JD QD KD 5H 6H 7H 8H 3S 4S 5S 6S",
    "7D 8D 9D AD 9H QH KH AH 7S 8S 9S",
]
WIDOW = "JS QS KS"


def _phases(profile: str, seed: int) -> dict[reversis.Phase, reversis.Hand]:
    """A hand of ``profile`` at the first position of each phase it goes through (cautious play)."""
    hand = reversis.new_hand(profile, seed=seed)
    found: dict[reversis.Phase, reversis.Hand] = {}
    bot = CautiousBot()
    while not hand.is_over:
        found.setdefault(hand.phase, hand)
        hand = hand.apply(bot(hand.view(hand.to_move)))  # type: ignore[arg-type]
    return found


@pytest.mark.parametrize("profile", PROFILES)
def test_ismcts_plays_legal_moves_in_every_profile_and_phase(profile: str) -> None:
    for seed in (1, 2):
        for phase, hand in _phases(profile, seed).items():
            seat = hand.to_move
            assert seat is not None
            move = ISMCTSBot(random.Random(seed), iterations=30)(hand.view(seat))
            assert move in hand.legal_moves(), (phase, move)


@pytest.mark.parametrize("profile", ["fournier-1785", "hearts", "tetka"])
def test_ismcts_plays_whole_hands(profile: str) -> None:
    hand = reversis.new_hand(profile, seed=9)
    bots = [ISMCTSBot(random.Random(s), iterations=20) for s in range(hand.players)]
    assert play_hand(hand, bots).is_over  # play_hand raises on an illegal move


def test_ismcts_is_deterministic_with_a_seed_and_iterations() -> None:
    def run(seed: int) -> tuple[reversis.Move, ...]:
        bots = [ISMCTSBot(random.Random(seed + s), iterations=12) for s in range(4)]
        return play_hand(reversis.new_hand("hearts", seed=11), bots).moves

    first = run(1)
    assert run(1) == first
    # the seed matters somewhere in the hand (a test that could not fail otherwise)
    assert any(run(seed) != first for seed in (2, 3, 4))


def test_ismcts_single_move_needs_no_search() -> None:
    hand = reversis.new_hand("fournier-1785", seed=4)
    rng = random.Random(0)
    while len(hand.legal_moves()) != 1:
        hand = hand.apply(rng.choice(hand.legal_moves()))
    bot = ISMCTSBot(random.Random(0), iterations=10)
    state = bot.rng.getstate()
    assert bot(hand.view(hand.to_move)) == hand.legal_moves()[0]  # type: ignore[arg-type]
    assert bot.rng.getstate() == state


@pytest.mark.parametrize("profile", ["fournier-1785", "hearts"])
def test_ismcts_millis_budget_is_honoured(profile: str) -> None:
    """A 50 ms budget returns well within 50 ms plus a generous margin (the first move of a view
    reads its worlds' plan; one iteration may run over), in the steps before play and in play."""
    for hand in _phases(profile, 3).values():
        seat = hand.to_move
        assert seat is not None
        view = hand.view(seat)
        bot = ISMCTSBot(random.Random(0), iterations=None, millis=50)
        start = time.perf_counter()
        move = bot(view)
        elapsed = time.perf_counter() - start
        assert move in hand.legal_moves()
        assert elapsed < 0.050 + 1.0


def test_ismcts_iterations_cap_a_time_budget() -> None:
    """With both budgets, the first to end stops the search: 5 iterations, an hour allowed."""
    hand = reversis.new_hand("hearts", seed=5)
    while hand.phase is not reversis.Phase.PLAY:
        hand = hand.apply(hand.legal_moves()[0])
    start = time.perf_counter()
    ISMCTSBot(random.Random(0), iterations=5, millis=3_600_000)(hand.view(hand.to_move))  # type: ignore[arg-type]
    assert time.perf_counter() - start < 30


def _same_view_two_deals() -> tuple[reversis.Hand, reversis.Hand]:
    a = deal("fournier-1785", HANDS, WIDOW)
    b = deal("fournier-1785", SWAPPED, WIDOW)
    assert a.view(1) == b.view(1)
    assert a.hands != b.hands
    return a, b


def test_ismcts_sees_only_its_view_in_the_exchange() -> None:
    a, b = _same_view_two_deals()
    assert a.phase is reversis.Phase.EXCHANGE
    assert a.to_move == 1
    for seed in range(4):
        move_a = ISMCTSBot(random.Random(seed), iterations=60)(a.view(1))
        move_b = ISMCTSBot(random.Random(seed), iterations=60)(b.view(1))
        assert move_a == move_b


def test_ismcts_sees_only_its_view_in_play() -> None:
    a, b = _same_view_two_deals()
    while a.phase is reversis.Phase.EXCHANGE:  # all decline, the dealer's discard from seat 0's
        legal = a.legal_moves()
        step = Decline() if Decline() in legal else legal[0]
        a, b = a.apply(step), b.apply(step)
    assert a.to_move == b.to_move == 1
    move = ISMCTSBot(random.Random(0), iterations=200)(a.view(1))
    assert move == ISMCTSBot(random.Random(0), iterations=200)(b.view(1))
    # a trick and a lead that the swapped cards do not change, then seat 1 follows
    for code in "2H 5H 9H 3C 7S 4C".split():
        play = reversis.Play(reversis.Card.parse(code))
        a, b = a.apply(play), b.apply(play)
    seat = a.to_move
    assert seat is not None
    assert a.view(seat) == b.view(seat)
    if engine_name() == "compiled":  # the search in C: the core draws the worlds of this view
        assert core_plan(a.view(seat))[1] or lower_plan(view_plan(a.view(seat)))
    assert a.hands != b.hands
    moves = set()
    for seed in range(6):
        move_a = ISMCTSBot(random.Random(seed), iterations=300)(a.view(seat))
        move_b = ISMCTSBot(random.Random(seed), iterations=300)(b.view(seat))
        assert move_a == move_b
        moves.add(move_a)
    assert moves <= set(a.legal_moves())


def test_ismcts_budgets_are_checked() -> None:
    rng = random.Random(0)
    with pytest.raises(ArgumentError, match="budget"):
        ISMCTSBot(rng, iterations=None)
    for bad in (0, -1, MAX_ITERATIONS + 1, 2.5, True, "10"):
        with pytest.raises(ArgumentError, match="iterations"):
            ISMCTSBot(rng, iterations=bad)  # type: ignore[arg-type]
    for bad_millis in (0, -5, float("nan"), float("inf"), "5", True):
        with pytest.raises(ArgumentError, match="millis"):
            ISMCTSBot(rng, iterations=None, millis=bad_millis)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="exploration"):
        ISMCTSBot(rng, exploration=-1)
    with pytest.raises(ArgumentError, match="epsilon"):
        ISMCTSBot(rng, epsilon=1.5)
    with pytest.raises(ArgumentError, match="rng"):
        ISMCTSBot(7)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="profile"):
        ISMCTSBot(rng, profile="hearts")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="HandView"):
        ISMCTSBot(rng)(reversis.new_hand("hearts", seed=1))  # type: ignore[arg-type]


def test_make_bot_ismcts() -> None:
    assert "ismcts" in BOT_NAMES
    bot = make_bot("ismcts", 1, iterations=25)
    assert isinstance(bot, ISMCTSBot)
    assert bot.iterations == 25
    timed = make_bot("ismcts", 1, millis=20, iterations=None)
    assert isinstance(timed, ISMCTSBot)
    assert timed.millis == 20
    with pytest.raises(ArgumentError, match="iterations"):
        make_bot("ismcts", 1, iterations=0)
    with pytest.raises(ArgumentError, match="millis"):
        make_bot("ismcts", 1, millis=-1)


def test_move_codes() -> None:
    hand = deal("fournier-1785", HANDS, WIDOW)
    codes = [move_code(m) for m in hand.legal_moves()]
    assert len(set(codes)) == len(codes)
    assert move_code(Decline()) == DECLINE_CODE == 64
    assert all(
        0 <= c < 64 for m, c in zip(hand.legal_moves(), codes, strict=True) if m != Decline()
    )


@pytest.mark.skipif(engine_name() != "compiled", reason="the compiled search")
def test_core_search_checks_every_argument() -> None:
    from reversis._core import search as core
    from reversis.bots.playouts import danger_table

    a = reversis.new_hand("fournier-1785", seed=3)
    while a.phase is not reversis.Phase.PLAY:
        a = a.apply(a.legal_moves()[-1])
    a = a.apply(a.legal_moves()[0])  # the core draws the worlds of a view once a card is played
    view = a.view(a.to_move)  # type: ignore[arg-type]
    profile, plan = core_plan(view)
    plan = plan or lower_plan(view_plan(view))
    assert plan is not None
    table = danger_table(profile)
    good = {
        "plan": plan,
        "iterations": 50,
        "millis": None,
        "seed": 7,
        "attempts": 200,
        "danger": table,
        "low": -84,
        "high": 120,
        "exploration": 0.7,
        "epsilon": 0.0,
    }
    code, done, after = core.search(**good)
    assert done == 50
    assert 0 <= code < 64
    assert 0 <= after < 2**64
    assert core.search(**good) == (code, done, after)
    assert core.MAX_ITERATIONS == MAX_ITERATIONS
    bad: list[tuple[str, object]] = [
        ("plan", None),
        ("plan", object()),
        ("iterations", 0),
        ("iterations", MAX_ITERATIONS + 1),
        ("iterations", 2**64),
        ("iterations", 1.0),
        ("millis", 0),
        ("millis", -1.0),
        ("millis", float("nan")),
        ("millis", 10.0**30),
        ("seed", -1),
        ("seed", 2**64),
        ("attempts", 0),
        ("attempts", 2**31),
        ("danger", table[:63]),
        ("danger", (-1,) * 64),
        ("danger", [0] * 64),
        ("low", 120),
        ("low", 2**63),
        ("high", "x"),
        ("exploration", -0.1),
        ("exploration", float("inf")),
        ("epsilon", 2.0),
        ("epsilon", None),
    ]
    for name, value in bad:
        with pytest.raises(ArgumentError):
            core.search(**{**good, name: value})
    with pytest.raises(ArgumentError, match="budget"):
        core.search(**{**good, "iterations": None})


@pytest.mark.skipif(engine_name() != "compiled", reason="the compiled search")
def test_core_search_of_worlds_drawn_beforehand() -> None:
    """In the steps before play the core does not draw the worlds: the bot draws some in Python
    and the search in C takes one of them for each iteration; the tuple is checked."""
    from reversis._core import search as core
    from reversis.bots.playouts import danger_table
    from reversis.hand import state_of
    from reversis.worlds.plan import Draws, draw_world

    a, _ = _same_view_two_deals()
    view = a.view(1)
    profile, plan = core_plan(view)
    assert plan is None
    assert lower_plan(view_plan(view)) is None
    draws = Draws(5)
    worlds = tuple(state_of(draw_world(view_plan(view), None, draws, 200)) for _ in range(8))
    args = (30, None, 9, 200, danger_table(profile), -84, 120, 0.7, 0.1)
    code, done, _ = core.search(worlds, *args)
    assert done == 30
    assert code in {move_code(m) for m in a.legal_moves()}
    assert core.search(worlds, *args)[0] == code
    later = a.apply(a.legal_moves()[0])  # seat 2 to move: not the view's worlds
    for bad in ((), (None,), (worlds[0],) * (core.MAX_WORLDS + 1), (*worlds, state_of(later))):
        with pytest.raises(ArgumentError, match="worlds"):
            core.search(bad, *args)


def _position(profile: str, seed: int, cards: int) -> reversis.Hand:
    """The hand of ``profile`` dealt at ``seed`` once cautious bots have played ``cards`` cards
    and the seat to move has a choice."""
    hand = reversis.new_hand(profile, seed=seed)
    bot = CautiousBot(random.Random(seed))
    played = 0
    while played < cards or len(hand.legal_moves()) < 2:
        if hand.phase is reversis.Phase.PLAY:
            played += 1
        hand = hand.apply(bot(hand.view(hand.to_move)))  # type: ignore[arg-type]
    return hand


def _play_positions() -> list[reversis.Hand]:
    """Positions in play with a choice, in profiles whose money moves far apart in size."""
    return [
        _position(*where)
        for where in (
            ("hearts", 3, 5),
            ("hearts", 8, 17),
            ("fournier-1785", 3, 6),
            ("fournier-1785", 9, 21),
            ("reunion", 4, 7),
            ("tetka", 2, 9),
        )
    ]


def _wider(low: int, high: int) -> tuple[int, int]:
    """Bounds four times as wide around the same money: each reward ``r`` becomes ``r / 4 + 1/2``."""
    span = high - low
    return low - 2 * span, high + span


@pytest.mark.skipif(engine_name() != "compiled", reason="the compiled search")
def test_core_search_is_the_same_whatever_the_rewards_scale() -> None:
    """The exploration counts in the spread of the rewards seen: the bounds that normalise the
    money (the profile's, or four times as wide) change the rewards' scale and offset, not one
    choice of the search (with a constant in reward units, wider bounds explore four times as
    much, and moves change)."""
    from reversis._core import search as core
    from reversis.bots.playouts import danger_table
    from reversis.games import net_bounds

    for hand in _play_positions():
        view = hand.view(hand.to_move)  # type: ignore[arg-type]
        profile, plan = core_plan(view)
        plan = plan or lower_plan(view_plan(view))
        assert plan is not None
        low, high = net_bounds(profile)
        for seed in (1, 2, 3):
            args = (plan, 400, None, seed, 200, danger_table(profile))
            same = core.search(*args, low, high, 0.7, 0.0)
            assert core.search(*args, *_wider(low, high), 0.7, 0.0) == same, (profile.name, seed)


def test_reference_search_is_the_same_whatever_the_rewards_scale() -> None:
    """The reference search in Python, likewise (on either engine)."""
    from reversis.bots.playouts import danger_table
    from reversis.bots.search import _search, playout_epsilon
    from reversis.games import net_bounds

    for hand in _play_positions()[::2]:
        view = hand.view(hand.to_move)  # type: ignore[arg-type]
        profile, _ = core_plan(view)
        plan = view_plan(view)
        bounds = net_bounds(profile)
        bot = ISMCTSBot(random.Random(0), iterations=150)
        for seed in (1, 2):
            table, epsilon = danger_table(profile), playout_epsilon(profile)
            same = _search(bot, plan, view.legal_moves, seed, bounds, table, epsilon)
            wide = _search(bot, plan, view.legal_moves, seed, _wider(*bounds), table, epsilon)
            assert wide == same, (profile.name, seed)


def test_playout_epsilon_is_random_play_where_the_most_points_win() -> None:
    """reunion §8: card points are won, and the cautious rules (duck, shed the costliest card)
    would give them away, so the search's playouts play at random there; the cautious rules with
    a random play in ten in every game of avoiding tricks and penalty cards."""
    from reversis.bots.search import playout_epsilon

    expected = dict.fromkeys(reversis.available_profiles(), 0.1)
    expected["reunion"] = 1.0
    assert {name: playout_epsilon(reversis.load_profile(name)) for name in expected} == expected


def _reunion_views() -> list[reversis.views.HandView]:
    """Réunion's positions in play with a choice, after a few cautious plays."""
    hands = [_position("reunion", seed, 2 + seed) for seed in range(6)]
    return [hand.view(hand.to_move) for hand in hands]  # type: ignore[arg-type]


def test_default_epsilon_is_the_profiles_own() -> None:
    """Without an ``epsilon`` the search plays out as :func:`playout_epsilon` says: in Réunion
    the same choices as ``epsilon=1`` and not those of ``epsilon=0`` (the cautious playouts),
    in Hearts those of ``epsilon=0.1`` and not those of ``epsilon=0``; on either engine."""

    def choices(epsilon: float | None, views: list[reversis.views.HandView]) -> list[object]:
        return [
            ISMCTSBot(random.Random(seed), iterations=300, epsilon=epsilon)(view)
            for seed, view in enumerate(views)
        ]

    assert ISMCTSBot().epsilon is None
    reunion = _reunion_views()
    default = choices(None, reunion)
    assert default == choices(1.0, reunion)
    assert default != choices(0.0, reunion)
    hearts = [h.view(h.to_move) for h in _play_positions() if h.profile.name == "hearts"]  # type: ignore[arg-type]
    assert choices(None, hearts) == choices(0.1, hearts)
    assert choices(None, hearts) != choices(0.0, hearts)
